"""Rialto's world: card types, buildings, phases, the options, the fixed numbers and the board.

Cards of one type are identical, so hands, piles and rows are counted per type; buildings
are identified by colour letter and value (``G1``..``U4``, ``U`` for blue so that ``B``
stays the Gold card), exactly as in ``shared/rules/rialto.md`` §3.

The board as data (six districts, the twelve connections and the bridge tiles) is the last
part of this module, kept apart from the rules because two parts of it are *not verified*
against a physical board (``shared/rules/rialto.md`` §4.2, §4.3, §13 D1/D2):

- which three district pairs have no connection. The default follows real Venice: the
  three districts on each side of the Grand Canal are all connected, and four real canal
  crossings (CAN–SCR, CAN–SPO, SMA–SPO, SMA–DOR) plus the only completion to a 4-regular
  graph (CAS–SCR, CAS–DOR) cross it;
- the six bridge tiles' values. The default is every pair of distinct values from 3..6,
  which matches the reviewed maximum of 23 and average of 11 per district; the
  alternative ``{3|6 ×3, 4|5 ×3}`` fits those figures too and is an option.

Every rule that uses the topology (district values, gondola districts, the neutral
player's marker) reads it from here, so changing the table changes nothing else.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

CARD_LETTERS: Final = "ABCDEFJ"
"""Card types by index: Doge, Gold, Building, Bridge, Gondola, Councillor, Joker."""
CARD_TYPES: Final = 7
JOKER: Final = 6
ACTION_TYPES: Final = 6
"""Step ``X`` of Phase II (index 0..5) uses card type X."""
COPIES_PER_TYPE: Final = 11
TOTAL_CARDS: Final = CARD_TYPES * COPIES_PER_TYPE

COLOURS: Final = "GYU"
"""Building colours: green (Phase I), yellow (Phase II), blue (Phase III)."""
BUILDING_KINDS: Final = tuple(f"{colour}{value}" for colour in COLOURS for value in range(1, 5))
"""``G1 G2 G3 G4 Y1 .. U4``; a kind's index in this tuple is its supply slot."""
COPIES_PER_BUILDING: Final = 5
TOTAL_BUILDINGS: Final = len(BUILDING_KINDS) * COPIES_PER_BUILDING
BUILDING_LIMIT: Final = 7

COUNCILLORS_PER_COLOUR: Final = 18
COUNCILLOR_COLOURS: Final = 5
START_PERSONAL: Final = 5
START_VP: Final = 3
TOTAL_COINS: Final = 30
ROUNDS: Final = 6
ROW_LENGTH: Final = 6
ROW_DRAW: Final = 2
GREEN_DRAW: Final = 3
HAND_LIMIT: Final = 7
NEUTRAL_DRAW: Final = 7
SIDE_BONUS: Final = 5

START_COINS: Final[dict[int, tuple[int, ...]]] = {
    2: (1, 2),
    3: (1, 2, 3),
    4: (1, 2, 2, 3),
    5: (1, 2, 2, 2, 3),
}
"""Starting coins by seat, clockwise from the first player (§5.1 step 14)."""

START_BUILDINGS: Final = ("G1", "Y1", "U1")


def card_letter(card: int) -> str:
    """``0`` -> ``"A"``."""
    return CARD_LETTERS[card]


def building_value(kind: str) -> int:
    """``"Y3"`` -> 3."""
    return int(kind[1])


def building_index(kind: str) -> int:
    """The supply slot of ``kind``."""
    return BUILDING_KINDS.index(kind)


class Phase(StrEnum):
    """Where the match is; the value is stored."""

    SETUP = "setup"
    """Starting buildings, chosen counterclockwise from the last seat."""
    ROWS = "rows"
    """Phase I: rows taken in Doge order."""
    GREEN = "green"
    """Phase I: green buildings in Doge order."""
    DISCARD = "discard"
    """Phase I: hand-limit discards, all at once."""
    PLAY = "play"
    """Phase II: card-play turns of the current step, clockwise."""
    ACTION = "action"
    """Phase II: the step's actions in Doge order."""
    BLUE = "blue"
    """Phase III: blue buildings in Doge order."""
    OVER = "over"


class Decision(StrEnum):
    """The pending sub-decision of the acting seat in an action (empty: none)."""

    NONE = ""
    TAKE = "take"
    """Step C: take a building within the budget, or pass."""
    RETURN = "return"
    """Step C at seven buildings: which building to give back."""
    BRIDGE = "bridge"
    """Step D bonus: where the top bridge goes and which way round."""
    GONDOLA = "gondola"
    """Step E bonus: where the gondola goes and which district gets the councillor."""
    FALLBACK = "fallback"
    """Step E bonus with an empty pool: optionally move a councillor into the district."""
    MOVE = "move"
    """Step F with an empty personal supply: optionally move a councillor from the board."""


