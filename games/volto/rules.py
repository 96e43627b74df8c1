"""The Volto rules: who moves, which moves are legal and why not, and what a move does.

Everything that decides the match lives here: the setup steps, move checks with their
player-facing errors, capture effects (rules §6) and the end-of-move checks in the order of
rules §7 (M6, M7, M9). What each seat may see (§8, M8) is :mod:`games.volto.view`; the
labels the bot shows are :mod:`games.volto.labels`; :mod:`games.volto.game` wires it all
into the ``games.core.Game`` contract.

Seats: seat 0 is White (ranks 1-2, moves first), seat 1 is Black (ranks 6-7). The service
assigns users to seats at random, which is how "random first player" (M12) is met.
"""

from __future__ import annotations

from typing import Final

from games.core import (
    Event,
    IllegalMove,
    InvalidMove,
    Message,
    NotYourTurn,
    Outcome,
    Rng,
    Seat,
    msg,
)
from games.volto.board import (
    AROUND,
    SEAT_LETTERS,
    destinations,
    has_play_move,
    is_in_opponent_palace,
    play_moves,
    soldier_rays,
)
from games.volto.labels import mask_name, owner_name, seat_name
from games.volto.model import (
    BLACK,
    CELL_COUNT,
    PALACE_RANK,
    ROSTER,
    SETUP_CELLS,
    WHITE,
    LastMove,
    MaskType,
    Phase,
    RemovedMask,
    cell_name,
)
from games.volto.moves import Place, SetupCommand, Step, VoltoMove, move_code
from games.volto.state import (
    EMPTY,
    MASKS_PER_SEAT,
    VoltoState,
    kind_of,
    letter_of,
    owner_of,
    position_key,
)

SEATS: Final = (WHITE, BLACK)
MAX_PLY_CAP: Final = 10_000
"""The longest match the ``ply_cap`` and ``no_capture_limit`` options may ask for."""
MAX_REPETITION_LIMIT: Final = 100
_EVERYONE: Final = None


def _only(seat: Seat) -> frozenset[Seat]:
    return frozenset({seat})


def _available(placed: str) -> list[MaskType]:
    """The types still to place, in :class:`MaskType` order, one entry per mask."""
    return [kind for kind, count in ROSTER.items() for _ in range(count - placed.count(kind.value))]


# --- Turn order and legal moves -------------------------------------------------------


def to_move(state: VoltoState) -> frozenset[Seat]:
    """Both unconfirmed seats during setup; the side to move in play; nobody once over."""
    if state.phase is Phase.SETUP:
        return frozenset(seat for seat in SEATS if not state.ready[seat])
    if state.phase is Phase.PLAY:
        return frozenset({state.side})
    return frozenset()


def legal_moves(state: VoltoState, seat: Seat) -> list[VoltoMove]:
    """Every legal move of ``seat``, in this order.

    Setup: one placement per free setup cell (in ``SETUP_CELLS`` order) and type still
    available (in the order N, A, C, L, S), then ``auto`` (while a cell is free), ``undo``
    (once something is placed), ``ready`` (once all 10 are placed). Play: by from-cell
    index, then to-cell index (a1 = 0 ... e7 = 34).
    """
    if seat not in to_move(state):
        return []
    if state.phase is Phase.PLAY:
        return list(play_moves(state.board, seat, state.options.rook_soldier))
    placed = state.placed[seat]
    moves: list[VoltoMove] = []
    if len(placed) < MASKS_PER_SEAT:
        kinds = [kind for kind in ROSTER if placed.count(kind.value) < ROSTER[kind]]
        moves.extend(Place(cell, kind) for cell in free_setup_cells(state, seat) for kind in kinds)
        moves.append(SetupCommand.AUTO)
    if placed:
        moves.append(SetupCommand.UNDO)
    if len(placed) == MASKS_PER_SEAT:
        moves.append(SetupCommand.READY)
    return moves


