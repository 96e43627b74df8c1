"""The catalog, the module docstring's doctest, notation and labels."""

from __future__ import annotations

import doctest
import string

import pytest

import games.rialto
from games.core import LOCALES
from games.i18n import missing_keys, placeholders, render
from games.rialto import GAME
from games.rialto.model import BUILDING_KINDS, CARD_LETTERS, DISTRICTS
from games.rialto.moves import canonical, split

CATALOG = GAME.messages


def test_module_doctest_plays_a_move():
    result = doctest.testmod(games.rialto, verbose=False)
    assert result.attempted >= 4 and result.failed == 0


def test_english_and_russian_have_the_same_keys_and_parameters():
    assert missing_keys(CATALOG, LOCALES) == set()
    for key, template in CATALOG["en"].items():
        assert key.startswith("rialto.")
        assert placeholders(CATALOG["ru"][key]) == placeholders(template), key


@pytest.mark.parametrize(
    "key",
    [
        "rialto.title",
        "rialto.summary",
        *(f"rialto.seat.{seat}" for seat in range(5)),
        "rialto.seat.neutral",
        *(f"rialto.card.{letter}" for letter in CARD_LETTERS),
        *(f"rialto.building.{kind}" for kind in BUILDING_KINDS),
        *(f"rialto.effect.{kind}" for kind in BUILDING_KINDS),
        *(f"rialto.district.{code}" for code in DISTRICTS),
        *(f"rialto.colour.{colour}" for colour in "GYU"),
        *(f"rialto.step.{letter}" for letter in "ABCDEF"),
        "rialto.side.north",
        "rialto.side.south",
    ],
)
def test_every_name_is_translated(key):
    assert CATALOG["en"][key] and CATALOG["ru"][key]
    assert CATALOG["en"][key] != CATALOG["ru"][key]


class Blank(dict):
    def __missing__(self, key):
        return ""


def test_russian_is_not_a_copy_of_english():
    def words(text):
        return sum(c.isalpha() for c in string.Formatter().vformat(text, (), Blank()))

    copies = [key for key, text in CATALOG["en"].items() if CATALOG["ru"][key] == text and words(text) > 3]
    assert copies == []


def test_summary_is_one_sentence():
    for locale in LOCALES:
        assert CATALOG[locale]["rialto.summary"].count(".") == 1


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (" PASS ", "pass"),
        ("Row3", "row3"),
        ("tg1", "tG1"),
        ("g3-DECK", "G3-deck"),
        ("y4-a", "Y4-A"),
        ("k07-can", "K07-CAN"),
        ("M-SUP", "m-sup"),
        ("u2-NO", "U2-no"),
        ("b03", "B3"),
    ],
)
def test_codes_are_read_case_insensitively(text, code):
    assert canonical(text) == code
    assert canonical(code) == code


@pytest.mark.parametrize("text", ["", "row7", "tG5", "K13-CAN", "K07-CAS", "U3-no", "d-X", "m-", "Y2"])
def test_non_moves_are_rejected_by_the_grammar(text):
    assert canonical(text) is None


def test_choice_paths_group_moves_by_their_first_token():
    assert split("K07-CAN") == ("K07", "CAN")
    assert split("G1-deck") == ("G1", "deck")
    assert split("U2-no") == ("U2-no",)
    assert split("d-A") == ("d-A",)


def test_seat_names_and_outcome_translate():
    assert render(CATALOG, "ru", GAME.seat_name(0, 3)) == "Оранжевый"
    assert render(CATALOG, "en", GAME.seat_name(4, 5)) == "Pink"
