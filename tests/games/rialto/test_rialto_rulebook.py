"""Rialto against the rulebook, through rules written again in ``tests.games.rialto.rulebook``.

Components counted per kind for every player count (§2, §5), a monitor over random
matches of every seat count (card and building composition, full card rows thanks to the
reshuffle, each step's first player), the final scoring and winner recomputed
independently (§10), the neutral player's marker (§11.2), and the scenarios that a broken
rule used to slip past: the reshuffle, step A's first player in later rounds, the step D
penalty in every round. ``SERENISSIMA_SOAK=1`` plays many more matches.
"""

from __future__ import annotations

import os
from collections import Counter

import pytest

from games.core import Rng
from games.rialto import GAME, RialtoOptions
from games.rialto.model import Phase
from tests.games.rialto import rulebook
from tests.games.rialto.helpers import act, at_step, build, cards, choose, doge, play, texts

SOAK = os.environ.get("SERENISSIMA_SOAK") == "1"
MATCHES = 40 if SOAK else 6
CONFIGS = [
    pytest.param(2, RialtoOptions(), id="2p"),
    pytest.param(3, RialtoOptions(), id="3p"),
    pytest.param(4, RialtoOptions(), id="4p"),
    pytest.param(5, RialtoOptions(), id="5p"),
    pytest.param(2, RialtoOptions(neutral=True), id="2p-neutral"),
]
ORANGE, SKY, TEAL = 0, 1, 2


# --- Components (§2, §5) ----------------------------------------------------------------------


