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

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from games.venezia2099.model import District


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
