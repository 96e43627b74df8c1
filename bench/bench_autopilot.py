"""Benchmark the autopilot: how long one decision takes, per game and seat count.

    python -m bench.bench_autopilot               # every game with an autopilot
    python -m bench.bench_autopilot rialto --matches 10

Each match seats the autopilot everywhere (from each seat's own view, as the service does
when a clock runs out or a player is away) and times every ``autopilot_move`` call. The
autopilot answers time-outs and vacations inside the scheduler's round, so a decision
should take a small fraction of a move's time budget.
"""

from __future__ import annotations

import argparse
import statistics
import time

from games import REGISTRY
from games.core import autopilot_of


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def decision_times(key: str, players: int, matches: int) -> list[float]:
    """Seconds per autopilot decision over ``matches`` self-play matches."""
    game = REGISTRY[key]
    pilot = autopilot_of(game)
    assert pilot is not None
    timings: list[float] = []
    for seed in range(matches):
        state = game.initial_state(seed, players)
        while seats := sorted(game.to_move(state)):
            seat = seats[0]
            view, legal = game.view(state, seat), game.legal_moves(state, seat)
            started = time.perf_counter()
            move = pilot.autopilot_move(view, legal)
            timings.append(time.perf_counter() - started)
            state, _ = game.apply(state, seat, move)
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help=f"any of {', '.join(sorted(REGISTRY))}; default: all")
    parser.add_argument("--matches", type=int, default=5)
    args = parser.parse_args()
    keys = args.games or sorted(key for key, game in REGISTRY.items() if autopilot_of(game) is not None)
    unknown = sorted(set(keys) - set(REGISTRY))
    if unknown:
        parser.error(f"unknown game: {', '.join(unknown)}")
    for key in keys:
        game = REGISTRY[key]
        for players in range(game.min_players, game.max_players + 1):
            timings = decision_times(key, players, args.matches)
            print(
                f"{key} {players}p: {len(timings)} decisions, "
                f"median={statistics.median(timings) * 1000:.2f} ms "
                f"p99={percentile(timings, 0.99) * 1000:.2f} ms max={max(timings) * 1000:.2f} ms"
            )


if __name__ == "__main__":
    main()
