"""One autopilot suite for every game in ``games.REGISTRY`` that has an ``autopilot_move``.

Registering a game with an autopilot brings it under this suite with no extra work. It
checks the :class:`games.core.Autopilot` contract and that the autopilot is worth having:

1. matches where every seat is the autopilot end normally, for every seat count, within the
   conformance suite's ply bound, and every choice is one of the legal moves;
2. the autopilot beats a uniformly random player: it wins at least :data:`MIN_WIN_SHARE` of
   :data:`VERSUS_RANDOM` two-seat matches (alternating seats); with more seats its average
   rank is better than the random seats' average;
3. it never reads hidden information: reshuffling what the seat cannot see (each game's
   ``rehide`` helper in ``tests/games/<key>/helpers.py``) never changes its choice;
4. it is deterministic: the same view and moves give the same move, also in another process
   with another string-hash seed (the service may replay a decision after a restart).

How long a decision takes is measured by ``python -m bench.bench_autopilot``, not here.

Bounded for a 2-core machine: a few matches per seat count, :data:`VERSUS_RANDOM` matches per
game for the two-seat rate and :data:`VERSUS_RANDOM_MULTI` per larger seat count.
``SERENISSIMA_SOAK=1`` plays many more.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from games import REGISTRY
from games.core import Rng, autopilot_of
from tests.games.rehides import REHIDE
from tests.games.test_conformance import MAX_PLIES

SOAK = os.environ.get("SERENISSIMA_SOAK") == "1"
SELF_PLAY = 10 if SOAK else 2
VERSUS_RANDOM = 200 if SOAK else 40
VERSUS_RANDOM_MULTI = 60 if SOAK else 12
MIN_WIN_SHARE = 0.65
REHIDES = 3
SAMPLE_EVERY = 5

PILOTED = sorted(key for key, game in REGISTRY.items() if autopilot_of(game) is not None)
SEAT_CASES = [
    pytest.param(key, seats, id=f"{key}-{seats}p")
    for key in PILOTED
    for seats in range(REGISTRY[key].min_players, REGISTRY[key].max_players + 1)
]
MULTI_CASES = [
    pytest.param(key, seats, id=f"{key}-{seats}p")
    for key in PILOTED
    for seats in range(max(3, REGISTRY[key].min_players), REGISTRY[key].max_players + 1)
]
TWO_SEAT = [key for key in PILOTED if REGISTRY[key].min_players <= 2 <= REGISTRY[key].max_players]


# --- Driving a match ----------------------------------------------------------------------------


@dataclass
class Match:
    """A finished match: its final state, plies, the autopilot's decision count, sampled states."""

    final: Any
    plies: int
    decisions: int = 0
    samples: list[tuple[Any, int]] = field(default_factory=list)


def play_match(key: str, seed: int, num_players: int, pilots: frozenset[int]) -> Match:
    """One seeded match: ``pilots`` seats play the autopilot, the others uniformly at random.

    When several seats must act, the one to act is drawn from the seed (as in the conformance
    suite). Every :data:`SAMPLE_EVERY`-th autopilot decision is kept as (state, seat).
    """
    game = REGISTRY[key]
    pilot = autopilot_of(game)
    assert pilot is not None
    state = game.initial_state(seed, num_players)
    match = Match(final=state, plies=0)
    for ply in range(MAX_PLIES + 1):
        active = sorted(game.to_move(state))
        if not active:
            match.final, match.plies = state, ply
            return match
        assert ply < MAX_PLIES, f"{key} seed={seed} did not end within {MAX_PLIES} plies"
        seat = active[Rng(seed, ply, 101).below(len(active))]
        legal = game.legal_moves(state, seat)
        if seat in pilots:
            view = game.view(state, seat)
            move = pilot.autopilot_move(view, legal)
            match.decisions += 1
            assert move in legal, f"{key}: the autopilot chose {move!r}, which is not legal"
            if match.decisions % SAMPLE_EVERY == 1:
                match.samples.append((state, seat))
        else:
            move = legal[Rng(seed, ply, 102).below(len(legal))]
        state, _ = game.apply(state, seat, move)
    raise AssertionError("unreachable")


def codes_of_self_play(key: str, seed: int, num_players: int) -> list[str]:
    """The move codes of one match where every seat is the autopilot."""
    game = REGISTRY[key]
    pilot = autopilot_of(game)
    assert pilot is not None
    state = game.initial_state(seed, num_players)
    codes: list[str] = []
    while game.to_move(state):
        seat = min(game.to_move(state))
        move = pilot.autopilot_move(game.view(state, seat), game.legal_moves(state, seat))
        codes.append(game.move_code(move))
        state, _ = game.apply(state, seat, move)
    return codes


# --- 1. Self-play ends normally --------------------------------------------------------------------


