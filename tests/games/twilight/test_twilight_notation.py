"""Move codes, parsing, the text position, the catalog and the options."""

from __future__ import annotations

import pytest

from games.core import LOCALES, MAX_CUSTOM_ID, InvalidMove, parse_options
from games.i18n import missing_keys, translator
from games.twilight import GAME, TwilightOptions
from games.twilight.model import CardKind, Token
from games.twilight.moves import Action, Move, format_move, parse_code, play_candidates
from tests.games.twilight.helpers import position

ALL_MOVES = [
    *(move for kind in CardKind for move in play_candidates(kind, 2)),
    *(Move(Action.SUMMON, token=token) for token in Token),
    Move(Action.DISCARD),
    Move(Action.END),
    Move(Action.UNDO),
]


@pytest.mark.parametrize("move", ALL_MOVES, ids=format_move)
def test_every_code_round_trips_and_fits_a_custom_id(move):
    code = format_move(move)
    assert parse_code(code) == move
    assert parse_code(f"  {code.upper()}\t") == move
    assert code.isascii() and code.isprintable() and " " not in code
    assert len(f"mv:{10**10 - 1}:{10**6 - 1}:{code}") <= MAX_CUSTOM_ID


def test_codes_are_unique():
    codes = [format_move(move) for move in ALL_MOVES]
    assert len(codes) == len(set(codes))


@pytest.mark.parametrize(
    ("code", "move"),
    [
        ("d.+", Move(Action.PLAY, CardKind.DOGE, Token.DOGE, 1)),
        ("dd.-", Move(Action.PLAY, CardKind.DOGE, Token.DOGE, -1, cortege=True)),
        ("g11.+-", Move(Action.PLAY, CardKind.GUARDS_11, None, 1, -1)),
        ("g11.ge.+", Move(Action.PLAY, CardKind.GUARDS_11, Token.GUARD_E, 2)),
        ("m3.-", Move(Action.PLAY, CardKind.MERCHANT_3, Token.MERCHANT, -3)),
        ("h4.gw.-", Move(Action.PLAY, CardKind.HARLEQUIN_4, Token.GUARD_W, -4)),
        ("hd.d", Move(Action.PLAY, CardKind.HARLEQUIN_ZERO, Token.DOGE, 0)),
        ("s.ge", Move(Action.SUMMON, token=Token.GUARD_E)),
    ],
)
def test_codes_mean_what_the_notation_says(code, move):
    assert parse_code(code) == move


def test_initial_legal_move_order_is_documented():
    state = position(east="d d g11 gx m2 h3 hd g1", merchant=3, guard_e=5, doge=0, guard_w=-2, harlequin=4)
    codes = [GAME.move_code(move) for move in GAME.legal_moves(state, 0)]
    assert codes[:4] == ["d.+", "d.-", "dd.+", "dd.-"]
    assert codes.index("g1.gw.+") < codes.index("g11.++") < codes.index("g11.gw.-") < codes.index("gx")
    assert codes.index("gx") < codes.index("m2.+") < codes.index("h3.h.+") < codes.index("h3.d.+")
    assert codes.index("h3.m.-") < codes.index("hd.h")
    assert codes[-3:] == ["s.d", "s.ge", "discard"]


def test_str_is_one_documented_line():
    state = GAME.initial_state(7, 2)
    text = str(state)
    assert "\n" not in text
    assert text.startswith("r1 d1 f0 t0 | D0 W-2 E2 M1 H-1 F0 | deck 38 | h0 ")
    assert text.endswith("| x0 - x1 - | -")


def test_catalog_is_complete_in_both_locales():
    assert set(LOCALES) <= set(GAME.messages)
    assert missing_keys(GAME.messages, LOCALES) == set()
    for locale in LOCALES:
        assert all(key.startswith("twilight.") for key in GAME.messages[locale])
        for key in ("twilight.title", "twilight.summary", "twilight.seat.0", "twilight.seat.1"):
            assert GAME.messages[locale][key]
        for kind in CardKind:
            assert f"twilight.card.{kind.value}" in GAME.messages[locale]


def test_russian_is_not_a_copy_of_english():
    en, ru = GAME.messages["en"], GAME.messages["ru"]
    same = {key for key in en if en[key] == ru[key]}
    # only formats without words may coincide (lists, cell 0, "{card}: {moves}")
    assert all(not any(char.isalpha() for char in en[key].replace("{", " {").split("{")[0]) for key in same), same


def test_seat_names():
    en = translator(GAME.messages, "en")
    ru = translator(GAME.messages, "ru")
    assert [en(GAME.seat_name(seat, 2)) for seat in (0, 1)] == ["East House", "West House"]
    assert [ru(GAME.seat_name(seat, 2)) for seat in (0, 1)] == ["Восточный дом", "Западный дом"]


def test_options():
    assert TwilightOptions() == TwilightOptions(diamond_masquerade=True)
    assert parse_options(TwilightOptions, "diamond_masquerade=no") == TwilightOptions(diamond_masquerade=False)
    state = GAME.initial_state(1, 2, TwilightOptions(diamond_masquerade=False))
    assert GAME.decode(GAME.encode(state)).options.diamond_masquerade is False


def test_only_two_players():
    assert (GAME.min_players, GAME.max_players) == (2, 2)
    with pytest.raises(ValueError):
        GAME.initial_state(1, 3)


def test_parse_rejects_text_that_is_not_a_code():
    with pytest.raises(InvalidMove):
        parse_code("d.+.+")
