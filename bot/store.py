"""Every SQL statement of Serenissima, behind one small interface.

The store is the truth: a match is its options, seed, seats and the ordered move log; the
``state_json`` column is a cache for fast loading. Every write that changes a match is a
compare-and-swap on its ``version`` (``UPDATE ... WHERE id = ? AND version = ?``), done in
one transaction together with the move row and the notifications it causes, so that a
double click or a second bot process can never apply a move twice and a crash after the
commit loses no message.

SQLite through aiosqlite (WAL, ``synchronous=FULL``) is the default; keeping all SQL here
lets a PostgreSQL store stand behind the same methods when one process is not enough.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Final

import aiosqlite

log = logging.getLogger(__name__)

ACTIVE_STATUSES: Final = ("lobby", "active")


class StoreError(RuntimeError):
    """The database cannot be used (corrupted, foreign, or from a newer Serenissima)."""


class VersionConflict(Exception):
    """The match changed since it was read: the guarded write changed nothing."""


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """One row of ``matches`` with its seated users (user ids in seat order)."""

    id: int
    game_key: str
    rules_version: int
    options: dict[str, Any]
    seed: int
    max_seats: int
    status: str
    state_json: str | None
    version: int
    ply: int
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    lobby_message_id: int | None
    creator_id: int
    draw_offers: int
    outcome: dict[str, Any] | None
    created_at: float
    updated_at: float
    seats: tuple[int, ...]
    time_limit: int | None = None
    time_bank: int = 0
    min_completion: int = 0
    autopilot_seats: frozenset[int] = frozenset()
    rated: bool = True

    @property
    def home_channel_id(self) -> int | None:
        """Where the match is played: its thread, else the channel it was created in."""
        return self.thread_id or self.channel_id

    def seat_of(self, user_id: int) -> int | None:
        """The seat of ``user_id``, or None when not seated."""
        return self.seats.index(user_id) if user_id in self.seats else None


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """One row of the move log."""

    ply: int
    seat: int
    code: str
    created_at: float
    events: list[dict[str, Any]] | None = None
    chosen_by: str = "player"
    think_seconds: float | None = None


@dataclass(frozen=True, slots=True)
class MoveRow:
    """A move to append to the log: its code, its events (JSON) and who chose it."""

    ply: int
    seat: int
    code: str
    events: list[dict[str, Any]]
    chosen_by: str = "player"
    think_seconds: float | None = None


@dataclass(frozen=True, slots=True)
class ClockRecord:
    """One seat's clock: its bank, its running turn (if any) and its reminder ladder.

    ``paused_left`` holds the time that was left when the clock was paused (a vacation in a
    two-seat match); a paused clock has no deadline.
    """

    match_id: int
    seat: int
    bank_left: float = 0.0
    turn_started: float | None = None
    deadline: float | None = None
    reminders: int = 0
    remind_at: float | None = None
    timeouts: int = 0
    paused_left: float | None = None


@dataclass(frozen=True, slots=True)
class Notification:
    """A message to deliver: ``kind`` says to whom (``board``: the match channel; ``seat``: a DM)."""

    id: int
    match_id: int
    kind: str
    seat: int | None
    version: int
    payload: dict[str, Any]
    attempts: int


@dataclass(frozen=True, slots=True)
class NewNotification:
    """A notification to insert together with a change."""

    kind: str
    seat: int | None
    payload: dict[str, Any]


@dataclass(frozen=True, slots=True)
class UserRecord:
    """What the bot remembers of a user: language, DMs, time zone, quiet hours, vacation."""

    user_id: int
    locale: str | None = None
    dm_closed: bool = False
    timezone: str | None = None
    quiet_start: int | None = None
    quiet_end: int | None = None
    vacation_until: float | None = None
    vacation_mode: str | None = None
    vacation_days_used: float = 0.0
    next_digest_at: float | None = None
    vacation_year: int | None = None

    def is_on_vacation(self, now: float) -> bool:
        """Whether the user is away at ``now``."""
        return self.vacation_until is not None and self.vacation_until > now


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """A player's record in one game (on one server)."""

    game_key: str
    finished: int = 0
    won: int = 0
    drawn: int = 0
    abandoned: int = 0
    timeouts: int = 0
    average_think_seconds: float | None = None

    @property
    def completion_rate(self) -> float:
        """Finished without abandoning, over finished (1.0 with no finished match)."""
        return 1.0 if self.finished == 0 else (self.finished - self.abandoned) / self.finished


