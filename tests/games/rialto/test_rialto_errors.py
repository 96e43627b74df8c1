"""Every error path: the exception type, its stable code, and the input quoted in English."""

from __future__ import annotations

import pytest

from games.core import IllegalMove, InvalidMove, NotYourTurn
from games.i18n import render
from games.rialto import GAME
from games.rialto.model import Decision, Phase
from tests.games.rialto.helpers import act, at_phase, at_step, build, play

ORANGE, SKY, TEAL = 0, 1, 2


def setup():
    return GAME.initial_state(2, 3)


def rows():
    state = build(3, rows=((0,) * 6, (1,) * 6, (2,) * 6, (3,) * 6), row_owner=[0, -1, -1, -1])
    return at_phase(state, Phase.ROWS, [SKY, TEAL])


def green(coins=1):
    rows_ = ((), (), (), (0, 0, 1, 1, 2, 2))
    state = build(3, players={ORANGE: {"buildings": ["G1", "G2"], "coins": coins}}, rows=rows_, row_owner=[0, 1, 2, -1])
    return at_phase(state, Phase.GREEN, [ORANGE, SKY, TEAL])


def discard():
    players = {
        ORANGE: {"hand": "AAAAAAAB", "discard_need": 1},
        SKY: {"discard_done": True},
        TEAL: {"discard_done": True},
    }
    return at_phase(build(3, players=players), Phase.DISCARD, [])


def step_a(hand="AAJ", buildings=(), coins=1):
    state = build(3, players={ORANGE: {"hand": hand, "buildings": list(buildings), "coins": coins}})
    return at_step(state, "A", first=ORANGE)


def taking(budget_cards="CC", buildings=()):
    state = build(2, players={ORANGE: {"hand": budget_cards, "buildings": list(buildings)}})
    state, _ = play(at_step(state, "C", first=ORANGE), f"C{len(budget_cards)}", "ok", "pass")
    return state


def returning():
    state = taking("C", ["G1"] * 4 + ["U1"] * 3)
    state, _ = act(state, ORANGE, "tG2")
    return state


def bridging(bridges=((3, 4), (5, 6))):
    tiles = [""] * 12
    tiles[0] = "G"
    state = build(2, players={ORANGE: {"hand": "D"}}, tiles=tiles, gondolas=5, bridges=list(bridges))
    state, _ = play(at_step(state, "D", first=ORANGE), "D1", "ok", "pass")
    assert state.decision is Decision.BRIDGE
    return state


def fallback(personal=0):
    players = {ORANGE: {"hand": "E", "pool": 0, "personal": personal, "districts": [0, 18 - personal, 0, 0, 0, 0]}}
    state, _ = play(at_step(build(2, players=players), "E", first=ORANGE), "E1", "ok", "pass")
    state, _ = act(state, ORANGE, "K07-SCR")
    assert state.decision is Decision.FALLBACK
    return state


def blue(**red):
    state = build(2, players={ORANGE: {"coins": 1, **red}, SKY: {"buildings": ["U4"], "coins": 1}})
    return at_phase(state, Phase.BLUE, [ORANGE, SKY])


