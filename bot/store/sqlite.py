"""The SQLite backend: one file, one process, one connection on a thread of its own.

Every statement goes through one ``sqlite3`` connection, used only by its own thread
(:class:`SqliteThread`): each call from the event loop is one hand-off to that thread and
one back. Writes go through one ``BEGIN IMMEDIATE`` transaction at a time, serialised by an
:class:`asyncio.Lock`. A :class:`~bot.store.database.Write` (a move, a delivery) runs whole
in one hand-off, so the lock is held for the time of its SQL and not across the event
loop's turns; a transaction block costs one hand-off per statement. Before anything is
written the file is checked (:mod:`bot.dbfile`: whose it is, its schema version) and the
process takes the instance lock, so that a second process on the same file is refused. The
schema version is ``PRAGMA user_version``; the file format is unchanged since migration
0001, so every existing database keeps working.

Why not aiosqlite (which it replaced): it hands off once per call too, but a cursor costs
three (execute, fetch, close) and it offers no public way to run a whole transaction in
its thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal, Self, TypeVar

from bot import dbfile
from bot.dbfile import StoreError
from bot.store.database import Refused, Row, Step, Transaction, Write, migrations

log = logging.getLogger(__name__)

T = TypeVar("T")


class SqliteThread:
    """One ``sqlite3`` connection and the one thread that ever uses it."""

    def __init__(self) -> None:
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="sqlite")
        self._connection: sqlite3.Connection | None = None

    async def connect(self, path: Path) -> None:
        """Open the connection, in its thread (autocommit: the transactions are explicit)."""
        self._connection = await self._in_thread(lambda: sqlite3.connect(str(path), isolation_level=None))

    async def call(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` on the connection, in its thread: one hand-off there and back."""
        connection = self._connection
        if connection is None:
            raise StoreError("the SQLite connection is closed")
        return await self._in_thread(lambda: work(connection))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; how many rows it changed."""
        return await self.call(lambda connection: _run(connection, sql, params)[1])

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Every row of a statement."""
        return await self.call(lambda connection: _run(connection, sql, params)[0])

    async def set_trace_callback(self, callback: Callable[[str], object] | None) -> None:
        """Have ``callback`` called with every statement run (tests that look at the statements)."""
        await self.call(lambda connection: connection.set_trace_callback(callback))

    async def close(self) -> None:
        """Close the connection, then stop the thread."""
        connection, self._connection = self._connection, None
        try:
            if connection is not None:
                await self._in_thread(connection.close)
        finally:
            self._thread.shutdown(wait=False)

    async def _in_thread(self, work: Callable[[], T]) -> T:
        return await asyncio.get_running_loop().run_in_executor(self._thread, work)


def _run(connection: sqlite3.Connection, sql: str, params: Sequence[Any]) -> tuple[list[Row], int]:
    """Run one statement to its end: its rows, and how many rows it changed."""
    cursor = connection.execute(sql, tuple(params))
    try:
        rows = [tuple(row) for row in cursor.fetchall()]
        return rows, max(0, cursor.rowcount)
    finally:
        cursor.close()


def _run_write(connection: sqlite3.Connection, steps: Sequence[Step]) -> list[int]:
    """A whole :class:`Write` in the connection's thread: ``BEGIN IMMEDIATE`` ... ``COMMIT``."""
    connection.execute("BEGIN IMMEDIATE")
    try:
        counts = []
        for index, step in enumerate(steps):
            if step.kind == "one":
                count = _run(connection, step.sql, step.params)[1]
                if step.expect is not None and count != step.expect:
                    raise Refused(index, count)
                counts.append(count)
            else:
                if step.kind == "many":
                    connection.executemany(step.sql, step.params).close()
                # A lock: BEGIN IMMEDIATE already holds the whole database.
                counts.append(0)
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    return counts


