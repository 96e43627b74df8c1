"""The Volto autopilot: a greedy one-move look-ahead from what one seat may see.

Why this shape: the autopilot plays timed-out decisions in the service's hot path, so it must
be fast and must not peek. It reads only the seat's :class:`VoltoView`, in which every
opponent mask is a question mark unless it was captured, and reasons with probabilities:

* **What an unknown mask may be.** The opponent's roster minus the types revealed by
  captures gives the hidden pool. Every Lady that was not captured and the Candidate are on
  the board (a Lady never captures, so she never falls as a capturer; a lost Candidate ends
  the match), so an unknown mask is a Lady with chance ``ladies left / unknown masks``.
  The public last move narrows the mask that made it (a long straight walk is the Soldier,
  a diagonal step rules out a Noble, a capture rules out a Lady), and a mask standing on our
  palace row is no Candidate (it would have won).
* **Scoring a move.** A capture is worth its expected outcome: the Candidate wins, a Lady
  costs the capturer (and loses the match when it is the second Lady or the capturer is our
  Candidate), anything else is material. The position after the move is then charged with
  the chance that the opponent captures our Candidate or walks theirs onto our palace row
  next move, and with the expected material left hanging; it is credited for our Candidate
  walking safely toward the opponent's palace.
* **Setup.** ``auto`` lays the masks out at random from the match seed (so the arrangement
  cannot be learnt), but a Candidate left on the front row is taken back with ``undo`` and
  put on a back-row cell chosen from the arrangement itself, before ``auto`` fills the rest
  and ``ready`` confirms.

Ties go to the first move in legal-move order, so the choice is deterministic.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from games.core import Seat
from games.volto.board import AROUND, DIAGONAL, FORWARD_RAYS, ORTHOGONAL, ROOK_RAYS, is_in_opponent_palace
from games.volto.model import RANKS, ROSTER, SETUP_CELLS, WHITE, MaskType, Phase
from games.volto.moves import Place, SetupCommand, Step, VoltoMove
from games.volto.view import SeenMask, VoltoView

WIN: Final = 1000.0
"""The value of winning the match now."""
LOSS: Final = -2000.0
"""The value of losing the match now: a loss weighs twice a win, so a coin flip between
winning and losing on the spot (capturing a mask that is the Candidate or the last Lady
with equal chances) is refused while the match can still be won on the board."""
MATERIAL: Final[dict[MaskType, float]] = {
    MaskType.NOBLE: 3.0,
    MaskType.ADVISOR: 3.0,
    MaskType.SOLDIER: 4.0,
    MaskType.LADY: 0.0,
    MaskType.CANDIDATE: 0.0,
}
"""What losing one of our masks (or capturing one of theirs) is worth in material.

A Lady is worth nothing to protect: whoever captures her loses the capturer.
"""
LADY_CAPTURE_COST: Final = 1.0
"""Extra cost of capturing a Lady (beyond the capturer): one step nearer to losing by Ladies."""
HANGING_WEIGHT: Final = 0.6
"""How much of a hanging mask's value to charge (the opponent may not see or take it)."""
CANDIDATE_STEP: Final = 0.6
"""Credit per rank our Candidate has advanced toward the opponent's palace."""
ADVANCE_STEP: Final = 0.05
"""Credit per rank any other mask has advanced: a nudge out of aimless shuffling."""
PALACE_THREAT: Final = 0.4
"""Share of a win credited when our Candidate stands next to a free cell of the palace row."""

WHITE_PALACE_ROW: Final = 0
BLACK_PALACE_ROW: Final = RANKS - 1
_BACK_ROW: Final = 5
"""Setup cells 0..4 of each seat are its palace row (White a1..e1, Black a7..e7)."""
_CANDIDATE: Final = MaskType.CANDIDATE.value

Beliefs = dict[int, dict[MaskType, float]]
"""For every opponent mask on the board (by cell), the chance of each type."""


def autopilot_move(view: VoltoView, legal: Sequence[VoltoMove]) -> VoltoMove:
    """One of ``legal``, chosen from ``view`` alone (see the module docstring)."""
    if not legal:
        raise ValueError("the autopilot needs at least one legal move")
    if view.phase is Phase.SETUP or view.viewer is None:
        return _setup_move(view, legal)
    steps = [move for move in legal if isinstance(move, Step)]
    if not steps:
        return legal[0]
    seat = view.viewer
    rook = _is_rook_soldier(view, seat, steps)
    beliefs = _beliefs(view, seat, rook)
    best = steps[0]
    best_score = -float("inf")
    for move in steps:
        score = _score(view, seat, move, beliefs, rook)
        if score > best_score:
            best, best_score = move, score
    return best


# --- Setup ----------------------------------------------------------------------------------


