"""The Volto autopilot's move scores equal the plain reading of its rules, to the last bit.

The autopilot works out what does not depend on the move once per decision and reworks
only the cells a move changes (``games.volto.autopilot._Judge``), for speed in search
rollouts. Ties between moves go to the first in legal order, so a score that differs by
one rounding step can change a choice: the plain reading below (each position judged
from scratch, every sum and product in the order of the module docstring) must give
exactly the same floats on states from seeded matches, in every variant.
"""

from __future__ import annotations

import pytest

from games.core import Rng
from games.volto import GAME, Phase, VoltoOptions
from games.volto.autopilot import (
    ADVANCE_STEP,
    BLACK_PALACE_ROW,
    CANDIDATE_STEP,
    HANGING_WEIGHT,
    LADY_CAPTURE_COST,
    LOSS,
    MATERIAL,
    PALACE_THREAT,
    WHITE_PALACE_ROW,
    WIN,
    _beliefs,
    _is_rook_soldier,
    _Judge,
)
from games.volto.board import AROUND, DIAGONAL, FORWARD_RAYS, ORTHOGONAL, ROOK_RAYS, is_in_opponent_palace
from games.volto.model import RANKS, ROSTER, WHITE, MaskType
from games.volto.moves import Step

VARIANTS = [
    VoltoOptions(),
    VoltoOptions(rook_soldier=True),
    VoltoOptions(reveal_removed_capturer=True),
    VoltoOptions(rook_soldier=True, reveal_removed_capturer=True),
]


def plain_score(view, seat, move, beliefs, rook):
    board = list(view.board)
    mover = board[move.origin]
    kind = mover.kind
    victim = board[move.target]
    board[move.origin] = None
    if victim is None:
        board[move.target] = mover
        if kind is MaskType.CANDIDATE and is_in_opponent_palace(move.target, seat):
            return WIN
        return plain_position(board, seat, beliefs, rook)
    odds = beliefs.get(move.target, {victim.kind: 1.0} if victim.kind is not None else {MaskType.NOBLE: 1.0})
    without = {cell: chances for cell, chances in beliefs.items() if cell != move.target}
    total = rest = 0.0
    for victim_kind, chance in odds.items():
        if victim_kind is MaskType.CANDIDATE:
            total += chance * WIN
        elif victim_kind is MaskType.LADY:
            if kind is MaskType.CANDIDATE or view.ladies_captured[1 - seat] + 1 >= ROSTER[MaskType.LADY]:
                total += chance * LOSS
            else:
                fallen = list(board)
                fallen[move.target] = None
                after = plain_position(fallen, seat, without, rook)
                total += chance * (after - MATERIAL[kind] - LADY_CAPTURE_COST)
        else:
            total += chance * MATERIAL[victim_kind]
            rest += chance
    if rest > 0:
        board[move.target] = mover
        if kind is MaskType.CANDIDATE and is_in_opponent_palace(move.target, seat):
            total += rest * WIN
        else:
            total += rest * plain_position(board, seat, without, rook)
    return total