class SqliteTransaction:
    """Statements inside the one ``BEGIN IMMEDIATE`` transaction."""

    def __init__(self, connection: SqliteThread) -> None:
        self._connection = connection

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; how many rows it changed."""
        return await self._connection.execute(sql, params)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement for every parameter row."""
        batch = [tuple(row) for row in rows]
        await self._connection.call(lambda connection: connection.executemany(sql, batch).close())

    async def lock_row(self, table: str, column: str, value: Any) -> None:
        """Nothing to do: ``BEGIN IMMEDIATE`` already holds the whole database for this transaction."""

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Every row of a query (``INSERT ... RETURNING`` included)."""
        return await self._connection.fetch_all(sql, params)

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """The first row of a query, or None (every row is read, so a RETURNING completes)."""
        rows = await self.fetch_all(sql, params)
        return rows[0] if rows else None


class SqliteDatabase:
    """An open, checked and migrated SQLite file. Open with ``async with SqliteDatabase.open(path)``."""

    def __init__(self, connection: SqliteThread, path: Path) -> None:
        self.connection = connection
        """The one connection (for tests that trace statements; the store never takes it)."""
        self.path = path
        self._write_lock = asyncio.Lock()

    @property
    def dialect(self) -> Literal["sqlite"]:
        """SQLite."""
        return "sqlite"

    def describe(self) -> str:
        """The file's path."""
        return str(self.path)

    @classmethod
    @asynccontextmanager
    async def open(cls, path: str | Path, *, instance_lock: bool = True) -> AsyncIterator[Self]:
        """Open (creating if absent) and migrate the database at ``path``, holding it for this process.

        Nothing is written before the file is known to be ours (see :mod:`bot.dbfile`).
        ``instance_lock=False`` skips the one-process lock; it exists for the tests that open
        one file from several processes at once (the migration must still be atomic then).

        Raises:
            StoreInUse: another process has the database open.
            StoreError: the file is not a Serenissima database, is corrupted, or was written
                by a newer version. The file is left untouched.
        """
        path = Path(path)
        locked = dbfile.instance_lock(path) if instance_lock else contextlib.nullcontext()
        with locked as lock:
            try:
                await asyncio.to_thread(dbfile.inspect, path, migrations("sqlite"))
            except StoreError:
                if lock is not None:
                    lock.refused()
                raise
            database = await cls._connect(path)
            try:
                yield database
            finally:
                await database.connection.close()

    @classmethod
    async def _connect(cls, path: Path) -> Self:
        """The write connection, set up and migrated; a SQLite failure becomes a :class:`StoreError`."""
        connection = SqliteThread()
        try:
            await connection.connect(path)
        except sqlite3.Error as error:
            await connection.close()
            raise StoreError(f"{path} cannot be opened for writing ({error}); refusing to start.") from error
        try:
            await connection.execute("PRAGMA busy_timeout = 5000")
            await connection.execute("PRAGMA journal_mode = WAL")
            await connection.execute("PRAGMA synchronous = FULL")
            await connection.execute("PRAGMA foreign_keys = ON")
            database = cls(connection, path)
            await database._migrate()
        except BaseException as error:
            await connection.close()
            if isinstance(error, sqlite3.Error):
                raise StoreError(f"{path} cannot be set up ({error}); refusing to start.") from error
            raise
        return database

    async def _migrate(self) -> None:
        """Mark the file as ours and apply the missing migrations, in one write transaction.

        The version is read inside the transaction (``BEGIN IMMEDIATE``), so a second opener
        of a fresh file waits for the first and then finds nothing left to do.
        """
        known = migrations("sqlite")
        async with self.transaction() as db:
            [[application_id]] = await db.fetch_all("PRAGMA application_id")
            current = await self.schema_version()
            tables = await db.fetch_all(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
            dbfile.classify(
                self.path, dbfile.FileFacts(int(application_id), current, frozenset(r[0] for r in tables)), known
            )
            if application_id != dbfile.APPLICATION_ID:
                await db.execute(f"PRAGMA application_id = {dbfile.APPLICATION_ID}")
            for number, script in known:
                if number <= current:
                    continue
                log.info("applying migration %04d", number)
                for statement in split_sql(script):
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {number}")

    async def schema_version(self) -> int:
        """``PRAGMA user_version``: the migration number the file is at."""
        row = await self.fetch_one("PRAGMA user_version")
        return int(row[0]) if row else 0

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Every row of a read-only query."""
        return await self.connection.fetch_all(sql, params)

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """The first row of a read-only query, or None."""
        return await self.connection.call(lambda connection: _first(connection, sql, params))

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` when the block raises), one at a time."""
        async with self._write_lock:
            await self.connection.execute("BEGIN IMMEDIATE")
            try:
                yield SqliteTransaction(self.connection)
            except BaseException:
                await self.connection.execute("ROLLBACK")
                raise
            await self.connection.execute("COMMIT")

    async def write(self, write: Write) -> list[int]:
        """The whole write in one call into the connection's thread, the write lock held for that call."""
        steps = list(write.steps)
        async with self._write_lock:
            return await self.connection.call(lambda connection: _run_write(connection, steps))


def _first(connection: sqlite3.Connection, sql: str, params: Sequence[Any]) -> Row | None:
    cursor = connection.execute(sql, tuple(params))
    try:
        row = cursor.fetchone()
    finally:
        cursor.close()
    return None if row is None else tuple(row)


def split_sql(script: str) -> list[str]:
    """Statements of a migration script: comments dropped, split on semicolons.

    Migration scripts hold no ``--`` or ``;`` inside string literals.
    """
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    return [statement.strip() for statement in "\n".join(lines).split(";") if statement.strip()]
