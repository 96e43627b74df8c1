"""The one timer loop: deadlines, reminder rungs, vacation ends and digests, in time order.

Each tick also prunes a few batches of old delivered notifications and packs the move logs of a
few matches that ended before logs were packed (:mod:`bot.service.retention`).

Every time the service needs is a stored row (a clock's deadline and next reminder, a
user's vacation end and digest time), so a restart resumes them; this module only finds
the rows that are due and asks the service to act. It is driven by the adapter (a
``tasks.loop`` in the bot, a command in the console, ``tick()`` in tests).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Protocol

from bot.service import Service, WaitingGame

log = logging.getLogger(__name__)


class DigestTransport(Protocol):
    """How a digest of waiting games reaches a player."""

    async def send_digest(self, user_id: int, games: list[WaitingGame]) -> None:
        """Send one message listing every game waiting on the player."""
        ...


class Scheduler:
    """Applies everything that has come due, earliest first."""

    def __init__(self, service: Service, transport: DigestTransport) -> None:
        self.service = service
        self.transport = transport
        self.extra: list[Callable[[], Awaitable[int]]] = []
        """Further timed work of other features (tournament rounds); each returns what it did."""

    async def tick(self) -> int:
        """Act on everything due now; returns how many things were done.

        What is due is *claimed* for this process (:mod:`bot.store.leases`), so that several
        processes on one database share the work instead of repeating it; each claim is
        given back once its work is done (or failed: the next tick tries again).
        """
        done = 0
        for clock in await self.service.claim_due_clocks():
            await self.service.wait_for_players()  # a person's move goes first
            now = self.service.clock()
            try:
                if clock.deadline is not None and clock.deadline <= now:
                    await self.service.time_out(clock.match_id, clock.seat)
                elif clock.remind_at is not None and clock.remind_at <= now:
                    await self.service.remind(clock)
                done += 1
            except Exception:
                log.exception("timer failed match_id=%s seat=%s", clock.match_id, clock.seat)
            finally:
                await self.service.release_clock(clock)
        for user in await self.service.claim_due_users():
            await self.service.wait_for_players()
            now = self.service.clock()
            try:
                if user.vacation_until is not None and user.vacation_until <= now:
                    await self.service.vacation_over(user.user_id)
                    done += 1
                if user.next_digest_at is not None and user.next_digest_at <= now:
                    games = await self.service.digest_games(user.user_id)
                    if games:
                        await self.transport.send_digest(user.user_id, games)
                    await self.service.digest_sent(user.user_id, now)
                    done += 1
            except Exception:
                log.exception("user timer failed user=%s", user.user_id)
            finally:
                await self.service.release_user(user.user_id)
        try:
            await self.service.prune_outbox()  # housekeeping: not counted as something done
        except Exception:
            log.exception("pruning the outbox failed")
        try:
            await self.service.pack_old_logs()  # housekeeping too
        except Exception:
            log.exception("packing old move logs failed")
        for task in self.extra:
            try:
                done += await task()
            except Exception:
                log.exception("scheduled task failed task=%s", getattr(task, "__qualname__", task))
        return done
