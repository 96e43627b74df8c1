"""A Venezia 2099 state sampled from what one seat knows, for search (``games.ai``).

Hidden from ``seat``: the other hands of forecast cards (sizes are public) and the cards set
aside at the deal. They are not all alike, though: every player must play the lowest card
it holds (rules §8.1), so a hand never holds a card below the last one its owner played,
and a card below every such bound that is neither in ``seat``'s hand nor played must have
been set aside. A sample that ignored this would let the search believe districts may sink
that the seat can already tell will survive, and search on worlds it knows are impossible.

So the sample deals the pooled hidden cards again with ``rng``, keeping every size, and gives
each other seat only cards at or above its bound: uniformly over the deals that agree with
what ``seat`` has seen (the bounds are nested, so dealing the most bounded hand first, each
hand drawn uniformly from the cards it may hold that are still free, is uniform over them).
The pool and the eligible cards are taken in a canonical order, so two states that look the
same to ``seat`` give the same sample for the same random stream. The seed is replaced as
well (it is secret while the match runs).
"""

from __future__ import annotations

from dataclasses import replace

from games.core import Rng, Seat
from games.venezia2099.model import District, Phase
from games.venezia2099.state import State, sorted_cards

SEED_LIMIT = 1 << 62


def hand_bounds(state: State) -> tuple[int, ...]:
    """For every seat, the lowest value its hand may still hold: the value it last played (0: none yet)."""
    bounds = [0] * state.num_players
    for player, card in state.played:
        bounds[player] = max(bounds[player], card.value)
    return tuple(bounds)


def determinize(state: State, seat: Seat, rng: Rng) -> State:
    """A state that ``seat`` cannot tell from ``state``, drawn with ``rng``."""
    if state.phase is Phase.OVER:
        return state
    bounds = hand_bounds(state)
    hidden_seats = sorted((other for other in range(state.num_players) if other != seat), key=lambda o: (-bounds[o], o))
    free: list[District] = list(
        sorted_cards([card for other in hidden_seats for card in state.hands[other]] + list(state.set_aside))
    )
    hands = list(state.hands)
    for other in hidden_seats:
        count = len(state.hands[other])
        eligible = [card for card in free if card.value >= bounds[other]]
        drawn = list(rng.shuffled(eligible))[:count]
        if len(drawn) < count:  # not from a real deal (a position built by hand): fill from the rest
            drawn += [card for card in free if card not in drawn][: count - len(drawn)]
        hands[other] = sorted_cards(drawn)
        free = [card for card in free if card not in drawn]
    return replace(state, seed=rng.below(SEED_LIMIT), hands=tuple(hands), set_aside=sorted_cards(free))
