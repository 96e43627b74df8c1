"""Copying every row of one store into another, empty one (SQLite to PostgreSQL, or any pair).

Both stores are open and at the same schema (opening migrates them). The tables and their
columns are those the SQLite migrations create, worked out in memory, so a later migration
is copied with no change here; the PostgreSQL schema has the same tables and columns (a
contract test holds that). Tables are copied in the order they were created, which puts
every referenced row before the rows that point at it, in batches read by key (never by
offset, so a table of millions of rows costs one index walk) and written one transaction
per batch. The ids are kept; on PostgreSQL the identity sequences are then moved past them.
The tables whose insertion order matters or that have no key (``entrants``, ``rating_changes``,
``taken_back_moves``) are read in that order and written in it, so the target's ``rowid`` keeps it.

The verification that every match replays on the target is the service's job
(:mod:`bot.copy_db`); here the rows are counted on both sides.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from bot.dbfile import StoreError
from bot.store.base import StoreBase
from bot.store.database import migrations

BATCH: Final = 2000
ORDERED_BY_ROWID: Final = frozenset({"entrants", "rating_changes", "taken_back_moves"})
"""Tables whose rows keep their insertion order in a ``rowid`` (SQLite's implicit one, a column on PostgreSQL).

Every table without a primary key must be here (it has no other key to be read by).
"""


@dataclass(frozen=True, slots=True)
class TableShape:
    """One table as the migrations build it: its columns, and the key its rows are read by."""

    name: str
    columns: tuple[str, ...]
    key: tuple[str, ...]


def table_shapes() -> list[TableShape]:
    """Every table of the newest schema, in the order the migrations create them."""
    scratch = sqlite3.connect(":memory:")
    try:
        for _, script in migrations("sqlite"):
            scratch.executescript(script)
        names = [
            row[0]
            for row in scratch.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid"
            )
        ]
        shapes = []
        for name in names:
            info = scratch.execute(f"PRAGMA table_info({name})").fetchall()
            columns = tuple(str(row[1]) for row in info)
            key = (
                ("rowid",)
                if name in ORDERED_BY_ROWID
                else tuple(str(r[1]) for r in sorted(info, key=lambda r: r[5]) if r[5])
            )
            if not key:
                raise StoreError(f"table {name} has no primary key and no rowid column to copy it by")
            shapes.append(TableShape(name, columns, key))
        return shapes
    finally:
        scratch.close()


async def row_counts(store: StoreBase) -> dict[str, int]:
    """How many rows each table holds."""
    counts = {}
    for shape in table_shapes():
        row = await store.database.fetch_one(f"SELECT count(*) FROM {shape.name}")
        counts[shape.name] = 0 if row is None else int(row[0])
    return counts


async def copy_rows(
    source: StoreBase, target: StoreBase, *, progress: Callable[[str, int], None] | None = None
) -> dict[str, int]:
    """Copy every row of ``source`` into the empty ``target``; the rows copied per table.

    Raises:
        StoreError: the target holds rows already, or the two are at different schemas.
    """
    source_version, target_version = await source.schema_version(), await target.schema_version()
    if source_version != target_version:
        raise StoreError(f"the source is at schema {source_version} and the target at {target_version}; refusing.")
    held = {name: count for name, count in (await row_counts(target)).items() if count}
    if held:
        rows = ", ".join(f"{name}: {count} rows" for name, count in held.items())
        raise StoreError(f"the target {target.database.describe()} is not empty ({rows}); refusing to copy into it.")
    copied: dict[str, int] = {}
    for shape in table_shapes():
        copied[shape.name] = await _copy_table(source, target, shape, progress)
    if target.database.dialect == "postgresql":
        await _move_sequences(target)
    return copied


async def _copy_table(
    source: StoreBase, target: StoreBase, shape: TableShape, progress: Callable[[str, int], None] | None
) -> int:
    """One table, batch by batch in key order; how many rows."""
    key_list = ", ".join(shape.key)
    wanted = ", ".join((*shape.columns, *shape.key))
    marks = ", ".join("?" for _ in shape.key)
    insert = f"INSERT INTO {shape.name} ({', '.join(shape.columns)}) VALUES ({', '.join('?' for _ in shape.columns)})"
    width = len(shape.columns)
    after: tuple[object, ...] | None = None
    total = 0
    while True:
        where = "" if after is None else f" WHERE ({key_list}) > ({marks})"
        rows = await source.database.fetch_all(
            f"SELECT {wanted} FROM {shape.name}{where} ORDER BY {key_list} LIMIT ?", (*(after or ()), BATCH)
        )
        if not rows:
            return total
        async with target.database.transaction() as db:
            await db.executemany(insert, [row[:width] for row in rows])
        total += len(rows)
        after = rows[-1][width:]
        if progress is not None:
            progress(shape.name, total)


async def _move_sequences(target: StoreBase) -> None:
    """Move every identity sequence past the ids copied in (PostgreSQL hands out ids from it).

    Every identity column of the schema: the ``id`` columns, forgotten users' ``alias``, the
    ``rowid`` columns (already past, as they were generated on the target; moving them is harmless).
    """
    identities = await target.database.fetch_all(
        "SELECT table_name, column_name FROM information_schema.columns"
        " WHERE table_schema = current_schema() AND is_identity = 'YES' ORDER BY table_name, column_name"
    )
    for table, column in identities:
        await target.database.fetch_one(
            f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'), max({column})) FROM {table}"
            f" HAVING max({column}) IS NOT NULL"
        )
