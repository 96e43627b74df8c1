"""The one move the bot plays for a Venezia 2099 seat by itself: a hand's last forecast card.

Hand sizes are public, so everyone knows a one-card hand must play that card; any other
lone move (which could come from what the hand holds) is left to the player.
"""

from __future__ import annotations

from games.core import Rng
from games.venezia2099 import GAME
from games.venezia2099.moves import MoveKind


def test_only_the_last_card_of_a_hand_is_forced() -> None:
    forced = 0
    for seed in range(4):
        state = GAME.initial_state(seed, 4)
        ply = 0
        while seats := sorted(GAME.to_move(state)):
            seat = seats[0]
            legal = GAME.legal_moves(state, seat)
            move = GAME.forced_move(state, seat)
            lone_last_card = len(legal) == 1 and legal[0].kind is MoveKind.PLAY and len(state.hands[seat]) == 1
            assert (move is not None) == lone_last_card
            if move is not None:
                assert move == legal[0]
                forced += 1
            state, _ = GAME.apply(state, seat, legal[Rng(seed, ply).below(len(legal))])
            ply += 1
    assert forced, "no last card came up: the check proved nothing"
