"""The rows of matches: the match itself, its seats, its move log, its clocks, its outbox.

A running match's log is one row per move; the transaction that ends the match packs it into
one compressed row (:mod:`.move_archive`), and every read of moves falls back to that row.

Every write that changes a match is a compare-and-swap on its ``version``
(:meth:`MatchRows.update_match`), done in one transaction together with the move row, the
clocks and the notifications it causes.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Sequence
from typing import Any, Final

from bot.records import (
    ENDED_STATUSES,
    OPEN_STATUSES,
    ChosenBy,
    ClockRecord,
    MatchRecord,
    MatchStatus,
    MoveRecord,
    MoveRow,
    NewNotification,
    Notification,
    NotificationKind,
)
from bot.store import move_archive
from bot.store.audit_rows import AuditRow, add_audit
from bot.store.base import StoreBase, VersionConflict
from bot.store.database import Refused, Transaction, Write, replay
from bot.store.move_archive import StoredMove

log = logging.getLogger(__name__)

ACTIVE_STATUSES: Final = OPEN_STATUSES
"""Kept under its old name: the statuses of a lobby or a running match."""


_CLOCK_COLUMNS: Final = "match_id, seat, bank_left, turn_started, deadline, reminders, remind_at, timeouts, paused_left"

_CLOCK_UPDATES: Final = ", ".join(
    f"{name} = excluded.{name}" for name in _CLOCK_COLUMNS.split(", ") if name not in ("match_id", "seat")
)

_MATCH_COLUMNS: Final = (
    "id, game_key, rules_version, options_json, seed, max_seats, status, state_json, version, ply, "
    "guild_id, channel_id, thread_id, lobby_message_id, creator_id, draw_offers, outcome_json, "
    "created_at, updated_at, time_limit, time_bank, min_completion, rated"
)


class MatchRows(StoreBase):
    """Matches, seats, moves, clocks, standing answers and the outbox."""

    # --- Matches -------------------------------------------------------------------------

    async def create_match(
        self,
        *,
        game_key: str,
        rules_version: int,
        options: dict[str, Any],
        seed: int,
        max_seats: int,
        guild_id: int | None,
        channel_id: int | None,
        creator_id: int,
        now: float,
        time_limit: int | None = None,
        time_bank: int = 0,
        min_completion: int = 0,
        rated: bool = True,
    ) -> int:
        """Insert a match in the lobby with its creator in seat 0; returns its id."""
        async with self._db.transaction() as db:
            row = await db.fetch_one(
                "INSERT INTO matches (game_key, rules_version, options_json, seed, max_seats, status, guild_id,"
                " channel_id, creator_id, created_at, updated_at, time_limit, time_bank, min_completion, rated)"
                " VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                (
                    game_key,
                    rules_version,
                    json.dumps(options),
                    seed,
                    max_seats,
                    guild_id,
                    channel_id,
                    creator_id,
                    now,
                    now,
                    time_limit,
                    time_bank,
                    min_completion,
                    int(rated),
                ),
            )
            assert row is not None
            match_id = int(row[0])
            await db.execute("INSERT INTO seats (match_id, seat, user_id) VALUES (?, 0, ?)", (match_id, creator_id))
        return match_id

    async def get_match(self, match_id: int) -> MatchRecord | None:
        """The match with this id, or None."""
        rows = await self._select_matches("WHERE id = ?", (match_id,))
        return rows[0] if rows else None

    async def match_in_channel(self, channel_id: int) -> MatchRecord | None:
        """The newest lobby or active match whose thread (or channel) is ``channel_id``.

        Two lookups by index (``matches_by_thread``, ``matches_by_channel``) rather than one
        ``OR``, which SQLite answers by walking every match ever stored from the newest. The
        channel's is named: without statistics SQLite would take the thread index for
        ``thread_id IS NULL``, which holds every match ever played without a thread.
        """
        in_thread = await self._select_matches(
            "WHERE thread_id = ? AND status IN ('lobby', 'active') ORDER BY id DESC LIMIT 1", (channel_id,)
        )
        hint = "INDEXED BY matches_by_channel " if self._db.dialect == "sqlite" else ""
        in_channel = await self._select_matches(
            f"{hint}WHERE channel_id = ? AND thread_id IS NULL AND status IN ('lobby', 'active')"
            " ORDER BY id DESC LIMIT 1",
            (channel_id,),
        )
        found = [*in_thread, *in_channel]
        if found:
            return max(found, key=lambda record: record.id)
        rows = await self._select_matches("WHERE thread_id = ? ORDER BY id DESC LIMIT 1", (channel_id,))
        return rows[0] if rows else None

    async def matches_in_guild(
        self, guild_id: int | None, statuses: Sequence[str] = ACTIVE_STATUSES, limit: int = 100
    ) -> list[MatchRecord]:
        """Matches of one server (None: outside any server) with one of ``statuses``, newest first."""
        marks = ", ".join("?" for _ in statuses)
        # ``guild_id = ?`` rather than ``IS NOT DISTINCT FROM ?``: PostgreSQL's index cannot serve the latter.
        guild, params = ("guild_id IS NULL", ()) if guild_id is None else ("guild_id = ?", (guild_id,))
        return await self._select_matches(
            f"WHERE {guild} AND status IN ({marks}) ORDER BY id DESC LIMIT ?", (*params, *statuses, limit)
        )

    async def matches_of_user(self, user_id: int, statuses: Sequence[str] = ACTIVE_STATUSES) -> list[MatchRecord]:
        """Matches where ``user_id`` holds a seat, newest first."""
        marks = ", ".join("?" for _ in statuses)
        return await self._select_matches(
            f"WHERE id IN (SELECT match_id FROM seats WHERE user_id = ?) AND status IN ({marks}) ORDER BY id DESC",
            (user_id, *statuses),
        )

    async def _select_matches(self, where: str, params: tuple[Any, ...]) -> list[MatchRecord]:
        rows = await self._db.fetch_all(f"SELECT {_MATCH_COLUMNS} FROM matches {where}", params)
        if not rows:
            return []
        ids = [row[0] for row in rows]
        seats: dict[int, list[tuple[int, int]]] = {match_id: [] for match_id in ids}
        autopilot: dict[int, set[int]] = {match_id: set() for match_id in ids}
        marks = ", ".join("?" for _ in ids)
        for match_id, seat, user_id, robot in await self._db.fetch_all(
            f"SELECT match_id, seat, user_id, autopilot FROM seats WHERE match_id IN ({marks})", ids
        ):
            seats[match_id].append((seat, user_id))
            if robot:
                autopilot[match_id].add(seat)
        return [
            _match_from_row(row, tuple(user for _, user in sorted(seats[row[0]])), frozenset(autopilot[row[0]]))
            for row in rows
        ]

    async def update_match(
        self,
        match_id: int,
        expected_version: int,
        *,
        now: float,
        seats: Sequence[int] | None = None,
        autopilot_seats: Iterable[int] | None = None,
        move: MoveRow | None = None,
        clocks: Iterable[ClockRecord] = (),
        notifications: Iterable[NewNotification] = (),
        audit: AuditRow | None = None,
        **fields: Any,
    ) -> int:
        """Change a match if it is still at ``expected_version``; returns the new version.

        ``fields`` are columns of ``matches`` (``options``/``outcome`` given as dicts);
        ``seats`` replaces the seat list; ``autopilot_seats`` replaces which seats the
        autopilot plays; ``move`` is appended to the log; ``clocks`` are written over the
        seats' clocks; ``audit`` is the administrative act this change is (a row of the audit
        log). Everything, with the notifications, is one transaction.

        Raises:
            VersionConflict: the match is no longer at ``expected_version``.
        """
        columns = dict(fields)
        for name in ("options", "outcome"):
            if name in columns:
                value = columns.pop(name)
                columns[f"{name}_json"] = None if value is None else json.dumps(value)
        assignments = "".join(f"{name} = ?, " for name in columns)
        new_version = expected_version + 1
        # The whole transaction is built here, then run in one round trip (the version check
        # is its guard): the write lock is held for the SQL only (issue #19 §5).
        write = Write()
        write.execute(
            f"UPDATE matches SET {assignments}version = ?, updated_at = ? WHERE id = ? AND version = ?",
            (*columns.values(), new_version, now, match_id, expected_version),
            expect=1,
        )
        if audit is not None:
            add_audit(write, audit)
        if seats is not None:
            write.execute("DELETE FROM seats WHERE match_id = ?", (match_id,))
            write.executemany(
                "INSERT INTO seats (match_id, seat, user_id) VALUES (?, ?, ?)",
                [(match_id, seat, user_id) for seat, user_id in enumerate(seats)],
            )
        if autopilot_seats is not None:
            chosen = set(autopilot_seats)
            write.execute("UPDATE seats SET autopilot = 0 WHERE match_id = ?", (match_id,))
            write.executemany(
                "UPDATE seats SET autopilot = 1 WHERE match_id = ? AND seat = ?", [(match_id, s) for s in chosen]
            )
        if move is not None:
            write.execute(
                "INSERT INTO moves (match_id, ply, seat, code, version, created_at, events_json, chosen_by,"
                " think_seconds, notes_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    match_id,
                    move.ply,
                    move.seat,
                    move.code,
                    new_version,
                    now,
                    json.dumps(move.events),
                    move.chosen_by,
                    move.think_seconds,
                    json.dumps(move.notes) if move.notes else None,
                ),
            )
        add_clocks(write, match_id, clocks)
        queued = add_queue(write, match_id, new_version, notifications, now)
        try:
            if columns.get("status") in ENDED_STATUSES:
                # The match is over: its log is packed into one row (its engine events are
                # replayed when it is read). Packing reads the moves inside the transaction, so
                # this one write, once a match, runs as a transaction block.
                async with self._db.transaction() as db:
                    await replay(db, write)
                    await move_archive.pack(db, match_id)
            else:
                await self._db.write(write)
        except Refused:
            raise VersionConflict(match_id) from None
        if queued:
            self.outbox_written()
        return new_version

    async def add_notifications(self, match_id: int, notifications: Iterable[NewNotification], now: float) -> None:
        """Queue notifications that change nothing else (not version-guarded)."""
        async with self._db.transaction() as db:
            queued = await queue_at_current_version(db, match_id, notifications, now)
        if queued:
            self.outbox_written()

    # --- Clocks ------------------------------------------------------------------------------

    async def clocks(self, match_id: int) -> dict[int, ClockRecord]:
        """The clocks of a match, by seat."""
        rows = await self._db.fetch_all(f"SELECT {_CLOCK_COLUMNS} FROM clocks WHERE match_id = ?", (match_id,))
        return {row[1]: ClockRecord(*row) for row in rows}

    async def write_clocks(self, match_id: int, clocks: Iterable[ClockRecord]) -> None:
        """Write clocks outside a match change (reminder rungs, downtime grace)."""
        write = Write()
        add_clocks(write, match_id, clocks)
        if write:
            await self._db.write(write)

    async def climb_reminder(self, clock: ClockRecord, user_id: int, digest_at: float) -> None:
        """One transaction: the clock's next rung, and the user's digest no later than ``digest_at``."""
        write = Write()
        add_clocks(write, clock.match_id, [clock])
        write.execute("INSERT INTO users (user_id) VALUES (?) ON CONFLICT DO NOTHING", (user_id,))
        write.execute(
            "UPDATE users SET next_digest_at = ? WHERE user_id = ? AND (next_digest_at IS NULL OR next_digest_at > ?)",
            (digest_at, user_id, digest_at),
        )
        await self._db.write(write)

    async def due_clocks(self, now: float, limit: int = 500) -> list[ClockRecord]:
        """Clocks of running matches whose deadline or next reminder is due, earliest first."""
        rows = await self._db.fetch_all(
            f"SELECT {_CLOCK_COLUMNS} FROM clocks WHERE deadline <= ? OR remind_at <= ?"
            " ORDER BY CASE WHEN remind_at IS NULL OR deadline <= remind_at THEN deadline ELSE remind_at END,"
            " match_id, seat LIMIT ?",
            (now, now, limit),
        )
        return [ClockRecord(*row) for row in rows]

    async def running_clocks_of_users(self, user_ids: Sequence[int]) -> list[tuple[int, ClockRecord]]:
        """(user, clock) for every running clock of these users' seats."""
        if not user_ids:
            return []
        marks = ", ".join("?" for _ in user_ids)
        rows = await self._db.fetch_all(
            f"SELECT s.user_id, {', '.join('c.' + c for c in _CLOCK_COLUMNS.split(', '))} FROM clocks c"
            " JOIN seats s ON s.match_id = c.match_id AND s.seat = c.seat"
            f" WHERE s.user_id IN ({marks}) AND (c.deadline IS NOT NULL OR c.paused_left IS NOT NULL)",
            tuple(user_ids),
        )
        return [(row[0], ClockRecord(*row[1:])) for row in rows]

    async def set_location(
        self, match_id: int, *, thread_id: int | None = None, lobby_message_id: int | None = None
    ) -> None:
        """Remember where a match lives on Discord (not guarded: it changes no game state)."""
        async with self._db.transaction() as db:
            if thread_id is not None:
                await db.execute("UPDATE matches SET thread_id = ? WHERE id = ?", (thread_id, match_id))
            if lobby_message_id is not None:
                await db.execute("UPDATE matches SET lobby_message_id = ? WHERE id = ?", (lobby_message_id, match_id))

    async def moves(self, match_id: int, *, since_ply: int = 0) -> list[MoveRecord]:
        """The move log of a match from ``since_ply`` on, in order (engine events only while it runs)."""
        rows = await self._db.fetch_all(
            "SELECT ply, seat, code, created_at, events_json, chosen_by, think_seconds, notes_json FROM moves"
            " WHERE match_id = ? AND ply >= ? ORDER BY ply",
            (match_id, since_ply),
        )
        if not rows:
            return [move.record() for move in await self._packed_moves(match_id) if move.ply >= since_ply]
        return [
            MoveRecord(
                row[0],
                row[1],
                row[2],
                row[3],
                None if row[4] is None else json.loads(row[4]),
                ChosenBy(row[5]),
                row[6],
                [] if row[7] is None else json.loads(row[7]),
            )
            for row in rows
        ]

    async def last_ply_of(self, match_id: int, seat: int, *, chosen_by: str | None = None) -> int | None:
        """The ply of the seat's latest move (only those ``chosen_by`` when given), or None."""
        sql = "SELECT max(ply) FROM moves WHERE match_id = ? AND seat = ?"
        params: tuple[object, ...] = (match_id, seat)
        if chosen_by is not None:
            sql += " AND chosen_by = ?"
            params += (chosen_by,)
        row = await self._db.fetch_one(sql, params)
        if row is not None and row[0] is not None:
            return int(row[0])
        plies = [
            move.ply
            for move in await self._packed_moves(match_id)
            if move.seat == seat and (chosen_by is None or move.chosen_by == chosen_by)
        ]
        return max(plies, default=None)

    async def has_moved_since(self, match_id: int, seat: int, version: int) -> bool:
        """Whether ``seat`` made a move after the match was at ``version``."""
        found = await self._db.fetch_one(
            "SELECT 1 FROM moves WHERE match_id = ? AND seat = ? AND version > ? LIMIT 1", (match_id, seat, version)
        )
        if found is not None:
            return True
        return any(move.seat == seat and move.version > version for move in await self._packed_moves(match_id))

    async def _packed_moves(self, match_id: int) -> list[StoredMove]:
        """The log of a match whose moves are packed (every reader's way to an ended match's moves).

        Readers ask the per-move rows first (a running match's, and the hot path) and come
        here when there are none: the transaction that packs a log deletes its rows, so a
        match seen without rows either has its archive or no moves at all.
        """
        return await move_archive.archived(self._db, match_id) or []

    async def pack_ended_matches(self, limit: int = 20) -> int:
        """Pack the logs of up to ``limit`` queued matches (ended before logs were packed); how many left the queue.

        Each match is its own short transaction, holding the match's row (two processes
        draining the queue pack each match once); a match already packed is only dequeued.
        """
        queued = await self._db.fetch_all("SELECT match_id FROM moves_to_pack ORDER BY match_id LIMIT ?", (limit,))
        for (match_id,) in queued:
            async with self._db.transaction() as db:
                await db.lock_row("matches", "id", match_id)
                status = await db.fetch_one("SELECT status FROM matches WHERE id = ?", (match_id,))
                if status is not None and status[0] in ENDED_STATUSES:
                    await move_archive.pack(db, match_id)
                await db.execute("DELETE FROM moves_to_pack WHERE match_id = ?", (match_id,))
        return len(queued)

    async def set_standing_answer(self, match_id: int, seat: int, code: str | None) -> None:
        """Remember (or, with None, forget) a seat's standing answer."""
        async with self._db.transaction() as db:
            if code is None:
                await db.execute("DELETE FROM standing_answers WHERE match_id = ? AND seat = ?", (match_id, seat))
            else:
                await db.execute(
                    "INSERT INTO standing_answers (match_id, seat, code) VALUES (?, ?, ?)"
                    " ON CONFLICT (match_id, seat) DO UPDATE SET code = excluded.code",
                    (match_id, seat, code),
                )

    async def standing_answers(self, match_id: int) -> dict[int, str]:
        """The standing answers of a match, by seat."""
        rows = await self._db.fetch_all("SELECT seat, code FROM standing_answers WHERE match_id = ?", (match_id,))
        return {seat: code for seat, code in rows}

    # --- Notifications ---------------------------------------------------------------------

    async def due_notifications(self, now: float, limit: int = 50) -> list[Notification]:
        """Undelivered notifications whose next attempt is due, oldest first."""
        rows = await self._db.fetch_all(
            "SELECT id, match_id, kind, seat, version, payload_json, attempts FROM outbox"
            " WHERE done_at IS NULL AND next_attempt_at <= ? ORDER BY id LIMIT ?",
            (now, limit),
        )
        return known_notifications(rows)

    async def finish_notifications(self, notification_ids: Sequence[int], now: float) -> None:
        """Mark notifications delivered (or given up), in one transaction."""
        write = Write()
        write.executemany("UPDATE outbox SET done_at = ? WHERE id = ?", [(now, i) for i in notification_ids])
        if write:
            await self._db.write(write)

    async def prune_outbox(self, before: float, limit: int = 500) -> int:
        """Delete up to ``limit`` notifications delivered (or given up) before ``before``; how many.

        One short transaction per call (by the ``outbox_pending`` index, oldest first), so that
        a caller deleting a backlog in a loop never holds the write lock for long.
        """
        async with self._db.transaction() as db:
            return await db.execute(
                "DELETE FROM outbox WHERE id IN (SELECT id FROM outbox WHERE done_at IS NOT NULL AND done_at < ?"
                " LIMIT ?)",
                (before, limit),
            )

    async def retry_notifications(self, notification_ids: Sequence[int], next_attempt_at: float) -> None:
        """Count a failed attempt of each and schedule the next one, in one transaction.

        Their claim (:mod:`.leases`) is released: whichever process is free at the next
        attempt takes them.
        """
        write = Write()
        write.executemany(
            "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, claimed_by = NULL, lease_until = NULL"
            " WHERE id = ?",
            [(next_attempt_at, i) for i in notification_ids],
        )
        if write:
            await self._db.write(write)


