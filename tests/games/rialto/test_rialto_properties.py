"""Property tests over seeded random games, for every seat count and the variants.

Each game checks at every ply: legal moves apply, ``apply`` never mutates its input, the
state round-trips through JSON, the 77 cards / 90 councillors / 60 buildings / 30 coins /
12 tiles are accounted for, and every list stays small; at the end, that the game lasted
exactly six rounds and that replaying (seed, codes) gives the same state. Hidden
information: ``rehide`` never changes a seat's view or the public view.
Bounded; ``SERENISSIMA_SOAK=1`` plays many more games.
"""

from __future__ import annotations

import json
import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import Rng
from games.rialto import GAME, RialtoOptions
from games.rialto.model import Phase
from tests.games.rialto.helpers import conserved, random_trail, rehide

SOAK = os.environ.get("SERENISSIMA_SOAK") == "1"
SEEDS = range(30) if SOAK else range(1)
CONFIGS = [
    pytest.param(2, RialtoOptions(), id="2p"),
    pytest.param(3, RialtoOptions(), id="3p"),
    pytest.param(4, RialtoOptions(), id="4p"),
    pytest.param(5, RialtoOptions(), id="5p"),
    pytest.param(2, RialtoOptions(neutral=True), id="2p-neutral"),
    pytest.param(3, RialtoOptions(y4_any_source=True, bridges="mirror"), id="3p-variants"),
]
LONGEST_LIST = 30


@pytest.mark.parametrize(("num_players", "options"), CONFIGS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_keep_every_invariant(seed, num_players, options):
    trail = random_trail(seed * 7919 + num_players, num_players, options)
    final = trail[-1][0]
    for state, seat, code in trail[:-1]:
        conserved(state)
        assert GAME.decode(json.loads(json.dumps(GAME.encode(state)))) == state
        moves = GAME.legal_moves(state, seat)
        assert code in moves and len(moves) <= LONGEST_LIST
        before = json.dumps(GAME.encode(state), sort_keys=True)
        GAME.apply(state, seat, code)
        assert json.dumps(GAME.encode(state), sort_keys=True) == before
        assert GAME.to_move(state) and GAME.outcome(state) is None
    conserved(final)
    assert final.phase is Phase.OVER and final.round == 7
    assert GAME.to_move(final) == frozenset()
    outcome = GAME.outcome(final)
    assert outcome is not None and sorted(outcome.ranks) == list(range(1, num_players + 1))
    replayed = GAME.initial_state(seed * 7919 + num_players, num_players, options)
    for _, seat, code in trail[:-1]:
        replayed, _ = GAME.apply(replayed, seat, GAME.parse_move(replayed, seat, code))
    assert replayed == final


@pytest.mark.parametrize(("num_players", "options"), CONFIGS[:5])
def test_rehide_never_changes_what_a_seat_or_the_public_sees(num_players, options):
    trail = random_trail(31 + num_players, num_players, options)
    for index, (state, _, _) in enumerate(trail):
        if index % 17:
            continue
        for viewer in [*range(num_players), None]:
            hidden = rehide(state, viewer, Rng(index, 0, 3))
            assert GAME.view(hidden, viewer) == GAME.view(state, viewer)
            assert GAME.view(hidden, None) == GAME.view(state, None)
            conserved(hidden)


def test_rehide_really_changes_hidden_cards():
    trail = random_trail(5, 4)
    state = trail[len(trail) // 2][0]
    changed = [rehide(state, 0, Rng(k, 0, 3)).players[1].hand != state.players[1].hand for k in range(10)]
    assert any(changed)


@settings(max_examples=60 if SOAK else 4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=10**12, max_value=2**62), num_players=st.integers(min_value=2, max_value=5))
def test_any_seed_sets_up_a_valid_position(seed, num_players):
    state = GAME.initial_state(seed, num_players)
    conserved(state)
    assert GAME.legal_moves(state, num_players - 1)
    assert str(seed) not in str(state), "the text position never shows the seed"
    assert str(seed) not in repr(GAME.view(state, 0)) and str(seed) not in repr(GAME.view(state, None))
