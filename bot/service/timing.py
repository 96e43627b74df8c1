"""Time: deadlines that run out, claimed wins, the reminder ladder, digests, and downtime.

Every deadline is a stored clock row (see :mod:`bot.clocks`), so a restart resumes them;
the scheduler finds what is due and calls these.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Final

from bot import outbox
from bot.clocks import DIGEST_DELAY, DOWNTIME_GRACE, HANDOVER_AFTER_TIMEOUTS, next_reminder, quiet_until
from bot.records import ChosenBy, ClockRecord, MatchStatus, NewNotification, UserRecord
from bot.service.audit import AuditKind
from bot.service.following import Following, next_hour
from bot.service.model import Change, Match, WaitingGame, Where
from bot.service.pipeline import MAX_AUTOMATIC_MOVES, Pipeline, stopped_clock
from bot.service.servers import Servers
from bot.service_errors import LobbyError
from games.core import Outcome, Seat, msg, timeout_answer_of

log = logging.getLogger(__name__)

GRACE_BATCH: Final = 200
"""Graced clocks written per transaction by the catch-up (short transactions, few commits)."""
MISSED_AFTER: Final = 300.0
"""A deadline overdue by more than this at start-up was missed while no process ran (``catch_up_after_downtime``)."""


class Timing(Pipeline, Servers, Following):
    """What happens when time passes."""

    async def time_out(self, match_id: int, seat: Seat) -> Change | None:
        """Act for a seat whose time ran out; None when nothing is due any more.

        The rules' own answer (e.g. Venezia's rescue default) is played when the game has
        one, else the move the bot chooses for an absent person, at the level the server
        chose (``/setup autopilot level:``, easy unless it chose otherwise: the same rule as a
        seat handed over, see :meth:`Pipeline._computer_move`). The seat is told, the table is
        told, and a seat that times out repeatedly is handed to the autopilot for the rest of
        the match. In a two-seat match the opponent may claim the win instead (``claim_win``).
        """
        async with self._lock(match_id):
            match = await self.get_match(match_id)
            now = self.clock()
            clock = (await self.store.clocks(match_id)).get(seat)
            due = clock is not None and clock.deadline is not None and clock.deadline <= now
            if clock is not None and due and (not match.is_running or seat not in match.to_move()):
                # A stale deadline (the match ended or moved on without clearing it): drop it.
                await self.store.write_clocks(match_id, [stopped_clock(clock)])
                return None
            if not match.is_running or seat not in match.to_move() or not due or clock is None:
                return None
            game = match.game
            answer = timeout_answer_of(game)
            move = answer.timeout_move(match.state, seat) if answer is not None else None
            if move is None:
                move = await self._computer_move(match, seat)
            timeouts = clock.timeouts + 1
            name = game.seat_name(seat, len(match.record.seats))
            notes = [msg("core.event.timed_out", seat=name, user=match.record.seats[seat])]
            robots = set(match.record.autopilot_seats)
            handed_over = False
            if timeouts >= HANDOVER_AFTER_TIMEOUTS and seat not in robots and await self._takeover_allowed(match):
                robots.add(seat)
                handed_over = True
                notes.append(msg("core.event.handed_over", seat=name, count=timeouts))
            elif len(match.record.seats) == 2:
                notes.append(msg("core.event.may_claim", seat=game.seat_name(1 - seat, 2)))
            told = msg("core.turn.timed_out_you", move=game.describe_move(match.state, seat, move))
            await self.store.write_clocks(match_id, [replace(clock, timeouts=timeouts)])
            change = await self._play(
                match,
                seat,
                move,
                ChosenBy.TIMEOUT,
                notes=notes,
                extra=[outbox.seat_note(seat, [told], turn=False)],
                autopilot_seats=robots if seat in robots else None,
                audit=self.audit_row(
                    AuditKind.AUTOPILOT,
                    guild_id=match.record.guild_id,
                    actor_id=None,
                    match_id=match_id,
                    target_id=match.record.seats[seat],
                    detail={"seat": seat, "timeouts": timeouts},
                    reason="timeouts",
                )
                if handed_over
                else None,
            )
            # The timed-out decision is finished for the seat (a turn of several steps included).
            match = change.match
            for _ in range(MAX_AUTOMATIC_MOVES):
                if not match.is_running or seat not in match.to_move():
                    break
                move = await self._computer_move(match, seat)
                match = (await self._play(match, seat, move, ChosenBy.TIMEOUT)).match
            log.info("timeout match_id=%s seat=%s timeouts=%s", match_id, seat, timeouts)
            running = await self._play_automatic(match)
            return Change(running, change.events, seat)

    async def _takeover_allowed(self, match: Match) -> bool:
        """Whether the match's server lets three time-outs hand a seat to the autopilot (``/setup``)."""
        return (await self.server_settings(match.record.guild_id)).autopilot_takeover

    async def claim_win(self, match_id: int, user_id: int, *, where: Where | None = None) -> Change:
        """In a two-seat match, win because the opponent's last decision timed out.

        Raises:
            LobbyError: ``core.error.claim_not_due`` unless the opponent's latest move was
                played for them on time-out and the claimant has not moved since.
        """
        async with self._lock(match_id):
            match = await self.match_for(match_id, user_id, where)
            seat = self._running_seat(match, user_id)
            if len(match.record.seats) != 2:
                raise LobbyError("core.error.claim_not_due")
            moves = await self.store.moves(match_id, since_ply=max(0, match.record.ply - 50))
            opponent_moves = [m for m in moves if m.seat != seat]
            last = opponent_moves[-1] if opponent_moves else None
            mine_since = last is not None and any(m.seat == seat and m.ply > last.ply for m in moves)
            if last is None or last.chosen_by != ChosenBy.TIMEOUT or mine_since:
                raise LobbyError("core.error.claim_not_due")
            reason = msg("core.reason.claimed_timeout", seat=match.game.seat_name(1 - seat, 2))
            return await self._finish(match, Outcome.from_winner(seat, 2, reason), seat)

    async def due_clocks(self) -> list[ClockRecord]:
        """Clocks whose deadline or next reminder has come (a look: the timer loop claims them)."""
        return await self.store.due_clocks(self.clock())

    async def claim_due_clocks(self) -> list[ClockRecord]:
        """Claim the clocks whose deadline or next reminder has come, for this process, earliest first.

        Release each (:meth:`release_clock`) once its time-out or reminder is handled.
        """
        now = self.clock()
        return await self.store.claim_clocks(self.worker, now, now, self.lease_until(now))

    async def release_clock(self, clock: ClockRecord) -> None:
        """Give back this process's claim on a clock."""
        await self.store.release_clock(self.worker, clock.match_id, clock.seat)

    async def due_users(self) -> list[UserRecord]:
        """Users whose vacation has run out or whose digest has come (a look: the timer loop claims them)."""
        return await self.store.users_due(self.clock())

    async def claim_due_users(self) -> list[UserRecord]:
        """Claim the users whose vacation has run out or whose digest has come, for this process."""
        now = self.clock()
        return await self.store.claim_users(self.worker, now, self.lease_until(now))

    async def release_user(self, user_id: int) -> None:
        """Give back this process's claim on a user."""
        await self.store.release_user(self.worker, user_id)

    async def remind(self, clock: ClockRecord) -> None:
        """A rung of the reminder ladder has come: queue the player's digest, climb the ladder.

        Nothing is sent to a seat that has nothing to do; quiet hours postpone the digest.
        """
        match = await self.get_match(clock.match_id)
        now = self.clock()
        climbed = replace(clock, reminders=clock.reminders + 1, remind_at=None)
        if clock.turn_started is not None and clock.deadline is not None:
            following = next_reminder(clock.turn_started, clock.deadline, clock.reminders + 1)
            climbed = replace(climbed, remind_at=following)
        user_id = match.record.seats[clock.seat] if clock.seat < len(match.record.seats) else 0
        if user_id <= 0 or not match.is_running or clock.seat not in match.to_move():
            await self.store.write_clocks(clock.match_id, [climbed])
            return
        user = await self.store.get_user(user_id)
        start, end, timezone = user.quiet_start, user.quiet_end, user.timezone
        if start is None:
            # Someone who set no quiet hours of their own keeps the server's, in the server's time zone.
            server = await self.server_settings(match.record.guild_id)
            start, end, timezone = server.quiet_start, server.quiet_end, server.timezone or timezone
        when = quiet_until(now, timezone, start, end) or now + DIGEST_DELAY
        hour = (await self.notification_settings(user_id)).digest_hour
        if hour is not None:
            when = max(when, next_hour(now, user.timezone, hour))
        if clock.deadline is not None:
            when = min(when, max(now, clock.deadline - DIGEST_DELAY))
        await self.store.climb_reminder(climbed, user_id, when)

    async def waiting_games(self, user_id: int, guild_id: int | None = None) -> list[WaitingGame]:
        """The user's running matches (of one server, or all), those waiting on them first by time left."""
        records = [
            r
            for r in await self.store.matches_of_user(user_id, (MatchStatus.ACTIVE,))
            if guild_id is None or r.guild_id == guild_id
        ]
        # One query for the user's running clocks, not one per match.
        clocks = {clock.match_id: clock for _, clock in await self.store.running_clocks_of_users([user_id])}
        games = []
        for record in records:
            match = await self._with_state(record)
            seat = match.seat_of(user_id)
            clock = clocks.get(record.id) if seat is not None else None
            waiting = seat is not None and seat in match.to_move()
            games.append(WaitingGame(match, waiting, clock.deadline if clock and waiting else None))
        return sorted(games, key=lambda g: (not g.waiting, g.deadline is None, g.deadline or 0.0, -g.match.id))

    async def digest_games(self, user_id: int) -> list[WaitingGame]:
        """The games a due digest lists: those waiting on the user."""
        return [game for game in await self.waiting_games(user_id) if game.waiting]

    async def digest_sent(self, user_id: int, sent_at: float) -> None:
        """The digest due by ``sent_at`` went out (or had nothing to say): clear it.

        Cleared after sending, not before, so that a process killed in between sends it
        again (a counted duplicate) rather than never.
        """
        await self.store.digest_sent(user_id, sent_at)

    async def catch_up_after_downtime(self) -> int:
        """Deadlines missed while the bot was down move to a grace period after now, in order.

        "Missed" means overdue by more than :data:`MISSED_AFTER`: a running process handles a
        deadline within a tick, so one that old was handled by nobody. A process starting
        beside live ones thus leaves their just-due deadlines alone, and the clocks it
        graces are claimed first, so no live process times one out meanwhile. Returns how
        many clocks were given grace; the players affected are told why.
        """
        now = self.clock()
        claimed = await self.store.claim_clocks(self.worker, now - MISSED_AFTER, now, self.lease_until(now), 100_000)
        missed = [c for c in claimed if c.deadline is not None and c.deadline <= now - MISSED_AFTER]
        graced = 0
        try:
            batch: list[tuple[ClockRecord, NewNotification]] = []
            records = await self.store.match_records([c.match_id for c in missed])  # no state to rebuild
            for order, clock in enumerate(sorted(missed, key=lambda c: c.deadline or 0.0)):
                record = records.get(clock.match_id)
                if record is None or record.status != MatchStatus.ACTIVE:
                    continue
                deadline = now + DOWNTIME_GRACE + order
                name = self.registry[record.game_key].seat_name(clock.seat, len(record.seats))
                note = msg("core.event.downtime_grace", seat=name, until_at=int(deadline))
                batch.append((replace(clock, deadline=deadline), outbox.board([note], [clock.seat])))
                if len(batch) >= GRACE_BATCH:
                    await self.store.grace_clocks(batch, now)
                    graced, batch = graced + len(batch), []
            await self.store.grace_clocks(batch, now)
            graced += len(batch)
        finally:
            await self.store.release_clocks(self.worker, [(c.match_id, c.seat) for c in claimed])
        return graced
