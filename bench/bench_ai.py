"""Benchmark the computer opponents (``games.ai``): strength of each level and thinking time.

    nice -n 19 python -m bench.bench_ai versus strong easy --matches 200      # the issue's figure
    nice -n 19 python -m bench.bench_ai versus normal easy --matches 40 --games volto
    nice -n 19 python -m bench.bench_ai multi strong --matches 30             # 3-5 seats
    nice -n 19 python -m bench.bench_ai versus strong easy --jobs 2           # two processes
    nice -n 19 python -m bench.bench_ai latency strong                        # other matches' moves
    nice -n 19 python -m bench.bench_ai versus strong easy --games rialto --start 20 --matches 20 --log r.jsonl
    python -m bench.bench_ai report r.jsonl other.jsonl                       # the table, runs merged
    nice -n 19 python -m bench.bench_ai speed strong --games rialto           # digest and CPU per decision

``versus A B`` plays two-seat matches of level A against level B for every game (or the
games named), seats alternated, and prints A's wins, draws and losses, its score share
(a draw counts a half) with a 95 % Wilson interval, and the decision times (p50/p95/max) of
every searching level. ``multi A`` seats one level-A seat among autopilot seats at every
seat count from 3 up (rotating its seat) and prints its mean rank and first-place rate.

``speed A`` checks and times the search itself: for each game, level-A decisions at fixed
positions (reached by the autopilot from fixed seeds, at two seats and the most), printed
as a digest of the moves chosen (sha256) and the CPU seconds per decision and simulated
plies per CPU second. An optimisation of a game's engine must leave the digest as it was.

``latency A`` measures what a thinking computer seat costs everybody else: on one event
loop, a stand-in for other matches applies a Volto move (legal moves, apply, view) every
20 ms and records how late each one is served, first alone, then while ``bot.ai_worker``
makes level-A decisions back to back in its worker process.

Searches use their iteration budgets (simulated plies), never wall time, so the moves and
outcomes are the same on every machine; only the times depend on the machine's load.
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import json
import math
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any, cast

from bot.ai_worker import AiWorker
from games import REGISTRY
from games.ai import Level, choose_move
from games.core import AnyGame, autopilot_of

SEED_BASE = 424_242


@dataclass
class MatchResult:
    """One match from the benchmarked seat's side: its rank, the seat count, its decision times."""

    rank: int
    places: int
    seats: int
    times: dict[str, list[float]] = field(default_factory=dict)


def play(key: str, seats: int, levels: Sequence[Level], seed: int, focus: int) -> MatchResult:
    """One match where seat ``i`` plays ``levels[i]``; the result is told from seat ``focus``.

    Decision times are kept twice: wall clock, and CPU time of this process (``<level> cpu``),
    which is what a decision costs on a free core even when the machine is shared.
    """
    game = REGISTRY[key]
    pilot = autopilot_of(game)
    assert pilot is not None
    state = game.initial_state(seed, seats)
    times: dict[str, list[float]] = {}
    ply = 0
    while active := sorted(game.to_move(state)):
        seat = active[ply % len(active)]
        level = levels[seat]
        started, cpu_started = time.perf_counter(), time.process_time()
        if level is Level.EASY:
            move = pilot.autopilot_move(game.view(state, seat), game.legal_moves(state, seat))
        else:
            move = choose_move(game, state, seat, level, seed=seed * 1000 + ply)
        times.setdefault(level.value, []).append(time.perf_counter() - started)
        times.setdefault(f"{level.value} cpu", []).append(time.process_time() - cpu_started)
        state, _ = game.apply(state, seat, move)
        ply += 1
    outcome = game.outcome(state)
    assert outcome is not None
    return MatchResult(outcome.ranks[focus], max(outcome.ranks), seats, times)


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def _times_line(results: Sequence[MatchResult]) -> str:
    merged: dict[str, list[float]] = {}
    for result in results:
        for level, values in result.times.items():
            merged.setdefault(level, []).extend(values)
    parts = []
    for level, values in sorted(merged.items()):
        if level.startswith(Level.EASY.value):
            continue
        parts.append(
            f"{level}: {len(values)} decisions p50={percentile(values, 0.5):.3f}s "
            f"p95={percentile(values, 0.95):.3f}s max={max(values):.3f}s"
        )
    return "; ".join(parts) or "no searching seat"


