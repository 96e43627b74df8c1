"""A Volto state sampled from what one seat knows, for search (``games.ai``).

The sample depends only on what ``seat`` may see: the opponent's hidden types are dealt
again from the roster minus the types ``seat`` has seen, in a canonical order, so two states
that look the same to ``seat`` give the same sample for the same random stream. The
constraints the match proves to ``seat`` are kept: the opponent's Candidate and Ladies are
on the board (a removed Candidate ends the match; a Lady never captures, so a capturer that
fell with a Lady is no Lady), and the Candidate is not on ``seat``'s palace row (it would
have won). During setup the opponent's arrangement is drawn whole; how far it has got is
hidden, so unless it has confirmed, its length is drawn too, and its cells are taken in
the ``SETUP_CELLS`` order (which cells it chose is hidden as well).

Also replaced: the seed (it fixes future shuffles, such as ``auto``) and the repetition
history (it holds old true types), which restarts at the current position.
"""

from __future__ import annotations

from dataclasses import replace

from games.core import Rng, Seat
from games.volto.model import PALACE_RANK, ROSTER, SETUP_CELLS, MaskType, Phase
from games.volto.state import (
    EMPTY,
    MASKS_PER_SEAT,
    VoltoState,
    letter_of,
    owner_of,
    position_key,
)

SEED_LIMIT = 1 << 62


def determinize(state: VoltoState, seat: Seat, rng: Rng) -> VoltoState:
    """A state that ``seat`` cannot tell from ``state``, drawn with ``rng``."""
    if state.phase is Phase.OVER:
        return state
    other = 1 - seat
    seed = rng.below(SEED_LIMIT)
    roster = [kind for kind, count in ROSTER.items() for _ in range(count)]
    if state.phase is Phase.SETUP:
        arrangement = "".join(kind.value for kind in rng.shuffled(roster))
        length = MASKS_PER_SEAT if state.ready[other] else rng.below(MASKS_PER_SEAT + 1)
        placed, where = list(state.placed), list(state.placed_cells)
        placed[other], where[other] = arrangement[:length], SETUP_CELLS[other][:length]
        return replace(state, seed=seed, placed=(placed[0], placed[1]), placed_cells=(where[0], where[1]))
    reveal = state.options.reveal_removed_capturer
    board_slots = [cell for cell, letter in enumerate(state.board) if letter != EMPTY and owner_of(letter) == other]
    removed_slots = [
        index for index, mask in enumerate(state.removed) if mask.owner == other and not mask.captured and not reveal
    ]
    pool = list(roster)
    for index, mask in enumerate(state.removed):
        if mask.owner == other and index not in removed_slots and mask.kind is not None:
            pool.remove(mask.kind)
    assigned: dict[tuple[str, int], MaskType] = {}
    free_board = list(board_slots)
    for kind in (MaskType.CANDIDATE, MaskType.LADY, MaskType.LADY):
        if kind in pool and free_board:
            eligible = [
                cell for cell in free_board if not (kind is MaskType.CANDIDATE and cell // 5 == PALACE_RANK[seat])
            ] or free_board
            pool.remove(kind)
            cell = rng.choice(eligible)
            free_board.remove(cell)
            assigned["board", cell] = kind
    rest = list(rng.shuffled(sorted(pool)))
    for cell in free_board:
        assigned["board", cell] = rest.pop()
    for index in removed_slots:
        assigned["removed", index] = rest.pop()
    cells = list(state.board)
    for cell in board_slots:
        cells[cell] = letter_of(other, assigned["board", cell])
    removed = list(state.removed)
    for index in removed_slots:
        removed[index] = replace(removed[index], kind=assigned["removed", index])
    board = "".join(cells)
    return replace(
        state,
        seed=seed,
        board=board,
        removed=tuple(removed),
        positions=(position_key(board, state.side),),
    )
