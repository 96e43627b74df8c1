"""Data that grows for years: the outbox is pruned, a finished match packs its log (no replayable
events) into a few KB, migration 0007 converts old files, and no runtime query scans a large table."""

from __future__ import annotations

import contextlib
import json
import re
import sqlite3
from typing import Any

import psycopg
import pytest

from bench.bench_leases import copy_matches
from bench.bench_store import copy_match
from bot import history
from bot.clocks import TimeControl
from bot.codec import event_to_json
from bot.notify import Notifier
from bot.scheduler import Scheduler
from bot.service import OUTBOX_RETENTION, Service
from bot.service_errors import NoSuchMatch
from bot.store import Store, migrations, move_archive
from bot.tournaments.service import TournamentService
from bot.verify import verify_export
from games.core import Rng
from tests.bot.conftest import FakeClock, fixed_seeds
from tests.postgres import BOTH_BACKENDS, scratch_schema
from tests.store.helpers import finished_rialto_for_five

LARGE_TABLES = frozenset(
    {"matches", "moves", "move_archives", "outbox", "users", "seats", "clocks", "tournament_outbox"}
)
"""Tables that grow with every match or user ever stored: no runtime query may scan them."""

DAY = 86_400


class Digests:
    async def send_digest(self, user_id: int, games: list[Any]) -> None:
        pass


class Unheard:
    """A transport that delivers everything to no one (the notifier's statements are what count)."""

    async def post_board(self, match: Any, news: Any) -> None:
        pass

    async def send_to_seat(self, match: Any, news: Any) -> None:
        pass

    async def edit_lobby(self, match: Any) -> None:
        pass


async def play(service: Service, match_id: int, *, plies: int, number: int = 0) -> None:
    """Random legal moves by whoever must act, at most ``plies`` of them."""
    for step in range(plies):
        match = await service.get_match(match_id)
        waiting = [user for user in match.users_to_move() if user > 0]
        if not match.is_running or not waiting:
            return
        user = waiting[step % len(waiting)]
        option = Rng(number, step).choice(await service.move_options(match, user))
        await service.submit_move(match_id, user, option.code)


async def vs_autopilot(service: Service, game: str = "volto", user: int = 10) -> int:
    """A running match of ``user`` against the autopilot (whose moves carry notes)."""
    match = await service.create_match(
        game, user, guild_id=1, channel_id=5, vs_autopilot=True, time_control=TimeControl(DAY, DAY)
    )
    return match.id


def logged(entries: list[tuple[Any, list[Any]]]) -> list[tuple[int, list[dict[str, Any]]]]:
    return [(move.ply, [event_to_json(event) for event in events]) for move, events in entries]


# --- A finished match keeps its codes and notes, not its events --------------------------


async def test_a_finished_match_packs_its_log_without_events_and_replays_the_same_log(service, db_path):
    match_id = await vs_autopilot(service)
    await play(service, match_id, plies=30)
    running = logged(await service.logged_events(match_id))
    assert any(entry[1] and entry[1][0]["message"]["key"] == "core.event.autopilot_played" for entry in running)
    match = await service.get_match(match_id)
    before = {seat: await history.catch_up(service, match, seat) for seat in range(2)}
    public_before = await history.history(service, match, None)

    await service.resign(match_id, 10)

    with sqlite3.connect(db_path) as db:
        [[rows]] = db.execute("SELECT count(*) FROM moves WHERE match_id = ?", (match_id,)).fetchall()
        [[count, packed]] = db.execute(
            "SELECT move_count, packed FROM move_archives WHERE match_id = ?", (match_id,)
        ).fetchall()
    assert rows == 0 and count == len(running), "a finished match's log is packed into one row, without events"
    assert any(move.notes for move in move_archive.decode(packed)), "the notes (who chose a move for whom) are kept"
    assert logged(await service.logged_events(match_id)) == running
    finished = await service.get_match(match_id)
    assert await history.history(service, finished, None) == public_before
    for seat in range(2):
        assert await history.catch_up(service, finished, seat) == before[seat]
    assert logged(await service.logged_events(match_id, since_ply=5)) == running[5:]
    # The replay, the replay's pictures, the export and its verification read the packed log.
    assert finished.game.encode(await service.replay(match_id)) == finished.game.encode(finished.state)
    views = await history.public_views(service, match_id)
    assert len(views) > 2 and views[-1] == finished.game.view(finished.state, None)
    checked = verify_export(await history.export(service, match_id))
    assert checked.commitment_ok and checked.replay_ok


