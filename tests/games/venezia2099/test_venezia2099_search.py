"""What Venezia 2099 gives search (``games.ai``): determinizations that keep to the lowest-card
rule, and the autopilot's ranking of the legal moves that search draws its candidates from.
"""

from __future__ import annotations

from games.core import Rng
from games.venezia2099 import GAME
from games.venezia2099.autopilot import ranked_moves
from games.venezia2099.determinize import determinize, hand_bounds
from games.venezia2099.model import Phase
from tests.games.venezia2099.helpers import random_game, random_states

SEEDS = range(3)


def test_a_hand_never_holds_a_card_below_its_owners_last_card():
    """The rule the determinization relies on holds in real matches."""
    for num_players in range(2, 6):
        for state in random_states(SEEDS, num_players, every=3):
            bounds = hand_bounds(state)
            for seat, hand in enumerate(state.hands):
                assert all(card.value >= bounds[seat] for card in hand)


def test_a_sample_deals_no_other_hand_a_card_below_its_owners_last_card():
    checked = 0
    for num_players in range(2, 6):
        for index, state in enumerate(random_states(SEEDS, num_players, every=3)):
            if state.phase is Phase.OVER:
                continue
            bounds = hand_bounds(state)
            for seat in range(num_players):
                sample = determinize(state, seat, Rng(index, seat, 5))
                for other, hand in enumerate(sample.hands):
                    assert len(hand) == len(state.hands[other])
                    assert all(card.value >= bounds[other] for card in hand), (num_players, seat, other)
                checked += sum(bound > 0 for bound in bounds)
    assert checked, "no state had a played card"


def test_an_unseen_card_below_the_opponents_last_card_is_known_to_be_set_aside():
    """Two seats: once the opponent has played a card, every lower card the seat has not seen was set aside."""
    steps, _ = random_game(11, 2)
    found = 0
    for state, _, _ in steps:
        bounds = hand_bounds(state)
        if state.phase is not Phase.TURN or bounds[1] <= 3:
            continue
        unseen = [card for card in (*state.hands[1], *state.set_aside) if card.value < bounds[1]]
        samples = [determinize(state, 0, Rng(7, number, 5)) for number in range(20)]
        for sample in samples:
            assert all(card in sample.set_aside for card in unseen)
        assert len({sample.hands[1] for sample in samples}) > 1, "the opponent's hand is never resampled"
        found += bool(unseen)
    assert found, "no position had an unseen card below the opponent's bound"


def test_the_ranking_is_every_legal_move_with_the_autopilots_first():
    for num_players in (2, 4):
        steps, _ = random_game(3, num_players)
        for state, seat, _ in steps[::2]:
            view, legal = GAME.view(state, seat), GAME.legal_moves(state, seat)
            ranked = ranked_moves(view, legal)
            assert sorted(move.code for move in ranked) == sorted(move.code for move in legal)
            assert ranked[0] == GAME.autopilot_move(view, legal)
