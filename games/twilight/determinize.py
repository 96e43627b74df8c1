"""A Twilight state sampled from what one seat knows, for search (``games.ai``).

Hidden from ``seat``: the opponent's hand (its size is public), the deck order, and the
steps of a turn the opponent is building. The sample takes those steps back (``seat`` sees
the board as of the start of that turn), pools the opponent's hand with the deck in a
canonical order and deals them again with ``rng``, so two states that look the same to
``seat`` give the same sample for the same random stream. The seed is replaced too: it
fixes the next round's shuffle.
"""

from __future__ import annotations

import dataclasses

from games.core import Rng, Seat
from games.twilight.state import TwilightState

SEED_LIMIT = 1 << 62


def determinize(state: TwilightState, seat: Seat, rng: Rng) -> TwilightState:
    """A state that ``seat`` cannot tell from ``state``, drawn with ``rng``."""
    if state.to_play is None:
        return state
    opponent = 1 - seat
    if state.to_play == opponent and state.steps:
        spent = tuple(card for step in state.steps for card in step.cards)
        hands = list(state.hands)
        hands[opponent] = tuple(sorted(hands[opponent] + spent))
        state = dataclasses.replace(state, board=state.public_board, hands=(hands[0], hands[1]), steps=())
    pool = list(rng.shuffled(sorted([*state.deck, *state.hands[opponent]])))
    size = len(state.hands[opponent])
    hands = list(state.hands)
    hands[opponent] = tuple(sorted(pool[:size]))
    return dataclasses.replace(state, seed=rng.below(SEED_LIMIT), deck=tuple(pool[size:]), hands=(hands[0], hands[1]))
