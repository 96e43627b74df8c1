"""Decisions per second with many matches moving at once, pictures included (issue #19 §5).

    nice -n 19 python -m bench.bench_throughput --matches 50 --seconds 60
    nice -n 19 python -m bench.bench_throughput --db postgresql://postgres@127.0.0.1:5432/test

``--matches`` tasks each play one match as fast as the service lets them, the games taken
in turn (``--game`` to play one), at each game's smallest seat count unless ``--players``:
a person's move (``submit_move``, a random legal option), then the actor's panel drawn in
a worker thread, as the Discord adapter answers. A deliverer woken by the store's outbox
signal delivers what the moves queue, drawing the board posts and direct messages in
worker threads, as the bot's notifier does. A finished match is replaced by a new one. The
first ``--warmup`` seconds are not counted (font and layer caches fill up).
``--no-pictures`` draws nothing: what the service and the store alone allow.

Pictures are drawn as the bot draws them: ``present.picture`` in a worker thread, whose
misses are drawn in the picture workers (``bot.render_pool``: one process per core, or
``SERENISSIMA_RENDER_PROCESSES``; 0 draws in the threads), or in the thread itself while
no picture is in flight in the workers (``SERENISSIMA_RENDER_IN_PROCESS``; 0: never).

Reported over the counted window: decisions per second; CPU time per decision of the
process (all threads) and of its picture workers (steadier than wall time on a shared
machine); how busy the cores were; how long each store write took, from its call to its answer; and, on SQLite, how long
each write held the store's write lock (a transaction block holds it from ``BEGIN`` to
``COMMIT``, a ``Write`` only while it is queued) and how long the database itself was held,
``BEGIN IMMEDIATE`` to ``COMMIT`` in the writer's thread, per transaction of ``Write``s.
The load average before and after is printed: the machine may be shared, and the figures
then say so.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import time
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

import bot.store.sqlite
from bench.bench_service import percentile, scratch_database
from bench.procs import children_cpu, cpu_waited
from bot import present, render_pool
from bot.notify import BoardNews, Notifier, SeatNews
from bot.service import Match, Service
from bot.store import Store
from games import REGISTRY
from games.core import Rng

LOCALE = "en"


class TimedLock(asyncio.Lock):
    """The store's write lock, noting how long each holder kept it."""

    def __init__(self) -> None:
        super().__init__()
        self.held: list[float] = []
        self._since = 0.0

    async def acquire(self) -> bool:
        await super().acquire()
        self._since = time.perf_counter()
        return True

    def release(self) -> None:
        self.held.append(time.perf_counter() - self._since)
        super().release()


@contextlib.contextmanager
def timing_writes() -> Iterator[list[tuple[float, int]]]:
    """How long each transaction of ``Write``s holds the database in SQLite's writer thread, and its writes."""
    held: list[tuple[float, int]] = []
    run_writes: Callable[..., Any] | None = getattr(bot.store.sqlite, "_run_writes", None)
    if run_writes is None:  # a version of the store without it
        yield held
        return

    def timed(connection: Any, writes: list[Any]) -> Any:
        started = time.perf_counter()
        try:
            return run_writes(connection, writes)
        finally:
            held.append((time.perf_counter() - started, len(writes)))

    bot.store.sqlite._run_writes = timed  # type: ignore[attr-defined]
    try:
        yield held
    finally:
        bot.store.sqlite._run_writes = run_writes  # type: ignore[attr-defined]


def time_calls(database: Any, took: list[float]) -> None:
    """Note how long each write of the store takes, from its call to its answer (any backend, any version)."""
    block = database.transaction

    @contextlib.asynccontextmanager
    async def transaction() -> AsyncIterator[Any]:
        started = time.perf_counter()
        try:
            async with block() as db:
                yield db
        finally:
            took.append(time.perf_counter() - started)

    database.transaction = transaction
    whole = getattr(database, "write", None)
    if whole is not None:

        async def write(*args: Any) -> Any:
            started = time.perf_counter()
            try:
                return await whole(*args)
            finally:
                took.append(time.perf_counter() - started)

        database.write = write