@pytest.mark.parametrize(("num_players", "options"), CONFIGS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_components_per_kind_at_setup(seed, num_players, options):
    state = GAME.initial_state(seed, num_players, options)
    assert Counter(rulebook.CARD_TYPES[card] for card in state.deck) == dict.fromkeys("ABCDEFJ", 11)
    assert sum(state.discard) == 0 and not state.rows and sum(state.np_cards) == 0
    assert all(sum(player.hand) == 0 for player in state.players)
    assert list(state.supply) == [5] * 12, "12 stacks of 5, G1..G4 Y1..Y4 U1..U4"
    assert rulebook.buildings_by_kind(state) == dict.fromkeys(rulebook.BUILDINGS, 5)
    assert sorted(state.bridges) == sorted(rulebook.BRIDGE_TILES)
    assert state.gondolas == rulebook.GONDOLAS and state.tiles == ("",) * 12
    assert tuple(player.coins for player in state.players) == (
        (1, 2) if options.neutral else rulebook.START_COINS[num_players]
    )
    assert state.coin_supply + sum(player.coins for player in state.players) == rulebook.COINS
    assert all(player.vp == 3 and player.personal == 5 and player.pool == 13 for player in state.players)
    assert all(player.buildings == () for player in state.players)
    assert sorted(state.round_of) == [1, 2, 3, 4, 5, 6] and state.bonus_tiles == (True, True)
    # §5.1.11 and §11.1: the Doge stack is P1 (the NP with the neutral player) on top, then clockwise.
    top_down = [num_players, 0, 1] if options.neutral else list(range(num_players))
    assert rulebook.doge_order(state) == top_down
    assert state.first == top_down[0], "P1 is the first player (the NP with the neutral player)"
    assert set(state.doge_space) == {1}
    # Nothing has happened yet: no step played, no bonus, no marker without the neutral player.
    count = rulebook.actors(state)
    assert len(state.doge_space) == len(state.doge_seq) == len(state.counts) == len(state.plays) == count
    assert state.counts == (-1,) * count and state.plays == ("",) * count and state.bonus == -1
    assert (state.seed, state.ply, state.round, state.step, state.left, state.pending) == (seed, 0, 0, 0, 0, "")
    assert (state.last_actor, state.last_move) == (-1, "")
    assert state.marker == (rulebook.marker(state) if options.neutral else -1)
    humans_last_first = tuple(reversed(range(num_players)))
    assert state.queue == humans_last_first, "§5.1.15: starting buildings from the last seat to P1"


@pytest.mark.parametrize(
    ("num_players", "options", "words"),
    [
        (1, RialtoOptions(), "2-5 players"),
        (6, RialtoOptions(), "2-5 players"),
        (3, RialtoOptions(neutral=True), "exactly 2 with the neutral player"),
        (3, RialtoOptions(bridges="round"), "unknown bridge set 'round'"),
    ],
)
def test_impossible_setups_are_refused_with_the_reason(num_players, options, words):
    with pytest.raises(ValueError, match=words):
        GAME.initial_state(1, num_players, options)


def test_the_bridge_set_options_are_the_rulebook_candidates():
    state = GAME.initial_state(4, 3, RialtoOptions(bridges="mirror"))
    assert sorted(state.bridges) == [(3, 6)] * 3 + [(4, 5)] * 3, "§4.3's alternative set"


def test_setup_shuffles_differ_between_seeds():
    decks = {tuple(GAME.initial_state(seed, 3).deck) for seed in range(5)}
    bridges = {tuple(GAME.initial_state(seed, 3).bridges) for seed in range(5)}
    rounds = {tuple(GAME.initial_state(seed, 3).round_of) for seed in range(5)}
    assert len(decks) == 5 and len(bridges) > 1 and len(rounds) > 1


# --- Random matches under the monitor ---------------------------------------------------------


def monitored_match(seed: int, num_players: int, options: RialtoOptions) -> tuple[object, rulebook.Monitor, int]:
    """Play one seeded random match under the monitor; the final state, the monitor, reshuffles."""
    state = GAME.initial_state(seed, num_players, options)
    monitor = rulebook.Monitor()
    monitor.see(state)
    reshuffles = 0
    for ply in range(5000):
        if not GAME.to_move(state):
            break
        seat, move = choose(state, seed, ply)
        state, events = GAME.apply(state, seat, move)
        reshuffles += sum(event.message.key == "rialto.event.reshuffle" for event in events)
        monitor.see(state, events)
    assert state.phase is Phase.OVER
    return state, monitor, reshuffles


@pytest.mark.parametrize(("num_players", "options"), CONFIGS)
def test_random_matches_follow_the_rulebook(num_players, options):
    reshuffles = stacked = 0
    for match in range(MATCHES):
        seed = Rng(num_players, match, 41).below(1 << 30)
        final, monitor, shuffled = monitored_match(seed, num_players, options)
        reshuffles += shuffled
        assert monitor.rows_seen == 6 and monitor.steps_seen == 36
        stacked += monitor.moves_onto_others
        totals = rulebook.final_totals(final)
        outcome = GAME.outcome(final)
        assert outcome is not None and outcome.scores == tuple(totals)
        assert outcome.winners == frozenset({rulebook.winner(final, totals)})
        lines = GAME.view(final, None).scores
        assert lines is not None
        assert [(line.seat, line.vp, line.reserve, line.buildings, line.districts, line.total) for line in lines] == [
            (seat, *parts, total)
            for seat, (parts, total) in enumerate(zip(rulebook.final_breakdown(final), totals, strict=True))
        ]
        if options.neutral:
            assert final.marker == rulebook.marker(final)
    assert reshuffles > 0, "the matches must run the deck out, or the reshuffle goes untested"
    assert stacked > 0, "counters must land on occupied spaces, or the stacking goes untested"


def test_the_neutral_marker_follows_the_rule_at_every_state():
    # §11.2: recomputing the marker after every placement is equivalent to moving it when hit.
    for match in range(MATCHES):
        state = GAME.initial_state(match, 2, RialtoOptions(neutral=True))
        assert state.marker == rulebook.marker(state) >= 0
        for ply in range(5000):
            if not GAME.to_move(state):
                break
            state, _ = GAME.apply(state, *choose(state, match, ply))
            assert state.marker == rulebook.marker(state)


# --- Scenarios --------------------------------------------------------------------------------


def test_an_empty_deck_takes_in_every_discard_before_the_rows_are_dealt():
    # §7.1.2: whenever a card must be drawn and the deck is empty, shuffle all discards into a new deck.
    state = build(3, deck=[0, 1, 2], discard=cards("AAAAABBBBBCCCCCDDDDDEEEEEFFFFFJJJJJ"))
    picks = ("tG1", "tY1", "tU1")
    state, events = play(state, *picks)
    assert state.phase is Phase.ROWS and [len(row) for row in state.rows] == [6, 6, 6, 6]
    assert "The deck is empty: 35 discarded cards are shuffled into a new deck." in texts(events)
    assert sum(state.discard) == 0 and len(state.deck) == 3 + 35 - 24


@pytest.mark.parametrize("round_number", [1, 2, 3, 4, 5, 6])
def test_step_a_starts_with_the_doge_leader_in_every_round(round_number):
    state = build(3, players={ORANGE: {"hand": "A"}, SKY: {"hand": "A"}, TEAL: {"hand": "AA"}})
    state = doge(state, (TEAL, 4), (ORANGE, 2), (SKY, 2))
    state = at_step(state, "A", round=round_number)
    assert state.first == TEAL and state.queue == (TEAL, ORANGE, SKY)


def test_step_b_starts_with_step_a_bonus_and_step_c_keeps_it_without_a_bonus():
    players = {ORANGE: {"hand": "A"}, SKY: {"hand": "AAB"}, TEAL: {"hand": "C"}}
    state = doge(build(3, players=players), (TEAL, 4), (ORANGE, 2), (SKY, 2))
    state = at_step(state, "A", round=4)
    state, _ = play(state, "pass", "A1", "ok", "A2", "ok")
    assert state.step == 1 and state.first == SKY, "Sky played most in A"
    state, _ = play(state, "pass", "pass", "pass")
    assert state.step == 2 and state.first == SKY, "nobody played in B: the first player stays"


@pytest.mark.parametrize("round_number", [1, 2, 3, 4, 5, 6])
def test_no_bridge_card_costs_one_vp_in_every_round(round_number):
    state = build(3, players={ORANGE: {"hand": "DD"}})
    state = at_step(state, "D", first=ORANGE, round=round_number)
    before = [player.vp for player in state.players]
    state, _ = play(state, "D2", "ok", "pass", "pass")
    state, _ = act(state, ORANGE, "K01-CAS")  # the bonus places the top bridge, then the others act
    assert state.step == 4
    after = [player.vp for player in state.players]
    assert after[SKY] == before[SKY] - 1 and after[TEAL] == before[TEAL] - 1
    assert after[ORANGE] == before[ORANGE] + 2 + 1, "2 cards plus the bonus VP"


def test_two_step_c_actions_of_one_round_compete_for_the_last_copy_in_doge_order():
    supply = [5] * 12
    supply[rulebook.BUILDINGS.index("Y2")] = 1
    players = {ORANGE: {"hand": "CC"}, SKY: {"hand": "CC"}}
    state = doge(build(3, players=players, supply=supply), (SKY, 3), (ORANGE, 2), (TEAL, 1))
    state, _ = play(at_step(state, "C", first=ORANGE), "C2", "ok", "C2", "ok", "pass")
    # tie at 2 cards: Sky is ahead on the Doge track, so Sky has the bonus and acts first
    state, _ = act(state, SKY, "tY2")
    assert "tY2" not in GAME.legal_moves(state, ORANGE)
