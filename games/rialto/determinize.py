"""A Rialto state sampled from what one seat knows, for search (``games.ai``).

Hidden from ``seat``: the other hands (sizes are public) and their hand-limit picks so far,
another seat's card play in progress, the deck order, the discard pile's contents (its size
is public), the bridges under the top one, and the seed (it fixes future reshuffles). The
sample pools every hidden card in a canonical order and deals the deck, the discard pile
and the other hands again with ``rng``, keeping every public count, so two states that look
the same to ``seat`` give the same sample for the same random stream. The other seats'
hand-limit picks and card play in progress restart empty, which their rules allow.
"""

from __future__ import annotations

from dataclasses import replace

from games.core import Rng, Seat
from games.rialto.model import CARD_TYPES
from games.rialto.state import RialtoState

SEED_LIMIT = 1 << 62


def determinize(state: RialtoState, seat: Seat, rng: Rng) -> RialtoState:
    """A state that ``seat`` cannot tell from ``state``, drawn with ``rng``."""
    others = [index for index in range(state.num_players) if index != seat]
    pool: list[int] = list(state.deck)
    pool += [card for card, n in enumerate(state.discard) for _ in range(n)]
    for index in others:
        pool += [card for card, n in enumerate(state.players[index].hand) for _ in range(n)]
    pool = list(rng.shuffled(sorted(pool)))
    deck = tuple(pool[: len(state.deck)])
    del pool[: len(state.deck)]
    discard = [0] * CARD_TYPES
    for card in pool[: sum(state.discard)]:
        discard[card] += 1
    del pool[: sum(state.discard)]
    players = list(state.players)
    for index in others:
        size = sum(players[index].hand)
        hand = [0] * CARD_TYPES
        for card in pool[:size]:
            hand[card] += 1
        del pool[:size]
        players[index] = replace(players[index], hand=tuple(hand), discard_pick=())
    draft = state.draft if state.queue[:1] == (seat,) else ()
    bridges = state.bridges[:1] + tuple(rng.shuffled(sorted(state.bridges[1:])))
    return replace(
        state,
        seed=rng.below(SEED_LIMIT),
        deck=deck,
        discard=tuple(discard),
        players=tuple(players),
        draft=draft,
        bridges=bridges,
    )
