"""Phase II (§7.2-§7.3): plays, Jokers, yellow buildings, the bonus, and the six actions.

Worked examples R-EX3 ... R-EX5, R-EX11 ... R-EX13 and R-EX15 of ``rules/rialto.md`` §14.
Seats are Orange (0), Sky (1), Teal (2), ...
"""

from __future__ import annotations

import pytest

from games.core import IllegalMove
from games.rialto import GAME, RialtoOptions
from games.rialto.model import BUILDING_KINDS, Decision, Phase
from tests.games.rialto.helpers import act, at_step, build, doge, play, texts

ORANGE, SKY, TEAL = 0, 1, 2


def test_step_a_rulebook_example_1_r_ex3():
    state = build(3, players={ORANGE: {"hand": "AAA"}, SKY: {"hand": "AA"}, TEAL: {"hand": "A"}})
    state = doge(state, (SKY, 1), (ORANGE, 1), (TEAL, 1))
    state = at_step(state, "A")
    assert state.first == SKY and state.queue == (SKY, TEAL, ORANGE)
    state, events = play(state, "A2", "ok", "A1", "ok", "A3", "ok")
    assert "Orange gets the bonus with 3." in texts(events)
    assert state.doge_space == (5, 3, 2)
    assert GAME.view(state, None).doge_order == (ORANGE, SKY, TEAL)
    assert state.step == 1 and state.first == ORANGE and state.queue[0] == ORANGE


def test_stacking_puts_later_arrivals_on_top_r_ex3b():
    state = build(3, players={SKY: {"hand": "A"}, TEAL: {"hand": "AA"}})
    state = doge(state, (ORANGE, 4), (SKY, 3), (TEAL, 1))
    state = at_step(state, "A")
    assert state.first == ORANGE
    state, _ = play(state, "pass", "A1", "ok", "A2", "ok")
    assert state.doge_space == (4, 4, 4)
    assert GAME.view(state, None).doge_order == (TEAL, SKY, ORANGE)


@pytest.mark.parametrize(
    ("other_hand", "other_ahead", "coins"),
    [("", False, 5), ("BBBB", False, 4), ("BBB", True, 4), ("BBB", False, 5)],
    ids=["alone", "beaten", "tie-lost-on-doge", "tie-won-on-doge"],
)
def test_y4_converts_a_doge_card_into_two_gold_r_ex4(other_hand, other_ahead, coins):
    state = build(2, players={ORANGE: {"hand": "AJD", "coins": 2, "buildings": ["Y4"]}, SKY: {"hand": other_hand}})
    state = doge(state, *(((SKY, 1), (ORANGE, 1)) if other_ahead else ((ORANGE, 1), (SKY, 1))))
    state = at_step(state, "B", first=ORANGE)
    state, events = act(state, ORANGE, "Y4-A", "J1", "ok")
    assert "Orange plays 3× Gold: 1× Doge, 1× Joker, with Yellow 4 (double)." in texts(events)
    state, _ = act(state, SKY, "pass" if not other_hand else f"B{len(other_hand)}")
    if other_hand:
        state, _ = act(state, SKY, "ok")
    red = state.players[ORANGE]
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
    state = build(2, players={ORANGE: {"hand": hand, "buildings": buildings, "coins": 1}})
    state = at_step(state, "A", first=ORANGE)
    state, _ = act(state, ORANGE, *draft)
    assert "ok" in GAME.legal_moves(state, ORANGE)
    state, _ = act(state, ORANGE, "ok")
    assert state.counts[ORANGE] == count


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
    state = build(2, players={ORANGE: {"hand": hand, "buildings": buildings, "coins": 1}})
    state = at_step(state, "A", first=ORANGE)
    state, _ = act(state, ORANGE, *draft)
    assert "ok" not in GAME.legal_moves(state, ORANGE)
    assert "pass" in GAME.legal_moves(state, ORANGE)
    with pytest.raises(IllegalMove) as caught:
        act(state, ORANGE, "ok")
    assert caught.value.code == code


