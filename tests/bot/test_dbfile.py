"""Whose file the store opens, and who holds it: refusals leave every file byte for byte as it
was, a second process is refused, and migrations stay atomic when several processes race.

Processes here are real ones (``subprocess``): the instance lock and SQLite's own locking
only mean something between processes.
"""

from __future__ import annotations

import hashlib
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot import check_db
from bot.dbfile import APPLICATION_ID, HEADER_SIZE, lock_path
from bot.store import LATEST_SCHEMA, Store, StoreError, StoreInUse, migrations

ROOT = Path(__file__).resolve().parents[2]

HOLDER = """
import asyncio, sys
from bot.store import Store

async def main():
    async with Store.open(sys.argv[1], instance_lock=sys.argv[2] == "lock"):
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)

asyncio.run(main())
"""

RACER = """
import asyncio, sys
from bot.store import Store

async def main():
    print("ready", flush=True)
    sys.stdin.readline()
    async with Store.open(sys.argv[1], instance_lock=False) as store:
        print(await store.schema_version(), flush=True)

asyncio.run(main())
"""


def snapshot(folder: Path) -> dict[str, str]:
    """Every file of the folder (database, -wal, -shm, any sidecar) and its hash."""
    return {path.name: hashlib.sha256(path.read_bytes()).hexdigest() for path in sorted(folder.iterdir())}


def python(*args: str, **kwargs: Any) -> subprocess.Popen[str]:
    """A Python process in the project root, talking over pipes."""
    return subprocess.Popen(
        [sys.executable, *args], cwd=ROOT, text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE, **kwargs
    )


