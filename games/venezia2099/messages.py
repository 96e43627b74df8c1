"""The English and Russian catalog of every sentence Venezia 2099 shows a person.

Names that need translating inside sentences (seats, districts, colours, treasures) are
their own keys, passed as nested messages. Russian agrees colours by gender, so a colour on
its own (``colour.*``, masculine, as with «квартал») and a treasure (``treasure.*``,
neuter, «сокровище») are separate keys.
"""

from __future__ import annotations

from typing import Final

from games.core import Catalog
from games.venezia2099.model import VALUES, Colour, District, value_label

_COLOURS_EN: Final = {
    Colour.BLACK: "black",
    Colour.PURPLE: "purple",
    Colour.GREEN: "green",
    Colour.TURQUOISE: "turquoise",
    Colour.RED: "red",
    Colour.BROWN: "brown",
}
_COLOURS_RU: Final = {
    Colour.BLACK: "чёрный",
    Colour.PURPLE: "фиолетовый",
    Colour.GREEN: "зелёный",
    Colour.TURQUOISE: "бирюзовый",
    Colour.RED: "красный",
    Colour.BROWN: "коричневый",
}
_TREASURES_RU: Final = {
    Colour.BLACK: "чёрное сокровище",
    Colour.PURPLE: "фиолетовое сокровище",
    Colour.GREEN: "зелёное сокровище",
    Colour.TURQUOISE: "бирюзовое сокровище",
    Colour.RED: "красное сокровище",
    Colour.BROWN: "коричневое сокровище",
}

