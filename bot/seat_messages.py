"""The bot's strings for take-backs and substitutes (issue 16), English and Russian.

Kept in a catalog of their own (merged into :data:`bot.i18n.CATALOG`) so that the feature's
words travel with it; the keys follow the bot's ``core.*`` and ``cmd.*`` families.
"""

from __future__ import annotations

from typing import Final

from games.core import Catalog

MESSAGES: Final[Catalog] = {
    "en": {
        "core.user": "{user}",
        "cmd.substitutes": "substitutes",
        "cmd.substitutes.desc": "Allow or forbid substitutes in this tournament's games (organiser)",
        "cmd.param.allow": "allow",
        "cmd.param.allow.desc": "True: players may hand their seat to a substitute",
        "core.sub.allowed": "Substitutes are now allowed in this tournament's games.",
        "core.sub.forbidden": "Substitutes are no longer allowed in this tournament's games.",
        "core.log.taken_back": "[taken back] {seat}:",
        "core.error.undo_nothing": (
            "There is no move of yours to take back: your last decision must be the match's last move, chosen by you."
        ),
        "core.error.undo_reveals": (
            "That move cannot be taken back: it showed something that was hidden (a card, a mask, a shuffle)."
        ),
        "core.error.undo_too_late": "Too late to take that move back: its time has run out.",
        "core.error.undo_already_asked": (
            "You have already asked to take that move back; the other players' answers are awaited."
        ),
        "core.error.undo_expired": (
            "That request to take a move back is no longer open: it was answered, or the match has moved on."
        ),
        "core.error.undo_not_asked": "Your agreement is not needed for this take-back.",
        "core.event.taken_back": "{user} ({seat}) took back their last move.",
        "core.event.undo_refused": "{user} ({seat}) refused to let the last move be taken back.",
        "core.undo.done": "Your last move was taken back. Choose again:",
        "core.undo.asked": "This match is rated: the other players must agree. They have been asked.",
        "core.undo.request": (
            "{user} asks to take back their last move in match #{match}. {players}: agree or refuse (any move "
            "cancels the request)."
        ),
        "core.undo.agreed": "You agreed. Still waiting for: {players}.",
        "core.undo.refused": "You refused; the move stays.",
        "core.undo.accepted": "Everyone agreed: the move was taken back.",
        "core.button.undo": "Take back my move",
        "core.button.undo_agree": "Agree",
        "core.button.undo_refuse": "Refuse",
        "core.error.sub_not_allowed": (
            "Only a player of this match, its organiser or a server admin can offer that seat."
        ),
        "core.error.sub_bad_seat": "Seat {seat} is not a seat the autopilot took over from a player.",
        "core.error.sub_bad_user": "That member cannot take a seat.",
        "core.error.sub_already_seated": "That member already plays in this match.",
        "core.error.sub_not_for_you": "This seat is offered to someone else.",
        "core.error.sub_taken": "Someone else has already volunteered for this seat.",
        "core.error.sub_no_volunteer": "Nobody has volunteered for this seat yet.",
        "core.error.sub_organiser_only": "Only the match's organiser or a server admin can confirm a substitute.",
        "core.error.sub_tournament": "This tournament does not allow substitutes (its organiser can allow them).",
        "core.error.sub_gone": "That seat offer is no longer open.",
        "core.event.substituted": "{substitute} takes over {seat} from {leaver}.",
        "core.sub.welcome": "You now play {seat} in match #{match}. Here is your seat, its hand and its latest news:",
        "core.sub.offer": (
            "{user} offers the seat {seat} in match #{match} to {substitute}. {substitute}: press Accept to "
            "take it over."
        ),
        "core.sub.call": (
            'A substitute is wanted for {seat} in match #{match}. Press "Take this seat"; the organiser or a '
            "server admin confirms."
        ),
        "core.sub.volunteered": (
            "{volunteer} volunteers for {seat} in match #{match}. The organiser or a server admin: press Confirm."
        ),
        "core.sub.done": "{substitute} now plays {seat} in match #{match}.",
        "core.sub.posted": "Your offer is posted in the match's thread.",
        "core.sub.volunteer_noted": "Thank you: the organiser or a server admin will confirm you.",
        "core.button.sub_accept": "Accept the seat",
        "core.button.sub_take": "Take this seat",
        "core.button.sub_confirm": "Confirm",
        "cmd.undo": "undo",
        "cmd.undo.desc": "Take back your last move (the other players agree in rated matches)",
        "cmd.sub": "sub",
        "cmd.sub.desc": "Hand your seat (or a seat the autopilot took over) to a substitute",
        "cmd.param.member": "member",
        "cmd.param.member.desc": "Who takes the seat (leave empty to ask for a volunteer)",
        "cmd.param.seat": "seat",
        "cmd.param.seat.desc": "A seat the autopilot took over (its number); empty: your own seat",
    },
    "ru": {
        "core.user": "{user}",
        "cmd.substitutes": "замены",
        "cmd.substitutes.desc": "Разрешить или запретить замены игроков в партиях турнира (организатор)",
        "cmd.param.allow": "разрешить",
        "cmd.param.allow.desc": "Да: игроки могут передать своё место другому участнику",
        "core.sub.allowed": "Замены в партиях этого турнира теперь разрешены.",
        "core.sub.forbidden": "Замены в партиях этого турнира больше не разрешены.",
        "core.log.taken_back": "[ход отменён] {seat}:",
        "core.error.undo_nothing": (
            "Вам нечего отменять: ваше последнее решение должно быть последним ходом партии, и сделать его "
            "должны были вы сами."
        ),
        "core.error.undo_reveals": "Этот ход нельзя отменить: он открыл скрытое (карту, маску, перемешивание).",
        "core.error.undo_too_late": "Отменять этот ход поздно: время на него вышло.",
        "core.error.undo_already_asked": "Вы уже попросили отменить этот ход; ждём ответа остальных игроков.",
        "core.error.undo_expired": (
            "Эта просьба об отмене хода уже не действует: на неё ответили или партия ушла дальше."
        ),
        "core.error.undo_not_asked": "Для этой отмены ваше согласие не нужно.",
        "core.event.taken_back": "{user} ({seat}) отменяет свой последний ход.",
        "core.event.undo_refused": "{user} ({seat}) не согласен отменять последний ход.",
        "core.undo.done": "Ваш последний ход отменён. Выбирайте заново:",
        "core.undo.asked": "Партия рейтинговая: нужно согласие остальных игроков. Их спросили.",
        "core.undo.request": (
            "{user} просит отменить свой последний ход в партии №{match}. {players}: согласитесь или откажите "
            "(любой ход отменяет просьбу)."
        ),
        "core.undo.agreed": "Вы согласились. Ждём ещё: {players}.",
        "core.undo.refused": "Вы отказали; ход остаётся.",
        "core.undo.accepted": "Все согласились: ход отменён.",
        "core.button.undo": "Отменить мой ход",
        "core.button.undo_agree": "Согласиться",
        "core.button.undo_refuse": "Отказать",
        "core.error.sub_not_allowed": (
            "Предложить это место может только игрок этой партии, её организатор или администратор сервера."
        ),
        "core.error.sub_bad_seat": "Место {seat} — не место, которое автопилот взял у игрока.",
        "core.error.sub_bad_user": "Этот участник не может занять место.",
        "core.error.sub_already_seated": "Этот участник уже играет в этой партии.",
        "core.error.sub_not_for_you": "Это место предложено другому участнику.",
        "core.error.sub_taken": "На это место уже вызвался другой участник.",
        "core.error.sub_no_volunteer": "На это место пока никто не вызвался.",
        "core.error.sub_organiser_only": (
            "Подтвердить замену может только организатор партии или администратор сервера."
        ),
        "core.error.sub_tournament": "В этом турнире замены не разрешены (организатор может их разрешить).",
        "core.error.sub_gone": "Это предложение места уже не действует.",
        "core.event.substituted": "{substitute} занимает место «{seat}» вместо {leaver}.",
        "core.sub.welcome": (
            "Теперь вы играете за «{seat}» в партии №{match}. Вот ваше место, его рука и последние новости:"
        ),
        "core.sub.offer": (
            "{user} предлагает место «{seat}» в партии №{match} участнику {substitute}. {substitute}: нажмите "
            "«Принять место»."
        ),
        "core.sub.call": (
            "Нужна замена на место «{seat}» в партии №{match}. Нажмите «Занять место»; организатор или "
            "администратор сервера подтвердит."
        ),
        "core.sub.volunteered": (
            "{volunteer} вызывается занять место «{seat}» в партии №{match}. Организатор или администратор "
            "сервера: нажмите «Подтвердить»."
        ),
        "core.sub.done": "{substitute} теперь играет за «{seat}» в партии №{match}.",
        "core.sub.posted": "Ваше предложение опубликовано в ветке партии.",
        "core.sub.volunteer_noted": "Спасибо: организатор или администратор сервера подтвердит замену.",
        "core.button.sub_accept": "Принять место",
        "core.button.sub_take": "Занять место",
        "core.button.sub_confirm": "Подтвердить",
        "cmd.undo": "отменить_ход",
        "cmd.undo.desc": "Отменить свой последний ход (в рейтинговых партиях — с согласия остальных)",
        "cmd.sub": "замена",
        "cmd.sub.desc": "Передать своё место (или место, которое взял автопилот) другому участнику",
        "cmd.param.member": "кому",
        "cmd.param.member.desc": "Кто займёт место (пусто — позвать добровольца)",
        "cmd.param.seat": "место",
        "cmd.param.seat.desc": "Номер места, которое взял автопилот; пусто — ваше место",
    },
}
