"""Benchmark several processes on one database: decisions per second, the due-deadline claim, start-up.

    python -m bench.bench_leases --db postgresql://postgres@127.0.0.1:5432/test due --matches 100000
    python -m bench.bench_leases --db postgresql://postgres@127.0.0.1:5432/test processes --counts 1,2,4
    python -m bench.bench_leases --db postgresql://postgres@127.0.0.1:5432/test startup --matches 10000
    python -m bench.bench_leases --db postgresql://postgres@127.0.0.1:5432/test outbox --counts 1,2,4

``--db`` is a PostgreSQL URL (each run works in a scratch schema of its own, dropped after)
or ``sqlite`` (a temporary file). Matches are copied in bulk from one real timed Volto
match set up through the service (:func:`copy_matches`), so that 100,000 of them take
seconds, not hours; each copy's running clock gets its own deadline, one every
:data:`SPREAD` seconds.

- ``due``: how long the timer loop's claim of due clocks takes (claim + release, 500 at a
  time, as a tick does) and the plain due query, over N timed matches of which a few hundred
  are due; on PostgreSQL also the plan (``EXPLAIN``) of the claim.
- ``processes``: decisions per second through the service (a move of the seat to act,
  committed with its notifications) with 1, 2, 4... processes, each playing its own matches.
- ``startup``: how long a process takes to open the store, build the service and run what
  the bot runs before answering (the catch-up after downtime, the first timer round),
  with N active matches: after a short restart (nothing missed) and after a day down
  (every deadline missed, each given grace).
- ``outbox``: the deliverers' claim with 1, 2, 4... processes draining one backlog of
  notifications (a few per destination: a match's board and each seat's messages), each
  batch claimed, "sent" (a short sleep) and marked delivered as the notifier does: rows per
  second, the claim's p50, the CPU time of the processes, and how many rows were "sent"
  before an earlier row of their destination (what a player would read out of order).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from bench.bench_service import scratch_database
from bot.clocks import DAY, HOUR, TimeControl
from bot.scheduler import Scheduler
from bot.service import Service, WaitingGame
from bot.store import Store, leases
from bot.store.database import Database, Row

START: Final = 1_800_000_000.0
SPREAD: Final = 5.0
"""Seconds between the deadlines of consecutive copies."""
ROOT: Final = Path(__file__).resolve().parents[1]
"""The checkout the worker processes import the bot from."""
FIRST_COPY: Final = 1_000_000
"""Copied matches get ids from here (users too), far above the template's."""

_MATCH_COPIED: Final = (
    "game_key, rules_version, options_json, seed, max_seats, status, state_json, version, ply, guild_id,"
    " channel_id, creator_id, draw_offers, created_at, updated_at, time_limit, time_bank, min_completion, rated"
)


class Clock:
    def __init__(self, now: float = START) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class QuietTransport:
    async def send_digest(self, user_id: int, games: list[WaitingGame]) -> None:
        return None


async def template(service: Service) -> int:
    """One timed Volto match, set up through the service, whose rows the copies take."""
    match = await service.create_match("volto", 1, guild_id=1, channel_id=1, time_control=TimeControl(DAY, 0))
    await service.join(match.id, 2)
    for user in (1, 2):
        await service.submit_move(match.id, user, "auto")
        await service.submit_move(match.id, user, "ready")
    return match.id


async def copy_matches(store: Store, template_id: int, count: int, first: int = 0, *, deadline_at: float) -> None:
    """``count`` copies of the template (ids ``FIRST_COPY + first + i``), seat 0's clock running.

    Copy i's deadline is ``deadline_at + i * SPREAD`` and its last reminder an hour
    before (an hour); seat 1's clock is stopped. One portable statement per table (a recursive
    series), so SQLite and PostgreSQL build the same rows.
    """
    series = "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?) "
    base = FIRST_COPY + first
    async with store.database.transaction() as db:
        await db.execute(
            series + f"INSERT INTO matches (id, {_MATCH_COPIED}) SELECT ? + n.i, {_MATCH_COPIED}"
            " FROM n, matches WHERE matches.id = ?",
            (count - 1, base, template_id),
        )
        await db.execute(
            series + "INSERT INTO seats (match_id, seat, user_id, autopilot)"
            " SELECT ? + n.i, s.seat, ? + 2 * n.i + s.seat, 0 FROM n, seats s WHERE s.match_id = ?",
            (count - 1, base, 2 * base, template_id),
        )
        await db.execute(
            series + "INSERT INTO clocks (match_id, seat, bank_left, turn_started, deadline, reminders, remind_at,"
            " timeouts) SELECT ? + n.i, 0, 0, ? + n.i * ?, ? + n.i * ?, 0, ? + n.i * ?, 0 FROM n",
            (count - 1, base, deadline_at - DAY, SPREAD, deadline_at, SPREAD, deadline_at - HOUR, SPREAD),
        )
        await db.execute(
            series + "INSERT INTO clocks (match_id, seat, bank_left, reminders, timeouts) SELECT ? + n.i, 1, 0, 0, 0"
            " FROM n",
            (count - 1, base),
        )
    if store.database.dialect == "postgresql":
        async with store.database.transaction() as db:
            await db.execute("ANALYZE")


