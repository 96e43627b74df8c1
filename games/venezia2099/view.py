"""What one seat (or the public) may know of a Venezia 2099 match: the type renderers draw.

Everything on the table is public (rules §10): the board, coins on squares, figures, the
treasure supply, every player's coins, treasures and gondola cards, hand sizes and the
played forecast cards. Hidden: each forecast hand (shown only to its owner) and the cards
set aside at setup (revealed when the game is over). Squares are indexed row by row from
a1 (``row * size + column``); :func:`games.venezia2099.model.square_name` names them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from games.core import Outcome, Seat
from games.venezia2099.model import Colour, District
from games.venezia2099.scoring import Score
from games.venezia2099.state import Action, Options, Phase


class Step(StrEnum):
    """What the seat on turn may still do: the turn's steps, as the board announces them."""

    PLACE = "place"
    MOVE = "move"
    BUY = "buy"
    FORECAST = "forecast"
    RESCUE = "rescue"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class SquareView:
    """One square: its district (None: a floating platform), water, coins, the figure's seat."""

    district: District | None
    sunk: bool
    coins: int
    figure: Seat | None


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat's public holdings; ``treasures`` follows :data:`~games.venezia2099.model.COLOURS`."""

    seat: Seat
    coins: int
    gondolas: int
    treasures: tuple[int, ...]
    hand_size: int
    figures_on_board: int
    figures_lost: int
    figures_to_place: int


@dataclass(frozen=True, slots=True)
class RescueView:
    """The figure in the water on ``square`` whose owner ``seat`` must answer."""

    seat: Seat
    square: int


@dataclass(frozen=True, slots=True)
class Venezia2099View:
    """Exactly what ``viewer`` may know (None: the public, the channel).

    ``hand`` is the viewer's forecast hand, lowest first (None in the public view);
    ``set_aside`` is None until the game is over. ``last_turn`` and ``this_turn`` are the
    actions of the previous turn and of the turn in progress, for marking the last move.
    ``scores`` and ``treasure_values`` are set only at the end.
    """

    viewer: Seat | None
    num_players: int
    size: int
    options: Options
    squares: tuple[SquareView, ...]
    phase: Phase
    step: Step
    turn: Seat
    to_move: frozenset[Seat]
    players: tuple[PlayerView, ...]
    colours: tuple[Colour, ...]
    supply: tuple[int, ...]
    played: tuple[tuple[Seat, District], ...]
    set_aside_count: int
    set_aside: tuple[District, ...] | None
    hand: tuple[District, ...] | None
    rescue: RescueView | None
    last_turn: tuple[Action, ...]
    this_turn: tuple[Action, ...]
    treasure_values: tuple[int, ...] | None
    scores: tuple[Score, ...] | None
    outcome: Outcome | None
    ply: int
