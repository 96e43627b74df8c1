"""Every worked example (TW-EX-01..11) and derived scenario (TW-D-01..08) of the rules file.

Positions are built directly (``helpers.position``); seat 0 is the spec's player A (East,
positive cells), seat 1 is B (West). Board legend: D Doge, W/E the west/east Guard
(G⁻/G⁺), M Merchant, H Harlequin, F Favourite.
"""

from __future__ import annotations

import dataclasses

import pytest

from games.core import IllegalMove
from games.i18n import translator
from games.twilight import GAME
from games.twilight.labels import card_list, card_name, seat_label
from games.twilight.model import CardKind, CardType, card_type, kind_of
from games.twilight.rules import deal_round, initial_state, is_match_over
from games.twilight.state import RoundEnd, RoundResult, TwilightOptions
from tests.games.twilight.helpers import codes, every_card, play, position

EN = translator(GAME.messages, "en")


def board_of(state):
    board = state.board
    return (board.doge, board.guard_w, board.guard_e, board.merchant, board.harlequin, board.favourite)


def public_texts(events):
    return [EN(event.message) for event in events if event.audience is None]


def illegal_code(state, text):
    with pytest.raises(IllegalMove) as caught:
        GAME.parse_move(state, state.to_play, text)
    return caught.value.code


# --- TW-EX-01 ------------------------------------------------------------------------------


@pytest.mark.parametrize("first", [0, 1], ids=["A-has-merchant", "B-has-merchant"])
def test_ex01_setup_position(first):
    seed = next(seed for seed in range(100) if initial_state(seed, TwilightOptions()).first == first)
    state = GAME.initial_state(seed, 2)
    merchant = 1 if first == 0 else -1
    assert board_of(state) == (0, -2, 2, merchant, -merchant, 0)
    assert [len(hand) for hand in state.hands] == [8, 8]
    assert GAME.to_move(state) == frozenset({first})
    assert len(state.deck) == 38 and state.deal == 1 and state.round == 1


def test_ex01_round_two_swaps_the_merchant():
    # A wins round 1 at once: D=+6 with E on +8, Doge 1 east enters A's mansion.
    state = position(doge=6, guard_w=3, guard_e=8, east="d d", first=0)
    state, events = play(state, "d.+", "end")
    assert state.round == 2 and state.first == 1 and state.to_play == 1
    assert board_of(state) == (0, -2, 2, -1, 1, 0)
    assert state.results == (RoundResult(0, RoundEnd.DOGE),)
    assert "Round 2 begins" in " ".join(public_texts(events))


# --- TW-EX-02 ------------------------------------------------------------------------------


def test_ex02_one_type_different_values():
    state = position(east="h2 h4 hd m2 m2 d g1 g11", harlequin=-1)
    state, _ = play(state, "h2.h.-")
    assert state.board.harlequin == -3
    assert illegal_code(state, "m2.+") == "twilight.error.second_type"
    state, _ = play(state, "h4.h.+", "hd.h")
    assert state.board.harlequin == 0
    state, events = play(state, "end")
    assert sorted(kind_of(card) for card in state.discards[0]) == [
        CardKind.HARLEQUIN_2,
        CardKind.HARLEQUIN_4,
        CardKind.HARLEQUIN_ZERO,
    ]
    assert len(state.hands[0]) == 8 and state.last_turn is not None and state.last_turn.drawn == 3
    assert "East House drew 3 cards." in public_texts(events)


# --- TW-EX-03 ------------------------------------------------------------------------------


def test_ex03_merchant_seven_cells():
    state = position(east="m3 m1 m1 m2 d d g1 g1", merchant=1)
    state, _ = play(state, "m3.+", "m1.+", "m1.+", "m2.+")
    assert state.board.merchant == 8
    state, events = play(state, "end")
    assert state.board.favourite == 1
    assert state.last_turn is not None and state.last_turn.drawn == 4
    assert "The Favourite moves 1 cell toward East House's mansion, to E1." in public_texts(events)