@contextlib.contextmanager
def recorded_claims() -> Iterator[list[leases.Claim]]:
    """Every claim the store runs meanwhile, in order (its ``statement`` is what ``EXPLAIN`` wants)."""
    claims: list[leases.Claim] = []
    run = leases.Claim.run

    async def recording(claim: leases.Claim, db: Database) -> list[Row]:
        claims.append(claim)
        return await run(claim, db)

    leases.Claim.run = recording  # type: ignore[method-assign]
    try:
        yield claims
    finally:
        leases.Claim.run = run  # type: ignore[method-assign]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


async def bench_due(db: str, matches: int) -> None:
    async with scratch_database(db) as target, Store.open(target) as store:
        clock = Clock()
        service = Service(store, clock=clock)
        template_id = await template(service)
        t0 = time.perf_counter()
        for first in range(0, matches, 50_000):
            await copy_matches(store, template_id, min(50_000, matches - first), first, deadline_at=START + DAY)
        print(f"{store.database.dialect}: {matches} timed matches copied in {time.perf_counter() - t0:.1f} s")
        # A few hundred deadlines due (and the reminders of the first ~half day's worth).
        now = START + DAY + 300 * SPREAD
        plain, claims = [], []
        for round_ in range(10):
            q0 = time.perf_counter()
            due = await store.due_clocks(now)
            plain.append(time.perf_counter() - q0)
            q0 = time.perf_counter()
            claimed = await store.claim_clocks(f"bench{round_}", now, now, now + 120)
            claims.append(time.perf_counter() - q0)
            for clock_row in claimed:
                await store.release_clock(f"bench{round_}", clock_row.match_id, clock_row.seat)
        print(
            f"due query (read only): {len(due)} rows, p50 {ms(statistics.median(plain))}, max {ms(max(plain))}\n"
            f"claim of due clocks (FOR UPDATE SKIP LOCKED on PostgreSQL): {len(claimed)} rows,"
            f" p50 {ms(statistics.median(claims))}, max {ms(max(claims))}"
        )
        if store.database.dialect == "postgresql":
            with recorded_claims() as claims:
                await store.claim_clocks("explain", now, now, now + 120)
            [(sql, params)] = [claim.statement(store.database.dialect) for claim in claims]
            rows = await store.fetch_all(f"EXPLAIN {sql}", params)
            print("plan of the timer loop's claim:\n  " + "\n  ".join(row[0] for row in rows))


def started(script: str, arguments: list[list[str]]) -> tuple[list[subprocess.Popen[str]], float]:
    """A process running ``script`` per list of ``arguments``; once all say ready, all told to go at once (and when)."""
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", script, *each], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        for each in arguments
    ]
    for worker in workers:
        assert worker.stdout is not None and worker.stdout.readline().strip() == "ready"
    t0 = time.perf_counter()
    for worker in workers:
        assert worker.stdin is not None
        worker.stdin.write("go\n")
        worker.stdin.flush()
    return workers, t0


WORKER = """
import asyncio, sys, time
from bot.service import Service
from bot.store import Store, leases
from bot.store.database import Database, Row

async def main():
    url, first, count, seconds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
    async with Store.open(url) as store:
        service = Service(store)
        ids = list(range(first, first + count))
        print("ready", flush=True)
        sys.stdin.readline()
        decisions, end, step = 0, time.perf_counter() + seconds, 0
        while time.perf_counter() < end:
            step += 1
            match = await service.get_match(ids[step % len(ids)])
            users = [u for u in match.users_to_move() if u > 0]
            if not match.is_running or not users:
                continue
            options = await service.move_options(match, users[0])
            await service.submit_move(match.id, users[0], options[step % len(options)].code)
            decisions += 1
    print(decisions, flush=True)

asyncio.run(main())
"""


