"""The view carries the public facts of the match: whose turn, the round, the piles, the hands' sizes."""

from __future__ import annotations

import dataclasses

from games.twilight import GAME
from games.twilight.model import CARD_KINDS
from tests.games.twilight.helpers import play, position, random_game


def test_the_view_reports_round_first_player_turn_and_pile_sizes():
    state = position(round_number=2, first=1, to_play=1, deck=12, west="m1 m2 d")
    state = dataclasses.replace(state, hands=(state.hands[0][:5], state.hands[1]))
    assert state.discards[0] != state.discards[1]
    for viewer in (None, 0, 1):
        view = GAME.view(state, viewer)
        assert view.viewer == viewer
        assert view.to_move == frozenset({1})
        assert (view.round, view.first, view.deck_size) == (2, 1, 12)
        assert view.hand_sizes == (5, 8)
        assert view.discards == tuple(tuple(CARD_KINDS[card] for card in pile) for pile in state.discards)
        assert view.outcome is None


def test_the_view_keeps_the_round_results_and_the_final_outcome():
    state, _ = play(position(doge=6, guard_w=3, guard_e=8, east="d d"), "d.+", "end")
    assert len(state.results) == 1
    assert GAME.view(state, None).results == state.results
    *_, (final, _, _) = random_game(3)
    outcome = GAME.outcome(final)
    assert outcome is not None
    assert GAME.view(final, None).outcome == outcome
    assert GAME.view(final, 0).to_move == frozenset()
