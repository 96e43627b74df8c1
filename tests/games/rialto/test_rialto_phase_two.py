"""Phase II (§7.2-§7.3): plays, Jokers, yellow buildings, the bonus, and the six actions.

Worked examples R-EX3 ... R-EX5, R-EX11 ... R-EX13 and R-EX15 of ``rules/rialto.md`` §14.
Seats are Red (0), Blue (1), White (2), ...
"""

from __future__ import annotations

import pytest

from games.core import IllegalMove
from games.rialto import GAME, RialtoOptions
from games.rialto.model import Decision, Phase
from tests.games.rialto.helpers import act, at_step, build, doge, play, texts

RED, BLUE, WHITE = 0, 1, 2


def test_step_a_rulebook_example_1_r_ex3():
    state = build(3, players={RED: {"hand": "AAA"}, BLUE: {"hand": "AA"}, WHITE: {"hand": "A"}})
    state = doge(state, (BLUE, 1), (RED, 1), (WHITE, 1))
    state = at_step(state, "A")
    assert state.first == BLUE and state.queue == (BLUE, WHITE, RED)
    state, events = play(state, "A2", "ok", "A1", "ok", "A3", "ok")
    assert "Red gets the bonus with 3." in texts(events)
    assert state.doge_space == (5, 3, 2)
    assert GAME.view(state, None).doge_order == (RED, BLUE, WHITE)
    assert state.step == 1 and state.first == RED and state.queue[0] == RED


def test_stacking_puts_later_arrivals_on_top_r_ex3b():
    state = build(3, players={BLUE: {"hand": "A"}, WHITE: {"hand": "AA"}})
    state = doge(state, (RED, 4), (BLUE, 3), (WHITE, 1))
    state = at_step(state, "A")
    assert state.first == RED
    state, _ = play(state, "pass", "A1", "ok", "A2", "ok")
    assert state.doge_space == (4, 4, 4)
    assert GAME.view(state, None).doge_order == (WHITE, BLUE, RED)


@pytest.mark.parametrize(
    ("other_hand", "other_ahead", "coins"),
    [("", False, 5), ("BBBB", False, 4), ("BBB", True, 4), ("BBB", False, 5)],
    ids=["alone", "beaten", "tie-lost-on-doge", "tie-won-on-doge"],
)
def test_y4_converts_a_doge_card_into_two_gold_r_ex4(other_hand, other_ahead, coins):
    state = build(2, players={RED: {"hand": "AJD", "coins": 2, "buildings": ["Y4"]}, BLUE: {"hand": other_hand}})
    state = doge(state, *(((BLUE, 1), (RED, 1)) if other_ahead else ((RED, 1), (BLUE, 1))))
    state = at_step(state, "B", first=RED)
    state, events = act(state, RED, "Y4-A", "J1", "ok")
    assert "Red plays 3× Gold: 1× Doge, 1× Joker, with Yellow 4 (double)." in texts(events)
    state, _ = act(state, BLUE, "pass" if not other_hand else f"B{len(other_hand)}")
    if other_hand:
        state, _ = act(state, BLUE, "ok")
    red = state.players[RED]
    assert red.coins == coins
    assert red.hand == (0, 0, 0, 1, 0, 0, 0)
    assert red.buildings == ("Y4*",)


@pytest.mark.parametrize(
    ("hand", "buildings", "draft", "count"),
    [
        ("JJB", [], ["J2"], 1),
        ("JJJB", [], ["J2", "J3"], 2),
        ("AJJ", [], ["A1", "J2"], 3),
        ("JY", ["Y3"], ["J1", "Y3"], 1),
    ],
    ids=["two-jokers", "three-jokers", "card-and-jokers", "joker-and-y3"],
)
def test_legal_joker_plays_r_ex5(hand, buildings, draft, count):
    hand = hand.replace("Y", "")
    state = build(2, players={RED: {"hand": hand, "buildings": buildings, "coins": 1}})
    state = at_step(state, "A", first=RED)
    state, _ = act(state, RED, *draft)
    assert "ok" in GAME.legal_moves(state, RED)
    state, _ = act(state, RED, "ok")
    assert state.counts[RED] == count