Task = tuple[str, int, tuple[Level, ...], int, int]
"""One match to play: game, seat count, each seat's level, seed, the seat the result is told from."""


def _run(jobs: int, tasks: Sequence[Task]) -> list[MatchResult]:
    """Play ``tasks``, printing each finished match to stderr (a long run can be read as it goes)."""
    results: list[MatchResult] = []
    if jobs <= 1:
        for task in tasks:
            results.append(play(*task))
            _progress(task, results[-1], len(results), len(tasks))
        return results
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(play, *task): task for task in tasks}
        for future in as_completed(futures):
            results.append(future.result())
            _progress(futures[future], results[-1], len(results), len(tasks))
    return results


LOG: list[str] = []
"""The file (at most one) to which every finished match is appended as a JSON line (``--log``).

Decision times are written to 0.1 ms: the logs are committed in bench/results/, and full
float digits tripled their size for no figure the report prints."""


def _progress(task: Task, result: MatchResult, done: int, total: int) -> None:
    key, seats, levels, seed, focus = task
    if LOG:
        line = {
            "game": key,
            "seats": seats,
            "levels": [level.value for level in levels],
            "seed": seed,
            "focus": focus,
            "rank": result.rank,
            "places": result.places,
            "times": {name: [round(value, 4) for value in values] for name, values in result.times.items()},
        }
        with open(LOG[0], "a", encoding="utf-8") as log:
            log.write(json.dumps(line) + "\n")
    print(
        f"  {done}/{total} {key} {seats}p seed={seed} {levels[focus].value} seat {focus}: rank {result.rank}"
        f" of {result.places} places",
        file=sys.stderr,
        flush=True,
    )


def versus(keys: Sequence[str], first: Level, second: Level, matches: int, jobs: int, start: int = 0) -> None:
    """Two-seat matches of ``first`` against ``second``, seats alternated."""
    for key in keys:
        game = REGISTRY[key]
        if not game.min_players <= 2 <= game.max_players:
            continue
        tasks: list[Task] = []
        for number in range(start, start + matches):
            seat = number % 2
            levels = (first, second) if seat == 0 else (second, first)
            tasks.append((key, 2, levels, SEED_BASE + number, seat))
        started = time.perf_counter()
        results = _run(jobs, tasks)
        wins = sum(1 for r in results if r.rank == 1 and r.places > 1)
        draws = sum(1 for r in results if r.places == 1)
        losses = len(results) - wins - draws
        score = wins + draws / 2
        low, high = wilson(score, len(results))
        print(
            f"{key} {first.value} vs {second.value}: {wins} W {draws} D {losses} L of {len(results)}, "
            f"score {score / len(results):.1%} (95% CI {low:.1%}-{high:.1%}); {_times_line(results)}; "
            f"{time.perf_counter() - started:.0f}s",
            flush=True,
        )


def multi(
    keys: Sequence[str], level: Level, matches: int, jobs: int, seat_counts: Sequence[int], start: int = 0
) -> None:
    """One ``level`` seat among autopilot seats, at every seat count from 3 up."""
    for key in keys:
        game = REGISTRY[key]
        for seats in range(max(3, game.min_players), game.max_players + 1):
            if seat_counts and seats not in seat_counts:
                continue
            tasks: list[Task] = []
            for number in range(start, start + matches):
                focus = number % seats
                levels = tuple(level if seat == focus else Level.EASY for seat in range(seats))
                tasks.append((key, seats, levels, SEED_BASE + number, focus))
            started = time.perf_counter()
            results = _run(jobs, tasks)
            ranks = [r.rank for r in results]
            firsts = sum(1 for r in results if r.rank == 1)
            low, high = wilson(firsts, len(results))
            print(
                f"{key} {seats}p one {level.value} seat: mean rank {statistics.mean(ranks):.2f} "
                f"(chance {(seats + 1) / 2:.1f}), first {firsts}/{len(results)} = {firsts / len(results):.0%} "
                f"(95% CI {low:.0%}-{high:.0%}, chance {1 / seats:.0%}); {_times_line(results)}; "
                f"{time.perf_counter() - started:.0f}s",
                flush=True,
            )


