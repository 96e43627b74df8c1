"""Phase I (rows, green buildings, the simultaneous hand limit), Phase III, round end, scoring.

Worked examples R-EX6 ... R-EX8 and R-EX14 of ``rules/rialto.md`` §14.
"""

from __future__ import annotations

import pytest

from games.core import IllegalMove, NotYourTurn
from games.rialto import GAME, scoring
from games.rialto.model import Phase
from tests.games.rialto.helpers import act, at_phase, build, cards, doge, texts

ORANGE, SKY, TEAL, LEMON = 0, 1, 2, 3
BLUE_WAITS = {"buildings": ["U4"], "coins": 1}
"""Sky still has a Phase III turn, so the round does not end under Orange's feet."""


def phase_one(num_players=3, **players):
    """Rows dealt (row i holds ``cards`` letters), every seat to pick in seat order."""
    rows = ((0, 0, 1, 1, 6, 6), (2, 2, 2, 3, 3, 3), (4, 4, 5, 5, 0, 1), (0, 1, 2, 3, 4, 5))[: num_players + 1]
    state = build(num_players, players=players.get("players"), rows=rows, row_owner=[-1] * len(rows))
    return at_phase(state, Phase.ROWS, list(range(num_players)))


def test_row_pick_is_public_and_the_two_draws_private():
    state = phase_one()
    deck = state.deck
    state, events = act(state, ORANGE, "row2")
    assert texts(events) == ["Orange takes row 2 (3× Building, 3× Bridge) and draws 2 cards from the deck."]
    drawn = cards("".join("ABCDEFJ"[c] for c in deck[:2]))
    mine = texts(events, ORANGE)
    assert len(mine) == 2 and mine[1].startswith("You draw ")
    assert state.players[ORANGE].hand == tuple(a + b for a, b in zip(cards("CCCDDD"), drawn, strict=True))
    assert "row2" not in GAME.legal_moves(state, SKY)


def test_green_buildings_after_all_rows_in_doge_order():
    players = {
        ORANGE: {"buildings": ["G1", "G2"], "coins": 2},
        SKY: {"buildings": ["G4"], "coins": 1},
        TEAL: {"buildings": ["G3"], "coins": 0},
    }
    state = doge(phase_one(players=players), (SKY, 2), (ORANGE, 1), (TEAL, 1))
    state = at_phase(state, Phase.ROWS, [SKY, ORANGE, TEAL])
    state, _ = act(state, SKY, "row1")
    state, _ = act(state, ORANGE, "row2")
    state, _ = act(state, TEAL, "row3")
    assert state.phase is Phase.GREEN and GAME.to_move(state) == frozenset({SKY})
    assert GAME.legal_moves(state, SKY) == ["G4-deck", "G4-A", "G4-B", "G4-C", "G4-D", "G4-E", "G4-F", "pass"]
    state, events = act(state, SKY, "G4-C")
    assert "Sky activates Green 4 (card, hand +2) and takes a Building card from the leftover row." in texts(events)
    assert state.players[SKY].hand_bonus == 2 and state.players[SKY].coins == 0
    assert GAME.to_move(state) == frozenset({ORANGE}), "Blue has nothing left to activate; White has no coin"
    state, _ = act(state, ORANGE, "G2", "G1-deck")
    assert state.players[ORANGE].hand_bonus == 1 and sum(state.players[ORANGE].hand) == 8 + 3
    assert state.phase is Phase.DISCARD
    needs = tuple(p.discard_need for p in state.players)
    assert needs == (11 - 8, 9 - 9, 8 - 7)
    assert GAME.to_move(state) == frozenset({ORANGE, TEAL})


def discard_position():
    players = {
        ORANGE: {"hand": "AAAABBBBJ", "discard_need": 2},
        SKY: {"hand": "CCCCCCC", "discard_need": 0, "discard_done": True},
        TEAL: {"hand": "DDDDDDDE", "discard_need": 1},
    }
    rows = ((), (), (), (0, 1, 2, 3, 4, 5))
    return at_phase(build(3, players=players, rows=rows, row_owner=[0, 1, 2, -1]), Phase.DISCARD, [])


