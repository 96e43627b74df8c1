"""Every error path: the exception type, its stable code, and that the text quotes the input, complete."""

from __future__ import annotations

import pytest

from games.core import IllegalMove, InvalidMove, MoveError, NotYourTurn
from games.i18n import render
from games.venezia2099 import GAME
from games.venezia2099.answers import StandingAnswer
from games.venezia2099.model import Phase
from games.venezia2099.moves import buy
from tests.games.venezia2099.helpers import play, position

BLUE, YELLOW, RED = 0, 1, 2

TURN = {
    "a1": "k4@0",
    "b1": "p4@0$20",
    "c1": "==@0",
    "a3": "~g5",
    "c3": "r6@1",
    "h8": "t6",
    "h1": "b2@0",
}
"""Blue on a1 (black 4), b1 (purple 4, 20 coins on it), c1 (platform), h1 (brown 2); water on a3; Yellow on c3."""


def turn_state(**changes):
    arguments = {"hands": {BLUE: "g3 r3 k6", YELLOW: "k3"}, "coins": {BLUE: 5}}
    arguments.update(changes)
    return position(TURN, **arguments)


def rescue_state():
    state = position({"b5": "b5@1", "c1": "=="}, turn=RED, hands={RED: "b5 k6"})
    waiting, _ = play(state, "play-b5")
    return waiting


def placement_state():
    return GAME.initial_state(1, 3)


def over_state():
    state = position({"a1": "==@0"}, hands={BLUE: "g3"})
    after, _ = play(state, "play-g3")
    assert after.phase is Phase.OVER
    return after


CASES = [
    # (state factory, seat, text, exception, code)
    ("turn", BLUE, "fly-a1", InvalidMove, "syntax"),
    ("turn", BLUE, "", InvalidMove, "syntax"),
    ("turn", BLUE, "a1-a10", InvalidMove, "syntax"),
    ("turn", BLUE, "a1-z9", InvalidMove, "not_a_square"),
    ("turn", BLUE, "a1-i1", InvalidMove, "not_a_square"),
    ("turn", BLUE, "play-z3", InvalidMove, "no_such_card"),
    ("turn", BLUE, "play-g2", InvalidMove, "no_such_card"),
    ("turn", YELLOW, "c3-c4", NotYourTurn, "not_your_turn"),
    ("turn", BLUE, "place-d4", IllegalMove, "placed"),
    ("turn", BLUE, "rescue-d4", IllegalMove, "no_rescue"),
    ("turn", BLUE, "decline", IllegalMove, "no_rescue"),
    ("turn", BLUE, "d4-d5", IllegalMove, "no_figure"),
    ("turn", BLUE, "c3-c4", IllegalMove, "no_figure"),
    ("turn", BLUE, "a1-a1", IllegalMove, "same_square"),
    ("turn", BLUE, "a1-a3", IllegalMove, "water"),
    ("turn", BLUE, "a1-a4", IllegalMove, "path_water"),
    ("turn", BLUE, "a1-c1", IllegalMove, "occupied"),
    ("turn", BLUE, "a1-d4", IllegalMove, "path_blocked"),
    ("turn", BLUE, "a1-b3", IllegalMove, "not_a_line"),
    ("turn", BLUE, "gondola-a1-a3", IllegalMove, "water"),
    ("turn", BLUE, "gondola-a1-c3", IllegalMove, "occupied"),
    ("turn", BLUE, "gondola-e4-h8", IllegalMove, "no_figure"),
    ("turn", BLUE, "buy-c1", IllegalMove, "buy_platform"),
    ("turn", BLUE, "buy-c3", IllegalMove, "no_figure"),
    ("turn", BLUE, "buy-b1", IllegalMove, "coins"),
    ("turn", BLUE, "play-k6", IllegalMove, "not_lowest"),
    ("turn", BLUE, "play-t3", IllegalMove, "not_in_hand"),
    ("no_gondola", BLUE, "gondola-a1-h8", IllegalMove, "no_gondola"),
    ("empty_supply", BLUE, "buy-a1", IllegalMove, "supply_empty"),
    ("moved", BLUE, "a2-b3", IllegalMove, "already_moved"),
    ("moved", BLUE, "gondola-a2-h8", IllegalMove, "already_moved"),
    ("bought", BLUE, "buy-h1", IllegalMove, "already_bought"),
    ("bought", BLUE, "a1-a2", IllegalMove, "move_after_buy"),
    ("bought", BLUE, "gondola-a1-h8", IllegalMove, "move_after_buy"),
    ("rescue", RED, "play-k6", NotYourTurn, "not_asked"),
    ("rescue", BLUE, "decline", NotYourTurn, "not_asked"),
    ("rescue", YELLOW, "play-k6", IllegalMove, "rescuing"),
    ("rescue", YELLOW, "rescue-c1", IllegalMove, "rescue_platform"),
    ("rescue", YELLOW, "rescue-b5", IllegalMove, "water"),
    ("rescue_occupied", YELLOW, "rescue-d4", IllegalMove, "occupied"),
    ("place", BLUE, "a1-a2", IllegalMove, "placing"),
    ("place", BLUE, "play-g3", IllegalMove, "placing"),
    ("place", YELLOW, "place-a1", NotYourTurn, "not_your_turn"),
    ("placed_on", BLUE, "place-a1", IllegalMove, "occupied"),
    ("placed_on", BLUE, "place-e1", IllegalMove, "same_value"),  # a1 and e1 are both value 5
    ("over", BLUE, "play-g3", NotYourTurn, "over"),
]