def free_setup_cells(state: VoltoState, seat: Seat) -> list[int]:
    """``seat``'s setup cells that hold no mask yet, in ``SETUP_CELLS`` order."""
    taken = state.placed_cells[seat]
    return [cell for cell in SETUP_CELLS[seat] if cell not in taken]


# --- Checking moves -------------------------------------------------------------------


def check(state: VoltoState, seat: Seat, move: VoltoMove, text: str) -> None:
    """Raise the :class:`MoveError` that explains why ``move`` is not legal, if it is not."""
    if seat not in SEATS:
        raise NotYourTurn("volto.error.not_your_turn", f"{text!r}: it is not your turn.", move=text)
    if state.phase is Phase.OVER:
        raise NotYourTurn("volto.error.match_over", f"{text!r}: the match is over.", move=text)
    if state.phase is Phase.SETUP:
        if state.ready[seat]:
            raise NotYourTurn(
                "volto.error.setup_confirmed",
                f"{text!r}: you have confirmed your arrangement; play starts when your opponent confirms theirs.",
                move=text,
            )
        if isinstance(move, Step):
            raise IllegalMove(
                "volto.error.in_setup",
                f"{text!r}: the masks are still being arranged; place yours with a1=N, undo, auto and ready.",
                move=text,
            )
        _check_setup(state, seat, move, text)
        return
    if seat != state.side:
        raise NotYourTurn("volto.error.not_your_turn", f"{text!r}: it is not your turn.", move=text)
    if not isinstance(move, Step):
        raise IllegalMove(
            "volto.error.not_in_setup",
            f"{text!r}: the arrangement is over; move a mask from one cell to another, like c2-c3.",
            move=text,
        )
    _check_step(state, seat, move, text)


def _check_setup(state: VoltoState, seat: Seat, move: Place | SetupCommand, text: str) -> None:
    placed = state.placed[seat]
    full = len(placed) == MASKS_PER_SEAT
    if move is SetupCommand.UNDO:
        if not placed:
            raise IllegalMove(
                "volto.error.setup_nothing_to_undo", f"{text!r}: there is no placement to take back.", move=text
            )
        return
    if move is SetupCommand.READY:
        if not full:
            count = MASKS_PER_SEAT - len(placed)
            raise IllegalMove(
                "volto.error.setup_incomplete",
                f"{text!r}: place all your masks first ({count} still to go).",
                move=text,
                count=count,
            )
        return
    if full:
        raise IllegalMove(
            "volto.error.setup_full",
            f"{text!r}: all 10 masks are placed; confirm with ready or take one back with undo.",
            move=text,
        )
    if isinstance(move, Place):
        if move.cell not in SETUP_CELLS[seat]:
            raise IllegalMove(
                "volto.error.setup_wrong_cell",
                f"{text!r}: {cell_name(move.cell)} is not on your two back rows; place your masks there.",
                move=text,
                cell=cell_name(move.cell),
            )
        if move.cell in state.placed_cells[seat]:
            taken = placed[state.placed_cells[seat].index(move.cell)]
            raise IllegalMove(
                "volto.error.setup_cell_taken",
                f"{text!r}: {cell_name(move.cell)} already holds your {MaskType(taken).name.title()}; "
                "choose a free cell (undo takes your last placement back).",
                move=text,
                cell=cell_name(move.cell),
                mask=mask_name(MaskType(taken)),
            )
        if placed.count(move.kind.value) >= ROSTER[move.kind]:
            raise IllegalMove(
                "volto.error.setup_no_more",
                f"{text!r}: you have no {move.kind.name.title()} left to place.",
                move=text,
                mask=mask_name(move.kind),
            )