def test_hand_limit_discards_are_simultaneous_and_private():
    state = discard_position()
    assert GAME.to_move(state) == frozenset({ORANGE, TEAL})
    state, events = act(state, TEAL, "d-E")
    assert texts(events) == []
    assert GAME.view(state, TEAL).discard_pick == (4,)
    assert GAME.view(state, ORANGE).discard_pick == () and GAME.view(state, None).discard_pick == ()
    assert GAME.legal_moves(state, TEAL) == ["undo", "ok"]
    state, events = act(state, ORANGE, "d-J", "d-A", "undo", "d-B", "ok")
    assert texts(events) == ["Orange discards 2 cards for the hand limit."]
    assert texts(events, ORANGE)[-1] == "You discard 1× Gold, 1× Joker."
    assert GAME.to_move(state) == frozenset({TEAL})
    assert state.phase is Phase.DISCARD
    state, events = act(state, TEAL, "ok")
    assert "The leftover row is discarded: 1× Doge, 1× Gold, 1× Building, 1× Bridge, 1× Gondola, 1× Councillor." in (
        texts(events)
    )
    assert state.phase is Phase.PLAY and state.step == 0
    assert state.players[ORANGE].hand == cards("AAAABBB")


def test_discarding_too_many_or_too_few_is_refused():
    state = discard_position()
    state, _ = act(state, TEAL, "d-D")
    with pytest.raises(IllegalMove) as caught:
        act(state, TEAL, "d-D")
    assert caught.value.code == "rialto.error.discard_too_many"
    with pytest.raises(IllegalMove) as caught:
        act(state, ORANGE, "ok")
    assert caught.value.code == "rialto.error.discard_count"
    with pytest.raises(NotYourTurn):
        act(state, SKY, "d-C")


def test_blue_upgrade_rulebook_example_r_ex6():
    state = build(2, players={ORANGE: {"buildings": ["U1", "G2"], "coins": 1}, SKY: BLUE_WAITS})
    state = at_phase(state, Phase.BLUE, [ORANGE, SKY])
    assert GAME.legal_moves(state, ORANGE) == ["U1-G2", "U1-U1", "pass"]
    supply = state.supply
    state, events = act(state, ORANGE, "U1-G2")
    red = state.players[ORANGE]
    assert red.coins == 0 and red.buildings == ("U1*", "G3!")
    assert state.supply[1] == supply[1] + 1 and state.supply[2] == supply[2] - 1
    assert "Orange activates Blue 1 (upgrade): returns Green 2 (hand +1) and takes Green 3 (card, hand +1)." in texts(
        events
    )


def test_upgrades_need_a_next_value_in_the_supply_r_ex6():
    supply = [5] * 12
    supply[2] = 0  # G3
    state = build(2, players={ORANGE: {"buildings": ["U1", "G2", "G4"], "coins": 1}}, supply=supply)
    state = at_phase(state, Phase.BLUE, [ORANGE, SKY])
    assert GAME.legal_moves(state, ORANGE) == ["U1-U1", "pass"]
    with pytest.raises(IllegalMove) as caught:
        act(state, ORANGE, "U1-G4")
    assert caught.value.code == "rialto.error.top_value"
    with pytest.raises(IllegalMove) as caught:
        act(state, ORANGE, "U1-G2")
    assert caught.value.code == "rialto.error.sold_out"


def test_a_building_gained_by_upgrade_cannot_be_activated_this_round_r_ex6():
    state = build(2, players={ORANGE: {"buildings": ["U1", "U2"], "coins": 3}, SKY: BLUE_WAITS})
    state = at_phase(state, Phase.BLUE, [ORANGE, SKY])
    state, _ = act(state, ORANGE, "U1-U2")
    assert state.players[ORANGE].buildings == ("U1*", "U3!")
    assert GAME.to_move(state) == frozenset({SKY}), "nothing left for Red: the new U3 is barred"


