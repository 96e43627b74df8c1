"""The computer opponents (``games.ai``) for every game and seat count, on small budgets.

Checked here: a searching level always plays a legal move, easy is exactly today's
autopilot, the choice never depends on what the seat cannot see (the same decision after
each game's ``rehide``, for the same seed, as the autopilot suite checks), the same seed and
budget give the same move, and ``should_stop`` ends a search early. How strong the levels
are and how long they think is measured by ``python -m bench.bench_ai``, not here.
"""

from __future__ import annotations

import json

import pytest

from games import REGISTRY
from games.ai import (
    BUDGETS,
    Budget,
    Level,
    choose_move,
    estimate_reward,
    estimator_of,
    level_budget,
    level_plies,
    reward,
)
from games.ai.search import ply_cost, rollout_policy_of
from games.core import Outcome, Rng, autopilot_of, msg
from tests.games.rehides import REHIDE
from tests.games.test_autopilot import SEAT_CASES, play_match

SMALL = Budget(plies=80, candidates=3, horizon=12)
"""Small enough for tests; three candidates so that the halving runs, a horizon where the game estimates."""
SAMPLES = 3
REHIDES = 2


def _samples(key: str, num_players: int) -> list[tuple[object, int]]:
    """The first and the last few autopilot decisions with a choice (late ones keep rollouts short)."""
    match = play_match(key, 9_000 + num_players, num_players, frozenset(range(num_players)))
    chosen = [(state, seat) for state, seat in match.samples if len(REGISTRY[key].legal_moves(state, seat)) > 1]
    return chosen[:1] + chosen[1:][-(SAMPLES - 1) :]


@pytest.mark.parametrize(("key", "num_players"), SEAT_CASES)
def test_search_plays_legal_moves_and_ignores_what_the_seat_cannot_see(key, num_players):
    game = REGISTRY[key]
    rehide = REHIDE[key]
    samples = _samples(key, num_players)
    assert samples
    for index, (state, seat) in enumerate(samples):
        chosen = choose_move(game, state, seat, Level.STRONG, seed=index, budget=SMALL)
        assert chosen in game.legal_moves(state, seat)
        for stream in range(REHIDES):
            other = rehide(state, seat, Rng(index, stream, 37))
            again = choose_move(game, other, seat, Level.STRONG, seed=index, budget=SMALL)
            assert again == chosen, f"{key}: {game.move_code(again)} after rehide, {game.move_code(chosen)} before"


@pytest.mark.parametrize(("key", "num_players"), SEAT_CASES)
def test_search_is_deterministic_for_a_seed_and_budget(key, num_players):
    game = REGISTRY[key]
    state, seat = _samples(key, num_players)[-1]
    first = choose_move(game, state, seat, Level.NORMAL, seed=5, budget=SMALL)
    copy = game.decode(json.loads(json.dumps(game.encode(state))))
    assert choose_move(game, copy, seat, Level.NORMAL, seed=5, budget=SMALL) == first


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_easy_is_the_autopilot(key):
    game = REGISTRY[key]
    pilot = autopilot_of(game)
    assert pilot is not None
    for state, seat in _samples(key, game.min_players):
        legal = game.legal_moves(state, seat)
        expected = pilot.autopilot_move(game.view(state, seat), legal)
        assert choose_move(game, state, seat, Level.EASY, seed=1) == expected


def test_should_stop_ends_the_search_after_one_sample():
    game = REGISTRY["volto"]
    state, seat = _samples("volto", 2)[-1]
    calls: list[int] = []

    def stop() -> bool:
        calls.append(1)
        return True

    chosen = choose_move(game, state, seat, Level.STRONG, seed=3, should_stop=stop)
    assert chosen in game.legal_moves(state, seat)
    assert len(calls) == 1


def test_strong_spends_more_than_normal():
    assert BUDGETS[Level.STRONG].plies > BUDGETS[Level.NORMAL].plies
    assert BUDGETS[Level.STRONG].candidates >= BUDGETS[Level.NORMAL].candidates


def test_venezia_strong_thinks_twice_as_long_and_only_it():
    # Venezia 2099's strong level has a doubled budget (LEVEL_SCALE); its normal level and
    # the other games' strong level keep the common one, divided by the game's ply cost.
    assert level_plies("venezia2099", 2, Level.STRONG) == 2 * BUDGETS[Level.STRONG].plies
    assert level_plies("venezia2099", 2, Level.NORMAL) == BUDGETS[Level.NORMAL].plies
    assert level_plies("twilight", 2, Level.STRONG) == BUDGETS[Level.STRONG].plies
    assert level_plies("venezia2099", 5, Level.STRONG) < level_plies("venezia2099", 2, Level.STRONG)


def test_rialto_looks_as_many_rounds_ahead_at_five_seats():
    # Rialto's rounds grow with the seats, so at 5 seats its horizon and plies grow by
    # seats / 2 (SEAT_SCALED): as many rounds ahead and as many rollouts as at two seats.
    for level in (Level.NORMAL, Level.STRONG):
        common = BUDGETS[level]
        for seats in (5,):
            budget = level_budget("rialto", seats, level)
            assert budget.horizon == common.horizon * seats // 2
            without = common.plies / ply_cost("rialto", seats)
            assert budget.plies == round(without * seats / 2)
        # Two to four seats keep the common budget (their logged matches stand; four gained nothing).
        for seats in (2, 3, 4):
            budget = level_budget("rialto", seats, level)
            assert budget.horizon == common.horizon
            assert budget.plies == round(common.plies / ply_cost("rialto", seats))


