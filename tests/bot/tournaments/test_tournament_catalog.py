"""The tournament catalog: every language complete, every key the code uses present, real Russian."""

from __future__ import annotations

import re
from pathlib import Path

from bot.i18n import CATALOG
from bot.tournaments.messages import MESSAGES
from games.core import LOCALES
from games.i18n import missing_keys, placeholders

SOURCES = [*Path("bot/tournaments").glob("*.py"), *Path("bot/discord").rglob("*.py")]


def test_every_language_holds_the_same_keys():
    assert set(MESSAGES) == set(LOCALES)
    assert missing_keys(MESSAGES, LOCALES) == set()


def test_every_literal_key_in_the_code_is_in_the_catalog():
    used = set()
    for path in SOURCES:
        used |= set(re.findall(r"\"((?:tournament|rating)\.[a-z_]+\.[a-z_.]+)\"", path.read_text(encoding="utf-8")))
    assert used, "the pattern finds the keys"
    assert used - set(CATALOG["en"]) == set()


def test_russian_templates_are_russian_and_keep_their_placeholders():
    for key, english in MESSAGES["en"].items():
        russian = MESSAGES["ru"][key]
        assert placeholders(english) == placeholders(russian), key
        if not key.startswith(("tournament.tiebreak.short", "tournament.signup.checked", "cmd.param.")) and re.search(
            "[a-z]{4}", english
        ):
            assert re.search("[а-яё]", russian.lower()), key