def _check_step(state: VoltoState, seat: Seat, move: Step, text: str) -> None:
    board = state.board
    origin, target = move.origin, move.target
    mover = board[origin]
    if mover == EMPTY or owner_of(mover) != seat:
        raise IllegalMove(
            "volto.error.no_own_mask",
            f"{text!r}: you have no mask on {cell_name(origin)}.",
            move=text,
            cell=cell_name(origin),
        )
    occupant = board[target]
    if occupant != EMPTY and owner_of(occupant) == seat and origin != target:
        raise IllegalMove(
            "volto.error.own_mask_blocks",
            f"{text!r}: your own mask stands on {cell_name(target)}.",
            move=text,
            cell=cell_name(target),
        )
    rook = state.options.rook_soldier
    if target in destinations(board, origin, rook):
        return
    kind = kind_of(mover)
    if kind is MaskType.SOLDIER:
        rays = soldier_rays(origin, seat, rook)
        if not rays and is_in_opponent_palace(origin, seat):
            raise IllegalMove(
                "volto.error.soldier_frozen",
                f"{text!r}: your Soldier on {cell_name(origin)} has reached the opponent's palace "
                "and can no longer move.",
                move=text,
                cell=cell_name(origin),
            )
        if any(target in ray for ray in rays):
            raise IllegalMove(
                "volto.error.soldier_blocked",
                f"{text!r}: the Soldier's path from {cell_name(origin)} to {cell_name(target)} is blocked; "
                "it cannot jump.",
                move=text,
                origin=cell_name(origin),
                target=cell_name(target),
            )
    if kind is MaskType.LADY and occupant != EMPTY and target in AROUND[origin]:
        raise IllegalMove(
            "volto.error.lady_cannot_capture",
            f"{text!r}: a Lady never captures, so she cannot move onto {cell_name(target)}.",
            move=text,
            cell=cell_name(target),
        )
    raise IllegalMove(
        "volto.error.unreachable",
        f"{text!r}: your {kind.name.title()} on {cell_name(origin)} cannot reach {cell_name(target)}.",
        move=text,
        mask=mask_name(kind),
        origin=cell_name(origin),
        target=cell_name(target),
    )


# --- Applying moves -------------------------------------------------------------------


def apply(state: VoltoState, seat: Seat, move: VoltoMove) -> tuple[VoltoState, list[Event]]:
    """Check ``move`` (raising the error that explains it) and play it."""
    if isinstance(move, Step):
        # the common case first: a legal play move needs no error text (its code)
        if not (
            state.phase is Phase.PLAY
            and seat == state.side
            and state.board[move.origin] in SEAT_LETTERS[seat]
            and move.target in destinations(state.board, move.origin, state.options.rook_soldier)
        ):
            check(state, seat, move, move_code(move))
        return _apply_step(state, seat, move)
    if not isinstance(move, Place | SetupCommand):
        raise InvalidMove("volto.error.syntax", f"{move!r} is not a Volto move.", move=repr(move))
    check(state, seat, move, move_code(move))
    return _apply_setup(state, seat, move)


def _apply_setup(state: VoltoState, seat: Seat, move: Place | SetupCommand) -> tuple[VoltoState, list[Event]]:
    placed = list(state.placed)
    cells = list(state.placed_cells)
    ready = list(state.ready)
    mine, my_cells = placed[seat], cells[seat]
    events: list[Event] = []
    if isinstance(move, Place):
        placed[seat] = mine + move.kind.value
        cells[seat] = (*my_cells, move.cell)
        left = MASKS_PER_SEAT - len(placed[seat])
        events.append(
            Event(
                msg("volto.event.placed", mask=mask_name(move.kind), cell=cell_name(move.cell), count=left),
                _only(seat),
            )
        )
    elif move is SetupCommand.UNDO:
        placed[seat], cells[seat] = mine[:-1], my_cells[:-1]
        cell = cell_name(my_cells[-1])
        events.append(Event(msg("volto.event.undone", mask=mask_name(MaskType(mine[-1])), cell=cell), _only(seat)))
    elif move is SetupCommand.AUTO:
        rest = Rng(state.seed, state.ply, stream=seat + 1).shuffled(_available(mine))
        placed[seat] = mine + "".join(kind.value for kind in rest)
        cells[seat] = (*my_cells, *free_setup_cells(state, seat))
        events.append(Event(msg("volto.event.auto", count=len(rest)), _only(seat)))
    else:
        ready[seat] = True
        events.append(Event(msg("volto.event.ready", seat=seat_name(seat)), _EVERYONE))
    new = VoltoState(
        seed=state.seed,
        options=state.options,
        phase=Phase.SETUP,
        placed=(placed[0], placed[1]),
        placed_cells=(cells[0], cells[1]),
        ready=(ready[0], ready[1]),
        ply=state.ply + 1,
    )
    if all(ready):
        return _start_play(new, events)
    return new, events


