"""The PostgreSQL backend: one shared database for any number of bot processes (psycopg 3).

Why psycopg 3 (async) rather than asyncpg: it is fully typed (the strict mypy run needs no
stubs), it adapts Python values the way the server casts them (an ``int`` into a ``REAL``
column, a ``float`` timestamp compared to a ``BIGINT``), so the one portable SQL of the store
runs unchanged with ``?`` turned into ``%s``; it ships a binary wheel with libpq.

A handful of connections (:data:`POOL_SIZE`) in autocommit mode serve the store: a read takes
one for one statement, a transaction takes one for its block (``BEGIN`` ... ``COMMIT``). The
version check is the store's ``UPDATE ... WHERE version = ?``: PostgreSQL's row lock makes a
second writer wait and then find the version changed, so it changes nothing (read committed
is enough, nothing else is assumed of the isolation level).

**Whose schema, and which version.** The store lives in one PostgreSQL schema (the first of
the connection's ``search_path``; choose another with ``?options=-csearch_path%3Dname`` in
the URL). The table ``serenissima_schema`` holds the migration number. A schema with no
table is new; one with tables but no ``serenissima_schema`` is someone else's and refused;
one at a higher number than this code knows was written by a newer Serenissima and refused.
Nothing is written before that is decided, and a refusal rolls the transaction back.

**Several processes.** Migrations run in one transaction under a transaction-level advisory
lock (keyed by :data:`~bot.dbfile.APPLICATION_ID` and the schema's name): two processes
starting at once on an old schema migrate it once, the second waiting for the first and then
finding nothing left to do. No instance lock: any number of processes may run on one
database (sharing background work between them is the store's claim/lease methods' job).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Iterable, Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import Any, Final, Literal, Self

import psycopg
from psycopg.conninfo import conninfo_to_dict

from bot.dbfile import APPLICATION_ID, StoreError
from bot.store.database import Refused, Row, Step, Transaction, Write, migrations

log = logging.getLogger(__name__)

POOL_SIZE: Final = 4
"""Connections per process: the bot's writes are short, and SQLite does well with one."""

VERSION_TABLE: Final = "serenissima_schema"


@lru_cache(maxsize=2048)
def to_psycopg(sql: str) -> str:
    """The portable statement with psycopg's placeholders: ``?`` becomes ``%s``, ``%`` becomes ``%%``.

    The store's statements hold no ``?`` inside string literals.
    """
    return sql.replace("%", "%%").replace("?", "%s")


def adapt(params: Sequence[Any]) -> tuple[Any, ...]:
    """Parameters as PostgreSQL expects them: a ``bool`` is the 0/1 integer both schemas store."""
    return tuple(int(value) if isinstance(value, bool) else value for value in params)


def redacted(url: str) -> str:
    """The URL's host, port, database and user, without its password (for logs and messages)."""
    try:
        parts = conninfo_to_dict(url)
    except psycopg.ProgrammingError:
        return "postgresql://(unparsable URL)"
    host, port, name = parts.get("host", ""), parts.get("port", ""), parts.get("dbname", "")
    user = f"{parts['user']}@" if parts.get("user") else ""
    return f"postgresql://{user}{host}{':' + str(port) if port else ''}/{name}"


class PostgresTransaction:
    """Statements on one connection inside one ``BEGIN`` ... ``COMMIT``."""

    def __init__(self, connection: psycopg.AsyncConnection[Any]) -> None:
        self._connection = connection

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; how many rows it changed."""
        cursor = await self._connection.execute(to_psycopg(sql), adapt(params))
        return max(0, cursor.rowcount)

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement for every parameter row (pipelined by psycopg)."""
        batch = [adapt(row) for row in rows]
        if batch:
            async with self._connection.cursor() as cursor:
                await cursor.executemany(to_psycopg(sql), batch)

    async def lock_row(self, table: str, column: str, value: Any) -> None:
        """``SELECT ... FOR UPDATE``: the rows stay locked until the transaction ends."""
        await self._connection.execute(f"SELECT 1 FROM {table} WHERE {column} = %s FOR UPDATE", adapt((value,)))

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Every row of a query (``INSERT ... RETURNING`` included)."""
        cursor = await self._connection.execute(to_psycopg(sql), adapt(params))
        return [tuple(row) for row in await cursor.fetchall()]

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """The first row of a query, or None."""
        rows = await self.fetch_all(sql, params)
        return rows[0] if rows else None


class PostgresDatabase:
    """An open, checked and migrated PostgreSQL schema. Open with ``async with PostgresDatabase.open(url)``."""

    def __init__(self, url: str, connections: Sequence[psycopg.AsyncConnection[Any]]) -> None:
        self.url = url
        self._idle: asyncio.Queue[psycopg.AsyncConnection[Any]] = asyncio.Queue()
        for connection in connections:
            self._idle.put_nowait(connection)
        self._all = list(connections)

    @property
    def dialect(self) -> Literal["postgresql"]:
        """PostgreSQL."""
        return "postgresql"

    def describe(self) -> str:
        """The server and database, without the password."""
        return redacted(self.url)

    @classmethod
    @asynccontextmanager
    async def open(cls, url: str, *, pool_size: int = POOL_SIZE) -> AsyncIterator[Self]:
        """Connect, check and migrate the schema the URL leads to; closed on exit.

        Raises:
            StoreError: the server does not answer, or the schema is someone else's or newer.
        """
        database = cls(url, [await _connect(url)])
        try:
            await _migrate(database._all[0], url)
            for _ in range(pool_size - 1):
                database._add(await _connect(url))
            yield database
        finally:
            for connection in database._all:
                await connection.close()

    def _add(self, connection: psycopg.AsyncConnection[Any]) -> None:
        self._all.append(connection)
        self._idle.put_nowait(connection)

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[psycopg.AsyncConnection[Any]]:
        """An idle connection for the block (a broken one is replaced: the server may have restarted)."""
        connection = await self._idle.get()
        try:
            if connection.broken or connection.closed:
                fresh = await _connect(self.url)
                self._all[self._all.index(connection)] = fresh
                connection = fresh
            yield connection
        finally:
            self._idle.put_nowait(connection)

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Every row of a read-only query."""
        async with self._connection() as connection:
            cursor = await connection.execute(to_psycopg(sql), adapt(params))
            return [tuple(row) for row in await cursor.fetchall()]

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """The first row of a read-only query, or None."""
        rows = await self.fetch_all(sql, params)
        return rows[0] if rows else None

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """``BEGIN`` ... ``COMMIT`` on one connection (``ROLLBACK`` when the block raises)."""
        async with self._connection() as connection, connection.transaction():
            yield PostgresTransaction(connection)

    async def write(self, write: Write) -> list[int]:
        """The whole write in pipeline mode: two exchanges with the server, not one per statement.

        The first sends ``BEGIN`` and the statements up to the last guarded one (row locks
        included) and waits for their answers, to check the guards; the second sends the
        rest and ``COMMIT``. The guards are checked before the rest is sent, so a write
        refused by its version check never runs what would then fail (a second move row
        of the same ply).
        """
        steps = list(write.steps)
        guarded = 1 + max(
            (index for index, step in enumerate(steps) if step.expect is not None or step.kind == "lock"), default=-1
        )
        async with self._connection() as connection:
            async with connection.pipeline() as pipeline, connection.transaction():
                cursors = [await _send(connection, step) for step in steps[:guarded]]
                if guarded:
                    await pipeline.sync()
                for index, (step, cursor) in enumerate(zip(steps, cursors, strict=False)):
                    if step.expect is not None and _changed(step, cursor) != step.expect:
                        raise Refused(index, _changed(step, cursor))
                cursors += [await _send(connection, step) for step in steps[guarded:]]
            return [_changed(step, cursor) for step, cursor in zip(steps, cursors, strict=True)]

    async def schema_version(self) -> int:
        """The number in ``serenissima_schema``."""
        row = await self.fetch_one(f"SELECT version FROM {VERSION_TABLE}")
        return int(row[0]) if row else 0