def test_ex03_mirrored_the_favourite_moves_toward_west():
    # TW-EX-03 seen from West: the same cards carry the Merchant into West's mansion, so the
    # Favourite steps toward West, and the event names West (not East) as the side it moves to.
    state = position(east="d d g1 g1", west="m3 m1 m1 m2", merchant=-1, harlequin=1, first=1, to_play=1)
    state, _ = play(state, "m3.-", "m1.-", "m1.-", "m2.-")
    assert state.board.merchant == -8
    state, events = play(state, "end")
    assert state.board.favourite == -1
    assert "The Favourite moves 1 cell toward West House's mansion, to W1." in public_texts(events)


def test_ex03_negative_variant_last_card_only_westward():
    state = position(east="m3 m1 m1 m2 d d g1 g1", merchant=2)
    state, _ = play(state, "m3.+", "m1.+", "m1.+")
    assert state.board.merchant == 7
    assert illegal_code(state, "m2.+") == "twilight.error.off_track"
    state, _ = play(state, "m2.-")
    assert state.board.merchant == 5


# --- TW-EX-04 ------------------------------------------------------------------------------


@pytest.mark.parametrize("merchant", [7, 8])
def test_ex04_favourite_moves_two(merchant):
    # W=0, D=+3, E=+7, M in A's mansion, H=-3: score A = 2 (E and M), no court bonus (W on 0).
    state = position(guard_w=0, doge=3, guard_e=7, merchant=merchant, harlequin=-3, east="h1 d d d g1 g1 m2 m2")
    state, _ = play(state, "h1.h.-", "end")
    assert state.board.favourite == 2
    assert state.to_play == 1 and state.results == ()


# --- TW-EX-05 ------------------------------------------------------------------------------


def test_ex05_masquerade_on_the_merchant():
    state = position(doge=0, harlequin=1, merchant=-1, first=1, to_play=0, east="h2 h3 h1 m2 d d g1 g1")
    state, _ = play(state, "h2.m.+")
    assert (state.board.merchant, state.board.harlequin) == (1, 1)
    state, _ = play(state, "h3.m.+")
    assert board_of(state)[:5] == (0, -2, 2, 4, 1)
    assert illegal_code(state, "m2.+") == "twilight.error.second_type"
    assert illegal_code(state, "h1.h.+") == "twilight.error.target_locked"
    state, _ = play(state, "end")
    assert state.board.favourite == 0


# --- TW-EX-06 ------------------------------------------------------------------------------


def test_ex06a_doge_reaches_the_harlequin_and_masquerade_ends():
    state = position(guard_w=-2, doge=0, harlequin=3, guard_e=6, merchant=-1, east="h3 h2 d d g1 g1 m2 m2")
    state, _ = play(state, "h3.d.+")
    assert state.board.doge == 3
    assert illegal_code(state, "h2.d.+") == "twilight.error.masquerade_over"
    assert codes(state) == ["end", "undo"]
    state, _ = play(state, "end")
    assert state.board.favourite == 0
    assert state.last_turn is not None and state.last_turn.drawn == 1


def test_ex06b_smaller_card_first_keeps_masquerade():
    state = position(guard_w=-2, doge=0, harlequin=3, guard_e=6, merchant=-1, east="h3 h2 d d g1 g1 m2 m2")
    state, _ = play(state, "h2.d.+", "h3.d.+")
    assert state.board.doge == 5
    state, _ = play(state, "end")
    assert state.last_turn is not None and state.last_turn.drawn == 2


def test_ex06_variant_guard_blocks_the_second_card():
    state = position(guard_w=-2, doge=0, harlequin=3, guard_e=5, merchant=-1, east="h3 h2 d d g1 g1 m2 m2")
    state, _ = play(state, "h2.d.+")
    assert illegal_code(state, "h3.d.+") == "twilight.error.nobility"


# --- TW-EX-07 ------------------------------------------------------------------------------


