"""Ratings: OpenSkill Plackett–Luce over 2-5 seats, ties, abandoned seats and replay."""

from __future__ import annotations

import random

import pytest

from bot.tournaments import ratings
from bot.tournaments.ratings import PROVISIONAL_GAMES, Rating


def test_the_winner_goes_up_and_the_loser_down():
    after = ratings.rate({1: Rating(), 2: Rating()}, {1: 1, 2: 2})
    assert after[1].mu > Rating().mu > after[2].mu
    assert after[1].sigma < Rating().sigma, "a game makes the estimate surer"
    assert ratings.display(after[1]) > ratings.display(Rating()) >= ratings.display(after[2]) - 1000


def test_beating_a_stronger_player_gains_more():
    strong = Rating(mu=35.0, sigma=3.0)
    against_strong = ratings.rate({1: Rating(), 2: strong}, {1: 1, 2: 2})[1].mu
    against_equal = ratings.rate({1: Rating(), 2: Rating()}, {1: 1, 2: 2})[1].mu
    assert against_strong > against_equal


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_places_order_the_changes_for_two_to_five_seats(seats):
    places = {p: p for p in range(1, seats + 1)}
    after = ratings.rate({p: Rating() for p in places}, places)
    mus = [after[p].mu for p in range(1, seats + 1)]
    assert mus == sorted(mus, reverse=True)
    assert all(after[p].games == 1 for p in places)


def test_a_draw_between_equals_changes_no_skill():
    after = ratings.rate({1: Rating(), 2: Rating()}, {1: 1, 2: 1})
    assert after[1].mu == pytest.approx(after[2].mu)
    assert after[1].mu == pytest.approx(Rating().mu)


def test_replaying_the_history_gives_the_same_ratings():
    rnd = random.Random(5)
    history = []
    current: dict[int, Rating] = {}
    for _ in range(40):
        players = rnd.sample(range(1, 9), rnd.randint(2, 5))
        places = {p: rnd.randint(1, len(players)) for p in players}
        before = {p: current.get(p, Rating()) for p in players}
        current.update(ratings.rate(before, places))
        history.append(places)
    assert ratings.replay(history) == current
    assert ratings.replay(history) == ratings.replay(list(history))


def test_provisional_until_enough_games():
    assert Rating(games=PROVISIONAL_GAMES - 1).provisional
    assert not Rating(games=PROVISIONAL_GAMES).provisional


def test_autopilot_seats_are_not_rated_and_abandoning_is_a_loss():
    assert ratings.rated_places((10, -1), (1, 2)) == {}, "one person alone is not rated"
    assert ratings.rated_places((10, 20, -1), (2, 1, 1)) == {10: 2, 20: 1}
    # 20 won on the board but the autopilot had taken over their seat: a loss below everyone
    assert ratings.rated_places((10, 20, 30), (2, 1, 3), abandoned=[1]) == {10: 2, 20: 4, 30: 3}
    assert ratings.rated_places((10, 20), (1, 2), abandoned=[0, 1]) == {}, "nobody played: not rated"
