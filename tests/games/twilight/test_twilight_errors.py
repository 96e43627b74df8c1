"""Every error path: the exception type, its stable code, the quoted input, both translations."""

from __future__ import annotations

import re

import pytest

from games.core import IllegalMove, InvalidMove, MoveError, NotYourTurn
from games.i18n import translator
from games.twilight import GAME, TwilightOptions
from games.twilight.moves import parse_code
from tests.games.twilight.helpers import play, position

TRANSLATORS = {locale: translator(GAME.messages, locale) for locale in ("en", "ru")}


def assert_translated(error: MoveError) -> None:
    for locale, tr in TRANSLATORS.items():
        assert error.code in GAME.messages[locale], (locale, error.code)
        text = tr(error.message)
        assert not re.search(r"\{[a-z_]+\}", text), text
        assert "twilight." not in text, text
        assert "None" not in text, text  # a parameter the sentence needs was left out


@pytest.mark.parametrize(
    "text",
    [
        "zz",
        "",
        "   ",
        "d.x",
        "d",
        "dd.",
        "h3.q.+",
        "h3.d",
        "g11.+",
        "g11.gw.++",
        "g1.d.+",
        "m2",
        "m4.+",
        "s",
        "gx.+",
        "end.now",
        "hd.h.+",
        "s.f",
    ],
)
def test_syntax_errors_are_invalid_moves(text):
    state = position(east="d d h3 hd g11 g1 m2 gx")
    with pytest.raises(InvalidMove) as caught:
        GAME.parse_move(state, 0, text)
    assert caught.value.code == "twilight.error.syntax"
    assert repr(text) in str(caught.value)
    assert_translated(caught.value)


def test_not_your_turn():
    state = position(east="d d m2", to_play=0)
    with pytest.raises(NotYourTurn) as caught:
        GAME.parse_move(state, 1, "d.+")
    assert caught.value.code == "twilight.error.not_your_turn" and "'d.+'" in str(caught.value)
    assert_translated(caught.value)
    with pytest.raises(NotYourTurn) as applied:
        GAME.apply(state, 1, parse_code("d.+"))
    assert "'d.+'" in str(applied.value)  # a move value is quoted by its code
    assert GAME.legal_moves(state, 1) == []


def test_match_over():
    state = GAME.initial_state(2, 2)
    while state.to_play is not None:
        state, _ = GAME.apply(state, state.to_play, GAME.legal_moves(state, state.to_play)[0])
    for seat in (0, 1):
        with pytest.raises(NotYourTurn) as caught:
            GAME.parse_move(state, seat, "end")
        assert caught.value.code == "twilight.error.match_over" and "'end'" in str(caught.value)
        assert_translated(caught.value)


# (setup codes, position keywords, offending text, expected code)
ILLEGAL = [
    ((), {}, "undo", "nothing_to_undo"),
    ((), {}, "END", "nothing_played"),
    (("d.+",), {}, "discard", "start_only"),
    (("d.+",), {"merchant": 3}, "s.gw", "start_only"),
    ((), {}, "s.h", "summon_target"),
    ((), {}, "s.m", "summon_target"),
    (("s.d",), {"merchant": 1}, "d.+", "turn_done"),
    (("d.+",), {"doge": 6, "guard_w": 3, "guard_e": 8}, "d.-", "doge_home"),
    ((), {}, "h5.h.+", "no_card"),
    ((), {"east": "d h3 h2 m2 m2 g1 g1 g11"}, "dd.+", "cortege_needs_two"),
    (("d.+",), {}, "m2.+", "second_type"),
    (("h3.m.+",), {"harlequin": 1, "merchant": -1}, "h2.h.+", "target_locked"),
    (("h1.gw.+",), {"harlequin": 1, "guard_w": -3, "guard_e": 3, "east": "h1 h2 d"}, "h2.d.+", "target_locked"),
    ((), {"harlequin": 1, "merchant": -1, "options": TwilightOptions(diamond_masquerade=False)}, "hd.m", "diamond_off"),
    (("h3.d.+",), {"harlequin": 3, "guard_e": 6}, "h2.d.+", "masquerade_over"),
    ((), {"harlequin": -1}, "h2.d.+", "masquerade_unavailable"),
    ((), {"merchant": 7}, "m2.+", "off_track"),
    ((), {"guard_w": -8, "doge": -6, "guard_e": -3}, "dd.-", "off_track"),
    ((), {"doge": 1}, "g1.ge.-", "nobility"),
    ((), {"doge": 0, "guard_w": -1, "guard_e": 1, "east": "gx d m2"}, "gx", "no_effect"),
    ((), {"harlequin": 0}, "hd.h", "no_effect"),
    ((), {"merchant": 0, "doge": 0}, "s.d", "no_effect"),
]


@pytest.mark.parametrize(("setup", "where", "text", "code"), ILLEGAL, ids=[f"{row[3]}-{row[2]}" for row in ILLEGAL])
def test_illegal_moves_have_stable_codes(setup, where, text, code):
    where = dict(where)
    where.setdefault("east", "d d h3 h2 hd m2 m2 g1")
    state = position(**where)
    state, _ = play(state, *setup)
    before = GAME.encode(state)
    with pytest.raises(IllegalMove) as caught:
        GAME.parse_move(state, 0, f"  {text} ")
    error = caught.value
    assert error.code == f"twilight.error.{code}"
    assert repr(f"  {text} ") in str(error)
    assert_translated(error)
    # apply with the move value raises the same code and quotes the canonical code
    with pytest.raises(IllegalMove) as again:
        GAME.apply(state, 0, parse_code(text))
    assert again.value.code == error.code
    assert repr(GAME.move_code(parse_code(text))) in str(again.value)
    assert GAME.encode(state) == before


def test_every_error_code_has_a_why_message():
    # the reasons a card play can fail (why_unplayable turns them into twilight.why.*)
    codes = {row[3] for row in ILLEGAL} - {"nothing_to_undo", "nothing_played", "start_only"}
    for locale in ("en", "ru"):
        for code in codes:
            assert f"twilight.why.{code}" in GAME.messages[locale], (locale, code)


def test_off_track_names_the_token_that_would_leave_not_one_on_the_last_cell():
    # The East Guard stands on E8, the track's last cell (legal); the Merchant would go to E9.
    state = position(merchant=7, guard_e=8, doge=3, east="m2 d g1")
    with pytest.raises(IllegalMove) as caught:
        GAME.parse_move(state, 0, "m2.+")
    assert caught.value.code == "twilight.error.off_track"
    assert TRANSLATORS["en"](caught.value.message) == "'m2.+': that would move the Merchant off the track."
