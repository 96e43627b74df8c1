"""The store: migrations, refusal of unusable files, guarded writes, restarts."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.service import Service
from bot.service_errors import StaleMove
from bot.store import LATEST_SCHEMA, NewNotification, Store, StoreError, VersionConflict, migrations
from tests.bot.conftest import fixed_seeds
from tests.postgres import BOTH_BACKENDS


async def new_match(store: Store) -> int:
    return await store.create_match(
        game_key="volto",
        rules_version=1,
        options={},
        seed=5,
        max_seats=2,
        guild_id=1,
        channel_id=2,
        creator_id=10,
        now=1.0,
    )


async def test_a_new_file_is_created_and_migrated(tmp_path):
    path = tmp_path / "fresh.sqlite3"
    async with Store.open(path) as store:
        assert await store.schema_version() == LATEST_SCHEMA
    assert path.exists()
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_a_corrupted_file_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "broken.sqlite3"
    garbage = b"this is not a database at all" * 200
    path.write_bytes(garbage)
    with pytest.raises(StoreError, match="refusing to start"):
        async with Store.open(path):
            pass
    assert path.read_bytes() == garbage


async def test_a_database_from_a_newer_version_is_refused(tmp_path):
    path = tmp_path / "newer.sqlite3"
    async with Store.open(path):
        pass
    with sqlite3.connect(path) as raw:
        raw.execute(f"PRAGMA user_version = {LATEST_SCHEMA + 1}")
    with pytest.raises(StoreError, match="newer Serenissima"):
        async with Store.open(path):
            pass
    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == LATEST_SCHEMA + 1


async def test_a_foreign_database_is_refused(tmp_path):
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as raw:
        raw.execute("CREATE TABLE invoices (id INTEGER)")
    with pytest.raises(StoreError, match="not Serenissima"):
        async with Store.open(path):
            pass


async def test_migrations_keep_the_games_of_an_existing_file(tmp_path, monkeypatch):
    path = tmp_path / "old.sqlite3"
    async with Store.open(path) as store:
        match_id = await new_match(store)
    # A later release adds a migration: reopening applies it and keeps every match.
    extra = (LATEST_SCHEMA + 1, "CREATE TABLE later_feature (id INTEGER PRIMARY KEY);")
    monkeypatch.setattr("bot.store.sqlite.migrations", lambda dialect="sqlite": [*migrations(dialect), extra])
    async with Store.open(path) as store:
        assert await store.schema_version() == LATEST_SCHEMA + 1
        record = await store.get_match(match_id)
        assert record is not None and record.seats == (10,)


async def test_a_guarded_write_applies_once(store):
    match_id = await new_match(store)
    version = await store.update_match(match_id, 0, now=2.0, status="active")
    assert version == 1
    with pytest.raises(VersionConflict):
        await store.update_match(match_id, 0, now=3.0, status="finished")
    record = await store.get_match(match_id)
    assert record is not None and record.status == "active" and record.version == 1


async def test_a_failed_write_leaves_no_notification(store):
    match_id = await new_match(store)
    with pytest.raises(VersionConflict):
        await store.update_match(match_id, 5, now=2.0, notifications=[NewNotification("board", None, {})])
    assert await store.due_notifications(10.0) == []


async def start_volto(service: Service) -> int:
    match = await service.create_match("volto", 10, guild_id=1, channel_id=2)
    await service.join(match.id, 11)
    return match.id


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_two_concurrent_submissions_of_one_move_apply_it_once(store, clock):
    service = Service(store, clock=clock, seeds=fixed_seeds(3))
    match_id = await start_volto(service)
    match = await service.get_match(match_id)
    user = match.record.seats[0]
    results = await asyncio.gather(
        service.submit_move(match_id, user, "auto", expected_version=match.version),
        service.submit_move(match_id, user, "auto", expected_version=match.version),
        return_exceptions=True,
    )
    assert sum(isinstance(r, StaleMove) for r in results) == 1
    assert len(await store.moves(match_id)) == 1


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_two_processes_cannot_apply_one_move_twice(database, clock):
    async with Store.open(database) as first_store, Store.open(database) as second_store:
        first = Service(first_store, clock=clock, seeds=fixed_seeds(3))
        second = Service(second_store, clock=clock)
        match_id = await start_volto(first)
        match = await first.get_match(match_id)
        user = match.record.seats[0]
        await second.get_match(match_id)  # both processes hold the same version in memory
        await first.submit_move(match_id, user, "auto", expected_version=match.version)
        with pytest.raises(StaleMove):
            await second.submit_move(match_id, user, "auto", expected_version=match.version)
        assert len(await first_store.moves(match_id)) == 1


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_a_restart_rebuilds_the_match_from_the_store(database, clock):
    async with Store.open(database) as store:
        service = Service(store, clock=clock, seeds=fixed_seeds(4))
        match_id = await start_volto(service)
        match = await service.get_match(match_id)
        for user in match.record.seats:
            await service.submit_move(match_id, user, "auto")
            await service.submit_move(match_id, user, "ready")
        match = await service.get_match(match_id)
        [mover] = match.users_to_move()
        option = (await service.move_options(match, mover))[0]
        await service.submit_move(match_id, mover, option.code)
        before = await service.get_match(match_id)
    async with Store.open(database) as store:
        restarted = Service(store, clock=clock)
        after = await restarted.get_match(match_id)
        assert after.version == before.version
        assert after.game.encode(after.state) == before.game.encode(before.state)
        assert after.game.encode(await restarted.replay(match_id)) == after.game.encode(after.state)
