"""How the store behaves with years of data: file size, start-up, and the queries that grow.

    python -m bench.bench_store --active 2000 --finished 10000

It first plays real matches through the service, on a real file: for each game at its
largest seat count, ``--templates`` finished matches and as many half-played timed ones (the
moves drawn at random from the legal ones). Then it builds the large file by **copying**
those played matches row for row (match, seats, moves, clocks, outbox) under new ids, new
threads and players drawn from a pool of users, across 50 servers, until it holds
``--active`` running and ``--finished`` finished matches. One heavy user sits in
``--heavy`` running matches. Outbox rows are marked delivered when they were written, as
the deliverer would; the copied finished matches are dated ``--age-days`` back. When the
store can prune its outbox (``Store.prune_outbox``), it is run to the end before measuring,
as the running bot would have done over those days.

Reported: the bytes a finished match costs per game (the file grown by ``--per-game`` more
copies, after ``VACUUM``; a finished match's log is packed into one row when it ends, and is
copied as such), the file size and its biggest tables, the time to open the store,
``match_in_channel`` (a thread of a running match, and a channel with none), ``/mygames`` of
the heavy user, ``users_due``, ``due_notifications``, ``due_clocks``, and one move.

With ``--db postgresql://...`` (an empty schema, created first, named with
``?options=-csearch_path%3Dname``), the built store is then copied row for row into
PostgreSQL (``bot.store.copy``, then ``ANALYZE``): the schema's size, the start-up and the
same queries are reported there too (the bytes per match stay SQLite's).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import shutil
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot.clocks import TimeControl
from bot.service import Service
from bot.store import Store
from bot.store.copy import copy_rows
from games import REGISTRY
from games.core import Rng

GUILDS = 50
USERS = 20_000
HEAVY_USER = 1
DAY = 86_400


async def play_templates(path: Path, count: int) -> tuple[list[int], list[int]]:
    """Play ``count`` finished and ``count`` half-played matches of every game; their ids."""
    finished: list[int] = []
    active: list[int] = []
    async with Store.open(path) as store:
        seeds = iter(range(1, 100_000))
        service = Service(store, seeds=lambda: next(seeds))
        number = 0
        lengths: dict[str, int] = {}
        for key in sorted(REGISTRY):
            players = REGISTRY[key].max_players
            for half in [False] * count + [True] * count:
                number += 1
                users = list(range(100 + 10 * number, 100 + 10 * number + players))
                match = await service.create_match(
                    key, users[0], guild_id=1, channel_id=1, players=players, time_control=TimeControl(DAY, DAY)
                )
                for user in users[1:]:
                    await service.join(match.id, user)
                match = await service.get_match(match.id)
                if match.record.status == "lobby":
                    await service.start(match.id, users[0])
                step = 0
                limit = lengths.get(key, 10**6) // 2 if half else 10**6
                while step < limit:
                    match = await service.get_match(match.id)
                    waiting = match.users_to_move()
                    if not waiting:
                        break
                    user = waiting[step % len(waiting)]
                    option = Rng(number, step).choice(await service.move_options(match, user))
                    await service.submit_move(match.id, user, option.code)
                    step += 1
                if half:
                    active.append(match.id)
                else:
                    finished.append(match.id)
                    lengths[key] = step
    return finished, active


def columns(db: sqlite3.Connection, table: str) -> list[str]:
    return [row[1] for row in db.execute(f"PRAGMA table_info({table})")]


def copy_match(db: sqlite3.Connection, template: int, new_id: int, users: list[int], age: float) -> None:
    """One more match, row for row a copy of ``template``, with its own id, thread and players."""
    match_columns = columns(db, "matches")
    picks = [
        {"id": "?", "thread_id": "?", "guild_id": "?", "channel_id": "?", "creator_id": "?"}.get(c, c)
        for c in match_columns
    ]
    picks = [f"{p} - ?" if c in ("created_at", "updated_at") else p for p, c in zip(picks, match_columns, strict=True)]
    values: list[Any] = []
    for c in match_columns:
        if c == "id":
            values.append(new_id)
        elif c == "thread_id":
            values.append(10**9 + new_id)
        elif c == "guild_id":
            values.append(1 + new_id % GUILDS)
        elif c == "channel_id":
            values.append(10**6 + new_id % GUILDS)
        elif c == "creator_id":
            values.append(users[0])
        elif c in ("created_at", "updated_at"):
            values.append(age)
    db.execute(
        f"INSERT INTO matches ({', '.join(match_columns)}) SELECT {', '.join(picks)} FROM matches WHERE id = ?",
        (*values, template),
    )
    seats = db.execute("SELECT seat FROM seats WHERE match_id = ? ORDER BY seat", (template,)).fetchall()
    seat_columns = [c for c in columns(db, "seats") if c not in ("match_id", "seat", "user_id")]
    extra = "".join(", " + c for c in seat_columns)
    for (seat,) in seats:
        db.execute(
            f"INSERT INTO seats (match_id, seat, user_id{extra}) SELECT ?, seat, ?{extra} FROM seats"
            " WHERE match_id = ? AND seat = ?",
            (new_id, users[seat], template, seat),
        )
    for table in ("moves", "move_archives", "clocks", "standing_answers"):
        if not columns(db, table):
            continue  # a store from before the table
        rest = [c for c in columns(db, table) if c != "match_id"]
        shifted = ["created_at - ?" if c == "created_at" else c for c in rest]
        params: tuple[Any, ...] = (new_id, age, template) if "created_at" in rest else (new_id, template)
        db.execute(
            f"INSERT INTO {table} (match_id, {', '.join(rest)}) SELECT ?, {', '.join(shifted)} FROM {table}"
            " WHERE match_id = ?",
            params,
        )
    rest = [c for c in columns(db, "outbox") if c not in ("id", "match_id", "created_at", "done_at")]
    db.execute(
        f"INSERT INTO outbox (match_id, created_at, done_at, {', '.join(rest)}) SELECT ?, created_at - ?,"
        f" created_at - ?, {', '.join(rest)} FROM outbox WHERE match_id = ?",
        (new_id, age, age, template),
    )


def build(path: Path, finished: list[int], active: list[int], args: argparse.Namespace) -> None:
    """Copy the templates into the large file (see the module docstring)."""
    rng = random.Random(7)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode = MEMORY")  # a scratch file: every page written once, not via a log
    db.execute("PRAGMA synchronous = OFF")
    db.execute("BEGIN")
    db.executemany("INSERT OR IGNORE INTO users (user_id, locale) VALUES (?, 'en')", [(u,) for u in range(1, USERS)])
    db.execute("UPDATE outbox SET done_at = created_at")
    seats_of = dict(db.execute("SELECT match_id, count(*) FROM seats GROUP BY match_id").fetchall())
    next_id = int(db.execute("SELECT max(id) FROM matches").fetchone()[0]) + 1
    plan = [(rng.choice(active), True) for _ in range(args.active)]
    plan += [(rng.choice(finished), False) for _ in range(args.finished)]
    for number, (template, running) in enumerate(plan):
        users = rng.sample(range(2, USERS), seats_of[template])
        if running and number < args.heavy:
            users[0] = HEAVY_USER
        age = 0.0 if running else args.age_days * DAY
        copy_match(db, template, next_id, users, age)
        next_id += 1
        if number % 1000 == 999:
            db.execute("COMMIT")
            db.execute("BEGIN")
    db.execute("COMMIT")
    db.execute("PRAGMA journal_mode = WAL")  # as the bot keeps it
    db.close()


def per_game_bytes(
    template_file: Path, finished: list[int], copies: int, scratch: Path
) -> dict[str, tuple[float, float, int]]:
    """Bytes one more finished match adds to a vacuumed file, per game (largest seat count).

    Twice: with its delivered notifications, and once they are pruned (when the store prunes);
    and the match's number of moves.
    """
    sizes: dict[str, tuple[float, float, int]] = {}
    with sqlite3.connect(template_file) as db:
        keys = dict(db.execute("SELECT id, game_key FROM matches").fetchall())
    for template in finished:
        key = keys[template]
        if key in sizes:
            continue
        trial = scratch / f"size-{key}.sqlite3"
        shutil.copy(template_file, trial)
        db = sqlite3.connect(trial, isolation_level=None)
        db.execute("PRAGMA journal_mode = DELETE")  # VACUUM must reach the file itself, not a log
        db.execute("UPDATE outbox SET done_at = created_at")
        db.execute("VACUUM")
        before = trial.stat().st_size
        db.execute("BEGIN")
        seats = db.execute("SELECT count(*) FROM seats WHERE match_id = ?", (template,)).fetchone()[0]
        moves = db.execute("SELECT count(*) FROM moves WHERE match_id = ?", (template,)).fetchone()[0]
        if columns(db, "move_archives"):  # a packed log
            moves += sum(
                n for (n,) in db.execute("SELECT move_count FROM move_archives WHERE match_id = ?", (template,))
            )
        start = int(db.execute("SELECT max(id) FROM matches").fetchone()[0]) + 1
        for n in range(copies):
            copy_match(db, template, start + n, list(range(10_000 + 10 * n, 10_000 + 10 * n + seats)), 30 * DAY)
        db.execute("COMMIT")
        db.execute("VACUUM")
        grown = trial.stat().st_size - before
        # The copies' notifications are past the retention: what is left once the store prunes
        # them (a store that does not prune keeps them: then both figures are the same).
        if hasattr(Store, "prune_outbox"):
            db.execute("DELETE FROM outbox WHERE match_id >= ?", (start,))
            db.execute("VACUUM")
        db.close()
        sizes[key] = (grown / copies, (trial.stat().st_size - before) / copies, moves)
        trial.unlink()
    return sizes


async def timed(label: str, call: Callable[[], Awaitable[Any]], repeat: int) -> None:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        await call()
        times.append(time.perf_counter() - t0)
    print(f"  {label:<44} p50={statistics.median(times) * 1000:8.2f} ms  max={max(times) * 1000:8.2f} ms")


async def measure(path: Path | str, args: argparse.Namespace) -> None:
    opens = []
    for _ in range(5):
        t0 = time.perf_counter()
        async with Store.open(path):
            opens.append(time.perf_counter() - t0)
    print(f"  {'open the store':<44} p50={statistics.median(opens) * 1000:8.2f} ms  max={max(opens) * 1000:8.2f} ms")
    async with Store.open(path) as store:
        service = Service(store)
        now = time.time()
        [[some]] = await store.fetch_all("SELECT max(id) FROM matches WHERE status = 'active'")
        thread = 10**9 + int(some)
        await timed("match_in_channel (a running match's thread)", lambda: store.match_in_channel(thread), 50)
        await timed("match_in_channel (a channel without match)", lambda: store.match_in_channel(42), 50)
        await timed(
            f"/mygames of a user in {args.heavy} running matches",
            lambda: service.waiting_games(HEAVY_USER, None),
            10,
        )
        await timed("users_due (scheduler tick)", lambda: store.users_due(now), 50)
        await timed("due_clocks (scheduler tick)", lambda: store.due_clocks(now), 50)
        await timed("due_notifications (deliverer)", lambda: store.due_notifications(now), 50)
        rows = await store.fetch_all("SELECT id FROM matches WHERE status = 'active' ORDER BY id DESC LIMIT 60")
        moves = []
        for (match_id,) in rows:
            match = await service.get_match(match_id)
            waiting = match.users_to_move()
            if not waiting:
                continue
            option = (await service.move_options(match, waiting[0]))[0]
            t0 = time.perf_counter()
            await service.submit_move(match_id, waiting[0], option.code)
            moves.append(time.perf_counter() - t0)
        print(
            f"  {'one move (submit_move, durable commit)':<44} p50={statistics.median(moves) * 1000:8.2f} ms"
            f"  max={max(moves) * 1000:8.2f} ms"
        )


def table_sizes(path: Path) -> list[tuple[str, int]]:
    """Bytes per table and index (SQLite's dbstat), biggest first; [] when dbstat is missing."""
    with sqlite3.connect(path) as db:
        try:
            rows = db.execute("SELECT name, sum(pgsize) FROM dbstat GROUP BY name ORDER BY 2 DESC LIMIT 6")
            return [(name, int(size)) for name, size in rows]
        except sqlite3.OperationalError:
            return []


async def run(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        scratch = Path(folder)
        templates = scratch / "templates.sqlite3"
        t0 = time.perf_counter()
        finished, active = await play_templates(templates, args.templates)
        print(f"played {len(finished)} finished and {len(active)} running matches in {time.perf_counter() - t0:.0f} s")
        print(f"bytes per finished match (largest seat count, {args.per_game} copies, after VACUUM):")
        for key, (size, kept, moves) in per_game_bytes(templates, finished, args.per_game, scratch).items():
            print(
                f"  {key:<12} {size / 1024:8.1f} KiB with its outbox, {kept / 1024:8.1f} KiB once it is pruned"
                f" ({moves} moves, {kept / max(moves, 1):.0f} B a move)"
            )
        if args.sizes_only:
            return
        big = scratch / "big.sqlite3"
        shutil.copy(templates, big)
        t0 = time.perf_counter()
        build(big, finished, active, args)
        print(
            f"built {args.active} running + {args.finished} finished matches (copies) in"
            f" {time.perf_counter() - t0:.0f} s"
        )
        if hasattr(Store, "prune_outbox"):
            t0 = time.perf_counter()
            async with Store.open(big) as store:
                pruned = 0
                while deleted := await store.prune_outbox(time.time()):
                    pruned += deleted
            print(f"pruned {pruned} delivered outbox rows in {time.perf_counter() - t0:.0f} s")
        with sqlite3.connect(big) as db:
            [[free]] = db.execute("PRAGMA freelist_count").fetchall()
            [[page]] = db.execute("PRAGMA page_size").fetchall()
        print(
            f"file size: {big.stat().st_size / 2**20:.0f} MiB, of which {free * page / 2**20:.0f} MiB free pages"
            " (reused by new rows)"
        )
        for name, size in table_sizes(big):
            print(f"  {name:<28} {size / 2**20:8.0f} MiB")
        print("timings:")
        await measure(big, args)
        if args.db:
            t0 = time.perf_counter()
            async with Store.open(big) as origin, Store.open(args.db) as target:
                copied = await copy_rows(origin, target)
                async with target.database.transaction() as db:
                    await db.execute("ANALYZE")
                where = target.database.describe()
                [[size]] = await target.fetch_all(  # tables with their indexes and TOAST
                    "SELECT sum(pg_total_relation_size(oid)) FROM pg_class"
                    " WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r'"
                )
            print(f"copied {sum(copied.values())} rows into {where} in {time.perf_counter() - t0:.0f} s")
            print(f"schema size: {int(size) / 2**20:.0f} MiB (tables, indexes and TOAST)")
            print("timings on PostgreSQL:")
            await measure(args.db, args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--active", type=int, default=2000)
    parser.add_argument("--finished", type=int, default=10_000)
    parser.add_argument("--heavy", type=int, default=200, help="running matches of the heavy user")
    parser.add_argument("--templates", type=int, default=2, help="played matches per game and kind")
    parser.add_argument("--per-game", type=int, default=50, help="copies for the bytes per match")
    parser.add_argument("--age-days", type=float, default=30.0, help="age of the finished copies")
    parser.add_argument("--sizes-only", action="store_true", help="stop after the bytes per match")
    parser.add_argument("--dir", default=None, help="where the files are built (default: the temp folder)")
    parser.add_argument("--db", default=None, help="an empty PostgreSQL schema's URL: time the queries there too")
    asyncio.run(run(parser.parse_args()))


if __name__ == "__main__":
    main()
