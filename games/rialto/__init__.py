"""Rialto (Stefan Feld, 2013) for 2-5 players, or two players against a neutral player.

Rules: ``shared/rules/rialto.md`` (written from the Russian rulebook in ``shared/seeds``).
"""

from games.rialto.game import GAME, RialtoGame
from games.rialto.model import RialtoOptions
from games.rialto.state import RialtoState
from games.rialto.view import RialtoView

__all__ = ["GAME", "RialtoGame", "RialtoOptions", "RialtoState", "RialtoView"]
