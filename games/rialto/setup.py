"""The position before the first move (§5): shuffles, coins, the Doge stack, the pools.

Seat 0 is the first player P1 (the service already seats players in a random order from
the match seed). With the neutral player, the NP is P1 and seat 0 sits on its left.
"""

from __future__ import annotations

from games.core import Rng
from games.rialto import model
from games.rialto.mechanics import clockwise, mark
from games.rialto.model import (
    BUILDING_KINDS,
    CARD_TYPES,
    COPIES_PER_BUILDING,
    COPIES_PER_TYPE,
    COUNCILLORS_PER_COLOUR,
    START_COINS,
    START_PERSONAL,
    START_VP,
    TOTAL_COINS,
    Decision,
    Phase,
    RialtoOptions,
)
from games.rialto.state import PlayerWork, RialtoState, Work, freeze

SETUP_PLY = -2
"""The ``Rng`` ply of the setup shuffles (the service uses -1 for seating)."""


def initial_state(seed: int, num_players: int, options: RialtoOptions | None = None) -> RialtoState:
    """The setup position: starting buildings are still to be chosen, last seat first."""
    options = options or RialtoOptions()
    if not 2 <= num_players <= 5 or (options.neutral and num_players != 2):
        raise ValueError(f"Rialto needs 2-5 players (exactly 2 with the neutral player), not {num_players}.")
    if options.bridges not in model.BRIDGE_SETS:
        raise ValueError(f"unknown bridge set {options.bridges!r}")
    round_tiles = Rng(seed, SETUP_PLY, 0).shuffled(range(1, 7))
    bridges = Rng(seed, SETUP_PLY, 1).shuffled(model.BRIDGE_SETS[options.bridges])
    deck = Rng(seed, SETUP_PLY, 2).shuffled([card for card in range(CARD_TYPES) for _ in range(COPIES_PER_TYPE)])
    coins = START_COINS[num_players]
    actors = num_players + (1 if options.neutral else 0)
    work = Work(
        seed=seed,
        ply=0,
        num_players=num_players,
        options=options,
        phase=Phase.SETUP,
        round=0,
        step=0,
        round_of=list(round_tiles),
        deck=list(deck),
        discard=[0] * CARD_TYPES,
        rows=[],
        row_owner=[],
        tiles=[""] * len(model.CONNECTIONS),
        bridges=list(bridges),
        gondolas=model.GONDOLAS,
        bonus_tiles=[True, True],
        supply=[COPIES_PER_BUILDING] * len(BUILDING_KINDS),
        coin_supply=TOTAL_COINS - sum(coins),
        players=[
            PlayerWork(
                vp=START_VP,
                coins=coins[seat],
                hand=[0] * CARD_TYPES,
                pool=COUNCILLORS_PER_COLOUR - START_PERSONAL,
                personal=START_PERSONAL,
                districts=[0] * len(model.DISTRICTS),
                buildings=[],
                hand_bonus=0,
                discard_need=0,
                discard_pick=[],
                discard_done=False,
            )
            for seat in range(num_players)
        ],
        doge_space=[1] * actors,
        doge_seq=[0] * actors,
        next_seq=actors + 1,
        np_districts=[0] * len(model.DISTRICTS),
        np_cards=[0] * CARD_TYPES,
        marker=-1,
        queue=[],
        decision=Decision.NONE,
        left=0,
        pending="",
        first=0,
        counts=[-1] * actors,
        plays=[""] * actors,
        postponed=[],
        bonus=-1,
        draft=[],
        qualified=[[], []],
        last_actor=-1,
        last_move="",
    )
    order = clockwise(work)
    # Counters are stacked counterclockwise from the last seat, so P1 ends on top.
    for position, actor in enumerate(order):
        work.doge_seq[actor] = len(order) - position
    work.first = order[0]
    work.queue = [actor for actor in reversed(order) if actor < num_players]
    if options.neutral:
        work.marker = mark(work)
    return freeze(work)