FINISHED_RIALTO_LIMIT = 8 * 1024
"""What a finished Rialto match for five (about 900 decisions at a human pace) adds to a
vacuumed file, at most: 8 KiB in all (its row and final state, seats, packed log, indexes;
7 KiB measured), where its move rows alone took 50 KiB before logs were packed."""


async def test_a_finished_rialto_match_for_five_costs_a_few_kilobytes_of_file(tmp_path):
    path = tmp_path / "sizes.sqlite3"
    async with Store.open(path) as store:
        template, moves = await finished_rialto_for_five(store)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = DELETE")  # VACUUM must reach the file itself, not a log
    db.execute("VACUUM")
    before = path.stat().st_size
    copies = 20
    db.execute("BEGIN")
    for n in range(copies):
        copy_match(db, template, 1000 + n, [10_000 + 10 * n + seat for seat in range(5)], 30 * DAY)
    db.execute("COMMIT")
    db.execute("VACUUM")
    db.close()
    per_match = (path.stat().st_size - before) / copies
    assert len(moves) > 800 and per_match <= FINISHED_RIALTO_LIMIT, f"{per_match:.0f} bytes a match"
    async with Store.open(path) as store:
        assert [(m.seat, m.code) for m in await store.moves(1000 + copies - 1)] == moves, "the copies are whole"


async def test_replayed_logs_are_cached_for_a_few_matches_only(service, monkeypatch):
    from bot.service import replays

    monkeypatch.setattr(replays, "MAX_REPLAYED_LOGS", 2)
    ids = []
    for user in (10, 11, 12):
        match_id = await vs_autopilot(service, user=user)
        await play(service, match_id, plies=6)
        await service.resign(match_id, user)
        ids.append(match_id)
        await service.logged_events(match_id)
    assert service._replayed is not None
    assert [key[0] for key in service._replayed] == ids[1:]


# --- The outbox is pruned ------------------------------------------------------------------


async def test_delivered_notifications_are_pruned_after_the_retention_only(service, clock, db_path):
    match_id = await vs_autopilot(service)
    await play(service, match_id, plies=4)
    due = await service.due_notifications(clock())
    assert due
    delivered, waiting = [n.id for n in due[:-1]], due[-1].id
    await service.delivered(delivered, clock())

    clock.advance(OUTBOX_RETENTION - 60)
    assert await service.prune_outbox() == 0
    clock.advance(120)
    await Scheduler(service, Digests()).tick()
    with sqlite3.connect(db_path) as db:
        left = {row[0] for row in db.execute("SELECT id FROM outbox")}
    assert waiting in left, "an undelivered notification is never pruned"
    assert not left & set(delivered)


async def test_pruning_goes_in_small_batches(service, clock, store, monkeypatch):
    from bot.service import retention

    match_id = await vs_autopilot(service)
    await play(service, match_id, plies=6)
    due = await service.due_notifications(clock())
    assert len(due) >= 5
    await service.delivered([n.id for n in due], clock())
    clock.advance(OUTBOX_RETENTION + 1)
    assert await store.prune_outbox(clock() - OUTBOX_RETENTION, 2) == 2
    monkeypatch.setattr(retention, "PRUNE_BATCH", 1)
    assert await service.prune_outbox(batches=2) == 2, "at most the batches of one call"
    assert await service.prune_outbox(batches=100) == len(due) - 4


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_delivered_tournament_announcements_are_pruned_like_the_outbox(service, clock, store):
    tournaments = TournamentService(service)
    tournament = await tournaments.create(42, guild_id=1, channel_id=5, game_key="volto", format_="swiss", rounds=3)
    for n in range(4):
        await tournaments.store.announce(tournament.id, {"n": n}, clock())
    due = await tournaments.due_announcements()
    assert len(due) >= 4
    delivered, waiting = [a.id for a in due[:-1]], due[-1].id
    for announcement_id in delivered:
        await tournaments.announcement_delivered(announcement_id)

    clock.advance(OUTBOX_RETENTION - 60)
    assert await tournaments.prune_announcements() == 0, "kept as long as the match outbox"
    clock.advance(120)
    scheduler = Scheduler(service, Digests())
    scheduler.extra.append(tournaments.tick)  # as the Discord client wires it
    await scheduler.tick()
    left = {row[0] for row in await store.fetch_all("SELECT id FROM tournament_outbox")}
    assert waiting in left, "an undelivered announcement is never pruned"
    assert not left & set(delivered)


