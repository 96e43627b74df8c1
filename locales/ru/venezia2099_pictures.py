"""Надписи на картинках «Венеции 2099» и их альтернативный текст (``renderers/venezia2099.py``)."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "venezia2099.img.your_turn": "Ваш ход · {step}",
    "venezia2099.img.turn": "Ходит {player}: {step}",
    "venezia2099.img.doing.place": "расстановка фигурки",
    "venezia2099.img.doing.move": "перемещение фигурки, покупка сокровища или карта прогноза",
    "venezia2099.img.doing.buy": "покупка сокровища или карта прогноза",
    "venezia2099.img.doing.forecast": "одна из младших карт прогноза",
    "venezia2099.img.doing.rescue": "спасение фигурки",
    "venezia2099.img.doing.over": "игра окончена",
    "venezia2099.img.rescue": "Ждём ответа игрока {player}: спасать ли фигурку на {square}?",
    "venezia2099.img.your_rescue": "Ваша фигурка на {square} в воде: спасти её?",
    "venezia2099.img.win": "Побеждает {player}",
    "venezia2099.img.shared": "Общая победа",
    "venezia2099.img.you_are": "Вы играете за цвет «{player}»",
    "venezia2099.img.public": "Общая доска",
    "venezia2099.img.last": "Последнее: {action}",
    "venezia2099.img.you": "{player} (вы)",
    "venezia2099.img.stats": "монет {coins} · гондол {gondolas} · карт {cards}",
    "venezia2099.img.figures": "фигурки: на поле {on_board}, утонуло {lost}",
    "venezia2099.img.figures_to_place": "фигурки: на поле {on_board}, ещё {to_place}",
    "venezia2099.img.supply": "Запас сокровищ",
    "venezia2099.img.played": "Сыгранные прогнозы",
    "venezia2099.img.aside": (
        "Отложено: {count, plural, one {# карта} few {# карты} many {# карт} other {# карты}}, скрыты до конца игры"
    ),
    "venezia2099.img.aside_revealed": "Отложенные карты (эти кварталы уцелели)",
    "venezia2099.img.hand": "Карты прогноза (в рамке — можно сыграть)",
    "venezia2099.img.hand_empty": "Карт прогноза не осталось",
    "venezia2099.img.playable": "можно сыграть",
    "venezia2099.img.score.player": "Игрок",
    "venezia2099.img.score.treasures": "Сокровища",
    "venezia2099.img.score.figures": "Фигурки",
    "venezia2099.img.score.x": "На X",
    "venezia2099.img.score.coins": "Монеты",
    "venezia2099.img.score.total": "Итого",
    "venezia2099.img.score.values": "Ценность сокровищ",
    "venezia2099.img.legend.frame": "клетки прошлого хода",
    "venezia2099.img.legend.coins": "монеты на клетке",
    "venezia2099.img.action.place": "{player} ставит фигурку на {target}",
    "venezia2099.img.action.move": "{player}: {origin} → {target}",
    "venezia2099.img.action.gondola": "{player} на гондоле: {origin} → {target}",
    "venezia2099.img.action.buy": "{player} покупает на {target} ({colour}) за {amount}",
    "venezia2099.img.action.play": "{player} играет «{card}»: {target} под водой",
    "venezia2099.img.action.rescue": "{player} спасает фигурку: {origin} → {target}",
    "venezia2099.img.action.drown": "фигурка игрока {player} утонула на {origin}",
    "venezia2099.alt.title": "Венеция 2099, {board}.",
    "venezia2099.alt.public": "общая доска",
    "venezia2099.alt.private": "доска игрока {player} (ваша)",
    "venezia2099.alt.latest": "Последние действия: {actions}.",
    "venezia2099.alt.player": (
        "{player}: {coins, plural, one {# монета} few {# монеты} many {# монет} other {# монеты}}, "
        "гондолы {gondolas}, прогнозы {cards}; фигурки: {squares}{lost, plural, =0 {} one {, "
        "утонула #} few {, утонули #} many {, утонули #} other {, утонули #}}; сокровища: "
        "{treasures}."
    ),
    "venezia2099.alt.player_final": (
        "{player}: фигурки: {squares}{lost, plural, =0 {} one {, утонула #} few {, утонули #} many "
        "{, утонули #} other {, утонули #}}; сокровища: {treasures}."
    ),
    "venezia2099.alt.none": "нет",
    "venezia2099.alt.water": "Вода: {squares}.",
    "venezia2099.alt.land": "Суша (остальное, кроме платформ, — вода): {squares}.",
    "venezia2099.alt.coins": "Монеты на клетках: {squares}.",
    "venezia2099.alt.platforms": "Платформы: {squares}.",
    "venezia2099.alt.supply": "Запас: {treasures}.",
    "venezia2099.alt.hand": "Ваши карты: {cards}.",
    "venezia2099.alt.scores": "Очки: {scores}.",
    "venezia2099.alt.score": "{player} — {total}",
}
