"""Vacations: a player goes away for some days of a yearly bank, and comes back.

Two-seat matches pause their clocks while either player is away; in larger matches the
player chose whether the autopilot plays for them or the clock keeps running. Coming back
(early, when the time is up, or by making a move) refunds the unused whole days.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Final

from bot import outbox
from bot.clocks import DAY, next_reminder
from bot.records import MatchRecord, MatchStatus, VacationMode
from bot.service.base import ServiceBase
from bot.service_errors import ServiceError
from games.core import msg

VACATION_DAYS_PER_YEAR: Final = 21
"""Each player's bank of vacation days per calendar year."""


class Vacations(ServiceBase):
    """Going away and coming back."""

    async def start_vacation(self, user_id: int, days: int, mode: str) -> float:
        """Go away for ``days`` from the yearly bank; returns when the vacation ends.

        Two-seat matches pause their clocks; in larger matches ``mode`` says whether the
        autopilot plays for the player (``autopilot``) or the clock keeps running (``clock``).
        """
        if mode not in tuple(VacationMode):
            raise ServiceError("core.error.bad_vacation_mode", given=mode)
        now = self.clock()
        user = await self.store.get_user(user_id)
        if user.is_on_vacation(now):
            raise ServiceError("core.error.already_on_vacation")
        used = user.vacation_days_used if user.vacation_year == _year(now) else 0.0
        left = VACATION_DAYS_PER_YEAR - used
        if days < 1 or days > left:
            raise ServiceError("core.error.vacation_days", asked=days, left=int(left))
        until = now + days * DAY
        await self.store.update_user(
            user_id,
            vacation_until=until,
            vacation_mode=VacationMode(mode),
            vacation_days_used=used + days,
            vacation_year=_year(now),
        )
        for record in await self.store.matches_of_user(user_id, (MatchStatus.ACTIVE,)):
            async with self._lock(record.id):
                if len(record.seats) == 2:
                    await self._pause_clocks(record.id)
                note = msg("core.event.vacation", user=user_id, until_at=int(until))
                await self.store.add_notifications(record.id, [outbox.board([note])], now)
        return until

    async def end_vacation(self, user_id: int) -> bool:
        """Come back (early, or when the time is up); unused whole days return to the bank."""
        if (await self.store.get_user(user_id)).vacation_until is None:
            return False
        for record in await self._leave_vacation(user_id):
            async with self._lock(record.id):
                await self._come_back(record, user_id)
        return True

    async def vacation_over(self, user_id: int) -> bool:
        """A vacation's time is up (the timer loop): tell each match the player is back, then clear it.

        The matches are told first and the vacation cleared last, so that a process killed
        in between leaves the vacation due, and whoever claims it next finishes the job
        (a match already told hears "back" twice: the one duplicate there is). Nothing is
        refunded: the days were used.
        """
        user = await self.store.get_user(user_id)
        if user.vacation_until is None or user.vacation_until > self.clock():
            return False
        for record in await self.store.matches_of_user(user_id, (MatchStatus.ACTIVE,)):
            async with self._lock(record.id):
                await self._come_back(record, user_id)
        await self._leave_vacation(user_id)
        return True

    async def _leave_vacation(self, user_id: int) -> list[MatchRecord]:
        """Clear the user's vacation and refund its unused whole days; returns their running matches."""
        now = self.clock()
        user = await self.store.get_user(user_id)
        refund = max(0, int(((user.vacation_until or now) - now) // DAY))
        await self.store.update_user(
            user_id,
            vacation_until=None,
            vacation_mode=None,
            vacation_days_used=max(0.0, user.vacation_days_used - refund),
        )
        return await self.store.matches_of_user(user_id, (MatchStatus.ACTIVE,))

    async def _come_back(self, record: MatchRecord, user_id: int) -> None:
        """Tell a match the player is back, and restart its paused two-seat clocks (its lock held)."""
        now = self.clock()
        if len(record.seats) == 2 and not await self._anyone_away(record, now):
            await self._resume_clocks(record.id)
        await self.store.add_notifications(record.id, [outbox.board([msg("core.event.back", user=user_id)])], now)

    async def _anyone_away(self, record: MatchRecord, now: float) -> bool:
        users = await self.store.users(u for u in record.seats if u > 0)
        return any(user.is_on_vacation(now) for user in users.values())

    async def _pause_clocks(self, match_id: int) -> None:
        now = self.clock()
        paused = [
            replace(c, deadline=None, remind_at=None, paused_left=c.deadline - now)
            for c in (await self.store.clocks(match_id)).values()
            if c.deadline is not None
        ]
        await self.store.write_clocks(match_id, paused)

    async def _resume_clocks(self, match_id: int) -> None:
        now = self.clock()
        resumed = []
        for clock in (await self.store.clocks(match_id)).values():
            if clock.paused_left is not None:
                deadline = now + clock.paused_left
                resumed.append(
                    replace(
                        clock,
                        turn_started=now,
                        deadline=deadline,
                        paused_left=None,
                        reminders=0,
                        remind_at=next_reminder(now, deadline, 0),
                    )
                )
        await self.store.write_clocks(match_id, resumed)


def _year(timestamp: float) -> int:
    return time.gmtime(timestamp).tm_year