def test_a_lone_joker_hand_can_only_pass_or_draft():
    state = at_step(build(2, players={ORANGE: {"hand": "J"}}), "A", first=ORANGE)
    assert GAME.legal_moves(state, ORANGE) == ["J1", "pass"]


def test_draft_is_private_undo_and_pass_clears_it():
    state = at_step(build(2, players={ORANGE: {"hand": "AAJ"}}), "A", first=ORANGE)
    state, events = act(state, ORANGE, "A2", "J1")
    assert texts(events) == [], "building a play tells the table nothing"
    assert GAME.view(state, ORANGE).draft == ("A2", "J1")
    assert GAME.view(state, SKY).draft == () and GAME.view(state, None).draft == ()
    state, _ = act(state, ORANGE, "undo")
    assert state.draft == ("A2",)
    state, _ = act(state, ORANGE, "pass")
    assert state.players[ORANGE].hand[0] == 2 and state.counts[ORANGE] == 0


def test_label_shows_the_resulting_count_before_confirming():
    state = at_step(build(2, players={ORANGE: {"hand": "AAJ"}}), "A", first=ORANGE)
    state, _ = act(state, ORANGE, "A2")
    label = GAME.describe_move(state, ORANGE, "J1")
    from games.i18n import render

    assert render(GAME.messages, "en", label) == "1× Joker — count 3"


def test_y1_postpones_after_everyone_in_clockwise_order():
    players = {
        ORANGE: {"hand": "AA", "buildings": ["Y1"], "coins": 1},
        SKY: {"hand": "A", "buildings": ["Y1"], "coins": 1},
        TEAL: {"hand": "A"},
    }
    state = at_step(build(3, players=players), "A", first=ORANGE)
    state, events = play(state, "Y1", "Y1")
    assert state.queue == (TEAL, ORANGE, SKY)
    assert "Orange activates Yellow 1 (postpone), postpones their turn and takes 1 coin." in texts(events)
    assert state.players[ORANGE].coins == 1 and state.players[ORANGE].buildings == ("Y1*",)
    state, _ = play(state, "A1", "ok")
    assert GAME.to_move(state) == frozenset({ORANGE})
    assert "Y1" not in GAME.legal_moves(state, ORANGE)
    with pytest.raises(IllegalMove) as caught:
        act(state, ORANGE, "Y1")
    assert caught.value.code in ("rialto.error.already_postponed", "rialto.error.no_building")
    state, _ = play(state, "A2", "ok", "A1", "ok")
    assert state.step == 1 and state.first == ORANGE


def test_first_player_stays_when_nobody_played():
    state = at_step(build(3), "B", first=SKY)
    state, events = play(state, "pass", "pass", "pass")
    assert "Nobody played a card; there is no bonus." in texts(events)
    assert state.step == 2 and state.first == SKY


def test_building_budget_six_takes_a_four_then_at_most_two_r_ex11():
    state = build(3, players={ORANGE: {"hand": "CCCCC"}})
    state = at_step(state, "C", first=ORANGE)
    state, _ = play(state, "C5", "ok", "pass", "pass")
    assert state.phase is Phase.ACTION and state.decision is Decision.TAKE and state.left == 6
    assert "tY4" in GAME.legal_moves(state, ORANGE)
    state, _ = act(state, ORANGE, "tY4")
    assert state.left == 2
    assert GAME.legal_moves(state, ORANGE) == ["tG1", "tG2", "tY1", "tY2", "tU1", "tU2", "pass"]
    with pytest.raises(IllegalMove) as caught:
        act(state, ORANGE, "tY3")
    assert caught.value.code == "rialto.error.over_budget"
    state, _ = act(state, ORANGE, "tG2")
    assert state.players[ORANGE].buildings == ("Y4", "G2")
    assert state.step == 3


def test_three_plus_three_is_not_a_budget_of_six_r_ex11():
    state = build(3, players={ORANGE: {"hand": "CCCCC"}})
    state, _ = play(at_step(state, "C", first=ORANGE), "C5", "ok", "pass", "pass")
    state, _ = act(state, ORANGE, "tU3")
    assert state.step == 3, "a value-3 building ends the taking"