async def test_tournament_announcements_are_pruned_in_small_batches(service, clock, monkeypatch):
    from bot.service import retention

    tournaments = TournamentService(service)
    tournament = await tournaments.create(42, guild_id=1, channel_id=5, game_key="volto", format_="swiss", rounds=3)
    for n in range(6):
        await tournaments.store.announce(tournament.id, {"n": n}, clock())
    due = await tournaments.due_announcements()
    for announcement in due:
        await tournaments.announcement_delivered(announcement.id)
    clock.advance(OUTBOX_RETENTION + 1)
    monkeypatch.setattr(retention, "PRUNE_BATCH", 2)
    assert await tournaments.prune_announcements(batches=2) == 4, "at most the batches of one call"
    assert await tournaments.prune_announcements(batches=100) == len(due) - 4
    assert await tournaments.due_announcements() == []


# --- Migration 0007 converts an old file ---------------------------------------------------


async def test_migration_0007_splits_notes_and_drops_finished_events(tmp_path, clock):
    # The same matches played on a current file are the reference.
    reference = tmp_path / "reference.sqlite3"
    async with Store.open(reference) as store:
        service = Service(store, clock=clock, seeds=fixed_seeds(7, 8))
        done = await vs_autopilot(service, user=10)
        await play(service, done, plies=20)
        await service.resign(done, 10)
        running = await vs_autopilot(service, user=11)
        await play(service, running, plies=12)
        assert (await service.get_match(running)).is_running
        expected = {m: logged(await service.logged_events(m)) for m in (done, running)}
    noted = [events for entries in expected.values() for _, events in entries if len(events) > 1]
    assert any(events[0]["message"]["key"].startswith("core.") for events in noted)

    # An old file (schema 6) of the same matches: every event of a move, notes first, in events_json.
    old = tmp_path / "old.sqlite3"
    db = sqlite3.connect(old, isolation_level=None)
    for number, script in migrations():
        if number <= 6:
            db.executescript(script)
    db.execute("PRAGMA user_version = 6")
    source = sqlite3.connect(reference)
    for table in ("matches", "seats", "clocks", "users"):
        names = [row[1] for row in db.execute(f"PRAGMA table_info({table})")]
        rows = source.execute(f"SELECT {', '.join(names)} FROM {table}").fetchall()
        marks = ", ".join("?" for _ in names)
        db.executemany(f"INSERT INTO {table} ({', '.join(names)}) VALUES ({marks})", rows)
    columns = "match_id, ply, seat, code, version, created_at, chosen_by"
    rows = source.execute(f"SELECT {columns} FROM moves").fetchall()
    for match_id, packed in source.execute("SELECT match_id, packed FROM move_archives"):
        rows += [
            (match_id, m.ply, m.seat, m.code, m.version, m.created_at, m.chosen_by) for m in move_archive.decode(packed)
        ]
    for row in rows:
        events = dict(expected[row[0]])[row[1]]
        db.execute(
            f"INSERT INTO moves ({columns}, events_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (*row, json.dumps(events))
        )
    source.close()
    db.close()

    async with Store.open(old) as store:
        service = Service(store, clock=clock)
        for match_id, entries in expected.items():
            assert logged(await service.logged_events(match_id)) == entries
        [[finished_events]] = await store.fetch_all("SELECT count(events_json) FROM moves WHERE match_id = ?", (done,))
        assert finished_events == 0, "a finished match keeps no engine events"
        stored = await store.moves(running)
        assert all(move.events is not None for move in stored), "a running match keeps its events"
        assert all(not e["message"]["key"].startswith("core.") for move in stored for e in move.events or [])
        assert any(move.notes for move in stored)
        # Migration 0012 queued the old finished match; the scheduler's tick packs its log.
        assert await store.fetch_all("SELECT match_id FROM moves_to_pack") == [(done,)]
        await Scheduler(service, Digests()).tick()
        assert await store.fetch_all("SELECT count(*) FROM moves WHERE match_id = ?", (done,)) == [(0,)]
        assert await store.fetch_all("SELECT match_id FROM move_archives") == [(done,)]
        assert logged(await service.logged_events(done)) == expected[done]
        # The old file plays on.
        await play(service, running, plies=2, number=3)
        assert len(await store.moves(running)) > len(stored)


# --- No runtime query scans a large table -----------------------------------------------