ABANDON_REASONS: Final = frozenset({"core.reason.resigned", "core.reason.claimed_timeout"})
"""Endings that count as abandoning for the loser (a timeout or a resignation)."""

_USER_COLUMNS: Final = (
    "user_id, locale, dm_closed, timezone, quiet_start, quiet_end, vacation_until, vacation_mode,"
    " vacation_days_used, next_digest_at, vacation_year"
)


def _user_from_row(row: Sequence[Any]) -> UserRecord:
    return UserRecord(
        row[0], row[1], bool(row[2]), row[3], row[4], row[5], row[6], row[7], row[8] or 0.0, row[9], row[10]
    )


_CLOCK_COLUMNS: Final = "match_id, seat, bank_left, turn_started, deadline, reminders, remind_at, timeouts, paused_left"

_MATCH_COLUMNS: Final = (
    "id, game_key, rules_version, options_json, seed, max_seats, status, state_json, version, ply, "
    "guild_id, channel_id, thread_id, lobby_message_id, creator_id, draw_offers, outcome_json, "
    "created_at, updated_at, time_limit, time_bank, min_completion, rated"
)


def migrations() -> list[tuple[int, str]]:
    """The numbered migration scripts shipped in ``bot/migrations``, in order."""
    found = []
    for entry in resources.files("bot.migrations").iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:4].isdigit():
            found.append((int(name[:4]), entry.read_text(encoding="utf-8")))
    return sorted(found)


LATEST_SCHEMA: Final = max(number for number, _ in migrations())


