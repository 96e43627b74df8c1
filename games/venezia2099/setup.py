"""The deal: the random board, the forecast hands and the starting supplies (rules §4).

All draws use ``Rng(seed, 0, stream)`` with one stream per purpose, so that changing how
one thing is drawn never changes another.
"""

from __future__ import annotations

from typing import Final

from games.core import Rng
from games.venezia2099.model import (
    CARD_VALUES,
    COLOURS,
    GONDOLAS_PER_PLAYER,
    PLATFORMS,
    PLATFORMS_TWO_PLAYERS,
    TREASURES_PER_COLOUR,
    VALUES,
    Colour,
    District,
    Phase,
    deal_size,
    figures_per_player,
)
from games.venezia2099.state import UNPLACED, Options, State, sorted_cards

STREAM_COLOUR: Final = 0
STREAM_TILES: Final = 1
STREAM_CARDS: Final = 2


def removed_colour(seed: int, num_players: int) -> Colour | None:
    """The colour taken out of a two-player game (chosen at random, V19); None otherwise."""
    if num_players != 2:
        return None
    colour: Colour = Rng(seed, 0, STREAM_COLOUR).choice(COLOURS)
    return colour


def components(num_players: int, without: Colour | None) -> tuple[list[District | None], list[District]]:
    """The tiles (None = platform) and forecast cards in play for ``num_players``."""
    colours = [colour for colour in COLOURS if colour != without]
    if num_players == 2:
        # §4.2: no 7s and 8s, one colour fewer, 6 platforms.
        values = [value for value in VALUES if value not in (7, 8)]
        platforms = PLATFORMS_TWO_PLAYERS
    else:
        values = list(VALUES)
        platforms = PLATFORMS
    tiles: list[District | None] = [District(value, colour) for colour in colours for value in values]
    tiles.extend([None] * platforms)
    cards = [District(value, colour) for colour in colours for value in CARD_VALUES if value in values]
    return tiles, cards


def new_state(seed: int, num_players: int, options: Options) -> State:
    """The match before the first placement."""
    if not 2 <= num_players <= 5:
        raise ValueError(f"Venezia 2099 is for 2 to 5 players, not {num_players}.")
    tiles, cards = components(num_players, removed_colour(seed, num_players))
    size = 6 if num_players == 2 else 8
    board: tuple[District | None, ...] = Rng(seed, 0, STREAM_TILES).shuffled(tiles)
    deck: tuple[District, ...] = Rng(seed, 0, STREAM_CARDS).shuffled(cards)
    per_player = deal_size(num_players)
    hands = tuple(sorted_cards(deck[seat * per_player : (seat + 1) * per_player]) for seat in range(num_players))
    squares = size * size
    return State(
        seed=seed,
        num_players=num_players,
        options=options,
        size=size,
        tiles=board,
        sunk=(False,) * squares,
        square_coins=(0,) * squares,
        figures=tuple((UNPLACED,) * figures_per_player(num_players) for _ in range(num_players)),
        hands=hands,
        set_aside=sorted_cards(deck[num_players * per_player :]),
        played=(),
        coins=(per_player + 1,) * num_players,
        gondolas=(GONDOLAS_PER_PLAYER,) * num_players,
        treasures=tuple((0,) * len(COLOURS) for _ in range(num_players)),
        supply=(TREASURES_PER_COLOUR,) * len(COLOURS),
        coins_lost=0,
        gondolas_used=0,
        phase=Phase.PLACE,
        turn=0,
        moved=False,
        gondola_moved=False,
        bought=False,
        rescue=None,
        ply=0,
        this_turn=(),
        last_turn=(),
    )