def scanned_large_tables(db: sqlite3.Connection, sql: str) -> list[str]:
    """The large tables a statement's plan scans (``SCAN``, with or without an index)."""
    aliases = {table: table for table in LARGE_TABLES}
    for table, alias in re.findall(r"\b(?:FROM|JOIN|UPDATE|INTO)\s+(\w+)(?:\s+(?:AS\s+)?(\w+))?", sql, re.I):
        if alias and alias.upper() not in {"WHERE", "SET", "JOIN", "ON", "INDEXED", "VALUES", "SELECT", "GROUP"}:
            aliases[alias] = table
    found = []
    for row in db.execute(f"EXPLAIN QUERY PLAN {sql}"):
        detail = row[3]
        match = re.match(r"SCAN (\w+)", detail)
        if match and aliases.get(match.group(1), match.group(1)) in LARGE_TABLES:
            found.append(f"{detail}  <-  {sql}")
    return found


async def seed_matches(store: Store, clock: FakeClock) -> list[int]:
    """Two matches played 12 plies (one then resigned) and a Swiss tournament: the scenario's start."""
    service = Service(store, clock=clock, seeds=fixed_seeds(7, 8, 9))
    templates = []
    for user, game in ((10, "volto"), (11, "rialto")):
        match_id = await vs_autopilot(service, game, user)
        await play(service, match_id, plies=12)
        templates.append(match_id)
    await service.resign(templates[0], 10)
    await TournamentService(service).create(42, guild_id=1, channel_id=5, game_key="volto", format_="swiss", rounds=3)
    return templates


async def runtime_scenario(store: Store, clock: FakeClock, templates: list[int]) -> None:
    """What the bot does at runtime: the commands, a move and an ending, the ticks, the deliverer."""
    service = Service(store, clock=clock, seeds=fixed_seeds(20, 21, 22))
    scheduler = Scheduler(service, Digests())
    tournaments = TournamentService(service)
    scheduler.extra.append(tournaments.tick)
    running = templates[1]
    record = (await service.get_match(running)).record
    await service.set_location(running, thread_id=777)
    await service.find_match(match_id=None, channel_id=777, user_id=11, guild_id=1)
    with contextlib.suppress(NoSuchMatch):  # a channel without lobby, then the user's matches
        await service.find_lobby(match_id=None, channel_id=5, user_id=12, guild_id=1)
    with contextlib.suppress(NoSuchMatch):
        await service.find_match(match_id=None, channel_id=42, user_id=12, guild_id=1)
    await service.remember_user(12, locale="ru")
    await service.user(12)
    await service.list_matches(1, 11)
    await service.user_matches(11)
    await service.waiting_games(11, 1)
    await service.player_record(11, 1)
    await play(service, running, plies=2, number=5)
    await service.logged_events(running, since_ply=3)
    match = await service.get_match(running)
    await history.catch_up(service, match, 0)
    await history.export(service, templates[0])
    await service.start_vacation(11, 3, "autopilot")
    clock.advance(4 * DAY)
    await scheduler.tick()
    notes = await service.due_notifications(clock())
    await service.delivered([n.id for n in notes[:3]], clock())
    await service.retry_later([n.id for n in notes[3:5]], clock() + 60)
    await Notifier(service, Unheard()).deliver_due()  # the deliverer's claims, in order per destination
    for announcement in (await tournaments.due_announcements())[:2]:
        await tournaments.announcement_delivered(announcement.id)
    clock.advance(OUTBOX_RETENTION + DAY)
    await scheduler.tick()
    await service.resign(running, record.seats[0])


def explained(sql: str) -> bool:
    """Whether a statement reads a table (so its plan is worth a look): not a plain INSERT."""
    verb = sql.lstrip().split(None, 1)[0].upper()
    return verb in {"SELECT", "UPDATE", "DELETE", "WITH"} or (verb == "INSERT" and " SELECT " in sql.upper())