@pytest.mark.parametrize(
    ("hand", "buildings", "draft", "code"),
    [
        ("AJJ", [], ["J2"], "rialto.error.jokers_with_card"),
        ("J", [], ["J1"], "rialto.error.joker_alone"),
        ("B", ["Y3"], ["Y3"], "rialto.error.joker_alone"),
        ("A", [], [], "rialto.error.empty_play"),
    ],
    ids=["jokers-while-holding-a-doge", "lone-joker", "lone-y3", "nothing-chosen"],
)
def test_illegal_joker_plays_r_ex5(hand, buildings, draft, code):
    state = build(2, players={RED: {"hand": hand, "buildings": buildings, "coins": 1}})
    state = at_step(state, "A", first=RED)
    state, _ = act(state, RED, *draft)
    assert "ok" not in GAME.legal_moves(state, RED)
    assert "pass" in GAME.legal_moves(state, RED)
    with pytest.raises(IllegalMove) as caught:
        act(state, RED, "ok")
    assert caught.value.code == code


def test_a_lone_joker_hand_can_only_pass_or_draft():
    state = at_step(build(2, players={RED: {"hand": "J"}}), "A", first=RED)
    assert GAME.legal_moves(state, RED) == ["J1", "pass"]


def test_draft_is_private_undo_and_pass_clears_it():
    state = at_step(build(2, players={RED: {"hand": "AAJ"}}), "A", first=RED)
    state, events = act(state, RED, "A2", "J1")
    assert texts(events) == [], "building a play tells the table nothing"
    assert GAME.view(state, RED).draft == ("A2", "J1")
    assert GAME.view(state, BLUE).draft == () and GAME.view(state, None).draft == ()
    state, _ = act(state, RED, "undo")
    assert state.draft == ("A2",)
    state, _ = act(state, RED, "pass")
    assert state.players[RED].hand[0] == 2 and state.counts[RED] == 0


def test_label_shows_the_resulting_count_before_confirming():
    state = at_step(build(2, players={RED: {"hand": "AAJ"}}), "A", first=RED)
    state, _ = act(state, RED, "A2")
    label = GAME.describe_move(state, RED, "J1")
    from games.i18n import render

    assert render(GAME.messages, "en", label) == "1× Joker — count 3"


def test_y1_postpones_after_everyone_in_clockwise_order():
    players = {
        RED: {"hand": "AA", "buildings": ["Y1"], "coins": 1},
        BLUE: {"hand": "A", "buildings": ["Y1"], "coins": 1},
        WHITE: {"hand": "A"},
    }
    state = at_step(build(3, players=players), "A", first=RED)
    state, events = play(state, "Y1", "Y1")
    assert state.queue == (WHITE, RED, BLUE)
    assert "Red activates Yellow 1 (postpone), postpones their turn and takes 1 coin." in texts(events)
    assert state.players[RED].coins == 1 and state.players[RED].buildings == ("Y1*",)
    state, _ = play(state, "A1", "ok")
    assert GAME.to_move(state) == frozenset({RED})
    assert "Y1" not in GAME.legal_moves(state, RED)
    with pytest.raises(IllegalMove) as caught:
        act(state, RED, "Y1")
    assert caught.value.code in ("rialto.error.already_postponed", "rialto.error.no_building")
    state, _ = play(state, "A2", "ok", "A1", "ok")
    assert state.step == 1 and state.first == RED


def test_first_player_stays_when_nobody_played():
    state = at_step(build(3), "B", first=BLUE)
    state, events = play(state, "pass", "pass", "pass")
    assert "Nobody played a card; there is no bonus." in texts(events)
    assert state.step == 2 and state.first == BLUE


def test_building_budget_six_takes_a_four_then_at_most_two_r_ex11():
    state = build(3, players={RED: {"hand": "CCCCC"}})
    state = at_step(state, "C", first=RED)
    state, _ = play(state, "C5", "ok", "pass", "pass")
    assert state.phase is Phase.ACTION and state.decision is Decision.TAKE and state.left == 6
    assert "tY4" in GAME.legal_moves(state, RED)
    state, _ = act(state, RED, "tY4")
    assert state.left == 2
    assert GAME.legal_moves(state, RED) == ["tG1", "tG2", "tY1", "tY2", "tU1", "tU2", "pass"]
    with pytest.raises(IllegalMove) as caught:
        act(state, RED, "tY3")
    assert caught.value.code == "rialto.error.over_budget"
    state, _ = act(state, RED, "tG2")
    assert state.players[RED].buildings == ("Y4", "G2")
    assert state.step == 3


