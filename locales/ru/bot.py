"""Строки самого бота по-русски (ключи ``core.*`` и ``cmd.*`` слеш-команд).

Имя команды или параметра: 1-32 строчных символа; описание (``*.desc``): 1-100 символов.
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "core.error.unknown_game": "Игры {game!r} нет.",
    "core.error.no_match": "Здесь нет партии №{match}.",
    "core.error.no_match_here": "В этом канале нет партии. Укажите номер партии или посмотрите /game list.",
    "core.error.which_match": (
        "У вас здесь {count, plural, one {# партия} few {# партии} many {# партий} other {# партии}}; "
        "укажите нужную в параметре match."
    ),
    "core.error.not_started": "Партия №{match} ещё не началась.",
    "core.error.bad_players": "В эту игру играют от {low} до {high} игроков.",
    "core.error.bad_level": "{given!r} — не уровень компьютера; выберите один из: {levels}.",
    "core.error.already_started": "Партия уже началась: присоединиться или выйти из неё нельзя.",
    "core.error.started_already": "Партия уже началась.",
    "core.error.cancelled": "Партия №{match} отменена; откройте новую командой /game new.",
    "core.error.already_joined": "Вы уже участвуете в этой партии.",
    "core.error.full": "Все места в этой партии заняты.",
    "core.error.leave_running": "Партия идёт; чтобы выйти из неё, сдайтесь командой /game resign.",
    "core.error.not_seated": "Вы не участвуете в этой партии.",
    "core.error.creator_leaves": "Вы создали эту партию: отмените её командой /game cancel, а не выходите.",
    "core.error.creator_only": "Начать партию может только её создатель.",
    "core.error.too_few": "Для начала нужно не меньше {need} игроков, а сейчас их {have}.",
    "core.error.cancel_denied": "Отменить партию может её создатель (до начала) или администратор сервера.",
    "core.error.over": "Эта партия уже окончена.",
    "core.error.not_running": "Эта партия сейчас не идёт.",
    "core.error.draw_already_offered": "Вы уже предложили ничью; ждём ответа остальных.",
    "core.error.stale": "Пока вы выбирали, позиция изменилась; вот текущая.",
    "core.error.not_your_turn": "Сейчас не ваш ход.",
    "core.error.internal": "У нас что-то пошло не так; партия не изменилась. Попробуйте ещё раз.",
    "core.error.no_permission_thread": "Я не могу создавать ветки здесь, поэтому партия пойдёт в этом канале.",
    "core.error.no_permission_post": (
        "Я не могу писать в этот канал (нужны права отправлять сообщения, прикреплять файлы и встраивать ссылки)."
    ),
    "core.error.bad_option": "{option!r} — недопустимая настройка для этой игры.",
    "core.error.bad_options": "{problem}\nНастройки игры «{game}»: {options}.",
    "core.error.options_block_start": (
        "{problem} С этими настройками и таким числом игроков партия начаться не может; её создатель может её отменить."
    ),
    "core.error.too_long": "Это слишком длинно для хода.",
    "core.lobby.title": "{game} — партия №{match}",
    "core.lobby.created": "{user} открывает партию в «{game}». Мест занято: {taken}/{seats}.",
    "core.lobby.players": "Игроки: {players}",
    "core.lobby.options": "Настройки: {options}",
    "core.lobby.waiting": "Ждём игроков: присоединяйтесь кнопкой или командой /game join.",
    "core.lobby.joined": "{user} присоединяется к партии.",
    "core.lobby.left": "{user} выходит из партии.",
    "core.lobby.created_reply": "Партия №{match} открыта: {where}.",
    "core.event.started": "Партия в «{game}» началась!",
    "core.event.cancelled": "{user} отменяет партию.",
    "core.event.standing_played": "{seat}: сработал заранее заданный ответ.",
    "core.error.no_standing": "В «{game}» нечего отвечать заранее.",
    "core.error.bad_standing": "{given!r} — не вариант заранее заданного ответа в этой игре; выберите из списка.",
    "core.standing.set": "Заранее заданный ответ: {answer}.",
    "core.standing.cleared": "Заранее заданный ответ снят: вас будут спрашивать каждый раз.",
    "core.event.draw_offered": "{user} предлагает ничью. Остальные: /game draw — согласиться, или просто ходите.",
    "core.reason.resigned": "{user} ({seat}) сдаётся.",
    "core.reason.agreed_draw": "Ничья по соглашению.",
    "core.status.to_move": "Ход: {who}.",
    "core.status.to_move_many": "Ждём: {who}.",
    "core.status.winner": "Победа: {who}.",
    "core.status.winners": "Победители: {who}.",
    "core.status.draw": "Партия закончилась вничью.",
    "core.status.cancelled": "Партия отменена.",
    "core.status.lobby": "Ждём игроков ({taken}/{seats}).",
    "core.status.match": "{game} · партия №{match}",
    "core.turn.your_turn": "Ваш ход в партии №{match} («{game}»).",
    "core.turn.news": "Что произошло:",
    "core.turn.pick": "Выберите ход:",
    "core.turn.pick_next": "Теперь выберите:",
    "core.turn.done": "Ход сделан: {move}.",
    "core.turn.wait": "Ждём остальных.",
    "core.turn.go_to_match": "К партии: {link}",
    "core.dm.closed": (
        "{user}, я не смог написать вам в личные сообщения. Нажмите здесь кнопку «Мой вид» (или /game mine), "
        "чтобы увидеть свою позицию и сходить; чтобы получать ЛС, откройте меню сервера → "
        "Настройки конфиденциальности → разрешите личные сообщения."
    ),
    "core.button.join": "Присоединиться",
    "core.button.leave": "Выйти",
    "core.button.start": "Начать",
    "core.button.cancel": "Отменить партию",
    "core.button.play": "Сделать ход",
    "core.button.mine": "Мой вид",
    "core.button.back": "Назад",
    "core.button.more": "Ещё…",
    "core.select.placeholder": "Выберите…",
    "core.list.empty": "На этом сервере нет открытых или идущих партий. Создайте партию: /game new.",
    "core.list.header": "Партии на этом сервере (ваши сначала):",
    "core.list.row": "Партия №{match} · {game} · {status} · {players}",
    "core.list.status.lobby": "набор игроков",
    "core.list.status.active": "идёт",
    "core.list.your_turn": "ваш ход",
    "core.list.more": "…и ещё {count}.",
    "core.show.public_only": "Это общая доска. Ваш личный вид приходит в ЛС (или по кнопке «Мой вид»).",
    "core.not_a_player": "Вы не участвуете в этой партии; за доской можно следить в ветке.",
    "core.options.none": "стандартные правила",
    "core.alt.board": "Доска игры «{game}», партия №{match}.",
    "core.autopilot.name": "Автопилот",
    "core.level.easy": "лёгкий (автопилот)",
    "core.level.normal": "средний",
    "core.level.strong": "сильный",
    "core.replay.alt": "Анимированный повтор партии №{match} в «{game}» по общим доскам.",
    "core.error.not_finished": "Партия №{match} ещё не окончена.",
    "core.digest.header": (
        "Напоминание: вашего хода {count, plural, one {ждёт # партия} few {ждут # партии} many {ждут # "
        "партий} other {ждут # партии}}."
    ),
    "core.digest.play": "Сделать ход: №{match} · {game}",
    "core.post.earlier": (
        "… выше {count, plural, one {ещё # строка} few {ещё # строки} many {ещё # строк} other {ещё # "
        "строки}}; полностью — в /game log."
    ),
    "core.duration.days": "{count, plural, one {# день} few {# дня} many {# дней} other {# дня}}",
    "core.duration.hours": "{count, plural, one {# час} few {# часа} many {# часов} other {# часа}}",
    "core.duration.minutes": "{count, plural, one {# минута} few {# минуты} many {# минут} other {# минуты}}",
    "core.export.final": "Запись партии: ключ тасовки и все ходы; проверить можно командой python -m bot.verify.",
    "core.export.running": (
        "Запись партии на данный момент: только открытые сведения (ключ тасовки и ходы появятся в конце)."
    ),
    "core.log.attached": (
        "В журнале {count, plural, one {# запись} few {# записи} many {# записей} other {# записи}}; "
        "прикладываю файлом."
    ),
    "core.log.empty": "Пока ничего открытого не произошло.",
    "core.mygames.deadline": "время истекает {deadline_at}",
    "core.mygames.header": "Ваши партии на этом сервере (сначала те, что ждут вас):",
    "core.mygames.none": "У вас нет идущих партий на этом сервере.",
    "core.mygames.row": "Партия №{match} · {game} · {state}",
    "core.mygames.waiting_others": "ждём остальных",
    "core.mygames.your_turn": "**ваш ход**",
    "core.profile.empty": "Доигранных партий пока нет.",
    "core.profile.header": "Статистика {user} на этом сервере:",
    "core.profile.row": (
        "{game}: доиграно {finished} · побед {won} · ничьих {drawn} · брошено {abandoned} · просрочек {timeouts}"
        " · доигрываемость {completion}% · среднее время на ход {think}"
    ),
    "core.quiet.off": "Тихие часы выключены: напоминания могут прийти в любое время.",
    "core.quiet.set": "Тихие часы: без напоминаний с {start} до {end} ({timezone}).",
    "core.vacation.ended": "С возвращением! Ваши часы снова идут.",
    "core.vacation.mode.autopilot": "за меня ходит автопилот",
    "core.vacation.mode.clock": "мои часы продолжают идти",
    "core.vacation.not_away": "Вы не в отпуске.",
    "core.vacation.started": (
        "Хорошего отпуска до {until_at}. В партиях на двоих часы остановлены; в партиях на троих и больше {mode}."
        " Любой ход или /vacation end вернёт вас."
    ),
    "core.error.already_on_vacation": "Вы уже в отпуске; сначала вернитесь командой /vacation end.",
    "core.error.bad_clock_time": "{given!r} — не время суток; пишите, например, 22:30.",
    "core.error.bad_completion": "{given} — не процент от 0 до 100.",
    "core.error.bad_duration": "{given!r} — не длительность; пишите, например, 12h, 3d или 1w.",
    "core.error.duration_too_long": "{given!r} — слишком долго; длительность не больше {high}.",
    "core.error.bad_timezone": "{given!r} — не часовой пояс; укажите, например, Europe/Moscow.",
    "core.error.bad_vacation_mode": "{given!r} — не режим отпуска; выберите autopilot или clock.",
    "core.error.bank_range": "Запас времени {given!r} вне допустимого: не больше {high}.",
    "core.error.bank_without_limit": "Запас времени возможен только с лимитом на ход.",
    "core.error.claim_not_due": "Требовать победу не за что: последний ход соперника был не по истечении времени.",
    "core.error.completion_too_low": (
        "Для этой партии нужна доля доигранных партий не меньше {need}%, а у вас {have}%."
    ),
    "core.error.limit_range": "Лимит времени {given!r} вне допустимого: от {low} до {high}.",
    "core.error.vacation_days": (
        "Вы просите {asked, plural, one {# день} few {# дня} many {# дней} other {# дня}} отпуска, а в "
        "этом году у вас {left, plural, one {остался # день} few {осталось # дня} many {осталось # дней} "
        "other {осталось # дня}}."
    ),
    "core.event.back": "{user} вернулся(-ась) из отпуска.",
    "core.event.downtime_grace": (
        "Бот был недоступен, когда время игрока «{seat}» истекло; на ход даётся время до {until_at}."
    ),
    "core.event.handed_over": (
        "У игрока «{seat}» время истекло уже {count, plural, one {# раз} few {# раза} many {# раз} other "
        "{# раза}}: до конца партии за него ходит автопилот."
    ),
    "core.event.may_claim": "«{seat}» вместо этого может потребовать победу: /game claim.",
    "core.event.seed_commitment": (
        "Честная тасовка: отпечаток ключа тасовки этой партии — {commitment}; сам ключ откроется в конце."
    ),
    "core.event.seed_revealed": (
        "Ключ тасовки партии — {seed}: проверьте отпечаток и воспроизведите партию через /game export."
    ),
    "core.event.timed_out": "Время игрока «{seat}» ({user}) истекло; ход сделан за него.",
    "core.event.vacation": "{user} в отпуске до {until_at}.",
    "core.event.autopilot_played": "За игрока «{seat}» ходит автопилот.",
    "core.event.forced_played": "У игрока «{seat}» был только один возможный ход, и бот сделал его сам.",
    "core.event.vacation_played": "«{seat}» в отпуске: за него ходит автопилот.",
    "core.reason.claimed_timeout": "У игрока «{seat}» истекло время, и соперник потребовал победу.",
    "core.turn.timed_out_you": "Ваше время истекло, поэтому за вас сыграно: {move}.",
    "core.console.help": (
        "Команды:\n"
        "  as <игрок>                      действовать от имени другого локального игрока\n"
        "  new <игра> [игроков] [настр.]   открыть партию (игры: {games})\n"
        "  join | leave | start | cancel [партия]  войти, выйти, начать, отменить\n"
        "  moves                           список ваших возможных ходов (код и описание)\n"
        "  standing [ответ]                ответить заранее (например, autopass); без ответа — снять\n"
        "  <код> | move <код>              сделать ход, например a1=N, auto, ready, c2-c4\n"
        "  <номер>                         выбрать вариант по номеру, шаг за шагом, как на кнопках\n"
        "  new volto time=1d bank=2d       партия с часами; vs=autopilot — играть одному\n"
        "  new volto level=strong          против компьютера с уровнем: easy, normal, strong\n"
        "  wait <длительность>             перевести время вперёд (например, wait 1d)\n"
        "  show                            показать состояние и записать картинки\n"
        "  undo | agree | refuse           отменить свой последний ход; в рейтинговой партии — ответить на просьбу\n"
        "  sub [игрок] [seat=N]            передать своё место (или место N автопилота) игроку или позвать замену\n"
        "  accept | take | confirm         принять предложенное место; вызваться на замену; утвердить замену\n"
        "  resign | draw | claim | list | help | quit  сдаться, ничья, победа по времени, список, помощь, выход"
    ),
    "core.console.now": "Часы консоли теперь показывают {now_at}.",
    "core.console.lobby": "[партия №{match}, пост лобби]",
    "core.console.channel": "[партия №{match}, канал]",
    "core.console.dm": "[ЛС для {name}]",
    "core.console.image": "картинка: {path}",
    "core.console.replay": "повтор: {path}",
    "core.console.choices": "Варианты (введите номер, как на кнопках):",
    "core.console.choices_next": "Дальше (введите номер; 0 — назад):",
    "core.console.no_choice": "Варианта {number} нет: введите номер из списка или moves.",
    "core.console.game_options": "Настройки игры «{game}» (добавьте их к new): {options}",
    "core.console.unknown_player": "Локального игрока {name!r} нет; игроки: {players}.",
    "cmd.game": "партия",
    "cmd.game.desc": "Венецианские настольные игры: создать партию, присоединиться, управлять",
    "cmd.new": "новая",
    "cmd.new.desc": "Открыть новую партию в этом канале",
    "cmd.join": "войти",
    "cmd.join.desc": "Занять место в партии, которая ждёт игроков",
    "cmd.leave": "выйти",
    "cmd.leave.desc": "Освободить место до начала партии",
    "cmd.start": "начать",
    "cmd.start.desc": "Начать свою партию, не дожидаясь, пока займут все места",
    "cmd.cancel": "отменить",
    "cmd.cancel.desc": "Отменить партию (создатель до начала или администратор)",
    "cmd.resign": "сдаться",
    "cmd.resign.desc": "Сдаться в идущей партии",
    "cmd.draw": "ничья",
    "cmd.draw.desc": "Предложить ничью или согласиться на неё",
    "cmd.show": "доска",
    "cmd.show.desc": "Показать текущую доску",
    "cmd.standing": "заранее",
    "cmd.standing.desc": "Заранее ответить на повторяющийся вопрос (спасение, пас, когда нечем сыграть)",
    "cmd.param.answer": "ответ",
    "cmd.param.answer.desc": "Ваш ответ; оставьте пустым, чтобы вас спрашивали каждый раз",
    "cmd.claim": "победа",
    "cmd.claim.desc": "Потребовать победу, когда у соперника истекло время",
    "cmd.log": "журнал",
    "cmd.log.desc": "Все ходы партии словами",
    "cmd.export": "экспорт",
    "cmd.export.desc": "Запись партии файлом (полная — после окончания)",
    "cmd.mygames": "моипартии",
    "cmd.mygames.desc": "Все ваши идущие партии здесь, сначала те, что ждут вас",
    "cmd.vacation": "отпуск",
    "cmd.vacation.desc": "Уехать на несколько дней, не теряя партий",
    "cmd.vacation_start.desc": "Начать отпуск",
    "cmd.vacation_end.desc": "Вернуться из отпуска",
    "cmd.end": "закончить",
    "cmd.quiet": "тишина",
    "cmd.quiet.desc": "Тихие часы: без напоминаний ночью",
    "cmd.set": "задать",
    "cmd.quiet_set.desc": "Задать тихие часы",
    "cmd.off": "выключить",
    "cmd.quiet_off.desc": "Выключить тихие часы",
    "cmd.profile": "профиль",
    "cmd.profile.desc": "Статистика игрока на этом сервере",
    "cmd.param.time_limit": "время",
    "cmd.param.time_limit.desc": "Время на ход, например 12h, 1d, 3d, 7d (пусто — без часов)",
    "cmd.param.bank": "запас",
    "cmd.param.bank.desc": "Дополнительное время сверх лимита на всю партию, например 2d",
    "cmd.param.rated": "рейтинг",
    "cmd.param.rated.desc": "Идут ли партии в рейтинг",
    "cmd.param.computer": "компьютер",
    "cmd.param.computer.desc": "Компьютер этого уровня играет вместо пропуска тура и садится за неполные столы",
    "cmd.param.vs_autopilot": "против_автопилота",
    "cmd.param.vs_autopilot.desc": "Играть одному против автопилота",
    "cmd.param.level": "уровень",
    "cmd.param.level.desc": "С против_автопилота: насколько сильно играет компьютер",
    "cmd.param.min_completion": "доигрываемость",
    "cmd.param.min_completion.desc": "Войти могут только те, кто доигрывает не меньше этого % партий",
    "cmd.param.days": "дней",
    "cmd.param.days.desc": "На сколько дней вы уезжаете",
    "cmd.param.mode": "режим",
    "cmd.param.mode.desc": "В партиях на троих и больше: за вас ходит автопилот или ваши часы идут",
    "cmd.param.start": "начало",
    "cmd.param.start.desc": "Когда начинаются тихие часы, например 22:30",
    "cmd.param.end": "конец",
    "cmd.param.end.desc": "Когда заканчиваются тихие часы, например 08:00",
    "cmd.param.timezone": "пояс",
    "cmd.param.timezone.desc": "Ваш часовой пояс, например Europe/Moscow",
    "cmd.param.user": "игрок",
    "cmd.param.user.desc": "Чья статистика (по умолчанию — ваша)",
    "cmd.mine": "мой",
    "cmd.mine.desc": "Ваш личный вид и ваши ходы, видно только вам",
    "cmd.list": "список",
    "cmd.list.desc": "Партии этого сервера, ваши сначала",
    "cmd.move": "ход",
    "cmd.move.desc": "Сделать ход по его коду",
    "cmd.param.game": "игра",
    "cmd.param.game.desc": "В какую игру играть",
    "cmd.param.players": "игроков",
    "cmd.param.players.desc": "Число мест (если игра позволяет выбор)",
    "cmd.param.options": "настройки",
    "cmd.param.options.desc": "Варианты правил, например rook_soldier=true",
    "cmd.param.match": "партия",
    "cmd.param.match.desc": "Номер партии (по умолчанию — партия этой ветки)",
    "cmd.param.code": "код",
    "cmd.param.code.desc": "Ход, например c2-c4; начните печатать, чтобы увидеть возможные ходы",
}
