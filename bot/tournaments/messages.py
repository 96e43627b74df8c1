"""Every string of tournaments and ratings, in English and Russian, with the command names.

Merged into ``bot.i18n.CATALOG``; ``tests/bot/tournaments`` checks that both locales hold
the same keys.
"""

from __future__ import annotations

from typing import Final

from games.core import Catalog

MESSAGES: Final[Catalog] = {
    "en": {
        # Refusals
        "tournament.error.bad_format": "{given!r} is not a tournament format.",
        "tournament.error.needs_two_seats": "{format} needs a game for two players.",
        "tournament.error.needs_tables": "Swiss pods need a game for three or more players.",
        "tournament.error.bad_table_size": (
            "Tables of {given} do not suit this game and format; choose {low} to {high}."
        ),
        "tournament.error.bad_rounds": (
            "{given, plural, one {# round is} other {# rounds is}} not possible; choose 1 to {high}."
        ),
        "tournament.error.rounds_needed": "A Swiss tournament needs a number of rounds.",
        "tournament.error.bad_points": (
            "{given!r} is not a list of points per place: give one number from 0 to 1000 per place, "
            "best place first, never increasing (for example 4,2,1,0)."
        ),
        "tournament.error.bad_round_time": "{given!r} is not a round length between 1 hour and 60 days.",
        "tournament.error.bad_signup_time": "{given!r} is not a sign-up period of at most 60 days.",
        "tournament.error.bad_settle": "{given!r} is not a deadline rule; choose autopilot or adjudicate.",
        "tournament.error.bad_drop_rule": "{given!r} is not a rule for drops; choose autopilot or forfeit.",
        "tournament.error.bad_computer": "{given!r} is not a level of the computer; choose none or one of: {levels}.",
        "tournament.error.computer_elimination": (
            "A single elimination cannot seat the computer: its byes are the bracket's,"
            " and the computer cannot go through."
        ),
        "tournament.error.no_tournament": "There is no tournament #{tournament} on this server.",
        "tournament.error.none_here": "There is no tournament running on this server.",
        "tournament.error.which": (
            "{count, plural, one {# tournament is} other {# tournaments are}} open here; say which one with "
            "the tournament option."
        ),
        "tournament.error.signup_closed": "Sign-up for this tournament is closed.",
        "tournament.error.role_required": "This tournament is open only to players with the <@&{role}> role.",
        "tournament.error.completion_too_low": (
            "This tournament asks for a completion rate of {need}%; yours is {have}%."
        ),
        "tournament.error.already_joined": "You are already signed up.",
        "tournament.error.over": "This tournament is over.",
        "tournament.error.not_entered": "You are not signed up for this tournament.",
        "tournament.error.no_check_in": "This tournament has no check-in; being signed up is enough.",
        "tournament.error.organiser_only": "Only the organiser or a server admin can do that.",
        "tournament.error.already_started": "This tournament has already started.",
        "tournament.error.not_running": "This tournament is not running.",
        "tournament.error.not_paused": "This tournament is not paused.",
        "tournament.error.reason_needed": "Say why: every correction is logged with its reason.",
        "tournament.error.not_in_tournament": "Match #{match} is not a game of this tournament.",
        "tournament.error.correct_past_elimination": (
            "In a knockout only games of the current round can be corrected: later rounds are built on the others."
        ),
        "tournament.error.bad_places": (
            "{given!r} is not a result: give a place for each of the {count} seats, like 2,1."
        ),
        "tournament.error.already_dropped": "That player has already left the tournament.",
        "tournament.error.too_few": "The tournament needs at least {need} players to start; it has {have}.",
        # Names
        "tournament.format.swiss": "Swiss",
        "tournament.format.pods": "Swiss pods",
        "tournament.format.round_robin": "Round robin",
        "tournament.format.elimination": "Single elimination",
        "tournament.settle.autopilot": "the autopilot finishes unfinished games",
        "tournament.settle.adjudicate": "unfinished games are adjudicated by the current score",
        "tournament.status.signup": "sign-up open",
        "tournament.status.running": "round {round} of {rounds}",
        "tournament.status.paused": "paused",
        "tournament.status.finished": "finished",
        "tournament.status.cancelled": "cancelled",
        # Events
        "tournament.event.paused": "The tournament is paused: the round clock stops and no new round starts.",
        "tournament.event.resumed": "The tournament goes on; this round ends {deadline_at}.",
        "tournament.event.cancelled": "{user} cancelled the tournament; its running games are cancelled.",
        "tournament.event.corrected": "{user} corrected match #{match}: places {places}. Reason: {reason}",
        "tournament.event.dropped_seat": "{user} left the tournament; the autopilot plays their seat.",
        "tournament.event.dropped_autopilot": (
            "{user} left the tournament; the autopilot finishes their games and they will not be paired again."
        ),
        "tournament.event.dropped_forfeit": (
            "{user} left the tournament; their running games are forfeited and they will not be paired again."
        ),
        "tournament.event.not_checked_in": (
            "{count, plural, one {# player} other {# players}} did not check in and {count, plural, one {is} "
            "other {are}} not playing."
        ),
        "tournament.event.too_few": (
            "Sign-up has closed with {have, plural, one {# player} other {# players}}, but the tournament "
            "needs {need}: it is cancelled."
        ),
        "tournament.event.finished": "The tournament is over! Final standings:",
        "tournament.event.round": "Round {round} has started; it ends {deadline_at}.",
        "tournament.event.deadline": "The round's time is up.",
        "tournament.event.adjudicated": "Match #{match} was adjudicated by its current score.",
        "tournament.event.autopilot_finishes": (
            "The tournament round is over: the autopilot finishes this game for every seat."
        ),
        "tournament.event.autopilot_finished": "Match #{match} was finished by the autopilot.",
        "tournament.reason.adjudicated": "Adjudicated at the round deadline by the current score.",
        # Posts
        "tournament.signup.title": "🏆 **{name}** — tournament #{tournament}",
        "tournament.signup.details": "{game} · {format} · {rounds} · organiser {organiser}",
        "tournament.signup.rounds": "{count, plural, one {# round} other {# rounds}}",
        "tournament.signup.rounds_auto": "rounds by the format",
        "tournament.signup.clock": "Games: {clock}. Each round lasts up to {round}; then {settle}.",
        "tournament.signup.untimed": "no clock",
        "tournament.signup.closes": "Sign-up closes {closes_at}.",
        "tournament.signup.role": "Open to: <@&{role}>.",
        "tournament.signup.completion": "Minimum completion rate: {need}%.",
        "tournament.signup.computer": "Byes and short tables play against the computer ({level}).",
        "tournament.signup.check_in": "Check-in required: press Check in before sign-up closes.",
        "tournament.signup.rated": "Rated.",
        "tournament.signup.unrated": "Not rated.",
        "tournament.signup.entrants": "Players ({count}): {players}",
        "tournament.signup.nobody": "Players: nobody yet.",
        "tournament.signup.checked": "✅",
        "tournament.signup.closed": "Sign-up is closed: {status}.",
        "tournament.button.join": "Join",
        "tournament.button.leave": "Leave",
        "tournament.button.check_in": "Check in",
        "tournament.reply.created": "Tournament #{tournament} is open for sign-up in {where}.",
        "tournament.reply.joined": "You are signed up for {name}.",
        "tournament.reply.left": "You have left {name}.",
        "tournament.reply.checked_in": "You are checked in for {name}.",
        "tournament.reply.started": "Tournament #{tournament} has started.",
        "tournament.reply.done": "Done.",
        "tournament.pairing.table": "Table {table}: {players} — {where}",
        "tournament.pairing.bye": "Bye (one point): {user}",
        "tournament.pairing.vs": " vs ",
        "tournament.standings.title": "{name} — standings after round {round}",
        "tournament.standings.header": "#  Player  Points  Games",
        "tournament.standings.row": (
            "{rank}. {player} — {points, plural, one {# pt} other {# pts}}, {games, plural, one {# game} other "
            "{# games}}{tiebreaks}{dropped}"
        ),
        "tournament.standings.dropped": " (left)",
        "tournament.standings.empty": "No results yet.",
        "tournament.log.title": "Log of tournament #{tournament}",
        "tournament.log.row": "{at} · {actor} · {action} · reason: {reason}",
        "tournament.log.empty": "Nothing has been changed by hand.",
        "tournament.action.pause": "paused",
        "tournament.action.resume": "resumed",
        "tournament.action.cancel": "cancelled",
        "tournament.action.correct": "corrected a result",
        "tournament.action.drop": "dropped a player",
        "cmd.tlog.desc": "Who changed what in the tournament, and why",
        "tournament.column.rank": "#",
        "tournament.column.player": "Player",
        "tournament.column.points": "Pts",
        "tournament.column.games": "Games",
        "tournament.tiebreak.buchholz": "Buchholz",
        "tournament.tiebreak.median_buchholz": "Median Buchholz",
        "tournament.tiebreak.sonneborn_berger": "Sonneborn–Berger",
        "tournament.tiebreak.sum_of_places": "Sum of places",
        "tournament.tiebreak.opponents_points": "Opponents' points",
        "tournament.tiebreak.short.buchholz": "Bh",
        "tournament.tiebreak.short.median_buchholz": "MBh",
        "tournament.tiebreak.short.sonneborn_berger": "SB",
        "tournament.tiebreak.short.sum_of_places": "ΣPl",
        "tournament.tiebreak.short.opponents_points": "OpP",
        "tournament.footer.pairs": "Win 1, draw ½, loss 0, bye 1.",
        "tournament.footer.tables": "Points per place: {points}.",
        "tournament.footer.elimination": (
            "Order: the round reached (champion, finalist, semi-finalists…), then seed. "
            "Points: win 1, draw ½ (the better seed goes on), bye or walkover 1."
        ),
        "tournament.footer.buchholz": "Bh: the sum of your opponents' points.",
        "tournament.footer.median_buchholz": "MBh: the same without your best and worst opponent.",
        "tournament.footer.sonneborn_berger": "SB: points of the opponents you beat, plus half of those you drew with.",
        "tournament.footer.sum_of_places": "ΣPl: the sum of your places (lower is better).",
        "tournament.footer.opponents_points": "OpP: the points of everyone you sat with.",
        "tournament.footer.order": "Ties are broken in the order of the columns.",
        "tournament.standings.alt": "Standings table of {name}: {count, plural, one {# player} other {# players}}.",
        # Ratings
        "rating.event.changed": "Rating of {user}: {before} → {after} ({delta}).",
        "rating.leaderboard.title": "{game}: the best rated players here",
        "rating.leaderboard.row": (
            "{rank}. {user} — {rating}{provisional} · {games, plural, one {# game} other {# games}}"
        ),
        "rating.leaderboard.empty": "Nobody has a rating in {game} here yet.",
        "rating.provisional": " (provisional)",
        "rating.profile.title": "Ratings of {user}",
        "rating.profile.row": "{game}: {rating}{provisional} · {games, plural, one {# game} other {# games}}",
        "rating.profile.empty": "No rated games yet.",
        "rating.profile.note": "Ratings are OpenSkill (Plackett–Luce), shown as 1000 + 40 × (μ − 3σ).",
        # Commands
        "cmd.tournament": "tournament",
        "cmd.tournament.desc": "Community tournaments",
        "cmd.create": "create",
        "cmd.create.desc": "Open a tournament for sign-up in this channel",
        "cmd.checkin": "checkin",
        "cmd.checkin.desc": "Confirm you will play (tournaments with check-in)",
        "cmd.pause": "pause",
        "cmd.pause.desc": "Pause the tournament (organiser)",
        "cmd.resume": "resume",
        "cmd.resume.desc": "Resume the tournament (organiser)",
        "cmd.drop": "drop",
        "cmd.drop.desc": "Withdraw a player from the tournament (organiser)",
        "cmd.correct": "correct",
        "cmd.correct.desc": "Correct a game's result (organiser; logged)",
        "cmd.standings": "standings",
        "cmd.standings.desc": "The tournament standings, as a table and as text",
        "cmd.tjoin.desc": "Sign up for the tournament",
        "cmd.tleave.desc": "Leave the tournament (during sign-up), or withdraw from it",
        "cmd.tstart.desc": "Close sign-up and start round one (organiser)",
        "cmd.tcancel.desc": "Cancel the tournament (organiser)",
        "cmd.leaderboard": "leaderboard",
        "cmd.leaderboard.desc": "The best rated players of a game on this server",
        "cmd.rating": "rating",
        "cmd.rating.desc": "A player's ratings on this server",
        "cmd.param.format": "format",
        "cmd.param.format.desc": "Swiss, Swiss pods, round robin or single elimination",
        "cmd.param.name": "name",
        "cmd.param.name.desc": "The tournament's name",
        "cmd.param.rounds": "rounds",
        "cmd.param.rounds.desc": "Number of rounds (Swiss, pods)",
        "cmd.param.table_size": "table_size",
        "cmd.param.table_size.desc": "Players per table (pods and table round robins: 3 to 5)",
        "cmd.param.points": "points",
        "cmd.param.points.desc": "Points per place, best first, e.g. 4,2,1,0",
        "cmd.param.round_time": "round_time",
        "cmd.param.round_time.desc": "How long a round may last, e.g. 7d",
        "cmd.param.signup_time": "signup_time",
        "cmd.param.signup_time.desc": "How long sign-up stays open, e.g. 2d",
        "cmd.param.settle": "deadline_rule",
        "cmd.param.settle.desc": "What happens to unfinished games at the round deadline",
        "cmd.param.drop_rule": "drop_rule",
        "cmd.param.drop_rule.desc": "What happens to the running games of a player who leaves",
        "cmd.param.check_in": "check_in",
        "cmd.param.check_in.desc": "Ask players to check in before the start",
        "cmd.param.role": "role",
        "cmd.param.role.desc": "Only players with this role may join",
        "cmd.param.rated": "rated",
        "cmd.param.rated.desc": "Whether the games count for the ratings",
        "cmd.param.computer": "computer",
        "cmd.param.computer.desc": "The computer plays byes and fills short tables, at this level",
        "cmd.param.tournament": "tournament",
        "cmd.param.tournament.desc": "Tournament number (by default the only one running here)",
        "cmd.param.reason": "reason",
        "cmd.param.reason.desc": "Why (kept in the tournament log)",
        "cmd.param.places": "places",
        "cmd.param.places.desc": "Places by seat, e.g. 2,1 (1 is the winner; 1,1 is a draw)",
        "cmd.param.player": "player",
        "cmd.param.player.desc": "The player",
        "tournament.choice.autopilot": "autopilot",
        "tournament.choice.adjudicate": "adjudicate by score",
        "tournament.choice.forfeit": "forfeit",
        "tournament.choice.no_computer": "no computer",
    },
    "ru": {
        "tournament.error.bad_format": "{given!r} — не формат турнира.",
        "tournament.error.needs_two_seats": "Для формата «{format}» нужна игра на двоих.",
        "tournament.error.needs_tables": "Для швейцарки за столами нужна игра на троих и больше.",
        "tournament.error.bad_table_size": (
            "Столы по {given} не подходят этой игре и формату; выберите от {low} до {high}."
        ),
        "tournament.error.bad_rounds": (
            "{given, plural, one {# тур} few {# тура} many {# туров} other {# тура}} — невозможно; выберите от "
            "1 до {high}."
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
            "В турнир на выбывание компьютер не сажают: там пропуски тура — часть сетки,"
            " а компьютер дальше не проходит."
        ),
        "tournament.error.no_tournament": "На этом сервере нет турнира №{tournament}.",
        "tournament.error.none_here": "На этом сервере сейчас нет турнира.",
        "tournament.error.which": (
            "Здесь {count, plural, one {открыт # турнир} few {открыто # турнира} many {открыто # турниров} "
            "other {открыто # турнира}}; укажите номер в параметре «турнир»."
        ),
        "tournament.error.signup_closed": "Запись на этот турнир закрыта.",
        "tournament.error.role_required": "Этот турнир открыт только для игроков с ролью <@&{role}>.",
        "tournament.error.completion_too_low": (
            "Для участия нужна доля доигранных партий не ниже {need}%; у вас {have}%."
        ),
        "tournament.error.already_joined": "Вы уже записаны.",
        "tournament.error.over": "Этот турнир уже закончился.",
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
            "Турнирная таблица «{name}»: {count, plural, one {# игрок} few {# игрока} many {# игроков} other "
            "{# игрока}}."
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
        "cmd.param.rated": "рейтинг",
        "cmd.param.rated.desc": "Идут ли партии в рейтинг",
        "cmd.param.computer": "компьютер",
        "cmd.param.computer.desc": "Компьютер этого уровня играет вместо пропуска тура и садится за неполные столы",
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
    },
}
