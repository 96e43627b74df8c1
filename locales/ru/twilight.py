"""Сумерки Венеции по-русски (``games/twilight``).

Russian terms follow the Zvezda rulebook: Дож, Стражники, Купец, Арлекин, Фаворитка,
Кортеж, Маскарад, Слово гильдии, «Знать и доблесть», особняк, раздача. Russian sentences
avoid number agreement («карточек: 3») and put tokens after «фишка» in the genitive, so
that one template fits every value.
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "twilight.title": "Сумерки Венеции",
    "twilight.summary": (
        "Дуэль Райнера Книции: каждый ход разыгрывайте карточки одного типа и приведите Дожа "
        "или его Фаворитку в свой особняк."
    ),
    "twilight.seat.0": "Восточный дом",
    "twilight.seat.1": "Западный дом",
    "twilight.seat_of.0": "Восточного дома",
    "twilight.seat_of.1": "Западного дома",
    "twilight.cell.east": "вост. {n}",
    "twilight.cell.west": "зап. {n}",
    "twilight.cell.centre": "0",
    "twilight.card.d": "Дож 1",
    "twilight.card.g1": "Стражники 1",
    "twilight.card.g11": "Стражники 1+1",
    "twilight.card.gx": "Стражники ►◄",
    "twilight.card.m1": "Купец 1",
    "twilight.card.m2": "Купец 2",
    "twilight.card.m3": "Купец 3",
    "twilight.card.h1": "Арлекин 1",
    "twilight.card.h2": "Арлекин 2",
    "twilight.card.h3": "Арлекин 3",
    "twilight.card.h4": "Арлекин 4",
    "twilight.card.h5": "Арлекин 5",
    "twilight.card.hd": "Арлекин ◊",
    "twilight.type.doge": "Дож",
    "twilight.type.guards": "Стражники",
    "twilight.type.merchant": "Купец",
    "twilight.type.harlequin": "Арлекин",
    "twilight.token.d": "Дож",
    "twilight.token.gw": "западный Стражник",
    "twilight.token.ge": "восточный Стражник",
    "twilight.token.m": "Купец",
    "twilight.token.h": "Арлекин",
    "twilight.token.f": "Фаворитка",
    "twilight.token_of.d": "Дожа",
    "twilight.token_of.gw": "западного Стражника",
    "twilight.token_of.ge": "восточного Стражника",
    "twilight.token_of.guards": "Стражников",
    "twilight.token_of.m": "Купца",
    "twilight.token_of.h": "Арлекина",
    "twilight.dir.east": "на восток",
    "twilight.dir.west": "на запад",
    "twilight.list.0": "ничего",
    "twilight.list.1": "{i1}",
    "twilight.list.2": "{i1}, {i2}",
    "twilight.list.3": "{i1}, {i2}, {i3}",
    "twilight.list.4": "{i1}, {i2}, {i3}, {i4}",
    "twilight.list.5": "{i1}, {i2}, {i3}, {i4}, {i5}",
    "twilight.list.6": "{i1}, {i2}, {i3}, {i4}, {i5}, {i6}",
    "twilight.list.7": "{i1}, {i2}, {i3}, {i4}, {i5}, {i6}, {i7}",
    "twilight.list.8": "{i1}, {i2}, {i3}, {i4}, {i5}, {i6}, {i7}, {i8}",
    "twilight.line.moved": "{token} {start} → {end}",
    "twilight.line.card": "{card}: {moves}",
    "twilight.line.masquerade": "{card}, маскарад на {target_of}: {moves}",
    "twilight.line.cortege": "Кортеж (две карточки Дожа): {moves}",
    "twilight.line.summon": "Слово гильдии: {moves}",
    "twilight.line.discard": (
        "Сброшена вся рука ({count, plural, one {# карточка} few {# карточки} many {# карточек} other {# "
        "карточки}}: {cards}), добрано 8"
    ),
    "twilight.line.favourite": "Фаворитка {start} → {end}",
    "twilight.line.drew": (
        "Добрано: {count, plural, one {# карточка} few {# карточки} many {# карточек} other {# карточки}}"
    ),
    "twilight.event.step": "Предпросмотр: {step}. Соперник увидит это, когда вы завершите ход.",
    "twilight.event.doge_home_preview": (
        "Дож стоит в особняке {seat_of}: завершите ход, чтобы закончить раунд, или отмените шаг."
    ),
    "twilight.event.undone": "Шаг отменён: {step}.",
    "twilight.event.played": "{seat}: {step}.",
    "twilight.event.doge_home": "Дож входит в особняк {seat_of}!",
    "twilight.event.favourite": (
        "Фаворитка идёт к особняку {seat_of} на {cells, plural, one {# клетку} few {# клетки} many {# клеток} "
        "other {# клетки}} и встаёт на {cell}."
    ),
    "twilight.event.favourite_home": "Фаворитка достигает особняка {seat_of}!",
    "twilight.event.second_deal": (
        "Колода закончилась: оба сброса перемешаны в новую колоду из {size, plural, one {# карточки} few {# "
        "карточек} many {# карточек} other {# карточек}}. Начинается вторая раздача."
    ),
    "twilight.event.drew": (
        "{seat} добирает {count, plural, one {# карточку} few {# карточки} many {# карточек} other {# карточки}}."
    ),
    "twilight.event.you_drew": "Вы добрали: {cards}.",
    "twilight.event.no_draw": "{seat} не может добрать карточки: колода пуста.",
    "twilight.event.discarded": (
        "{seat} сбрасывает всю руку ({count, plural, one {# карточка} few {# карточки} many {# карточек} other "
        "{# карточки}}: {cards}) и добирает новые карточки."
    ),
    "twilight.event.last_turn": "Колода исчерпана: {seat} делает последний ход, затем — проверка окончания раунда.",
    "twilight.event.check": "Колода исчерпана в раздаче {deal}: проверка окончания раунда.",
    "twilight.event.third_deal": (
        "Дож и Фаворитка стоят на клетках 0: сбросы перемешаны в новую колоду из {size, plural, one {# "
        "карточки} few {# карточек} many {# карточек} other {# карточек}}, оба игрока добрали до 8, начинается "
        "третья раздача."
    ),
    "twilight.event.round_won": "{seat} побеждает в раунде {round}: {reason}.",
    "twilight.event.round_drawn": "Раунд {round} — ничья: {reason}.",
    "twilight.event.round_starts": (
        "Начинается раунд {round} (побед в раундах: Восточный дом — {wins_east}, Западный дом — {wins_west}). "
        "{seat} получает Купца и ходит первым."
    ),
    "twilight.event.revealed": (
        "{seat} получил руку из карточек одного типа, она показана обоим: {cards}. Карточки раздаются заново."
    ),
    "twilight.event.new_hand": "Ваша рука в этом раунде: {cards}.",
    "twilight.reason.doge": "Дож вошёл в особняк",
    "twilight.reason.favourite": "Фаворитка достигла особняка",
    "twilight.reason.check_doge": "колода закончилась, когда Дож стоял на половине победителя",
    "twilight.reason.check_favourite": (
        "колода закончилась, когда Дож стоял на клетке 0, а Фаворитка — на стороне победителя"
    ),
    "twilight.reason.draw": "после третьей раздачи и Дож, и Фаворитка остались на клетках 0",
    "twilight.outcome.won": (
        "{seat} побеждает в партии (побед в раундах: Восточный дом — {east}, Западный дом — {west})."
    ),
    "twilight.outcome.draw": (
        "Партия закончилась вничью (побед в раундах: Восточный дом — {east}, Западный дом — {west})."
    ),
    "twilight.error.syntax": (
        "«{code_text}» — не ход «Сумерек Венеции»; примеры кодов: d.+, m2.-, h3.d.+, g11.+-, s.d, discard, end, undo."
    ),
    "twilight.error.not_your_turn": "«{code_text}»: сейчас ходит {seat}, а не вы.",
    "twilight.error.match_over": "«{code_text}»: партия окончена.",
    "twilight.error.nothing_to_undo": "«{code_text}»: в этом ходу нечего отменять.",
    "twilight.error.nothing_played": (
        "«{code_text}»: прежде чем завершить ход, разыграйте карточку, примените Слово гильдии или сбросьте руку."
    ),
    "twilight.error.start_only": (
        "«{code_text}»: Слово гильдии и сброс руки возможны только в начале хода, до розыгрыша карточек."
    ),
    "twilight.error.summon_target": (
        "«{code_text}»: Слово гильдии призывает только Дожа или Стражника; призвать {token_of} нельзя."
    ),
    "twilight.error.turn_done": (
        "«{code_text}»: в этом ходу вы применили Слово гильдии; завершите ход или отмените его."
    ),
    "twilight.error.doge_home": (
        "«{code_text}»: Дож уже вошёл в особняк; завершите ход, чтобы закончить раунд, или отмените шаг."
    ),
    "twilight.error.no_card": "«{code_text}»: у вас на руке нет карточки «{card}».",
    "twilight.error.cortege_needs_two": "«{code_text}»: для Кортежа нужны две карточки Дожа.",
    "twilight.error.second_type": (
        "«{code_text}»: за ход разыгрываются карточки только одного типа; в этом ходу это «{type}», "
        "а «{card}» — другой тип."
    ),
    "twilight.error.target_locked": (
        "«{code_text}»: в этом ходу карточки Арлекина перемещают фишку {token_of}; цель нельзя сменить до конца хода."
    ),
    "twilight.error.diamond_off": "«{code_text}»: в этой партии карточка «Арлекин ◊» перемещает только Арлекина.",
    "twilight.error.masquerade_over": (
        "«{code_text}»: Дож дошёл до Арлекина или миновал его, поэтому маскарад в этом ходу закончен."
    ),
    "twilight.error.masquerade_unavailable": (
        "«{code_text}»: маскарад действует, только пока Арлекин стоит между вами и Дожем (но не на одной клетке с ним)."
    ),
    "twilight.error.off_track": "«{code_text}»: фишка {token_of} вышла бы за пределы поля.",
    "twilight.error.nobility": (
        "«{code_text}»: Дож всегда должен стоять строго между двумя Стражниками (правило «Знать и доблесть»)."
    ),
    "twilight.error.no_effect": "«{code_text}»: это ничего не сдвинет, а карточку без действия разыгрывать нельзя.",
    "twilight.why.not_your_turn": "Сейчас не ваш ход.",
    "twilight.why.not_in_hand": "У вас нет карточки «{card}».",
    "twilight.why.blocked": (
        "Карточку «{card}» сейчас не разыграть: любой вариант выводит фишку за пределы поля, "
        "нарушает «Знать и доблесть» или ничего не меняет."
    ),
    "twilight.why.summon_target": "Слово гильдии призывает только Дожа или Стражника.",
    "twilight.why.turn_done": "В этом ходу вы применили Слово гильдии.",
    "twilight.why.doge_home": "Дож в особняке: раунд закончится, когда вы завершите ход.",
    "twilight.why.no_card": "У вас нет карточки «{card}».",
    "twilight.why.cortege_needs_two": "Для Кортежа нужны две карточки Дожа.",
    "twilight.why.second_type": "В этом ходу можно разыгрывать только карточки типа «{type}».",
    "twilight.why.target_locked": "В этом ходу карточки Арлекина перемещают фишку {token_of}.",
    "twilight.why.diamond_off": "В этой партии карточка ◊ перемещает только Арлекина.",
    "twilight.why.masquerade_over": "Дож дошёл до Арлекина или миновал его: маскарад в этом ходу закончен.",
    "twilight.why.masquerade_unavailable": "Для маскарада Арлекин должен стоять между вами и Дожем.",
    "twilight.why.off_track": "Фишка {token_of} вышла бы за пределы поля.",
    "twilight.why.nobility": "Дож должен стоять строго между двумя Стражниками («Знать и доблесть»).",
    "twilight.why.no_effect": "Это ничего не сдвинет.",
    "twilight.move.end": "Завершить ход ({shift}, затем добор до 8)",
    "twilight.move.end_round": "Завершить ход: Дож в особняке {seat_of}, и этот дом выигрывает раунд",
    "twilight.move.favourite_stays": "Фаворитка остаётся на месте",
    "twilight.move.favourite_moves": (
        "Фаворитка сдвинется {dir} на {cells, plural, one {# клетку} few {# клетки} many {# клеток} other {# клетки}}"
    ),
    "twilight.move.undo": "Отменить: {step}",
    "twilight.move.undo_nothing": "Отменить последний шаг",
    "twilight.move.discard": (
        "Сбросить всю руку ({count, plural, one {# карточка} few {# карточки} many {# карточек} other {# "
        "карточки}}), добрать 8 и закончить ход; Фаворитка не двигается"
    ),
    "twilight.choice.cortege": "Кортеж (две карточки Дожа)",
    "twilight.choice.summon": "Слово гильдии (призыв к Купцу)",
    "twilight.choice.harlequin_self": "Двигать Арлекина",
    "twilight.choice.target": "Маскарад: двигать {token_of}",
    "twilight.choice.token": "Двигать {token_of}",
    "twilight.choice.direction": "Двигать {dir} ({effect})",
}