def _setup_move(view: VoltoView, legal: Sequence[VoltoMove]) -> VoltoMove:
    """auto; take a front-row Candidate back; a back-row Candidate; auto; ready (stateless).

    A player may have placed masks on any cells before the autopilot took over, so the
    own board is read cell by cell: ``undo`` always takes the latest placement back, and
    the Candidate goes on the first free back-row cell.
    """
    seat = view.viewer if view.viewer is not None else WHITE
    by_cell = _placed_by_cell(view, seat)
    placed = "".join(by_cell.values())
    count = len(placed)
    on_back_row = [cell for cell in SETUP_CELLS[seat][:_BACK_ROW] if by_cell.get(cell) == _CANDIDATE]
    placed_candidate = _CANDIDATE in placed
    free_back = [cell for cell in SETUP_CELLS[seat][:_BACK_ROW] if cell not in by_cell]
    wanted: VoltoMove
    if count == len(SETUP_CELLS[seat]):
        wanted = SetupCommand.READY if on_back_row else SetupCommand.UNDO
    elif placed_candidate and not on_back_row:
        wanted = SetupCommand.UNDO
    elif placed_candidate or count == 0:
        wanted = SetupCommand.AUTO
    elif free_back and _is_candidate_cell(placed):
        wanted = Place(free_back[0], MaskType.CANDIDATE)
    else:
        wanted = SetupCommand.UNDO
    return wanted if wanted in legal else legal[0]


def _placed_by_cell(view: VoltoView, seat: Seat) -> dict[int, str]:
    """The type letter on each of the seat's filled setup cells, in setup order (read off its own board)."""
    letters: dict[int, str] = {}
    for cell in SETUP_CELLS[seat]:
        mask = view.board[cell]
        if mask is not None and mask.kind is not None:
            letters[cell] = mask.kind.value
    return letters


def _is_candidate_cell(placed: str) -> bool:
    """Whether the next back-row cell takes the Candidate: about one chance in (free cells).

    Derived from the letters already placed (themselves drawn from the match seed), so the
    back-row file of a re-placed Candidate is spread over the row yet reproducible.
    """
    if not placed:
        return True
    digest = 0
    for letter in placed:
        digest = (digest * 31 + ord(letter)) % 1_000_003
    return digest % (len(placed) + 1) == 0


# --- Knowledge --------------------------------------------------------------------------------


def _is_rook_soldier(view: VoltoView, seat: Seat, steps: Sequence[Step]) -> bool:
    """Whether the rook-Soldier variant is on, as far as our own Soldier's moves show it."""
    for move in steps:
        mask = view.board[move.origin]
        if mask is not None and mask.kind is MaskType.SOLDIER and move.target not in FORWARD_RAYS[seat][move.origin]:
            return True
    return False


def _beliefs(view: VoltoView, seat: Seat, rook: bool) -> Beliefs:
    """The chance of each type for every opponent mask on the board (module docstring)."""
    opponent = 1 - seat
    pool = dict(ROSTER)
    for mask in view.removed:
        # a fallen capturer of unknown type is neither a Lady nor the Candidate: it only
        # shrinks the share of Nobles, Advisors and the Soldier still on the board
        if mask.owner == opponent and mask.kind is not None:
            pool[mask.kind] -= 1
    unknown: list[int] = []
    beliefs: Beliefs = {}
    for cell, seen in enumerate(view.board):
        if seen is None or seen.owner != opponent:
            continue
        if seen.kind is not None:
            pool[seen.kind] -= 1
            beliefs[cell] = {seen.kind: 1.0}
        else:
            unknown.append(cell)
    if not unknown:
        return beliefs
    # every Lady not captured is on the board (she never falls as a capturer)
    pool[MaskType.LADY] = min(pool[MaskType.LADY], ROSTER[MaskType.LADY] - view.ladies_captured[opponent])
    others = (MaskType.NOBLE, MaskType.ADVISOR, MaskType.SOLDIER)
    other_pool = sum(max(pool[kind], 0) for kind in others)
    other_on_board = max(len(unknown) - max(pool[MaskType.LADY], 0) - max(pool[MaskType.CANDIDATE], 0), 0)
    share = other_on_board / other_pool if other_pool else 0.0
    weights = {kind: max(pool[kind], 0) * share for kind in others}
    weights[MaskType.LADY] = float(max(pool[MaskType.LADY], 0))
    weights[MaskType.CANDIDATE] = float(max(pool[MaskType.CANDIDATE], 0))
    moved = _last_move_kinds(view, opponent, rook)
    own_palace_row = WHITE_PALACE_ROW if seat == WHITE else BLACK_PALACE_ROW
    for cell in unknown:
        allowed = set(MaskType)
        if cell // 5 == own_palace_row:
            allowed.discard(MaskType.CANDIDATE)
        if moved is not None and moved[0] == cell:
            allowed &= moved[1]
        raw = {kind: weight for kind, weight in weights.items() if kind in allowed and weight > 0}
        total = sum(raw.values())
        if total <= 0:
            # the view contradicts the pool (it cannot in a real match): spread evenly
            raw = {kind: 1.0 for kind in MaskType if kind in allowed} or {MaskType.NOBLE: 1.0}
            total = float(len(raw))
        beliefs[cell] = {kind: weight / total for kind, weight in raw.items()}
    return beliefs


