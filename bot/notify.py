"""Delivering the outbox: board posts to match channels and direct messages to seats.

The service writes notifications in the same transaction as the change that caused them;
this module delivers them afterwards through a :class:`Transport` (Discord, or the local
console), retrying with backoff until delivered or given up with a log line. Several due
notifications of the same match and recipient are folded into one message: the board is
drawn as it is now, so one post with all the news is what a player wants to read. Lobby
edits fold the same way: the lobby post is rewritten from the match as it is now, once; and
so do the posts of a seat's offers: the offer that stands at delivery is posted, once.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Protocol

from bot import outbox
from bot.records import Notification, NotificationKind
from bot.service import Match, Service
from bot.service_errors import NoSuchMatch
from games.core import Message, Seat

log = logging.getLogger(__name__)

MAX_ATTEMPTS: Final = 8
FIRST_RETRY_SECONDS: Final = 5.0
MAX_RETRY_SECONDS: Final = 3600.0
POLL_SECONDS: Final = 15.0
MAX_SENDING: Final = 50
"""Destinations sent at once by one process (a claim is not run while this many are being sent)."""
CLAIM_LIMIT: Final = 50
"""Notifications one claim takes at most; one that takes fewer took everything due at that moment."""


class GiveUp(Exception):
    """The notification can never be delivered (e.g. the channel is gone): stop retrying."""


@dataclass(frozen=True, slots=True)
class BoardNews:
    """A post for the match's channel; ``ask``: a take-back request to post with its buttons."""

    events: list[Message]
    mention: list[Seat]
    final: bool
    ask: outbox.UndoAsk | None = None


@dataclass(frozen=True, slots=True)
class SeatNews:
    """A direct message for one seat."""

    seat: Seat
    events: list[Message]
    turn: bool


class Transport(Protocol):
    """How notifications reach people; raise to retry later, :class:`GiveUp` to stop."""

    async def post_board(self, match: Match, news: BoardNews) -> None:
        """Post the public board and ``news`` in the match's channel."""
        ...

    async def send_to_seat(self, match: Match, news: SeatNews) -> None:
        """Send the seat its private view and ``news``."""
        ...

    async def edit_lobby(self, match: Match) -> None:
        """Bring the lobby post at the top of the match's thread up to date with ``match``."""
        ...

    async def post_offer(self, match: Match, seat: Seat) -> None:
        """Post the offer of ``seat`` that stands now (``Service.standing_offer``), with its button; none: nothing."""
        ...