def test_ex07_favourite_overshoot_still_wins():
    state = position(
        guard_w=2, doge=5, guard_e=8, merchant=7, harlequin=8, favourite=5, to_play=1, first=0, west="g1 d m2"
    )
    state, events = play(state, "g1.gw.+", "end")
    assert state.results[0] == RoundResult(0, RoundEnd.FAVOURITE)
    assert "The Favourite reaches East House's mansion!" in public_texts(events)
    assert "The Favourite moves 4 cells toward East House's mansion, to E8." in public_texts(events)
    assert state.last_turn is not None and state.last_turn.drawn == 0  # the round ended before any draw


# --- TW-EX-08 ------------------------------------------------------------------------------


@pytest.mark.parametrize("harlequin", [1, 3], ids=["harlequin-behind-doge", "harlequin-on-doge"])
def test_ex08_masquerade_not_available_to_a(harlequin):
    state = position(guard_w=-2, harlequin=harlequin, doge=3, guard_e=5, east="h2 h3 hd d g1 m2 m2 m1")
    harlequin_plays = [code for code in codes(state) if code.startswith("h")]
    assert harlequin_plays and all(code.split(".")[1] == "h" for code in harlequin_plays)
    assert illegal_code(state, "h2.m.+") == "twilight.error.masquerade_unavailable"


def test_ex08_masquerade_available_to_b():
    state = position(guard_w=-2, harlequin=1, doge=3, guard_e=5, to_play=1, west="h2 h3 d g1 m2 m2 m1 m1")
    assert {"h2.d.-", "h2.m.+", "h2.gw.-"} <= set(codes(state))


# --- TW-EX-09 ------------------------------------------------------------------------------


def test_ex09_cortege_must_move_all_three():
    state = position(guard_w=-1, doge=3, guard_e=8, east="d d m2 m2 g1 g1 h2 h3")
    assert illegal_code(state, "dd.+") == "twilight.error.off_track"
    after, _ = play(state, "dd.-")
    assert board_of(after)[:3] == (2, -2, 7)
    after, _ = play(state, "d.+")
    assert after.board.doge == 4


def test_ex09_cortege_into_the_mansion_wins_at_once():
    state = position(guard_w=3, doge=6, guard_e=7, favourite=-6, east="d d m2 m2 g1 g1 h2 h3")
    state, _ = play(state, "dd.+")
    assert board_of(state)[:3] == (7, 4, 8)
    assert codes(state) == ["end", "undo"]
    state, events = play(state, "end")
    assert state.results == (RoundResult(0, RoundEnd.DOGE),)
    assert not any("Favourite" in text for text in public_texts(events))


# --- TW-EX-10 ------------------------------------------------------------------------------


def test_ex10a_first_player_empties_the_deck_second_gets_one_more_turn():
    state = position(
        deal=2, deck=3, first=0, guard_w=-4, doge=-1, east="m1 m2 m2 m3 d d g1 g1", west="d d d g11 g11 h2 h3 m2"
    )
    state, events = play(state, "m1.+", "m2.+", "m2.-", "m3.-", "end")
    assert state.deck == () and state.to_play == 1 and state.results == ()
    assert "The deck is exhausted: West House takes one last turn, then the round is checked." in public_texts(events)
    state, events = play(state, "d.-", "end")
    assert "West House cannot draw: the deck is empty." in public_texts(events)
    assert state.results == (RoundResult(1, RoundEnd.CHECK_DOGE),)


def test_ex10b_second_player_empties_the_deck_check_is_immediate():
    state = position(deal=2, deck=3, first=0, guard_w=-4, doge=-1, east="m1 m2 m2 m3 d d g1 g1", west="d d d g11")
    state, _ = play(state, "m2.+", "end")
    assert len(state.deck) == 2 and state.to_play == 1
    state, _ = play(state, "d.-", "d.-", "end")
    assert state.results == (RoundResult(1, RoundEnd.CHECK_DOGE),)
    assert state.round == 2


