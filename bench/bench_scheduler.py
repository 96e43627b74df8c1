"""Benchmark the clocks at scale: many timed matches, the scheduler, and moves meanwhile.

    python -m bench.bench_scheduler --matches 10000 --players 1000

Builds a database of timed Volto matches spread over the players (each set up, so that
one seat's clock runs), then moves the clock so that a share of reminders and deadlines is
due, and measures: how long the scheduler's query for due clocks takes, the memory of the
process, the time of one scheduler round, and p50/p99 of a move through the whole service
(with its public and private images) while the scheduler works on the due reminders.
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import statistics
import tempfile
import time
from pathlib import Path

import renderers
from bench.bench_service import percentile
from bot.clocks import DAY, TimeControl
from bot.i18n import tr_for
from bot.scheduler import Scheduler
from bot.service import Service, WaitingGame
from bot.store import Store


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


class QuietTransport:
    def __init__(self) -> None:
        self.digests = 0

    async def send_digest(self, user_id: int, games: list[WaitingGame]) -> None:
        self.digests += 1


async def build(service: Service, clock: Clock, matches: int, players: int) -> list[int]:
    ids = []
    control = TimeControl(3 * DAY, 0)
    for number in range(matches):
        first = 1 + number % players
        second = 1 + (number * 7 + 1) % players
        if second == first:
            second = 1 + (first % players)
        match = await service.create_match("volto", first, guild_id=1, channel_id=1, time_control=control)
        await service.join(match.id, second)
        for user in (first, second):
            await service.submit_move(match.id, user, "auto")
            await service.submit_move(match.id, user, "ready")
        clock.now += 5  # spread the turns (and so the deadlines) over time
        ids.append(match.id)
    return ids


async def run(matches: int, players: int, moves: int) -> None:
    clock = Clock()
    with tempfile.TemporaryDirectory() as scratch:
        async with Store.open(Path(scratch) / "bench.sqlite3") as store:
            seeds = iter(range(1, 10**9))
            service = Service(store, clock=clock, seeds=lambda: next(seeds))
            started = time.perf_counter()
            ids = await build(service, clock, matches, players)
            print(f"built {matches} timed matches over {players} players in {time.perf_counter() - started:.0f} s")
            service.forget()

            # Half the clock has passed for the older matches: their first reminder is due.
            clock.now += 1.5 * DAY - 5 * matches * 0.5
            queries = []
            for _ in range(20):
                q0 = time.perf_counter()
                due = await store.due_clocks(clock.now)
                queries.append(time.perf_counter() - q0)
            print(
                f"due clocks found: {len(due)} (query p50={statistics.median(queries) * 1000:.1f} ms, "
                f"max={max(queries) * 1000:.1f} ms)"
            )

            scheduler = Scheduler(service, QuietTransport())
            tr = tr_for("en")
            timings: list[float] = []

            async def play_moves() -> None:
                for step in range(moves):
                    match = await service.get_match(ids[(step * 7919) % len(ids)])
                    users = match.users_to_move()
                    if not users:
                        continue
                    option = (await service.move_options(match, users[0]))[step % 3]
                    m0 = time.perf_counter()
                    change = await service.submit_move(match.id, users[0], option.code)
                    for seat in (None, *sorted(change.match.to_move())):
                        view = change.match.view(seat)
                        renderers.to_png(renderers.render("volto", view, tr=tr))
                    timings.append(time.perf_counter() - m0)
                    await asyncio.sleep(0)

            await play_moves()
            print(
                f"baseline, no timers due: move p50={percentile(timings, 0.5) * 1000:.1f} ms "
                f"p99={percentile(timings, 0.99) * 1000:.1f} ms"
            )
            timings.clear()
            t0 = time.perf_counter()
            done, _ = await asyncio.gather(scheduler.tick(), play_moves())
            tick_seconds = time.perf_counter() - t0
            print(f"scheduler round with moves alongside: {done} timers handled in {tick_seconds:.1f} s")
            print(
                f"move through the service with images, while reminders are due: "
                f"p50={percentile(timings, 0.5) * 1000:.1f} ms p99={percentile(timings, 0.99) * 1000:.1f} ms "
                f"({len(timings)} moves)"
            )
            rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
            print(f"peak memory of the process: {rss:.0f} MiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=1_000)
    parser.add_argument("--moves", type=int, default=300)
    args = parser.parse_args()
    asyncio.run(run(args.matches, args.players, args.moves))


if __name__ == "__main__":
    main()