def run_bot(db: Path) -> subprocess.CompletedProcess[str]:
    """``python -m bot`` on ``db``: every refusal happens before Discord is contacted."""
    env = {**os.environ, "DISCORD_TOKEN": "not-a-real-token", "SERENISSIMA_DB": str(db)}
    return subprocess.run(
        [sys.executable, "-m", "bot"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=False
    )


async def refused(path: Path, match: str) -> None:
    before = snapshot(path.parent)
    with pytest.raises(StoreError, match=match):
        async with Store.open(path):
            pass
    assert snapshot(path.parent) == before, "a refused file is left exactly as it was"


def raw(path: Path) -> sqlite3.Connection:
    return sqlite3.connect(path, isolation_level=None)


def header_numbers(path: Path) -> tuple[int, int]:
    """(application_id, user_version) read from the file header bytes."""
    header = path.read_bytes()[:100]
    return int.from_bytes(header[68:72], "big"), int.from_bytes(header[60:64], "big")


# --- Whose file ------------------------------------------------------------------------------


@pytest.mark.parametrize("version", [3, LATEST_SCHEMA - 1, LATEST_SCHEMA])
async def test_a_foreign_file_within_our_versions_is_refused_untouched(tmp_path, version):
    path = tmp_path / "other.sqlite3"
    with raw(path) as db:
        db.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
        db.execute(f"PRAGMA user_version = {version}")
    db.close()
    await refused(path, "not Serenissima's")
    with raw(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "delete", "not switched to WAL"
    db.close()


async def test_a_file_of_another_application_is_refused_even_with_our_tables(tmp_path):
    path = tmp_path / "lookalike.sqlite3"
    async with Store.open(path):
        pass
    with raw(path) as db:
        db.execute("PRAGMA application_id = 42")
    db.close()
    await refused(path, "not Serenissima's")


async def test_a_newer_file_with_its_last_commit_in_the_wal_is_refused_without_a_checkpoint(tmp_path):
    path = tmp_path / "newer.sqlite3"
    async with Store.open(path):
        pass
    # A newer Serenissima crashed: its schema bump is only in the write-ahead log.
    crash = (
        "import os, sqlite3, sys\n"
        "db = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "db.execute('PRAGMA wal_autocheckpoint = 0')\n"
        f"db.execute('PRAGMA user_version = {LATEST_SCHEMA + 1}')\n"
        "db.execute('CREATE TABLE later_feature (id INTEGER)')\n"
        "os._exit(0)\n"
    )
    subprocess.run([sys.executable, "-c", crash, str(path)], check=True, timeout=60)
    assert {p.name for p in tmp_path.iterdir()} >= {"newer.sqlite3", "newer.sqlite3-wal", "newer.sqlite3-shm"}
    assert header_numbers(path) == (APPLICATION_ID, LATEST_SCHEMA), "the main file does not know yet"
    await refused(path, "newer Serenissima")


async def test_a_newer_file_without_a_wal_is_refused_untouched(tmp_path):
    path = tmp_path / "newer.sqlite3"
    async with Store.open(path):
        pass
    with raw(path) as db:
        db.execute(f"PRAGMA user_version = {LATEST_SCHEMA + 1}")
    db.close()
    await refused(path, "newer Serenissima")


async def test_a_corrupted_schema_page_is_refused_untouched(tmp_path):
    path = tmp_path / "damaged.sqlite3"
    async with Store.open(path) as store:
        for n in range(300):
            await store.remember_user(n, locale="en" * 50)
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    data[HEADER_SIZE:page] = b"\xa5" * (page - HEADER_SIZE)  # the schema page, after the header
    path.write_bytes(bytes(data))
    await refused(path, "refusing to start")


@pytest.mark.parametrize(
    ("offset", "value", "problem"),
    [(16, b"\x03\x00", "page size"), (21, b"\x41", "payload fractions"), (28, b"\x7f\xff\xff\xff", "pages")],
)
async def test_a_corrupted_header_is_refused_untouched(tmp_path, offset, value, problem):
    path = tmp_path / "header.sqlite3"
    async with Store.open(path) as store:
        await store.remember_user(1, locale="en")
    data = bytearray(path.read_bytes())
    data[offset : offset + len(value)] = value
    path.write_bytes(bytes(data))
    await refused(path, problem)


async def test_a_damaged_table_page_is_found_by_the_maintenance_check(tmp_path, capsys):
    path = tmp_path / "deep.sqlite3"
    async with Store.open(path) as store:
        for n in range(300):
            await store.remember_user(n, locale="en" * 50)
    assert check_db.main([str(path)]) == 0
    assert "ok" in capsys.readouterr().out
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    db = raw(path)
    users_root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'users'").fetchone()[0]
    db.close()
    start = (users_root - 1) * page
    data[start : start + page] = b"\xa5" * page  # the users table's root page
    path.write_bytes(bytes(data))
    before = snapshot(tmp_path)
    assert check_db.main([str(path)]) == 1
    assert "problem" in capsys.readouterr().out
    assert snapshot(tmp_path) == before  # the check writes nothing
    async with Store.open(path) as store:  # start-up reads the header and the schema, not the tables
        assert await store.schema_version() == LATEST_SCHEMA


async def test_vacuum_gives_deleted_space_back_and_refuses_while_the_bot_runs(tmp_path, capsys):
    path = tmp_path / "serenissima.sqlite3"
    async with Store.open(path) as store:
        await store.remember_user(1, locale="en")
    db = raw(path)
    db.executemany("INSERT INTO users (user_id, locale) VALUES (?, ?)", [(n, "x" * 300) for n in range(2, 4000)])
    db.execute("DELETE FROM users WHERE user_id >= 10")
    db.close()
    grown = path.stat().st_size

    holder = python("-c", HOLDER, str(path), "lock")
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        before = snapshot(tmp_path)
        assert check_db.main(["--vacuum", str(path)]) == check_db.IN_USE
        assert "stop it before vacuuming" in capsys.readouterr().out
        assert snapshot(tmp_path) == before, "nothing changes while the bot holds the file"
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait(timeout=60)

    assert check_db.main(["--vacuum", str(path)]) == 0
    assert "vacuumed" in capsys.readouterr().out
    assert path.stat().st_size < grown / 2
    assert check_db.main([str(path)]) == 0
    async with Store.open(path) as store:
        assert await store.schema_version() == LATEST_SCHEMA
        assert [row[0] for row in await store.fetch_all("SELECT user_id FROM users ORDER BY user_id")] == list(
            range(1, 10)
        )


async def test_vacuum_refuses_a_file_that_is_not_sqlite_untouched(tmp_path, capsys):
    path = tmp_path / "notes.sqlite3"
    path.write_bytes(b"this is not a database at all" * 200)
    before = snapshot(tmp_path)
    assert check_db.main(["--vacuum", str(path)]) == 2
    assert "not a SQLite database" in capsys.readouterr().out
    assert snapshot(tmp_path) == before


async def test_a_file_that_is_not_sqlite_is_refused_untouched(tmp_path):
    path = tmp_path / "notes.sqlite3"
    path.write_bytes(b"this is not a database at all" * 200)
    await refused(path, "not a SQLite database")


async def test_a_database_of_ours_from_before_the_mark_is_adopted(tmp_path):
    path = tmp_path / "legacy.sqlite3"
    db = raw(path)
    db.execute("PRAGMA journal_mode = WAL")
    for number, script in migrations():
        if number <= 5:
            db.executescript(script)
            db.execute(f"PRAGMA user_version = {number}")
    db.execute("INSERT INTO users (user_id, locale) VALUES (7, 'ru')")
    db.close()
    assert header_numbers(path) == (0, 5)
    async with Store.open(path) as store:
        assert await store.schema_version() == LATEST_SCHEMA
        assert (await store.get_user(7)).locale == "ru"
    assert header_numbers(path) == (APPLICATION_ID, LATEST_SCHEMA)


async def test_an_unmarked_file_with_one_table_too_many_is_not_adopted(tmp_path):
    path = tmp_path / "almost.sqlite3"
    db = raw(path)
    for number, script in migrations():
        if number <= 5:
            db.executescript(script)
    db.execute("PRAGMA user_version = 5")
    db.execute("CREATE TABLE invoices (id INTEGER)")
    db.close()
    await refused(path, "not Serenissima's")


async def test_an_empty_sqlite_file_is_taken_and_marked(tmp_path):
    path = tmp_path / "empty.sqlite3"
    db = raw(path)
    db.execute("CREATE TABLE scratch (x)")
    db.execute("DROP TABLE scratch")
    db.close()
    assert path.stat().st_size > 0
    async with Store.open(path) as store:
        assert await store.schema_version() == LATEST_SCHEMA
    assert header_numbers(path) == (APPLICATION_ID, LATEST_SCHEMA)


# --- Who holds it ----------------------------------------------------------------------------


async def test_a_second_process_is_refused_until_the_first_dies(tmp_path):
    path = tmp_path / "serenissima.sqlite3"
    holder = python("-c", HOLDER, str(path), "lock")
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        with pytest.raises(StoreInUse, match=f"another Serenissima process \\(pid {holder.pid}\\)"):
            async with Store.open(path):
                pass
        started = run_bot(path)
        assert started.returncode == 6
        assert "already used by another Serenissima process" in started.stderr
        assert "One process per SQLite database" in started.stderr
    finally:
        holder.send_signal(signal.SIGKILL)  # a crash: no clean-up runs
        holder.wait(timeout=60)
    async with Store.open(path) as store:  # the kernel released the lock with the process
        assert await store.schema_version() == LATEST_SCHEMA
    assert lock_path(path).exists()


async def test_a_folder_that_does_not_exist_is_a_clear_refusal(tmp_path):
    with pytest.raises(StoreError, match="refusing to start"):
        async with Store.open(tmp_path / "missing" / "serenissima.sqlite3"):
            pass
    assert not (tmp_path / "missing").exists()


async def test_stores_of_one_process_share_its_lock(tmp_path):
    path = tmp_path / "serenissima.sqlite3"
    async with Store.open(path) as first, Store.open(path) as second:
        await first.remember_user(1, locale="ru")
        assert (await second.get_user(1)).locale == "ru"
    async with Store.open(path):
        pass


def test_python_m_bot_names_a_foreign_file_and_exits_3(tmp_path):
    path = tmp_path / "other.sqlite3"
    with raw(path) as db:
        db.execute("CREATE TABLE invoices (id INTEGER)")
        db.execute("PRAGMA user_version = 3")
    db.close()
    before = snapshot(tmp_path)
    started = run_bot(path)
    assert started.returncode == 3
    assert "is not Serenissima's" in started.stderr and "refusing to start" in started.stderr
    assert snapshot(tmp_path) == before


def test_processes_racing_on_a_fresh_file_migrate_it_once(tmp_path):
    path = tmp_path / "fresh.sqlite3"
    racers = [python("-c", RACER, str(path), stderr=subprocess.PIPE) for _ in range(4)]
    try:
        for racer in racers:
            assert racer.stdout is not None and racer.stdout.readline().strip() == "ready"
        for racer in racers:  # all start opening at once
            assert racer.stdin is not None
            racer.stdin.write("\n")
            racer.stdin.flush()
        results = [racer.communicate(timeout=60) for racer in racers]
    finally:
        for racer in racers:
            if racer.poll() is None:
                racer.kill()
    assert [racer.returncode for racer in racers] == [0] * 4, [err for _, err in results]
    assert [out.strip() for out, _ in results] == [str(LATEST_SCHEMA)] * 4
    assert header_numbers(path) == (APPLICATION_ID, LATEST_SCHEMA)