class Drawing:
    """A transport that draws what the bot would send, in worker threads, and sends nothing."""

    async def post_board(self, match: Match, news: BoardNews) -> None:
        await self._draw(match, None)

    async def send_to_seat(self, match: Match, news: SeatNews) -> None:
        await self._draw(match, news.seat)

    async def edit_lobby(self, match: Match) -> None:
        """The lobby post has no picture."""

    def __init__(self, draw: bool = True) -> None:
        self.pictures = 0
        self.draw = draw

    async def _draw(self, match: Match, seat: int | None) -> None:
        if self.draw and match.state is not None:
            await asyncio.to_thread(present.picture, match, seat, LOCALE)
            self.pictures += 1


class Run:
    """The shared counters of one run."""

    def __init__(
        self, service: Service, games: list[str], players: int | None, stop_at: float, *, draw: bool = True
    ) -> None:
        self.service = service
        self.draw = draw
        self.games = games
        self.players = players
        self.stop_at = stop_at
        self.decisions: list[float] = []
        self.numbers = iter(range(1, 10**9))

    async def new_match(self) -> tuple[Match, int]:
        number = next(self.numbers)
        key = self.games[number % len(self.games)]
        players = self.players or REGISTRY[key].min_players
        users = [1000 * number + seat for seat in range(1, players + 1)]
        match = await self.service.create_match(key, users[0], guild_id=1, channel_id=number, players=players)
        for user in users[1:]:
            await self.service.join(match.id, user)
        match = await self.service.get_match(match.id)
        if match.record.status == "lobby":
            await self.service.start(match.id, users[0])
        return await self.service.get_match(match.id), number

    async def play(self) -> None:
        """One table: moves as fast as they are accepted, a new match when one ends."""
        match, number = await self.new_match()
        step = 0
        while time.perf_counter() < self.stop_at:
            users = match.users_to_move()
            if not users:
                match, number = await self.new_match()
                step = 0
                continue
            user = users[step % len(users)]
            option = Rng(number, step).choice(await self.service.move_options(match, user))
            change = await self.service.submit_move(match.id, user, option.code)
            self.decisions.append(time.perf_counter())
            if self.draw:
                await asyncio.to_thread(present.picture, change.match, match.seat_of(user), LOCALE)
            match = change.match
            step += 1


async def deliverer(notifier: Notifier, wake: asyncio.Event, stop_at: float) -> None:
    """Deliver after every commit that queued something, as the bot's courier does."""
    while time.perf_counter() < stop_at:
        try:
            await asyncio.wait_for(wake.wait(), timeout=0.5)
        except TimeoutError:
            continue
        wake.clear()
        await notifier.deliver_due()


