"""The SQLite WAL is checkpointed in the background, never inside a commit (``SqliteDatabase.checkpoints``).

SQLite's automatic checkpoint runs in whichever commit fills the WAL to 1,000 pages: that
commit (a move) then waits for the copy into the file and its sync. Here the writer has it
off, and a connection of its own checkpoints every ``CHECKPOINT_SECONDS``: the WAL stays
small, and without that connection it would grow.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.store import Store, sqlite

ROWS = 300
BLOB = bytes(8_000)  # two pages and more a transaction
LIMIT = 100
"""``WAL_RESTART_PAGES`` here: a steady stream of writes never pauses for a passive checkpoint to start the WAL over."""


async def wal_after_writes(path: Path, checkpointing: bool) -> tuple[int, int, list[tuple[int, ...]]]:
    """The WAL's size after ``ROWS`` transactions of a blob each, the checkpoints run, the writer's setting."""
    async with Store.open(path) as store:
        database = store.database
        assert isinstance(database, sqlite.SqliteDatabase)
        autocheckpoint = await database.connection.fetch_all("PRAGMA wal_autocheckpoint")
        async with database.transaction() as tx:
            await tx.execute("CREATE TABLE scratch (data BLOB)")
        for row in range(ROWS):
            async with database.transaction() as tx:
                await tx.execute("INSERT INTO scratch VALUES (?)", (BLOB,))
            if checkpointing and row % 25 == 24:  # a checkpoint's beat comes round every 25 writes at least
                before = database.checkpointed
                while database.checkpointed == before:
                    await asyncio.sleep(0.001)
        size = path.with_name(path.name + "-wal").stat().st_size
        return size, database.checkpointed, autocheckpoint


async def test_the_wal_is_checkpointed_in_the_background_and_stays_small(tmp_path, monkeypatch):
    monkeypatch.setattr(sqlite, "CHECKPOINT_SECONDS", 0.005)
    monkeypatch.setattr(sqlite, "WAL_RESTART_PAGES", LIMIT)
    size, checkpointed, autocheckpoint = await wal_after_writes(tmp_path / "often.sqlite3", True)
    assert autocheckpoint == [(0,)], "the writer never checkpoints inside a commit"
    assert checkpointed > 0
    assert size < ROWS * len(BLOB) / 2, size  # started over, not holding every write


async def test_without_the_background_checkpoints_the_wal_would_grow(tmp_path, monkeypatch):
    monkeypatch.setattr(sqlite, "CHECKPOINT_SECONDS", 3600.0)
    size, checkpointed, _ = await wal_after_writes(tmp_path / "never.sqlite3", False)
    assert checkpointed == 0 and size > ROWS * len(BLOB)


async def test_a_failed_checkpoint_is_tried_again(tmp_path, monkeypatch, caplog):
    """A checkpoint that fails (the file busy, say) is logged and tried again at the next beat."""
    monkeypatch.setattr(sqlite, "CHECKPOINT_SECONDS", 0.005)
    calls = []
    real = sqlite.SqliteThread.fetch_all

    async def execute(self, sql, params=()):  # type: ignore[no-untyped-def]
        if "wal_checkpoint" in sql:
            calls.append(sql)
            if len(calls) == 1:
                raise sqlite.sqlite3.OperationalError("database is locked")
        return await real(self, sql, params)

    monkeypatch.setattr(sqlite.SqliteThread, "fetch_all", execute)
    async with Store.open(tmp_path / "busy.sqlite3") as store:
        while store.database.checkpointed < 1:
            await asyncio.sleep(0.005)
    assert len(calls) >= 2 and "checkpointing" in caplog.text


@pytest.mark.parametrize(("pages", "restarted"), [(LIMIT, False), (LIMIT + 1, True)])
async def test_a_wal_still_long_after_a_passive_checkpoint_is_started_over(tmp_path, monkeypatch, pages, restarted):
    """Under a steady stream of writes a passive checkpoint never lets the writer start the WAL over."""
    monkeypatch.setattr(sqlite, "WAL_RESTART_PAGES", LIMIT)
    asked: list[str] = []

    class Checkpointer:
        async def fetch_all(self, sql: str) -> list[tuple[int, int, int]]:
            asked.append(sql)
            if len(asked) > 2:
                raise asyncio.CancelledError  # one beat is enough
            return [(0, pages, pages)]

    async with Store.open(tmp_path / "steady.sqlite3") as store:
        with pytest.raises(asyncio.CancelledError):
            await store.database._checkpoint_every(Checkpointer(), 0)  # type: ignore[arg-type]
    expected = ["PRAGMA wal_checkpoint(PASSIVE)", "PRAGMA wal_checkpoint(RESTART)"] if restarted else []
    assert asked[: len(expected) or 1] == (expected or ["PRAGMA wal_checkpoint(PASSIVE)"])
    assert ("PRAGMA wal_checkpoint(RESTART)" in asked) == restarted


async def test_without_a_checkpointing_connection_the_writer_checkpoints_itself(tmp_path, monkeypatch, caplog):
    """The third connection failing to open is no reason to refuse to start: SQLite's own checkpoint comes back."""
    real = sqlite.SqliteThread.connect
    opened: list[object] = []

    async def connect(self, path):  # type: ignore[no-untyped-def]
        opened.append(self)
        if len(opened) == 3:  # the writer, the reader, then the checkpointer
            raise sqlite.sqlite3.OperationalError("unable to open database file")
        await real(self, path)

    monkeypatch.setattr(sqlite.SqliteThread, "connect", connect)
    async with Store.open(tmp_path / "alone.sqlite3") as store:
        assert await store.database.connection.fetch_all("PRAGMA wal_autocheckpoint") == [(sqlite.WAL_RESTART_PAGES,)]
        await store.remember_user(5, locale="ru")
    assert "checkpoints itself" in caplog.text
