"""The rules file's default rescue answer (V11) and standing rescue preferences."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.i18n import render
from games.venezia2099 import GAME
from games.venezia2099.answers import StandingAnswer, default_rescue_answer, standing_answer_move, standing_answers
from games.venezia2099.model import Colour, square_index
from games.venezia2099.moves import DECLINE
from tests.games.venezia2099.helpers import play, position

YELLOW, RED = 1, 2


def waiting(extra=None, sink_all_but=()):
    """Red sinks brown 5 under Yellow's figure; ``sink_all_but`` keeps only those districts dry."""
    state = position({"b5": "b5@1", **(extra or {})}, turn=RED, hands={RED: "b5 k6"})
    if sink_all_but:
        keep = {square_index(name, 8) for name in sink_all_but} | {square_index("b5", 8)}
        state = replace(state, sunk=tuple(t is not None and i not in keep for i, t in enumerate(state.tiles)))
    state, _ = play(state, "play-b5")
    return state


def test_default_prefers_a_free_value_2_district_first_in_square_order():
    state = waiting({"a1": "k2@0", "c1": "g2", "h1": "t2", "d1": "r8"})
    assert GAME.move_code(default_rescue_answer(state, YELLOW)) == "rescue-c1"


def test_default_takes_the_highest_number_when_no_2_is_free():
    state = waiting({"c1": "g5", "e2": "r8", "f3": "k8", "h8": "tx", "a1": "=="}, sink_all_but=("c1", "e2", "f3", "h8"))
    assert GAME.move_code(default_rescue_answer(state, YELLOW)) == "rescue-e2"


def test_default_takes_an_x_only_when_nothing_else_is_free():
    state = waiting({"h8": "tx"}, sink_all_but=("h8",))
    assert GAME.move_code(default_rescue_answer(state, YELLOW)) == "rescue-h8"


def test_default_never_picks_a_platform_even_with_the_variant():
    state = position({"b5": "b5@1", "a1": "=="}, turn=RED, hands={RED: "b5 k6"})
    state = replace(state, options=replace(state.options, rescue_to_platform=True))
    state = replace(state, sunk=tuple(t is not None and t.code != "b5" for t in state.tiles))
    state, _ = play(state, "play-b5")
    assert GAME.legal_moves(state, YELLOW)[0].kind == "rescue"  # platforms are legal targets
    assert default_rescue_answer(state, YELLOW) == DECLINE


def test_default_is_none_for_a_seat_not_asked_and_outside_a_rescue():
    state = waiting()
    assert default_rescue_answer(state, RED) is None
    calm = position({"a1": "k4@0"}, hands={0: "g3"})
    assert default_rescue_answer(calm, 0) is None
    assert standing_answer_move(calm, 0, StandingAnswer(False)) is None


def test_default_answer_is_always_legal_in_a_rescue():
    state = waiting({"a1": "k2@0"})
    move = default_rescue_answer(state, YELLOW)
    assert move in GAME.legal_moves(state, YELLOW)


def test_standing_never_declines_and_always_follows_the_default():
    state = waiting({"c1": "g2"})
    assert standing_answer_move(state, YELLOW, StandingAnswer(False)) == DECLINE
    assert standing_answer_move(state, YELLOW, StandingAnswer(True)) == default_rescue_answer(state, YELLOW)


def test_standing_colour_prefers_that_colour_then_falls_back():
    answer = StandingAnswer(True, Colour.TURQUOISE)
    state = waiting({"c1": "g2", "d3": "t7", "e3": "t4"}, sink_all_but=("c1", "d3", "e3"))
    assert GAME.move_code(standing_answer_move(state, YELLOW, answer)) == "rescue-d3"
    only_green_free = waiting({"c1": "g2", "d3": "t7@0"}, sink_all_but=("c1", "d3"))
    assert GAME.move_code(standing_answer_move(only_green_free, YELLOW, answer)) == "rescue-c1"


def test_standing_colour_takes_its_2_first():
    state = waiting({"c1": "g2", "d3": "t7", "e3": "t2"})
    assert GAME.move_code(standing_answer_move(state, YELLOW, StandingAnswer(True, Colour.TURQUOISE))) == "rescue-e3"


@pytest.mark.parametrize("answer", standing_answers(), ids=lambda answer: answer.code)
def test_standing_answers_round_trip_and_have_labels(answer):
    assert StandingAnswer.from_code(f"  {answer.code.upper()} ") == answer
    for locale in ("en", "ru"):
        text = render(GAME.messages, locale, answer.label)
        assert text and "{" not in text and not text.startswith("venezia2099.")


def test_offered_standing_answers():
    assert [answer.code for answer in standing_answers()] == [
        "always",
        "always-k",
        "always-p",
        "always-g",
        "always-t",
        "always-r",
        "always-b",
        "never",
    ]
