"""The board's geometry tables against an independent count of the 5 x 7 cells.

:mod:`games.volto.board` builds its neighbour lists and rays once at import; the tests call
the builders again here, so a broken builder fails even though the tables the engine uses were
built before (a mutation tester switches an edit on only after import).
"""

from __future__ import annotations

from games.volto import board
from games.volto.model import BLACK, WHITE, cell_index

CELLS = [(file, rank) for rank in range(7) for file in range(5)]  # a1 = 0, b1 = 1 ... e7 = 34


def expected_near(steps):
    """Per cell, the cells one of ``steps`` away, ascending, counted from the (file, rank) pairs."""
    return tuple(
        tuple(sorted(CELLS.index((f + df, r + dr)) for df, dr in steps if (f + df, r + dr) in CELLS)) for f, r in CELLS
    )


def expected_ray(cell, df, dr):
    f, r = CELLS[cell]
    out = []
    while (f + df, r + dr) in CELLS:
        f, r = f + df, r + dr
        out.append(CELLS.index((f, r)))
    return tuple(out)


ORTHOGONAL = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def test_neighbour_tables_count_the_cells_around_each_cell():
    for steps, table in ((ORTHOGONAL, board.ORTHOGONAL), (DIAGONAL, board.DIAGONAL)):
        assert board._neighbours(steps) == expected_near(steps) == table
    assert board._neighbours(ORTHOGONAL + DIAGONAL) == expected_near(ORTHOGONAL + DIAGONAL) == board.AROUND
    # by hand: a corner, an edge and the centre
    assert board.AROUND[cell_index("a1")] == tuple(cell_index(name) for name in ("b1", "a2", "b2"))
    assert board.ORTHOGONAL[cell_index("e4")] == tuple(cell_index(name) for name in ("e3", "d4", "e5"))
    assert board.DIAGONAL[cell_index("c4")] == tuple(cell_index(name) for name in ("b3", "d3", "b5", "d5"))


def test_rays_walk_to_the_edge_nearest_first():
    for cell in range(35):
        for df, dr in ORTHOGONAL + DIAGONAL:
            assert board._ray(cell, df, dr) == expected_ray(cell, df, dr)
        assert board.FORWARD_RAYS[WHITE][cell] == expected_ray(cell, 0, 1)
        assert board.FORWARD_RAYS[BLACK][cell] == expected_ray(cell, 0, -1)
    assert board._ray(cell_index("b2"), 1, 1) == tuple(cell_index(name) for name in ("c3", "d4", "e5"))
    assert board.ROOK_RAYS[cell_index("a7")] == (
        tuple(cell_index(name) for name in ("a6", "a5", "a4", "a3", "a2", "a1")),
        tuple(cell_index(name) for name in ("b7", "c7", "d7", "e7")),
    )


def test_on_board_is_the_five_files_and_seven_ranks():
    inside = {(f, r) for f in range(-2, 8) for r in range(-2, 10) if board._on_board(f, r)}
    assert inside == set(CELLS)