async def test_no_runtime_query_scans_a_large_table(tmp_path):
    path = tmp_path / "populated.sqlite3"
    clock = FakeClock()
    async with Store.open(path) as store:
        templates = await seed_matches(store, clock)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN")
    for n in range(400):
        copy_match(db, templates[n % 2], 1000 + n, [100 + n, 600 + n, 1100 + n, 1600 + n, 2100 + n], 0)
    db.executemany("INSERT OR IGNORE INTO users (user_id) VALUES (?)", [(u,) for u in range(100, 2600)])
    (tournament_id,) = db.execute("SELECT max(id) FROM tournaments").fetchone()
    db.executemany(  # a year of announcements, all delivered but the last few
        "INSERT INTO tournament_outbox (tournament_id, payload_json, created_at, delivered_at) VALUES (?, '{}', ?, ?)",
        [(tournament_id, clock() - n * 600, clock() - n * 600 if n > 3 else None) for n in range(2000)],
    )
    db.execute("COMMIT")
    db.close()

    statements: set[str] = set()
    async with Store.open(path) as store:
        await store.database.set_trace_callback(statements.add)
        await runtime_scenario(store, clock, templates)
        await store.database.set_trace_callback(None)

    assert len(statements) > 30
    assert any(sql.startswith("DELETE FROM tournament_outbox") for sql in statements), "announcements were pruned"
    assert any("JOIN outbox h" in sql for sql in statements), "the deliverer claimed"
    check = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True)
    scans = []
    for sql in sorted(statements):
        if explained(sql):
            scans += scanned_large_tables(check, sql)
    check.close()
    assert not scans, "\n".join(scans)


FEW = 1000
"""Rows an index scan on ``IS NULL`` alone may expect (the history built below has 5,000 matches)."""


async def seq_scans_of_large_tables(url: str, statements: dict[str, Any]) -> list[str]:
    """The large tables the PostgreSQL plans of ``statements`` (psycopg's text, bound parameters)
    scan when sequential scans are made as dear as the planner allows.

    With ``enable_seqscan = off`` the planner takes an index whenever one can serve the
    statement, however few the rows: a ``Seq Scan`` left in the plan means no index can, so
    the tables need no millions of rows for the check to mean something. The planner may
    instead walk a whole index that does not serve the statement (an index scan with no
    ``Index Cond``, one on a column after the first, which PostgreSQL checks entry by entry, or
    only ``IS NULL`` where the planner expects more than :data:`FEW` rows, like a thread index's
    NULLs, every match ever played without a thread):
    that is a scan too, unless the index is partial (it holds only the due rows, which is what
    a partial index is for). Joins are made nested loops, what a join with
    few rows on one side gets on large tables: the tables the loop reaches must then be reached
    through an index condition (a hash or merge join of tiny tables would walk them whole).
    """
    found = []
    async with await psycopg.AsyncConnection.connect(url, autocommit=True) as check:
        for setting in ("enable_seqscan", "enable_hashjoin", "enable_mergejoin"):
            await check.execute(f"SET {setting} = off")
        cursor = await check.execute(
            "SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid"
            " WHERE i.indpred IS NOT NULL AND c.relnamespace = current_schema()::regnamespace"
        )
        partial = {str(name) for (name,) in await cursor.fetchall()}
        cursor = await check.execute(  # each index's first column, which its condition must constrain
            "SELECT c.relname, t.relname, a.attname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid"
            " JOIN pg_class t ON t.oid = i.indrelid"
            " JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]"
            " WHERE c.relnamespace = current_schema()::regnamespace"
        )
        indexes = {str(name): (str(table), str(column)) for name, table, column in await cursor.fetchall()}
        for sql, params in sorted(statements.items()):
            if not explained(sql):
                continue
            cursor = await check.execute(f"EXPLAIN (FORMAT JSON) {sql}", params)
            [(plan,)] = await cursor.fetchall()
            nodes = [plan[0]["Plan"]]
            while nodes:
                node = nodes.pop()
                nodes += node.get("Plans", [])
                kind, index = node["Node Type"], node.get("Index Name")
                relation = node.get("Relation Name")
                table, first = indexes.get(index, (relation, "?")) if index else (relation, "")
                if table not in LARGE_TABLES:
                    continue
                condition = node.get("Index Cond", "")
                constrained = re.search(rf"\({first}\b", condition) is not None
                if not re.search("[=<>]", condition):  # only IS NULL: an index scan only when the NULLs are few
                    constrained = constrained and node["Plan Rows"] <= FEW
                walked = index is not None and index not in partial and not constrained
                if kind == "Seq Scan" or walked:
                    how = f" using {index} ({condition or 'no Index Cond'})" if walked else ""
                    found.append(f"{kind} on {table}{how}  <-  {sql}  {params!r}")
    return found