def report(paths: Sequence[str]) -> None:
    """The figures of matches logged with ``--log`` (runs split in parts are merged), one row per setting.

    A row: game, seats, the benchmarked level and the level of the others, matches, wins
    (two seats: a draw counts a half) or first places with a 95 % Wilson interval, mean
    rank, and the benchmarked level's CPU time per decision (p50/p95).
    """
    groups: dict[tuple[str, int, str, str], list[dict[str, object]]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as log:
            for raw in log:
                row = json.loads(raw)
                levels = list(row["levels"])
                focus = levels[row["focus"]]
                others = sorted({level for seat, level in enumerate(levels) if seat != row["focus"]})
                groups.setdefault((row["game"], row["seats"], focus, "/".join(others)), []).append(row)
    print("| game | seats | level vs | matches | wins / first places (95% CI) | mean rank | CPU/decision p50 / p95 |")
    print("|---|---|---|---|---|---|---|")
    for (key, seats, level, rivals), rows in sorted(groups.items()):
        firsts = sum(1.0 if r["rank"] == 1 and r["places"] != 1 else 0.5 if r["places"] == 1 else 0.0 for r in rows)
        low, high = wilson(firsts, len(rows))
        ranks = [float(str(r["rank"])) for r in rows]
        cpu = [t for r in rows for t in dict(r["times"]).get(f"{level} cpu", [])]  # type: ignore[call-overload]
        times = f"{percentile(cpu, 0.5):.2f} s / {percentile(cpu, 0.95):.2f} s" if cpu else "-"
        print(
            f"| {key} | {seats} | {level} vs {rivals} | {len(rows)} | {firsts:g} = {firsts / len(rows):.0%} "
            f"({low:.0%}-{high:.0%}) | {statistics.mean(ranks):.2f} | {times} |"
        )


class _CountingGame:
    """A game that passes every call on and counts its ``apply`` calls: the plies a search simulates.

    The search calls ``apply`` once per simulated ply, so the count over a decision is what
    it spent; the extra call per ply costs well under a percent of a ply.
    """

    def __init__(self, game: AnyGame) -> None:
        self._game = game
        self.applied = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def apply(self, state: Any, seat: int, move: Any) -> Any:
        self.applied += 1
        return self._game.apply(state, seat, move)


SPEED_SEED = 20_261_125
"""The seed of the autopilot matches that lead to the ``speed`` positions (fixed: the digest depends on it)."""


def speed_positions(key: str, seats: int, decisions: int) -> list[tuple[Any, int, int]]:
    """``decisions`` positions ``(state, seat, ply)`` spread evenly over one autopilot match.

    Only positions where the seat has a real choice (two legal moves or more) count, so that
    every decision searches.
    """
    game = REGISTRY[key]
    pilot = autopilot_of(game)
    assert pilot is not None
    state = game.initial_state(SPEED_SEED + seats, seats)
    choices: list[tuple[Any, int, int]] = []
    ply = 0
    while active := sorted(game.to_move(state)):
        seat = active[ply % len(active)]
        legal = game.legal_moves(state, seat)
        if len(legal) > 1:
            choices.append((state, seat, ply))
        state, _ = game.apply(state, seat, pilot.autopilot_move(game.view(state, seat), legal))
        ply += 1
    if len(choices) <= decisions:
        return choices
    return [choices[(2 * index + 1) * len(choices) // (2 * decisions)] for index in range(decisions)]


def speed(keys: Sequence[str], level: Level, decisions: int) -> None:
    """Level-``level`` decisions at the :func:`speed_positions` of each game: their digest and their cost."""
    for key in keys:
        game = REGISTRY[key]
        digest = hashlib.sha256()
        parts = []
        for seats in sorted({max(2, game.min_players), game.max_players}):
            positions = speed_positions(key, seats, decisions)
            counting = _CountingGame(game)
            cpu = 0.0
            for state, seat, ply in positions:
                started = time.process_time()
                move = choose_move(cast("AnyGame", counting), state, seat, level, seed=SPEED_SEED + ply)
                cpu += time.process_time() - started
                digest.update(f"{seats}:{ply}:{seat}:{game.move_code(move)}\n".encode())
            per = cpu / max(1, len(positions))
            rate = counting.applied / cpu if cpu else 0.0
            parts.append(f"{seats}p {len(positions)} decisions {per:.3f} s CPU each, {rate:.0f} plies/CPU s")
        print(f"{key} {level.value}: digest {digest.hexdigest()[:16]}; {'; '.join(parts)}", flush=True)


async def _other_matches(seconds: float) -> list[float]:
    """Serve a Volto move every 20 ms for ``seconds``; return each one's lateness plus work, in seconds."""
    game = REGISTRY["volto"]
    pilot = autopilot_of(game)
    assert pilot is not None
    state = game.initial_state(1, 2)
    latencies: list[float] = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        due = time.perf_counter() + 0.02
        await asyncio.sleep(0.02)
        if not game.to_move(state):
            state = game.initial_state(len(latencies), 2)
        seat = min(game.to_move(state))
        move = pilot.autopilot_move(game.view(state, seat), game.legal_moves(state, seat))
        state, _ = game.apply(state, seat, move)
        game.view(state, None)
        latencies.append(time.perf_counter() - due)
    return latencies


async def _think_forever(level: Level, stop: asyncio.Event) -> int:
    """Ask the worker for level-``level`` decisions in Twilight matches until ``stop``.

    A match that ends is followed by the next, so the worker thinks for the whole phase.
    """
    game = REGISTRY["twilight"]
    worker = AiWorker(processes=1)
    state = game.initial_state(3, 2)
    decisions = 0
    try:
        while not stop.is_set():
            if not game.to_move(state):
                state = game.initial_state(4 + decisions, 2)
            seat = min(game.to_move(state))
            move = await worker.choose(game, state, seat, level, seed=decisions)
            state, _ = game.apply(state, seat, move)
            decisions += 1
    finally:
        worker.close()
    return decisions


async def _latency(level: Level, seconds: float) -> None:
    alone = await _other_matches(seconds)
    stop = asyncio.Event()
    thinker = asyncio.create_task(_think_forever(level, stop))
    await asyncio.sleep(2.0)  # the worker process starts (spawn imports the games)
    busy = await _other_matches(seconds)
    stop.set()
    decisions = await thinker
    for name, values in (("alone", alone), (f"while {level.value} thinks", busy)):
        print(
            f"other matches' moves {name}: {len(values)} moves, p50={percentile(values, 0.5) * 1000:.1f} ms "
            f"p95={percentile(values, 0.95) * 1000:.1f} ms max={max(values) * 1000:.1f} ms",
            flush=True,
        )
    print(f"{decisions} {level.value} decisions made meanwhile", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("mode", choices=("versus", "multi", "latency", "report", "speed"))
    parser.add_argument(
        "levels", nargs="+", help="versus: two levels (A B); multi, latency, speed: one level; report: the --log files"
    )
    parser.add_argument("--log", default="", help="append every finished match to this file as a JSON line")
    parser.add_argument("--seconds", type=float, default=20.0, help="latency: how long each phase lasts")
    parser.add_argument("--games", nargs="*", default=[], help=f"any of {', '.join(sorted(REGISTRY))}")
    parser.add_argument("--matches", type=int, default=20)
    parser.add_argument(
        "--start", type=int, default=0, help="the first match number (runs split in parts play other seeds)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (the machine is shared)")
    parser.add_argument("--seats", type=int, nargs="*", default=[], help="multi: only these seat counts")
    parser.add_argument("--decisions", type=int, default=8, help="speed: decisions per seat count")
    args = parser.parse_args()
    if args.mode == "report":
        report(args.levels)
        return
    if args.log:
        LOG.append(args.log)
    keys = args.games or sorted(REGISTRY)
    unknown = sorted(set(keys) - set(REGISTRY))
    if unknown:
        parser.error(f"unknown game: {', '.join(unknown)}")
    levels = [Level(value) for value in args.levels]
    if args.mode == "versus":
        if len(levels) != 2:
            parser.error("versus needs two levels")
        versus(keys, levels[0], levels[1], args.matches, args.jobs, args.start)
    elif len(levels) != 1:
        parser.error(f"{args.mode} needs one level")
    elif args.mode == "multi":
        multi(keys, levels[0], args.matches, args.jobs, args.seats, args.start)
    elif args.mode == "speed":
        speed(keys, levels[0], args.decisions)
    else:
        asyncio.run(_latency(levels[0], args.seconds))


if __name__ == "__main__":
    main()
