"""The translation layer: both languages complete, locale choice, every bot key used exists."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from bot.i18n import CATALOG, CORE, pick_locale, tr_for
from games.i18n import missing_keys

BOT = Path(__file__).resolve().parents[2] / "bot"


def test_russian_and_english_have_the_same_keys():
    assert missing_keys(CATALOG, ("en", "ru")) == set()


def test_templates_use_the_same_placeholders_in_both_languages():
    def fields(template: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(template) if name}

    for key, english in CATALOG["en"].items():
        assert fields(english) == fields(CATALOG["ru"][key]), key


def test_russian_is_russian():
    cyrillic = re.compile("[а-яА-ЯёЁ]")
    untranslated = [k for k, v in CORE["ru"].items() if not cyrillic.search(v) and not k.startswith("cmd.")]
    assert untranslated == []


@pytest.mark.parametrize(
    ("user", "guild", "expected"),
    [("ru", None, "ru"), ("en-US", "ru", "en"), ("de", "ru", "ru"), (None, None, "en"), ("fr", "fr", "en")],
)
def test_locale_choice(user, guild, expected):
    assert pick_locale(user, guild) == expected


def test_every_core_key_the_bot_uses_is_in_the_catalog():
    used = set()
    for path in BOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            is_text = isinstance(node, ast.Constant) and isinstance(node.value, str)
            if is_text and re.fullmatch(r"core\.[a-z_.]+[a-z]", node.value):
                used.add(node.value)
    assert used, "the scan found the keys"
    assert sorted(k for k in used if k not in CATALOG["en"]) == []


def test_a_missing_key_falls_back_to_english_then_the_key():
    assert tr_for("ru")("core.error.full") != tr_for("en")("core.error.full")
    assert tr_for("ru")("no.such.key") == "no.such.key"
