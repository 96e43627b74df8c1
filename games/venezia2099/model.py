"""The nouns of Venezia 2099: colours, districts and forecast cards, squares, phases, actions.

Also the breakdown of a final score. Kept apart from the rules so that the state, the view,
the notation and the renderer can share them without importing the rule logic. A forecast
card names exactly one district tile, so one frozen value type, :class:`District`, serves
for both.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from games.core import Seat


class Colour(StrEnum):
    """The six district (and treasure) colours; the value is the one-letter notation."""

    BLACK = "k"
    PURPLE = "p"
    GREEN = "g"
    TURQUOISE = "t"
    RED = "r"
    BROWN = "b"


COLOURS: Final = tuple(Colour)
X: Final = 9
"""The value X, which ranks above 8 when choosing the lowest forecast card."""
VALUES: Final = (2, 3, 4, 5, 6, 7, 8, X)
CARD_VALUES: Final = (3, 4, 5, 6, 7, 8, X)
"""There is no forecast card for a value-2 district, so the 2s never sink (rules §11 V1)."""
TREASURES_PER_COLOUR: Final = 10
GONDOLAS_PER_PLAYER: Final = 2
PLATFORMS: Final = 16
PLATFORMS_TWO_PLAYERS: Final = 6
FILES: Final = "abcdefgh"

# Seats are named after the figure colours; the rulebook names blue, yellow, red and white,
# and orange is our fifth (a colour no district has).
SEAT_COLOURS: Final = ("blue", "yellow", "red", "white", "orange")


@dataclass(frozen=True, slots=True)
class District:
    """A district tile, or the forecast card that sinks it (sort with :attr:`sort_key`)."""

    value: int
    colour: Colour

    @property
    def code(self) -> str:
        """``"k5"``, ``"tx"``: colour letter then value (``x`` for X)."""
        return f"{self.colour.value}{value_code(self.value)}"

    @property
    def sort_key(self) -> tuple[int, int]:
        """Value first (X last), then the colour order of :data:`COLOURS`."""
        return (self.value, COLOURS.index(self.colour))

    @classmethod
    def from_code(cls, code: str) -> District:
        """The district named ``code``; raises ValueError when ``code`` names none."""
        text = code.strip().lower()
        if len(text) != 2:
            raise ValueError(code)
        colour = Colour(text[0])
        value = X if text[1] == "x" else int(text[1]) if text[1].isdigit() else -1
        if value not in VALUES:
            raise ValueError(code)
        return cls(value, colour)


def value_code(value: int) -> str:
    """``9`` -> ``"x"``, ``5`` -> ``"5"``."""
    return "x" if value == X else str(value)


def value_label(value: int) -> str:
    """``9`` -> ``"X"``, ``5`` -> ``"5"``: how a value is printed for people."""
    return "X" if value == X else str(value)


@functools.cache
def square_name(index: int, size: int) -> str:
    """``0`` -> ``"a1"``; squares are numbered row by row from a1 (row 1 first)."""
    return f"{FILES[index % size]}{index // size + 1}"


def square_index(name: str, size: int) -> int:
    """``"a1"`` -> ``0``; raises ValueError when ``name`` is not a square of a board of ``size``."""
    text = name.strip().lower()
    if len(text) != 2 or text[0] not in FILES[:size] or not text[1].isdigit():
        raise ValueError(name)
    row = int(text[1])
    if not 1 <= row <= size:
        raise ValueError(name)
    return (row - 1) * size + FILES.index(text[0])


def seat_colour(seat: Seat) -> str:
    """The figure colour of ``seat`` (``"blue"`` for seat 0)."""
    return SEAT_COLOURS[seat]


def treasure_value(surviving: int) -> int:
    """Points per treasure of a colour with ``surviving`` districts left: 6, 3, 2, then 1."""
    return {1: 6, 2: 3, 3: 2}.get(surviving, 1)


def deal_size(num_players: int) -> int:
    """Forecast cards per player: 10 (2 players), 12, 9, 7."""
    return {2: 10, 3: 12, 4: 9, 5: 7}[num_players]


def figures_per_player(num_players: int) -> int:
    """Figures per player: 4 with three players, otherwise 3."""
    return 4 if num_players == 3 else 3


class Phase(StrEnum):
    """Where the match is."""

    PLACE = "place"
    TURN = "turn"
    RESCUE = "rescue"
    OVER = "over"


class ActionKind(StrEnum):
    """What an :class:`Action` records."""

    PLACE = "place"
    MOVE = "move"
    GONDOLA = "gondola"
    BUY = "buy"
    PLAY = "play"
    RESCUE = "rescue"
    DROWN = "drown"


@dataclass(frozen=True, slots=True)
class Action:
    """One public thing a seat did or suffered, kept so the board can mark the last turn.

    ``origin``/``target`` are square indexes or None; ``district`` is the card played or the
    district bought on; ``amount`` is the price paid or the coins that sank.
    """

    kind: ActionKind
    seat: Seat
    origin: int | None = None
    target: int | None = None
    district: District | None = None
    amount: int = 0


@dataclass(frozen=True, slots=True)
class Score:
    """One seat's points by source, and the tie-break count of figures on the board."""

    treasures: int
    figures: int
    x_districts: int
    coins: int
    figures_on_board: int

    @property
    def total(self) -> int:
        """The sum of every source."""
        return self.treasures + self.figures + self.x_districts + self.coins