class Store:
    """The SQLite store. Open with ``async with Store.open(path) as store``."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection
        self._write_lock = asyncio.Lock()

    # --- Opening -----------------------------------------------------------------------

    @classmethod
    @asynccontextmanager
    async def open(cls, path: str | Path) -> AsyncIterator[Store]:
        """Open (creating if absent) and migrate the database at ``path``.

        Raises:
            StoreError: the file is not a Serenissima database, is corrupted, or was written
                by a newer version. The file is left untouched.
        """
        connection = await aiosqlite.connect(str(path), isolation_level=None)
        try:
            await _check_usable(connection, str(path))
            await connection.execute("PRAGMA journal_mode = WAL")
            await connection.execute("PRAGMA synchronous = FULL")
            await connection.execute("PRAGMA foreign_keys = ON")
            await connection.execute("PRAGMA busy_timeout = 5000")
            store = cls(connection)
            await store._migrate()
            yield store
        finally:
            await connection.close()

    async def _migrate(self) -> None:
        current = await self._user_version()
        for number, script in migrations():
            if number <= current:
                continue
            log.info("applying migration %04d", number)
            async with self._transaction() as db:
                for statement in _split_sql(script):
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {number}")

    async def _user_version(self) -> int:
        async with self._db.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        return int(row[0]) if row else 0

    async def schema_version(self) -> int:
        """The migration number the database is at."""
        return await self._user_version()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """One write transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``), for stores of other features.

        Feature stores (e.g. tournaments) keep their SQL in their own module and use this and
        :meth:`fetch_all`, so that every statement still goes through one connection.
        """
        async with self._transaction() as db:
            yield db

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Any]:
        """Rows of a read-only query."""
        async with self._db.execute(sql, tuple(params)) as cursor:
            return list(await cursor.fetchall())

    @asynccontextmanager
    async def _transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._write_lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")

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
        async with self._transaction() as db:
            cursor = await db.execute(
                "INSERT INTO matches (game_key, rules_version, options_json, seed, max_seats, status, guild_id,"
                " channel_id, creator_id, created_at, updated_at, time_limit, time_bank, min_completion, rated)"
                " VALUES (?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
            match_id = cursor.lastrowid
            assert match_id is not None
            await db.execute("INSERT INTO seats (match_id, seat, user_id) VALUES (?, 0, ?)", (match_id, creator_id))
        return match_id

    async def get_match(self, match_id: int) -> MatchRecord | None:
        """The match with this id, or None."""
        rows = await self._select_matches("WHERE id = ?", (match_id,))
        return rows[0] if rows else None

    async def match_in_channel(self, channel_id: int) -> MatchRecord | None:
        """The newest lobby or active match whose thread (or channel) is ``channel_id``."""
        rows = await self._select_matches(
            "WHERE (thread_id = ? OR (thread_id IS NULL AND channel_id = ?)) AND status IN ('lobby', 'active')"
            " ORDER BY id DESC LIMIT 1",
            (channel_id, channel_id),
        )
        if rows:
            return rows[0]
        rows = await self._select_matches("WHERE thread_id = ? ORDER BY id DESC LIMIT 1", (channel_id,))
        return rows[0] if rows else None

    async def matches_in_guild(
        self, guild_id: int | None, statuses: Sequence[str] = ACTIVE_STATUSES, limit: int = 100
    ) -> list[MatchRecord]:
        """Matches of one server (None: outside any server) with one of ``statuses``, newest first."""
        marks = ", ".join("?" for _ in statuses)
        return await self._select_matches(
            f"WHERE guild_id IS ? AND status IN ({marks}) ORDER BY id DESC LIMIT ?", (guild_id, *statuses, limit)
        )

    async def matches_of_user(self, user_id: int, statuses: Sequence[str] = ACTIVE_STATUSES) -> list[MatchRecord]:
        """Matches where ``user_id`` holds a seat, newest first."""
        marks = ", ".join("?" for _ in statuses)
        return await self._select_matches(
            f"WHERE id IN (SELECT match_id FROM seats WHERE user_id = ?) AND status IN ({marks}) ORDER BY id DESC",
            (user_id, *statuses),
        )

    async def _select_matches(self, where: str, params: tuple[Any, ...]) -> list[MatchRecord]:
        async with self._db.execute(f"SELECT {_MATCH_COLUMNS} FROM matches {where}", params) as cursor:
            rows = list(await cursor.fetchall())
        if not rows:
            return []
        ids = [row[0] for row in rows]
        seats: dict[int, list[tuple[int, int]]] = {match_id: [] for match_id in ids}
        autopilot: dict[int, set[int]] = {match_id: set() for match_id in ids}
        marks = ", ".join("?" for _ in ids)
        async with self._db.execute(
            f"SELECT match_id, seat, user_id, autopilot FROM seats WHERE match_id IN ({marks})", ids
        ) as cursor:
            for match_id, seat, user_id, robot in await cursor.fetchall():
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
        **fields: Any,
    ) -> int:
        """Change a match if it is still at ``expected_version``; returns the new version.

        ``fields`` are columns of ``matches`` (``options``/``outcome`` given as dicts);
        ``seats`` replaces the seat list; ``autopilot_seats`` replaces which seats the
        autopilot plays; ``move`` is appended to the log; ``clocks`` are written over the
        seats' clocks. Everything, with the notifications, is one transaction.

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
        async with self._transaction() as db:
            cursor = await db.execute(
                f"UPDATE matches SET {assignments}version = ?, updated_at = ? WHERE id = ? AND version = ?",
                (*columns.values(), new_version, now, match_id, expected_version),
            )
            if cursor.rowcount != 1:
                raise VersionConflict(match_id)
            if seats is not None:
                await db.execute("DELETE FROM seats WHERE match_id = ?", (match_id,))
                await db.executemany(
                    "INSERT INTO seats (match_id, seat, user_id) VALUES (?, ?, ?)",
                    [(match_id, seat, user_id) for seat, user_id in enumerate(seats)],
                )
            if autopilot_seats is not None:
                chosen = set(autopilot_seats)
                await db.execute("UPDATE seats SET autopilot = 0 WHERE match_id = ?", (match_id,))
                await db.executemany(
                    "UPDATE seats SET autopilot = 1 WHERE match_id = ? AND seat = ?", [(match_id, s) for s in chosen]
                )
            if move is not None:
                await db.execute(
                    "INSERT INTO moves (match_id, ply, seat, code, version, created_at, events_json, chosen_by,"
                    " think_seconds) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
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
                    ),
                )
            await _write_clocks(db, match_id, clocks)
            await db.executemany(
                "INSERT INTO outbox (match_id, kind, seat, version, payload_json, created_at, next_attempt_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(match_id, n.kind, n.seat, new_version, json.dumps(n.payload), now, now) for n in notifications],
            )
        return new_version

    async def add_notifications(self, match_id: int, notifications: Iterable[NewNotification], now: float) -> None:
        """Queue notifications that change nothing else (not version-guarded)."""
        async with self._transaction() as db:
            async with db.execute("SELECT version FROM matches WHERE id = ?", (match_id,)) as cursor:
                row = await cursor.fetchone()
            version = 0 if row is None else int(row[0])
            await db.executemany(
                "INSERT INTO outbox (match_id, kind, seat, version, payload_json, created_at, next_attempt_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(match_id, n.kind, n.seat, version, json.dumps(n.payload), now, now) for n in notifications],
            )

    # --- Clocks ------------------------------------------------------------------------------

    async def clocks(self, match_id: int) -> dict[int, ClockRecord]:
        """The clocks of a match, by seat."""
        async with self._db.execute(f"SELECT {_CLOCK_COLUMNS} FROM clocks WHERE match_id = ?", (match_id,)) as cursor:
            return {row[1]: ClockRecord(*row) for row in await cursor.fetchall()}

    async def write_clocks(self, match_id: int, clocks: Iterable[ClockRecord]) -> None:
        """Write clocks outside a match change (reminder rungs, downtime grace)."""
        async with self._transaction() as db:
            await _write_clocks(db, match_id, clocks)

    async def climb_reminder(self, clock: ClockRecord, user_id: int, digest_at: float) -> None:
        """One transaction: the clock's next rung, and the user's digest no later than ``digest_at``."""
        async with self._transaction() as db:
            await _write_clocks(db, clock.match_id, [clock])
            await db.execute("INSERT OR IGNORE INTO users (user_id) VALUES (?)", (user_id,))
            await db.execute(
                "UPDATE users SET next_digest_at = ? WHERE user_id = ? AND (next_digest_at IS NULL"
                " OR next_digest_at > ?)",
                (digest_at, user_id, digest_at),
            )

    async def due_clocks(self, now: float, limit: int = 500) -> list[ClockRecord]:
        """Clocks of running matches whose deadline or next reminder is due, earliest first."""
        async with self._db.execute(
            f"SELECT {_CLOCK_COLUMNS} FROM clocks WHERE deadline <= ? OR remind_at <= ?"
            " ORDER BY min(coalesce(deadline, remind_at), coalesce(remind_at, deadline)) LIMIT ?",
            (now, now, limit),
        ) as cursor:
            return [ClockRecord(*row) for row in await cursor.fetchall()]

    async def running_clocks_of_users(self, user_ids: Sequence[int]) -> list[tuple[int, ClockRecord]]:
        """(user, clock) for every running clock of these users' seats."""
        if not user_ids:
            return []
        marks = ", ".join("?" for _ in user_ids)
        async with self._db.execute(
            f"SELECT s.user_id, {', '.join('c.' + c for c in _CLOCK_COLUMNS.split(', '))} FROM clocks c"
            " JOIN seats s ON s.match_id = c.match_id AND s.seat = c.seat"
            f" WHERE s.user_id IN ({marks}) AND (c.deadline IS NOT NULL OR c.paused_left IS NOT NULL)",
            tuple(user_ids),
        ) as cursor:
            return [(row[0], ClockRecord(*row[1:])) for row in await cursor.fetchall()]

    async def set_location(
        self, match_id: int, *, thread_id: int | None = None, lobby_message_id: int | None = None
    ) -> None:
        """Remember where a match lives on Discord (not guarded: it changes no game state)."""
        async with self._transaction() as db:
            if thread_id is not None:
                await db.execute("UPDATE matches SET thread_id = ? WHERE id = ?", (thread_id, match_id))
            if lobby_message_id is not None:
                await db.execute("UPDATE matches SET lobby_message_id = ? WHERE id = ?", (lobby_message_id, match_id))

    async def moves(self, match_id: int, *, since_ply: int = 0) -> list[MoveRecord]:
        """The move log of a match from ``since_ply`` on, in order."""
        async with self._db.execute(
            "SELECT ply, seat, code, created_at, events_json, chosen_by, think_seconds FROM moves"
            " WHERE match_id = ? AND ply >= ? ORDER BY ply",
            (match_id, since_ply),
        ) as cursor:
            rows = await cursor.fetchall()
        return [
            MoveRecord(row[0], row[1], row[2], row[3], None if row[4] is None else json.loads(row[4]), row[5], row[6])
            for row in rows
        ]

    async def last_ply_of(self, match_id: int, seat: int, *, chosen_by: str | None = None) -> int | None:
        """The ply of the seat's latest move (only those ``chosen_by`` when given), or None."""
        sql = "SELECT max(ply) FROM moves WHERE match_id = ? AND seat = ?"
        params: tuple[object, ...] = (match_id, seat)
        if chosen_by is not None:
            sql += " AND chosen_by = ?"
            params += (chosen_by,)
        async with self._db.execute(sql, params) as cursor:
            row = await cursor.fetchone()
        return None if row is None or row[0] is None else int(row[0])

    async def has_moved_since(self, match_id: int, seat: int, version: int) -> bool:
        """Whether ``seat`` made a move after the match was at ``version``."""
        async with self._db.execute(
            "SELECT 1 FROM moves WHERE match_id = ? AND seat = ? AND version > ? LIMIT 1", (match_id, seat, version)
        ) as cursor:
            return await cursor.fetchone() is not None

    async def set_standing_answer(self, match_id: int, seat: int, code: str | None) -> None:
        """Remember (or, with None, forget) a seat's standing answer."""
        async with self._transaction() as db:
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
        async with self._db.execute(
            "SELECT seat, code FROM standing_answers WHERE match_id = ?", (match_id,)
        ) as cursor:
            return {seat: code for seat, code in await cursor.fetchall()}

    # --- Notifications ---------------------------------------------------------------------

    async def due_notifications(self, now: float, limit: int = 50) -> list[Notification]:
        """Undelivered notifications whose next attempt is due, oldest first."""
        async with self._db.execute(
            "SELECT id, match_id, kind, seat, version, payload_json, attempts FROM outbox"
            " WHERE done_at IS NULL AND next_attempt_at <= ? ORDER BY id LIMIT ?",
            (now, limit),
        ) as cursor:
            rows = await cursor.fetchall()
        return [Notification(r[0], r[1], r[2], r[3], r[4], json.loads(r[5]), r[6]) for r in rows]

    async def finish_notifications(self, notification_ids: Sequence[int], now: float) -> None:
        """Mark notifications delivered (or given up), in one transaction."""
        async with self._transaction() as db:
            await db.executemany("UPDATE outbox SET done_at = ? WHERE id = ?", [(now, i) for i in notification_ids])

    async def retry_notifications(self, notification_ids: Sequence[int], next_attempt_at: float) -> None:
        """Count a failed attempt of each and schedule the next one, in one transaction."""
        async with self._transaction() as db:
            await db.executemany(
                "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ?",
                [(next_attempt_at, i) for i in notification_ids],
            )

    # --- Users -------------------------------------------------------------------------------

    async def get_user(self, user_id: int) -> UserRecord:
        """What we know of a user (defaults when nothing)."""
        async with self._db.execute(f"SELECT {_USER_COLUMNS} FROM users WHERE user_id = ?", (user_id,)) as cursor:
            row = await cursor.fetchone()
        return UserRecord(user_id) if row is None else _user_from_row(row)

    async def remember_user(self, user_id: int, *, locale: str | None = None, dm_closed: bool | None = None) -> None:
        """Record a user's locale and whether their DMs are closed (None: keep)."""
        changes: dict[str, Any] = {}
        if locale is not None:
            changes["locale"] = locale
        if dm_closed is not None:
            changes["dm_closed"] = int(dm_closed)
        await self.update_user(user_id, **changes)

    async def update_user(self, user_id: int, **columns: Any) -> None:
        """Set columns of a user's row (creating it); a None value clears the column."""
        async with self._transaction() as db:
            await db.execute("INSERT OR IGNORE INTO users (user_id) VALUES (?)", (user_id,))
            if columns:
                assignments = ", ".join(f"{name} = ?" for name in columns)
                await db.execute(f"UPDATE users SET {assignments} WHERE user_id = ?", (*columns.values(), user_id))

    async def users_due(self, now: float) -> list[UserRecord]:
        """Users whose vacation has run out or whose digest is due."""
        async with self._db.execute(
            f"SELECT {_USER_COLUMNS} FROM users WHERE vacation_until <= ? OR next_digest_at <= ?", (now, now)
        ) as cursor:
            return [_user_from_row(row) for row in await cursor.fetchall()]

    async def users(self, user_ids: Iterable[int]) -> dict[int, UserRecord]:
        """Several users at once (defaults for the unknown ones)."""
        wanted = list(dict.fromkeys(user_ids))
        found = {user: UserRecord(user) for user in wanted}
        if wanted:
            marks = ", ".join("?" for _ in wanted)
            async with self._db.execute(
                f"SELECT {_USER_COLUMNS} FROM users WHERE user_id IN ({marks})", wanted
            ) as cursor:
                for row in await cursor.fetchall():
                    found[row[0]] = _user_from_row(row)
        return found

    # --- Player records ------------------------------------------------------------------------

    async def player_record(self, user_id: int, guild_id: int | None) -> list[PlayerRecord]:
        """Per game: matches finished, won, drawn, abandoned, timeouts, average time to move."""
        async with self._db.execute(
            "SELECT m.game_key, m.status, m.outcome_json, s.seat FROM matches m"
            " JOIN seats s ON s.match_id = m.id WHERE s.user_id = ? AND m.guild_id IS ?"
            " AND m.status = 'finished'",
            (user_id, guild_id),
        ) as cursor:
            finished = await cursor.fetchall()
        async with self._db.execute(
            "SELECT m.game_key, count(*), avg(mv.think_seconds) FROM moves mv"
            " JOIN matches m ON m.id = mv.match_id JOIN seats s ON s.match_id = mv.match_id AND s.seat = mv.seat"
            " WHERE s.user_id = ? AND m.guild_id IS ? AND mv.chosen_by = 'player' GROUP BY m.game_key",
            (user_id, guild_id),
        ) as cursor:
            thinking = {row[0]: row[2] for row in await cursor.fetchall()}
        async with self._db.execute(
            "SELECT m.game_key, coalesce(sum(c.timeouts), 0) FROM clocks c JOIN matches m ON m.id = c.match_id"
            " JOIN seats s ON s.match_id = c.match_id AND s.seat = c.seat WHERE s.user_id = ? AND m.guild_id IS ?"
            " GROUP BY m.game_key",
            (user_id, guild_id),
        ) as cursor:
            timeouts = {row[0]: int(row[1]) for row in await cursor.fetchall()}
        records: dict[str, PlayerRecord] = {}
        for game_key, _status, outcome_json, seat in finished:
            outcome = json.loads(outcome_json) if outcome_json else {}
            ranks = outcome.get("ranks", [])
            reason = outcome.get("reason", {}).get("key", "")
            old = records.get(game_key, PlayerRecord(game_key))
            draw = bool(ranks) and all(rank == 1 for rank in ranks)
            won = not draw and seat in outcome.get("winners", [])
            lost_by_leaving = not won and reason in ABANDON_REASONS
            records[game_key] = PlayerRecord(
                game_key,
                old.finished + 1,
                old.won + int(won),
                old.drawn + int(draw),
                old.abandoned + int(lost_by_leaving),
            )
        for game_key in set(thinking) | set(timeouts):
            records.setdefault(game_key, PlayerRecord(game_key))
        return [
            PlayerRecord(
                r.game_key,
                r.finished,
                r.won,
                r.drawn,
                r.abandoned,
                timeouts.get(r.game_key, 0),
                thinking.get(r.game_key),
            )
            for r in sorted(records.values(), key=lambda r: r.game_key)
        ]