@dataclass(frozen=True, slots=True)
class RialtoOptions:
    """Variant flags; every default is the decision of ``shared/rules/rialto.md``.

    Attributes:
        neutral: the two-player game against the automated neutral player (§11).
        y4_any_source: D8 reading (ii): Y4 may turn any non-Joker card, even one of the
            step's own type, into two cards of the step's type. Default (i): another type.
        bridges: the bridge tile set, a key of :data:`BRIDGE_SETS` (§4.3, D2).
    """

    neutral: bool = False
    y4_any_source: bool = False
    bridges: str = "pairs"


# --- The board -----------------------------------------------------------------------------

DISTRICTS: Final = ("CAN", "CAS", "SMA", "SCR", "SPO", "DOR")
"""District codes by index: Cannaregio, Castello, San Marco, Santa Croce, San Polo, Dorsoduro."""

NORTH: Final = 0
SOUTH: Final = 1
SIDES: Final = ("north", "south")
SIDE_DISTRICTS: Final[tuple[tuple[int, ...], ...]] = ((0, 1, 2), (3, 4, 5))
"""The three districts on each side of the Grand Canal (each side has a bonus tile)."""

CONNECTIONS: Final[tuple[tuple[int, int], ...]] = (
    (0, 1),  # K01 CAN-CAS (north)
    (0, 2),  # K02 CAN-SMA (north)
    (1, 2),  # K03 CAS-SMA (north)
    (3, 4),  # K04 SCR-SPO (south)
    (3, 5),  # K05 SCR-DOR (south)
    (4, 5),  # K06 SPO-DOR (south)
    (0, 3),  # K07 CAN-SCR (across; real crossing)
    (0, 4),  # K08 CAN-SPO (across; real crossing)
    (2, 4),  # K09 SMA-SPO (across; the Rialto bridge)
    (2, 5),  # K10 SMA-DOR (across; the Accademia)
    (1, 3),  # K11 CAS-SCR (across; completion, not verified)
    (1, 5),  # K12 CAS-DOR (across; completion, not verified)
)
"""Connection ``Kxx`` (index xx-1) joins these two districts (first, second endpoint)."""

BRIDGE_SETS: Final[dict[str, tuple[tuple[int, int], ...]]] = {
    "pairs": ((3, 4), (3, 5), (3, 6), (4, 5), (4, 6), (5, 6)),
    "mirror": ((3, 6), (3, 6), (3, 6), (4, 5), (4, 5), (4, 5)),
}
"""Candidate bridge tile sets, each tile as (low, high); ``pairs`` is the default (§4.3)."""

GONDOLAS: Final = 6
GONDOLA_VALUE: Final = 1


def connection_code(index: int) -> str:
    """``0`` -> ``"K01"``."""
    return f"K{index + 1:02d}"


def connections_of(district: int) -> tuple[int, ...]:
    """The indexes of the connections touching ``district``."""
    return _CONNECTIONS_OF[district]


_CONNECTIONS_OF: Final = tuple(
    tuple(k for k, ends in enumerate(CONNECTIONS) if district in ends) for district in range(len(DISTRICTS))
)
""":func:`connections_of` of every district, worked out once (scoring and the autopilot ask it per ply)."""


def other_end(connection: int, district: int) -> int:
    """The district at the other end of ``connection`` from ``district``."""
    first, second = CONNECTIONS[connection]
    return second if district == first else first


def side_of(district: int) -> int:
    """NORTH or SOUTH."""
    return NORTH if district in SIDE_DISTRICTS[NORTH] else SOUTH


def tile_value_at(tile: str, connection: int, district: int) -> int:
    """What a placed tile adds to ``district`` (0 for a free connection).

    Tiles are stored as text: ``""`` free, ``"G"`` gondola, ``"a|b"`` a bridge showing ``a``
    to the connection's first endpoint and ``b`` to its second.
    """
    if not tile:
        return 0
    if tile == "G":
        return GONDOLA_VALUE
    first_value, second_value = (int(part) for part in tile.split("|"))
    return first_value if CONNECTIONS[connection][0] == district else second_value


@functools.lru_cache(maxsize=8192)
def district_value(tiles: tuple[str, ...], district: int) -> int:
    """``V(d)``: the sum of the tile ends facing ``district`` (§4.4).

    Cached: a pure function of a few hundred board layouts per match, which the autopilot's
    placement judge and the search's estimate ask for at every ply.
    """
    return sum(tile_value_at(tiles[k], k, district) for k in connections_of(district))


def bridge_tile(connection: int, high_district: int, low: int, high: int) -> str:
    """The stored text of a bridge (low, high) placed with ``high`` facing ``high_district``."""
    first, _ = CONNECTIONS[connection]
    return f"{high}|{low}" if first == high_district else f"{low}|{high}"