def test_other_games_budgets_do_not_grow_with_the_seats():
    for key in ("twilight", "venezia2099", "volto"):
        for level in (Level.NORMAL, Level.STRONG):
            for seats in (2, 3, 4, 5):
                budget = level_budget(key, seats, level)
                assert budget.horizon == BUDGETS[level].horizon
                assert budget.plies <= level_plies(key, 2, level)


def test_reward_ranks_first_above_a_draw_above_last():
    reason = msg("test.reason")
    won = Outcome.from_winner(0, 2, reason)
    draw = Outcome.from_draw(2, reason)
    assert reward(won, 0) == 1.0
    assert reward(won, 1) == 0.0
    assert reward(draw, 0) == 0.5
    three = Outcome(frozenset({1}), (2, 1, 3), reason, scores=(20, 30, 5))
    assert reward(three, 1) > reward(three, 0) > reward(three, 2)
    big = Outcome(frozenset({0}), (1, 2), reason, scores=(40, 10))
    small = Outcome(frozenset({0}), (1, 2), reason, scores=(21, 20))
    assert reward(big, 0) > reward(small, 0)


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_without_room_to_verify_a_challenger_the_autopilots_move_stands(key):
    game = REGISTRY[key]
    pilot = autopilot_of(game)
    assert pilot is not None
    for state, seat in _samples(key, game.min_players):
        expected = pilot.autopilot_move(game.view(state, seat), game.legal_moves(state, seat))
        tiny = Budget(plies=1, candidates=4, horizon=5)
        assert choose_move(game, state, seat, Level.STRONG, seed=2, budget=tiny) == expected


def test_rialto_estimates_unfinished_positions_and_volto_plays_rollouts_out():
    rialto = REGISTRY["rialto"]
    estimator = estimator_of(rialto)
    assert estimator is not None
    state = rialto.initial_state(4, 3)
    assert len(estimator.estimated_scores(state)) == 3
    assert estimator_of(REGISTRY["volto"]) is None


def test_an_estimate_ranks_like_a_result_and_counts_the_margin():
    assert estimate_reward((30.0, 10.0), 0) > estimate_reward((12.0, 10.0), 0) > 0.5
    assert estimate_reward((10.0, 10.0), 0) == 0.5
    assert estimate_reward((10.0, 30.0), 0) < 0.5
    assert estimate_reward((20.0, 30.0, 5.0), 0) > estimate_reward((20.0, 30.0, 5.0), 2)
    for scores in ((3.0, 8.0), (8.0, 3.0, 5.0)):
        assert all(0.0 <= estimate_reward(scores, seat) <= 1.0 for seat in range(len(scores)))


def test_with_a_ranking_the_candidates_are_the_best_ranked_moves():
    """Venezia 2099 ranks its moves: search compares the autopilot's move with the next best, not random ones."""
    from games.ai.search import _candidates, ranking_of

    game = REGISTRY["venezia2099"]
    ranking = ranking_of(game)
    assert ranking is not None
    assert ranking_of(REGISTRY["volto"]) is None
    match = play_match("venezia2099", 1, 2, frozenset({0, 1}))
    checked = 0
    for state, seat in match.samples:
        legal = game.legal_moves(state, seat)
        if len(legal) < 6:
            continue
        view = game.view(state, seat)
        ranked = ranking.ranked_moves(view, legal)
        prior = autopilot_of(game).autopilot_move(view, legal)  # type: ignore[union-attr]
        chosen = _candidates(game, legal, prior, 4, Rng(1, 0, 3), ranked)
        assert chosen == [prior, *[move for move in ranked if move != prior][:3]]
        checked += 1
    assert checked


POLICIES = sorted(key for key, game in REGISTRY.items() if rollout_policy_of(game) is not None)


@pytest.mark.parametrize("key", POLICIES)
def test_a_rollout_policy_plays_the_autopilots_move_from_the_state(key):
    """``rollout_move`` is the autopilot without the whole view: the same move on every ply.

    Matches where a seat plays the autopilot and the other at random, so that the states
    are both sensible and odd; every seat to move is asked, as a rollout asks it.
    """
    game = REGISTRY[key]
    pilot = autopilot_of(game)
    policy = rollout_policy_of(game)
    assert pilot is not None and policy is not None
    checked = 0
    for seed in range(12):
        state = game.initial_state(seed, game.min_players)
        for ply in range(400):
            active = sorted(game.to_move(state))
            if not active:
                break
            for seat in active:
                legal = game.legal_moves(state, seat)
                expected = pilot.autopilot_move(game.view(state, seat), legal)
                assert policy.rollout_move(state, seat, legal) == expected, f"{key} seed={seed} ply={ply}"
                checked += 1
            seat = active[Rng(seed, ply, 1).below(len(active))]
            legal = game.legal_moves(state, seat)
            if seat == seed % 2:
                move = pilot.autopilot_move(game.view(state, seat), legal)
            else:
                move = legal[Rng(seed, ply, 2).below(len(legal))]
            state, _ = game.apply(state, seat, move)
    assert checked > 500


def test_twilight_reads_its_rollout_moves_off_the_state():
    # the parametrized test above must not pass vacuously
    assert "twilight" in POLICIES