HELD_UNTIL: Final = 1e18
"""The next attempt of a held notification: never, until a post of the same kind releases it."""


def add_queue(
    write: Write, match_id: int, version: int, notifications: Iterable[NewNotification], now: float
) -> list[tuple[Any, ...]]:
    """Add the queueing of ``notifications`` to ``write``; a held one waits for the next unheld one.

    A held notification (the public news of a step that does not end a player's turn) is
    due only when a notification of the same match and kind that is not held is queued:
    then both are due together, and the notifier folds them into one post.
    """
    notifications = list(notifications)
    queued: list[tuple[Any, ...]] = [
        (match_id, n.kind, n.seat, version, json.dumps(n.payload), now, HELD_UNTIL if n.held else now)
        for n in notifications
    ]
    for kind in sorted({n.kind for n in notifications if not n.held}):
        write.execute(
            "UPDATE outbox SET next_attempt_at = ? WHERE match_id = ? AND kind = ? AND done_at IS NULL"
            " AND next_attempt_at >= ?",
            (now, match_id, kind, HELD_UNTIL),
        )
    write.executemany(
        "INSERT INTO outbox (match_id, kind, seat, version, payload_json, created_at, next_attempt_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        queued,
    )
    return queued


def add_clocks(write: Write, match_id: int, clocks: Iterable[ClockRecord]) -> None:
    """Add the writing of ``clocks`` (over the seats' clocks) to ``write``."""
    write.executemany(
        f"INSERT INTO clocks ({_CLOCK_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
        f" ON CONFLICT (match_id, seat) DO UPDATE SET {_CLOCK_UPDATES}",
        [
            (
                match_id,
                c.seat,
                c.bank_left,
                c.turn_started,
                c.deadline,
                c.reminders,
                c.remind_at,
                c.timeouts,
                c.paused_left,
            )
            for c in clocks
        ],
    )


