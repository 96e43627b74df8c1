"""The store's contract for opening a database, on every backend: migrations and refusals.

A database is migrated from empty and from every older schema (SQLite's from 0001, the
PostgreSQL schema from 0007, each later number having its twin), a later migration keeps the data, and a database
that is someone else's or was written by a newer Serenissima is refused and left as it was.
Two processes racing the migrations of one PostgreSQL schema migrate it once.
"""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest

from bot.dbfile import APPLICATION_ID
from bot.store import LATEST_SCHEMA, Store, StoreError, migrations
from tests.postgres import require_server, scratch_schema
from tests.store.helpers import new_match

ROOT = Path(__file__).resolve().parents[2]


def run_sql(database: str, sql: str) -> list[tuple[object, ...]]:
    """One statement straight on the database, outside the store (to prepare or inspect it)."""
    if database.startswith("postgresql://"):
        with psycopg.connect(database, autocommit=True) as connection:
            cursor = connection.execute(sql.encode())
            return list(cursor.fetchall()) if cursor.description else []
    with sqlite3.connect(database, isolation_level=None) as connection:
        return connection.execute(sql).fetchall()


def tables_and_version(database: str) -> tuple[list[str], list[tuple[object, ...]]]:
    """What a refusal must leave unchanged: the tables, and the schema version where there is one."""
    if database.startswith("postgresql://"):
        names = sorted(
            str(row[0])
            for row in run_sql(
                database, "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()"
            )
        )
        version = run_sql(database, "SELECT version FROM serenissima_schema") if "serenissima_schema" in names else []
        return names, version
    names = sorted(str(r[0]) for r in run_sql(database, "SELECT name FROM sqlite_master WHERE type = 'table'"))
    return names, run_sql(database, "PRAGMA user_version")


async def test_an_empty_database_is_migrated_to_the_newest_schema(database):
    async with Store.open(database) as store:
        assert await store.schema_version() == LATEST_SCHEMA
        await new_match(store)
    async with Store.open(database) as store:  # opening again changes nothing
        assert await store.schema_version() == LATEST_SCHEMA
        assert len(await store.matches_in_guild(1)) == 1


async def test_a_later_migration_is_applied_and_keeps_the_data(database, backend, monkeypatch):
    async with Store.open(database) as store:
        match_id = await new_match(store)
    later = (LATEST_SCHEMA + 1, "CREATE TABLE later_feature (id BIGINT PRIMARY KEY);")
    module = "bot.store.postgres" if backend == "postgresql" else "bot.store.sqlite"
    monkeypatch.setattr(f"{module}.migrations", lambda dialect: [*migrations(dialect), later])
    async with Store.open(database) as store:
        assert await store.schema_version() == LATEST_SCHEMA + 1
        record = await store.get_match(match_id)
        assert record is not None and record.seats == (10,)
        assert await store.fetch_all("SELECT count(*) FROM later_feature") == [(0,)]


async def test_a_foreign_database_is_refused_and_left_untouched(database):
    run_sql(database, "CREATE TABLE invoices (id INTEGER)")
    before = tables_and_version(database)
    with pytest.raises(StoreError, match="not Serenissima"):
        async with Store.open(database):
            pass
    assert tables_and_version(database) == before


async def test_a_database_of_a_newer_version_is_refused_and_left_untouched(database, backend):
    async with Store.open(database):
        pass
    if backend == "postgresql":
        run_sql(database, f"UPDATE serenissima_schema SET version = {LATEST_SCHEMA + 1}")
    else:
        run_sql(database, f"PRAGMA user_version = {LATEST_SCHEMA + 1}")
    before = tables_and_version(database)
    with pytest.raises(StoreError, match="newer Serenissima"):
        async with Store.open(database):
            pass
    assert tables_and_version(database) == before


@pytest.mark.parametrize("marked", [True, False], ids=["marked", "before-the-mark"])
@pytest.mark.parametrize("version", range(1, LATEST_SCHEMA))
async def test_a_sqlite_file_at_every_older_schema_is_migrated_and_keeps_its_matches(tmp_path, version, marked):
    path = tmp_path / f"at-{version}.sqlite3"
    with sqlite3.connect(path) as raw:
        for number, script in migrations("sqlite"):
            if number <= version:
                raw.executescript(script)
        raw.execute(
            "INSERT INTO matches (id, game_key, rules_version, options_json, seed, max_seats, status, creator_id,"
            " created_at, updated_at) VALUES (7, 'volto', 1, '{}', 3, 2, 'lobby', 10, 1.0, 1.0)"
        )
        raw.execute("INSERT INTO seats (match_id, seat, user_id) VALUES (7, 0, 10)")
        raw.execute(f"PRAGMA user_version = {version}")
        if marked:
            raw.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    async with Store.open(path) as store:
        assert await store.schema_version() == LATEST_SCHEMA
        record = await store.get_match(7)
        assert record is not None and record.seats == (10,) and record.status == "lobby"
        assert await new_match(store) == 8, "new ids follow the old ones"


