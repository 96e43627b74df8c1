"""Benchmark tournaments: Swiss pairing per round at 100 to 1,000 players, pods, a 5-seat rating, the standings picture.

    python -m bench.bench_tournaments --players 1000 --rounds 4
    python -m bench.bench_tournaments --dutch 100 200      # also the FIDE Dutch engine (slow)

Swiss rounds are paired after simulated results (random wins, draws and losses, and a few
withdrawals), with the histories the service keeps (scores, first seats, floats, byes).
Fields above ``pairing.DUTCH_MAX_PLAYERS`` are paired by ``bot.tournaments.swiss``; for
each size the bench prints the median and worst time of a round over a whole event, and
what the rounds looked like: byes per round, the widest first-seat balance, tables
crossing score groups against the fewest parity forces. ``--dutch`` times one round of the
library's FIDE Dutch engine at the sizes given (a minute at 200 players: opt-in). Pods are
paired by standing with the repeat-opponent search. Other figures are medians of
``--repeat`` runs, in milliseconds.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import random
import statistics
import time
from collections.abc import Callable, Iterator

from bot.tournaments import pairing, ratings
from bot.tournaments.pairing import SwissEntry
from bot.tournaments.ratings import Rating
from renderers import kit
from renderers.standings import StandingsTable, render


@contextlib.contextmanager
def dutch_for_any_size() -> Iterator[None]:
    """Let the library's Dutch engine pair fields of any size (for timing it)."""
    saved = pairing.DUTCH_MAX_PLAYERS
    pairing.DUTCH_MAX_PLAYERS = 10**9  # type: ignore[misc]
    try:
        yield
    finally:
        pairing.DUTCH_MAX_PLAYERS = saved  # type: ignore[misc]


def timed(action: Callable[[], object], repeat: int) -> float:
    """Median wall time of ``action`` in milliseconds."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def swiss_history(
    count: int, rounds: int, seed: int, drop_chance: float = 0.0, sink: list[dict[str, float]] | None = None
) -> tuple[list[SwissEntry], set[frozenset[int]]]:
    """The entries and met pairs after ``rounds`` simulated Swiss rounds; each round's figures go to ``sink``."""
    rnd = random.Random(seed)
    score = dict.fromkeys(range(1, count + 1), 0.0)
    colours: dict[int, list[str]] = {p: [] for p in score}
    floats: dict[int, list[str]] = {p: [] for p in score}
    byes = dict.fromkeys(score, 0)
    met: set[frozenset[int]] = set()
    active = list(score)

    def entries() -> list[SwissEntry]:
        return [SwissEntry(p, score[p], 0, tuple(colours[p]), tuple(floats[p]), byes[p]) for p in active]

    for number in range(1, rounds + 1):
        if number > 1:
            active = [p for p in active if rnd.random() >= drop_chance]
        started = time.perf_counter()
        paired = pairing.swiss_round(entries(), met, number, rounds + 1)
        took = (time.perf_counter() - started) * 1000
        before = dict(score)
        for a, b in paired.tables:
            result = rnd.choice([1.0, 0.5, 0.0])
            score[a] += result
            score[b] += 1 - result
            colours[a].append("white")
            colours[b].append("black")
            for player, direction in pairing.floats_of(before, (a, b)).items():
                floats[player].append(direction)
        for p in paired.byes:
            score[p] += 1
            byes[p] += 1
            colours[p].append("none")
            floats[p].append("none")
        met |= pairing.met_pairs(paired.tables)
        if sink is not None:
            sink.append(
                {
                    "ms": took,
                    "players": len(active),
                    "byes": len(paired.byes),
                    "balance": max(abs(colours[p].count("white") - colours[p].count("black")) for p in active),
                    "crossing": sum(1 for a, b in paired.tables if before[a] != before[b]),
                    "forced": forced_crossings([before[p] for t in paired.tables for p in t]),
                }
            )
    return entries(), met


def forced_crossings(scores: list[float]) -> int:
    """The fewest tables that must cross score groups: one per boundary with an odd number of players above."""
    sizes = [len(list(group)) for _, group in itertools.groupby(sorted(scores, reverse=True))]
    above = forced = 0
    for size in sizes[:-1]:
        above += size
        forced += above % 2
    return forced