def test_u3_moves_by_rank_not_by_space_r_ex7():
    state = build(4, players={TEAL: {"buildings": ["U3"], "coins": 1}})
    state = doge(state, (ORANGE, 9), (SKY, 7), (TEAL, 5), (LEMON, 2))
    state = at_phase(state, Phase.BLUE, [TEAL])
    state, _ = act(state, TEAL, "U3")
    assert state.doge_space[TEAL] == 8
    assert GAME.view(state, None).doge_order.index(TEAL) == 1


def test_u2_and_u4():
    state = build(2, players={ORANGE: {"buildings": ["U2", "U4", "U2"], "coins": 3}, SKY: {"buildings": ["U2"]}})
    state = at_phase(state, Phase.BLUE, [ORANGE, SKY])
    state, _ = act(state, ORANGE, "U2", "U4", "U2-no")
    red = state.players[ORANGE]
    assert (red.vp, red.personal, red.pool, red.coins) == (3 + 1 + 3 + 1, 6, 12, 0)


def test_round_end_returns_coins_and_clears_activations():
    state = build(2, players={ORANGE: {"buildings": ["U4", "G1*", "U1*"], "coins": 1}}, coin_supply=30 - 3 - 2)
    state = at_phase(state, Phase.BLUE, [ORANGE])
    state, events = act(state, ORANGE, "U4")
    assert "Round 1 ends; 3 coins return from the buildings to the bank." in texts(events)
    assert state.players[ORANGE].buildings == ("U4", "G1", "U1")
    assert state.round == 2 and state.phase is Phase.ROWS


def test_district_majorities_rulebook_example_r_ex8():
    tiles = [""] * 12
    tiles[3], tiles[5], tiles[7], tiles[8] = "3|5", "4|6", "G", "G"  # SPO: 5 + 4 + 1 + 1
    players = {seat: {"districts": [0, 0, 0, 0, 5 - seat, 0]} for seat in range(5)}
    state = build(5, players=players, tiles=tiles)
    assert scoring.district_awards(state, 4) == [11, 5, 2, 1, 0]


def test_district_tie_goes_to_the_doge_order_r_ex8():
    tiles = [""] * 12
    tiles[3], tiles[5], tiles[7], tiles[8] = "3|5", "4|6", "G", "G"
    players = {ORANGE: {"districts": [0, 0, 0, 0, 3, 0]}, SKY: {"districts": [0, 0, 0, 0, 3, 0]}}
    state = doge(build(3, players=players, tiles=tiles), (SKY, 1), (ORANGE, 1), (TEAL, 1))
    assert scoring.district_awards(state, 4) == [5, 11, 0]


def test_neutral_in_first_place_pushes_the_humans_down_r_ex8():
    tiles = [""] * 12
    tiles[3], tiles[5], tiles[7], tiles[8] = "3|5", "4|6", "G", "G"
    players = {ORANGE: {"districts": [0, 0, 0, 0, 2, 0]}, SKY: {"districts": [0, 0, 0, 0, 1, 0]}}
    state = build(2, neutral=True, players=players, tiles=tiles, np_districts=[0, 0, 0, 0, 4, 0])
    assert scoring.district_awards(state, 4) == [5, 2, 0]


@pytest.mark.parametrize(("personal", "coins", "reserve"), [(3, 4, 4), (0, 1, 1), (0, 0, 0)])
def test_final_reserve_is_half_rounded_up_r_ex14(personal, coins, reserve):
    state = build(2, players={ORANGE: {"personal": personal, "pool": 18 - personal, "coins": coins}})
    assert scoring.final_scores(state)[ORANGE].reserve == reserve


def test_final_scores_and_tie_break_on_the_doge_track():
    players = {ORANGE: {"vp": 10, "coins": 0, "personal": 0, "pool": 18}, SKY: {"vp": 10, "coins": 0, "personal": 0}}
    players[SKY]["pool"] = 18
    state = doge(build(2, players=players, phase=Phase.OVER, round=7), (SKY, 3), (ORANGE, 2))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == frozenset({SKY}) and outcome.ranks == (2, 1)
    assert outcome.scores == (10, 10)
    assert outcome.reason.key == "rialto.outcome.win_doge"
    view = GAME.view(state, None)
    assert view.scores is not None and view.scores[ORANGE].total == 10
