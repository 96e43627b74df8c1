"""One determinizer suite for every game in ``games.REGISTRY`` (the ``Determinizer`` capability).

Search (``games.ai``) sees hidden information only through ``determinize(state, seat, rng)``,
so this suite is what makes the computer opponents honest. For states sampled from real
matches (every seat count, every seat, the seat to move or not), a determinization:

1. looks exactly the same to ``seat``: its view for ``seat`` equals the real one, and ``seat``
   has the same legal moves;
2. depends only on what ``seat`` may see: reshuffling the hidden parts first (each game's
   ``rehide`` test helper) gives the very same sample for the same random stream;
3. really resamples: over the samples, some determinization differs from the real state;
4. is a state the engine can carry on from: it survives the JSON round trip and the
   autopilot plays it to a normal end within the conformance suite's ply bound.
"""

from __future__ import annotations

import json

import pytest

from games import REGISTRY
from games.core import Rng, autopilot_of, determinizer_of
from tests.games.rehides import REHIDE
from tests.games.test_autopilot import SEAT_CASES, play_match
from tests.games.test_conformance import MAX_PLIES

REHIDES = 2
PLAYED_ON = 2


def test_every_game_can_determinize():
    missing = [key for key, game in REGISTRY.items() if determinizer_of(game) is None]
    assert not missing, f"games without determinize: {missing}"


def _samples(key: str, num_players: int) -> list[tuple[object, int]]:
    """States from two matches (all autopilot; one autopilot seat against random ones)."""
    samples: list[tuple[object, int]] = []
    for number in range(2):
        pilots = frozenset(range(num_players)) if number == 0 else frozenset({0})
        samples += play_match(key, 6_000 + number, num_players, pilots).samples
    return samples


@pytest.mark.parametrize(("key", "num_players"), SEAT_CASES)
def test_a_determinization_looks_the_same_and_depends_only_on_the_view(key, num_players):
    game = REGISTRY[key]
    determinizer = determinizer_of(game)
    assert determinizer is not None
    rehide = REHIDE[key]
    samples = _samples(key, num_players)
    assert samples
    changed = 0
    for index, (state, _) in enumerate(samples):
        for seat in range(num_players):
            rng_key = (index, seat)
            sample = determinizer.determinize(state, seat, Rng(*rng_key, 23))
            changed += sample != state
            assert game.view(sample, seat) == game.view(state, seat), f"{key}: seat {seat} can tell the sample apart"
            assert list(game.legal_moves(sample, seat)) == list(game.legal_moves(state, seat))
            assert game.to_move(sample) == game.to_move(state)
            for stream in range(REHIDES):
                other = rehide(state, seat, Rng(index, stream, 29))
                again = determinizer.determinize(other, seat, Rng(*rng_key, 23))
                assert again == sample, f"{key}: the sample for seat {seat} depends on what it cannot see"
    assert changed, f"{key}: no determinization differed from the real state"


@pytest.mark.parametrize(("key", "num_players"), SEAT_CASES)
def test_a_determinization_plays_on_to_a_normal_end(key, num_players):
    game = REGISTRY[key]
    determinizer = determinizer_of(game)
    pilot = autopilot_of(game)
    assert determinizer is not None and pilot is not None
    for index, (state, seat) in enumerate(_samples(key, num_players)[:PLAYED_ON]):
        sample = determinizer.determinize(state, seat, Rng(index, 0, 31))
        assert game.decode(json.loads(json.dumps(game.encode(sample)))) == sample
        for _ in range(MAX_PLIES):
            active = sorted(game.to_move(sample))
            if not active:
                break
            actor = active[0]
            move = pilot.autopilot_move(game.view(sample, actor), game.legal_moves(sample, actor))
            sample, _ = game.apply(sample, actor, move)
        assert game.outcome(sample) is not None, f"{key}: a determinization did not play to an end"