async def _queue(
    db: Transaction, match_id: int, version: int, notifications: Iterable[NewNotification], now: float
) -> list[tuple[Any, ...]]:
    """:func:`add_queue` inside a transaction block."""
    write = Write()
    queued = add_queue(write, match_id, version, notifications, now)
    await replay(db, write)
    return queued


async def queue_at_current_version(
    db: Transaction, match_id: int, notifications: Iterable[NewNotification], now: float
) -> list[tuple[Any, ...]]:
    """:func:`_queue` at the match's version of the moment, for news that changes no version."""
    row = await db.fetch_one("SELECT version FROM matches WHERE id = ?", (match_id,))
    return await _queue(db, match_id, 0 if row is None else int(row[0]), notifications, now)


async def _write_clocks(db: Transaction, match_id: int, clocks: Iterable[ClockRecord]) -> None:
    """:func:`add_clocks` inside a transaction block."""
    write = Write()
    add_clocks(write, match_id, clocks)
    await replay(db, write)


_KINDS: Final = frozenset(NotificationKind)
"""The notification kinds this version delivers (:func:`known_notifications`)."""


def known_notifications(rows: Iterable[Sequence[Any]]) -> list[Notification]:
    """Outbox rows (``id, match_id, kind, seat, version, payload_json, attempts``) as notifications.

    A row of a kind this version does not know (queued by a newer version sharing the
    database during an upgrade) is left out, not fatal: the rest are delivered, and it waits
    for a process that knows it (its claim, if any, runs out).
    """
    notifications = []
    for r in rows:
        if r[2] in _KINDS:
            notifications.append(Notification(r[0], r[1], NotificationKind(r[2]), r[3], r[4], json.loads(r[5]), r[6]))
        else:
            log.warning("notification of an unknown kind left for a newer version id=%s kind=%r", r[0], r[2])
    return notifications


def _match_from_row(row: Sequence[Any], seats: tuple[int, ...], autopilot: frozenset[int]) -> MatchRecord:
    return MatchRecord(
        id=row[0],
        game_key=row[1],
        rules_version=row[2],
        options=json.loads(row[3]),
        seed=row[4],
        max_seats=row[5],
        status=MatchStatus(row[6]),
        state_json=row[7],
        version=row[8],
        ply=row[9],
        guild_id=row[10],
        channel_id=row[11],
        thread_id=row[12],
        lobby_message_id=row[13],
        creator_id=row[14],
        draw_offers=row[15],
        outcome=None if row[16] is None else json.loads(row[16]),
        created_at=row[17],
        updated_at=row[18],
        seats=seats,
        time_limit=row[19],
        time_bank=row[20],
        min_completion=row[21],
        autopilot_seats=autopilot,
        rated=bool(row[22]),
    )
