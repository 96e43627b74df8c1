"""Where Volto masks may go: board geometry tables and play-move generation (rules §5).

Kept apart from :mod:`games.volto.rules` because it is the hot path (``legal_moves`` is
called for every button, every autopilot step and every end-of-turn check), so the
neighbour lists and Soldier rays are computed once at import as plain tuples.

Order: play moves are sorted by from-cell index, then to-cell index (a1 = 0 ... e7 = 34).
"""

from __future__ import annotations

from typing import Final

from games.core import Seat
from games.volto.model import BLACK, CELL_COUNT, FILES, PALACE_RANK, RANKS, WHITE, MaskType
from games.volto.moves import Step
from games.volto.state import EMPTY, owner_of

Ray = tuple[int, ...]


def _on_board(file: int, rank: int) -> bool:
    return 0 <= file < len(FILES) and 0 <= rank < RANKS


def _neighbours(deltas: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    table = []
    for cell in range(CELL_COUNT):
        file, rank = cell % 5, cell // 5
        near = [(rank + dr) * 5 + file + df for df, dr in deltas if _on_board(file + df, rank + dr)]
        table.append(tuple(sorted(near)))
    return tuple(table)


def _ray(cell: int, df: int, dr: int) -> Ray:
    file, rank = cell % 5, cell // 5
    cells = []
    while _on_board(file + df, rank + dr):
        file, rank = file + df, rank + dr
        cells.append(rank * 5 + file)
    return tuple(cells)


_ORTHOGONAL_DELTAS: Final = ((0, 1), (0, -1), (1, 0), (-1, 0))
_DIAGONAL_DELTAS: Final = ((1, 1), (1, -1), (-1, 1), (-1, -1))

ORTHOGONAL: Final = _neighbours(_ORTHOGONAL_DELTAS)
DIAGONAL: Final = _neighbours(_DIAGONAL_DELTAS)
AROUND: Final = _neighbours(_ORTHOGONAL_DELTAS + _DIAGONAL_DELTAS)
FORWARD_RAYS: Final[tuple[tuple[Ray, ...], ...]] = tuple(
    tuple(_ray(cell, 0, 1 if seat == WHITE else -1) for cell in range(CELL_COUNT)) for seat in (WHITE, BLACK)
)
"""``FORWARD_RAYS[seat][cell]``: the cells straight ahead of ``seat``, nearest first."""
ROOK_RAYS: Final[tuple[tuple[Ray, ...], ...]] = tuple(
    tuple(ray for ray in (_ray(cell, df, dr) for df, dr in _ORTHOGONAL_DELTAS) if ray) for cell in range(CELL_COUNT)
)
"""``ROOK_RAYS[cell]``: the four orthogonal rays from ``cell`` (variant M2 b), nearest first."""

_STEPPERS: Final[dict[str, tuple[tuple[int, ...], ...]]] = {
    MaskType.NOBLE.value: ORTHOGONAL,
    MaskType.ADVISOR.value: DIAGONAL,
    MaskType.CANDIDATE.value: AROUND,
    MaskType.LADY.value: AROUND,
}


def is_in_opponent_palace(cell: int, seat: Seat) -> bool:
    """Whether ``cell`` lies on the palace row of ``seat``'s opponent."""
    return cell // 5 == PALACE_RANK[1 - seat]


def soldier_rays(cell: int, seat: Seat, rook_soldier: bool) -> tuple[Ray, ...]:
    """The rays a Soldier of ``seat`` on ``cell`` walks along (none when frozen, M3)."""
    if is_in_opponent_palace(cell, seat):
        return ()
    if rook_soldier:
        return ROOK_RAYS[cell]
    return (FORWARD_RAYS[seat][cell],)


def destinations(board: str, cell: int, rook_soldier: bool) -> list[int]:
    """Every cell the mask on ``cell`` may move to, ascending (rules §5)."""
    letter = board[cell]
    seat = owner_of(letter)
    kind = letter.upper()
    if kind == MaskType.SOLDIER.value:
        found = []
        for ray in soldier_rays(cell, seat, rook_soldier):
            for target in ray:
                there = board[target]
                if there == EMPTY:
                    found.append(target)
                    continue
                if owner_of(there) != seat:
                    found.append(target)
                break
        return sorted(found)
    if kind == MaskType.LADY.value:
        return [target for target in AROUND[cell] if board[target] == EMPTY]
    own = SEAT_LETTERS[seat]
    return [target for target in _STEPPERS[kind][cell] if board[target] not in own]


SEAT_LETTERS: Final = (
    frozenset(kind.value for kind in MaskType),
    frozenset(kind.value.lower() for kind in MaskType),
)
"""Each seat's board letters (White upper case, Black lower case; see :func:`owner_of`)."""


def own_cells(board: str, seat: Seat) -> list[int]:
    """The cells holding ``seat``'s masks, ascending."""
    own = SEAT_LETTERS[seat]
    return [cell for cell, letter in enumerate(board) if letter in own]


_STEPS: Final = tuple(tuple(Step(origin, target) for target in range(CELL_COUNT)) for origin in range(CELL_COUNT))
"""Every play move as a value, built once: legal moves are asked for on every ply of a search rollout."""


def play_moves(board: str, seat: Seat, rook_soldier: bool) -> list[Step]:
    """Every play move of ``seat``, by from-cell then to-cell."""
    steps = _STEPS
    return [
        steps[origin][target]
        for origin in own_cells(board, seat)
        for target in destinations(board, origin, rook_soldier)
    ]


def has_play_move(board: str, seat: Seat, rook_soldier: bool) -> bool:
    """Whether ``seat`` has at least one play move (M6)."""
    return any(destinations(board, origin, rook_soldier) for origin in own_cells(board, seat))