def test_holding_seven_a_take_returns_a_building_for_its_value_r_ex11():
    seven = ["G1", "G1", "Y2", "U1", "U1", "G3", "U4"]
    state = build(2, players={ORANGE: {"hand": "CC", "buildings": seven}})
    state, _ = play(at_step(state, "C", first=ORANGE), "C2", "ok", "pass")
    state, _ = act(state, ORANGE, "tY3")
    assert state.decision is Decision.RETURN
    assert GAME.legal_moves(state, ORANGE) == ["rG1", "rG3", "rY2", "rU1", "rU4", "undo"]
    state, _ = act(state, ORANGE, "undo")
    assert state.decision is Decision.TAKE
    state, events = act(state, ORANGE, "tY3", "rY2")
    assert "Orange returns Yellow 2 (convert) and gains 2 VP." in texts(events)
    red = state.players[ORANGE]
    assert red.vp == 5 and len(red.buildings) == 7 and "Y3" in red.buildings and "Y2" not in red.buildings


def test_at_seven_a_returned_kind_cannot_be_taken_back_in_the_same_action():
    # Decision (games.rialto docstring): the building taken may not be of the kind returned
    # in the same action; else a player at 7 would give back Y2 and take Y2 again, for 2 VP
    # and a fresh (unactivated) copy every round.
    seven = ["G1", "G1", "Y2*", "U1", "U1", "G3", "U4"]
    state = build(2, players={ORANGE: {"hand": "CC", "buildings": seven}})
    state, _ = play(at_step(state, "C", first=ORANGE), "C2", "ok", "pass")
    vp = state.players[ORANGE].vp
    state, _ = act(state, ORANGE, "tY2")
    assert state.decision is Decision.RETURN
    assert GAME.legal_moves(state, ORANGE) == ["rG1", "rG3", "rU1", "rU4", "undo"]
    with pytest.raises(IllegalMove) as caught:
        act(state, ORANGE, "rY2")
    assert caught.value.code == "rialto.error.take_returned"
    state, _ = act(state, ORANGE, "rG1")
    player = state.players[ORANGE]
    assert player.vp == vp + 1 and sorted(player.buildings) == ["G1", "G3", "U1", "U1", "U4", "Y2", "Y2*"]


def test_at_seven_a_kind_returned_for_a_four_cannot_be_taken_with_the_rest():
    # Budget 6: G4 first (returning Y2), then the rest (2) may not bring Y2 back.
    seven = ["G1", "G1", "Y2*", "U1", "U1", "G3", "U4"]
    state = build(2, players={ORANGE: {"hand": "CCCCC", "buildings": seven}})
    state, _ = play(at_step(state, "C", first=ORANGE), "C5", "ok", "pass")
    assert state.left == 6
    vp, coins = state.players[ORANGE].vp, state.coin_supply
    state, _ = act(state, ORANGE, "tG4", "rY2")
    assert state.decision is Decision.TAKE and state.left == 2
    legal = GAME.legal_moves(state, ORANGE)
    assert "tY2" not in legal and "tY1" in legal and "tG2" in legal
    with pytest.raises(IllegalMove) as caught:
        act(state, ORANGE, "tY2")
    assert caught.value.code == "rialto.error.take_returned"
    state, _ = act(state, ORANGE, "tG2", "rU1")
    player = state.players[ORANGE]
    assert sorted(player.buildings) == ["G1", "G1", "G2", "G3", "G4", "U1", "U4"]
    assert player.vp == vp + 2 + 1, "Y2 and U1 given back for their values"
    assert state.supply[BUILDING_KINDS.index("Y2")] == 6 and state.coin_supply == coins + 1, "Y2's coin to the bank"


def test_at_seven_of_one_kind_that_kind_is_not_offered():
    state = build(2, players={ORANGE: {"hand": "C", "buildings": ["G1"] * 7}})
    state, _ = play(at_step(state, "C", first=ORANGE), "C1", "ok", "pass")
    legal = GAME.legal_moves(state, ORANGE)
    assert "tG1" not in legal and "tY1" in legal and "tG2" in legal


