"""Taking back a move: the player's last decision, while nobody else has acted and nothing was revealed.

Decisions (issue 16 leaves them to us):

- What may be taken back: the last move of the log, if the player chose it themselves (not
  a time-out, the autopilot or a standing answer) and the match still runs. A move that
  ended the match is not taken back (the end was announced and rated). After a take-back
  the player's move before it may be taken back too, by the same rule: nobody else has
  acted since it.
- "Revealed nothing hidden" is decided by :func:`games.takeback.reveals_hidden`: generic
  over the engine contract (re-deals of what the mover could not see, private news to
  others, the random stream), with known cases tested for every game.
- How the state is rebuilt: the match is its seed and its move log, so the move leaves the
  log (kept, marked, in ``taken_back_moves`` for the log and the export) and the state is
  the one before it (kept in memory by the pipeline, or replayed from seed and moves).
- Consent: in a rated match every other seat a person plays must agree (one button each);
  the first refusal ends the request, and any change of the match (a move) expires it.
  Unrated matches and matches against the autopilot alone take it back at once. The
  request's post in the channel (Agree / Refuse, for the seats asked) is queued in the
  outbox in the transaction that opens it, like a refusal's note: never a request without
  its post, and a post is retried until Discord takes it.
- Clocks: as if the move had not been played, but the time spent is not given back: the
  mover's turn resumes from when it began, with its deadline and the bank it had then
  (so the time it took counts); seats that became due through the move stop without being
  charged. A take-back after the mover's own deadline has passed is refused.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from bot import outbox
from bot.clocks import deadline_of, reminder_ladder, start_turn, time_control_of
from bot.records import ChosenBy, ClockRecord, MoveRecord, NewNotification, TakenBackMove
from bot.service.model import Match, Where
from bot.service.pipeline import Pipeline, dump_state, stopped_clock
from bot.service_errors import LobbyError, ServiceError, StaleMove
from bot.store import VersionConflict
from games.core import Seat, msg, options_from_dict, replay
from games.takeback import reveals_hidden


class TakeBackStatus(StrEnum):
    """Where a take-back stands after a call."""

    DONE = "done"
    ASKED = "asked"
    AGREED = "agreed"
    REFUSED = "refused"


@dataclass(frozen=True, slots=True)
class TakeBack:
    """The answer of a take-back call: the match now, and what is still awaited.

    ``version`` is the version the request is good for (the buttons carry it); ``waiting``
    are the users whose answer is still needed (empty once done or refused).
    """

    status: TakeBackStatus
    match: Match
    seat: Seat
    version: int
    waiting: tuple[int, ...] = ()


class TakeBacks(Pipeline):
    """``/game undo`` and the answers of the other players in rated matches."""

    async def take_back(
        self, match_id: int, user_id: int, *, expected_version: int | None = None, where: Where | None = None
    ) -> TakeBack:
        """Take back ``user_id``'s last move, or ask the others when the match is rated.

        Raises:
            NoSuchMatch, NotSeated: as for a move.
            StaleMove: ``expected_version`` is given and the match has changed since.
            ServiceError: nothing to take back (``core.error.undo_*``), nothing changed.
        """
        async with self._player_waiting(), self._lock(match_id):
            match = await self.match_for(match_id, user_id, where)
            seat = self._running_seat(match, user_id)
            if expected_version is not None and expected_version != match.version:
                raise StaleMove("core.error.stale")
            taken, previous = await self._takeable(match, seat)
            asked = self._consenting_seats(match, seat)
            if not asked:
                after = await self._take_back(match, seat, taken, previous, by_request=False)
                return TakeBack(TakeBackStatus.DONE, after, seat, match.version)
            request = await self.store.takeback_request(match.id)
            if request is not None and request.version == match.version:
                raise LobbyError("core.error.undo_already_asked")
            ask = outbox.UndoAsk(seat, match.version, tuple(asked))
            post = outbox.board((), ask=ask)
            await self.store.open_takeback_request(match.id, match.version, seat, self.clock(), [post])
            waiting = tuple(match.record.seats[s] for s in asked)
            return TakeBack(TakeBackStatus.ASKED, match, seat, match.version, waiting)

    async def answer_take_back(
        self, match_id: int, user_id: int, version: int, *, agree: bool, where: Where | None = None
    ) -> TakeBack:
        """Agree to (or refuse) the request made at ``version``; the last agreement takes the move back.

        Raises:
            ServiceError: ``core.error.undo_expired`` when the request is gone or the match
                moved on; ``core.error.undo_not_asked`` for a seat whose answer is not asked.
        """
        async with self._player_waiting(), self._lock(match_id):
            match = await self.match_for(match_id, user_id, where)
            seat = self._running_seat(match, user_id)
            request = await self.store.takeback_request(match.id)
            if request is None or request.version != version or request.version != match.version:
                raise ServiceError("core.error.undo_expired")
            asked = self._consenting_seats(match, request.seat)
            if seat not in asked:
                raise ServiceError("core.error.undo_not_asked")
            name = match.game.seat_name(seat, len(match.record.seats))
            if not agree:
                note = msg("core.event.undo_refused", seat=name, user=user_id)
                await self.store.close_takeback_request(match.id, version, self.clock(), [outbox.board([note])])
                return TakeBack(TakeBackStatus.REFUSED, match, request.seat, version)
            agreed = await self.store.agree_to_takeback(match.id, version, seat)
            if agreed is None:
                raise ServiceError("core.error.undo_expired")
            waiting = tuple(match.record.seats[s] for s in asked if not agreed & (1 << s))
            if waiting:
                return TakeBack(TakeBackStatus.AGREED, match, request.seat, version, waiting)
            taken, previous = await self._takeable(match, request.seat)
            after = await self._take_back(match, request.seat, taken, previous, by_request=True)
            return TakeBack(TakeBackStatus.DONE, after, request.seat, version)

    async def can_take_back(self, match: Match, user_id: int) -> bool:
        """Whether ``user_id`` may take back their last move now (to offer the button)."""
        seat = match.seat_of(user_id)
        if seat is None or not match.is_running:
            return False
        try:
            await self._takeable(match, seat)
        except ServiceError:
            return False
        return True

    async def taken_back_moves(self, match_id: int) -> list[TakenBackMove]:
        """The moves of a match that were taken back (for the log and the export)."""
        return await self.store.taken_back_moves(match_id)

    # --- The steps ----------------------------------------------------------------------------

    @staticmethod
    def _consenting_seats(match: Match, seat: Seat) -> list[Seat]:
        """The seats whose agreement a take-back by ``seat`` needs: people still playing, if rated."""
        record = match.record
        if not record.rated:
            return []
        return [
            other
            for other, user in enumerate(record.seats)
            if other != seat and user > 0 and other not in record.autopilot_seats
        ]

    async def _takeable(self, match: Match, seat: Seat) -> tuple[MoveRecord, Any]:
        """The move ``seat`` may take back and the state before it, or a refusal saying why."""
        record = match.record
        if record.ply == 0:
            raise ServiceError("core.error.undo_nothing")
        moves = await self.store.moves(match.id, since_ply=record.ply - 1)
        last = moves[-1] if moves else None
        if last is None or last.seat != seat or last.chosen_by != ChosenBy.PLAYER:
            raise ServiceError("core.error.undo_nothing")
        previous = await self._state_before(match)
        game = match.game
        move = game.parse_move(previous, seat, last.code)
        if reveals_hidden(game, previous, seat, move):
            raise ServiceError("core.error.undo_reveals")
        control = time_control_of(record)
        if control.is_timed:
            restored = await self._restored_clock(match, seat, last)
            if restored.deadline is not None and restored.deadline <= self.clock():
                raise ServiceError("core.error.undo_too_late")
        return last, previous

    async def _state_before(self, match: Match) -> Any:
        """The state before the last move: remembered by the pipeline, else replayed without it."""
        remembered = self._previous.get(match.id)
        if remembered is not None and remembered[0] == match.version:
            return remembered[1]
        record = match.record
        options = options_from_dict(match.game.options_type, record.options)
        moves = [(m.seat, m.code) for m in await self.store.moves(record.id)][: record.ply - 1]
        return replay(match.game, record.seed, len(record.seats), options, moves)

    async def _restored_clock(self, match: Match, seat: Seat, taken: MoveRecord) -> ClockRecord:
        """The mover's clock as it ran before the move, the time since still counting."""
        record = match.record
        control = time_control_of(record)
        clock = (await self.store.clocks(match.id)).get(seat) or ClockRecord(match.id, seat, float(control.bank))
        think = taken.think_seconds or 0.0
        started = taken.created_at - think
        overtime = max(0.0, think - control.limit) if control.limit is not None else 0.0
        bank = clock.bank_left + overtime
        deadline = deadline_of(control, started, bank)
        if deadline is None:
            return replace(clock, turn_started=started, bank_left=bank, deadline=None, reminders=0, remind_at=None)
        now = self.clock()
        ladder = reminder_ladder(started, deadline)
        sent = sum(1 for rung in ladder if rung <= now)
        return replace(
            clock,
            turn_started=started,
            bank_left=bank,
            deadline=deadline,
            reminders=sent,
            remind_at=ladder[sent] if sent < len(ladder) else None,
            paused_left=None,
        )

    async def _take_back(
        self, match: Match, seat: Seat, taken: MoveRecord, previous: Any, *, by_request: bool
    ) -> Match:
        """Write the take-back: the move leaves the log, the state and the clocks go back."""
        record, game = match.record, match.game
        before = game.to_move(previous)
        after = game.to_move(match.state)
        old = await self.store.clocks(match.id)
        control = time_control_of(record)
        now = self.clock()
        clocks: list[ClockRecord] = []
        for other in sorted(after - before):
            if other in old:
                clocks.append(replace(stopped_clock(old[other]), reminders=0))
        for other in sorted(before - after):
            if other == seat:
                clocks.append(await self._restored_clock(match, seat, taken))
            else:
                clocks.append(start_turn(control, old.get(other) or ClockRecord(match.id, other, control.bank), now))
        name = game.seat_name(seat, len(record.seats))
        note = msg("core.event.taken_back", seat=name, user=record.seats[seat])
        notifications: list[NewNotification] = [outbox.board([note], sorted(before)), outbox.lobby()]
        if by_request:
            # The mover asked a while ago and may be elsewhere: told in a DM, which also offers
            # the choices of the turn they are given back (as any "your turn" DM does).
            notifications.append(outbox.seat_note(seat, [note], turn=seat in before))
        # Seats told "your turn" by the move hear that it is not their turn after all.
        notifications.extend(outbox.seat_note(other, [note], turn=False) for other in sorted(after - before))
        try:
            version = await self.store.take_back_move(
                match.id,
                match.version,
                now=now,
                ply=record.ply - 1,
                state_json=dump_state(game, previous),
                clocks=clocks,
                notifications=notifications,
            )
        except VersionConflict:
            self.forget(match.id)
            raise StaleMove("core.error.stale") from None
        self._remember(match.id, version, previous)
        self._previous.pop(match.id, None)
        return await self.get_match(match.id)
