"""Rialto's vocabulary: card types, buildings, phases, the options and the fixed numbers.

Cards of one type are identical, so hands, piles and rows are counted per type; buildings
are identified by colour letter and value (``G1``..``U4``, ``U`` for blue so that ``B``
stays the Gold card), exactly as in ``shared/rules/rialto.md`` §3.
"""

from __future__ import annotations

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
        bridges: the bridge tile set, a key of ``board.BRIDGE_SETS`` (§4.3, D2).
    """

    neutral: bool = False
    y4_any_source: bool = False
    bridges: str = "pairs"