async def bench_processes(db: str, counts: list[int], seconds: float, per_process: int) -> None:
    if db == "sqlite":
        raise SystemExit("several processes need PostgreSQL: on SQLite a second process is refused")
    for count in counts:
        async with scratch_database(db) as target:
            async with Store.open(target) as store:
                service = Service(store)
                template_id = await template(service)
                await copy_matches(store, template_id, count * per_process, deadline_at=time.time() + 30 * DAY)

            def worker_arguments(n: int) -> list[str]:
                return [str(FIRST_COPY + n * per_process), str(per_process), str(seconds)]

            workers, t0 = started(WORKER, [[target, *worker_arguments(n)] for n in range(count)])
            outputs = [worker.communicate(timeout=seconds + 120)[0] for worker in workers]
            wall = time.perf_counter() - t0
            decisions = sum(int(out.strip().splitlines()[-1]) for out in outputs)
            print(f"{count} process(es): {decisions} decisions in {wall:.1f} s = {decisions / wall:.0f} decisions/s")


async def bench_startup(db: str, matches: int) -> None:
    async with scratch_database(db) as target:
        async with Store.open(target) as store:
            service = Service(store, clock=Clock())
            template_id = await template(service)
            await copy_matches(store, template_id, matches, deadline_at=START + 2 * DAY)
        for label, now in (
            ("a short restart, nothing missed", START),
            ("after a day down, all missed", START + 4 * DAY),
        ):
            t0 = time.perf_counter()
            async with Store.open(target) as store:
                service = Service(store, clock=Clock(now))
                opened = time.perf_counter() - t0
                graced = await service.catch_up_after_downtime()
                caught_up = time.perf_counter() - t0
                await Scheduler(service, QuietTransport()).tick()
                ticked = time.perf_counter() - t0
            print(
                f"{db.split(':')[0]}, {matches} active matches, {label}: open {ms(opened)},"
                f" catch-up ({graced} graced) {ms(caught_up - opened)}, first timer round {ms(ticked - caught_up)},"
                f" total {ms(ticked)}"
            )


OUTBOX_WORKER = """
import asyncio, json, sys, time
from bot.store import Store

async def main():
    url, owner, limit, send = sys.argv[1], sys.argv[2], int(sys.argv[3]), float(sys.argv[4])
    async with Store.open(url) as store:
        print("ready", flush=True)
        sys.stdin.readline()
        sent, claims, idle, cpu = [], [], 0, time.process_time()
        while True:
            now = time.time()
            q0 = time.perf_counter()
            batch = await store.claim_notifications(owner, now, now + 600, limit=limit)
            claims.append(time.perf_counter() - q0)
            if not batch:
                [(left,)] = await store.fetch_all("SELECT count(*) FROM outbox WHERE done_at IS NULL")
                if not left:
                    break
                idle += 1
                await asyncio.sleep(0.002)
                continue
            await asyncio.sleep(send / 2)
            sent.append([time.time(), [[n.id, n.match_id, n.kind, n.seat] for n in batch]])
            await asyncio.sleep(send / 2)
            await store.finish_notifications([n.id for n in batch], time.time())
    print(json.dumps({"sent": sent, "claims": claims, "idle": idle, "cpu": time.process_time() - cpu}), flush=True)

asyncio.run(main())
"""


@dataclass(frozen=True, slots=True)
class Drained:
    """What :func:`drain_outbox` measured."""

    sent: list[int]
    """Every row sent, in the order sent (a row twice if two processes sent it)."""
    late: int
    """Rows sent after a later row of their destination."""
    wall: float
    claims: list[float]
    empty: int
    cpu: float