def test_three_plus_three_is_not_a_budget_of_six_r_ex11():
    state = build(3, players={RED: {"hand": "CCCCC"}})
    state, _ = play(at_step(state, "C", first=RED), "C5", "ok", "pass", "pass")
    state, _ = act(state, RED, "tU3")
    assert state.step == 3, "a value-3 building ends the taking"


def test_holding_seven_a_take_returns_a_building_for_its_value_r_ex11():
    seven = ["G1", "G1", "Y2", "U1", "U1", "G3", "U4"]
    state = build(2, players={RED: {"hand": "CC", "buildings": seven}})
    state, _ = play(at_step(state, "C", first=RED), "C2", "ok", "pass")
    state, _ = act(state, RED, "tY3")
    assert state.decision is Decision.RETURN
    assert GAME.legal_moves(state, RED) == ["rG1", "rG3", "rY2", "rU1", "rU4", "undo"]
    state, _ = act(state, RED, "undo")
    assert state.decision is Decision.TAKE
    state, events = act(state, RED, "tY3", "rY2")
    assert "Red returns Yellow 2 (convert) and gains 2 VP." in texts(events)
    red = state.players[RED]
    assert red.vp == 5 and len(red.buildings) == 7 and "Y3" in red.buildings and "Y2" not in red.buildings


def test_sold_out_buildings_are_not_offered():
    supply = [5] * 12
    supply[0] = 0  # G1
    state = build(2, players={RED: {"hand": "C"}}, supply=supply)
    state, _ = play(at_step(state, "C", first=RED), "C1", "ok", "pass")
    assert state.left == 2, "one card plus the bonus"
    assert GAME.legal_moves(state, RED) == ["tG2", "tY1", "tY2", "tU1", "tU2", "pass"]
    with pytest.raises(IllegalMove) as caught:
        act(state, RED, "tG1")
    assert caught.value.code == "rialto.error.sold_out"


def test_bridge_step_scores_penalises_and_places_r_ex12():
    players = {RED: {"hand": "DD"}, WHITE: {"hand": "DD"}}
    state = doge(build(3, players=players), (WHITE, 2), (RED, 1), (BLUE, 1))
    state = at_step(state, "D", first=RED)
    top = state.bridges[0]
    state, _ = play(state, "D2", "ok", "pass", "D2", "ok")
    assert state.decision is Decision.BRIDGE and state.queue[0] == WHITE, "White acts first, in Doge order"
    assert state.players[WHITE].vp == 6
    assert len(GAME.legal_moves(state, WHITE)) == 24
    state, events = act(state, WHITE, "K01-CAS")
    assert (state.players[RED].vp, state.players[BLUE].vp, state.players[WHITE].vp) == (5, 2, 6)
    low, high = top
    assert state.tiles[0] == f"{low}|{high}", "K01 is CAN-CAS: the high value faces Castello"
    assert f"White places a bridge between Castello ({high}) and Cannaregio ({low})." in texts(events)
    with pytest.raises(IllegalMove):
        GAME.parse_move(state, WHITE, "K01-CAN")


def test_gondola_step_with_an_empty_pool_r_ex13():
    players = {RED: {"hand": "EE", "pool": 0, "personal": 18}, BLUE: {"hand": "EEE"}}
    state = doge(build(2, players=players), (BLUE, 1), (RED, 1))
    state, _ = play(at_step(state, "E", first=RED), "E2", "ok", "E3", "ok")
    assert state.decision is Decision.GONDOLA and state.queue[0] == BLUE
    state, _ = act(state, BLUE, "K01-CAN")
    assert state.players[RED].vp == 5, "+1 VP for each card with an empty pool"