class Notifier:
    """Delivers due notifications through a transport, each destination at its own pace."""

    def __init__(self, service: Service, transport: Transport, *, clock: Callable[[], float] | None = None) -> None:
        self.service = service
        self.transport = transport
        self.clock = clock or service.clock
        self._lock = asyncio.Lock()
        self._news = asyncio.Event()

    async def deliver_due(self) -> int:
        """Deliver everything due now; returns how many notifications were settled.

        Called after every change and periodically (for retries and after a restart). Each
        claim takes a batch (:mod:`bot.store.leases`), so another process on the same database
        never sends it, and one killed mid-send leaves it to the next claimer once the lease
        runs out (re-sending only what it sent but had not marked). A destination's
        notifications are claimed in the order they were queued, the earlier ones first or
        together (:data:`bot.store.leases.OUTBOX_LINE`): one waits while an earlier one of
        its destination is being sent or put off to a retry, so news is never read out of
        order.

        Destinations do not wait for each other: each claimed destination is sent in a task
        of its own (its pictures drawn in worker threads, Pillow releasing the GIL), and the
        claim is run again as soon as one of them is settled or another caller says news was
        queued, so a channel Discord is rate-limiting holds up only its own posts, never a
        direct message of a later move. One sender runs at a time (a caller arriving while
        it runs waits for it, having told it to claim again); it returns when nothing it
        claimed is still being sent and nothing more is due.

        The database is asked as little as that order allows (on SQLite every transaction
        that writes is a write to disk): the destinations whose sends end together are marked
        delivered in one transaction, before the claim is run again (a destination's later
        news is claimed only once its earlier news is marked); the claim is run again at once
        only after a full batch (:data:`CLAIM_LIMIT`), since one that took less took all that
        was due and news queued since is told through :attr:`_news`; and a match is read once
        for all its destinations in a claim (:meth:`_read`). If the sender fails or is
        cancelled, the sends it finished are still marked if the database answers; what is
        not marked is sent again by the next claimer once the lease runs out.
        """
        self._news.set()
        settled = 0
        async with self._lock:
            sending: set[asyncio.Task[list[int]]] = set()
            reading: set[asyncio.Task[Match]] = set()
            sent: list[int] = []  # settled by their tasks, not yet marked delivered
            try:
                while True:
                    if self._news.is_set() and len(sending) < MAX_SENDING:
                        self._news.clear()
                        due = await self.service.claim_notifications(self.clock(), CLAIM_LIMIT)
                        if len(due) >= CLAIM_LIMIT:
                            self._news.set()  # a full batch: there may be more
                        reads: dict[int, asyncio.Task[Match]] = {}
                        for group in _group(due):
                            read = reads.get(group[0].match_id)
                            if read is None:
                                read = reads[group[0].match_id] = self._read(group[0].match_id, reading)
                            sending.add(asyncio.create_task(self._deliver(group, read)))
                    if not sending:
                        return settled
                    # At MAX_SENDING only a settled destination wakes the sender (news waits).
                    news = asyncio.ensure_future(self._news.wait())
                    awaited = {*sending, news} if len(sending) < MAX_SENDING else set(sending)
                    done, _ = await asyncio.wait(awaited, return_when=asyncio.FIRST_COMPLETED)
                    news.cancel()
                    for task in sending & done:
                        sending.discard(task)  # one that failed fails the sender, whose finally marks the rest
                        sent += task.result()
                    if sent:
                        await self._settle(sent)
                        settled += len(sent)
                        sent = []
                        self._news.set()  # their destinations' later news may be waiting behind them
            finally:
                # Only when the sender itself fails or is cancelled (the bot closing): what it
                # started stops with it, and the leases hand the rest to the next claimer. What
                # was sent all the same is marked now if the database still answers, so that the
                # next claimer does not send it again.
                for unfinished in (*sending, *reading):
                    unfinished.cancel()
                outcomes = await asyncio.gather(*sending, return_exceptions=True)
                await asyncio.gather(*reading, return_exceptions=True)
                sent += [i for outcome in outcomes if not isinstance(outcome, BaseException) for i in outcome]
                if sent:
                    try:
                        await self._settle(sent)
                    except Exception:
                        log.warning("notifications sent, left to be sent again ids=%s", sent, exc_info=True)

    async def _settle(self, notification_ids: list[int]) -> None:
        """Mark notifications delivered (sent, nothing to send, or given up) in one transaction."""
        await self.service.delivered(notification_ids, self.clock())

    def _read(self, match_id: int, reading: set[asyncio.Task[Match]]) -> asyncio.Task[Match]:
        """Start reading a match for the destinations of one claim (kept in ``reading`` until read).

        They were claimed together, so each would have read it at that moment, before
        sending; they share the one read instead (the state a transport draws is then the
        same in the channel and in every direct message), and all go on as soon as it is read.
        """
        task = asyncio.create_task(self.service.get_match(match_id))
        reading.add(task)
        task.add_done_callback(reading.discard)
        return task

    async def _deliver(self, group: list[Notification], read: asyncio.Task[Match]) -> list[int]:
        """Send one destination's news; the ids to mark delivered (none when put off to a retry)."""
        first = group[0]
        now = self.clock()
        try:
            match = await asyncio.shield(read)  # shielded: a cancelled destination leaves the read to the others
            if first.kind == NotificationKind.BOARD:
                news = _board_news(group)
                if news.events or news.final or news.ask is not None:  # a turn's end with no news posts nothing
                    await self.transport.post_board(match, news)
            elif first.kind == NotificationKind.LOBBY:
                await self.transport.edit_lobby(match)
            elif first.kind == NotificationKind.OFFER and first.seat is not None:
                await self.transport.post_offer(match, first.seat)  # several of one seat: its latest, once
            elif first.seat is not None and match.record.seats[first.seat] > 0:
                await self.transport.send_to_seat(match, _seat_news(group))
        except (GiveUp, NoSuchMatch) as error:
            log.warning(
                "notification given up match_id=%s ids=%s reason=%s", first.match_id, [n.id for n in group], error
            )
        except Exception:
            # Each notification counts its own attempts: one that failed too often is given up,
            # and the ones that queued up behind it (its destination's later news, folded into
            # its retries since they may not overtake it) are retried, not given up with it.
            spent = [n for n in group if n.attempts + 1 >= MAX_ATTEMPTS]
            again = [n for n in group if n.attempts + 1 < MAX_ATTEMPTS]
            if again:
                attempts = max(n.attempts for n in again) + 1
                delay = min(FIRST_RETRY_SECONDS * 2 ** (attempts - 1), MAX_RETRY_SECONDS)
                log.warning("notification failed, retry in %.0fs match_id=%s", delay, first.match_id, exc_info=True)
                await self.service.retry_later([n.id for n in again], now + delay)
            if spent:
                log.exception("notification given up after %s attempts match_id=%s", MAX_ATTEMPTS, first.match_id)
            group = spent
        return [n.id for n in group]


def _group(due: list[Notification]) -> list[list[Notification]]:
    """Due notifications folded by (match, kind, seat), in the order of their first one."""
    groups: dict[tuple[int, str, int | None], list[Notification]] = {}
    for notification in due:
        groups.setdefault((notification.match_id, notification.kind, notification.seat), []).append(notification)
    return list(groups.values())


def _board_news(group: list[Notification]) -> BoardNews:
    """The board posts of one match folded into one: all their news, the latest mentions and request."""
    posts = [p for p in map(outbox.from_row, group) if isinstance(p, outbox.BoardPost)]
    asks = [post.ask for post in posts if post.ask is not None]
    return BoardNews(
        [m for post in posts for m in post.events],
        list(posts[-1].mention) if posts else [],
        any(post.final for post in posts),
        asks[-1] if asks else None,
    )


def _seat_news(group: list[Notification]) -> SeatNews:
    """The direct messages of one seat folded into one: all their news, whether it must act now."""
    notes = [p for p in map(outbox.from_row, group) if isinstance(p, outbox.SeatNote)]
    return SeatNews(notes[0].seat, [m for note in notes for m in note.events], notes[-1].turn)
