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
from games.venezia2099 import rules
from games.venezia2099.board import figure_squares
from games.venezia2099.model import COLOURS, Action, Colour, District, Phase, Score
from games.venezia2099.scoring import ranked, scores, treasure_values
from games.venezia2099.state import LOST, UNPLACED, Options, State


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


def step_of(state: State) -> Step:
    """The step the seat on turn is at (what it may still do)."""
    if state.phase is Phase.PLACE:
        return Step.PLACE
    if state.phase is Phase.RESCUE:
        return Step.RESCUE
    if state.phase is Phase.OVER:
        return Step.OVER
    if state.bought:
        return Step.FORECAST
    return Step.BUY if state.moved else Step.MOVE


def view_of(state: State, seat: Seat | None) -> Venezia2099View:
    """What ``seat`` (None: the public) may know of ``state``."""
    over = state.phase is Phase.OVER
    # Who stands where, in one pass (``state.occupant`` would scan every figure for every square).
    owners: dict[int, Seat] = {}
    for player, placed in enumerate(state.figures):
        for square in placed:
            owners.setdefault(square, player)
    squares = tuple(
        SquareView(state.tiles[square], state.sunk[square], state.square_coins[square], owners.get(square))
        for square in range(len(state.tiles))
    )
    players = tuple(
        PlayerView(
            seat=player,
            coins=state.coins[player],
            gondolas=state.gondolas[player],
            treasures=state.treasures[player],
            hand_size=len(state.hands[player]),
            figures_on_board=len(figure_squares(state, player)),
            figures_lost=state.figures[player].count(LOST),
            figures_to_place=state.figures[player].count(UNPLACED),
        )
        for player in range(state.num_players)
    )
    tiles = set(state.tiles)
    colours = tuple(colour for colour in COLOURS if District(2, colour) in tiles)
    rescue = state.rescue
    # The final numbers: the treasure values once, the scores from them, the ranks from the scores.
    values = treasure_values(state) if over else None
    table = scores(state, values) if over else None
    return Venezia2099View(
        viewer=seat,
        num_players=state.num_players,
        size=state.size,
        options=state.options,
        squares=squares,
        phase=state.phase,
        step=step_of(state),
        turn=state.turn,
        to_move=rules.to_move(state),
        players=players,
        colours=colours,
        supply=state.supply,
        played=state.played,
        set_aside_count=len(state.set_aside),
        set_aside=state.set_aside if over else None,
        hand=None if seat is None else state.hands[seat],
        rescue=None if rescue is None else RescueView(rescue.seat, rescue.square),
        last_turn=state.last_turn,
        this_turn=state.this_turn,
        treasure_values=values,
        scores=table,
        outcome=None if table is None else ranked(table),
        ply=state.ply,
    )
