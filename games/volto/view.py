"""What one seat (or the public) may know of a Volto match: the type renderers draw.

:func:`view_of` is the hidden-information boundary (rules §8, M8): the type of every
opponent mask is hidden unless it was captured (or, with ``reveal_removed_capturer``, fell
with a Lady it took); during setup a seat sees only its own arrangement; everything is
revealed once the match is over. Cells are indexed ``rank_index * 5 + file_index``
(a1 = 0, e1 = 4, a2 = 5, ..., e7 = 34), as seen by White; Black's images may be drawn
flipped by the renderer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.core import Outcome, Seat
from games.volto import rules
from games.volto.model import CELL_COUNT, LastMove, MaskType, Phase, RemovedMask
from games.volto.state import EMPTY, VoltoState, kind_of, owner_of


@dataclass(frozen=True, slots=True)
class SeenMask:
    """A mask as the viewer sees it: its owner always, its type only when known."""

    owner: Seat
    kind: MaskType | None


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


_SEEN: Final[dict[str, tuple[Seat, SeenMask, SeenMask]]] = {
    letter: (owner_of(letter), SeenMask(owner_of(letter), kind_of(letter)), SeenMask(owner_of(letter), None))
    for kind in MaskType
    for letter in (kind.value, kind.value.lower())
}
"""Board letter -> its owner, the mask as its owner sees it, and as the opponent does (built once, shared)."""


def view_of(state: VoltoState, seat: Seat | None) -> VoltoView:
    """What ``seat`` may know of ``state`` (None: the public); everything once the match is over."""
    over = state.phase is Phase.OVER
    board: list[SeenMask | None] = [None] * CELL_COUNT
    if state.phase is Phase.SETUP:
        if seat in rules.SEATS:
            for cell, letter in zip(state.placed_cells[seat], state.placed[seat], strict=True):
                board[cell] = SeenMask(seat, MaskType(letter))
    else:
        for cell, letter in enumerate(state.board):
            if letter != EMPTY:
                owner, known, hidden = _SEEN[letter]
                board[cell] = known if over or owner == seat else hidden
    reveal_capturers = state.options.reveal_removed_capturer
    removed = tuple(
        RemovedMask(
            mask.owner,
            mask.kind if over or mask.captured or reveal_capturers or mask.owner == seat else None,
            mask.captured,
        )
        for mask in state.removed
    )
    return VoltoView(
        viewer=seat,
        phase=state.phase,
        board=tuple(board),
        to_move=rules.to_move(state),
        setup_ready=state.ready,
        removed=removed,
        ladies_captured=state.ladies_captured,
        last_move=state.last_move,
        ply=state.ply,
        plies_since_capture=state.plies_since_capture,
        outcome=rules.outcome(state),
        play_ply=state.play_ply,
    )