def _start_play(state: VoltoState, events: list[Event]) -> tuple[VoltoState, list[Event]]:
    cells = [EMPTY] * CELL_COUNT
    for seat in SEATS:
        for cell, letter in zip(state.placed_cells[seat], state.placed[seat], strict=True):
            cells[cell] = letter_of(seat, MaskType(letter))
    board = "".join(cells)
    events.append(Event(msg("volto.event.play_starts", seat=seat_name(WHITE)), _EVERYONE))
    started = VoltoState(
        seed=state.seed,
        options=state.options,
        phase=Phase.PLAY,
        board=board,
        placed=state.placed,
        placed_cells=state.placed_cells,
        ready=state.ready,
        side=WHITE,
        ply=state.ply,
        positions=(position_key(board, WHITE),),
    )
    if not has_play_move(board, WHITE, state.options.rook_soldier):
        return _finish(started, BLACK, "no_moves", events)
    return started, events


def _apply_step(state: VoltoState, seat: Seat, move: Step) -> tuple[VoltoState, list[Event]]:
    origin, target = move.origin, move.target
    opponent = 1 - seat
    cells = list(state.board)
    mover = cells[origin]
    kind = kind_of(mover)
    occupant = cells[target]
    victim = None if occupant == EMPTY else kind_of(occupant)
    removed = list(state.removed)
    ladies = list(state.ladies_captured)
    where = {"seat": seat_name(seat), "origin": cell_name(origin), "target": cell_name(target)}
    events: list[Event] = []

    # Move and capture effects (rules §6).
    cells[origin] = EMPTY
    if victim is None:
        cells[target] = mover
        events.append(Event(msg("volto.event.moved", **where), _EVERYONE))
    elif victim is MaskType.LADY:
        cells[target] = EMPTY
        removed += [RemovedMask(opponent, victim, True), RemovedMask(seat, kind, False)]
        ladies[opponent] += 1
        events.append(
            Event(msg("volto.event.lady_captured", victim=owner_name(opponent), count=ladies[opponent], **where))
        )
        events.append(
            Event(msg("volto.event.your_capturer_fell", mask=mask_name(kind), target=cell_name(target)), _only(seat))
        )
        if state.options.reveal_removed_capturer:
            events.append(Event(msg("volto.event.capturer_revealed", owner=owner_name(seat), mask=mask_name(kind))))
    else:
        cells[target] = mover
        removed.append(RemovedMask(opponent, victim, True))
        events.append(Event(msg("volto.event.captured", victim=owner_name(opponent), mask=mask_name(victim), **where)))
        events.append(
            Event(
                msg(
                    "volto.event.your_capture",
                    mask=mask_name(kind),
                    victim_mask=mask_name(victim),
                    target=cell_name(target),
                ),
                _only(seat),
            )
        )
    board = "".join(cells)
    key = position_key(board, opponent)
    captured = victim is not None
    new = VoltoState(
        seed=state.seed,
        options=state.options,
        phase=Phase.PLAY,
        board=board,
        placed=state.placed,
        placed_cells=state.placed_cells,
        ready=state.ready,
        side=opponent,
        removed=tuple(removed),
        ladies_captured=(ladies[0], ladies[1]),
        ply=state.ply + 1,
        play_ply=state.play_ply + 1,
        plies_since_capture=0 if captured else state.plies_since_capture + 1,
        positions=(key,) if captured else (*state.positions, key),
        last_move=LastMove(seat, origin, target, captured),
    )

    # End of the move: the checks of rules §7, in order (M9).
    options = state.options
    if victim is MaskType.CANDIDATE:
        return _finish(new, seat, "candidate_captured", events)
    if victim is MaskType.LADY and kind is MaskType.CANDIDATE:
        return _finish(new, opponent, "candidate_took_lady", events)
    if victim is MaskType.LADY and ladies[opponent] >= ROSTER[MaskType.LADY]:
        return _finish(new, opponent, "both_ladies", events)
    palace = _candidate_in_palace(board, seat)
    if palace is not None:
        events.append(Event(msg("volto.event.palace", owner=owner_name(seat), cell=cell_name(palace))))
        return _finish(new, seat, "palace", events)
    if not has_play_move(board, opponent, options.rook_soldier):
        return _finish(new, seat, "no_moves", events)
    if new.positions.count(key) >= options.repetition_limit:
        return _finish(new, None, "repetition", events)
    if new.plies_since_capture >= options.no_capture_limit:
        return _finish(new, None, "no_capture", events)
    if new.play_ply >= options.ply_cap:
        return _finish(new, None, "ply_cap", events)
    return new, events


