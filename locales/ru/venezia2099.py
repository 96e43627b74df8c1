"""Венеция 2099 по-русски (``games/venezia2099``).

Russian agrees colours by gender, so a colour on its own (``colour.*``, masculine, as with
«квартал», which also names the districts) and a treasure (``treasure.*``, neuter,
«сокровище») are separate keys.
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "venezia2099.title": "Венеция 2099",
    "venezia2099.summary": (
        "Проведите своих искусствоведов по тонущей Венеции, скупите её сокровища и не дайте фигуркам утонуть: "
        "каждая карта прогноза отправляет под воду один квартал."
    ),
    "venezia2099.seat.0": "Синий",
    "venezia2099.seat.1": "Жёлтый",
    "venezia2099.seat.2": "Красный",
    "venezia2099.seat.3": "Белый",
    "venezia2099.seat.4": "Оранжевый",
    "venezia2099.tile.platform": "платформа",
    "venezia2099.tile.water": "вода",
    "venezia2099.event.placed": "{player} ставит фигурку на {square} ({tile}).",
    "venezia2099.event.setup_done": "Все фигурки расставлены; первым ходит {player}.",
    "venezia2099.event.moved": "{player} перемещает фигурку с {origin} на {target} ({tile}).",
    "venezia2099.event.gondola": (
        "{player} разыгрывает карту гондолы и перемещает фигурку с {origin} на {target} ({tile}); {left, "
        "plural, one {осталась # карта гондолы} few {остались # карты гондол} many {осталось # карт гондол} "
        "other {остались # карты гондол}}."
    ),
    "venezia2099.event.bought": (
        "{player} покупает {treasure} на {square} за {cost, plural, one {# монету} few {# монеты} many {# "
        "монет} other {# монеты}} ({coins, plural, one {осталась # монета} few {осталось # монеты} many "
        "{осталось # монет} other {осталось # монеты}})."
    ),
    "venezia2099.event.played": "{player} разыгрывает карту прогноза «{card}»: квартал на {square} уходит под воду.",
    "venezia2099.event.coins_lost": (
        "{count, plural, one {# монета ушла} few {# монеты ушли} many {# монет ушло} other {# монеты ушли}} на "
        "дно с {square}."
    ),
    "venezia2099.event.falls": (
        "Фигурка игрока {player} падает в воду на {square}; {player} может спасти её картой гондолы."
    ),
    "venezia2099.event.rescue_prompt": (
        "Ваша фигурка на {square} в воде! Спасите её картой гондолы ({left, plural, one {у вас # карта} few {у "
        "вас # карты} many {у вас # карт} other {у вас # карты}}), переместив на свободный квартал, или дайте "
        "ей утонуть."
    ),
    "venezia2099.event.drowned_no_gondola": (
        "Фигурка игрока {player} на {square} утонула: карт гондол у него не осталось."
    ),
    "venezia2099.event.drowned_no_room": (
        "Фигурка игрока {player} на {square} утонула: не осталось свободного квартала для спасения."
    ),
    "venezia2099.event.drowned_declined": "{player} не спасает фигурку на {square}, и она тонет.",
    "venezia2099.event.rescued": (
        "{player} разыгрывает карту гондолы и спасает фигурку с {origin}: теперь она на {target} ({tile}); "
        "{left, plural, one {осталась # карта гондолы} few {остались # карты гондол} many {осталось # карт "
        "гондол} other {остались # карты гондол}}."
    ),
    "venezia2099.event.turn": "Ход переходит к игроку {player}.",
    "venezia2099.event.game_over": "Сыграна последняя карта прогноза: игра окончена.",
    "venezia2099.outcome.points": (
        "Побеждает {player}, набрав {points, plural, one {# очко} few {# очка} many {# очков} other {# очка}}."
    ),
    "venezia2099.outcome.tiebreak": (
        "Побеждает {player}: очков поровну ({points, plural, one {по # очку} few {по # очка} many {по # очков} "
        "other {по # очка}}), но у него больше фигурок на поле ({figures})."
    ),
    "venezia2099.outcome.shared": (
        "Общая победа: {count, plural, one {# игрок набрал} few {# игрока набрали} many {# игроков набрали} "
        "other {# игрока набрали}} поровну, {points, plural, one {по # очку} few {по # очка} many {по # очков} "
        "other {по # очка}}, и у всех {figures, plural, one {# фигурка} few {# фигурки} many {# фигурок} other "
        "{# фигурки}} на поле."
    ),
    "venezia2099.error.syntax": (
        "«{given}» — не ход «Венеции 2099»; примеры: d4-d6, gondola-d4-h8, buy-d4, play-g3, rescue-h8 или decline."
    ),
    "venezia2099.error.not_a_square": "«{given}» — нет такой клетки на этом поле (от a1 до {last}).",
    "venezia2099.error.no_such_card": (
        "«{given}» — нет такой карты прогноза; карта — это буква цвета (k p g t r b) и значение от 3 до 8 или x."
    ),
    "venezia2099.error.not_your_turn": "Сейчас не ваш ход: решает игрок {player}.",
    "venezia2099.error.not_asked": "Сейчас ждут только ответа игрока {player} о спасении фигурки.",
    "venezia2099.error.over": "Игра окончена.",
    "venezia2099.error.placing": "«{move}» пока невозможно: фигурки ещё расставляются.",
    "venezia2099.error.rescuing": "«{move}» сейчас невозможно: сначала нужно ответить, спасать ли фигурку.",
    "venezia2099.error.placed": "«{move}» невозможно: все фигурки уже расставлены.",
    "venezia2099.error.no_rescue": "«{move}» невозможно: никакую фигурку сейчас не нужно спасать.",
    "venezia2099.error.occupied": "«{move}»: на {square} уже стоит фигурка.",
    "venezia2099.error.same_value": (
        "«{move}»: у вас уже есть фигурка на квартале со значением {value}; "
        "фигурки одного игрока ставятся на кварталы с разными значениями."
    ),
    "venezia2099.error.no_figure": "«{move}»: на {square} нет вашей фигурки.",
    "venezia2099.error.move_after_buy": "«{move}»: нельзя перемещать фигурку после покупки сокровища.",
    "venezia2099.error.no_gondola": "«{move}»: у вас не осталось карт гондол.",
    "venezia2099.error.already_moved": "«{move}»: в этот ход вы уже перемещали фигурку.",
    "venezia2099.error.same_square": "«{move}»: фигурку нужно переместить на другую клетку.",
    "venezia2099.error.water": "«{move}»: на {square} вода.",
    "venezia2099.error.not_a_line": (
        "«{move}»: эта клетка не лежит на прямой линии от фигурки (по горизонтали, вертикали или диагонали)."
    ),
    "venezia2099.error.path_water": "«{move}»: путь проходит через воду на {square}; воду пересекает только гондола.",
    "venezia2099.error.path_blocked": "«{move}»: путь преграждает фигурка на {square}.",
    "venezia2099.error.already_bought": "«{move}»: в этот ход вы уже купили сокровище.",
    "venezia2099.error.buy_platform": "«{move}»: {square} — платформа, на ней ничего купить нельзя.",
    "venezia2099.error.supply_empty": "«{move}»: сокровищ цвета «{colour}» в запасе не осталось.",
    "venezia2099.error.coins": (
        "«{move}»: сокровище стоит {cost, plural, one {# монету} few {# монеты} many {# монет} other {# "
        "монеты}}, а у вас {coins, plural, one {# монета} few {# монеты} many {# монет} other {# монеты}}."
    ),
    "venezia2099.error.not_in_hand": "«{move}»: у вас нет карты прогноза «{card}».",
    "venezia2099.error.not_lowest": "«{move}»: нужно сыграть карту с наименьшим значением в руке, {value}.",
    "venezia2099.error.rescue_platform": (
        "«{move}»: спасённую фигурку можно поставить только на свободный квартал, не на платформу."
    ),
    "venezia2099.error.standing": (
        "«{given}» — не вариант ответа о спасении; используйте never, always или always- с буквой цвета (k p g t r b)."
    ),
    "venezia2099.describe.place": "Поставить фигурку на {square} ({tile})",
    "venezia2099.describe.step": "Переместить {origin} → {target} ({tile})",
    "venezia2099.describe.gondola": "Гондола {origin} → {target} ({tile})",
    "venezia2099.describe.buy": (
        "Купить {treasure} на {square} за {cost, plural, one {# монету} few {# монеты} many {# монет} other {# монеты}}"
    ),
    "venezia2099.describe.play": "Сыграть прогноз «{card}» (тонет {square})",
    "venezia2099.describe.play_own": "Сыграть прогноз «{card}» (тонет {square}, где стоит ваша фигурка!)",
    "venezia2099.describe.rescue": "Спасти на {square} ({tile})",
    "venezia2099.describe.decline": "Не спасать фигурку",
    "venezia2099.choice.figure": "Фигурка на {square} ({tile})",
    "venezia2099.choice.to": "На {square} ({tile})",
    "venezia2099.choice.gondola": (
        "На гондоле, на любую свободную клетку ({left, plural, one {осталась # карта} few {остались # карты} "
        "many {осталось # карт} other {остались # карты}})"
    ),
    "venezia2099.choice.row": "Ряд {row}",
    "venezia2099.standing.never": "Никогда не спасать",
    "venezia2099.standing.always": "Всегда спасать (на свободный квартал «2», иначе на самый высокий)",
    "venezia2099.standing.colour": "Всегда спасать, по возможности на {colour} квартал",
    "venezia2099.step.place": "Поставьте фигурку",
    "venezia2099.step.move": "Переместите фигурку, купите сокровище или сыграйте карту прогноза",
    "venezia2099.step.buy": "Купите сокровище или сыграйте карту прогноза",
    "venezia2099.step.forecast": "Сыграйте одну из младших карт прогноза",
    "venezia2099.step.rescue": "Спасите фигурку из воды или дайте ей утонуть",
    "venezia2099.step.over": "Игра окончена",
    "venezia2099.score.line": (
        "{player}: сокровища {treasures}, фигурки {figures}, кварталы X {x}, монеты {coins}; итого {total}"
    ),
    # Colours (districts are named from them: games/venezia2099/messages.py) and treasures.
    "venezia2099.colour.k": "чёрный",
    "venezia2099.treasure.k": "чёрное сокровище",
    "venezia2099.colour.p": "фиолетовый",
    "venezia2099.treasure.p": "фиолетовое сокровище",
    "venezia2099.colour.g": "зелёный",
    "venezia2099.treasure.g": "зелёное сокровище",
    "venezia2099.colour.t": "бирюзовый",
    "venezia2099.treasure.t": "бирюзовое сокровище",
    "venezia2099.colour.r": "красный",
    "venezia2099.treasure.r": "красное сокровище",
    "venezia2099.colour.b": "коричневый",
    "venezia2099.treasure.b": "коричневое сокровище",
}
