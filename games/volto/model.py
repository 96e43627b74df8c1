"""Volto's world: cells, mask types and roster, phases, and the records of what happened.

A mask off the board and the last move are records the state keeps and the view shows, so
they live here with the board's geometry, shared by the state, the view and the renderer
without any rule logic.

Cells are indexed ``rank_index * 5 + file_index`` (a1 = 0, e1 = 4, a2 = 5, ..., e7 = 34),
as seen by White; Black's images may be drawn flipped by the renderer.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from games.core import Seat

FILES: Final = "abcde"
RANKS: Final = 7
CELL_COUNT: Final = len(FILES) * RANKS
WHITE: Final[Seat] = 0
BLACK: Final[Seat] = 1


class MaskType(StrEnum):
    """The five mask types; the value is the one-letter notation."""

    NOBLE = "N"
    ADVISOR = "A"
    CANDIDATE = "C"
    LADY = "L"
    SOLDIER = "S"


ROSTER: Final[dict[MaskType, int]] = {
    MaskType.NOBLE: 3,
    MaskType.ADVISOR: 3,
    MaskType.CANDIDATE: 1,
    MaskType.LADY: 2,
    MaskType.SOLDIER: 1,
}


class Phase(StrEnum):
    """Where the match is."""

    SETUP = "setup"
    PLAY = "play"
    OVER = "over"


def cell_name(index: int) -> str:
    """``0`` -> ``"a1"``."""
    return f"{FILES[index % 5]}{index // 5 + 1}"


def cell_index(name: str) -> int:
    """``"a1"`` -> ``0``; raises ValueError for a name that is not a cell."""
    if len(name) != 2 or name[0] not in FILES or not name[1].isdigit() or not 1 <= int(name[1]) <= RANKS:
        raise ValueError(name)
    return (int(name[1]) - 1) * 5 + FILES.index(name[0])


WHITE_SETUP_CELLS: Final[tuple[int, ...]] = tuple(range(0, 10))
BLACK_SETUP_CELLS: Final[tuple[int, ...]] = (*range(30, 35), *range(25, 30))
SETUP_CELLS: Final[tuple[tuple[int, ...], tuple[int, ...]]] = (WHITE_SETUP_CELLS, BLACK_SETUP_CELLS)
"""For each seat, the order in which its setup cells are filled."""

PALACE_RANK: Final[tuple[int, int]] = (0, RANKS - 1)
"""Each seat's own palace rank index (White rank 1, Black rank 7)."""


@dataclass(frozen=True, slots=True)
class RemovedMask:
    """A mask off the board. ``captured`` False means it fell together with a Lady it took."""

    owner: Seat
    kind: MaskType | None
    captured: bool


@dataclass(frozen=True, slots=True)
class LastMove:
    """The previous move, public: from-cell, to-cell, and whether it captured."""

    seat: Seat
    origin: int
    target: int
    captured: bool