def _finish(state: VoltoState, winner: Seat | None, reason: str, events: list[Event]) -> tuple[VoltoState, list[Event]]:
    over = VoltoState(
        seed=state.seed,
        options=state.options,
        phase=Phase.OVER,
        board=state.board,
        placed=state.placed,
        placed_cells=state.placed_cells,
        ready=state.ready,
        side=state.side,
        removed=state.removed,
        ladies_captured=state.ladies_captured,
        ply=state.ply,
        play_ply=state.play_ply,
        plies_since_capture=state.plies_since_capture,
        positions=state.positions,
        last_move=state.last_move,
        winner=winner,
        end_reason=reason,
    )
    because = _reason(over)
    if winner is None:
        events.append(Event(msg("volto.event.draw", reason=because)))
    else:
        events.append(Event(msg("volto.event.won", winner=seat_name(winner), reason=because)))
    events.append(Event(msg("volto.event.revealed")))
    return over, events


# --- Results --------------------------------------------------------------------------


def outcome(state: VoltoState) -> Outcome | None:
    """The result once the match is over, with the reason it ended."""
    if state.phase is not Phase.OVER:
        return None
    if state.winner is None:
        return Outcome.from_draw(2, _reason(state))
    return Outcome.from_winner(state.winner, 2, _reason(state))


def _candidate_in_palace(board: str, seat: Seat) -> int | None:
    """The cell of ``seat``'s Candidate if it stands on the opponent's palace row."""
    row = PALACE_RANK[1 - seat] * 5
    letter = letter_of(seat, MaskType.CANDIDATE)
    for cell in range(row, row + 5):
        if board[cell] == letter:
            return cell
    return None


def _reason(state: VoltoState) -> Message:
    """Why the (finished) match ended, as a translatable sentence."""
    reason = state.end_reason
    if reason is None:
        raise ValueError("the match is not over")
    options = state.options
    if state.winner is None:
        limit = {
            "repetition": options.repetition_limit,
            "no_capture": options.no_capture_limit,
            "ply_cap": options.ply_cap,
        }[reason]
        return msg(f"volto.reason.{reason}", count=limit)
    winner, loser = state.winner, 1 - state.winner
    return msg(
        f"volto.reason.{reason}",
        winner=seat_name(winner),
        loser=seat_name(loser),
        winner_owner=owner_name(winner),
        loser_owner=owner_name(loser),
    )
