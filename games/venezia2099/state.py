"""The frozen state of a Venezia 2099 match, its options, its one-line text form and its codec.

Everything is tuples, ints, enums and frozen dataclasses, so a state is hashable and
compares by value; :func:`encode` turns it into JSON-ready data for snapshots in the store
(cards and districts travel as their codes, ``"k5"``, platforms as None, enums as their
values; the format carries a ``"v"`` number so a later change can read older snapshots). Squares are indexed
row by row from a1 (``row * size + column``), as in :func:`games.venezia2099.model.square_name`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from games.builders import evolver
from games.core import Seat, options_from_dict, options_to_dict
from games.venezia2099.model import COLOURS, Action, ActionKind, District, Phase, square_name

UNPLACED: Final = -1
"""A figure's square while it waits to be placed at setup."""
LOST: Final = -2
"""A figure's square once it has drowned; it never comes back."""


@dataclass(frozen=True, slots=True)
class Options:
    """Variant flags; the defaults are the decisions of ``shared/rules/venezia2099.md``.

    Attributes:
        rescue_to_platform: a rescued figure may also go to a free platform (V6; default:
            districts only, as the rulebook's text says).
        gondola_move_additional: a gondola move may be made besides the normal move in the
            same turn (V5; default: it replaces the normal move).
    """

    rescue_to_platform: bool = False
    gondola_move_additional: bool = False


@dataclass(frozen=True, slots=True)
class Rescue:
    """A figure in the water waiting for its owner's answer."""

    seat: Seat
    figure: int
    square: int


@dataclass(frozen=True, slots=True)
class State:
    """A whole match. ``tiles[i]`` is None for a floating platform.

    ``figures[seat][n]`` is a square index, :data:`UNPLACED` or :data:`LOST`. Hands are
    sorted lowest first; ``set_aside`` is sorted too (its order carries no information).
    ``moved``/``gondola_moved``/``bought`` are what ``turn`` has done so far this turn.
    ``this_turn`` holds the actions of the turn in progress and ``last_turn`` those of the
    turn before it, so the board can mark the latest action.
    """

    seed: int
    num_players: int
    options: Options
    size: int
    tiles: tuple[District | None, ...]
    sunk: tuple[bool, ...]
    square_coins: tuple[int, ...]
    figures: tuple[tuple[int, ...], ...]
    hands: tuple[tuple[District, ...], ...]
    set_aside: tuple[District, ...]
    played: tuple[tuple[Seat, District], ...]
    coins: tuple[int, ...]
    gondolas: tuple[int, ...]
    treasures: tuple[tuple[int, ...], ...]
    supply: tuple[int, ...]
    coins_lost: int
    gondolas_used: int
    phase: Phase
    turn: Seat
    moved: bool
    gondola_moved: bool
    bought: bool
    rescue: Rescue | None
    ply: int
    this_turn: tuple[Action, ...]
    last_turn: tuple[Action, ...]

    def occupant(self, square: int) -> Seat | None:
        """The seat whose figure stands on ``square``, or None."""
        for seat, squares in enumerate(self.figures):
            if square in squares:
                return seat
        return None

    def is_water(self, square: int) -> bool:
        """Whether ``square`` is a sunk district."""
        return self.sunk[square]

    def square_of(self, district: District) -> int:
        """The square holding ``district``; raises ValueError when it is not on this board."""
        return self.tiles.index(district)

    def __str__(self) -> str:
        """A one-line position, FEN-like; see :func:`position_text`."""
        return position_text(self)


evolve: Final = evolver(State)
"""``evolve(state, field=value, ...)``: ``state`` with those fields changed, as ``dataclasses.replace``
but faster, since a search applies a move at every simulated ply (:func:`games.builders.evolver`)."""


def square_token(state: State, square: int) -> str:
    """One square as text: ``k5``, ``kx``, ``==`` (platform).

    ``~`` comes before a sunk district; ``@<seat>`` follows for a figure and ``$<n>`` for
    coins lying on it.
    """
    tile = state.tiles[square]
    text = "==" if tile is None else tile.code
    if state.sunk[square]:
        text = "~" + text
    occupant = state.occupant(square)
    if occupant is not None:
        text += f"@{occupant}"
    if state.square_coins[square]:
        text += f"${state.square_coins[square]}"
    return text


def board_text(state: State) -> str:
    """The board as rows from the top (row ``size``) down, squares joined by ``,``, rows by ``/``."""
    rows = []
    for row in reversed(range(state.size)):
        rows.append(",".join(square_token(state, row * state.size + col) for col in range(state.size)))
    return "/".join(rows)


def _cards(cards: tuple[District, ...]) -> str:
    return ".".join(card.code for card in cards) or "-"


