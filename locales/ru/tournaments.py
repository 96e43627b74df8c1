"""Турниры и рейтинги по-русски (``bot/tournaments/``), с именами команд."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "tournament.error.bad_format": "{given!r} — не формат турнира.",
    "tournament.error.needs_two_seats": "Для формата «{format}» нужна игра на двоих.",
    "tournament.error.needs_tables": "Для швейцарки за столами нужна игра на троих и больше.",
    "tournament.error.bad_table_size": (
        "Столы по {given} не подходят этой игре и формату; выберите от {low} до {high}."
    ),
    "tournament.error.bad_rounds": (
        "{given, plural, one {# тур} few {# тура} many {# туров} other {# тура}} — невозможно; выберите от 1 до {high}."
    ),
    "tournament.error.rounds_needed": "Для швейцарской системы укажите число туров.",
    "tournament.error.bad_points": (
        "{given!r} — не очки за места: дайте по числу от 0 до 1000 на каждое место, с первого, без роста"
        " (например, 4,2,1,0)."
    ),
    "tournament.error.bad_round_time": "{given!r} — не длина тура от 1 часа до 60 дней.",
    "tournament.error.bad_signup_time": "{given!r} — не срок записи (не больше 60 дней).",
    "tournament.error.bad_settle": "{given!r} — не правило для дедлайна; выберите autopilot или adjudicate.",
    "tournament.error.bad_drop_rule": "{given!r} — не правило для выбывших; выберите autopilot или forfeit.",
    "tournament.error.bad_computer": "{given!r} — не уровень компьютера; выберите none или один из: {levels}.",
    "tournament.error.computer_elimination": (
        "В турнир на выбывание компьютер не сажают: там пропуски тура — часть сетки, а компьютер дальше не проходит."
    ),
    "tournament.error.no_tournament": "На этом сервере нет турнира №{tournament}.",
    "tournament.error.none_here": "На этом сервере сейчас нет турнира.",
    "tournament.error.which": (
        "Здесь {count, plural, one {открыт # турнир} few {открыто # турнира} many {открыто # турниров} "
        "other {открыто # турнира}}; укажите номер в параметре «турнир»."
    ),
    "tournament.error.signup_closed": "Запись на этот турнир закрыта.",
    "tournament.error.role_required": "Этот турнир открыт только для игроков с ролью <@&{role}>.",
    "tournament.error.completion_too_low": ("Для участия нужна доля доигранных партий не ниже {need}%; у вас {have}%."),
    "tournament.error.already_joined": "Вы уже записаны.",
    "tournament.error.over": "Этот турнир уже закончился.",
    "tournament.error.busy": (
        "Турнир прямо сейчас меняется (составляются пары тура или идёт другая команда); попробуйте ещё раз чуть позже."
    ),
    "tournament.error.not_entered": "Вы не записаны на этот турнир.",
    "tournament.error.no_check_in": "В этом турнире нет подтверждения участия: достаточно записаться.",
    "tournament.error.organiser_only": "Это может сделать только организатор или администратор сервера.",
    "tournament.error.already_started": "Этот турнир уже начался.",
    "tournament.error.not_running": "Этот турнир сейчас не идёт.",
    "tournament.error.not_paused": "Этот турнир не на паузе.",
    "tournament.error.reason_needed": "Укажите причину: каждая поправка записывается в журнал вместе с ней.",
    "tournament.error.not_in_tournament": "Партия №{match} не относится к этому турниру.",
    "tournament.error.correct_past_elimination": (
        "На выбывание можно исправить только партии текущего тура: следующие туры уже построены на прежних."
    ),
    "tournament.error.bad_places": (
        "{given!r} — не результат: укажите место для каждого из {count} мест за столом, например 2,1."
    ),
    "tournament.error.already_dropped": "Этот игрок уже выбыл из турнира.",
    "tournament.error.too_few": "Для начала турнира нужно не меньше {need} игроков; записалось {have}.",
    "tournament.format.swiss": "Швейцарская система",
    "tournament.format.pods": "Швейцарка за столами",
    "tournament.format.round_robin": "Круговая система",
    "tournament.format.elimination": "На выбывание",
    "tournament.settle.autopilot": "недоигранные партии доигрывает автопилот",
    "tournament.settle.adjudicate": "недоигранные партии присуждаются по текущему счёту",
    "tournament.status.signup": "идёт запись",
    "tournament.status.running": "тур {round} из {rounds}",
    "tournament.status.paused": "на паузе",
    "tournament.status.finished": "завершён",
    "tournament.status.cancelled": "отменён",
    "tournament.event.paused": "Турнир на паузе: часы тура остановлены, новый тур не начнётся.",
    "tournament.event.resumed": "Турнир продолжается; этот тур закончится {deadline_at}.",
    "tournament.event.cancelled": "{user} отменил турнир; его идущие партии отменены.",
    "tournament.event.corrected": "{user} исправил результат партии №{match}: места {places}. Причина: {reason}",
    "tournament.event.dropped_seat": "{user} выбыл из турнира; за его место играет автопилот.",
    "tournament.event.dropped_autopilot": (
        "{user} выбыл из турнира; его партии доиграет автопилот, в новых турах его не будет."
    ),
    "tournament.event.dropped_forfeit": (
        "{user} выбыл из турнира; его идущие партии засчитаны как поражения, в новых турах его не будет."
    ),
    "tournament.event.not_checked_in": (
        "{count, plural, one {# игрок не подтвердил} few {# игрока не подтвердили} many {# игроков не "
        "подтвердили} other {# игрока не подтвердили}} участие и не играют."
    ),
    "tournament.event.too_few": (
        "Запись закрылась: {have, plural, one {записался # игрок} few {записались # игрока} many "
        "{записались # игроков} other {записались # игрока}}, а нужно не меньше {need}. Турнир отменён."
    ),
    "tournament.event.finished": "Турнир завершён! Итоговая таблица:",
    "tournament.event.round": "Начался тур {round}; он закончится {deadline_at}.",
    "tournament.event.deadline": "Время тура истекло.",
    "tournament.event.adjudicated": "Партия №{match} присуждена по текущему счёту.",
    "tournament.event.autopilot_finishes": "Тур турнира закончился: эту партию за всех доигрывает автопилот.",
    "tournament.event.autopilot_finished": "Партию №{match} доиграл автопилот.",
    "tournament.reason.adjudicated": "Присуждено по текущему счёту в конце тура.",
    "tournament.signup.title": "🏆 **{name}** — турнир №{tournament}",
    "tournament.signup.details": "{game} · {format} · {rounds} · организатор {organiser}",
    "tournament.signup.rounds": "{count, plural, one {# тур} few {# тура} many {# туров} other {# тура}}",
    "tournament.signup.rounds_auto": "число туров по формату",
    "tournament.signup.clock": "Партии: {clock}. Тур длится не больше {round}; затем {settle}.",
    "tournament.signup.untimed": "без часов",
    "tournament.signup.closes": "Запись закроется {closes_at}.",
    "tournament.signup.role": "Только для: <@&{role}>.",
    "tournament.signup.completion": "Нужная доля доигранных партий: {need}%.",
    "tournament.signup.computer": "Вместо пропуска тура и за неполными столами играет компьютер ({level}).",
    "tournament.signup.check_in": "Нужно подтвердить участие: нажмите «Подтвердить» до конца записи.",
    "tournament.signup.rated": "С рейтингом.",
    "tournament.signup.unrated": "Без рейтинга.",
    "tournament.signup.entrants": "Участники ({count}): {players}",
    "tournament.signup.nobody": "Участники: пока никого.",
    "tournament.signup.checked": "✅",
    "tournament.signup.closed": "Запись закрыта: {status}.",
    "tournament.button.join": "Записаться",
    "tournament.button.leave": "Выйти",
    "tournament.button.check_in": "Подтвердить",
    "tournament.reply.created": "Турнир №{tournament} открыт для записи: {where}.",
    "tournament.reply.joined": "Вы записаны на «{name}».",
    "tournament.reply.left": "Вы вышли из «{name}».",
    "tournament.reply.checked_in": "Вы подтвердили участие в «{name}».",
    "tournament.reply.started": "Турнир №{tournament} начался.",
    "tournament.reply.done": "Готово.",
    "tournament.pairing.table": "Стол {table}: {players} — {where}",
    "tournament.pairing.bye": "Без пары (одно очко): {user}",
    "tournament.pairing.vs": " против ",
    "tournament.standings.title": "{name} — таблица после тура {round}",
    "tournament.standings.header": "№  Игрок  Очки  Партии",
    "tournament.standings.row": (
        "{rank}. {player} — {points, plural, one {# очко} few {# очка} many {# очков} other {# очка}}, "
        "{games, plural, one {# партия} few {# партии} many {# партий} other {# "
        "партии}}{tiebreaks}{dropped}"
    ),
    "tournament.standings.dropped": " (выбыл)",
    "tournament.standings.empty": "Результатов пока нет.",
    "tournament.log.title": "Журнал турнира №{tournament}",
    "tournament.log.row": "{at} · {actor} · {action} · причина: {reason}",
    "tournament.log.empty": "Вручную ничего не менялось.",
    "tournament.action.pause": "пауза",
    "tournament.action.resume": "продолжение",
    "tournament.action.cancel": "отмена",
    "tournament.action.correct": "исправление результата",
    "tournament.action.drop": "снятие игрока",
    "cmd.tlog.desc": "Кто что менял в турнире и почему",
    "tournament.column.rank": "№",
    "tournament.column.player": "Игрок",
    "tournament.column.points": "Очки",
    "tournament.column.games": "Партии",
    "tournament.tiebreak.buchholz": "Бухгольц",
    "tournament.tiebreak.median_buchholz": "Усечённый Бухгольц",
    "tournament.tiebreak.sonneborn_berger": "Зоннеборн — Бергер",
    "tournament.tiebreak.sum_of_places": "Сумма мест",
    "tournament.tiebreak.opponents_points": "Очки соперников",
    "tournament.tiebreak.short.buchholz": "Бх",
    "tournament.tiebreak.short.median_buchholz": "УБх",
    "tournament.tiebreak.short.sonneborn_berger": "ЗБ",
    "tournament.tiebreak.short.sum_of_places": "ΣМ",
    "tournament.tiebreak.short.opponents_points": "ОС",
    "tournament.footer.pairs": "Победа — 1, ничья — ½, поражение — 0, тур без пары — 1.",
    "tournament.footer.tables": "Очки за места: {points}.",
    "tournament.footer.elimination": (
        "Порядок: достигнутый круг (победитель, финалист, полуфиналисты…), затем посев. "
        "Очки: победа — 1, ничья — ½ (дальше проходит сеяный выше), тур без пары или неявка соперника — 1."
    ),
    "tournament.footer.buchholz": "Бх: сумма очков ваших соперников.",
    "tournament.footer.median_buchholz": "УБх: то же без самого сильного и самого слабого соперника.",
    "tournament.footer.sonneborn_berger": (
        "ЗБ: очки побеждённых вами соперников плюс половина очков тех, с кем ничья."
    ),
    "tournament.footer.sum_of_places": "ΣМ: сумма ваших мест (чем меньше, тем лучше).",
    "tournament.footer.opponents_points": "ОС: очки всех, с кем вы сидели за столом.",
    "tournament.footer.order": "Равенство решают столбцы по порядку.",
    "tournament.standings.alt": (
        "Турнирная таблица «{name}»: {count, plural, one {# игрок} few {# игрока} many {# игроков} other {# игрока}}."
    ),
    "rating.event.changed": "Рейтинг {user}: {before} → {after} ({delta}).",
    "rating.leaderboard.title": "{game}: лучшие по рейтингу на этом сервере",
    "rating.leaderboard.row": (
        "{rank}. {user} — {rating}{provisional} · {games, plural, one {# партия} few {# партии} many {# "
        "партий} other {# партии}}"
    ),
    "rating.leaderboard.empty": "В «{game}» здесь пока ни у кого нет рейтинга.",
    "rating.provisional": " (предварительный)",
    "rating.profile.title": "Рейтинги {user}",
    "rating.profile.row": (
        "{game}: {rating}{provisional} · {games, plural, one {# партия} few {# партии} many {# партий} "
        "other {# партии}}"
    ),
    "rating.profile.empty": "Рейтинговых партий пока нет.",
    "rating.profile.note": "Рейтинг — OpenSkill (Плакетт — Льюс), показан как 1000 + 40 × (μ − 3σ).",
    "cmd.tournament": "турнир",
    "cmd.tournament.desc": "Турниры сообщества",
    "cmd.create": "создать",
    "cmd.create.desc": "Открыть запись на турнир в этом канале",
    "cmd.checkin": "подтвердить",
    "cmd.checkin.desc": "Подтвердить участие (в турнирах с подтверждением)",
    "cmd.pause": "пауза",
    "cmd.pause.desc": "Поставить турнир на паузу (организатор)",
    "cmd.resume": "продолжить",
    "cmd.resume.desc": "Продолжить турнир (организатор)",
    "cmd.drop": "исключить",
    "cmd.drop.desc": "Снять игрока с турнира (организатор)",
    "cmd.correct": "исправить",
    "cmd.correct.desc": "Исправить результат партии (организатор; пишется в журнал)",
    "cmd.standings": "таблица",
    "cmd.standings.desc": "Турнирная таблица: картинкой и текстом",
    "cmd.tjoin.desc": "Записаться на турнир",
    "cmd.tleave.desc": "Выйти из турнира (во время записи) или сняться с него",
    "cmd.tstart.desc": "Закрыть запись и начать первый тур (организатор)",
    "cmd.tcancel.desc": "Отменить турнир (организатор)",
    "cmd.leaderboard": "лидеры",
    "cmd.leaderboard.desc": "Лучшие по рейтингу в игре на этом сервере",
    "cmd.rating": "рейтинг",
    "cmd.rating.desc": "Рейтинги игрока на этом сервере",
    "cmd.param.format": "формат",
    "cmd.param.format.desc": "Швейцарская, швейцарка за столами, круговая или на выбывание",
    "cmd.param.name": "название",
    "cmd.param.name.desc": "Название турнира",
    "cmd.param.rounds": "туров",
    "cmd.param.rounds.desc": "Число туров (швейцарка, столы)",
    "cmd.param.table_size": "за_столом",
    "cmd.param.table_size.desc": "Игроков за столом (столы и круговая за столами: от 3 до 5)",
    "cmd.param.points": "очки",
    "cmd.param.points.desc": "Очки за места, с первого, например 4,2,1,0",
    "cmd.param.round_time": "длина_тура",
    "cmd.param.round_time.desc": "Сколько может длиться тур, например 7d",
    "cmd.param.signup_time": "срок_записи",
    "cmd.param.signup_time.desc": "Сколько открыта запись, например 2d",
    "cmd.param.settle": "правило_дедлайна",
    "cmd.param.settle.desc": "Что делать с недоигранными партиями в конце тура",
    "cmd.param.drop_rule": "правило_выбывания",
    "cmd.param.drop_rule.desc": "Что делать с партиями игрока, который выбыл",
    "cmd.param.check_in": "подтверждение",
    "cmd.param.check_in.desc": "Просить игроков подтвердить участие перед началом",
    "cmd.param.role": "роль",
    "cmd.param.role.desc": "Записаться могут только игроки с этой ролью",
    "cmd.param.tournament": "турнир",
    "cmd.param.tournament.desc": "Номер турнира (по умолчанию — единственный здесь)",
    "cmd.param.reason": "причина",
    "cmd.param.reason.desc": "Почему (остаётся в журнале турнира)",
    "cmd.param.places": "места",
    "cmd.param.places.desc": "Места по порядку мест за столом, например 2,1 (1 — победитель; 1,1 — ничья)",
    "cmd.param.player": "игрок",
    "cmd.param.player.desc": "Игрок",
    "tournament.choice.autopilot": "автопилот",
    "tournament.choice.adjudicate": "присудить по счёту",
    "tournament.choice.forfeit": "поражение",
    "tournament.choice.no_computer": "без компьютера",
}
