"""A Venezia 2099 state sampled from what one seat knows, for search (``games.ai``).

Hidden from ``seat``: the other hands of forecast cards (sizes are public) and the cards set
aside at the deal. The sample pools them in a canonical order and deals them again with
``rng``, keeping every size, so two states that look the same to ``seat`` give the same
sample for the same random stream. The seed is replaced as well (it is secret while the
match runs).
"""

from __future__ import annotations

from dataclasses import replace

from games.core import Rng, Seat
from games.venezia2099.model import Phase
from games.venezia2099.state import State, sorted_cards

SEED_LIMIT = 1 << 62


def determinize(state: State, seat: Seat, rng: Rng) -> State:
    """A state that ``seat`` cannot tell from ``state``, drawn with ``rng``."""
    if state.phase is Phase.OVER:
        return state
    hidden_seats = [other for other in range(state.num_players) if other != seat]
    pool = [card for other in hidden_seats for card in state.hands[other]] + list(state.set_aside)
    shuffled = list(rng.shuffled(sorted_cards(pool)))
    hands = list(state.hands)
    for other in hidden_seats:
        count = len(state.hands[other])
        hands[other] = sorted_cards(shuffled[:count])
        shuffled = shuffled[count:]
    return replace(state, seed=rng.below(SEED_LIMIT), hands=tuple(hands), set_aside=sorted_cards(shuffled))