@pytest.mark.parametrize(
    ("doge", "favourite", "deal", "expected"),
    [
        (1, 0, 2, RoundResult(0, RoundEnd.CHECK_DOGE)),
        (0, -1, 2, RoundResult(1, RoundEnd.CHECK_FAVOURITE)),
        (0, 0, 3, RoundResult(None, RoundEnd.DRAW)),
    ],
    ids=["doge-east", "favourite-west", "third-deal-drawn"],
)
def test_ex10_check_outcomes(doge, favourite, deal, expected):
    # B (second player) ends a turn with the deck empty; the Merchant move changes no score.
    state = position(deal=deal, deck=0, first=0, to_play=1, doge=doge, favourite=favourite, west="m2 d g1 g11")
    state, events = play(state, "m2.-", "end")
    assert state.results == (expected,)
    assert not any("None" in text for text in public_texts(events))  # e.g. a drawn round's reason
    # The new round's first picture still shows the turn that ended the round, drawn or won.
    last = state.last_turn
    assert last is not None and last.seat == 1
    assert len(last.steps) == 1 and last.after.merchant == -1  # West's m2.- from the Merchant's 1


def test_ex10_check_with_doge_and_favourite_on_zero_starts_the_third_deal():
    state = position(deal=2, deck=0, first=0, to_play=1, west="m2 d g1 g11")
    # East ended the previous turn short of cards: three of its cards are on its discard pile.
    east = state.hands[0]
    state = dataclasses.replace(
        state, hands=(east[3:], state.hands[1]), discards=(state.discards[0] + east[:3], state.discards[1])
    )
    state, events = play(state, "m2.-", "end")
    assert state.results == () and state.deal == 3
    assert state.to_play == 0 and [len(hand) for hand in state.hands] == [8, 8]
    assert len(state.deck) == 54 - 16
    texts = public_texts(events)
    east_draw = texts.index("East House drew 3 cards.")
    west_draw = texts.index("West House drew 1 card.")
    assert east_draw < west_draw
    # The new deck is every card outside the hands: 54 less East's 5 and West's 7 (after m2).
    assert (
        "The Doge and the Favourite both stand on 0: the discards were shuffled into a new deck of 42 cards, "
        "both players drew up to 8, and the third deal begins."
    ) in texts


def test_a_drawn_match_has_both_seats_as_winners_with_equal_ranks():
    # §12: one round each and a drawn third round: the match is drawn.
    results = (RoundResult(0, RoundEnd.DOGE), RoundResult(1, RoundEnd.FAVOURITE), RoundResult(None, RoundEnd.DRAW))
    state = dataclasses.replace(position(round_number=3), to_play=None, results=results)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert (outcome.winners, outcome.ranks, outcome.scores) == (frozenset({0, 1}), (1, 1), (1, 1))


# --- TW-EX-11 ------------------------------------------------------------------------------


def finish_round(state, result):
    """End the current round with ``result`` by the shortest legal turn."""
    if result == "A":
        state = dataclasses.replace(
            position(doge=6, guard_w=3, guard_e=8, east="d d", west="d d", to_play=0, first=state.first),
            results=state.results,
            round=state.round,
        )
        return play(state, "d.+", "end")[0]
    if result == "B":
        state = dataclasses.replace(
            position(doge=-6, guard_w=-8, guard_e=-3, east="d d", west="d d", to_play=1, first=state.first),
            results=state.results,
            round=state.round,
        )
        return play(state, "d.-", "end")[0]
    second = 1 - state.first
    state = dataclasses.replace(
        position(deal=3, deck=0, to_play=second, first=state.first, east="m2", west="m2"),
        results=state.results,
        round=state.round,
    )
    return play(state, "m2.-" if second == 1 else "m2.+", "end")[0]


