"""The catalog, the contract attributes, seat names, the text position and the view's shape."""

from __future__ import annotations

import re
from pathlib import Path

from games.core import LOCALES, Game
from games.i18n import missing_keys, placeholders, render
from games.venezia2099 import GAME
from games.venezia2099.model import CARD_VALUES, VALUES, Colour, District, Phase
from games.venezia2099.view import Step
from tests.games.venezia2099.helpers import play, position

SOURCE = Path(__file__).resolve().parents[3] / "games" / "venezia2099"


def test_contract_attributes():
    for name in dir(Game):
        if not name.startswith("_"):
            assert hasattr(GAME, name), name
    assert GAME.key == "venezia2099"
    assert GAME.rules_version == 1
    assert (GAME.min_players, GAME.max_players) == (2, 5)
    assert GAME.options_type().rescue_to_platform is False
    assert GAME.options_type().gondola_move_additional is False


def test_catalog_is_complete_in_both_locales():
    assert not missing_keys(GAME.messages, LOCALES)
    for locale in LOCALES:
        for key, template in GAME.messages[locale].items():
            assert key.startswith("venezia2099.")
            assert template.strip()
    for key in ("venezia2099.title", "venezia2099.summary"):
        assert GAME.messages["en"][key] != GAME.messages["ru"][key]


def test_russian_is_not_a_copy_of_english():
    same = [key for key in GAME.messages["en"] if GAME.messages["en"][key] == GAME.messages["ru"][key]]
    assert same == []
    cyrillic = re.compile("[а-яё]", re.IGNORECASE)
    assert all(cyrillic.search(text) for text in GAME.messages["ru"].values())


def test_templates_use_the_same_placeholders_in_both_locales():
    for key, english in GAME.messages["en"].items():
        assert placeholders(english) == placeholders(GAME.messages["ru"][key]), key


def test_every_key_the_code_uses_is_in_the_catalog():
    used = set()
    for path in SOURCE.glob("*.py"):
        used |= set(re.findall(r'"(venezia2099\.[a-z_.0-9]+)"', path.read_text(encoding="utf-8")))
        for prefix in re.findall(r'f"(venezia2099\.[a-z_.]+)\{', path.read_text(encoding="utf-8")):
            assert any(key.startswith(prefix) for key in GAME.messages["en"]), prefix
    assert used - set(GAME.messages["en"]) == set()


def test_every_colour_district_and_card_is_named():
    for colour in Colour:
        assert f"venezia2099.colour.{colour.value}" in GAME.messages["ru"]
        assert f"venezia2099.treasure.{colour.value}" in GAME.messages["ru"]
        for value in VALUES:
            assert f"venezia2099.district.{District(value, colour).code}" in GAME.messages["ru"]
    assert render(GAME.messages, "ru", _district("tx")) == "бирюзовый X"
    assert render(GAME.messages, "en", _district("b5")) == "brown 5"
    assert CARD_VALUES[0] == 3


def _district(code):
    from games.core import msg

    return msg(f"venezia2099.district.{code}")


def test_seat_names():
    names = [render(GAME.messages, "en", GAME.seat_name(seat, 5)) for seat in range(5)]
    assert names == ["Blue", "Yellow", "Red", "White", "Orange"]
    assert render(GAME.messages, "ru", GAME.seat_name(1, 3)) == "Жёлтый"


def test_text_position_is_one_line_and_documented_fields():
    state = position({"a1": "k4@0$3", "a2": "~g5", "b1": "=="}, hands={0: "g3 kx"}, coins={0: 7})
    text = str(state)
    assert "\n" not in text
    board, flags, *fields = text.split(" ")
    assert board.split("/")[-1].startswith("k4@0$3,==,")
    assert "~g5" in board.split("/")[-2].split(",")[0]
    assert flags == "turn:0"
    assert fields[0] == "hands=g3.kx|-|-|-"
    assert "coins=7,10,10,10" in fields
    assert str(state.seed) not in text


def test_view_steps_follow_the_turn():
    state = position({"a1": "k4@0", "a2": "r6"}, hands={0: "g3 r4"})
    assert GAME.view(state, 0).step is Step.MOVE
    moved, _ = play(state, "a1-a2")
    assert GAME.view(moved, None).step is Step.BUY
    bought, _ = play(moved, "buy-a2")
    assert GAME.view(bought, None).step is Step.FORECAST
    assert GAME.view(GAME.initial_state(1, 3), None).step is Step.PLACE
    for step in Step:
        assert f"venezia2099.step.{step.value}" in GAME.messages["ru"]
    assert GAME.view(state, None).phase is Phase.TURN