@pytest.mark.parametrize(("key", "num_players"), SEAT_CASES)
def test_autopilot_self_play_ends_normally(key, num_players):
    game = REGISTRY[key]
    everyone = frozenset(range(num_players))
    for number in range(SELF_PLAY):
        match = play_match(key, 31_337 * number + num_players, num_players, everyone)
        outcome = game.outcome(match.final)
        assert outcome is not None
        assert not game.to_move(match.final)
        assert len(outcome.ranks) == num_players
        assert outcome.winners <= everyone
        assert match.plies <= MAX_PLIES
        assert match.decisions, "the autopilot never decided"


# --- 2. Better than random ---------------------------------------------------------------------


@pytest.mark.parametrize("key", TWO_SEAT)
def test_autopilot_beats_random_in_two_seat_matches(key):
    wins = 0
    for number in range(VERSUS_RANDOM):
        seat = number % 2
        match = play_match(key, 7_000 + number, 2, frozenset({seat}))
        outcome = REGISTRY[key].outcome(match.final)
        assert outcome is not None
        wins += outcome.winners == frozenset({seat})
    assert wins >= MIN_WIN_SHARE * VERSUS_RANDOM, f"{key}: the autopilot won only {wins} of {VERSUS_RANDOM}"


@pytest.mark.parametrize(("key", "num_players"), MULTI_CASES)
def test_autopilot_ranks_better_than_random_seats(key, num_players):
    pilot_ranks: list[int] = []
    random_ranks: list[int] = []
    for number in range(VERSUS_RANDOM_MULTI):
        seat = number % num_players
        match = play_match(key, 8_000 + number, num_players, frozenset({seat}))
        outcome = REGISTRY[key].outcome(match.final)
        assert outcome is not None
        pilot_ranks.append(outcome.ranks[seat])
        random_ranks += [rank for other, rank in enumerate(outcome.ranks) if other != seat]
    pilot_mean = statistics.mean(pilot_ranks)
    random_mean = statistics.mean(random_ranks)
    assert pilot_mean < random_mean, f"{key}: autopilot rank {pilot_mean:.2f}, random seats {random_mean:.2f}"


# --- 3. No hidden information --------------------------------------------------------------------


@pytest.mark.parametrize(("key", "num_players"), SEAT_CASES)
def test_autopilot_ignores_what_the_seat_cannot_see(key, num_players):
    game = REGISTRY[key]
    pilot = autopilot_of(game)
    assert pilot is not None
    rehide = REHIDE[key]
    samples: list[tuple[Any, int]] = []
    for number in range(2):
        pilots = frozenset(range(num_players)) if number == 0 else frozenset({0})
        samples += play_match(key, 5_000 + number, num_players, pilots).samples
    assert samples
    reshuffled = 0
    for index, (state, seat) in enumerate(samples):
        chosen = pilot.autopilot_move(game.view(state, seat), game.legal_moves(state, seat))
        for stream in range(REHIDES):
            other = rehide(state, seat, Rng(index, stream, 17))
            reshuffled += other != state
            again = pilot.autopilot_move(game.view(other, seat), game.legal_moves(other, seat))
            assert again == chosen, f"{key}: {game.move_code(again)} instead of {game.move_code(chosen)} after rehide"
    assert reshuffled > 0, f"{key}: rehide never changed a sampled state, so nothing was tested"


# --- 4. Deterministic ------------------------------------------------------------------------------


@pytest.mark.parametrize(("key", "num_players"), SEAT_CASES)
def test_autopilot_is_deterministic_for_the_same_view(key, num_players):
    game = REGISTRY[key]
    pilot = autopilot_of(game)
    assert pilot is not None
    match = play_match(key, 4_000 + num_players, num_players, frozenset({0}))
    assert match.samples
    for state, seat in match.samples:
        first = pilot.autopilot_move(game.view(state, seat), game.legal_moves(state, seat))
        copy = game.decode(json.loads(json.dumps(game.encode(state))))
        second = pilot.autopilot_move(game.view(copy, seat), list(game.legal_moves(copy, seat)))
        assert first == second


_SELF_PLAY_SCRIPT = """
import json, sys
from tests.games.test_autopilot import PILOTED, REGISTRY, codes_of_self_play
print(json.dumps({key: codes_of_self_play(key, 99, REGISTRY[key].min_players) for key in PILOTED}))
"""


def test_autopilot_choices_do_not_depend_on_the_process():
    """Self-play transcripts agree across processes with different string-hash seeds."""
    here = {key: codes_of_self_play(key, 99, REGISTRY[key].min_players) for key in PILOTED}
    root = Path(__file__).resolve().parents[2]
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(root)}
        result = subprocess.run(
            [sys.executable, "-c", _SELF_PLAY_SCRIPT],
            capture_output=True,
            text=True,
            check=True,
            cwd=root,
            env=env,
            timeout=120,
        )
        assert json.loads(result.stdout) == here