async def _write_clocks(db: aiosqlite.Connection, match_id: int, clocks: Iterable[ClockRecord]) -> None:
    await db.executemany(
        f"INSERT OR REPLACE INTO clocks ({_CLOCK_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
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


def _match_from_row(row: Sequence[Any], seats: tuple[int, ...], autopilot: frozenset[int]) -> MatchRecord:
    return MatchRecord(
        id=row[0],
        game_key=row[1],
        rules_version=row[2],
        options=json.loads(row[3]),
        seed=row[4],
        max_seats=row[5],
        status=row[6],
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


def _split_sql(script: str) -> list[str]:
    """Statements of a migration script: comments dropped, split on semicolons.

    Migration scripts hold no ``--`` or ``;`` inside string literals.
    """
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    return [statement.strip() for statement in "\n".join(lines).split(";") if statement.strip()]


async def _check_usable(connection: aiosqlite.Connection, path: str) -> None:
    """Refuse a file that is corrupted, foreign, or newer than this code, before touching it."""
    try:
        async with connection.execute("PRAGMA quick_check") as cursor:
            check = await cursor.fetchone()
        async with connection.execute("PRAGMA user_version") as cursor:
            row = await cursor.fetchone()
        async with connection.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'") as cursor:
            tables = await cursor.fetchone()
    except sqlite3.DatabaseError as error:
        raise StoreError(
            f"{path} is not a readable SQLite database ({error}); refusing to start and leaving the file untouched."
        ) from error
    if check is None or check[0] != "ok":
        raise StoreError(f"{path} failed its integrity check ({check}); refusing to start.")
    version = int(row[0]) if row else 0
    if version > LATEST_SCHEMA:
        raise StoreError(
            f"{path} was written by a newer Serenissima (schema {version}, this code knows {LATEST_SCHEMA});"
            " refusing to start. Upgrade the bot or point SERENISSIMA_DB at another file."
        )
    if version == 0 and tables and tables[0] > 0:
        raise StoreError(f"{path} holds tables that are not Serenissima's; refusing to start.")