def position_text(state: State) -> str:
    """The state on one line, fields separated by spaces.

    ``<board> <phase>:<turn>[:m][:g][:b][:r<seat>] hands=<h0>|<h1>.. aside=<cards>
    played=<seat><card>.. coins=<c0>,.. gondolas=.. treasures=<k.p.g.t.r.b>|.. supply=..
    lost=<coins> ply=<n>``. Cards are joined by ``.``; ``-`` is an empty list. The seed is
    not part of it.
    """
    flags = [state.phase.value, str(state.turn)]
    if state.moved:
        flags.append("m")
    if state.gondola_moved:
        flags.append("g")
    if state.bought:
        flags.append("b")
    if state.rescue is not None:
        flags.append(f"r{state.rescue.seat}{square_name(state.rescue.square, state.size)}")
    treasures = "|".join(".".join(str(n) for n in row) for row in state.treasures)
    played = ".".join(f"{seat}{card.code}" for seat, card in state.played) or "-"
    return " ".join(
        (
            board_text(state),
            ":".join(flags),
            "hands=" + "|".join(_cards(hand) for hand in state.hands),
            "aside=" + _cards(state.set_aside),
            "played=" + played,
            "coins=" + ",".join(str(n) for n in state.coins),
            "gondolas=" + ",".join(str(n) for n in state.gondolas),
            "treasures=" + treasures,
            "supply=" + ".".join(str(n) for n in state.supply),
            f"lost={state.coins_lost}",
            f"ply={state.ply}",
        )
    )


def sorted_cards(cards: tuple[District, ...] | list[District]) -> tuple[District, ...]:
    """``cards`` lowest first (X last), ties in colour order."""
    return tuple(sorted(cards, key=lambda card: card.sort_key))


def colour_index(district: District) -> int:
    """The position of the district's colour in :data:`~games.venezia2099.model.COLOURS`."""
    return COLOURS.index(district.colour)


# --- The codec: JSON-ready data for snapshots in the store ---------------------------------

FORMAT: Final = 1


def _card(code: str) -> District:
    return District.from_code(code)


def _cards_from(codes: list[str]) -> tuple[District, ...]:
    return tuple(_card(code) for code in codes)


def _action_to_dict(action: Action) -> dict[str, Any]:
    return {
        "kind": action.kind.value,
        "seat": action.seat,
        "origin": action.origin,
        "target": action.target,
        "district": None if action.district is None else action.district.code,
        "amount": action.amount,
    }


def _action_from_dict(data: Mapping[str, Any]) -> Action:
    district = data["district"]
    return Action(
        ActionKind(data["kind"]),
        int(data["seat"]),
        data["origin"],
        data["target"],
        None if district is None else _card(district),
        int(data["amount"]),
    )


def encode(state: State) -> dict[str, Any]:
    """``state`` as JSON-ready data."""
    rescue = state.rescue
    return {
        "v": FORMAT,
        "seed": state.seed,
        "num_players": state.num_players,
        "options": options_to_dict(state.options),
        "size": state.size,
        "tiles": [None if tile is None else tile.code for tile in state.tiles],
        "sunk": [int(flag) for flag in state.sunk],
        "square_coins": list(state.square_coins),
        "figures": [list(row) for row in state.figures],
        "hands": [[card.code for card in hand] for hand in state.hands],
        "set_aside": [card.code for card in state.set_aside],
        "played": [[seat, card.code] for seat, card in state.played],
        "coins": list(state.coins),
        "gondolas": list(state.gondolas),
        "treasures": [list(row) for row in state.treasures],
        "supply": list(state.supply),
        "coins_lost": state.coins_lost,
        "gondolas_used": state.gondolas_used,
        "phase": state.phase.value,
        "turn": state.turn,
        "moved": state.moved,
        "gondola_moved": state.gondola_moved,
        "bought": state.bought,
        "rescue": None if rescue is None else [rescue.seat, rescue.figure, rescue.square],
        "ply": state.ply,
        "this_turn": [_action_to_dict(action) for action in state.this_turn],
        "last_turn": [_action_to_dict(action) for action in state.last_turn],
    }


def decode(data: Mapping[str, Any]) -> State:
    """The inverse of :func:`encode`."""
    if data.get("v") != FORMAT:
        raise ValueError(f"Unknown Venezia 2099 snapshot format {data.get('v')!r}.")
    rescue = data["rescue"]
    return State(
        seed=int(data["seed"]),
        num_players=int(data["num_players"]),
        options=options_from_dict(Options, data["options"]),
        size=int(data["size"]),
        tiles=tuple(None if code is None else _card(code) for code in data["tiles"]),
        sunk=tuple(bool(flag) for flag in data["sunk"]),
        square_coins=tuple(int(n) for n in data["square_coins"]),
        figures=tuple(tuple(int(square) for square in row) for row in data["figures"]),
        hands=tuple(_cards_from(hand) for hand in data["hands"]),
        set_aside=_cards_from(data["set_aside"]),
        played=tuple((int(seat), _card(code)) for seat, code in data["played"]),
        coins=tuple(int(n) for n in data["coins"]),
        gondolas=tuple(int(n) for n in data["gondolas"]),
        treasures=tuple(tuple(int(n) for n in row) for row in data["treasures"]),
        supply=tuple(int(n) for n in data["supply"]),
        coins_lost=int(data["coins_lost"]),
        gondolas_used=int(data["gondolas_used"]),
        phase=Phase(data["phase"]),
        turn=int(data["turn"]),
        moved=bool(data["moved"]),
        gondola_moved=bool(data["gondola_moved"]),
        bought=bool(data["bought"]),
        rescue=None if rescue is None else Rescue(int(rescue[0]), int(rescue[1]), int(rescue[2])),
        ply=int(data["ply"]),
        this_turn=tuple(_action_from_dict(action) for action in data["this_turn"]),
        last_turn=tuple(_action_from_dict(action) for action in data["last_turn"]),
    )