def swiss_sizes(sizes: list[int], rounds: int, *, per_round: bool = False) -> None:
    """A whole simulated event per size: time per round and what the rounds looked like."""
    for count in sizes:
        figures: list[dict[str, float]] = []
        swiss_history(count, rounds, seed=count, drop_chance=0.02, sink=figures)
        times = [f["ms"] for f in figures]
        if per_round:
            for number, f in enumerate(figures, start=1):
                print(
                    f"  {count} players, round {number:>2}: {f['players']:.0f} paired in {f['ms']:7.1f} ms;"
                    f" byes {f['byes']:.0f}; max |first - second| {f['balance']:.0f};"
                    f" tables across score groups {f['crossing']:.0f} (parity forces {f['forced']:.0f})"
                )
        print(
            f"Swiss, {count:>4} players, {rounds} rounds: per round median {statistics.median(times):7.1f} ms,"
            f" worst {max(times):7.1f} ms; byes per round {max(f['byes'] for f in figures):.0f} at most;"
            f" first-seat balance {max(f['balance'] for f in figures):.0f} at most;"
            f" tables across score groups {sum(f['crossing'] for f in figures):.0f}"
            f" (parity forces {sum(f['forced'] for f in figures):.0f})"
        )


def pods_history(count: int, rounds: int, seed: int) -> tuple[list[int], dict[int, set[int]], dict[int, list[int]]]:
    """The standing, meetings and seat counts after ``rounds`` simulated pod rounds."""
    rnd = random.Random(seed)
    points = dict.fromkeys(range(1, count + 1), 0)
    met: dict[int, set[int]] = {p: set() for p in points}
    seats: dict[int, list[int]] = {p: [0] * 5 for p in points}
    for _ in range(rounds):
        order = sorted(points, key=lambda p: -points[p])
        for table in pairing.pod_round(order, met, seats, size=4).tables:
            for place, player in enumerate(rnd.sample(table, len(table))):
                points[player] += len(table) - 1 - place
            for seat, player in enumerate(table):
                met[player] |= set(table) - {player}
                seats[player][seat] += 1
    return sorted(points, key=lambda p: -points[p]), met, seats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=4, help="rounds played before the one timed")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sizes", type=int, nargs="*", default=[100, 200, 500], help="Swiss fields to time")
    parser.add_argument("--swiss-rounds", type=int, default=9, help="rounds of each Swiss event timed")
    parser.add_argument("--dutch", type=int, nargs="*", default=[], help="also time the FIDE Dutch engine here")
    parser.add_argument("--per-round", action="store_true", help="print each Swiss round's figures too")
    parser.add_argument("--swiss-only", action="store_true", help="stop after the Swiss events")
    args = parser.parse_args()
    n, rounds, repeat = args.players, args.rounds, args.repeat

    swiss_sizes(sorted({*args.sizes, n}), args.swiss_rounds, per_round=args.per_round)
    if args.swiss_only:
        return
    limit = pairing.DUTCH_MAX_PLAYERS
    for count in [limit, *args.dutch]:
        entries, met = swiss_history(count, rounds, seed=2)
        with dutch_for_any_size():
            dutch_ms = timed(lambda e=entries, m=met: pairing.swiss_round(e, m, rounds + 1, rounds + 1), 1)
        print(f"Swiss, {count:>4} players, round {rounds + 1}, FIDE Dutch engine: {dutch_ms:9.1f} ms")

    standing, pod_met, pod_seats = pods_history(n, rounds, seed=3)
    pods_ms = timed(lambda: pairing.pod_round(standing, pod_met, pod_seats, size=4), repeat)
    print(f"Pods of 4, {n} players, round {rounds + 1}:           {pods_ms:9.1f} ms")

    before = {p: Rating(25 + p, 8 - p / 2, 3) for p in range(1, 6)}
    places = {1: 2, 2: 1, 3: 3, 4: 3, 5: 5}
    rating_ms = timed(lambda: ratings.rate(before, places), max(repeat, 100))
    print(f"Rating update, one 5-player game:            {rating_ms:9.3f} ms")

    table = StandingsTable(
        "Benchmark Cup — standings after round 5",
        ("#", "Player", "Pts", "Games", "Bh", "MBh"),
        tuple((str(i + 1), f"Player number {i + 1}", "3.5", "5", "17.5", "12") for i in range(64)),
        ("Win 1, draw ½, loss 0, bye 1.", "Bh: the sum of your opponents' points."),
    )
    render_ms = timed(lambda: render(table), repeat)
    png_ms = timed(lambda: kit.to_png(render(table)), repeat)
    print(f"Standings picture, 64 rows: render           {render_ms:9.1f} ms")
    print(f"Standings picture, 64 rows: render + PNG     {png_ms:9.1f} ms")


if __name__ == "__main__":
    main()
