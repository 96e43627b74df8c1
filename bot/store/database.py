"""The tiny database adapter under the store: one portable SQL dialect, two drivers.

Every statement of the store is written once, in the SQL that SQLite (3.39 or later) and
PostgreSQL both understand, with ``?`` placeholders:

- a new row's id comes back with ``INSERT ... RETURNING id`` (never ``lastrowid``);
- "insert unless present" is ``INSERT ... ON CONFLICT DO NOTHING``, "insert or overwrite"
  is ``INSERT ... ON CONFLICT (key) DO UPDATE SET col = excluded.col`` (never ``INSERT OR``);
- a comparison that must match NULL to NULL is ``IS NOT DISTINCT FROM ?`` (never ``IS ?``);
- booleans are stored as 0/1 integers in both schemas;
- no ``rowid``, ``min(a, b)`` or ``PRAGMA`` in the store's statements (the PostgreSQL schema
  gives the two tables whose insertion order matters a real ``rowid`` column).

A :class:`Database` runs those statements: :meth:`Database.fetch_all` / ``fetch_one`` read
outside any transaction, :meth:`Database.transaction` yields a :class:`Transaction` that
commits when the block ends and rolls back when it raises. The two implementations
(:mod:`bot.store.sqlite`, :mod:`bot.store.postgres`) translate placeholders, open, check and
migrate their database, and know the schema version; nothing above this module sees a
driver's connection. Where a statement really must differ (an SQLite index hint), the
caller asks :attr:`Database.dialect`.

**Adding a statement**: write it once, in this SQL, in the module of its subject
(:mod:`bot.store.matches`, :mod:`bot.store.people`, :mod:`bot.store.seat_changes`,
:mod:`bot.store.community`, :mod:`bot.tournaments.store`): a read is
``await self._db.fetch_all(sql, params)``, a write is ``async with self._db.transaction() as
db: await db.execute(sql, params)`` (``fetch_one(... RETURNING id)`` for a new id); add the
method to its Protocol in :mod:`bot.store.protocols`, and a test to the contract suite
(``tests/store/``), which runs it on both backends.

**A write on the hot path** (a move, a delivery) is built whole first, as a :class:`Write`
(its statements and parameters, its row locks and its guards: "this UPDATE must change
exactly one row, else nothing is written"), then run by :meth:`Database.write` at once: on
SQLite one job of the database thread (which commits the writes queued together in one
transaction, each in its savepoint), on PostgreSQL two pipelined exchanges. Nothing waits
for the event loop while the database is held: a transaction block (``transaction()``)
holds it across one hand-off per statement, each waiting for a busy event loop to come
round (issue #19 §5: ~15.5 ms a move for ~4 ms of SQL). A write whose later statements
depend on what an earlier one read stays a transaction block.

Migrations are numbered per backend (``bot/migrations/NNNN_*.sql`` for SQLite,
``bot/migrations/postgresql/NNNN_*.sql`` for PostgreSQL) and share their numbers: schema N
means the same tables on both. PostgreSQL starts at 0007, the whole schema SQLite reaches
at migration 0007; every later number has a file on both (0008 take-backs and substitutes,
0009 community).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Final, Literal, NamedTuple, Protocol

Row = tuple[Any, ...]
"""One result row, its columns in the order of the SELECT list."""

Dialect = Literal["sqlite", "postgresql"]

MIGRATION_PACKAGES: Final[dict[Dialect, str]] = {
    "sqlite": "bot.migrations",
    "postgresql": "bot.migrations.postgresql",
}


def migrations(dialect: Dialect = "sqlite") -> list[tuple[int, str]]:
    """The numbered migration scripts of one backend, in order."""
    found = []
    for entry in resources.files(MIGRATION_PACKAGES[dialect]).iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:4].isdigit():
            found.append((int(name[:4]), entry.read_text(encoding="utf-8")))
    return sorted(found)


def is_postgres_url(target: object) -> bool:
    """Whether ``SERENISSIMA_DB`` names a PostgreSQL server rather than a SQLite file."""
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


class Step(NamedTuple):
    """One statement of a :class:`Write`."""

    kind: Literal["one", "many", "lock"]
    """``one``: ``params`` is one row; ``many``: a list of rows; ``lock``: :meth:`Transaction.lock_row`
    of the table ``sql`` names, ``params`` being (column, value)."""
    sql: str
    params: Any
    expect: int | None = None
    """For ``one``: the number of rows it must change, or the whole write is rolled back."""


class Refused(Exception):
    """A guarded statement of a :class:`Write` changed another number of rows; nothing was written."""

    def __init__(self, step: int, rowcount: int) -> None:
        super().__init__(f"step {step} changed {rowcount} rows")
        self.step = step
        self.rowcount = rowcount


@dataclass
class Write:
    """A whole write transaction, built before it runs (see :meth:`Database.write`).

    The statements run in the order they were added. Nothing of a write can depend on what
    another of its statements returns, except through its guards (``expect``): that is what
    lets it run in one round trip.
    """

    steps: list[Step] = field(default_factory=list)

    def execute(self, sql: str, params: Sequence[Any] = (), *, expect: int | None = None) -> int:
        """Add one statement; ``expect``: the rows it must change, else the write is refused.

        Returns the step's index (its place in :meth:`Database.write`'s answer).
        """
        self.steps.append(Step("one", sql, tuple(params), expect))
        return len(self.steps) - 1

    def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Add one statement for every parameter row (nothing when there is none)."""
        batch = [tuple(row) for row in rows]
        if batch:
            self.steps.append(Step("many", sql, batch))

    def lock_row(self, table: str, column: str, value: Any) -> None:
        """Hold these rows from here to the end of the write (see :meth:`Transaction.lock_row`)."""
        self.steps.append(Step("lock", table, (column, value)))

    def __bool__(self) -> bool:
        return bool(self.steps)


