"""The store's foundation: the database it runs on, chosen by ``SERENISSIMA_DB``, and the outbox signal.

:meth:`StoreBase.open` takes what ``SERENISSIMA_DB`` says: a ``postgresql://`` URL opens the
PostgreSQL backend (:mod:`bot.store.postgres`), anything else is the path of a SQLite file
(:mod:`bot.store.sqlite`, today's default). Both hand the store the same small
:class:`~bot.store.database.Database`; the rows (:mod:`.matches`, :mod:`.people`) are one
portable SQL over it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Final, Self

from bot.store.database import Database, Row, is_postgres_url, migrations
from bot.store.sqlite import SqliteDatabase


class VersionConflict(Exception):
    """The match changed since it was read: the guarded write changed nothing."""


LATEST_SCHEMA: Final = max(number for number, _ in migrations("sqlite"))
"""The newest schema this code knows (both backends share the numbers)."""


class StoreBase:
    """The database, opened and migrated. The store's rows are added by :class:`bot.store.Store`."""

    def __init__(self, database: Database) -> None:
        self._db = database
        self._outbox_listener: Callable[[], None] | None = None

    @property
    def database(self) -> Database:
        """The portable database adapter, for a feature's repository beside the store (tournaments)."""
        return self._db

    # --- The outbox signal ----------------------------------------------------------------

    def set_outbox_listener(self, listener: Callable[[], None] | None) -> None:
        """Call ``listener`` after every commit that queued something to deliver.

        This is how the deliverer learns that there is work without being told by every
        caller: match notifications here, and whatever a feature store queues (it calls
        :meth:`outbox_written` after its own commit). There is one deliverer per process, so
        a new listener replaces the old one, as a restarted bot replaces the old. The
        listener only takes note; it must not write (it runs inside the writer's turn).
        """
        self._outbox_listener = listener

    def outbox_written(self) -> None:
        """Tell the listener that a commit queued something to deliver."""
        if self._outbox_listener is not None:
            self._outbox_listener()

    # --- Opening -----------------------------------------------------------------------

    @classmethod
    @asynccontextmanager
    async def open(cls, target: str | Path, *, instance_lock: bool = True) -> AsyncIterator[Self]:
        """Open (creating if needed) and migrate the database ``target`` names; closed on exit.

        ``target`` is a ``postgresql://`` URL or the path of a SQLite file. On SQLite the
        process holds the file's instance lock (``instance_lock=False`` skips it, for tests
        that open one file from several processes); on PostgreSQL any number may run.

        Raises:
            StoreInUse: another process has the SQLite file open.
            StoreError: the database is not Serenissima's, is corrupted, was written by a
                newer version, or cannot be reached. It is left untouched.
        """
        if is_postgres_url(target):
            from bot.store.postgres import PostgresDatabase  # psycopg is loaded only when asked for

            async with PostgresDatabase.open(str(target)) as postgres:
                yield cls(postgres)
        else:
            async with SqliteDatabase.open(target, instance_lock=instance_lock) as sqlite:
                yield cls(sqlite)

    async def schema_version(self) -> int:
        """The migration number the database is at."""
        return await self._db.schema_version()

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Rows of a read-only query in the portable SQL (benches and tests look with it)."""
        return await self._db.fetch_all(sql, params)