CASES = [
    ("bad-code", setup, ORANGE, "zz9", InvalidMove, "bad_code"),
    ("wrong-district-for-connection", setup, ORANGE, "K07-CAS", InvalidMove, "bad_code"),
    ("not-your-turn", setup, ORANGE, "tG1", NotYourTurn, "not_your_turn"),
    ("not-now", setup, TEAL, "row1", IllegalMove, "not_now"),
    ("not-a-start-building", setup, TEAL, "tG2", IllegalMove, "not_start_building"),
    ("row-taken", rows, SKY, "row1", IllegalMove, "row_taken"),
    ("green-not-owned", green, ORANGE, "G3-deck", IllegalMove, "no_building"),
    ("green-without-coin", lambda: green(0), ORANGE, "G2", IllegalMove, "no_coin"),
    ("green-no-card-choice", green, ORANGE, "G2-A", IllegalMove, "no_card_choice"),
    ("green-needs-card-choice", green, ORANGE, "G1", IllegalMove, "needs_card_choice"),
    ("green-card-not-in-row", green, ORANGE, "G1-J", IllegalMove, "not_in_row"),
    ("discard-nothing-to-undo", discard, ORANGE, "undo", IllegalMove, "nothing_to_undo"),
    ("discard-missing-card", discard, ORANGE, "d-J", IllegalMove, "not_enough_cards"),
    ("discard-too-few", discard, ORANGE, "ok", IllegalMove, "discard_count"),
    ("play-too-many-cards", step_a, ORANGE, "A3", IllegalMove, "not_enough_cards"),
    ("play-wrong-type", step_a, ORANGE, "B1", IllegalMove, "wrong_type"),
    ("play-unchanged", step_a, ORANGE, "A0", IllegalMove, "unchanged"),
    ("play-empty", step_a, ORANGE, "ok", IllegalMove, "empty_play"),
    ("play-undo-nothing", step_a, ORANGE, "undo", IllegalMove, "nothing_to_undo"),
    ("convert-joker", lambda: step_a("AJ", ["Y2"]), ORANGE, "Y2-J", IllegalMove, "convert_joker"),
    ("convert-same-type", lambda: step_a("AJ", ["Y2"]), ORANGE, "Y2-A", IllegalMove, "convert_same"),
    ("convert-missing-card", lambda: step_a("AJ", ["Y2"]), ORANGE, "Y2-B", IllegalMove, "not_enough_cards"),
    ("yellow-not-owned", step_a, ORANGE, "Y3", IllegalMove, "no_building"),
    ("yellow-without-coin", lambda: step_a("AJ", ["Y3"], 0), ORANGE, "Y3", IllegalMove, "no_coin"),
    ("postpone-not-owned", step_a, ORANGE, "Y1", IllegalMove, "no_building"),
    ("take-wrong-decision", taking, ORANGE, "rG1", IllegalMove, "not_now"),
    ("take-over-budget", taking, ORANGE, "tG4", IllegalMove, "over_budget"),
    ("return-not-owned", returning, ORANGE, "rY4", IllegalMove, "not_owned"),
    ("bridge-occupied", bridging, ORANGE, "K01-CAN", IllegalMove, "occupied"),
    ("bridge-no-pass", bridging, ORANGE, "pass", IllegalMove, "not_now"),
    ("bridge-equal-values", lambda: bridging(((4, 4),)), ORANGE, "K02-SMA", IllegalMove, "same_bridge"),
    ("fallback-no-personal", fallback, ORANGE, "m-sup", IllegalMove, "no_personal"),
    ("fallback-same-district", lambda: fallback(1), ORANGE, "m-SCR", IllegalMove, "same_district"),
    ("fallback-no-councillor", lambda: fallback(1), ORANGE, "m-DOR", IllegalMove, "no_councillor"),
    ("blue-not-owned", blue, ORANGE, "U4", IllegalMove, "no_building"),
    ("blue-upgrade-not-owned", lambda: blue(buildings=["U1"]), ORANGE, "U1-Y2", IllegalMove, "not_owned"),
    (
        "blue-decline-empty-pool",
        lambda: blue(buildings=["U2"], pool=0, personal=18),
        ORANGE,
        "U2-no",
        IllegalMove,
        "pool_empty",
    ),
]


@pytest.mark.parametrize(("make", "seat", "text", "kind", "code"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_error(make, seat, text, kind, code):
    state = make()
    with pytest.raises(kind) as caught:
        GAME.parse_move(state, seat, f" {text} ")
    error = caught.value
    assert type(error) is kind
    assert error.code == f"rialto.error.{code}"
    assert repr(f" {text} ") in str(error), "the English message quotes the input"
    for locale in ("en", "ru"):
        assert render(GAME.messages, locale, error.message) != error.code
    if kind is not InvalidMove:
        with pytest.raises(kind) as again:
            GAME.apply(state, seat, text)
        assert again.value.code == error.code and repr(text) in str(again.value)


def test_postponing_after_choosing_cards_is_refused():
    state, _ = act(step_a("AJ", ["Y1"]), ORANGE, "A1")
    with pytest.raises(IllegalMove) as caught:
        act(state, ORANGE, "Y1")
    assert caught.value.code == "rialto.error.postpone_with_cards"


def test_postponing_twice_in_a_step_is_refused():
    state = build(2, players={ORANGE: {"hand": "A", "buildings": ["Y1", "Y1"], "coins": 2}})
    state, _ = play(at_step(state, "A", first=ORANGE), "Y1", "pass")
    with pytest.raises(IllegalMove) as caught:
        act(state, ORANGE, "Y1")
    assert caught.value.code == "rialto.error.already_postponed"


def test_acting_in_another_players_step_is_refused():
    state = step_a()
    with pytest.raises(NotYourTurn):
        GAME.apply(state, SKY, "pass")
    assert GAME.legal_moves(state, SKY) == []


def test_a_failed_move_changes_nothing():
    state = step_a()
    before = GAME.encode(state)
    with pytest.raises(IllegalMove):
        GAME.apply(state, ORANGE, "A3")
    assert GAME.encode(state) == before


def test_activating_a_building_twice_is_refused():
    state, _ = act(green(2), ORANGE, "G2")
    assert "G2" not in GAME.legal_moves(state, ORANGE)
    with pytest.raises(IllegalMove) as caught:
        act(state, ORANGE, "G2")
    assert caught.value.code == "rialto.error.no_building"