POSTGRES_TYPE = {"INTEGER": "bigint", "REAL": "double precision", "TEXT": "text", "BLOB": "bytea"}
"""What each SQLite column type is on PostgreSQL."""


@pytest.mark.postgres
async def test_the_two_schemas_have_the_same_tables_columns_and_types(tmp_path):
    """PostgreSQL's schema N is SQLite's schema N (its two extra ``rowid`` columns aside)."""
    async with scratch_schema() as url:
        async with Store.open(url):
            pass
        rows = run_sql(
            url,
            "SELECT table_name, column_name, data_type, is_nullable FROM information_schema.columns"
            " WHERE table_schema = current_schema()",
        )
    postgres = {
        (str(t), str(c), str(k), n == "NO") for t, c, k, n in rows if t != "serenissima_schema" and c != "rowid"
    }
    async with Store.open(tmp_path / "same.sqlite3") as store:
        tables = [str(r[0]) for r in await store.fetch_all("SELECT name FROM sqlite_master WHERE type = 'table'")]
        sqlite = {
            (t, str(c[1]), POSTGRES_TYPE[str(c[2])], bool(c[3]) or bool(c[5]))
            for t in tables
            for c in await store.fetch_all(f"PRAGMA table_info({t})")
        }
    assert postgres == sqlite


@pytest.mark.postgres
async def test_a_missing_postgresql_schema_or_server_is_refused_with_a_reason():
    async with scratch_schema(create=False) as url:
        with pytest.raises(StoreError, match="no schema to work in"):
            async with Store.open(url):
                pass
    with pytest.raises(StoreError, match="cannot be reached"):
        async with Store.open("postgresql://postgres@127.0.0.1:1/test?connect_timeout=3"):
            pass


RACER = """
import asyncio, sys
from bot.store import Store

async def main():
    print("ready", flush=True)
    sys.stdin.readline()
    async with Store.open(sys.argv[1]) as store:
        match_id = await store.create_match(game_key="volto", rules_version=1, options={}, seed=1, max_seats=2,
                                            guild_id=1, channel_id=2, creator_id=int(sys.argv[2]), now=1.0)
        print(await store.schema_version(), match_id, flush=True)

asyncio.run(main())
"""


@pytest.mark.postgres
async def test_processes_racing_the_migrations_of_one_schema_migrate_it_once():
    require_server()
    async with scratch_schema() as url:
        racers = [
            subprocess.Popen(
                [sys.executable, "-c", RACER, url, str(10 + n)],
                cwd=ROOT,
                text=True,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
            for n in range(3)
        ]
        for racer in racers:  # every process is started and waiting; then all go at once
            assert racer.stdout is not None and racer.stdout.readline().strip() == "ready"
        for racer in racers:
            assert racer.stdin is not None
            racer.stdin.write("go\n")
            racer.stdin.flush()
        answers = [await asyncio.to_thread(racer.communicate, timeout=60) for racer in racers]
        for racer, (out, err) in zip(racers, answers, strict=True):
            assert racer.returncode == 0, err
            assert out.split()[0] == str(LATEST_SCHEMA)
        assert sorted(int(out.split()[1]) for out, _ in answers) == [1, 2, 3], "each process wrote its own match"
        assert run_sql(url, "SELECT version FROM serenissima_schema") == [(LATEST_SCHEMA,)], "one version row"


def test_the_bot_does_not_start_when_the_postgresql_server_does_not_answer():
    """``python -m bot`` with ``SERENISSIMA_DB`` at a server that is not there: exit 3 and a sentence."""
    env = {**os.environ, "DISCORD_TOKEN": "not-a-real-token", "SERENISSIMA_DB": "postgresql://bot@127.0.0.1:1/none"}
    completed = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=False
    )
    assert completed.returncode == 3, completed.stderr
    assert "cannot be reached" in completed.stderr and "Traceback" not in completed.stderr


def test_every_schema_number_has_a_migration_on_both_backends():
    """A migration added to SQLite needs its PostgreSQL twin under the same number (and back)."""
    sqlite = [number for number, _ in migrations("sqlite")]
    postgres = [number for number, _ in migrations("postgresql")]
    assert sqlite == list(range(1, LATEST_SCHEMA + 1))
    assert postgres == list(range(7, LATEST_SCHEMA + 1)), "PostgreSQL starts at 0007 and follows SQLite from there"