async def run(args: argparse.Namespace, db: str) -> None:
    games = [args.game] if args.game else sorted(REGISTRY)
    load_before = os.getloadavg()
    with timing_writes() as in_thread:
        async with scratch_database(db) as target, Store.open(target) as store:
            lock = TimedLock()
            database: Any = store.database
            calls: list[float] = []
            time_calls(database, calls)
            if hasattr(database, "_write_lock"):
                database._write_lock = lock
            seeds = iter(range(1, 10**9))
            service = Service(store, seeds=lambda: next(seeds))
            transport = Drawing(args.pictures)
            notifier = Notifier(service, transport)
            wake = asyncio.Event()
            service.set_outbox_listener(wake.set)
            started = time.perf_counter()
            stop_at = started + args.warmup + args.seconds
            state = Run(service, games, args.players, stop_at, draw=args.pictures)
            window: dict[str, float] = {}

            async def mark() -> None:
                await asyncio.sleep(args.warmup)
                window.update(wall=time.perf_counter(), cpu=time.process_time(), pictures=transport.pictures)
                window["workers"] = children_cpu()
                window["waited"] = cpu_waited()
                window["transactions"] = len(lock.held)
                window["writes"] = len(in_thread)
                window["calls"] = len(calls)

            await asyncio.gather(
                mark(), deliverer(notifier, wake, stop_at), *(state.play() for _ in range(args.matches))
            )
            wall = time.perf_counter() - window["wall"]
            cpu = time.process_time() - window["cpu"]
            workers_cpu = children_cpu() - window["workers"]
            waited = cpu_waited() - window["waited"]
            counted = [t for t in state.decisions if t >= window["wall"]]
            held = lock.held[int(window["transactions"]) :]
            writes = in_thread[int(window["writes"]) :]
            took = calls[int(window["calls"]) :]
            pictures = transport.pictures - window["pictures"] + (len(counted) if args.pictures else 0)
    load_after = os.getloadavg()
    render_pool.POOL.close()
    decisions = len(counted)
    ms = 1000.0
    print(
        f"db={db.split('@')[-1]} games={','.join(games)} matches={args.matches} window={wall:.0f}s"
        f" (after {args.warmup:.0f}s warm-up) cores={os.cpu_count()}"
        f" picture processes={render_pool.POOL.processes if args.pictures else '-'}"
    )
    print(
        f"load average before {load_before[0]:.2f} {load_before[1]:.2f}, after {load_after[0]:.2f} {load_after[1]:.2f}"
    )
    print(
        f"decisions: {decisions} = {decisions / wall:.1f} per second;"
        f" pictures drawn: {pictures / decisions:.2f} per decision"
    )
    print(
        f"CPU time per decision: {(cpu + workers_cpu) / decisions * ms:.2f} ms"
        f" (bot process, all threads {cpu / decisions * ms:.2f} ms;"
        f" picture workers {workers_cpu / decisions * ms:.2f} ms);"
        f" cores busy: {(cpu + workers_cpu) / wall:.2f} of {os.cpu_count()}"
        f" (bot process {cpu / wall:.2f}, picture workers {workers_cpu / wall:.2f});"
        f" threads ready but waiting for a CPU: {waited / wall:.2f} on average"
    )
    if took:
        print(
            f"store write, call to answer: mean={statistics.mean(took) * ms:.2f} ms"
            f" p50={percentile(took, 0.5) * ms:.2f} ms p99={percentile(took, 0.99) * ms:.2f} ms;"
            f" {len(took) / decisions:.2f} per decision"
        )
    if held:
        print(
            f"write lock held per transaction: mean={statistics.mean(held) * ms:.2f} ms"
            f" p50={percentile(held, 0.5) * ms:.2f} ms p99={percentile(held, 0.99) * ms:.2f} ms;"
            f" {len(held) / decisions:.2f} per decision; lock held {sum(held) / wall:.0%} of the time"
        )
    if writes:
        seconds = [held for held, _ in writes]
        count = sum(n for _, n in writes)
        print(
            f"database held per transaction of Writes (writer's thread, BEGIN to COMMIT):"
            f" mean={statistics.mean(seconds) * ms:.2f} ms p50={percentile(seconds, 0.5) * ms:.2f} ms"
            f" p99={percentile(seconds, 0.99) * ms:.2f} ms; {len(writes) / decisions:.2f} per decision,"
            f" {count / len(writes):.1f} Writes each; per Write {sum(seconds) / count * ms:.2f} ms;"
            f" writer busy {sum(seconds) / wall:.0%} of the time"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=60.0, help="the counted window")
    parser.add_argument("--warmup", type=float, default=10.0, help="first seconds not counted")
    parser.add_argument("--game", choices=sorted(REGISTRY), default=None, help="one game (default: all, in turn)")
    parser.add_argument("--players", type=int, default=None, help="seats per match (default: each game's fewest)")
    parser.add_argument(
        "--no-pictures",
        dest="pictures",
        action="store_false",
        help="draw nothing: what the service and the store alone allow (the write path's own ceiling)",
    )
    parser.add_argument(
        "--db", action="append", help="sqlite (default) or a postgresql:// URL; repeat to compare in one run"
    )
    args = parser.parse_args()
    for db in args.db or ["sqlite"]:
        asyncio.run(run(args, db))


if __name__ == "__main__":
    main()
