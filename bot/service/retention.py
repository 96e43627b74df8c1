"""What the store forgets or packs on purpose: delivered notifications, old move logs.

A delivered notification is read by nothing (digests are built from the running matches,
not from the outbox); it is kept a while only so that "I was never told" can be checked
against what was sent and when. Without pruning the outbox grew without end, to a third
of a large file.

A match's log is packed into one row by the transaction that ends it; matches that ended
before that existed were queued by the migration and are packed here, a few a tick.
"""

from __future__ import annotations

import logging
from typing import Final

from bot.service.base import ServiceBase

log = logging.getLogger(__name__)

OUTBOX_RETENTION: Final = 7 * 86_400.0
"""How long a delivered notification is kept: a week. A player who says they were never
told a move usually says so within a day or two, and a server's admin may look into it only
at the weekend; a week of notifications is a fiftieth of a year's, so the outbox stays small."""

PRUNE_BATCH: Final = 500
"""Rows deleted per transaction: a few milliseconds of the write lock, so that a move
waiting behind a batch is not noticeably delayed."""

PACK_PER_TICK: Final = 20
"""Old matches whose logs are packed per scheduler tick, each its own transaction of a few
milliseconds (Rialto's longest logs: under 10 ms): 50,000 finished matches are packed within a
day of ticks, with no tick noticeably longer."""

PRUNE_BATCHES_PER_TICK: Final = 20
"""At most this many batches per scheduler tick: 10,000 rows a tick, far more than a busy
bot queues between two ticks, so a backlog (the first start after an upgrade) clears within
hours without one tick taking long."""


class Retention(ServiceBase):
    """Deleting what is no longer useful, in small batches in the background."""

    async def prune_outbox(self, *, batches: int = PRUNE_BATCHES_PER_TICK) -> int:
        """Delete notifications delivered more than :data:`OUTBOX_RETENTION` ago; how many.

        Each batch is its own short transaction and waits for the moves people are waiting
        for, so pruning never holds a move up for more than one batch.
        """
        cutoff = self.clock() - OUTBOX_RETENTION
        pruned = 0
        for _ in range(batches):
            await self.wait_for_players()
            deleted = await self.store.prune_outbox(cutoff, PRUNE_BATCH)
            pruned += deleted
            if deleted < PRUNE_BATCH:
                break
        if pruned:
            log.debug("pruned %d delivered notifications", pruned)
        return pruned

    async def pack_old_logs(self, *, matches: int = PACK_PER_TICK) -> int:
        """Pack the logs of up to ``matches`` matches that ended before logs were packed; how many.

        One match a transaction, each after the moves people are waiting for.
        """
        packed = 0
        for _ in range(matches):
            await self.wait_for_players()
            done = await self.store.pack_ended_matches(1)
            packed += done
            if done == 0:
                break
        if packed:
            log.debug("packed the logs of %d ended matches", packed)
        return packed