async def replay(db: Transaction, write: Write) -> list[int]:
    """Run ``write``'s statements inside an open transaction block, guards included.

    For a transaction block that must also do what a :class:`Write` builder adds (the
    clocks and notifications of a seat change): one way to say it, two ways to run it.

    Raises:
        Refused: a guard failed (the block's transaction is then rolled back by its raise).
    """
    counts = []
    for index, step in enumerate(write.steps):
        if step.kind == "many":
            await db.executemany(step.sql, step.params)
            counts.append(0)
        elif step.kind == "lock":
            await db.lock_row(step.sql, *step.params)
            counts.append(0)
        else:
            count = await db.execute(step.sql, step.params)
            if step.expect is not None and count != step.expect:
                raise Refused(index, count)
            counts.append(count)
    return counts


class Queries(Protocol):
    """The statements one can run: on the database (reads) or inside a transaction (anything)."""

    async def fetch_all(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Every row of a query."""
        ...

    async def fetch_one(self, sql: str, params: Sequence[Any] = ()) -> Row | None:
        """The first row of a query, or None."""
        ...


class Transaction(Queries, Protocol):
    """One transaction: statements run in it commit together when its block ends."""

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one statement; how many rows it changed."""
        ...

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Run one statement for every parameter row."""
        ...

    async def lock_row(self, table: str, column: str, value: Any) -> None:
        """Hold the rows of ``table`` whose ``column`` is ``value`` until the transaction ends.

        A check-then-write (e.g. "rated already?") is then safe against a concurrent one on
        the same row: PostgreSQL takes a row lock (``SELECT ... FOR UPDATE``); on SQLite the
        transaction already holds the whole database (``BEGIN IMMEDIATE``), so nothing is done.
        """
        ...


class Database(Queries, Protocol):
    """An open, migrated database of one backend."""

    @property
    def dialect(self) -> Dialect:
        """Which backend this is (for the rare statement that must differ)."""
        ...

    def transaction(self) -> AbstractAsyncContextManager[Transaction]:
        """A write transaction: committed when the block ends, rolled back when it raises."""
        ...

    async def write(self, write: Write) -> list[int]:
        """Run a whole :class:`Write` as one transaction, in one round trip; the rows each step changed.

        (``many`` and ``lock`` steps answer 0.) Serialised with :meth:`transaction` blocks.

        Raises:
            Refused: a guarded step changed another number of rows; everything is rolled back.
        """
        ...

    async def schema_version(self) -> int:
        """The migration number the database is at."""
        ...

    def describe(self) -> str:
        """Where the data lives, for logs and messages (no password)."""
        ...
