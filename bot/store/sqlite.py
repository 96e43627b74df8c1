"""The SQLite backend: one file, one process, a writing and a reading connection on threads of their own.

Each connection (``sqlite3``) is used by its own thread only (:class:`SqliteThread`): a call
from the event loop is one hand-off to that thread and one back. The writer runs every
write; the reader (``query_only``) runs the reads outside transactions, so that a read
never waits in the writer's queue, nor a write behind reads (WAL: a reader sees every
committed write and never blocks the writer).

Writes are one ``BEGIN IMMEDIATE`` transaction at a time. A :class:`~bot.store.database.Write`
(a move, a delivery) is one job on the writer's thread, ``BEGIN`` to ``COMMIT``: the event
loop hands it over and waits for its answer, and the writer runs the queued jobs back to
back without waiting for the event loop in between (issue #19 §5: a transaction used to
hold the write lock across about seven hand-offs, each waiting for a busy event loop to
come round). A transaction block (:meth:`SqliteDatabase.transaction`, for a write that
reads as it goes) holds the :class:`asyncio.Lock` that keeps jobs from being queued while
it is open, and costs one hand-off per statement.

The WAL is checkpointed (its pages copied into the file, which is then synced) by a third
connection in the background, every :data:`CHECKPOINT_SECONDS` (:meth:`SqliteDatabase.checkpoints`),
never by the writer: SQLite's own automatic checkpoint runs inside whichever commit fills the
WAL to 1,000 pages, every few dozen moves, and that commit then waited for the copy and a
second sync (measured in ``bench.bench_service``: moves of 8-112 ms where 2 ms is usual).

Before anything is written the file is checked (:mod:`bot.dbfile`: whose it is, its schema
version) and the process takes the instance lock, so that a second process on the same file
is refused. The schema version is ``PRAGMA user_version``; the file format is unchanged
since migration 0001, so every existing database keeps working.

Why not aiosqlite (which it replaced): it hands off once per call too, but a cursor costs
three (execute, fetch, close), and it offers no public way to run a whole transaction in its
thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import sqlite3
import threading
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Final, Literal, Self, TypeVar

from bot import dbfile
from bot.dbfile import StoreError
from bot.store.database import Refused, Row, Step, Transaction, Write, migrations

log = logging.getLogger(__name__)

T = TypeVar("T")


CHECKPOINT_SECONDS: Final = 1.0
"""How often the background connection checkpoints the WAL: it holds about a second of writes."""

WAL_RESTART_PAGES: Final = 1000
"""A WAL still this long after a passive checkpoint is started over by a blocking one (SQLite's own
automatic checkpoint size, 4 MB). A passive checkpoint copies the WAL but cannot start it over while
commits keep coming: the writer starts over only a WAL copied to its end, and under a steady stream
of writes one lands during every checkpoint. A blocking checkpoint holds the writes back for one copy."""

GROUP_MAX: Final = 64
"""At most this many writes queued together are committed as one transaction."""


class SqliteThread:
    """One ``sqlite3`` connection and the one thread that ever uses it.

    Jobs are queued from the event loop and run in order. Writes (:meth:`write`) queued
    one after the other are committed together (:func:`_run_writes`): one ``COMMIT``, so
    one ``fsync`` with ``synchronous = FULL``, for all of them, each in a savepoint of its
    own. A write is answered only once its commit is on disk, and a failed one changes
    nothing, as if it had run alone; what the group saves is the wait for the disk, which
    on a loaded machine is most of a write (about 4 ms here, for well under 1 ms of SQL).
    """

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[_Job] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._work, name="sqlite", daemon=True)
        self._connection: sqlite3.Connection | None = None
        """Used in the thread only: opened by its first job, closed by its last."""
        self._open = False

    async def connect(self, path: Path) -> None:
        """Start the thread and open the connection in it (autocommit: the transactions are explicit)."""
        self._thread.start()
        self._open = True

        def opening(_: sqlite3.Connection | None) -> None:
            self._connection = sqlite3.connect(str(path), isolation_level=None)

        await self._queue(_Job(opening, write=False))

    def submit(self, work: Callable[[sqlite3.Connection], T]) -> asyncio.Future[T]:
        """Queue ``work`` on the connection's thread now; its answer comes in the future returned."""
        return self._queue(_Job(work, write=False))

    def write(self, steps: Sequence[Step]) -> asyncio.Future[list[int]]:
        """Queue a whole write now (see :meth:`SqliteDatabase.write`); its answer comes in the future."""
        return self._queue(_Job(steps, write=True))

    async def call(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` on the connection, in its thread: one hand-off there and back."""
        return await self.submit(work)

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
        """Close the connection once the jobs queued before are done, and end the thread; nothing is queued after."""
        if not self._open:
            return
        closing = self._queue(_Job(_close, write=False, last=True))
        self._open = False
        await closing

    def _queue(self, job: _Job) -> asyncio.Future[Any]:
        if not self._open:
            raise StoreError("the SQLite connection is closed")
        job.loop = asyncio.get_running_loop()
        job.future = job.loop.create_future()
        self._jobs.put(job)
        return job.future

    def _work(self) -> None:
        """The thread: run the jobs in order, the writes queued together as one transaction."""
        waiting: _Job | None = None
        while True:
            job = waiting if waiting is not None else self._jobs.get()
            waiting = None
            if not job.write:
                job.run(self._connection)
                if job.last:
                    self._connection = None
                    return
                continue
            group = [job]
            while len(group) < GROUP_MAX:
                try:
                    following = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if following.write:
                    group.append(following)
                else:
                    waiting = following
                    break
            outcomes = _run_writes(self._connection, [member.work for member in group])
            for member, outcome in zip(group, outcomes, strict=True):
                member.settle(outcome)


def _close(connection: sqlite3.Connection | None) -> None:
    if connection is not None:
        connection.close()


class _Job:
    """One piece of work for a :class:`SqliteThread`, and where its answer goes."""

    def __init__(self, work: Any, *, write: bool, last: bool = False) -> None:
        self.work = work
        self.write = write
        self.last = last
        self.loop: asyncio.AbstractEventLoop | None = None
        self.future: asyncio.Future[Any] | None = None

    def run(self, connection: sqlite3.Connection | None) -> None:
        try:
            outcome = self.work(connection)
        except BaseException as error:  # handed to the waiting task, which raises it
            outcome = _Failed(error)
        self.settle(outcome)

    def settle(self, outcome: Any) -> None:
        assert self.loop is not None and self.future is not None
        with contextlib.suppress(RuntimeError):  # the event loop is closed: nobody waits any more
            self.loop.call_soon_threadsafe(_answer, self.future, outcome)


class _Failed:
    """An error a job raised, to be raised again in the task waiting for it."""

    def __init__(self, error: BaseException) -> None:
        self.error = error


def _answer(future: asyncio.Future[Any], outcome: Any) -> None:
    if future.done():  # the waiting task was cancelled
        return
    if isinstance(outcome, _Failed):
        future.set_exception(outcome.error)
    else:
        future.set_result(outcome)


def _run(connection: sqlite3.Connection, sql: str, params: Sequence[Any]) -> tuple[list[Row], int]:
    """Run one statement to its end: its rows, and how many rows it changed."""
    cursor = connection.execute(sql, tuple(params))
    try:
        rows = [tuple(row) for row in cursor.fetchall()]
        return rows, max(0, cursor.rowcount)
    finally:
        cursor.close()


def _run_steps(connection: sqlite3.Connection, steps: Sequence[Step]) -> list[int]:
    """The statements of one :class:`Write`, inside an open transaction; raises :class:`Refused`."""
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
    return counts


def _run_writes(connection: sqlite3.Connection | None, writes: Sequence[Sequence[Step]]) -> list[Any]:
    """Writes queued together, in one ``BEGIN IMMEDIATE`` ... ``COMMIT``: each one's counts or :class:`_Failed`.

    Each write runs in a savepoint of its own: one that fails (a guard, a constraint) is
    rolled back alone and the others are committed. If the transaction itself fails (the
    commit, the disk), every write of the group fails with that error, nothing written.
    """
    if connection is None:  # it could not be opened
        return [_Failed(StoreError("the SQLite connection is not open"))] * len(writes)
    outcomes: list[Any] = []
    try:
        connection.execute("BEGIN IMMEDIATE")
        for steps in writes:
            if len(writes) > 1:
                connection.execute("SAVEPOINT write")
            try:
                counts = _run_steps(connection, steps)
            except Exception as error:
                if not connection.in_transaction:
                    raise
                if len(writes) > 1:
                    connection.execute("ROLLBACK TO write")
                    connection.execute("RELEASE write")
                else:
                    connection.execute("ROLLBACK")
                outcomes.append(_Failed(error))
                continue
            if len(writes) > 1:
                connection.execute("RELEASE write")
            outcomes.append(counts)
        if connection.in_transaction:
            connection.execute("COMMIT")
    except Exception as error:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        return [_Failed(error)] * len(writes)
    return outcomes


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
        """The writing connection."""
        self.reader: SqliteThread | None = None
        """The reading connection, once the file is migrated (until then the writer reads)."""
        self.path = path
        self._write_lock = asyncio.Lock()
        self.checkpointed = 0
        """Background checkpoints run so far (:meth:`checkpoints`)."""

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
                async with database.checkpoints():
                    yield database
            finally:
                try:
                    if database.reader is not None:
                        await database.reader.close()
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
            await _to_wal(connection)
            await connection.execute("PRAGMA synchronous = FULL")
            await connection.execute("PRAGMA wal_autocheckpoint = 0")  # checkpointed apart: see checkpoints()
            await connection.execute("PRAGMA foreign_keys = ON")
            database = cls(connection, path)
            await database._migrate()
            database.reader = await _reader(path)
        except BaseException as error:
            await connection.close()
            if isinstance(error, sqlite3.Error):
                raise StoreError(f"{path} cannot be set up ({error}); refusing to start.") from error
            raise
        return database

    async def set_trace_callback(self, callback: Callable[[str], object] | None) -> None:
        """Have ``callback`` called with every statement either connection runs (tests look at them)."""
        for connection in (self.connection, self.reader):
            if connection is not None:
                await connection.set_trace_callback(callback)

    async def _migrate(self) -> None:
        """Mark the file as ours and apply the missing migrations, in one write transaction.

        The version is read inside the transaction (``BEGIN IMMEDIATE``), so a second opener
        of a fresh file waits for the first and then finds nothing left to do.
        """
        known = migrations("sqlite")
        async with self.transaction() as db:
            [[application_id]] = await db.fetch_all("PRAGMA application_id")
            [[current]] = await db.fetch_all("PRAGMA user_version")
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
        """Every row of a read-only query (on the reader: it never waits for the writer's queue)."""
        return await (self.reader or self.connection).fetch_all(sql, params)

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """The first row of a read-only query, or None."""
        return await (self.reader or self.connection).call(lambda connection: _first(connection, sql, params))

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Transaction]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` when the block raises), one at a time."""
        async with self._write_lock:
            try:
                await self.connection.execute("BEGIN IMMEDIATE")
            except BaseException:
                # Cancelled while the BEGIN was on its way: it runs all the same, and the next
                # write would find its transaction open ("cannot start a transaction within a
                # transaction"). Ended by the next job on the thread, queued before the lock goes.
                with contextlib.suppress(StoreError):  # closed meanwhile: nothing is left to end
                    self.connection.submit(_end_open_transaction)
                raise
            try:
                yield SqliteTransaction(self.connection)
            except BaseException:
                await self.connection.execute("ROLLBACK")
                raise
            await self.connection.execute("COMMIT")

    @asynccontextmanager
    async def checkpoints(self) -> AsyncIterator[None]:
        """Checkpoint the WAL every :data:`CHECKPOINT_SECONDS` on a connection of its own, while open.

        A passive checkpoint: it copies what no reader still needs and waits for no one; the
        writer goes on committing to the WAL meanwhile, and starts it over once a checkpoint
        has copied all of it (after a pause in the writes). A WAL longer than
        :data:`WAL_RESTART_PAGES` all the same is started over by a blocking checkpoint. At
        close, the last connection checkpoints what is left. Should that connection not open,
        the writer checkpoints as SQLite does by default (inside commits), and a warning says so.
        """
        checkpointer = SqliteThread()
        try:
            await checkpointer.connect(self.path)
            await checkpointer.execute("PRAGMA busy_timeout = 5000")
        except sqlite3.Error:
            await checkpointer.close()
            log.warning("no checkpointing connection to %s; the writer checkpoints itself", self.path, exc_info=True)
            await self.connection.execute(f"PRAGMA wal_autocheckpoint = {WAL_RESTART_PAGES}")
            yield
            return
        task = asyncio.create_task(self._checkpoint_every(checkpointer, CHECKPOINT_SECONDS))
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            await checkpointer.close()

    async def _checkpoint_every(self, checkpointer: SqliteThread, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                [(_, pages, _)] = await checkpointer.fetch_all("PRAGMA wal_checkpoint(PASSIVE)")
                if pages > WAL_RESTART_PAGES:
                    await checkpointer.fetch_all("PRAGMA wal_checkpoint(RESTART)")
                self.checkpointed += 1
            except sqlite3.Error:
                log.warning("checkpointing %s failed; trying again in %ss", self.path, every, exc_info=True)

    async def write(self, write: Write) -> list[int]:
        """The whole write as one job on the writer's thread.

        The lock is held only to queue the job (never while a transaction block is open);
        the writer runs it after the jobs queued before it, without the event loop's help.
        Once queued it runs to its end: a caller cancelled while waiting for the answer may
        find its write committed (as one cancelled while ``COMMIT`` was on its way would).
        """
        async with self._write_lock:
            done = self.connection.write(list(write.steps))
        return await done


async def _reader(path: Path) -> SqliteThread:
    """The reading connection: reads only, and never waits for the writer (WAL)."""
    reader = SqliteThread()
    try:
        await reader.connect(path)
        await reader.execute("PRAGMA busy_timeout = 5000")
        await reader.execute("PRAGMA query_only = ON")
    except BaseException:
        await reader.close()
        raise
    return reader


def _end_open_transaction(connection: sqlite3.Connection | None) -> None:
    """Roll back the transaction a cancelled transaction block began, if it did (a failed BEGIN began none)."""
    if connection is not None and connection.in_transaction:
        connection.execute("ROLLBACK")


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


WAL_WAIT_SECONDS: Final = 5.0
"""How long an opener keeps asking for WAL mode while another process holds the fresh file."""


async def _to_wal(connection: SqliteThread) -> None:
    """Put the file in WAL mode, waiting while another opener holds it.

    Switching a fresh file to WAL needs it alone, and SQLite may answer "database is locked"
    at once, without its busy handler, while another process is setting the same file up:
    seen when four processes started on one fresh file at the same moment. Asked again
    every 50 ms up to :data:`WAL_WAIT_SECONDS`, like the busy timeout would.
    """
    loop = asyncio.get_running_loop()
    give_up = loop.time() + WAL_WAIT_SECONDS
    while True:
        try:
            await connection.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or loop.time() >= give_up:
                raise
        await asyncio.sleep(0.05)
