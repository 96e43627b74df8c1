"""The translation layer: locale choice, every bot key used exists, counted sentences read right.

That every language is complete and consistent is checked by ``tests/test_catalogs.py``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from bot.i18n import CATALOG, CORE, pick_locale, tr_for
from games.core import LOCALES, Message
from games.i18n import placeholders, plural_blocks, render

BOT = Path(__file__).resolve().parents[2] / "bot"


def test_russian_is_russian():
    cyrillic = re.compile("[а-яА-ЯёЁ]")
    untranslated = [k for k, v in CORE["ru"].items() if not cyrillic.search(v) and not k.startswith("cmd.")]
    assert untranslated == []


@pytest.mark.parametrize(
    ("user", "guild", "expected"),
    [
        ("ru", None, "ru"),
        ("en-US", "ru", "en"),
        ("de", "ru", "ru"),
        (None, None, "en"),
        ("fr", "fr", "en"),
        ("it", None, "it"),
        ("en-GB", "it", "en"),
        ("pt-BR", "it", "it"),
        (None, "it", "it"),
        ("it", "ru", "it"),
    ],
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


def test_no_sentence_hedges_a_plural_by_hand():
    hedged = re.compile(r"\(s\)|\((а|ы|и|ов|ей)\)|\w\((i|e)\)|\w/(i|e)\b")
    assert [k for locale in LOCALES for k, v in CATALOG[locale].items() if hedged.search(v)] == []


COUNTED_NOUNS = "cards|matches|rounds|days|hours|points|files|masks|cells|spaces|councillors|turns|minutes"


def test_no_english_sentence_puts_a_bare_number_before_a_plural_noun():
    """A count goes through a plural block ("{count} cards" reads "1 cards"); ranges and minimums of two excepted."""
    bare = re.compile(rf"\{{(?!low|high|need|have|card|type)[a-z_]+\}} ({COUNTED_NOUNS})\b")
    assert [k for k, v in CATALOG["en"].items() if bare.search(v)] == []


PLURAL_RU_CARD_ACC = ("карту", "карты", "карт", "карту", "карт")

SENTENCES = [
    # (locale, key, params, the sentences for 1, 2, 5, 21, 11)
    (
        "en",
        "rialto.event.discard",
        {"player": "Orange"},
        [f"Orange discards {n} {'card' if n == 1 else 'cards'} for the hand limit." for n in (1, 2, 5, 21, 11)],
    ),
    (
        "ru",
        "rialto.event.discard",
        {"player": "Оранжевый"},
        [
            f"Оранжевый сбрасывает {n} {w} по лимиту руки."
            for n, w in zip((1, 2, 5, 21, 11), PLURAL_RU_CARD_ACC, strict=True)
        ],
    ),
    (
        "en",
        "twilight.event.drew",
        {"seat": "East"},
        ["East drew 1 card.", *(f"East drew {n} cards." for n in (2, 5, 21, 11))],
    ),
    (
        "en",
        "community.export.done",
        {"parts": 1},
        ["Exported 1 match in 1 file.", *(f"Exported {n} matches in 1 file." for n in (2, 5, 21, 11))],
    ),
    (
        "ru",
        "community.delete.done",
        {},
        ["Удалена 1 партия.", "Удалены 2 партии.", "Удалено 5 партий.", "Удалена 21 партия.", "Удалено 11 партий."],
    ),
    (
        "en",
        "community.export.part",
        {"part": 2},
        [
            "History of this server, part 2: 1 match.",
            *(f"History of this server, part 2: {n} matches." for n in (2, 5, 21, 11)),
        ],
    ),
    (
        "en",
        "twilight.img.alt.cards",
        {"east": 3, "west": 4},
        [
            f"Deck: {n} {'card' if n == 1 else 'cards'}. Cards in hand: East House 3, West House 4."
            for n in (1, 2, 5, 21, 11)
        ],
    ),
    (
        "ru",
        "twilight.img.alt.cards",
        {"east": 3, "west": 4},
        [
            f"В колоде {n} {w}. На руках: Восточный дом — 3, Западный дом — 4."
            for n, w in zip(
                (1, 2, 5, 21, 11), ("карточка", "карточки", "карточек", "карточка", "карточек"), strict=True
            )
        ],
    ),
    (
        "ru",
        "venezia2099.outcome.points",
        {"player": "Анна"},
        [
            f"Побеждает Анна, набрав {n} {w}."
            for n, w in zip((1, 2, 5, 21, 11), ("очко", "очка", "очков", "очко", "очков"), strict=True)
        ],
    ),
    ("en", "core.duration.days", {}, ["1 day", "2 days", "5 days", "21 days", "11 days"]),
    ("ru", "core.duration.days", {}, ["1 день", "2 дня", "5 дней", "21 день", "11 дней"]),
    ("en", "tournament.signup.rounds", {}, ["1 round", "2 rounds", "5 rounds", "21 rounds", "11 rounds"]),
    ("ru", "tournament.signup.rounds", {}, ["1 тур", "2 тура", "5 туров", "21 тур", "11 туров"]),
    ("it", "core.duration.days", {}, ["1 giorno", "2 giorni", "5 giorni", "21 giorni", "11 giorni"]),
    (
        "it",
        "rialto.event.discard",
        {"player": "Arancione"},
        [f"Arancione scarta {n} {'carta' if n == 1 else 'carte'} per il limite di mano." for n in (1, 2, 5, 21, 11)],
    ),
    (
        "it",
        "volto.event.auto",
        {},
        [
            "1 maschera è stata piazzata a caso.",
            *(f"{n} maschere sono state piazzate a caso." for n in (2, 5, 21, 11)),
        ],
    ),
    (
        "ru",
        "volto.event.auto",
        {},
        [
            "Случайно расставлена 1 маска.",
            "Случайно расставлены 2 маски.",
            "Случайно расставлено 5 масок.",
            "Случайно расставлена 21 маска.",
            "Случайно расставлено 11 масок.",
        ],
    ),
]


@pytest.mark.parametrize(("locale", "key", "params", "expected"), SENTENCES, ids=[f"{s[0]}-{s[1]}" for s in SENTENCES])
def test_counted_sentences_agree_with_their_number(locale, key, params, expected):
    tr = tr_for(locale)
    counted = next(name for name in placeholders(CATALOG[locale][key]) if name not in params)
    assert [tr(key, **params, **{counted: n}) for n in (1, 2, 5, 21, 11)] == expected


def test_articles_durations_and_leftovers_read_naturally():
    en, ru = tr_for("en"), tr_for("ru")
    advisor = Message("volto.mask.A")
    assert (
        en("volto.event.placed", mask=advisor, cell="a1", count=9)
        == "You put your Advisor on a1; 9 cells left to fill."
    )
    assert en("volto.event.placed", mask=advisor, cell="a1", count=1).endswith("1 cell left to fill.")
    assert ru("volto.event.placed", mask=advisor, cell="a1", count=3).endswith("осталось заполнить 3 клетки.")
    assert en("core.duration.days", count=7.0) == "7 days", "a whole number of days shows no decimals"
    assert ru("core.duration.days", count=1.5) == "1,5 дня", "fractions the Russian way, with the 'other' form"
    gondola = Message("rialto.card.E")
    assert en("rialto.move.discard", card=gondola, left=0) == "Discard a Gondola card", (
        "nothing more to choose: no note"
    )
    assert en("rialto.move.discard", card=gondola, left=1) == "Discard a Gondola card (1 more to choose)"
    for locale in LOCALES:
        label = tr_for(locale)("rialto.move.discard", card=gondola, left=0)
        assert "0" not in label and "(" not in label, f"{locale}: {label!r} says there is nothing more to choose"


def test_plural_blocks_follow_the_language_of_the_template_used():
    catalog = {
        "en": {"k": "{n, plural, one {# card} other {# cards}}"},
        "ru": {"other": "{n, plural, one {# карта} few {# карты} many {# карт} other {# карты}}"},
    }
    assert render(catalog, "ru", Message("k", {"n": 21})) == "21 cards", "the English fallback uses English rules"
    assert render(catalog, "ru", Message("other", {"n": "many"})) == "# карты".replace("#", "many")
    with pytest.raises(ValueError):
        plural_blocks("{n, plural, one {# card} other {# cards}")


def test_italian_counts_whole_millions_with_the_many_form_and_halves_the_italian_way():
    """CLDR gives Italian a ``many`` form (whole millions); written in digits it reads like ``other``."""
    it = tr_for("it")
    assert it("core.duration.days", count=1_000_000) == "1000000 giorni"
    assert it("core.duration.days", count=1.5) == "1,5 giorni"
    assert it("core.duration.hours", count=1) == "1 ora"
    seat = Message("volto.seat.1")
    assert it("volto.event.won", winner=seat, reason="") == "Vince il Nero. "
