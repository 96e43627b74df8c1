"""Moves as values and their canonical codes (the notation players type and buttons carry).

Codes, all lowercase ASCII without spaces:

- ``place-d4``: setup, put a figure on d4;
- ``d4-d6``: move the figure on d4 in a straight line to d6;
- ``gondola-d4-h8``: play a gondola card and move the figure on d4 to h8;
- ``buy-d4``: buy a treasure of the colour of the district under your figure on d4;
- ``play-g3``: play the forecast card green 3 (``k p g t r b`` = black, purple, green,
  turquoise, red, brown; values ``3``..``8`` and ``x``);
- ``rescue-h8``: answer a rescue by playing a gondola card and putting the figure on h8;
- ``decline``: let the drowning figure go.

Squares are kept as names (``"d4"``) so that a code never depends on the board size.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from games.venezia2099.model import District, square_name


class MoveKind(StrEnum):
    """The seven kinds of decision."""

    PLACE = "place"
    STEP = "step"
    GONDOLA = "gondola"
    BUY = "buy"
    PLAY = "play"
    RESCUE = "rescue"
    DECLINE = "decline"


@dataclass(frozen=True, slots=True)
class Move:
    """One decision. ``origin``/``target`` are square names; ``card`` is set for PLAY only."""

    kind: MoveKind
    origin: str | None = None
    target: str | None = None
    card: District | None = None

    @property
    def code(self) -> str:
        """The canonical code (see the module docstring)."""
        match self.kind:
            case MoveKind.PLACE:
                return f"place-{self.target}"
            case MoveKind.STEP:
                return f"{self.origin}-{self.target}"
            case MoveKind.GONDOLA:
                return f"gondola-{self.origin}-{self.target}"
            case MoveKind.BUY:
                return f"buy-{self.target}"
            case MoveKind.PLAY:
                assert self.card is not None
                return f"play-{self.card.code}"
            case MoveKind.RESCUE:
                return f"rescue-{self.target}"
            case MoveKind.DECLINE:
                return "decline"


def place(target: str) -> Move:
    """``place-<target>``."""
    return Move(MoveKind.PLACE, target=target)


def step(origin: str, target: str) -> Move:
    """``<origin>-<target>``."""
    return Move(MoveKind.STEP, origin=origin, target=target)


def gondola(origin: str, target: str) -> Move:
    """``gondola-<origin>-<target>``."""
    return Move(MoveKind.GONDOLA, origin=origin, target=target)


def buy(target: str) -> Move:
    """``buy-<target>``."""
    return Move(MoveKind.BUY, target=target)


def play(card: District) -> Move:
    """``play-<card>``."""
    return Move(MoveKind.PLAY, card=card)


def rescue(target: str) -> Move:
    """``rescue-<target>``."""
    return Move(MoveKind.RESCUE, target=target)


DECLINE: Final = Move(MoveKind.DECLINE)


@dataclass(frozen=True, slots=True)
class MoveTable:
    """Every move with squares on a board of one size, built once, and each one's squares by identity.

    Why: a search (``games.ai``) lists the legal moves and applies one at every simulated ply;
    building the moves' square names and reading them back (``"d4"`` -> 27) was a fifth of
    a ply. The legal moves are taken from these tables instead (equal to freshly built ones,
    so nothing a caller sees changes), and :attr:`squares` gives back the square indexes of
    a move taken from them without parsing its names. It is keyed by ``id(move)``, which is
    sound because the tables keep every move alive: no other object can share those ids.
    A move built elsewhere (a parsed code) is simply not found there.

    Attributes:
        place: ``place[target]``.
        step: ``step[origin][target]`` (also for squares no line joins: never listed then).
        gondola: ``gondola[origin][target]``.
        buy: ``buy[square]``.
        rescue: ``rescue[target]``.
        squares: ``id(move)`` -> (kind, origin, target) for every move above.
    """

    place: tuple[Move, ...]
    step: tuple[tuple[Move, ...], ...]
    gondola: tuple[tuple[Move, ...], ...]
    buy: tuple[Move, ...]
    rescue: tuple[Move, ...]
    squares: dict[int, tuple[MoveKind, int | None, int | None]]


@functools.cache
def move_table(size: int) -> MoveTable:
    """The :class:`MoveTable` of a ``size`` x ``size`` board."""
    names = [square_name(square, size) for square in range(size * size)]
    table = MoveTable(
        place=tuple(place(name) for name in names),
        step=tuple(tuple(step(origin, target) for target in names) for origin in names),
        gondola=tuple(tuple(gondola(origin, target) for target in names) for origin in names),
        buy=tuple(buy(name) for name in names),
        rescue=tuple(rescue(name) for name in names),
        squares={},
    )
    for square in range(size * size):
        for move in (table.place[square], table.buy[square], table.rescue[square]):
            table.squares[id(move)] = (move.kind, None, square)
        for target in range(size * size):
            for move in (table.step[square][target], table.gondola[square][target]):
                table.squares[id(move)] = (move.kind, square, target)
    return table


_SQUARE = r"([a-z][0-9])"
_PATTERNS: Final = (
    (re.compile(rf"place-{_SQUARE}"), MoveKind.PLACE),
    (re.compile(rf"{_SQUARE}-{_SQUARE}"), MoveKind.STEP),
    (re.compile(rf"gondola-{_SQUARE}-{_SQUARE}"), MoveKind.GONDOLA),
    (re.compile(rf"buy-{_SQUARE}"), MoveKind.BUY),
    (re.compile(r"play-([a-z][0-9a-z])"), MoveKind.PLAY),
    (re.compile(rf"rescue-{_SQUARE}"), MoveKind.RESCUE),
    (re.compile(r"decline"), MoveKind.DECLINE),
)


def normalise(text: str) -> str:
    """Lowercase, trimmed, inner runs of spaces turned into one ``-``."""
    return "-".join(text.strip().lower().split())


def parse_code(text: str) -> Move | None:
    """The move ``text`` spells (squares not yet checked against a board), or None.

    Raises:
        ValueError: ``play-`` followed by something that names no card.
    """
    code = normalise(text)
    for pattern, kind in _PATTERNS:
        found = pattern.fullmatch(code)
        if found is None:
            continue
        groups = found.groups()
        match kind:
            case MoveKind.PLACE:
                return place(groups[0])
            case MoveKind.STEP:
                return step(groups[0], groups[1])
            case MoveKind.GONDOLA:
                return gondola(groups[0], groups[1])
            case MoveKind.BUY:
                return buy(groups[0])
            case MoveKind.PLAY:
                return play(District.from_code(groups[0]))
            case MoveKind.RESCUE:
                return rescue(groups[0])
            case MoveKind.DECLINE:
                return DECLINE
    return None
