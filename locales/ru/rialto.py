"""Риальто по-русски (``games/rialto``)."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "rialto.title": "Риальто",
    "rialto.summary": (
        "За шесть раундов набирайте карты и разыгрывайте их в шести шагах ради дожа, золота, "
        "зданий, мостов, гондол и советников, чтобы добиться наибольшего влияния в районах Венеции."
    ),
    "rialto.seat.0": "Оранжевый",
    "rialto.seat.1": "Голубой",
    "rialto.seat.2": "Бирюзовый",
    "rialto.seat.3": "Лимонный",
    "rialto.seat.4": "Розовый",
    "rialto.seat.neutral": "Нейтральный игрок",
    "rialto.card.A": "Дож",
    "rialto.card.B": "Золото",
    "rialto.card.C": "Здание",
    "rialto.card.D": "Мост",
    "rialto.card.E": "Гондола",
    "rialto.card.F": "Советник",
    "rialto.card.J": "Джокер",
    "rialto.cards.some": "{n}× {card}",
    "rialto.cards.none": "нет карт",
    "rialto.cards.no_buildings": "без зданий",
    "rialto.cards.with_buildings": "с помощью: {buildings}",
    "rialto.list": "{a}, {b}",
    "rialto.supply": "своего запаса",
    "rialto.colour.G": "зелёное",
    "rialto.colour.Y": "жёлтое",
    "rialto.colour.U": "синее",
    "rialto.building.G1": "Зелёное 1 (карта)",
    "rialto.building.G2": "Зелёное 2 (рука +1)",
    "rialto.building.G3": "Зелёное 3 (карта, рука +1)",
    "rialto.building.G4": "Зелёное 4 (карта, рука +2)",
    "rialto.building.Y1": "Жёлтое 1 (отсрочка)",
    "rialto.building.Y2": "Жёлтое 2 (замена)",
    "rialto.building.Y3": "Жёлтое 3 (джокер)",
    "rialto.building.Y4": "Жёлтое 4 (двойная замена)",
    "rialto.building.U1": "Синее 1 (улучшение)",
    "rialto.building.U2": "Синее 2 (советник)",
    "rialto.building.U3": "Синее 3 (дож)",
    "rialto.building.U4": "Синее 4 (3 ПО)",
    "rialto.effect.G1": "Фаза I: взять 1 карту из оставшегося ряда или 3 карты из колоды.",
    "rialto.effect.G2": "Фаза I: лимит руки +1 в этом раунде.",
    "rialto.effect.G3": "Фаза I: 1 карта из оставшегося ряда или 3 из колоды, и лимит руки +1.",
    "rialto.effect.G4": "Фаза I: 1 карта из оставшегося ряда или 3 из колоды, и лимит руки +2.",
    "rialto.effect.Y1": "Фаза II: отложить свой ход в этом шаге и взять 1 монету.",
    "rialto.effect.Y2": "Фаза II: сыграть 1 карту как 1 карту типа этого шага.",
    "rialto.effect.Y3": "Фаза II: считается джокером.",
    "rialto.effect.Y4": "Фаза II: сыграть 1 карту как 2 карты типа этого шага.",
    "rialto.effect.U1": "Фаза III: обменять своё здание на следующее по значению того же цвета.",
    "rialto.effect.U2": "Фаза III: 1 ПО и советник из общего запаса в свой запас.",
    "rialto.effect.U3": "Фаза III: продвинуться по треку дожей на свой ранг.",
    "rialto.effect.U4": "Фаза III: 3 ПО.",
    "rialto.district.CAN": "Каннареджо",
    "rialto.district.CAS": "Кастелло",
    "rialto.district.SMA": "Сан-Марко",
    "rialto.district.SCR": "Санта-Кроче",
    "rialto.district.SPO": "Сан-Поло",
    "rialto.district.DOR": "Дорсодуро",
    "rialto.side.north": "северного берега",
    "rialto.side.south": "южного берега",
    "rialto.step.A": "A (дожи)",
    "rialto.step.B": "B (золото)",
    "rialto.step.C": "C (здания)",
    "rialto.step.D": "D (мосты)",
    "rialto.step.E": "E (гондолы)",
    "rialto.step.F": "F (советники)",
    "rialto.phase.setup": "Стартовые здания",
    "rialto.phase.rows": "Фаза I: ряды карт",
    "rialto.phase.green": "Фаза I: зелёные здания",
    "rialto.phase.discard": "Фаза I: лимит руки",
    "rialto.phase.play": "Фаза II: розыгрыш карт",
    "rialto.phase.action": "Фаза II: действия",
    "rialto.phase.blue": "Фаза III: синие здания",
    "rialto.phase.over": "Игра окончена",
    "rialto.event.start_building": "{player} берёт стартовое здание: {building}.",
    "rialto.event.round": "Начинается раунд {round}; текущий район — {district}.",
    "rialto.event.row": "Ряд {row}: {cards}.",
    "rialto.event.take_row": (
        "{player} берёт ряд {row} ({cards}) и добирает из колоды {n, plural, one {# карту} few {# карты} many "
        "{# карт} other {# карты}}."
    ),
    "rialto.event.you_draw": "Вы добираете: {cards}.",
    "rialto.event.reshuffle": (
        "Колода кончилась: {n, plural, one {# сброшенная карта перемешана} few {# сброшенные карты перемешаны} "
        "many {# сброшенных карт перемешаны} other {# сброшенные карты перемешаны}} в новую колоду."
    ),
    "rialto.event.green_limit": "{player} активирует {building}: лимит руки +{n} в этом раунде.",
    "rialto.event.green_deck": (
        "{player} активирует {building} и берёт из колоды {n, plural, one {# карту} few {# карты} many {# "
        "карт} other {# карты}}."
    ),
    "rialto.event.green_row": "{player} активирует {building} и берёт карту «{card}» из оставшегося ряда.",
    "rialto.event.done": "{player} заканчивает.",
    "rialto.event.discard": (
        "{player} сбрасывает {n, plural, one {# карту} few {# карты} many {# карт} other {# карты}} по лимиту руки."
    ),
    "rialto.event.you_discard": "Вы сбрасываете: {cards}.",
    "rialto.event.leftover": "Оставшийся ряд уходит в сброс: {cards}.",
    "rialto.event.neutral_draw": "Нейтральный игрок берёт карты: {cards}.",
    "rialto.event.step": "Шаг {step}. {player} играет первым.",
    "rialto.event.pass": "{player} пасует.",
    "rialto.event.postpone": "{player} активирует {building}, откладывает свой ход и берёт 1 монету.",
    "rialto.event.play": "{player} играет {n}× {card}: {cards}, {buildings}.",
    "rialto.event.neutral_play": "Нейтральный игрок играет {n}× {card}.",
    "rialto.event.bonus": "{player} получает бонус со счётом {n}.",
    "rialto.event.no_bonus": "Никто не сыграл карт; бонуса нет.",
    "rialto.event.doge": (
        "{player} продвигается по треку дожей на {n, plural, one {# поле} few {# поля} many {# полей} other {# "
        "поля}} (до поля {space})."
    ),
    "rialto.event.gold": (
        "{player} получает {n, plural, one {# монету} few {# монеты} many {# монет} other {# монеты}}."
    ),
    "rialto.event.take": "{player} берёт здание: {building}.",
    "rialto.event.return": ("{player} возвращает {building} и получает {n} ПО."),
    "rialto.event.bridge_vp": ("{player} получает за карты мостов {n} ПО."),
    "rialto.event.bridge_penalty": "{player} не сыграл карт мостов и теряет 1 ПО.",
    "rialto.event.bonus_vp": "{player} получает за бонус {n} ПО.",
    "rialto.event.bridge": ("{player} кладёт мост между районами {high_district} ({high}) и {low_district} ({low})."),
    "rialto.event.next_bridge": "Следующий мост: {low}|{high}.",
    "rialto.event.to_supply": (
        "{player} переносит {n, plural, one {# советника} few {# советников} many {# советников} other {# "
        "советников}} из общего запаса в свой."
    ),
    "rialto.event.pool_vp": ("У игрока {player} общий запас пуст: вместо этого он получает {n} ПО."),
    "rialto.event.gondola": "{player} кладёт гондолу между районами {a} и {b}.",
    "rialto.event.gondola_councillor": "{player} ставит советника из общего запаса в район {district}.",
    "rialto.event.neutral_gondola": "Нейтральный игрок ставит по советнику в районы {a} и {b}.",
    "rialto.event.councillors": (
        "{player} ставит {n, plural, one {# советника} few {# советников} many {# советников} other {# "
        "советников}} в район {district}."
    ),
    "rialto.event.move": "{player} переставляет советника из {origin} в район {district}.",
    "rialto.event.side_bonus": "У игрока {player} есть советники во всех трёх районах {side}: +{vp} ПО.",
    "rialto.event.side_neutral": "У нейтрального игрока есть советники во всех трёх районах {side}.",
    "rialto.event.side_flip": "Бонусный тайл {side} забран.",
    "rialto.event.marker": "Маркер нейтрального игрока переходит на соединение {a} — {b}.",
    "rialto.event.phase_three": "Фаза III: синие здания, в порядке трека дожей.",
    "rialto.event.upgrade": "{player} активирует {building}: возвращает {old} и берёт {new}.",
    "rialto.event.u2_take": "{player} активирует {building}: 1 ПО и советник в свой запас.",
    "rialto.event.u2_empty": "{player} активирует {building}: общий запас пуст, поэтому 2 ПО.",
    "rialto.event.u2_decline": "{player} активирует {building}: 1 ПО.",
    "rialto.event.u3": "{player} активирует {building}, занимая {rank}-е место на треке дожей.",
    "rialto.event.u4": ("{player} активирует {building} и получает {n} ПО."),
    "rialto.event.round_end": (
        "Раунд {round} окончен; {coins, plural, one {# монета возвращается} few {# монеты возвращаются} many "
        "{# монет возвращаются} other {# монеты возвращаются}} со зданий в банк."
    ),
    "rialto.event.game_over": "Шестой раунд окончен: финальный подсчёт очков.",
    "rialto.move.start": "Взять стартовое здание: {building}",
    "rialto.move.row": "Взять ряд {row}: {cards}",
    "rialto.move.green_limit": "Активировать {building}: лимит руки +{n}",
    "rialto.move.green_deck": "Активировать {building}: взять 3 карты из колоды",
    "rialto.move.green_row": "Активировать {building}: взять «{card}» из оставшегося ряда",
    "rialto.move.done": "Готово: больше ничего не активировать",
    "rialto.move.discard": (
        "Сбросить карту «{card}»{left, plural, =0 {} one { (осталось выбрать #)} few { (осталось выбрать #)} "
        "many { (осталось выбрать #)} other { (осталось выбрать #)}}"
    ),
    "rialto.move.undo": "Отменить последний выбор",
    "rialto.move.confirm_discard": "Подтвердить сброс: {cards}",
    "rialto.move.naturals": "{n}× {card} с руки — {total}",
    "rialto.move.jokers": "{n}× Джокер — {total}",
    "rialto.move.convert": "{building}: сыграть карту «{card}» как {n}× {target} — {total}",
    "rialto.move.virtual_joker": "{building}: ещё один джокер — {total}",
    "rialto.move.postpone": "{building}: отложить ход и взять 1 монету",
    "rialto.move.total": "счёт {n}",
    "rialto.move.no_total": "пока нельзя сыграть",
    "rialto.move.play": "Сыграть {n}× {card}: {cards}, {buildings}",
    "rialto.move.pass_play": "Пас: не играть карт",
    "rialto.move.take": "Взять {building}",
    "rialto.move.take_return": "Взять {building} (у вас 7 зданий: затем верните одно)",
    "rialto.move.pass_take": "Не брать здание",
    "rialto.move.return": "Вернуть {building} за {n} ПО",
    "rialto.move.bridge": "Мост {low}|{high}: {high} — району {a}, {low} — району {b}",
    "rialto.move.gondola": "Гондола {a} — {b}: советник в район {a}",
    "rialto.move.from_supply": "Переставить советника из своего запаса",
    "rialto.move.from_district": "Переставить советника из района {district}",
    "rialto.move.pass_fallback": "Не переставлять советника",
    "rialto.move.pass_move": "Больше не ставить советников",
    "rialto.move.upgrade": "{building}: вернуть {old}, взять {new}",
    "rialto.move.u2_take": "{building}: 1 ПО и советник в свой запас",
    "rialto.move.u2_empty": "{building}: 2 ПО (ваш общий запас пуст)",
    "rialto.move.u2_decline": "{building}: 1 ПО без советника",
    "rialto.move.u3": (
        "{building}: продвинуться по треку дожей на {n, plural, one {# поле} few {# поля} many {# полей} other "
        "{# поля}}"
    ),
    "rialto.move.u4": "{building}: 3 ПО",
    "rialto.choice.connection": "{a} — {b}",
    "rialto.standing.autopass": (
        "Сразу пасовать в шаге с картами, когда мне нечем сыграть (остальные увидят, что вы спасовали сразу)"
    ),
    "rialto.outcome.win": "{player} побеждает, набрав {n} ПО.",
    "rialto.outcome.win_doge": ("{player} побеждает, набрав {n} ПО, — при равенстве выше на треке дожей."),
    "rialto.error.bad_code": "{move} — это не ход «Риальто»; посмотрите список ходов.",
    "rialto.error.standing": "{given!r} — не заранее заданный ответ «Риальто»; такой ответ один: autopass.",
    "rialto.error.neutral_players": "Нейтральный игрок (neutral=true) играет только в партии на двоих.",
    "rialto.error.not_your_turn": "{move}: сейчас решаете не вы.",
    "rialto.error.not_now": "{move} — не вариант в этом решении.",
    "rialto.error.row_taken": "{move}: этот ряд уже взят.",
    "rialto.error.not_start_building": "{move}: стартовым зданием может быть только G1, Y1 или U1.",
    "rialto.error.start_taken": (
        "{move}: здание {building} уже {limit, plural, one {взял # игрок} few {взяли # игрока} many {взяли # "
        "игроков} other {взяли # игрока}} в начале."
    ),
    "rialto.error.no_building": "{move}: у вас нет неиспользованного здания {building}.",
    "rialto.error.no_coin": "{move}: чтобы активировать здание, нужна монета.",
    "rialto.error.no_card_choice": "{move}: это здание не даёт карт.",
    "rialto.error.needs_card_choice": "{move}: выберите карту из оставшегося ряда или колоду.",
    "rialto.error.not_in_row": "{move}: в оставшемся ряду нет карты «{card}».",
    "rialto.error.nothing_to_undo": "{move}: отменять нечего.",
    "rialto.error.discard_count": (
        "{move}: нужно сбросить {need, plural, one {# карту} few {# карты} many {# карт} other {# карты}}, а "
        "выбрано {chosen}."
    ),
    "rialto.error.discard_too_many": (
        "{move}: сбрасывается ровно {need, plural, one {# карту} few {# карты} many {# карт} other {# карты}}; "
        "подтвердите или отмените."
    ),
    "rialto.error.not_enough_cards": "{move}: у вас недостаточно карт «{card}».",
    "rialto.error.empty_play": "{move}: сначала выберите карты или пасуйте.",
    "rialto.error.joker_alone": "{move}: джокера нельзя сыграть в одиночку.",
    "rialto.error.jokers_with_card": "{move}: два джокера заменяют карту «{card}», только если у вас её нет.",
    "rialto.error.postpone_with_cards": "{move}: отсрочка заменяет розыгрыш; сначала отмените выбранные карты.",
    "rialto.error.already_postponed": "{move}: вы уже откладывали ход в этом шаге.",
    "rialto.error.convert_joker": "{move}: джокера нельзя заменить.",
    "rialto.error.convert_same": "{move}: заменить можно только карту другого типа, не «{card}».",
    "rialto.error.wrong_type": "{move}: в этом шаге играют карты «{card}».",
    "rialto.error.unchanged": "{move}: это уже ваш выбор.",
    "rialto.error.not_owned": "{move}: у вас нет здания {building}.",
    "rialto.error.sold_out": "{move}: здания {building} больше нет в запасе.",
    "rialto.error.take_returned": "{move}: нельзя в одном действии и вернуть, и взять здание {building}.",
    "rialto.error.top_value": "{move}: у здания {building} наибольшее значение, улучшать некуда.",
    "rialto.error.pool_empty": "{move}: ваш общий запас пуст, отказываться не от чего.",
    "rialto.error.over_budget": "{move}: здание {building} дороже вашего бюджета ({budget}).",
    "rialto.error.occupied": "{move}: на этом соединении уже лежит тайл.",
    "rialto.error.same_bridge": "{move}: у этого моста оба значения равны; выберите другой район.",
    "rialto.error.no_personal": "{move}: в вашем запасе нет советников.",
    "rialto.error.same_district": "{move}: советник уже в районе {district}.",
    "rialto.error.no_councillor": "{move}: у вас нет советника в районе {district}.",
}
