"""The Volto rules object: the ``games.core.Game`` protocol over :class:`VoltoState`.

Everything that decides the match lives here: the setup steps, move checks with their
player-facing errors, capture effects (rules §6), the end-of-move checks in the order of
rules §7 (M6, M7, M9), what each seat may see (§8, M8) and the labels the bot shows.

Seats: seat 0 is White (ranks 1-2, moves first), seat 1 is Black (ranks 6-7). The service
assigns users to seats at random, which is how "random first player" (M12) is met.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from games.core import (
    Choice,
    Event,
    IllegalMove,
    InvalidMove,
    Message,
    NotYourTurn,
    OptionRule,
    Outcome,
    Rng,
    Seat,
    bool_rule,
    check_option_rules,
    msg,
)
from games.volto import autopilot, determinize
from games.volto.messages import MESSAGES
from games.volto.movegen import (
    AROUND,
    destinations,
    has_play_move,
    is_in_opponent_palace,
    play_moves,
    soldier_rays,
)
from games.volto.notation import Place, SetupCommand, Step, VoltoMove, move_code, parse_text
from games.volto.state import (
    EMPTY,
    MASKS_PER_SEAT,
    PALACE_RANK,
    SETUP_CELLS,
    VoltoOptions,
    VoltoState,
    decode_state,
    encode_state,
    kind_of,
    letter_of,
    owner_of,
    position_key,
)
from games.volto.view import (
    BLACK,
    CELL_COUNT,
    ROSTER,
    WHITE,
    LastMove,
    MaskType,
    Phase,
    RemovedMask,
    SeenMask,
    VoltoView,
    cell_name,
)

SEATS: Final = (WHITE, BLACK)
MAX_PLY_CAP: Final = 10_000
"""The longest match the ``ply_cap`` and ``no_capture_limit`` options may ask for."""
MAX_REPETITION_LIMIT: Final = 100
_EVERYONE: Final = None


def mask_name(kind: MaskType) -> Message:
    """The translatable name of a mask type."""
    return msg(f"volto.mask.{kind.value}")


def _seat(seat: Seat) -> Message:
    return msg(f"volto.seat.{seat}")


def _owner(seat: Seat) -> Message:
    return msg(f"volto.seat.{seat}.owner")


def _only(seat: Seat) -> frozenset[Seat]:
    return frozenset({seat})


def _available(placed: str) -> list[MaskType]:
    """The types still to place, in :class:`MaskType` order, one entry per mask."""
    return [kind for kind, count in ROSTER.items() for _ in range(count - placed.count(kind.value))]


class Volto:
    """Volto (Emi Yusuke): hidden-identity masks on a 5 x 7 board, two seats.

    Seat 0 is White and moves first, seat 1 is Black; the service seats users at random,
    which is how the rules' "random first player" (M12) is met.
    """

    key: str = "volto"
    rules_version: int = 1
    min_players: int = 2
    max_players: int = 2
    options_type: type[Any] = VoltoOptions
    messages: Mapping[str, Mapping[str, str]] = MESSAGES

    # --- Setup and turn order -------------------------------------------------------------

    def option_rules(self) -> Sequence[OptionRule]:
        """The house-rule limits are bounded so that a draw always comes within :data:`MAX_PLY_CAP` plies."""
        return (
            bool_rule("rook_soldier"),
            bool_rule("reveal_removed_capturer"),
            OptionRule("repetition_limit", low=2, high=MAX_REPETITION_LIMIT),
            OptionRule("no_capture_limit", low=1, high=MAX_PLY_CAP),
            OptionRule("ply_cap", low=1, high=MAX_PLY_CAP),
        )

    def check_options(self, options: VoltoOptions, num_players: int | None) -> None:
        check_option_rules(self.option_rules(), options)

    def initial_state(self, seed: int, num_players: int, options: VoltoOptions | None = None) -> VoltoState:
        if num_players != 2:
            raise ValueError(f"Volto is for 2 players, not {num_players}")
        if options is not None and not isinstance(options, VoltoOptions):
            raise TypeError(f"expected VoltoOptions, got {type(options).__name__}")
        return VoltoState(seed=seed, options=options or VoltoOptions())

    def to_move(self, state: VoltoState) -> frozenset[Seat]:
        if state.phase is Phase.SETUP:
            return frozenset(seat for seat in SEATS if not state.ready[seat])
        if state.phase is Phase.PLAY:
            return frozenset({state.side})
        return frozenset()

    def legal_moves(self, state: VoltoState, seat: Seat) -> list[VoltoMove]:
        """Every legal move of ``seat``, in this order.

        Setup: one placement on the next empty setup cell per type still available (in
        the order N, A, C, L, S), then ``auto`` (while a cell is empty), ``undo`` (once
        something is placed), ``ready`` (once all 10 are placed). Play: by from-cell
        index, then to-cell index (a1 = 0 ... e7 = 34).
        """
        if seat not in self.to_move(state):
            return []
        if state.phase is Phase.PLAY:
            return list(play_moves(state.board, seat, state.options.rook_soldier))
        placed = state.placed[seat]
        moves: list[VoltoMove] = []
        if len(placed) < MASKS_PER_SEAT:
            cell = SETUP_CELLS[seat][len(placed)]
            moves.extend(Place(cell, kind) for kind in ROSTER if placed.count(kind.value) < ROSTER[kind])
            moves.append(SetupCommand.AUTO)
        if placed:
            moves.append(SetupCommand.UNDO)
        if len(placed) == MASKS_PER_SEAT:
            moves.append(SetupCommand.READY)
        return moves

    # --- Checking moves ---------------------------------------------------------------------

    def _check(self, state: VoltoState, seat: Seat, move: VoltoMove, text: str) -> None:
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
            self._check_setup(state, seat, move, text)
            return
        if seat != state.side:
            raise NotYourTurn("volto.error.not_your_turn", f"{text!r}: it is not your turn.", move=text)
        if not isinstance(move, Step):
            raise IllegalMove(
                "volto.error.not_in_setup",
                f"{text!r}: the arrangement is over; move a mask from one cell to another, like c2-c3.",
                move=text,
            )
        self._check_step(state, seat, move, text)

    def _check_setup(self, state: VoltoState, seat: Seat, move: Place | SetupCommand, text: str) -> None:
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
            expected = SETUP_CELLS[seat][len(placed)]
            if move.cell != expected:
                raise IllegalMove(
                    "volto.error.setup_wrong_cell",
                    f"{text!r}: the next cell to fill is {cell_name(expected)}.",
                    move=text,
                    cell=cell_name(expected),
                )
            if placed.count(move.kind.value) >= ROSTER[move.kind]:
                raise IllegalMove(
                    "volto.error.setup_no_more",
                    f"{text!r}: you have no {move.kind.name.title()} left to place.",
                    move=text,
                    mask=mask_name(move.kind),
                )

    def _check_step(self, state: VoltoState, seat: Seat, move: Step, text: str) -> None:
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

    # --- Applying moves ---------------------------------------------------------------------

    def apply(self, state: VoltoState, seat: Seat, move: VoltoMove) -> tuple[VoltoState, list[Event]]:
        if not isinstance(move, Step | Place | SetupCommand):
            raise InvalidMove("volto.error.syntax", f"{move!r} is not a Volto move.", move=repr(move))
        self._check(state, seat, move, move_code(move))
        if isinstance(move, Step):
            return self._apply_step(state, seat, move)
        return self._apply_setup(state, seat, move)

    def _apply_setup(self, state: VoltoState, seat: Seat, move: Place | SetupCommand) -> tuple[VoltoState, list[Event]]:
        placed = list(state.placed)
        ready = list(state.ready)
        mine = placed[seat]
        events: list[Event] = []
        if isinstance(move, Place):
            placed[seat] = mine + move.kind.value
            left = MASKS_PER_SEAT - len(placed[seat])
            events.append(
                Event(
                    msg("volto.event.placed", mask=mask_name(move.kind), cell=cell_name(move.cell), count=left),
                    _only(seat),
                )
            )
        elif move is SetupCommand.UNDO:
            placed[seat] = mine[:-1]
            cell = cell_name(SETUP_CELLS[seat][len(mine) - 1])
            events.append(Event(msg("volto.event.undone", mask=mask_name(MaskType(mine[-1])), cell=cell), _only(seat)))
        elif move is SetupCommand.AUTO:
            rest = Rng(state.seed, state.ply, stream=seat + 1).shuffled(_available(mine))
            placed[seat] = mine + "".join(kind.value for kind in rest)
            events.append(Event(msg("volto.event.auto", count=len(rest)), _only(seat)))
        else:
            ready[seat] = True
            events.append(Event(msg("volto.event.ready", seat=_seat(seat)), _EVERYONE))
        new = VoltoState(
            seed=state.seed,
            options=state.options,
            phase=Phase.SETUP,
            placed=(placed[0], placed[1]),
            ready=(ready[0], ready[1]),
            ply=state.ply + 1,
        )
        if all(ready):
            return self._start_play(new, events)
        return new, events

    def _start_play(self, state: VoltoState, events: list[Event]) -> tuple[VoltoState, list[Event]]:
        cells = [EMPTY] * CELL_COUNT
        for seat in SEATS:
            for cell, letter in zip(SETUP_CELLS[seat], state.placed[seat], strict=True):
                cells[cell] = letter_of(seat, MaskType(letter))
        board = "".join(cells)
        events.append(Event(msg("volto.event.play_starts", seat=_seat(WHITE)), _EVERYONE))
        started = VoltoState(
            seed=state.seed,
            options=state.options,
            phase=Phase.PLAY,
            board=board,
            placed=state.placed,
            ready=state.ready,
            side=WHITE,
            ply=state.ply,
            positions=(position_key(board, WHITE),),
        )
        if not has_play_move(board, WHITE, state.options.rook_soldier):
            return self._finish(started, BLACK, "no_moves", events)
        return started, events

    def _apply_step(self, state: VoltoState, seat: Seat, move: Step) -> tuple[VoltoState, list[Event]]:
        origin, target = move.origin, move.target
        opponent = 1 - seat
        cells = list(state.board)
        mover = cells[origin]
        kind = kind_of(mover)
        occupant = cells[target]
        victim = None if occupant == EMPTY else kind_of(occupant)
        removed = list(state.removed)
        ladies = list(state.ladies_captured)
        where = {"seat": _seat(seat), "origin": cell_name(origin), "target": cell_name(target)}
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
                Event(msg("volto.event.lady_captured", victim=_owner(opponent), count=ladies[opponent], **where))
            )
            events.append(
                Event(
                    msg("volto.event.your_capturer_fell", mask=mask_name(kind), target=cell_name(target)), _only(seat)
                )
            )
            if state.options.reveal_removed_capturer:
                events.append(Event(msg("volto.event.capturer_revealed", owner=_owner(seat), mask=mask_name(kind))))
        else:
            cells[target] = mover
            removed.append(RemovedMask(opponent, victim, True))
            events.append(Event(msg("volto.event.captured", victim=_owner(opponent), mask=mask_name(victim), **where)))
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
            return self._finish(new, seat, "candidate_captured", events)
        if victim is MaskType.LADY and kind is MaskType.CANDIDATE:
            return self._finish(new, opponent, "candidate_took_lady", events)
        if victim is MaskType.LADY and ladies[opponent] >= ROSTER[MaskType.LADY]:
            return self._finish(new, opponent, "both_ladies", events)
        palace = _candidate_in_palace(board, seat)
        if palace is not None:
            events.append(Event(msg("volto.event.palace", owner=_owner(seat), cell=cell_name(palace))))
            return self._finish(new, seat, "palace", events)
        if not has_play_move(board, opponent, options.rook_soldier):
            return self._finish(new, seat, "no_moves", events)
        if new.positions.count(key) >= options.repetition_limit:
            return self._finish(new, None, "repetition", events)
        if new.plies_since_capture >= options.no_capture_limit:
            return self._finish(new, None, "no_capture", events)
        if new.play_ply >= options.ply_cap:
            return self._finish(new, None, "ply_cap", events)
        return new, events

    def _finish(
        self, state: VoltoState, winner: Seat | None, reason: str, events: list[Event]
    ) -> tuple[VoltoState, list[Event]]:
        over = VoltoState(
            seed=state.seed,
            options=state.options,
            phase=Phase.OVER,
            board=state.board,
            placed=state.placed,
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
            events.append(Event(msg("volto.event.won", winner=_seat(winner), reason=because)))
        events.append(Event(msg("volto.event.revealed")))
        return over, events

    # --- Results and views ------------------------------------------------------------------

    def outcome(self, state: VoltoState) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        if state.winner is None:
            return Outcome.from_draw(2, _reason(state))
        return Outcome.from_winner(state.winner, 2, _reason(state))

    def view(self, state: VoltoState, seat: Seat | None) -> VoltoView:
        over = state.phase is Phase.OVER
        board: list[SeenMask | None] = [None] * CELL_COUNT
        if state.phase is Phase.SETUP:
            if seat in SEATS:
                for cell, letter in zip(SETUP_CELLS[seat], state.placed[seat], strict=False):
                    board[cell] = SeenMask(seat, MaskType(letter))
        else:
            for cell, letter in enumerate(state.board):
                if letter != EMPTY:
                    owner = owner_of(letter)
                    board[cell] = SeenMask(owner, kind_of(letter) if over or owner == seat else None)
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
            to_move=self.to_move(state),
            setup_ready=state.ready,
            removed=removed,
            ladies_captured=state.ladies_captured,
            last_move=state.last_move,
            ply=state.ply,
            plies_since_capture=state.plies_since_capture,
            outcome=self.outcome(state),
            play_ply=state.play_ply,
        )

    # --- Text, labels, storage --------------------------------------------------------------

    def parse_move(self, state: VoltoState, seat: Seat, text: str) -> VoltoMove:
        move = parse_text(text)
        self._check(state, seat, move, text)
        return move

    def move_code(self, move: VoltoMove) -> str:
        return move_code(move)

    def describe_move(self, state: VoltoState, seat: Seat, move: VoltoMove) -> Message:
        """``Noble c3 → c4`` / ``Noble c3 × c4`` for play; the setup step's label otherwise."""
        self._check(state, seat, move, move_code(move))
        if isinstance(move, Step):
            key = "volto.label.capture" if state.board[move.target] != EMPTY else "volto.label.move"
            kind = kind_of(state.board[move.origin])
            return msg(key, mask=mask_name(kind), origin=cell_name(move.origin), target=cell_name(move.target))
        return self._setup_label(state, seat, move)

    def choice_path(self, state: VoltoState, seat: Seat, move: VoltoMove) -> tuple[Choice, ...]:
        """Play: the mask (token: its cell), then the destination; setup: one choice."""
        self._check(state, seat, move, move_code(move))
        if isinstance(move, Step):
            origin, target = cell_name(move.origin), cell_name(move.target)
            kind = kind_of(state.board[move.origin])
            key = "volto.label.capture_to" if state.board[move.target] != EMPTY else "volto.label.to"
            return (
                Choice(origin, msg("volto.label.mask_on", mask=mask_name(kind), cell=origin)),
                Choice(target, msg(key, cell=target)),
            )
        return (Choice(move_code(move), self._setup_label(state, seat, move)),)

    def _setup_label(self, state: VoltoState, seat: Seat, move: Place | SetupCommand) -> Message:
        if isinstance(move, Place):
            left = ROSTER[move.kind] - state.placed[seat].count(move.kind.value)
            return msg("volto.label.place", cell=cell_name(move.cell), mask=mask_name(move.kind), count=left)
        return msg(f"volto.label.{move.value}")

    def encode(self, state: VoltoState) -> dict[str, Any]:
        return encode_state(state)

    def decode(self, data: Mapping[str, Any]) -> VoltoState:
        return decode_state(data)

    def seat_name(self, seat: Seat, num_players: int) -> Message:
        return _seat(seat)

    def turn_status(self, state: VoltoState) -> Message | None:
        """During the secret setup: the players are arranging, not moving (the status line says so)."""
        return msg("volto.status.arranging") if state.phase is Phase.SETUP else None

    def determinize(self, state: VoltoState, seat: Seat, rng: Rng) -> VoltoState:
        """A state ``seat`` cannot tell from ``state``, for search (see :mod:`games.volto.determinize`)."""
        return determinize.determinize(state, seat, rng)

    def autopilot_move(self, view: VoltoView, legal: Sequence[VoltoMove]) -> VoltoMove:
        """A greedy one-move look-ahead from the seat's view (see :mod:`games.volto.autopilot`)."""
        return autopilot.autopilot_move(view, legal)


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
        winner=_seat(winner),
        loser=_seat(loser),
        winner_owner=_owner(winner),
        loser_owner=_owner(loser),
    )


GAME: Final = Volto()
"""The Volto rules object registered under ``"volto"``."""