@pytest.mark.parametrize(
    ("results", "over", "winner"),
    [
        (("A", "draw"), True, 0),
        (("A", "B"), False, None),
        (("draw", "draw"), False, None),
        (("A", "B", "draw"), True, None),
        (("B", "A", "B"), True, 1),
        (("draw", "B"), True, 1),
    ],
    ids=["A-draw", "A-B", "draw-draw", "1-1-then-draw", "B-A-B", "draw-B"],
)
def test_ex11_match_scoring(results, over, winner):
    state = GAME.initial_state(11, 2)
    firsts = [state.first]
    for result in results:
        state = finish_round(state, result)
        firsts.append(state.first)
    assert (GAME.outcome(state) is not None) == over
    if over:
        outcome = GAME.outcome(state)
        assert outcome is not None and GAME.to_move(state) == frozenset()
        if winner is None:
            assert outcome.is_draw
        else:
            assert outcome.winners == frozenset({winner})
        # the match score is the rounds won; the winner ranks first, a draw ranks both first
        wins = (results.count("A"), results.count("B"))
        assert outcome.scores == wins
        assert outcome.ranks == {None: (1, 1), 0: (1, 2), 1: (2, 1)}[winner]
        reason = EN(outcome.reason)
        assert reason.endswith(f"(rounds won: East House {wins[0]}, West House {wins[1]}).")
    else:
        assert state.round == len(results) + 1
        # the Merchant swaps sides every round
        assert all(firsts[i] != firsts[i + 1] for i in range(len(results)))


def test_ex11_is_match_over_table():
    a, b, d = RoundResult(0, RoundEnd.DOGE), RoundResult(1, RoundEnd.DOGE), RoundResult(None, RoundEnd.DRAW)
    assert not is_match_over((a,))
    assert is_match_over((a, d)) and is_match_over((a, a))
    assert not is_match_over((a, b)) and not is_match_over((d, d))
    assert is_match_over((a, b, d)) and is_match_over((d, d, d))


# --- TW-D-01 .. TW-D-08 ----------------------------------------------------------------------


def test_d01_nobility():
    state = position(guard_w=-2, doge=-1, guard_e=2, east="d d g1 g1 m2 m2 h2 h3")
    assert illegal_code(state, "d.-") == "twilight.error.nobility"
    after, _ = play(state, "d.+")
    assert after.board.doge == 0
    assert illegal_code(state, "g1.gw.+") == "twilight.error.nobility"


@pytest.mark.parametrize(
    ("code", "guards"),
    [("g11.++", (-2, 2)), ("g11.ge.+", (-3, 3)), ("g11.gw.+", (-1, 1))],
)
def test_d02_guards_one_plus_one_legal(code, guards):
    state = position(guard_w=-3, doge=0, guard_e=1, east="g11 g11 d d m2 m2 h2 h3")
    after, _ = play(state, code)
    assert (after.board.guard_w, after.board.guard_e) == guards


@pytest.mark.parametrize("code", ["g11.+-", "g11.--", "g11.ge.-"])
def test_d02_guards_one_plus_one_illegal(code):
    state = position(guard_w=-3, doge=0, guard_e=1, east="g11 g11 d d m2 m2 h2 h3")
    assert illegal_code(state, code) == "twilight.error.nobility"


def test_d03_guards_close_in():
    state = position(guard_w=-4, doge=1, guard_e=5, east="gx d d m2 m2 h2 h3 g1")
    after, _ = play(state, "gx")
    assert (after.board.guard_w, after.board.guard_e) == (0, 2)
    state = position(guard_w=0, doge=1, guard_e=2, east="gx d d m2 m2 h2 h3 g1")
    assert illegal_code(state, "gx") == "twilight.error.no_effect"


def test_d04_guilds_word():
    state = position(merchant=4, guard_w=-2, doge=0, guard_e=5, east="d d m2 m2 h2 h3 g1 g1")
    after, _ = play(state, "s.d")
    assert after.board.doge == 4
    after, _ = play(state, "s.ge")
    assert after.board.guard_e == 4
    assert illegal_code(state, "s.gw") == "twilight.error.nobility"
    assert illegal_code(state, "s.h") == "twilight.error.summon_target"
    after, _ = play(state, "s.ge", "end")
    assert not any(code.startswith("s.") for code in codes(after))


