"""The outbox as its deliverer sees it: what is due, what was delivered, what to retry.

Notifications are queued by the use cases in the same transaction as their change; the
notifier (:mod:`bot.notify`) reads them here and settles them here, so it needs no store.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot import outbox
from bot.records import Notification
from bot.service.base import ServiceBase
from games.core import Message


class Deliveries(ServiceBase):
    """The outbox's reading side, and posts that change no match."""

    async def due_notifications(self, now: float) -> list[Notification]:
        """Undelivered notifications whose next attempt is due, oldest first (a batch)."""
        return await self.store.due_notifications(now)

    async def claim_notifications(self, now: float, limit: int) -> list[Notification]:
        """Claim a batch of up to ``limit`` due notifications for this process, oldest first.

        Another process never gets them while the claim holds; one killed before settling
        them leaves them to whoever claims them after the lease (``lease_seconds``).
        """
        return await self.store.claim_notifications(self.worker, now, self.lease_until(now), limit)

    async def delivered(self, notification_ids: Sequence[int], now: float) -> None:
        """Mark notifications delivered (or given up)."""
        await self.store.finish_notifications(notification_ids, now)

    async def retry_later(self, notification_ids: Sequence[int], when: float) -> None:
        """Count a failed attempt of each and try again at ``when`` (whichever process is free then)."""
        await self.store.retry_notifications(notification_ids, when)

    async def post_to_board(self, match_id: int, messages: Iterable[Message], *, final: bool = False) -> None:
        """Queue a post in a match's channel that changes nothing of the match (a rating change).

        It takes no lock and moves no version, so a finished-match listener may call it
        while the match's lock is held.
        """
        await self.store.add_notifications(match_id, [outbox.board(messages, final=final)], self.clock())
