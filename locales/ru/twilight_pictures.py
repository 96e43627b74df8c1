"""Надписи на картинках «Сумерек Венеции» и их альтернативный текст (``renderers/twilight.py``)."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "twilight.img.turn": "Ходит {seat}",
    "twilight.img.your_turn": "Ваш ход",
    "twilight.img.your_turn_preview": "Ваш ход · предпросмотр ваших шагов",
    "twilight.img.won": "{seat} побеждает в партии",
    "twilight.img.draw": "Партия закончилась вничью",
    "twilight.img.status": "Раунд {round} · раздача {deal} · в колоде {deck} · победы: Восток {east} – Запад {west}",
    "twilight.img.you": "{seat} (вы)",
    "twilight.img.mansion": "Особняк {seat_of}",
    "twilight.img.favourite_track": "Дорожка Фаворитки",
    "twilight.img.cell.east": "{n}",
    "twilight.img.cell.west": "{n}",
    "twilight.img.band.doge": "Дож",
    "twilight.img.band.guards": "Стражник",
    "twilight.img.band.merchant": "Купец",
    "twilight.img.band.harlequin": "Арлекин",
    "twilight.img.abbr.d": "Д",
    "twilight.img.abbr.g": "С",
    "twilight.img.abbr.gw": "СЗ",
    "twilight.img.abbr.ge": "СВ",
    "twilight.img.abbr.m": "К",
    "twilight.img.abbr.h": "А",
    "twilight.img.abbr.f": "Ф",
    "twilight.img.hand_count": "Карточек на руке: {count}",
    "twilight.img.merchant_holder": "У него Купец · в раунде ходит первым",
    "twilight.img.harlequin_holder": "У него Арлекин · ходит вторым",
    "twilight.img.discard": "Сброс ({count}), последние справа:",
    "twilight.img.more": "+{count}",
    "twilight.img.empty": "пусто",
    "twilight.img.last_turn": "Прошлый ход · {seat}:",
    "twilight.img.no_last_turn": "Ходов ещё не было.",
    "twilight.img.round_result": "Раунд {round}: победил {seat} ({reason})",
    "twilight.img.round_drawn": "Раунд {round}: ничья ({reason})",
    "twilight.img.revealed": "Показано при раздаче этого раунда: у игрока «{seat}» было {cards}",
    "twilight.img.your_hand": "Ваша рука",
    "twilight.img.your_steps": "Ваши шаги в этом ходу (соперник увидит их, когда вы завершите ход):",
    "twilight.img.unplayable": "✗ {card}: {reason}",
    "twilight.img.alt.public": "Сумерки Венеции, общая доска.",
    "twilight.img.alt.private": "Сумерки Венеции, доска игрока «{seat}» (ваша).",
    "twilight.img.alt.preview": "Показан предпросмотр после ваших шагов в этом ходу.",
    "twilight.img.alt.positions": (
        "Дож {doge}, западный Стражник {guard_w}, восточный Стражник {guard_e}, Купец {merchant}, "
        "Арлекин {harlequin}; Фаворитка {favourite}."
    ),
    "twilight.img.alt.cards": (
        "В колоде {deck, plural, one {# карточка} few {# карточки} many {# карточек} other {# "
        "карточки}}. На руках: Восточный дом — {east}, Западный дом — {west}."
    ),
    "twilight.img.alt.discards": "Сбросы: Восточный дом — {east}; Западный дом — {west}.",
    "twilight.img.alt.hand": "Ваша рука: {cards}.",
    "twilight.img.alt.last": "Прошлый ход, {seat}: {lines}.",
}