_EN: Final = {
    "venezia2099.title": "Venezia 2099",
    "venezia2099.summary": (
        "Lead your art experts through a sinking Venice, buy its treasures and keep your figures dry: "
        "every forecast card sends one district under water."
    ),
    "venezia2099.seat.0": "Blue",
    "venezia2099.seat.1": "Yellow",
    "venezia2099.seat.2": "Red",
    "venezia2099.seat.3": "White",
    "venezia2099.seat.4": "Orange",
    "venezia2099.tile.platform": "platform",
    "venezia2099.tile.water": "water",
    # Events.
    "venezia2099.event.placed": "{player} placed a figure on {square} ({tile}).",
    "venezia2099.event.setup_done": "All figures are placed; {player} begins.",
    "venezia2099.event.moved": "{player} moved a figure from {origin} to {target} ({tile}).",
    "venezia2099.event.gondola": (
        "{player} played a gondola card and moved a figure from {origin} to {target} ({tile}); {left, plural, "
        "one {# gondola card} other {# gondola cards}} left."
    ),
    "venezia2099.event.bought": (
        "{player} bought the {treasure} on {square} for {cost, plural, one {# coin} other {# coins}} ({coins, "
        "plural, one {# coin} other {# coins}} left)."
    ),
    "venezia2099.event.played": "{player} played the forecast card {card}: the district on {square} sinks.",
    "venezia2099.event.coins_lost": (
        "{count, plural, one {# coin} other {# coins}} on {square} went down with the water."
    ),
    "venezia2099.event.falls": (
        "A figure of {player} fell into the water on {square}; {player} may rescue it with a gondola card."
    ),
    "venezia2099.event.rescue_prompt": (
        "Your figure on {square} is in the water! Rescue it with a gondola card (you have {left, plural, one "
        "{#} other {#}}) onto a free district, or let it drown."
    ),
    "venezia2099.event.drowned_no_gondola": "The figure of {player} on {square} drowned: no gondola card was left.",
    "venezia2099.event.drowned_no_room": (
        "The figure of {player} on {square} drowned: no free district was left to rescue it to."
    ),
    "venezia2099.event.drowned_declined": "{player} let the figure on {square} drown.",
    "venezia2099.event.rescued": (
        "{player} played a gondola card and rescued the figure from {origin} to {target} ({tile}); {left, "
        "plural, one {# gondola card} other {# gondola cards}} left."
    ),
    "venezia2099.event.turn": "Now it is {player}'s turn.",
    "venezia2099.event.game_over": "The last forecast card has been played: the game is over.",
    # Outcome.
    "venezia2099.outcome.points": "{player} wins with {points, plural, one {# point} other {# points}}.",
    "venezia2099.outcome.tiebreak": (
        "{player} wins: tied on {points, plural, one {# point} other {# points}}, but with more figures on the "
        "board ({figures})."
    ),
    "venezia2099.outcome.shared": (
        "Shared victory: {count} players tied on {points, plural, one {# point} other {# points}} and "
        "{figures, plural, one {# figure} other {# figures}} on the board."
    ),
    # Errors.
    "venezia2099.error.syntax": (
        "'{given}' is not a Venezia 2099 move; try d4-d6, gondola-d4-h8, buy-d4, play-g3, rescue-h8 or decline."
    ),
    "venezia2099.error.not_a_square": "'{given}' is not a square of this board (a1 to {last}).",
    "venezia2099.error.no_such_card": (
        "'{given}' names no forecast card; a card is a colour letter (k p g t r b) and a value from 3 to 8 or x."
    ),
    "venezia2099.error.not_your_turn": "It is not your turn: {player} must decide now.",
    "venezia2099.error.not_asked": "Only {player}'s answer to the rescue is awaited now.",
    "venezia2099.error.over": "The game is over.",
    "venezia2099.error.placing": "'{move}' is not possible yet: the figures are still being placed.",
    "venezia2099.error.rescuing": "'{move}' is not possible now: the rescue must be answered first.",
    "venezia2099.error.placed": "'{move}' is not possible: every figure is already placed.",
    "venezia2099.error.no_rescue": "'{move}' is not possible: no figure is waiting to be rescued.",
    "venezia2099.error.occupied": "'{move}': a figure already stands on {square}.",
    "venezia2099.error.same_value": (
        "'{move}': you already have a figure on a district of value {value}; "
        "your figures must start on different values."
    ),
    "venezia2099.error.no_figure": "'{move}': you have no figure on {square}.",
    "venezia2099.error.move_after_buy": "'{move}': a figure cannot move after you have bought a treasure.",
    "venezia2099.error.no_gondola": "'{move}': you have no gondola card left.",
    "venezia2099.error.already_moved": "'{move}': you have already moved a figure this turn.",
    "venezia2099.error.same_square": "'{move}': the figure must move to another square.",
    "venezia2099.error.water": "'{move}': {square} is water.",
    "venezia2099.error.not_a_line": (
        "'{move}': the destination is not in a straight line (across, up, down or diagonal) from the figure."
    ),
    "venezia2099.error.path_water": "'{move}': the way crosses water on {square}; only a gondola crosses water.",
    "venezia2099.error.path_blocked": "'{move}': a figure on {square} is in the way.",
    "venezia2099.error.already_bought": "'{move}': you have already bought a treasure this turn.",
    "venezia2099.error.buy_platform": "'{move}': nothing can be bought on a platform.",
    "venezia2099.error.supply_empty": "'{move}': no {colour} treasure is left in the supply.",
    "venezia2099.error.coins": (
        "'{move}': this treasure costs {cost, plural, one {# coin} other {# coins}} and you have {coins, "
        "plural, one {# coin} other {# coins}}."
    ),
    "venezia2099.error.not_in_hand": "'{move}': you do not hold the forecast card {card}.",
    "venezia2099.error.not_lowest": "'{move}': you must play a card of your lowest value, {value}.",
    "venezia2099.error.rescue_platform": "'{move}': a rescued figure must go to a free district, not a platform.",
    "venezia2099.error.standing": (
        "'{given}' is not a rescue preference; use never, always or always- and a colour letter (k p g t r b)."
    ),
    # Move labels and component choices.
    "venezia2099.describe.place": "Place a figure on {square} ({tile})",
    "venezia2099.describe.step": "Move {origin} → {target} ({tile})",
    "venezia2099.describe.gondola": "Gondola {origin} → {target} ({tile})",
    "venezia2099.describe.buy": "Buy the {treasure} on {square} for {cost, plural, one {# coin} other {# coins}}",
    "venezia2099.describe.play": "Play forecast {card} (sinks {square})",
    "venezia2099.describe.play_own": "Play forecast {card} (sinks {square}, where your own figure stands!)",
    "venezia2099.describe.rescue": "Rescue to {square} ({tile})",
    "venezia2099.describe.decline": "Let the figure drown",
    "venezia2099.choice.figure": "Figure on {square} ({tile})",
    "venezia2099.choice.to": "To {square} ({tile})",
    "venezia2099.choice.gondola": "By gondola, to any free square ({left, plural, one {# card} other {# cards}} left)",
    "venezia2099.choice.row": "Row {row}",
    # Standing rescue answers.
    "venezia2099.standing.never": "Never rescue",
    "venezia2099.standing.always": "Always rescue (onto a value-2 district if free, else the highest)",
    "venezia2099.standing.colour": "Always rescue, onto a {colour} district when one is free",
    # Steps of a turn, as a prompt.
    "venezia2099.step.place": "Place a figure",
    "venezia2099.step.move": "Move a figure, buy a treasure, or play a forecast card",
    "venezia2099.step.buy": "Buy a treasure or play a forecast card",
    "venezia2099.step.forecast": "Play one of your lowest forecast cards",
    "venezia2099.step.rescue": "Rescue the figure in the water, or let it drown",
    "venezia2099.step.over": "The game is over",
    # The final breakdown.
    "venezia2099.score.line": (
        "{player}: treasures {treasures}, figures {figures}, X districts {x}, coins {coins}; total {total}"
    ),
}

_RU: Final = {
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
    "venezia2099.error.buy_platform": "«{move}»: на платформе ничего купить нельзя.",
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
}


def _names() -> tuple[dict[str, str], dict[str, str]]:
    """Colour, treasure and district names, generated for every colour and value."""
    en: dict[str, str] = {}
    ru: dict[str, str] = {}
    for colour in Colour:
        en[f"venezia2099.colour.{colour.value}"] = _COLOURS_EN[colour]
        ru[f"venezia2099.colour.{colour.value}"] = _COLOURS_RU[colour]
        en[f"venezia2099.treasure.{colour.value}"] = f"{_COLOURS_EN[colour]} treasure"
        ru[f"venezia2099.treasure.{colour.value}"] = _TREASURES_RU[colour]
        for value in VALUES:
            code = District(value, colour).code
            en[f"venezia2099.district.{code}"] = f"{_COLOURS_EN[colour]} {value_label(value)}"
            ru[f"venezia2099.district.{code}"] = f"{_COLOURS_RU[colour]} {value_label(value)}"
    return en, ru


def build_catalog() -> Catalog:
    """The whole catalog, English and Russian."""
    en, ru = _names()
    return {"en": {**_EN, **en}, "ru": {**_RU, **ru}}


MESSAGES: Final = build_catalog()
