"""What one seat (or the public) may know of a Volto match: the type renderers draw.

Cells are indexed ``rank_index * 5 + file_index`` (a1 = 0, e1 = 4, a2 = 5, ..., e7 = 34),
as seen by White; Black's images may be drawn flipped by the renderer.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from games.core import Outcome, Seat

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


@dataclass(frozen=True, slots=True)
class SeenMask:
    """A mask as the viewer sees it: its owner always, its type only when known."""

    owner: Seat
    kind: MaskType | None


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


@dataclass(frozen=True, slots=True)
class VoltoView:
    """Exactly what ``viewer`` may know (``viewer`` None: the public, the channel).

    ``board`` has 35 entries (see module docstring). During setup the public board is
    empty; the viewer's own board shows what they have placed so far (``setup_ready``
    tells which seats have confirmed). ``removed`` lists every mask off the board in the
    order they left it.
    """

    viewer: Seat | None
    phase: Phase
    board: tuple[SeenMask | None, ...]
    to_move: frozenset[Seat]
    setup_ready: tuple[bool, bool]
    removed: tuple[RemovedMask, ...]
    ladies_captured: tuple[int, int]
    last_move: LastMove | None
    ply: int
    plies_since_capture: int
    outcome: Outcome | None
    play_ply: int = 0
    """Moves of play so far (``ply`` also counts the setup actions): the picture's counter."""