@pytest.mark.postgres
async def test_on_postgresql_no_runtime_query_scans_a_large_table(monkeypatch):
    """The PostgreSQL twin of the test above: the same scenario in a scratch schema, every
    statement the store sends recorded (with its first parameters) at psycopg's cursor, which
    all of ``bot/store/postgres.py`` goes through, then each ``EXPLAIN``-ed with the parameters
    bound and sequential scans switched off (see :func:`seq_scans_of_large_tables`)."""
    statements: dict[str, Any] = {}
    real_execute, real_executemany = psycopg.AsyncCursor.execute, psycopg.AsyncCursor.executemany

    async def execute(self: Any, query: Any, params: Any = None, **options: Any) -> Any:
        if isinstance(query, str):
            statements.setdefault(query, params)
        return await real_execute(self, query, params, **options)

    async def executemany(self: Any, query: Any, params_seq: Any, **options: Any) -> Any:
        rows = list(params_seq)
        if isinstance(query, str) and rows:
            statements.setdefault(query, rows[0])
        return await real_executemany(self, query, rows, **options)

    clock = FakeClock()
    async with scratch_schema() as url:
        async with Store.open(url) as store:
            templates = await seed_matches(store, clock)
            # Some history on another server (and ANALYZE), so the planner weighs tables as the bot will find them.
            await copy_matches(store, templates[1], 5000, deadline_at=clock() + 1000 * DAY)
            async with store.database.transaction() as db:  # a long history of delivered notifications
                await db.execute(
                    "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)"
                    " INSERT INTO outbox (match_id, kind, seat, version, payload_json, created_at, next_attempt_at,"
                    " done_at) SELECT ?, 'board', NULL, 0, '{}', ?, ?, ? FROM n",
                    (templates[0], clock() - DAY, clock() - DAY, clock() - DAY),
                )
                await db.execute("UPDATE matches SET guild_id = 2 WHERE id <> ? AND id <> ?", tuple(templates))
                await db.execute("ANALYZE")
            [(tournament_id,)] = await store.fetch_all("SELECT max(id) FROM tournaments")
            async with store.database.transaction() as db:
                await db.executemany(  # announcements, all delivered but the last few
                    "INSERT INTO tournament_outbox (tournament_id, payload_json, created_at, delivered_at)"
                    " VALUES (?, '{}', ?, ?)",
                    [(tournament_id, clock() - n * 600, clock() - n * 600 if n > 3 else None) for n in range(20)],
                )
            monkeypatch.setattr(psycopg.AsyncCursor, "execute", execute)
            monkeypatch.setattr(psycopg.AsyncCursor, "executemany", executemany)
            await runtime_scenario(store, clock, templates)
            monkeypatch.undo()
        scans = await seq_scans_of_large_tables(url, statements)
    assert len(statements) > 30
    assert any(sql.startswith("DELETE FROM tournament_outbox") for sql in statements), "announcements were pruned"
    assert any("JOIN outbox h" in sql for sql in statements), "the deliverer claimed"
    assert not scans, "\n".join(scans)


@pytest.mark.postgres
@pytest.mark.parametrize("table", sorted(LARGE_TABLES))
async def test_on_postgresql_the_plan_check_sees_a_scan(table):
    async with scratch_schema() as url:
        async with Store.open(url):
            pass
        assert await seq_scans_of_large_tables(url, {f"SELECT count(*) FROM {table} WHERE ctid::text <> %s": ("",)})
        assert not await seq_scans_of_large_tables(url, {"SELECT * FROM matches WHERE id = %s": (1,)})


@pytest.mark.postgres
async def test_on_postgresql_the_plan_check_sees_a_whole_index_walked():
    """An index whose first column the statement does not constrain serves it only by reading all of it."""
    walk = {"SELECT match_id FROM seats WHERE user_id = %s": (11,)}
    async with scratch_schema() as url:
        async with Store.open(url) as store:
            assert not await seq_scans_of_large_tables(url, walk)
            async with store.database.transaction() as db:
                await db.execute("DROP INDEX seats_by_user")
        [found] = await seq_scans_of_large_tables(url, walk)
        assert "Scan on seats using seats_match_id_user_id_key ((user_id = " in found


@pytest.mark.parametrize("table", sorted(LARGE_TABLES))
def test_the_plan_check_sees_a_scan(tmp_path, table):
    db = sqlite3.connect(tmp_path / "x.sqlite3")
    for _, script in migrations():
        db.executescript(script)
    assert scanned_large_tables(db, f"SELECT count(*) FROM {table} t WHERE length(t.rowid) > 0")
    assert not scanned_large_tables(db, "SELECT * FROM matches WHERE id = 1")
