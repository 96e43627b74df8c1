"""``python -m bot.copy_db``: a whole history moves to an empty database and replays there.

The source is a SQLite file with a real history played through the service: a finished
match between two people (rated; its log packed into one row), a running match against the autopilot, a lobby, a
cancelled lobby, and a whole Swiss tournament of autopilot entrants.
"""

from __future__ import annotations

import asyncio
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from bot.copy_db import CopyReport, main, verify_matches
from bot.service import Service
from bot.store import Store, move_archive
from bot.store.community import AuditRow, CommunityRows
from bot.store.copy import copy_rows, row_counts
from bot.tournaments.service import TournamentService
from tests.bot.conftest import FakeClock, fixed_seeds
from tests.bot.tournaments.helpers import ORGANISER, open_tournament, robots
from tests.postgres import scratch_schema
from tests.store.test_migrations import run_sql

ROOT = Path(__file__).resolve().parents[2]


async def play_out(service: Service, match_id: int, plies: int) -> None:
    """The first legal move of whoever must act, up to ``plies`` times."""
    for _ in range(plies):
        match = await service.get_match(match_id)
        waiting = [user for user in match.users_to_move() if user > 0]
        if not match.is_running or not waiting:
            return
        option = (await service.move_options(match, waiting[0]))[-1]
        await service.submit_move(match_id, waiting[0], option.code)


@pytest.fixture
async def history_file(tmp_path: Path) -> Path:
    path = tmp_path / "history.sqlite3"
    async with Store.open(path) as store:
        service = Service(store, clock=FakeClock(), seeds=fixed_seeds(11, 12, 13, 14))
        tournaments = TournamentService(service)
        people = await service.create_match("volto", 10, guild_id=1, channel_id=2)
        await service.join(people.id, 11)
        await play_out(service, people.id, 600)
        if (await service.get_match(people.id)).is_running:
            await service.resign(people.id, 10)
        running = await service.create_match("rialto", 12, guild_id=1, channel_id=3, vs_autopilot=True)
        await play_out(service, running.id, 15)
        lobby = await service.create_match("volto", 13, guild_id=None, channel_id=None)
        cancelled = await service.create_match("volto", 14, guild_id=1, channel_id=4)
        await service.cancel(cancelled.id, 14)
        tid = await open_tournament(tournaments, robots(4), game_key="volto", format_="swiss", rounds=2)
        await tournaments.start(tid, ORGANISER)
        await service.remember_user(10, locale="ru", dm_closed=True)
        # The take-back, substitute and community rows (migrations 0008 and 0009) are copied too.
        await service.take_back(running.id, 12)
        await service.offer_seat(running.id, 12, to_user=30)
        await service.follow(lobby.id, 20)
        await service.set_notification_settings(20, ping_next=True)
        await service.change_server_settings(1, 10, is_admin=True, time_bank=60)
        await service.forget_user(14, asked_at=service.clock())
        counts = await row_counts(store)
    copied = (
        "moves",
        "move_archives",
        "outbox",
        "ratings",
        "rating_changes",
        "entrants",
        "tournament_tables",
        "taken_back_moves",
    )
    community = ("seat_offers", "followers", "notification_settings", "server_settings", "audit_log", "forgotten_users")
    assert all(counts[t] for t in (*copied, *community)), counts
    return path


async def check_copy(source: Path, target: str) -> None:
    """The copy holds what the source holds, and new rows get fresh ids after the copied ones."""
    async with Store.open(source) as origin, Store.open(target) as copy:
        assert await row_counts(copy) == await row_counts(origin)
        order = "SELECT tournament_id, user_id FROM entrants ORDER BY seed, joined_at, rowid"
        assert await copy.fetch_all(order) == await origin.fetch_all(order), "sign-up order is kept"
        [[last]] = await origin.fetch_all("SELECT max(id) FROM matches")
        created = await Service(copy).create_match("volto", 99, guild_id=1, channel_id=2)
        assert created.id == last + 1
        [[last_alias]] = await origin.fetch_all("SELECT max(alias) FROM forgotten_users")
        alias = await CommunityRows(copy).forget_user(98, 1.0, AuditRow(None, 1.0, None, "forget"))
        assert alias == last_alias + 1, "forgotten users' aliases go on after the copied ones"
        taken = "SELECT match_id, ply, code, played_at FROM taken_back_moves ORDER BY played_at, ply"
        assert await copy.fetch_all(taken) == await origin.fetch_all(taken)
        archives = "SELECT match_id, format, move_count, mentions, packed FROM move_archives ORDER BY match_id"
        packed = [(*row[:4], bytes(row[4])) for row in await origin.fetch_all(archives)]
        assert packed and [(*row[:4], bytes(row[4])) for row in await copy.fetch_all(archives)] == packed


async def test_a_sqlite_history_is_copied_and_verified_into_another_sqlite_file(history_file, tmp_path, capsys):
    target = tmp_path / "copy.sqlite3"
    assert await asyncio.to_thread(main, [str(history_file), str(target)]) == 0
    out = capsys.readouterr().out
    assert "verified: the target holds the same history" in out
    await check_copy(history_file, str(target))


@pytest.mark.postgres
async def test_a_sqlite_history_is_copied_and_verified_into_postgresql(history_file):
    async with scratch_schema() as url:
        completed = subprocess.run(
            [sys.executable, "-m", "bot.copy_db", str(history_file), url],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert completed.returncode == 0, completed.stdout + completed.stderr
        assert "verified: the target holds the same history" in completed.stdout
        await check_copy(history_file, url)


async def test_a_target_that_is_not_empty_is_refused_and_left_as_it_was(history_file, database, capsys):
    async with Store.open(database) as store:
        await Service(store).create_match("volto", 5, guild_id=1, channel_id=2)
    before = run_sql(database, "SELECT id, creator_id FROM matches")
    assert await asyncio.to_thread(main, [str(history_file), database]) == 2
    assert "not empty" in capsys.readouterr().err
    assert run_sql(database, "SELECT id, creator_id FROM matches") == before
    assert run_sql(database, "SELECT count(*) FROM moves") == [(0,)]


async def test_the_verification_finds_a_move_that_differs_on_the_target(history_file, database):
    async with Store.open(history_file) as origin, Store.open(database) as copy:
        await copy_rows(origin, copy)
        report = CopyReport({})
        await verify_matches(Service(origin), Service(copy), [1, 2], report)
        assert report.problems == [] and report.replayed == 2
        async with copy.database.transaction() as db:
            await db.execute("UPDATE moves SET code = 'x' || code WHERE match_id = 2 AND ply = 3")
        report = CopyReport({})
        await verify_matches(Service(origin), Service(copy), [1, 2], report)
        assert report.problems == ["match 2: the move log differs"]


async def test_the_verification_finds_a_move_that_differs_inside_a_packed_log(history_file, database):
    async with Store.open(history_file) as origin, Store.open(database) as copy:
        await copy_rows(origin, copy)
        [[packed]] = await copy.fetch_all("SELECT packed FROM move_archives WHERE match_id = 1")
        moves = move_archive.decode(bytes(packed))
        moves[3] = replace(moves[3], code="x" + moves[3].code)
        async with copy.database.transaction() as db:
            await db.execute("UPDATE move_archives SET packed = ? WHERE match_id = 1", (move_archive.encode(moves),))
        report = CopyReport({})
        await verify_matches(Service(origin), Service(copy), [1, 2], report)
        assert report.problems == ["match 1: the move log differs"]