def test_d04_summoning_the_doge_into_a_mansion_wins():
    state = position(merchant=7, guard_w=-2, doge=0, guard_e=8, east="d d m2 m2 h2 h3 g1 g1")
    state, _ = play(state, "s.d")
    assert state.board.doge == 7 and codes(state) == ["end", "undo"]
    state, _ = play(state, "end")
    assert state.results == (RoundResult(0, RoundEnd.DOGE),)


def test_d05_discarding_skips_the_favourite():
    state = position(guard_w=0, doge=3, guard_e=7, merchant=7, harlequin=-3, east="h1 d d d g1 g1 m2 m2")
    hand = state.hands[0]
    state, events = play(state, "discard")
    assert state.board.favourite == 0 and state.to_play == 1
    assert state.discards[0][-8:] == hand
    assert len(state.hands[0]) == 8 and not set(state.hands[0]) & set(hand)
    assert any(text.startswith("East House discarded the whole hand (8 cards:") for text in public_texts(events))


def test_d06_first_reshuffle_in_the_middle_of_a_draw():
    state = position(deck=2, deal=1, east="m1 m2 m2 m3 m3 d g1 g1")
    discards_before = len(state.discards[0]) + len(state.discards[1])
    state, events = play(state, "m1.+", "m2.+", "m2.-", "m3.+", "m3.-", "end")
    assert state.deal == 2 and len(state.hands[0]) == 8
    assert len(state.deck) == discards_before + 5 - 3
    assert state.discards == ((), ())
    assert state.to_play == 1 and state.results == ()
    assert any("The second deal begins" in text for text in public_texts(events))
    assert every_card(state) == list(range(54))


@pytest.mark.parametrize("seat", [0, 1], ids=["east-draws", "west-draws"])
def test_d06_the_reshuffle_needs_cards_in_one_discard_pile_only(seat):
    # Only the drawing player's pile holds cards (the other played none this deal): the
    # empty deck is still rebuilt from the discards at once, whichever pile they are in.
    hand = "m1 m2 d d g1 g1 h2 h3"
    state = position(deck=1, deal=1, to_play=seat, first=seat, **{("east" if seat == 0 else "west"): hand})
    pile = state.discards[0] + state.discards[1]
    state = dataclasses.replace(state, discards=(pile, ()) if seat == 0 else ((), pile))
    way = "+" if seat == 0 else "-"
    state, _ = play(state, f"m1.{way}", f"m2.{way}", "end")
    assert state.deal == 2 and len(state.hands[seat]) == 8 and state.discards == ((), ())
    assert len(state.deck) == 54 - 16


def reshuffled_with_seed(seed):
    """The D-06 reshuffle played from one fixed position, in a match of seed ``seed``."""
    state = dataclasses.replace(position(deck=2, deal=1, east="m1 m2 m2 m3 m3 d g1 g1"), seed=seed)
    state, _ = play(state, "m1.+", "m2.+", "m2.-", "m3.+", "m3.-", "end")
    assert state.deal == 2
    return state.hands[0], state.deck


def test_d06_the_reshuffle_follows_the_match_seed():
    # The same position and moves, different matches: each match shuffles its own way, and a
    # match replayed from its seed shuffles the same way again.
    orders = {seed: reshuffled_with_seed(seed) for seed in (5, 6, 7)}
    assert len(set(orders.values())) == 3
    assert reshuffled_with_seed(6) == orders[6]
    hand, deck = orders[5]
    assert all(sorted(hand + deck) == sorted(other_hand + other_deck) for other_hand, other_deck in orders.values())


