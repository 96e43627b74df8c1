"""Pure rules engines, one package per game, and the registry the bot reads.

``REGISTRY`` is the only list of games in the project: the bot, the renderers' dispatch and
the conformance tests iterate over it, so registering a game here is all it takes to offer
it (see "Adding a game" in the README).
"""

from __future__ import annotations

from typing import Final

from games.core import AnyGame
from games.rialto import GAME as RIALTO
from games.twilight import GAME as TWILIGHT
from games.venezia2099 import GAME as VENEZIA2099
from games.volto import GAME as VOLTO

REGISTRY: Final[dict[str, AnyGame]] = {game.key: game for game in (VOLTO, VENEZIA2099, TWILIGHT, RIALTO)}