def make(kind):
    if kind == "turn":
        return turn_state()
    if kind == "no_gondola":
        return turn_state(gondolas={BLUE: 0})
    if kind == "empty_supply":
        return turn_state(treasures={YELLOW: {"k": 10}})
    if kind == "moved":
        return play(turn_state(), "a1-a2")[0]
    if kind == "bought":
        return play(turn_state(), "buy-a1")[0]
    if kind == "rescue":
        return rescue_state()
    if kind == "rescue_occupied":
        state = position({"b5": "b5@1", "d4": "k3@0"}, turn=RED, hands={RED: "b5 k6"})
        return play(state, "play-b5")[0]
    if kind == "place":
        return placement_state()
    if kind == "placed_on":
        state = placement_state()
        state, _ = play(state, "place-a1", "place-b1", "place-c1")
        return state
    return over_state()


@pytest.mark.parametrize(("kind", "seat", "text", "exception", "code"), CASES, ids=[f"{c[4]}:{c[2]}" for c in CASES])
def test_error_path(kind, seat, text, exception, code):
    state = make(kind)
    with pytest.raises(exception) as raised:
        GAME.parse_move(state, seat, text)
    error = raised.value
    assert type(error) is exception
    assert error.code == f"venezia2099.error.{code}"
    if text and exception is not NotYourTurn:
        assert repr(text) in str(error)
    for locale in ("en", "ru"):
        sentence = render(GAME.messages, locale, error.message)
        assert "{" not in sentence and sentence != error.code
        assert "None" not in sentence, sentence  # every part the sentence names is filled in


@pytest.mark.parametrize("text", ["  A1-A2 ", "a1 a2", "PLAY-G3", " play-g3"])
def test_codes_are_accepted_case_insensitively_with_spaces(text):
    state = turn_state()
    move = GAME.parse_move(state, BLUE, text)
    assert GAME.move_code(move) in ("a1-a2", "play-g3")


def test_apply_checks_the_same_rules_as_parse():
    state = turn_state()
    with pytest.raises(IllegalMove) as raised:
        GAME.apply(state, BLUE, buy("c1"))
    assert raised.value.code == "venezia2099.error.buy_platform"
    with pytest.raises(NotYourTurn):
        GAME.apply(state, YELLOW, buy("c3"))


def test_apply_rejects_a_square_off_a_two_player_board():
    state = GAME.initial_state(3, 2)
    with pytest.raises(InvalidMove) as raised:
        GAME.parse_move(state, BLUE, "place-h8")
    assert raised.value.code == "venezia2099.error.not_a_square"
    assert raised.value.params["last"] == "f6"


def test_the_not_your_turn_message_names_who_must_decide():
    with pytest.raises(NotYourTurn) as raised:
        GAME.parse_move(turn_state(), YELLOW, "c3-c4")
    assert render(GAME.messages, "en", raised.value.message) == "It is not your turn: Blue must decide now."
    assert render(GAME.messages, "ru", raised.value.message) == "Сейчас не ваш ход: решает игрок Синий."


def test_a_bad_standing_answer_is_invalid():
    with pytest.raises(InvalidMove) as raised:
        StandingAnswer.from_code("sometimes")
    assert raised.value.code == "venezia2099.error.standing"
    assert "'sometimes'" in str(raised.value)


def test_every_error_is_a_move_error():
    for _, _, _, exception, _ in CASES:
        assert issubclass(exception, MoveError)


def test_buy_errors_name_the_square_and_the_colour():
    # The sentence a player reads and the English text kept with the error (logs) both name what was refused.
    with pytest.raises(IllegalMove) as raised:
        GAME.parse_move(turn_state(), BLUE, "buy-c1")
    assert (
        render(GAME.messages, "en", raised.value.message) == "'buy-c1': c1 is a platform; nothing can be bought there."
    )
    assert str(raised.value) == "'buy-c1': c1 is a platform; nothing can be bought there."
    with pytest.raises(IllegalMove) as raised:
        GAME.parse_move(make("empty_supply"), BLUE, "buy-a1")
    assert render(GAME.messages, "en", raised.value.message) == "'buy-a1': no black treasure is left in the supply."
    assert str(raised.value) == "'buy-a1': no black treasure is left."