async def drain_outbox(target: str, count: int, matches: int, per_match: int, limit: int, send: float) -> Drained:
    """``count`` deliverer processes draining one backlog of ``matches`` x ``per_match`` notifications on ``target``.

    The rows are queued round robin over the matches (one match's rows far apart, as a
    backlog after an outage has them), each match's in turn for its board and its two seats.
    """
    async with Store.open(target) as store:
        template_id = await template(Service(store, clock=Clock()))
        await copy_matches(store, template_id, matches, deadline_at=START + 30 * DAY)
        async with store.database.transaction() as tx:
            await tx.execute("UPDATE outbox SET done_at = 0")
            await tx.execute(
                "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ?)"
                " INSERT INTO outbox (match_id, kind, seat, version, payload_json, created_at,"
                " next_attempt_at) SELECT ? + n.i % ?, CASE WHEN n.i / ? % 3 = 0 THEN 'board' ELSE 'seat' END,"
                " CASE WHEN n.i / ? % 3 = 0 THEN NULL ELSE n.i / ? % 3 - 1 END, 0, '{}', 0, 0 FROM n",
                (matches * per_match - 1, FIRST_COPY, matches, matches, matches, matches),
            )
            await tx.execute("ANALYZE")
    workers, t0 = started(OUTBOX_WORKER, [[target, f"w{n}", str(limit), str(send)] for n in range(count)])
    answers = [await asyncio.to_thread(worker.communicate, timeout=3600) for worker in workers]
    wall = time.perf_counter() - t0
    reports = [json.loads(out.strip().splitlines()[-1]) for out, _ in answers]
    sends = sorted((at, tuple(row)) for report in reports for at, rows in report["sent"] for row in rows)
    newest: dict[tuple[int, str, int | None], int] = {}
    late = 0
    for _, (row_id, match_id, kind, seat) in sends:
        destination = (match_id, kind, seat)
        late += newest.get(destination, -1) > row_id
        newest[destination] = max(newest.get(destination, -1), row_id)
    return Drained(
        sent=[row[0] for _, row in sends],
        late=late,
        wall=wall,
        claims=[t for report in reports for t in report["claims"]],
        empty=sum(report["idle"] for report in reports),
        cpu=sum(report["cpu"] for report in reports),
    )


async def bench_outbox(db: str, counts: list[int], matches: int, per_match: int, limit: int, send: float) -> None:
    if db == "sqlite":
        raise SystemExit("several processes need PostgreSQL: on SQLite a second process is refused")
    for count in counts:
        async with scratch_database(db) as target:
            run = await drain_outbox(target, count, matches, per_match, limit, send)
        rows, p50 = len(run.sent), ms(statistics.median(run.claims))
        print(
            f"{count} process(es): {rows} rows ({len(set(run.sent))} distinct) in {run.wall:.1f} s"
            f" = {rows / run.wall:.0f} rows/s; {len(run.claims)} claims, p50 {p50}, max {ms(max(run.claims))};"
            f" {run.empty} empty claims; CPU {run.cpu:.1f} s; sent out of order: {run.late}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", default="sqlite", help="a postgresql:// URL, or sqlite")
    sub = parser.add_subparsers(dest="what", required=True)
    due = sub.add_parser("due")
    due.add_argument("--matches", type=int, default=100_000)
    processes = sub.add_parser("processes")
    processes.add_argument("--counts", default="1,2,4")
    processes.add_argument("--seconds", type=float, default=15.0)
    processes.add_argument("--matches", type=int, default=200, help="per process")
    startup = sub.add_parser("startup")
    startup.add_argument("--matches", type=int, default=10_000)
    drain = sub.add_parser("outbox")
    drain.add_argument("--counts", default="1,2,4")
    drain.add_argument("--matches", type=int, default=2000)
    drain.add_argument("--per-match", type=int, default=6, help="notifications per match (board, seat 0, seat 1...)")
    drain.add_argument("--limit", type=int, default=50, help="rows per claim (the notifier's batch)")
    drain.add_argument("--send", type=float, default=0.004, help="seconds a batch takes to send")
    args = parser.parse_args()
    if args.what == "due":
        asyncio.run(bench_due(args.db, args.matches))
    elif args.what == "processes":
        counts = [int(c) for c in args.counts.split(",")]
        asyncio.run(bench_processes(args.db, counts, args.seconds, args.matches))
    elif args.what == "outbox":
        counts = [int(c) for c in args.counts.split(",")]
        asyncio.run(bench_outbox(args.db, counts, args.matches, args.per_match, args.limit, args.send))
    else:
        asyncio.run(bench_startup(args.db, args.matches))


if __name__ == "__main__":
    main()