def test_gondola_bonus_with_an_empty_pool_offers_an_optional_move_r_ex13():
    players = {RED: {"hand": "EE", "pool": 0, "personal": 16, "districts": [0, 2, 0, 0, 0, 0]}}
    state = build(2, players=players)
    state, _ = play(at_step(state, "E", first=RED), "E2", "ok", "pass")
    assert state.players[RED].vp == 5
    state, _ = act(state, RED, "K07-SCR")
    assert state.tiles[6] == "G"
    assert state.players[RED].vp == 6, "+1 VP instead of the pool councillor"
    assert state.decision is Decision.FALLBACK
    assert GAME.legal_moves(state, RED) == ["m-sup", "m-CAS", "pass"]
    state, events = act(state, RED, "m-CAS")
    assert "Red moves a councillor from Castello to Santa Croce." in texts(events)
    assert state.players[RED].districts == (0, 1, 0, 1, 0, 0)


def test_gondola_bonus_moves_a_pool_councillor_into_the_chosen_district():
    state = build(2, players={RED: {"hand": "E"}})
    state, _ = play(at_step(state, "E", first=RED), "E1", "ok", "pass")
    state, _ = act(state, RED, "K12-DOR")
    red = state.players[RED]
    assert red.districts[5] == 1 and red.pool == 11 and red.personal == 6


def test_councillor_step_uses_the_personal_supply_then_optional_moves():
    players = {RED: {"hand": "FFF", "personal": 1, "pool": 15, "districts": [0, 1, 0, 0, 1, 0]}}
    state = build(2, players=players, round_of=[1, 2, 3, 4, 5, 6])
    state, _ = play(at_step(state, "F", first=RED), "F3", "ok", "pass")
    assert state.players[RED].districts[0] == 1 + 0
    assert state.decision is Decision.MOVE and state.left == 3
    assert GAME.legal_moves(state, RED) == ["m-CAS", "m-SPO", "pass"]
    state, _ = act(state, RED, "m-SPO")
    assert state.left == 2
    state, _ = act(state, RED, "pass")
    assert state.players[RED].districts == (2, 1, 0, 0, 0, 0)
    assert state.phase is Phase.BLUE or state.round == 2


@pytest.mark.parametrize("both", [True, False], ids=["both-qualify", "one-qualifies"])
def test_side_bonus_in_step_f_goes_to_everyone_who_qualifies_r_ex15(both):
    districts = [0, 1, 1, 0, 0, 0]
    players = {RED: {"hand": "F", "districts": districts}, BLUE: {"hand": "F" if both else ""}}
    players[BLUE]["districts"] = districts
    state = build(2, players=players, round_of=[1, 2, 3, 4, 5, 6])
    state, events = play(at_step(state, "F", first=RED), "F1", "ok", "F1" if both else "pass")
    if both:
        state, more = play(state, "ok")
        events += more
    assert state.players[RED].vp == 8
    assert state.players[BLUE].vp == (8 if both else 3)
    assert state.bonus_tiles == (False, True)
    assert texts(events).count("The bonus tile of the north bank is claimed.") == 1


def test_side_bonus_in_step_e_flips_at_once_r_ex15():
    players = {RED: {"hand": "E", "districts": [0, 1, 1, 0, 0, 0]}}
    state = build(2, players=players)
    state, _ = play(at_step(state, "E", first=RED), "E1", "ok", "pass")
    state, events = act(state, RED, "K01-CAN")
    assert state.players[RED].vp == 8
    assert state.bonus_tiles == (False, True)
    assert "Red has councillors in all three districts of the north bank and gains 5 VP." in texts(events)


def test_y4_may_convert_its_own_type_only_with_the_option_d8():
    players = {RED: {"hand": "A", "buildings": ["Y4"], "coins": 1}}
    state = at_step(build(2, players=players), "A", first=RED)
    assert "Y4-A" not in GAME.legal_moves(state, RED)
    state = at_step(build(2, players=players, options=RialtoOptions(y4_any_source=True)), "A", first=RED)
    state, _ = act(state, RED, "Y4-A", "ok")
    assert state.counts[RED] == 2


def test_two_yellow_copies_need_two_coins():
    players = {RED: {"hand": "BC", "buildings": ["Y2", "Y2"], "coins": 1}}
    state = at_step(build(2, players=players), "A", first=RED)
    state, _ = act(state, RED, "Y2-B")
    assert "Y2-C" not in GAME.legal_moves(state, RED)
    with pytest.raises(IllegalMove) as caught:
        act(state, RED, "Y2-C")
    assert caught.value.code == "rialto.error.no_coin"