def test_d06_the_reshuffle_of_a_recorded_seed_stays_the_same():
    # A known answer, recorded once: stored matches are replayed from their seed and moves, so
    # the reshuffle's random stream (the move's ply, stream 1) must not change between versions.
    hand, deck = reshuffled_with_seed(5)
    assert hand == (0, 2, 9, 12, 13, 25, 29, 51)
    assert deck[:6] == (39, 42, 6, 44, 31, 46) and len(deck) == 38


def test_d07_single_type_opening_hand_is_redealt():
    # Seed 3460 deals East eight cards of one type first (found by search).
    state = GAME.initial_state(3460, 2)
    (reveal,) = state.revealed
    assert reveal.seat == 0 and len(reveal.cards) == 8
    assert len({card_type(kind_of(card)) for card in reveal.cards}) == 1
    for hand in state.hands:
        assert len({card_type(kind_of(card)) for card in hand}) > 1
    assert every_card(state) == list(range(54))
    view = GAME.view(state, 1)
    assert view.revealed[0].seat == 0 and len(set(map(card_type, view.revealed[0].cards))) == 1
    # A known answer, recorded once: the redeal's random stream is part of every stored match.
    assert state.hands == ((10, 11, 17, 18, 29, 43, 48, 50), (5, 8, 12, 24, 26, 32, 34, 49))


def test_d07_redeal_in_round_two():
    # Seed 1014: the deal of round 2 (ply 2, West first) gives East a single-type hand.
    _, _, reveals = deal_round(1014, 2, 1, stream=1)
    assert reveals
    state = position(doge=6, guard_w=3, guard_e=8, east="d d", seed=1014)
    state, events = play(state, "d.+", "end")
    assert state.round == 2 and state.revealed == reveals
    announced = [text for text in public_texts(events) if "was dealt a hand of one type" in text]
    # T18: the single-type hand is shown to both players, every card of it named.
    assert announced == [
        f"{EN(seat_label(reveal.seat))} was dealt a hand of one type, shown to both: "
        f"{EN(card_list(reveal.cards))}. The cards are dealt again."
        for reveal in reveals
    ]
    names = [EN(card_name(kind_of(card))) for card in reveals[0].cards]
    assert all(name in announced[0] for name in names) and len(names) == 8
    assert all(len({card_type(kind_of(card)) for card in hand}) > 1 for hand in state.hands)


def test_d08_opponents_mansion():
    state = position(guard_w=-6, doge=2, guard_e=8, harlequin=-5, to_play=1, west="h5 d d m2 m2 g1 g1 h2")
    state, _ = play(state, "h5.d.+")
    assert state.board.doge == 7
    state, events = play(state, "end")
    assert state.results == (RoundResult(0, RoundEnd.DOGE),)
    assert "East House wins round 1: the Doge entered the mansion." in public_texts(events)
    assert "The Doge enters East House's mansion!" in public_texts(events)
    assert state.last_turn is not None and state.last_turn.drawn == 0  # the round ended before any draw


def test_card_types_cover_the_four_types():
    assert {card_type(kind) for kind in CardKind} == set(CardType)


def test_a_drawn_round_is_announced_with_its_number():
    # §11: a round whose last deal ends with the Doge outside both mansions is drawn.
    state = finish_round(GAME.initial_state(11, 2), "A")
    second = 1 - state.first
    state = dataclasses.replace(
        position(deal=3, deck=0, to_play=second, first=state.first, east="m2", west="m2"),
        results=state.results,
        round=state.round,
    )
    _, events = play(state, "m2.-" if second == 1 else "m2.+", "end")
    public = [EN(event.message) for event in events if event.audience is None]
    assert any(text.startswith("Round 2 is drawn: ") for text in public), public


def test_a_cortege_moves_the_court_only():
    # A Cortège moves the Doge and both Guards together; the Merchant, the Harlequin and
    # the Favourite stay where they are.
    state = position(merchant=4, harlequin=-3, favourite=2, east="d d m2")
    state, _ = play(state, "dd.+")
    assert board_of(state) == (1, -1, 3, 4, -3, 2)
