"""The store's foundation: opening and migrating the file, and the one write connection.

Every statement of the store goes through one connection; writes go through one
``BEGIN IMMEDIATE`` transaction at a time (:meth:`StoreBase._transaction`), which other
features' stores share through :meth:`StoreBase.transaction` and :meth:`StoreBase.fetch_all`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any, Final, Self

import aiosqlite

from bot import dbfile
from bot.dbfile import StoreError

log = logging.getLogger(__name__)


class VersionConflict(Exception):
    """The match changed since it was read: the guarded write changed nothing."""


def migrations() -> list[tuple[int, str]]:
    """The numbered migration scripts shipped in ``bot/migrations``, in order."""
    found = []
    for entry in resources.files("bot.migrations").iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:4].isdigit():
            found.append((int(name[:4]), entry.read_text(encoding="utf-8")))
    return sorted(found)


LATEST_SCHEMA: Final = max(number for number, _ in migrations())


class StoreBase:
    """The connection, opened and migrated. The store's rows are added by :class:`bot.store.Store`."""

    def __init__(self, connection: aiosqlite.Connection) -> None:
        self._db = connection
        self._write_lock = asyncio.Lock()
        self._outbox_listener: Callable[[], None] | None = None

    # --- The outbox signal ----------------------------------------------------------------

    def set_outbox_listener(self, listener: Callable[[], None] | None) -> None:
        """Call ``listener`` after every commit that queued something to deliver.

        This is how the deliverer learns that there is work without being told by every
        caller: match notifications here, and whatever a feature store queues (it calls
        :meth:`outbox_written` after its own commit). There is one deliverer per database (one
        process), so a new listener replaces the old one, as a restarted bot replaces the
        old. The listener only takes note; it must not write (it runs inside the writer's turn).
        """
        self._outbox_listener = listener

    def outbox_written(self) -> None:
        """Tell the listener that a commit queued something to deliver."""
        if self._outbox_listener is not None:
            self._outbox_listener()

    # --- Opening -----------------------------------------------------------------------

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
                await asyncio.to_thread(dbfile.inspect, path, migrations())
            except StoreError:
                if lock is not None:
                    lock.refused()
                raise
            store = await cls._connect(path)
            try:
                yield store
            finally:
                await store._db.close()

    @classmethod
    async def _connect(cls, path: Path) -> Self:
        """The write connection, set up and migrated; a SQLite failure becomes a :class:`StoreError`."""
        try:
            connection = await aiosqlite.connect(str(path), isolation_level=None)
        except sqlite3.Error as error:
            raise StoreError(f"{path} cannot be opened for writing ({error}); refusing to start.") from error
        try:
            await connection.execute("PRAGMA busy_timeout = 5000")
            await connection.execute("PRAGMA journal_mode = WAL")
            await connection.execute("PRAGMA synchronous = FULL")
            await connection.execute("PRAGMA foreign_keys = ON")
            store = cls(connection)
            await store._migrate(path)
        except BaseException as error:
            await connection.close()
            if isinstance(error, sqlite3.Error):
                raise StoreError(f"{path} cannot be set up ({error}); refusing to start.") from error
            raise
        return store

    async def _migrate(self, path: Path) -> None:
        """Mark the file as ours and apply the missing migrations, in one write transaction.

        The version is read inside the transaction (``BEGIN IMMEDIATE``), so a second opener
        of a fresh file waits for the first and then finds nothing left to do.
        """
        known = migrations()
        async with self._transaction() as db:
            [[application_id]] = await db.execute_fetchall("PRAGMA application_id")
            current = await self._user_version()
            tables = await db.execute_fetchall(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
            dbfile.classify(
                path, dbfile.FileFacts(int(application_id), current, frozenset(r[0] for r in tables)), known
            )
            if application_id != dbfile.APPLICATION_ID:
                await db.execute(f"PRAGMA application_id = {dbfile.APPLICATION_ID}")
            for number, script in known:
                if number <= current:
                    continue
                log.info("applying migration %04d", number)
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


def _split_sql(script: str) -> list[str]:
    """Statements of a migration script: comments dropped, split on semicolons.

    Migration scripts hold no ``--`` or ``;`` inside string literals.
    """
    lines = [line.split("--", 1)[0] for line in script.splitlines()]
    return [statement.strip() for statement in "\n".join(lines).split(";") if statement.strip()]