def plain_position(board, seat, beliefs, rook):
    safe = plain_safety(board, seat, beliefs, rook)
    forward = 1 if seat == WHITE else -1
    start_rank = 0 if seat == WHITE else RANKS - 1
    goal_rank = RANKS - 1 - start_rank
    value = 0.0
    candidate_cell = -1
    for cell, mask in enumerate(board):
        if mask is None or mask.owner != seat or mask.kind is None:
            continue
        progress = (cell // 5 - start_rank) * forward
        if mask.kind is MaskType.CANDIDATE:
            candidate_cell = cell
            continue
        value += ADVANCE_STEP * progress
        value -= HANGING_WEIGHT * MATERIAL[mask.kind] * (1.0 - safe.get(cell, 1.0))
    if candidate_cell >= 0:
        danger = 1.0 - safe.get(candidate_cell, 1.0)
        value += LOSS * danger
        value += CANDIDATE_STEP * (candidate_cell // 5 - start_rank) * forward * (1.0 - danger)
        if any(there // 5 == goal_rank and board[there] is None for there in AROUND[candidate_cell]) and danger == 0.0:
            value += PALACE_THREAT * WIN
    value += LOSS * plain_palace_danger(board, seat, beliefs)
    return value


def plain_safety(board, seat, beliefs, rook):
    opponent = 1 - seat
    safe = {}
    for cell, odds in beliefs.items():
        if board[cell] is None:
            continue
        reach = {}
        orthogonal = odds.get(MaskType.NOBLE, 0.0) + odds.get(MaskType.CANDIDATE, 0.0)
        diagonal = odds.get(MaskType.ADVISOR, 0.0) + odds.get(MaskType.CANDIDATE, 0.0)
        if orthogonal > 0:
            for there in ORTHOGONAL[cell]:
                reach[there] = reach.get(there, 0.0) + orthogonal
        if diagonal > 0:
            for there in DIAGONAL[cell]:
                reach[there] = reach.get(there, 0.0) + diagonal
        soldier = odds.get(MaskType.SOLDIER, 0.0)
        if soldier > 0 and not is_in_opponent_palace(cell, opponent):
            for ray in ROOK_RAYS[cell] if rook else (FORWARD_RAYS[opponent][cell],):
                for there in ray:
                    if board[there] is not None:
                        reach[there] = reach.get(there, 0.0) + soldier
                        break
        for there, chance in reach.items():
            mask = board[there]
            if mask is not None and mask.owner == seat:
                safe[there] = safe.get(there, 1.0) * (1.0 - min(chance, 1.0))
    return safe


def plain_palace_danger(board, seat, beliefs):
    own_palace_row = WHITE_PALACE_ROW if seat == WHITE else BLACK_PALACE_ROW
    danger = 0.0
    for cell, odds in beliefs.items():
        chance = odds.get(MaskType.CANDIDATE, 0.0)
        if chance <= 0 or board[cell] is None:
            continue
        for there in AROUND[cell]:
            if there // 5 != own_palace_row:
                continue
            mask = board[there]
            if mask is None or (mask.owner == seat and mask.kind is not MaskType.LADY):
                danger += chance
                break
    return min(danger, 1.0)


def match_states(seed, options):
    """Every play state of a match where White plays the autopilot and Black mostly so (a fifth at random)."""
    state = GAME.initial_state(seed, 2, options)
    for ply in range(300):
        active = sorted(GAME.to_move(state))
        if not active:
            return
        seat = active[0]
        legal = GAME.legal_moves(state, seat)
        if state.phase is Phase.PLAY:
            yield state
        rng = Rng(seed, ply, 3)
        if seat == 1 and rng.random() < 0.2:
            move = legal[rng.below(len(legal))]
        else:
            move = GAME.autopilot_move(GAME.view(state, seat), legal)
        state, _ = GAME.apply(state, seat, move)


@pytest.mark.parametrize("options", VARIANTS, ids=["plain", "rook", "reveal", "rook-reveal"])
def test_every_move_scores_as_the_plain_reading_says(options):
    scored = captures = 0
    for seed in range(4):
        for state in match_states(seed, options):
            seat = state.side
            view = GAME.view(state, seat)
            steps = [move for move in GAME.legal_moves(state, seat) if isinstance(move, Step)]
            rook = _is_rook_soldier(view, seat, steps)
            beliefs = _beliefs(view, seat, rook)
            judge = _Judge(view, seat, beliefs, rook)
            for move in steps:
                expected = plain_score(view, seat, move, beliefs, rook)
                assert judge.score(move) == expected, f"seed={seed} {state} {GAME.move_code(move)}"
                scored += 1
                captures += view.board[move.target] is not None
    assert scored > 1000 and captures > 20
