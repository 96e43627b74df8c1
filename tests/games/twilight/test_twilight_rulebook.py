"""Twilight of Venice against the rulebook (``shared/rules/twilight.md``), in numbers written here.

The 54 cards counted per kind (§2), and every round's setup (§5.2) over random matches:
8 cards each, a deck of 38, empty discards, no single-type hand, the tokens on their
cells, the Merchant on the first player's side and the roles swapped each round.
"""

from __future__ import annotations

from collections import Counter

import pytest

from games.twilight import GAME, TwilightOptions
from games.twilight.model import kind_of
from tests.games.twilight.helpers import codes, position, random_game

CARDS = {
    "d": 12,
    "g1": 4,
    "g11": 10,
    "gx": 2,
    "m1": 2,
    "m2": 8,
    "m3": 2,
    "h1": 1,
    "h2": 3,
    "h3": 4,
    "h4": 3,
    "h5": 1,
    "hd": 2,
}
"""§2's table: Doge 12; Guards 4 + 10 + 2; Merchant 2 / 8 / 2; Harlequin 1 / 3 / 4 / 3 / 1 and ◊ 2."""
TYPE_OF = {"d": "doge", "g": "guards", "m": "merchant", "h": "harlequin"}


def kinds(cards):
    return Counter(kind_of(card).value for card in cards)


def check_round_setup(state, first):
    """§5.2 for a round whose first player (the Merchant holder) is ``first``."""
    assert state.first == first and state.to_play == first and state.deal == 1
    assert [len(hand) for hand in state.hands] == [8, 8] and len(state.deck) == 38
    assert state.discards == ((), ())
    assert kinds([*state.deck, *state.hands[0], *state.hands[1]]) == CARDS
    for hand in state.hands:
        assert len({TYPE_OF[kind_of(card).value[0]] for card in hand}) > 1, "a single-type hand is redealt"
    board = state.board
    side = 1 if first == 0 else -1  # seat 0 counts cells toward its end as positive (rel_A(x) = x)
    assert (board.doge, board.guard_w, board.guard_e, board.favourite) == (0, -2, 2, 0)
    assert (board.merchant, board.harlequin) == (side, -side)


@pytest.mark.parametrize("seed", range(8))
def test_match_setup(seed):
    state = GAME.initial_state(seed, 2)
    check_round_setup(state, state.first)


def test_the_coin_gives_the_merchant_to_either_seat():
    assert {GAME.initial_state(seed, 2).first for seed in range(12)} == {0, 1}


def test_every_round_is_set_up_afresh_with_the_roles_swapped():
    rounds_seen: Counter[int] = Counter()
    for seed in range(30):
        if seed >= 10 and rounds_seen[3] >= 2:
            break
        first = GAME.initial_state(seed, 2).first
        current = 1
        for state, _, _ in random_game(seed):
            if state.to_play is None:
                break
            if state.round != current:
                assert state.round == current + 1
                first = 1 - first
                current = state.round
                check_round_setup(state, first)
                rounds_seen[current] += 1
    assert rounds_seen[2] > 0 and rounds_seen[3] > 0


def court_score(board, seat):
    """§9 for seat 0 (cells toward its end positive) or seat 1: mansion tokens + the court bonus."""
    sign = 1 if seat == 0 else -1
    cells = (board.guard_w, board.guard_e, board.merchant, board.harlequin)
    in_mansion = sum(1 for cell in cells if sign * cell >= 7)
    court = all(sign * cell >= 1 for cell in (board.doge, board.guard_w, board.guard_e))
    return in_mansion + (1 if court else 0)


def test_the_favourite_walks_by_the_score_difference_after_every_played_turn():
    walked = 0
    for seed in range(12):
        for state, _, _ in random_game(seed):
            last = state.last_turn
            if last is None or last.discarded or not last.steps or abs(last.after.doge) >= 7:
                continue
            net = court_score(last.after, 0) - court_score(last.after, 1)
            assert last.favourite_to == max(-8, min(8, last.favourite_from + net))
            walked += net != 0
    assert walked > 20


def test_the_match_result_follows_the_rounds():
    # §12: rounds 1 and 2 always; a third only when the wins are equal; most wins take the match.
    for seed in range(20):
        *_, (final, _, _) = random_game(seed)
        results = [result.winner for result in final.results]
        wins = [results.count(0), results.count(1)]
        early = [results[:2].count(0), results[:2].count(1)]
        assert len(results) == (2 if early[0] != early[1] else 3)
        outcome = GAME.outcome(final)
        assert outcome is not None and outcome.scores == tuple(wins)
        expected = {0, 1} if wins[0] == wins[1] else {0 if wins[0] > wins[1] else 1}
        assert outcome.winners == frozenset(expected)


def test_without_the_diamond_variant_only_the_diamond_card_loses_masquerade():
    # §8.2 and the option: with diamond_masquerade off, Harlequin ◊ moves only the Harlequin,
    # while Harlequin 1-5 keep Masquerade.
    options = TwilightOptions(diamond_masquerade=False)
    state = position(east="h3 hd d", harlequin=1, merchant=-1, options=options)
    legal = codes(state)
    assert "h3.m.+" in legal and "h3.m.-" in legal and "h3.gw.-" in legal
    assert "hd.h" in legal and not [code for code in legal if code.startswith("hd.") and code != "hd.h"]
