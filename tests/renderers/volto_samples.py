"""Hand-built Volto views for the renderer tests: every phase, every viewer.

Views are built directly (not through the engine) so each test controls exactly what the
picture is given; the renderer contract (``tests/renderers/test_contract.py``) renders engine views.
"""

from __future__ import annotations

from games.core import Outcome, Seat, msg
from games.volto.model import BLACK, CELL_COUNT, WHITE, LastMove, MaskType, Phase, RemovedMask, cell_index
from games.volto.view import SeenMask, VoltoView

WHITE_ARRANGEMENT = dict(zip(("a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2"), "NACANLNSAL", strict=True))
BLACK_ARRANGEMENT = dict(zip(("a7", "b7", "c7", "d7", "e7", "a6", "b6", "c6", "d6", "e6"), "NACANLNSAL", strict=True))


def board(masks: dict[str, tuple[Seat, str | None]]) -> tuple[SeenMask | None, ...]:
    """A board from ``{"c4": (owner, "N" or None)}``."""
    cells: list[SeenMask | None] = [None] * CELL_COUNT
    for name, (owner, letter) in masks.items():
        cells[cell_index(name)] = SeenMask(owner, MaskType(letter) if letter else None)
    return tuple(cells)


def play_masks(viewer: Seat | None, *, reveal_all: bool = False) -> dict[str, tuple[Seat, str | None]]:
    """A middle-game position: White's Soldier took on c5, Black's Noble stepped to b5."""
    masks: dict[str, tuple[Seat, str | None]] = {}
    for seat, arrangement in ((WHITE, WHITE_ARRANGEMENT), (BLACK, BLACK_ARRANGEMENT)):
        for name, letter in arrangement.items():
            masks[name] = (seat, letter if reveal_all or viewer == seat else None)
    masks["c5"] = masks.pop("c2")
    masks["b5"] = masks.pop("b6")
    del masks["d6"]
    return masks


REMOVED = (
    RemovedMask(BLACK, MaskType.ADVISOR, True),
    RemovedMask(WHITE, None, False),
    RemovedMask(BLACK, MaskType.LADY, True),
)


def play_view(viewer: Seat | None, **changes: object) -> VoltoView:
    """Black to move after White's capture c2-c5; ``changes`` override fields."""
    fields: dict[str, object] = {
        "viewer": viewer,
        "phase": Phase.PLAY,
        "board": board(play_masks(viewer)),
        "to_move": frozenset({BLACK}),
        "setup_ready": (True, True),
        "removed": REMOVED,
        "ladies_captured": (0, 1),
        "last_move": LastMove(WHITE, cell_index("c2"), cell_index("c5"), True),
        "ply": 36,
        "plies_since_capture": 0,
        "outcome": None,
        "play_ply": 14,
    }
    fields.update(changes)
    return VoltoView(**fields)  # type: ignore[arg-type]


def setup_view(viewer: Seat | None, placed: int = 4, ready: tuple[bool, bool] = (False, True)) -> VoltoView:
    """Setup: the viewer has placed ``placed`` masks (in the engine's order)."""
    cells: dict[str, tuple[Seat, str | None]] = {}
    if viewer is not None:
        arrangement = WHITE_ARRANGEMENT if viewer == WHITE else BLACK_ARRANGEMENT
        for name, letter in list(arrangement.items())[:placed]:
            cells[name] = (viewer, letter)
    return VoltoView(
        viewer=viewer,
        phase=Phase.SETUP,
        board=board(cells),
        to_move=frozenset(seat for seat in (WHITE, BLACK) if not ready[seat]),
        setup_ready=ready,
        removed=(),
        ladies_captured=(0, 0),
        last_move=None,
        ply=placed,
        plies_since_capture=0,
        outcome=None,
    )


def over_view(viewer: Seat | None, *, draw: bool = False) -> VoltoView:
    """White's Candidate walked onto b7 (or, with ``draw``, the 50-ply limit ended it)."""
    masks = play_masks(viewer, reveal_all=True)
    del masks["c1"]
    masks["b6"] = (WHITE, "C")
    if not draw:
        masks["b7"] = masks.pop("b6")
    reason = (
        msg("volto.reason.no_capture", count=50)
        if draw
        else msg("volto.reason.palace", winner_owner=msg("volto.seat.0.owner"))
    )
    outcome = Outcome.from_draw(2, reason) if draw else Outcome.from_winner(WHITE, 2, reason)
    return play_view(
        viewer,
        phase=Phase.OVER,
        board=board(masks),
        to_move=frozenset(),
        removed=tuple(RemovedMask(mask.owner, mask.kind or MaskType.NOBLE, mask.captured) for mask in REMOVED),
        last_move=LastMove(WHITE, cell_index("b6"), cell_index("b7"), True),
        ply=31,
        plies_since_capture=4,
        outcome=outcome,
    )


SAMPLES: dict[str, VoltoView] = {
    "setup-public": setup_view(None),
    "setup-white": setup_view(WHITE),
    "setup-black-ready": setup_view(BLACK, placed=10),
    "setup-white-full": setup_view(WHITE, placed=10),
    "play-public": play_view(None),
    "play-white": play_view(WHITE),
    "play-black": play_view(BLACK),
    "over-public": over_view(None),
    "over-white": over_view(WHITE),
    "over-black": over_view(BLACK),
    "draw-public": over_view(None, draw=True),
}
"""One view of every kind the picture must handle."""