def test_sold_out_buildings_are_not_offered():
    supply = [5] * 12
    supply[0] = 0  # G1
    state = build(2, players={ORANGE: {"hand": "C"}}, supply=supply)
    state, _ = play(at_step(state, "C", first=ORANGE), "C1", "ok", "pass")
    assert state.left == 2, "one card plus the bonus"
    assert GAME.legal_moves(state, ORANGE) == ["tG2", "tY1", "tY2", "tU1", "tU2", "pass"]
    with pytest.raises(IllegalMove) as caught:
        act(state, ORANGE, "tG1")
    assert caught.value.code == "rialto.error.sold_out"


def test_bridge_step_scores_penalises_and_places_r_ex12():
    players = {ORANGE: {"hand": "DD"}, TEAL: {"hand": "DD"}}
    state = doge(build(3, players=players), (TEAL, 2), (ORANGE, 1), (SKY, 1))
    state = at_step(state, "D", first=ORANGE)
    top = state.bridges[0]
    state, _ = play(state, "D2", "ok", "pass", "D2", "ok")
    assert state.decision is Decision.BRIDGE and state.queue[0] == TEAL, "White acts first, in Doge order"
    assert state.players[TEAL].vp == 6
    assert len(GAME.legal_moves(state, TEAL)) == 24
    state, events = act(state, TEAL, "K01-CAS")
    assert (state.players[ORANGE].vp, state.players[SKY].vp, state.players[TEAL].vp) == (5, 2, 6)
    low, high = top
    assert state.tiles[0] == f"{low}|{high}", "K01 is CAN-CAS: the high value faces Castello"
    assert f"Teal places a bridge between Castello ({high}) and Cannaregio ({low})." in texts(events)
    with pytest.raises(IllegalMove):
        GAME.parse_move(state, TEAL, "K01-CAN")


def test_gondola_step_with_an_empty_pool_r_ex13():
    players = {ORANGE: {"hand": "EE", "pool": 0, "personal": 18}, SKY: {"hand": "EEE"}}
    state = doge(build(2, players=players), (SKY, 1), (ORANGE, 1))
    state, _ = play(at_step(state, "E", first=ORANGE), "E2", "ok", "E3", "ok")
    assert state.decision is Decision.GONDOLA and state.queue[0] == SKY
    state, _ = act(state, SKY, "K01-CAN")
    assert state.players[ORANGE].vp == 5, "+1 VP for each card with an empty pool"


def test_gondola_bonus_with_an_empty_pool_offers_an_optional_move_r_ex13():
    players = {ORANGE: {"hand": "EE", "pool": 0, "personal": 16, "districts": [0, 2, 0, 0, 0, 0]}}
    state = build(2, players=players)
    state, _ = play(at_step(state, "E", first=ORANGE), "E2", "ok", "pass")
    assert state.players[ORANGE].vp == 5
    state, events = act(state, ORANGE, "K07-SCR")
    assert state.tiles[6] == "G"
    assert state.players[ORANGE].vp == 6, "+1 VP instead of the pool councillor"
    assert "Orange's pool is empty: 1 VP instead." in texts(events)
    assert state.decision is Decision.FALLBACK
    assert GAME.legal_moves(state, ORANGE) == ["m-sup", "m-CAS", "pass"]
    state, events = act(state, ORANGE, "m-CAS")
    assert "Orange moves a councillor from Castello to Santa Croce." in texts(events)
    assert state.players[ORANGE].districts == (0, 1, 0, 1, 0, 0)


def test_gondola_bonus_moves_a_pool_councillor_into_the_chosen_district():
    state = build(2, players={ORANGE: {"hand": "E"}})
    state, _ = play(at_step(state, "E", first=ORANGE), "E1", "ok", "pass")
    state, _ = act(state, ORANGE, "K12-DOR")
    red = state.players[ORANGE]
    assert red.districts[5] == 1 and red.pool == 11 and red.personal == 6


