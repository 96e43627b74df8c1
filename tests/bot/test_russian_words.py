"""The Russian texts use the rulebooks' words and Russian typography."""

from __future__ import annotations

import re

from bot.i18n import CATALOG

RU = CATALOG["ru"]


def test_rialto_says_shag_as_its_rulebook_not_etap():
    rialto = {key: text for key, text in RU.items() if key.startswith("rialto.")}
    assert rialto
    assert not [key for key, text in rialto.items() if "этап" in text.lower()]
    assert any("шаг" in text.lower() for text in rialto.values())


def test_no_calques_for_the_seed():
    assert not [key for key, text in RU.items() if "зерн" in text.lower()]
    assert "ключ тасовки" in RU["core.event.seed_revealed"].lower()


def test_russian_quotes_are_guillemets():
    assert not [key for key, text in RU.items() if re.search(r"['\"„“”]", text)]


def test_your_turn_reads_naturally():
    assert CATALOG["en"]["core.turn.your_turn"].startswith("Your turn in {game}")
    assert RU["core.turn.your_turn"] == "Ваш ход в партии №{match} («{game}»)."


def test_a_match_number_is_written_with_the_numero_sign():
    assert not [key for key, text in RU.items() if "#{match}" in text]
    assert RU["community.next.heads_up"].startswith("Следующий ход ваш — партия №{match}")
