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
from games.volto.model import CELL_COUNT, RANKS, ROSTER, SETUP_CELLS, WHITE, MaskType, Phase
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

_ALL_KINDS: Final = frozenset(MaskType)
"""Every mask type, as a set to copy (iterating the enum itself is slow)."""

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
    judge = _Judge(view, seat, beliefs, rook)
    best = steps[0]
    best_score = -float("inf")
    for move in steps:
        score = judge.score(move)
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
    # the odds differ only by whether the cell is on our palace row and whether its mask made the last move
    alike: dict[tuple[bool, bool], dict[MaskType, float]] = {}
    for cell in unknown:
        case = (cell // 5 == own_palace_row, moved is not None and moved[0] == cell)
        odds = alike.get(case)
        if odds is None:
            allowed = set(_ALL_KINDS)
            if case[0]:
                allowed.discard(MaskType.CANDIDATE)
            if moved is not None and case[1]:
                allowed &= moved[1]
            raw = {kind: weight for kind, weight in weights.items() if kind in allowed and weight > 0}
            total = sum(raw.values())
            if total <= 0:
                # the view contradicts the pool (it cannot in a real match): spread evenly
                raw = {kind: 1.0 for kind in MaskType if kind in allowed} or {MaskType.NOBLE: 1.0}
                total = float(len(raw))
            odds = alike[case] = {kind: weight / total for kind, weight in raw.items()}
        beliefs[cell] = dict(odds)
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

Board = list[SeenMask | None]
_HANGING: Final = {kind: HANGING_WEIGHT * MATERIAL[kind] for kind in MaskType}
"""What a mask of each type that the opponent captures next move for sure costs."""
_ADVANCE: Final = tuple(
    tuple(
        ADVANCE_STEP * ((cell // 5 - (0 if seat == WHITE else RANKS - 1)) * (1 if seat == WHITE else -1))
        for cell in range(CELL_COUNT)
    )
    for seat in (0, 1)
)
"""Per seat and cell: the credit of a mask (not the Candidate) standing there for how far it advanced."""
_CANDIDATE_STEP: Final = tuple(
    tuple(
        CANDIDATE_STEP * (cell // 5 - (0 if seat == WHITE else RANKS - 1)) * (1 if seat == WHITE else -1)
        for cell in range(CELL_COUNT)
    )
    for seat in (0, 1)
)
"""Per seat and cell: the credit of our Candidate standing there, before its danger is counted."""
_GOAL_NEIGHBOURS: Final = tuple(
    tuple(tuple(there for there in AROUND[cell] if there // 5 == RANKS - 1 - start) for cell in range(CELL_COUNT))
    for start in (0, RANKS - 1)
)
"""Per seat and cell: the neighbours on the opponent's palace row (where our Candidate would win)."""


class _Threat:
    """What one opponent mask may capture next move, by the beliefs about its type.

    ``reach``: the chance it reaches each cell by a step (Noble, Advisor or Candidate moves,
    which no mask blocks); ``spared``: for each of those cells, the chance it does *not*
    take from there; ``soldier`` and ``rays``: its chance of being the Soldier and the rays
    it would walk (stopped by the first mask, which is the one it may take); ``on_rays``:
    every cell of those rays; ``near``: every cell it may capture on.

    Read only once built: :func:`_threat` shares them between decisions.
    """

    __slots__ = ("cell", "near", "on_rays", "rays", "reach", "soldier", "spared")

    def __init__(
        self, cell: int, orthogonal: float, diagonal: float, soldier: float, opponent: Seat, rook: bool
    ) -> None:
        reach: dict[int, float] = {}
        if orthogonal > 0:
            for there in ORTHOGONAL[cell]:
                reach[there] = reach.get(there, 0.0) + orthogonal
        if diagonal > 0:
            for there in DIAGONAL[cell]:
                reach[there] = reach.get(there, 0.0) + diagonal
        self.cell = cell
        self.reach = reach
        self.spared = {there: 1.0 - min(chance, 1.0) for there, chance in reach.items()}
        self.soldier = soldier
        self.rays: tuple[tuple[int, ...], ...] = ()
        if soldier > 0 and not is_in_opponent_palace(cell, opponent):
            self.rays = ROOK_RAYS[cell] if rook else (FORWARD_RAYS[opponent][cell],)
        self.on_rays = frozenset(there for ray in self.rays for there in ray)
        self.near = self.on_rays.union(reach)

    def watched(self, board: Board) -> frozenset[int]:
        """The cells of the rays up to the first mask on each in ``board`` (all of a ray without one).

        Only a move that empties or fills one of them changes what the Soldier may take.
        """
        cells: list[int] = []
        for ray in self.rays:
            for there in ray:
                cells.append(there)
                if board[there] is not None:
                    break
        return frozenset(cells)

    def soldier_spared(self, board: Board) -> dict[int, float]:
        """For the first mask on each ray in ``board``, the chance it is not taken (step and Soldier together)."""
        hits: dict[int, float] = {}
        for ray in self.rays:
            for there in ray:
                if board[there] is not None:
                    hits[there] = 1.0 - min(self.reach.get(there, 0.0) + self.soldier, 1.0)
                    break
        return hits


_THREATS: dict[tuple[int, float, float, float, Seat, bool], _Threat] = {}
"""Memo of :func:`_threat`: the beliefs repeat from one decision to the next."""
_THREATS_LIMIT: Final = 1 << 14
"""The memo is emptied when it holds this many threats (a few megabytes)."""


def _threat(cell: int, odds: dict[MaskType, float], opponent: Seat, rook: bool) -> _Threat:
    """The threat of ``opponent``'s mask on ``cell`` with these ``odds`` (shared, never changed)."""
    orthogonal = odds.get(MaskType.NOBLE, 0.0) + odds.get(MaskType.CANDIDATE, 0.0)
    diagonal = odds.get(MaskType.ADVISOR, 0.0) + odds.get(MaskType.CANDIDATE, 0.0)
    soldier = odds.get(MaskType.SOLDIER, 0.0)
    key = (cell, orthogonal, diagonal, soldier, opponent, rook)
    threat = _THREATS.get(key)
    if threat is None:
        if len(_THREATS) >= _THREATS_LIMIT:
            _THREATS.clear()
        threat = _THREATS[key] = _Threat(cell, orthogonal, diagonal, soldier, opponent, rook)
    return threat


class _Judge:
    """Scores the seat's moves; what does not depend on the move is worked out once per decision.

    Why: a decision scores every legal move and each score judges the position after it,
    and a search rollout asks for thousands of decisions. A move changes two cells, so the
    chance that each of our masks survives is taken from the position before the move for
    every mask whose threats the move leaves as they were (:meth:`_changes`), and worked
    out again (:meth:`_spared`) only for the others. Every sum and product is taken in the order of the plain
    reading (the module docstring), each mask's survival chance as the product over the
    opponent's masks in the beliefs' order, so the scores are the same to the last bit and
    ties still go to the first move.
    """

    def __init__(self, view: VoltoView, seat: Seat, beliefs: Beliefs, rook: bool) -> None:
        self.view, self.seat, self.beliefs = view, seat, beliefs
        opponent = 1 - seat
        own_palace_row = WHITE_PALACE_ROW if seat == WHITE else BLACK_PALACE_ROW
        board = list(view.board)
        self.own = [cell for cell, mask in enumerate(board) if _is_known_own(mask, seat)]
        self.threats = [_threat(cell, odds, opponent, rook) for cell, odds in beliefs.items()]
        self.index = {threat.cell: index for index, threat in enumerate(self.threats)}
        self.hits = [threat.soldier_spared(board) for threat in self.threats]
        # per Soldier: the cells of its rays up to the first mask, where a move changes what it takes
        self.soldiers = [(index, threat.watched(board)) for index, threat in enumerate(self.threats) if threat.rays]
        self.near: dict[int, list[int]] = {}  # per cell asked for: the threats that may capture there, in order
        # the survival chances before the move: per cell, the product over the threats in order
        self.safe = dict.fromkeys(self.own, 1.0)
        for threat, soldier in zip(self.threats, self.hits, strict=True):
            for there, spared in threat.spared.items():
                if there in self.safe and there not in soldier:
                    self.safe[there] *= spared
            for there, spared in soldier.items():
                if there in self.safe:
                    self.safe[there] *= spared
        self.advance, self.candidate_step = _ADVANCE[seat], _CANDIDATE_STEP[seat]
        self.goal_neighbours = _GOAL_NEIGHBOURS[seat]
        # before the move: where our Candidate stands, and what each other mask's danger costs
        self.candidate = -1
        self.charge: dict[int, float] = {}
        for cell in self.own:
            mask = board[cell]
            assert mask is not None and mask.kind is not None
            if mask.kind is MaskType.CANDIDATE:
                self.candidate = cell
            else:
                self.charge[cell] = _HANGING[mask.kind] * (1.0 - self.safe[cell])
        self.candidates: list[tuple[int, float, tuple[int, ...]]] = []
        for cell, odds in beliefs.items():
            candidate = odds.get(MaskType.CANDIDATE, 0.0)
            if candidate > 0:
                palace = tuple(there for there in AROUND[cell] if there // 5 == own_palace_row)
                self.candidates.append((cell, candidate, palace))
        # a move changes the palace danger only if it takes a possible Candidate or moves next to one
        self.palace_watch = {there for cell, _, palace in self.candidates for there in (cell, *palace)}
        self.palace_danger = self._palace_danger(board, -1)

    def score(self, move: Step) -> float:
        """The expected worth of ``move``: the capture's outcome plus the position after."""
        view, seat = self.view, self.seat
        origin, target = move.origin, move.target
        board = list(view.board)
        mover = board[origin]
        assert mover is not None and mover.kind is not None
        kind = mover.kind
        victim = board[target]
        board[origin] = None
        own = [cell for cell in self.own if cell != origin]
        if victim is None:
            board[target] = mover
            if kind is MaskType.CANDIDATE and is_in_opponent_palace(target, seat):
                return WIN
            return self._position(board, _with_cell(own, target), origin, target, -1)
        odds = self.beliefs.get(target, {victim.kind: 1.0} if victim.kind is not None else {MaskType.NOBLE: 1.0})
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
                    fallen[target] = None
                    after = self._position(fallen, own, origin, target, target)
                    total += chance * (after - MATERIAL[kind] - LADY_CAPTURE_COST)
            else:
                total += chance * MATERIAL[victim_kind]
                rest += chance
        if rest > 0:
            board[target] = mover
            if kind is MaskType.CANDIDATE and is_in_opponent_palace(target, seat):
                total += rest * WIN
            else:
                total += rest * self._position(board, _with_cell(own, target), origin, target, target)
        return total

    def _position(self, board: Board, own: list[int], origin: int, target: int, taken: int) -> float:
        """How good ``board`` (after a move from ``origin`` to ``target``) is, the opponent to move.

        ``own`` lists the seat's cells in ``board``, ascending; ``taken`` is the cell of the
        opponent's mask the move captured (its beliefs no longer count), or -1. See the
        module docstring; each of our masks is charged with the chance that it is captured
        next move (:meth:`_changes`).
        """
        changed, hits = self._changes(board, origin, target, taken)
        before, charge, advance = self.safe, self.charge, self.advance
        value = 0.0
        candidate_cell = -1
        candidate_safe = 1.0
        for cell in own:
            if cell in changed:
                mask = board[cell]
                assert mask is not None and mask.kind is not None
                safe = self._spared(cell, board, hits, taken)
                if mask.kind is MaskType.CANDIDATE:
                    candidate_cell, candidate_safe = cell, safe
                    continue
                value += advance[cell]
                value -= _HANGING[mask.kind] * (1.0 - safe)
            elif cell == self.candidate:
                candidate_cell, candidate_safe = cell, before[cell]
            else:
                value += advance[cell]
                value -= charge[cell]
        if candidate_cell >= 0:
            danger = 1.0 - candidate_safe
            value += LOSS * danger
            value += self.candidate_step[candidate_cell] * (1.0 - danger)
            if danger == 0.0 and any(board[there] is None for there in self.goal_neighbours[candidate_cell]):
                value += PALACE_THREAT * WIN
        watch = self.palace_watch
        if origin in watch or target in watch:
            value += LOSS * self._palace_danger(board, taken)
        else:
            value += LOSS * self.palace_danger
        return value

    def _changes(self, board: Board, origin: int, target: int, taken: int) -> tuple[set[int], list[dict[int, float]]]:
        """The cells whose survival chance the move changed, and the Soldiers' hits in ``board``.

        A move changes ``target``, the cells a captured mask reached, and those a Soldier's
        ray reaches before or after the move when the move emptied or filled a cell of that
        ray; every other cell keeps the chance it had before the move.
        """
        hits = self.hits
        changed: set[int] = {target}
        for index, watched in self.soldiers:
            if origin not in watched and target not in watched:
                continue
            now = self.threats[index].soldier_spared(board)
            if now != hits[index]:
                if hits is self.hits:
                    hits = list(hits)
                changed.update(hits[index])
                changed.update(now)
                hits[index] = now
        if taken >= 0:
            index = self.index[taken]
            changed.update(self.threats[index].reach)
            changed.update(self.hits[index])
        return changed, hits

    def _spared(self, cell: int, board: Board, hits: list[dict[int, float]], taken: int) -> float:
        """The chance the seat's mask on ``cell`` is not captured: the product over the threats, in order."""
        chance = 1.0
        threats = self.threats
        near = self.near.get(cell)
        if near is None:
            near = self.near[cell] = [index for index, threat in enumerate(threats) if cell in threat.near]
        for index in near:
            threat = threats[index]
            if threat.cell == taken or board[threat.cell] is None:
                continue
            spared = hits[index].get(cell)
            if spared is None:
                spared = threat.spared.get(cell)
                if spared is None:
                    continue
            chance *= spared
        return chance

    def _palace_danger(self, board: Board, taken: int) -> float:
        """The chance that the opponent's Candidate can step onto the seat's palace row next move."""
        seat = self.seat
        danger = 0.0
        for cell, chance, palace in self.candidates:
            if cell == taken or board[cell] is None:
                continue
            for there in palace:
                mask = board[there]
                if mask is None or (mask.owner == seat and mask.kind is not MaskType.LADY):
                    danger += chance
                    break
        return min(danger, 1.0)


def _is_known_own(mask: SeenMask | None, seat: Seat) -> bool:
    return mask is not None and mask.owner == seat and mask.kind is not None


def _with_cell(cells: list[int], cell: int) -> list[int]:
    """``cells`` (ascending) with ``cell`` added in its place."""
    return sorted([*cells, cell])