async def _send(connection: psycopg.AsyncConnection[Any], step: Step) -> psycopg.AsyncCursor[Any]:
    """Queue one step of a write on the pipeline (its answer comes at the next sync)."""
    cursor = connection.cursor()
    if step.kind == "one":
        await cursor.execute(to_psycopg(step.sql), adapt(step.params))
    elif step.kind == "many":
        await cursor.executemany(to_psycopg(step.sql), [adapt(row) for row in step.params])
    else:
        column, value = step.params
        await cursor.execute(f"SELECT 1 FROM {step.sql} WHERE {column} = %s FOR UPDATE", adapt((value,)))
    return cursor


def _changed(step: Step, cursor: psycopg.AsyncCursor[Any]) -> int:
    """The rows a ``one`` step changed (0 for the others)."""
    return max(0, cursor.rowcount) if step.kind == "one" else 0


async def _connect(url: str) -> psycopg.AsyncConnection[Any]:
    try:
        return await psycopg.AsyncConnection.connect(url, autocommit=True)
    except psycopg.Error as error:
        raise StoreError(
            f"the PostgreSQL server at {redacted(url)} cannot be reached ({str(error).strip()}); refusing to start."
        ) from error


async def _migrate(connection: psycopg.AsyncConnection[Any], url: str) -> None:
    """Check whose the schema is and apply the missing migrations, in one transaction under the advisory lock."""
    known = migrations("postgresql")
    latest = max(number for number, _ in known)
    where = redacted(url)
    async with connection.transaction():
        cursor = await connection.execute("SELECT current_schema()")
        row = await cursor.fetchone()
        schema = None if row is None else row[0]
        if schema is None:
            raise StoreError(
                f"{where} has no schema to work in (the search_path names none that exists); refusing to start."
                " Create it, or name an existing one with ?options=-csearch_path%3Dname in SERENISSIMA_DB."
            )
        await connection.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (APPLICATION_ID, schema))
        cursor = await connection.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = %s", (schema,)
        )
        tables = {str(name) for (name,) in await cursor.fetchall()}
        if VERSION_TABLE in tables:
            cursor = await connection.execute(f"SELECT version FROM {VERSION_TABLE}")
            found = await cursor.fetchone()
            current = 0 if found is None else int(found[0])
            if current > latest:
                raise StoreError(
                    f"schema {schema} of {where} was written by a newer Serenissima (schema {current}, this code"
                    f" knows {latest}); refusing to start and leaving it untouched. Upgrade the bot."
                )
        elif tables:
            raise StoreError(
                f"schema {schema} of {where} is not Serenissima's (tables {', '.join(sorted(tables))});"
                " refusing to start and leaving it untouched. Point SERENISSIMA_DB at an empty database or schema."
            )
        else:
            await connection.execute(f"CREATE TABLE {VERSION_TABLE} (version INTEGER NOT NULL)")
            await connection.execute(f"INSERT INTO {VERSION_TABLE} (version) VALUES (0)")
            current = 0
        for number, script in known:
            if number <= current:
                continue
            log.info("applying PostgreSQL migration %04d to %s", number, schema)
            await connection.execute(script.encode("utf-8"))
            await connection.execute(f"UPDATE {VERSION_TABLE} SET version = %s", (number,))
