"""Benchmark tournaments: pairing 1,000 players (Swiss and pods), a 5-seat rating update, the standings picture.

    python -m bench.bench_tournaments --players 1000 --rounds 4

Swiss rounds are paired after simulated results (random wins, draws and losses), with the
histories the service keeps (scores, first seats, floats, byes). Fields above
``pairing.DUTCH_MAX_PLAYERS`` use the library's fast casual engine, so the FIDE Dutch
engine is also timed at that limit for comparison. Pods are paired by standing with the
repeat-opponent search. Each figure is the median of ``--repeat`` runs, in milliseconds.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from bot.tournaments import pairing, ratings
from bot.tournaments.pairing import SwissEntry
from bot.tournaments.ratings import Rating
from renderers import kit
from renderers.standings import StandingsTable, render


def timed(action: Callable[[], object], repeat: int) -> float:
    """Median wall time of ``action`` in milliseconds."""
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def swiss_history(count: int, rounds: int, seed: int) -> tuple[list[SwissEntry], set[frozenset[int]]]:
    """The entries and met pairs after ``rounds`` simulated Swiss rounds."""
    rnd = random.Random(seed)
    score = dict.fromkeys(range(1, count + 1), 0.0)
    colours: dict[int, list[str]] = {p: [] for p in score}
    floats: dict[int, list[str]] = {p: [] for p in score}
    byes = dict.fromkeys(score, 0)
    met: set[frozenset[int]] = set()

    def entries() -> list[SwissEntry]:
        return [SwissEntry(p, score[p], 0, tuple(colours[p]), tuple(floats[p]), byes[p]) for p in score]

    for number in range(1, rounds + 1):
        paired = pairing.swiss_round(entries(), met, number, rounds + 1)
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
    return entries(), met


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
    args = parser.parse_args()
    n, rounds, repeat = args.players, args.rounds, args.repeat

    entries, met = swiss_history(n, rounds, seed=1)
    swiss_ms = timed(lambda: pairing.swiss_round(entries, met, rounds + 1, rounds + 1), repeat)
    first_ms = timed(lambda: pairing.swiss_round([SwissEntry(p, 0.0) for p in range(1, n + 1)], set(), 1, 9), repeat)
    limit = pairing.DUTCH_MAX_PLAYERS
    dutch_entries, dutch_met = swiss_history(limit, rounds, seed=2)
    dutch_ms = timed(lambda: pairing.swiss_round(dutch_entries, dutch_met, rounds + 1, rounds + 1), 1)
    print(f"Swiss, {n} players, round 1:                  {first_ms:9.1f} ms")
    print(f"Swiss, {n} players, round {rounds + 1} (casual engine):  {swiss_ms:9.1f} ms")
    print(f"Swiss, {limit} players, round {rounds + 1} (FIDE Dutch):     {dutch_ms:9.1f} ms")

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