def test_councillor_step_uses_the_personal_supply_then_optional_moves():
    players = {ORANGE: {"hand": "FFF", "personal": 1, "pool": 15, "districts": [0, 1, 0, 0, 1, 0]}}
    state = build(2, players=players, round_of=[1, 2, 3, 4, 5, 6])
    state, _ = play(at_step(state, "F", first=ORANGE), "F3", "ok", "pass")
    assert state.players[ORANGE].districts[0] == 1 + 0
    assert state.decision is Decision.MOVE and state.left == 3
    assert GAME.legal_moves(state, ORANGE) == ["m-CAS", "m-SPO", "pass"]
    state, _ = act(state, ORANGE, "m-SPO")
    assert state.left == 2
    state, _ = act(state, ORANGE, "pass")
    assert state.players[ORANGE].districts == (2, 1, 0, 0, 0, 0)
    assert state.phase is Phase.BLUE or state.round == 2


@pytest.mark.parametrize("both", [True, False], ids=["both-qualify", "one-qualifies"])
def test_side_bonus_in_step_f_goes_to_everyone_who_qualifies_r_ex15(both):
    districts = [0, 1, 1, 0, 0, 0]
    players = {ORANGE: {"hand": "F", "districts": districts}, SKY: {"hand": "F" if both else ""}}
    players[SKY]["districts"] = districts
    state = build(2, players=players, round_of=[1, 2, 3, 4, 5, 6])
    state, events = play(at_step(state, "F", first=ORANGE), "F1", "ok", "F1" if both else "pass")
    if both:
        state, more = play(state, "ok")
        events += more
    assert state.players[ORANGE].vp == 8
    assert state.players[SKY].vp == (8 if both else 3)
    assert state.bonus_tiles == (False, True)
    assert texts(events).count("The bonus tile of the north bank is claimed.") == 1


def test_side_bonus_in_step_e_flips_at_once_r_ex15():
    players = {ORANGE: {"hand": "E", "districts": [0, 1, 1, 0, 0, 0]}}
    state = build(2, players=players)
    state, _ = play(at_step(state, "E", first=ORANGE), "E1", "ok", "pass")
    state, events = act(state, ORANGE, "K01-CAN")
    assert state.players[ORANGE].vp == 8
    assert state.bonus_tiles == (False, True)
    assert "Orange has councillors in all three districts of the north bank and gains 5 VP." in texts(events)


def test_y4_may_convert_its_own_type_only_with_the_option_d8():
    players = {ORANGE: {"hand": "A", "buildings": ["Y4"], "coins": 1}}
    state = at_step(build(2, players=players), "A", first=ORANGE)
    assert "Y4-A" not in GAME.legal_moves(state, ORANGE)
    state = at_step(build(2, players=players, options=RialtoOptions(y4_any_source=True)), "A", first=ORANGE)
    state, _ = act(state, ORANGE, "Y4-A", "ok")
    assert state.counts[ORANGE] == 2


def test_two_yellow_copies_need_two_coins():
    players = {ORANGE: {"hand": "BC", "buildings": ["Y2", "Y2"], "coins": 1}}
    state = at_step(build(2, players=players), "A", first=ORANGE)
    state, _ = act(state, ORANGE, "Y2-B")
    assert "Y2-C" not in GAME.legal_moves(state, ORANGE)
    with pytest.raises(IllegalMove) as caught:
        act(state, ORANGE, "Y2-C")
    assert caught.value.code == "rialto.error.no_coin"


def test_a_card_play_being_built_can_be_taken_back():
    # §7.2.2: a play is built one component at a time; until "ok" its last choice can be undone.
    start = at_step(build(2, players={ORANGE: {"hand": "EE"}}), "E", first=ORANGE)
    state, _ = play(start, "E2")
    assert "undo" in GAME.legal_moves(state, ORANGE)
    back, _ = act(state, ORANGE, "undo")
    assert GAME.legal_moves(back, ORANGE) == GAME.legal_moves(start, ORANGE)
    assert back.players[ORANGE].hand == start.players[ORANGE].hand
