"""Benchmark one decision through the whole service, for any registered game.

    python -m bench.bench_service volto --games 20
    python -m bench.bench_service rialto --players 5
    python -m bench.bench_service volto --db sqlite --db postgresql://postgres@127.0.0.1:5432/test

For each move of seeded random matches it times: validate + apply + durable commit
(``submit_move`` on a real SQLite file, WAL, synchronous=FULL), then drawing and PNG-encoding
what the bot sends after it: the actor's own panel and what the notifier delivers (the
public board when a turn ends, each direct message due). As in the bot, the delivery starts
once the move is committed while the actor's panel is drawn, each destination draws in a
task of its own, pictures are drawn in threads (``asyncio.to_thread``) and, beyond the two
this process draws at once, by the drawing workers, and a view drawn lately is not drawn
again. It also
times the PNG encoding alone of those same pictures (same structure), reports the image
sizes, the rate of random full matches of the engine alone, and the time to rebuild a
finished match from its seed and move log. The first ``--warmup`` decisions are not timed.
Besides wall time it reports the CPU time a decision takes over all threads: on a shared
machine under load, wall times measure the queue for the cores as much as the work.

``--db`` (repeatable) chooses the store: ``sqlite`` (a scratch file, the default) or a
``postgresql://`` URL, where the bench works in a scratch schema of its own, dropped
afterwards. Several ``--db`` run one after the other in the same process, on the same seeds,
so their figures compare. ``--brief`` prints one line (CPU and wall p50/p99 of a decision),
to compare settings such as ``SERENISSIMA_RENDER_PROCESSES=0`` game by game.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import secrets
import statistics
import tempfile
import time
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import quote

import renderers
from bench.procs import children_cpu
from bot import heap, present
from bot.i18n import tr_for
from bot.notify import BoardNews, Notifier, SeatNews
from bot.service import Match, Service
from bot.store import Store
from games import REGISTRY
from games.core import Rng, Seat

WARMUP_DECISIONS = 30
"""The first decisions are not timed: they fill the drawing caches (fonts, text masks, board
layers), as in a bot that has been running for a while."""


class Drawing:
    """A transport that draws what the bot's transport draws for a post, and sends nothing.

    As ``bot.discord.payloads.render`` does, each picture is drawn by ``present.picture`` in a
    thread of the event loop's default executor (``asyncio.to_thread``): the destinations of
    one delivery, each sent in a task of its own by the notifier, draw at the same time, and
    at the same time as the actor's panel; pictures beyond what this process draws at once
    go to the drawing workers (``bot.render_pool``), as in the bot.
    """

    def __init__(self) -> None:
        self.seats: list[Seat | None] = []
        self.pictures: list[present.Picture] = []

    async def post_board(self, match: Match, news: BoardNews) -> None:
        await self._draw(match, None)

    async def send_to_seat(self, match: Match, news: SeatNews) -> None:
        await self._draw(match, news.seat)

    async def edit_lobby(self, match: Match) -> None:
        """The lobby post has no picture."""

    async def _draw(self, match: Match, seat: Seat | None) -> None:
        self.seats.append(seat)
        self.pictures.append(await asyncio.to_thread(present.picture, match, seat, "en"))


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def engine_games_per_second(key: str, players: int, count: int) -> float:
    game = REGISTRY[key]
    started = time.perf_counter()
    for seed in range(count):
        state = game.initial_state(seed, players)
        ply = 0
        while seats := sorted(game.to_move(state)):
            seat = seats[ply % len(seats)]
            move = Rng(seed, ply).choice(game.legal_moves(state, seat))
            state, _ = game.apply(state, seat, move)
            ply += 1
    return count / (time.perf_counter() - started)


@contextlib.asynccontextmanager
async def scratch_database(target: str) -> AsyncIterator[str]:
    """What ``SERENISSIMA_DB`` would hold for one run: a scratch SQLite file, or a scratch schema on the server."""
    if target == "sqlite":
        with tempfile.TemporaryDirectory() as scratch:
            yield str(Path(scratch) / "bench.sqlite3")
        return
    import psycopg

    schema = f"bench_{secrets.token_hex(4)}"
    async with await psycopg.AsyncConnection.connect(target, autocommit=True) as admin:
        await admin.execute(f"CREATE SCHEMA {schema}")
        try:
            joiner = "&" if "?" in target else "?"
            yield f"{target}{joiner}options={quote(f'-csearch_path={schema}')}"
        finally:
            await admin.execute(f"DROP SCHEMA {schema} CASCADE")


async def run(
    key: str,
    players: int,
    games: int,
    warmup: int = WARMUP_DECISIONS,
    db: str = "sqlite",
    brief: bool = False,
    grouped: bool = False,
) -> None:
    tr = tr_for("en")
    decided = 0
    pool = ThreadPoolExecutor(max_workers=2)

    whole: list[float] = []
    replies: list[float] = []
    """Wall times from the move to the actor's answer drawn (the rest of a decision: the others' news)."""
    cpu: list[float] = []
    service_only: list[float] = []
    encode_only: list[float] = []
    sizes: list[int] = []
    rebuild: list[float] = []
    by_pictures: dict[int, list[tuple[float, float]]] = {}
    """Wall and CPU times of the decisions that drew that many pictures."""
    asked = drawn = 0
    async with scratch_database(db) as database, Store.open(database) as store:
        seeds = iter(range(1, 10_000))
        service = Service(store, seeds=lambda: next(seeds))
        sent = Drawing()
        notifier = Notifier(service, sent)
        heap.freeze_startup()  # as ``python -m bot`` does once started
        for number in range(games):
            match = await service.create_match(key, 1, guild_id=1, channel_id=1, players=players)
            for user in range(2, players + 1):
                await service.join(match.id, user)
            match = await service.get_match(match.id)
            if match.record.status == "lobby":
                await service.start(match.id, 1)
            step = 0
            while True:
                match = await service.get_match(match.id)
                users = match.users_to_move()
                if not users:
                    break
                user = users[step % len(users)]
                option = Rng(number, step).choice(await service.move_options(match, user))
                c0 = time.process_time() + children_cpu()  # the picture workers' CPU counts too
                t0 = time.perf_counter()
                change = await service.submit_move(match.id, user, option.code)
                t1 = time.perf_counter()
                # As in the bot (``bot.discord.delivery``): the delivery starts once the move is
                # committed, while the move's handler draws the actor's own panel; the notifier
                # draws the board post when a turn ends and each DM due. A view drawn lately
                # is not drawn again.
                before = present.DRAWN.drawn
                delivery = asyncio.create_task(notifier.deliver_due())
                panel = await asyncio.to_thread(present.picture, change.match, match.seat_of(user), "en")
                answered = time.perf_counter()  # the actor's answer is drawn: what the one who clicked waits for
                await delivery
                t2 = time.perf_counter()
                seats = [match.seat_of(user), *sent.seats]
                encoded = [panel, *sent.pictures]
                sent.seats.clear()
                sent.pictures.clear()
                views = [change.match.view(seat) for seat in seats]
                c2 = time.process_time() + children_cpu()
                images = [renderers.render(key, view, tr=tr) for view in views]
                e0 = time.perf_counter()
                list(pool.map(renderers.to_png, images))
                e1 = time.perf_counter()
                decided += 1
                if decided > warmup:
                    encode_only.append(e1 - e0)
                    whole.append(t2 - t0)
                    replies.append(answered - t0)
                    cpu.append(c2 - c0)
                    service_only.append(t1 - t0)
                    sizes.extend(len(picture.png) for picture in encoded)
                    asked += len(seats)
                    drawn += present.DRAWN.drawn - before
                    by_pictures.setdefault(present.DRAWN.drawn - before, []).append((t2 - t0, c2 - c0))
                step += 1
            r0 = time.perf_counter()
            await service.replay(match.id)
            rebuild.append(time.perf_counter() - r0)

    per_move_encode = statistics.mean(encode_only)
    ms = 1000.0
    if brief:
        drawer = present.DRAWN.pool
        print(
            f"{key} {players}p: CPU p50={percentile(cpu, 0.5) * ms:.1f} p99={percentile(cpu, 0.99) * ms:.1f} ms, "
            f"wall p50={percentile(whole, 0.5) * ms:.1f} p99={percentile(whole, 0.99) * ms:.1f} ms, "
            f"reply p50={percentile(replies, 0.5) * ms:.1f} p99={percentile(replies, 0.99) * ms:.1f} ms, "
            f"{len(whole)} moves, {drawn}/{asked} pictures drawn, render processes={drawer.processes} "
            f"(drawn here {drawer.drawn_here}, in the workers {drawer.drawn_away})"
        )
        if grouped:
            print_by_pictures(by_pictures, percentile(whole, 0.99))
        return
    print(f"game={key} players={players} matches={games} moves={len(whole)} db={store.database.describe()}")
    print(
        f"whole move (apply+commit+images): p50={percentile(whole, 0.5) * ms:.1f} ms "
        f"p99={percentile(whole, 0.99) * ms:.1f} ms"
    )
    print(
        f"the actor's answer drawn (what the one who moved waits for): p50={percentile(replies, 0.5) * ms:.1f} ms "
        f"p99={percentile(replies, 0.99) * ms:.1f} ms"
    )
    print(
        f"whole move, CPU time of all threads and picture workers: p50={percentile(cpu, 0.5) * ms:.1f} ms "
        f"p99={percentile(cpu, 0.99) * ms:.1f} ms (the same work on a busy machine; wall time is about "
        "this over the two drawing threads when they overlap)"
    )
    print(
        f"service only (parse+apply+commit): p50={percentile(service_only, 0.5) * ms:.2f} ms "
        f"p99={percentile(service_only, 0.99) * ms:.2f} ms"
    )
    print(
        f"PNG encoding alone per move: mean={per_move_encode * ms:.1f} ms "
        f"(p99={percentile(encode_only, 0.99) * ms:.1f} ms); "
        f"whole/encoding = {statistics.median(whole) / per_move_encode:.2f}x"
    )
    print(f"pictures: {asked} asked, {drawn} drawn (a view a seat was shown lately is not drawn again)")
    print_by_pictures(by_pictures, percentile(whole, 0.99))
    print(f"image size: p50={percentile(sizes, 0.5) / 1024:.0f} KiB max={max(sizes) / 1024:.0f} KiB")
    print(
        f"rebuild a finished match from its moves: p50={percentile(rebuild, 0.5) * ms:.1f} ms "
        f"max={max(rebuild) * ms:.1f} ms"
    )
    print(f"random full matches (engine only): {engine_games_per_second(key, players, 50):.0f} per second")


def print_by_pictures(by_pictures: dict[int, list[tuple[float, float]]], p99: float) -> None:
    """The decisions grouped by how many pictures they drew: which of them make the tail.

    A group's CPU time beside its wall time tells work from waiting: the threads that draw
    a decision's pictures at once wait for each other's turn with the interpreter.
    """
    decisions = sum(len(timed) for timed in by_pictures.values())
    for count, timed in sorted(by_pictures.items()):
        times = [wall for wall, _ in timed]
        cpu = [used for _, used in timed]
        print(
            f"  {count} pictures drawn: {len(times)} decisions ({100 * len(times) / decisions:.1f} %), "
            f"wall p50={percentile(times, 0.5) * 1000:.1f} p90={percentile(times, 0.9) * 1000:.1f} "
            f"max={max(times) * 1000:.1f} ms, CPU p50={percentile(cpu, 0.5) * 1000:.1f} ms; "
            f"{sum(time >= p99 for time in times)} at or over the p99"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(REGISTRY))
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--warmup", type=int, default=WARMUP_DECISIONS, help="first decisions not timed")
    parser.add_argument(
        "--db", action="append", help="sqlite (default) or a postgresql:// URL; repeat to compare in one run"
    )
    parser.add_argument(
        "--brief", action="store_true", help="one line: CPU and wall p50/p99 of a whole decision (for comparisons)"
    )
    parser.add_argument(
        "--by-pictures",
        action="store_true",
        help="with --brief: also the decisions grouped by how many pictures they drew (the whole report has it)",
    )
    args = parser.parse_args()
    players = args.players or REGISTRY[args.game].min_players
    for db in args.db or ["sqlite"]:
        asyncio.run(run(args.game, players, args.games, args.warmup, db, args.brief, args.by_pictures))


if __name__ == "__main__":
    main()
