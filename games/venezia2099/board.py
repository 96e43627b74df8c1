"""Geometry and reachability on the board: lines of movement, free squares, purchases.

Pure queries on a :class:`~games.venezia2099.state.State`; every list is in square order
(a1, b1, ..., then row 2) unless said otherwise, which fixes the order of legal moves.
"""

from __future__ import annotations

import functools
from typing import Final

from games.core import Seat
from games.venezia2099.model import District
from games.venezia2099.state import State

DIRECTIONS: Final = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))


def figure_squares(state: State, seat: Seat) -> list[int]:
    """The squares of ``seat``'s figures on the board, in square order."""
    return sorted(square for square in state.figures[seat] if square >= 0)


def is_free(state: State, square: int) -> bool:
    """Not water and no figure on it."""
    return not state.sunk[square] and state.occupant(square) is None


def occupied_squares(state: State) -> frozenset[int]:
    """The squares with a figure on them (one pass, for queries over many squares)."""
    return frozenset(square for squares in state.figures for square in squares if square >= 0)


@functools.cache
def rays(size: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``rays(size)[origin]``: for each of :data:`DIRECTIONS`, the squares from ``origin`` to the edge, nearest first.

    Geometry only (no water, no figures), computed once per board size: the lines of
    :func:`line` are their beginnings.
    """
    found = []
    for origin in range(size * size):
        per_direction = []
        for d_col, d_row in DIRECTIONS:
            col, row = origin % size + d_col, origin // size + d_row
            ray = []
            while 0 <= col < size and 0 <= row < size:
                ray.append(row * size + col)
                col, row = col + d_col, row + d_row
            per_direction.append(tuple(ray))
        found.append(tuple(per_direction))
    return tuple(found)


def line(state: State, origin: int, direction: tuple[int, int], occupied: frozenset[int] | None = None) -> list[int]:
    """The squares a figure on ``origin`` may reach going in ``direction``, nearest first.

    The line stops before the board edge, water or a figure (rules §6.1); diagonal steps
    only look at the diagonal squares (V4). ``occupied`` may be passed when already known.
    """
    taken = occupied_squares(state) if occupied is None else occupied
    sunk = state.sunk
    reached: list[int] = []
    for square in rays(state.size)[origin][DIRECTIONS.index(direction)]:
        if sunk[square] or square in taken:
            break
        reached.append(square)
    return reached


def step_targets(state: State, origin: int, occupied: frozenset[int] | None = None) -> list[int]:
    """Every square reachable from ``origin`` by a normal move, in square order.

    The union of the :func:`line` of every direction; ``occupied`` may be passed when already known.
    """
    taken = occupied_squares(state) if occupied is None else occupied
    sunk = state.sunk
    reached: list[int] = []
    for ray in rays(state.size)[origin]:
        for square in ray:
            if sunk[square] or square in taken:
                break
            reached.append(square)
    reached.sort()
    return reached


def free_squares(state: State, occupied: frozenset[int] | None = None) -> list[int]:
    """Every square with no figure that is not water (gondola destinations); ``occupied`` as in :func:`line`."""
    taken = occupied_squares(state) if occupied is None else occupied
    return [square for square in range(len(state.tiles)) if not state.sunk[square] and square not in taken]


def free_districts(state: State) -> list[int]:
    """Free squares holding a district (not a platform)."""
    return [square for square in free_squares(state) if state.tiles[square] is not None]


def rescue_targets(state: State) -> list[int]:
    """Where a rescued figure may go: free districts, and free platforms with the variant."""
    return free_squares(state) if state.options.rescue_to_platform else free_districts(state)


def placement_targets(state: State, seat: Seat) -> list[int]:
    """Free squares ``seat`` may place on: platforms, or districts of a value not yet used (V8)."""
    used = {tile.value for tile in (state.tiles[square] for square in figure_squares(state, seat)) if tile is not None}
    return [
        square
        for square in free_squares(state)
        if state.tiles[square] is None or state.tiles[square].value not in used  # type: ignore[union-attr]
    ]


def price(state: State, square: int) -> int:
    """What the next treasure bought on ``square`` costs: the coins lying there plus one."""
    return state.square_coins[square] + 1


def district_at(state: State, square: int) -> District | None:
    """The intact district on ``square``, or None for a platform or water."""
    tile = state.tiles[square]
    return None if tile is None or state.sunk[square] else tile


def surviving(state: State, district: District) -> int:
    """How many districts of ``district``'s colour are not sunk (S(k) of the rules)."""
    return sum(
        1
        for square, tile in enumerate(state.tiles)
        if tile is not None and tile.colour == district.colour and not state.sunk[square]
    )