def _last_move_kinds(view: VoltoView, opponent: Seat, rook: bool) -> tuple[int, set[MaskType]] | None:
    """The opponent mask that made the last move, and the types its move allows."""
    last = view.last_move
    if last is None or last.seat != opponent:
        return None
    d_file = last.target % 5 - last.origin % 5
    d_rank = last.target // 5 - last.origin // 5
    forward = 1 if opponent == WHITE else -1
    if abs(d_file) == 1 and abs(d_rank) == 1:
        allowed = {MaskType.ADVISOR, MaskType.CANDIDATE, MaskType.LADY}
    elif max(abs(d_file), abs(d_rank)) == 1:
        allowed = {MaskType.NOBLE, MaskType.CANDIDATE, MaskType.LADY}
        if rook or (d_file == 0 and d_rank == forward):
            allowed.add(MaskType.SOLDIER)
    else:
        allowed = {MaskType.SOLDIER}
    if last.captured:
        allowed.discard(MaskType.LADY)
    return last.target, allowed


# --- Scoring ----------------------------------------------------------------------------------


def _score(view: VoltoView, seat: Seat, move: Step, beliefs: Beliefs, rook: bool) -> float:
    """The expected worth of ``move`` for ``seat``: the capture's outcome plus the position after."""
    board = list(view.board)
    mover = board[move.origin]
    assert mover is not None and mover.kind is not None
    kind = mover.kind
    victim = board[move.target]
    board[move.origin] = None
    if victim is None:
        board[move.target] = mover
        if kind is MaskType.CANDIDATE and is_in_opponent_palace(move.target, seat):
            return WIN
        return _position(board, seat, beliefs, rook)
    odds = beliefs.get(move.target, {victim.kind: 1.0} if victim.kind is not None else {MaskType.NOBLE: 1.0})
    opponent = 1 - seat
    ladies_taken = view.ladies_captured[opponent]
    total = 0.0
    rest = 0.0
    for victim_kind, chance in odds.items():
        if victim_kind is MaskType.CANDIDATE:
            total += chance * WIN
        elif victim_kind is MaskType.LADY:
            if kind is MaskType.CANDIDATE or ladies_taken + 1 >= ROSTER[MaskType.LADY]:
                total += chance * LOSS
            else:
                fallen = list(board)
                fallen[move.target] = None
                after = _position(fallen, seat, _without(beliefs, move.target), rook)
                total += chance * (after - MATERIAL[kind] - LADY_CAPTURE_COST)
        else:
            total += chance * MATERIAL[victim_kind]
            rest += chance
    if rest > 0:
        board[move.target] = mover
        if kind is MaskType.CANDIDATE and is_in_opponent_palace(move.target, seat):
            total += rest * WIN
        else:
            total += rest * _position(board, seat, _without(beliefs, move.target), rook)
    return total


def _without(beliefs: Beliefs, cell: int) -> Beliefs:
    """``beliefs`` without the mask on ``cell`` (captured)."""
    return {where: odds for where, odds in beliefs.items() if where != cell}


def _position(board: list[SeenMask | None], seat: Seat, beliefs: Beliefs, rook: bool) -> float:
    """How good ``board`` is for ``seat`` with the opponent to move (see the module docstring)."""
    safe = _safety(board, seat, beliefs, rook)
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
    value += LOSS * _palace_danger(board, seat, beliefs)
    return value


def _safety(board: list[SeenMask | None], seat: Seat, beliefs: Beliefs, rook: bool) -> dict[int, float]:
    """For each of ``seat``'s cells the opponent may capture on, the chance it is *not* captured."""
    opponent = 1 - seat
    safe: dict[int, float] = {}
    for cell, odds in beliefs.items():
        if board[cell] is None:
            continue
        reach: dict[int, float] = {}
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
            rays = ROOK_RAYS[cell] if rook else (FORWARD_RAYS[opponent][cell],)
            for ray in rays:
                for there in ray:
                    if board[there] is not None:
                        reach[there] = reach.get(there, 0.0) + soldier
                        break
        for there, chance in reach.items():
            mask = board[there]
            if mask is not None and mask.owner == seat:
                safe[there] = safe.get(there, 1.0) * (1.0 - min(chance, 1.0))
    return safe


def _palace_danger(board: list[SeenMask | None], seat: Seat, beliefs: Beliefs) -> float:
    """The chance that the opponent's Candidate can step onto ``seat``'s palace row next move."""
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
