"""Venezia 2099 against the rulebook (``shared/rules/venezia2099.md``), in code written again here.

The components counted per kind for every player count (§2, §4), and the final scoring
and winner (§9) recomputed from the finished board over random matches of every seat
count, sharing no code with the engine's setup or scoring. ``SERENISSIMA_SOAK=1`` plays
many more matches.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import replace

import pytest

from games.core import msg
from games.venezia2099 import GAME
from games.venezia2099.scoring import ranking
from games.venezia2099.state import LOST, Options, State
from tests.games.venezia2099.helpers import position, random_game

SOAK = os.environ.get("SERENISSIMA_SOAK") == "1"
MATCHES = 40 if SOAK else 5
COLOURS = "kpgtrb"
"""§2: black, purple, green, turquoise, red, brown (the engine's one-letter codes)."""
X = 9
TILE_VALUES = (2, 3, 4, 5, 6, 7, 8, X)
CARD_VALUES = (3, 4, 5, 6, 7, 8, X)
DEAL = {2: 10, 3: 12, 4: 9, 5: 7}
"""§4.1 step 3 and §4.2 step 5: forecast cards per player."""
FIGURES = {2: 3, 3: 4, 4: 3, 5: 3}
TREASURE = {1: 6, 2: 3, 3: 2}
"""§9.1: T(1) = 6, T(2) = 3, T(3) = 2, T(>= 4) = 1."""


def colours_in_play(state: State) -> str:
    present = {tile.colour.value for tile in state.tiles if tile is not None}
    return "".join(colour for colour in COLOURS if colour in present)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_components_per_kind_at_setup(seed, players):
    state = GAME.initial_state(seed, players)
    colours = colours_in_play(state)
    two = players == 2
    values = (2, 3, 4, 5, 6, X) if two else TILE_VALUES
    assert len(colours) == (5 if two else 6)
    assert state.size == (6 if two else 8) and len(state.tiles) == state.size**2
    tiles = Counter((tile.colour.value, tile.value) if tile else "platform" for tile in state.tiles)
    expected = Counter({(colour, value): 1 for colour in colours for value in values})
    expected["platform"] = 6 if two else 16
    assert tiles == expected
    cards = [card for hand in state.hands for card in hand] + list(state.set_aside)
    card_values = [value for value in CARD_VALUES if value in values]
    assert Counter((card.colour.value, card.value) for card in cards) == Counter(
        {(colour, value): 1 for colour in colours for value in card_values}
    )
    assert len(cards) == (25 if two else 42)
    assert [len(hand) for hand in state.hands] == [DEAL[players]] * players
    assert list(state.coins) == [DEAL[players] + 1] * players, "coins = cards in hand + 1 (11 with 2 players)"
    assert list(state.gondolas) == [2] * players
    assert [len(row) for row in state.figures] == [FIGURES[players]] * players
    assert list(state.supply) == [10] * 6 and all(sum(row) == 0 for row in state.treasures)
    assert not any(state.sunk) and not any(state.square_coins)


def test_two_player_colour_removed_varies_with_the_seed():
    removed = {colours_in_play(GAME.initial_state(seed, 2)) for seed in range(12)}
    assert len(removed) > 1


def final_totals(state: State) -> tuple[list[int], list[int]]:
    """§9: each seat's total and figures on the board, from the finished board alone."""
    surviving: Counter[str] = Counter()
    for tile, sunk in zip(state.tiles, state.sunk, strict=True):
        if tile is not None and not sunk:
            surviving[tile.colour.value] += 1
    totals, on_board = [], []
    for seat in range(state.num_players):
        total = state.coins[seat]
        for colour, count in zip(COLOURS, state.treasures[seat], strict=True):
            total += count * TREASURE.get(surviving[colour], 1)
        figures = 0
        for square in state.figures[seat]:
            if square < 0:
                continue
            figures += 1
            tile = state.tiles[square]
            assert not state.sunk[square], "no figure stays on water at the end"
            if tile is not None:
                total += 2 * surviving[tile.colour.value] if tile.value == X else tile.value
        totals.append(total)
        on_board.append(figures)
    return totals, on_board


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("options", [Options(), Options(rescue_to_platform=True, gondola_move_additional=True)])
def test_final_scores_and_winners_match_the_rulebook(players, options):
    rich = 0
    for match in range(MATCHES):
        _, final = random_game(7000 + 100 * players + match, players, options)
        totals, on_board = final_totals(final)
        outcome = GAME.outcome(final)
        assert outcome is not None and outcome.scores == tuple(totals)
        best = max(totals)
        tied = [seat for seat in range(players) if totals[seat] == best]
        most = max(on_board[seat] for seat in tied)
        assert outcome.winners == frozenset(seat for seat in tied if on_board[seat] == most)
        rich += sum(1 for seat in range(players) for count in final.treasures[seat] if count)
    assert rich, "the matches must buy treasures, or their values go untested"


@pytest.mark.parametrize(("surviving", "value"), [(1, 6), (2, 3), (3, 2), (4, 1), (5, 1), (6, 1), (7, 1), (8, 1)])
def test_a_treasure_is_worth_its_table_value_for_every_survivor_count(surviving, value):
    # §9.1 at every S(k) a colour can reach (8 districts): a finished board with that many
    # districts of one colour afloat; one treasure of it adds exactly T(S).
    _, final = random_game(7301, 3, Options())
    colour = next(tile.colour for tile in final.tiles if tile is not None)
    squares = sorted(
        (i for i, tile in enumerate(final.tiles) if tile is not None and tile.colour == colour),
        key=lambda i: final.tiles[i].value,  # type: ignore[union-attr]
    )
    sunk = list(final.sunk)
    for index, square in enumerate(squares):
        sunk[square] = index >= surviving
    figures = tuple(tuple(LOST if square >= 0 and sunk[square] else square for square in row) for row in final.figures)
    board = replace(final, sunk=tuple(sunk), figures=figures, treasures=((0,) * 6,) * 3)
    one = [0] * 6
    one[COLOURS.index(colour.value)] = 1
    rich = replace(board, treasures=(tuple(one), (0,) * 6, (0,) * 6))
    scores = [GAME.outcome(state).scores for state in (board, rich)]  # type: ignore[union-attr]
    assert scores[1][0] - scores[0][0] == value  # type: ignore[index]
    assert scores[1] == tuple(final_totals(rich)[0])


def test_a_tie_goes_to_more_figures_on_the_board_then_is_shared():
    # §9 winner: the highest total; tied, more figures still on the board; still tied, shared.
    squares = {"a1": "k5@0", "a2": "p5@1", "a3": "==@1"}
    outcome = ranking(position(squares, num_players=3, coins={0: 0, 1: 0, 2: 0}))
    assert outcome.scores == (5, 5, 0) and outcome.winners == frozenset({1}) and outcome.ranks == (2, 1, 3)
    assert outcome.reason == msg("venezia2099.outcome.tiebreak", player=msg("venezia2099.seat.1"), points=5, figures=2)
    outcome = ranking(position({**squares, "a4": "==@0"}, num_players=3, coins={0: 0, 1: 0, 2: 0}))
    assert outcome.winners == frozenset({0, 1}) and outcome.ranks == (1, 1, 3)
    assert outcome.reason == msg("venezia2099.outcome.shared", count=2, points=5, figures=2)
    outcome = ranking(position(squares, num_players=3, coins={0: 1, 1: 0, 2: 0}))
    assert outcome.winners == frozenset({0})
    assert outcome.reason == msg("venezia2099.outcome.points", player=msg("venezia2099.seat.0"), points=6)


def test_a_drowned_figure_does_not_stop_the_others_from_scoring():
    state = position({"a1": "k5@0", "a2": "p6@0"}, num_players=3, coins={0: 0, 1: 0, 2: 0})
    first, second = state.figures[0][:2]
    state = replace(state, figures=((LOST, second, first), *state.figures[1:]))
    assert ranking(state).scores[0] == 11 == final_totals(state)[0][0]  # type: ignore[index]
