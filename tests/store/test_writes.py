"""The adapter's one-round-trip write (``Database.write``), on every backend.

A :class:`~bot.store.database.Write` is a whole transaction built before it runs: it is
all-or-nothing, its guards refuse it whole, and writes sent at the same time (which SQLite
commits together) stay apart: each one's failure is its own.
"""

from __future__ import annotations

import asyncio
import sqlite3
import time
from pathlib import Path

import psycopg
import pytest

from bot.store import Store
from bot.store.database import Refused, Write

INSERT_USER = "INSERT INTO users (user_id) VALUES (?)"


async def user_ids(store: Store) -> list[int]:
    return [row[0] for row in await store.fetch_all("SELECT user_id FROM users ORDER BY user_id")]


async def test_a_write_runs_whole_and_answers_the_rows_each_step_changed(store):
    write = Write()
    write.execute(INSERT_USER, (1,))
    write.executemany(INSERT_USER, [(2,), (3,), (4,)])
    write.lock_row("users", "user_id", 2)
    guarded = write.execute("UPDATE users SET locale = 'ru' WHERE user_id > ?", (1,), expect=3)
    write.execute("DELETE FROM users WHERE user_id = ?", (99,))
    write.execute("UPDATE users SET locale = 'it' WHERE user_id = ?", (1,))
    counts = await store.database.write(write)
    assert counts == [1, 0, 0, 3, 0, 1] and guarded == 3
    assert await user_ids(store) == [1, 2, 3, 4]
    rows = await store.fetch_all("SELECT user_id FROM users WHERE locale = 'ru' ORDER BY user_id")
    assert [row[0] for row in rows] == [2, 3, 4]


async def test_a_refused_guard_writes_nothing_before_or_after_it(store):
    await store.database.write(_insert(1))
    write = Write()
    write.execute(INSERT_USER, (2,))
    write.execute("UPDATE users SET locale = 'it' WHERE user_id = ?", (7,), expect=1)
    write.execute(INSERT_USER, (3,))
    with pytest.raises(Refused) as refused:
        await store.database.write(write)
    assert (refused.value.step, refused.value.rowcount) == (1, 0)
    assert await user_ids(store) == [1]


async def test_a_failing_statement_writes_nothing(store):
    write = Write()
    write.execute(INSERT_USER, (5,))
    write.execute(INSERT_USER, (5,))  # the same key twice
    with pytest.raises((sqlite3.IntegrityError, psycopg.IntegrityError)):
        await store.database.write(write)
    assert await user_ids(store) == []


async def test_writes_sent_together_succeed_and_fail_apart(store):
    """Twelve writes at once: the refused and the failing ones change nothing, the others all land."""
    await store.database.write(_insert(1000))

    def refused(n: int) -> Write:
        write = _insert(n)
        write.execute("UPDATE users SET locale = 'ru' WHERE user_id = ?", (-1,), expect=1)
        return write

    def failing(n: int) -> Write:
        write = _insert(n)
        write.execute(INSERT_USER, (1000,))
        return write

    writes = [refused(n) if n % 4 == 1 else failing(n) if n % 4 == 2 else _insert(n) for n in range(12)]
    outcomes = await asyncio.gather(*(store.database.write(w) for w in writes), return_exceptions=True)
    assert [type(o).__name__ for o in outcomes[1::4]] == ["Refused"] * 3
    assert all(isinstance(o, Exception) and not isinstance(o, Refused) for o in outcomes[2::4])
    assert all(o == [1] for n, o in enumerate(outcomes) if n % 4 in (0, 3))
    assert await user_ids(store) == [n for n in range(12) if n % 4 in (0, 3)] + [1000]


async def test_a_write_sent_while_a_transaction_block_is_open_lands_whole_after_it(store):
    async with store.database.transaction() as db:
        await db.execute(INSERT_USER, (1,))
        pending = asyncio.ensure_future(store.database.write(_insert(2)))
        await asyncio.sleep(0.05)
        assert [row[0] for row in await db.fetch_all("SELECT user_id FROM users ORDER BY user_id")] in ([1], [1, 2])
        await db.execute(INSERT_USER, (3,))
    assert await pending == [1]
    assert await user_ids(store) == [1, 2, 3]


async def test_a_sqlite_write_commits_while_the_event_loop_is_busy(tmp_path: Path):
    """The whole write is one job of the database thread: nothing in it waits for the event loop.

    (A transaction block needs the loop between its statements; issue #19 §5.)
    """
    path = tmp_path / "busy.sqlite3"
    async with Store.open(path) as store:
        write = _insert(1)
        write.executemany(INSERT_USER, [(2,), (3,)])
        write.execute("UPDATE users SET locale = 'it' WHERE user_id = ?", (2,), expect=1)
        pending = asyncio.ensure_future(store.database.write(write))
        await asyncio.sleep(0)  # the write is queued
        time.sleep(0.5)  # the event loop is busy (drawing, say) and does not come round
        look = sqlite3.connect(path)
        try:
            assert look.execute("SELECT user_id, locale FROM users ORDER BY user_id").fetchall() == [
                (1, None),
                (2, "it"),
                (3, None),
            ], "committed without the event loop"
        finally:
            look.close()
        assert await pending == [1, 0, 1]


def _insert(user_id: int) -> Write:
    write = Write()
    write.execute(INSERT_USER, (user_id,))
    return write


async def test_a_transaction_block_cancelled_while_it_begins_leaves_nothing_open(store):
    async def block() -> None:
        async with store.database.transaction() as db:
            await db.execute(INSERT_USER, (1,))

    task = asyncio.create_task(block())
    await asyncio.sleep(0)  # one step: the task is now waiting for its BEGIN
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await store.database.write(_insert(2))
    async with store.database.transaction() as db:
        await db.execute(INSERT_USER, (3,))
    assert await user_ids(store) == [2, 3]
