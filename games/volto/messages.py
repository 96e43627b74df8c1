"""Every sentence Volto shows a person, in English and Russian (``Volto.messages``).

Templates are ``str.format`` strings; parameters named ``seat``, ``winner``, ``loser`` are
seat names (``volto.seat.N``: "White" / "Белые", plural in Russian, so Russian verbs agree
in the plural), ``owner``, ``victim``, ``winner_owner``, ``loser_owner`` are possessive
forms (``volto.seat.N.owner``: "White's" / "белых", which Russian puts after the noun), and
``mask`` / ``victim_mask`` are mask names (``volto.mask.X``). Russian templates avoid
agreeing a word with a mask name ("маска «Дама»") or with a number ("осталось: 3"), so every
value reads correctly. ``text`` is what the player typed, quoted by the template.
"""

from __future__ import annotations

from typing import Final

EN: Final[dict[str, str]] = {
    "volto.title": "Volto",
    "volto.summary": (
        "Two players hide who is behind each of their ten masks and try to capture the rival Candidate, "
        "walk their own Candidate into the rival palace, or see the rival capture both of their Ladies."
    ),
    "volto.seat.0": "White",
    "volto.seat.1": "Black",
    "volto.seat.0.owner": "White's",
    "volto.seat.1.owner": "Black's",
    "volto.mask.N": "Noble",
    "volto.mask.A": "Advisor",
    "volto.mask.C": "Candidate",
    "volto.mask.L": "Lady",
    "volto.mask.S": "Soldier",
    "volto.mask.hidden": "unknown mask",
    # Errors.
    "volto.error.syntax": (
        "'{move}' is not a Volto move: write a move as c2-c4, or during setup a1=N, undo, auto or ready."
    ),
    "volto.error.not_your_turn": "'{move}': it is not your turn.",
    "volto.error.match_over": "'{move}': the match is over.",
    "volto.error.setup_confirmed": (
        "'{move}': you have confirmed your arrangement; play starts when your opponent confirms theirs."
    ),
    "volto.error.in_setup": (
        "'{move}': the masks are still being arranged; place yours with a1=N, undo, auto and ready."
    ),
    "volto.error.not_in_setup": "'{move}': the arrangement is over; move a mask from one cell to another, like c2-c3.",
    "volto.error.setup_full": "'{move}': all 10 masks are placed; confirm with ready or take one back with undo.",
    "volto.error.setup_wrong_cell": "'{move}': the next cell to fill is {cell}.",
    "volto.error.setup_no_more": "'{move}': you have no {mask} left to place.",
    "volto.error.setup_nothing_to_undo": "'{move}': there is no placement to take back.",
    "volto.error.setup_incomplete": (
        "'{move}': place all your masks first ({count, plural, one {# mask} other {# masks}} still to go)."
    ),
    "volto.error.no_own_mask": "'{move}': you have no mask on {cell}.",
    "volto.error.own_mask_blocks": "'{move}': your own mask stands on {cell}.",
    "volto.error.lady_cannot_capture": "'{move}': a Lady never captures, so she cannot move onto {cell}.",
    "volto.error.soldier_frozen": (
        "'{move}': your Soldier on {cell} has reached the opponent's palace and can no longer move."
    ),
    "volto.error.soldier_blocked": "'{move}': the Soldier's path from {origin} to {target} is blocked; it cannot jump.",
    "volto.error.unreachable": "'{move}': your {mask} on {origin} cannot reach {target}.",
    # Events.
    "volto.event.placed": "You put your {mask} on {cell}; {count, plural, one {# cell} other {# cells}} left to fill.",
    "volto.event.undone": "You took the {mask} back from {cell}.",
    "volto.event.auto": "{count, plural, one {# mask was} other {# masks were}} placed at random.",
    "volto.event.ready": "{seat} has arranged their masks.",
    "volto.status.arranging": "Setup: the players are arranging their masks in secret.",
    "volto.event.play_starts": "Both arrangements are in and the masks are on the board. {seat} moves first.",
    "volto.event.moved": "{seat} moved {origin} → {target}.",
    "volto.event.captured": "{seat} captured {origin} × {target}: {victim} {mask} leaves the board.",
    "volto.event.lady_captured": (
        "{seat} captured {origin} × {target}: {victim} Lady and the mask that took her both leave the board. "
        "{victim} Ladies captured: {count} of 2."
    ),
    "volto.event.your_capture": "Your {mask} captured the {victim_mask} on {target}.",
    "volto.event.your_capturer_fell": "Your {mask} left the board together with the Lady on {target}.",
    "volto.event.capturer_revealed": "The mask that took the Lady was {owner} {mask}.",
    "volto.event.palace": "{owner} Candidate reaches {cell} in the opponent's palace and is revealed.",
    "volto.event.won": "{winner} wins. {reason}",
    "volto.event.draw": "The match is a draw. {reason}",
    "volto.event.revealed": "The match is over: every mask is revealed.",
    # Why a match ended.
    "volto.reason.candidate_captured": "{winner} captured {loser_owner} Candidate.",
    "volto.reason.candidate_took_lady": "{loser_owner} Candidate captured a Lady and left the board with her.",
    "volto.reason.both_ladies": "{loser} captured both of {winner_owner} Ladies.",
    "volto.reason.palace": "{winner_owner} Candidate reached the opponent's palace.",
    "volto.reason.no_moves": "{loser} had no legal move.",
    "volto.reason.repetition": "The same position occurred {count, plural, one {# time} other {# times}}.",
    "volto.reason.no_capture": "{count, plural, one {# move} other {# moves}} in a row without a capture.",
    "volto.reason.ply_cap": "The limit of {count, plural, one {# move} other {# moves}} was reached.",
    # Labels for buttons and autocomplete.
    "volto.label.move": "{mask} {origin} → {target}",
    "volto.label.capture": "{mask} {origin} × {target}",
    "volto.label.mask_on": "{mask} on {cell}",
    "volto.label.to": "→ {cell}",
    "volto.label.capture_to": "× {cell}",
    "volto.label.place": "{cell}: {mask} ({count} left)",
    "volto.label.undo": "Undo",
    "volto.label.auto": "Random rest",
    "volto.label.ready": "Confirm arrangement",
}

RU: Final[dict[str, str]] = {
    "volto.title": "Вольто",
    "volto.summary": (
        "Двое игроков скрывают, кто стоит за каждой из десяти их масок, и стараются взять Кандидата "
        "соперника, провести своего Кандидата во дворец соперника или заставить соперника взять обеих "
        "своих Дам."
    ),
    "volto.seat.0": "Белые",
    "volto.seat.1": "Чёрные",
    "volto.seat.0.owner": "белых",
    "volto.seat.1.owner": "чёрных",
    "volto.mask.N": "Дворянин",
    "volto.mask.A": "Советник",
    "volto.mask.C": "Кандидат",
    "volto.mask.L": "Дама",
    "volto.mask.S": "Солдат",
    "volto.mask.hidden": "неизвестная маска",
    # Ошибки.
    "volto.error.syntax": (
        "«{move}» — не ход Вольто: пишите ход как c2-c4, а при расстановке — a1=N, undo, auto или ready."
    ),
    "volto.error.not_your_turn": "«{move}»: сейчас не ваш ход.",
    "volto.error.match_over": "«{move}»: партия уже окончена.",
    "volto.error.setup_confirmed": (
        "«{move}»: вы уже подтвердили расстановку; игра начнётся, когда соперник подтвердит свою."
    ),
    "volto.error.in_setup": "«{move}»: маски ещё расставляются; расставьте свои командами a1=N, undo, auto и ready.",
    "volto.error.not_in_setup": (
        "«{move}»: расстановка закончена; передвиньте маску с клетки на клетку, например c2-c3."
    ),
    "volto.error.setup_full": (
        "«{move}»: все 10 масок уже расставлены; подтвердите командой ready или уберите последнюю командой undo."
    ),
    "volto.error.setup_wrong_cell": "«{move}»: следующая клетка для расстановки — {cell}.",
    "volto.error.setup_no_more": "«{move}»: масок «{mask}» для расстановки у вас больше нет.",
    "volto.error.setup_nothing_to_undo": "«{move}»: отменять нечего — вы ещё не поставили ни одной маски.",
    "volto.error.setup_incomplete": (
        "«{move}»: сначала расставьте все маски ({count, plural, one {осталась # маска} few {остались # маски} "
        "many {осталось # масок} other {остались # маски}})."
    ),
    "volto.error.no_own_mask": "«{move}»: на {cell} нет вашей маски.",
    "volto.error.own_mask_blocks": "«{move}»: на {cell} стоит ваша собственная маска.",
    "volto.error.lady_cannot_capture": (
        "«{move}»: Дама никого не берёт, поэтому не может пойти на занятую клетку {cell}."
    ),
    "volto.error.soldier_frozen": (
        "«{move}»: ваш Солдат на {cell} дошёл до дворца соперника и больше не может ходить."
    ),
    "volto.error.soldier_blocked": (
        "«{move}»: путь Солдата с {origin} на {target} перекрыт, а перепрыгивать маски он не умеет."
    ),
    "volto.error.unreachable": "«{move}»: ваша маска «{mask}» не может пойти с {origin} на {target}.",
    # События.
    "volto.event.placed": (
        "Вы поставили маску «{mask}» на {cell}; {count, plural, one {осталось заполнить # клетку} few "
        "{осталось заполнить # клетки} many {осталось заполнить # клеток} other {осталось заполнить # клетки}}."
    ),
    "volto.event.undone": "Вы убрали маску «{mask}» с {cell}.",
    "volto.event.auto": (
        "Случайно {count, plural, one {расставлена # маска} few {расставлены # маски} many {расставлено # "
        "масок} other {расставлены # маски}}."
    ),
    "volto.event.ready": "{seat} расставили свои маски.",
    "volto.status.arranging": "Расстановка: игроки тайно расставляют свои маски.",
    "volto.event.play_starts": "Обе расстановки готовы, маски на доске. Первыми ходят {seat}.",
    "volto.event.moved": "{seat}: ход {origin} → {target}.",
    "volto.event.captured": "{seat}: взятие {origin} × {target} — с доски снята маска {victim}: {mask}.",
    "volto.event.lady_captured": (
        "{seat}: взятие {origin} × {target} — Дама {victim} и взявшая её маска покидают доску. "
        "Взято Дам {victim}: {count} из 2."
    ),
    "volto.event.your_capture": "Ваша маска «{mask}» взяла маску «{victim_mask}» на {target}.",
    "volto.event.your_capturer_fell": "Ваша маска «{mask}» покинула доску вместе с Дамой на {target}.",
    "volto.event.capturer_revealed": "Даму взяла маска {owner}: {mask}.",
    "volto.event.palace": "Кандидат {owner} достигает клетки {cell} во дворце соперника и раскрывается.",
    "volto.event.won": "Победа: {winner}. {reason}",
    "volto.event.draw": "Ничья. {reason}",
    "volto.event.revealed": "Партия окончена: все маски раскрыты.",
    # Почему партия закончилась.
    "volto.reason.candidate_captured": "{winner} взяли Кандидата {loser_owner}.",
    "volto.reason.candidate_took_lady": "Кандидат {loser_owner} взял Даму и покинул доску вместе с ней.",
    "volto.reason.both_ladies": "{loser} взяли обеих Дам {winner_owner}.",
    "volto.reason.palace": "Кандидат {winner_owner} дошёл до дворца соперника.",
    "volto.reason.no_moves": "{loser} не могут сделать ни одного хода.",
    "volto.reason.repetition": "Одна и та же позиция повторилась в {count}-й раз.",
    "volto.reason.no_capture": (
        "{count, plural, one {# ход} few {# хода} many {# ходов} other {# хода}} подряд без взятий."
    ),
    "volto.reason.ply_cap": (
        "Достигнут предел партии: {count, plural, one {# ход} few {# хода} many {# ходов} other {# хода}}."
    ),
    # Подписи кнопок и подсказок.
    "volto.label.move": "{mask} {origin} → {target}",
    "volto.label.capture": "{mask} {origin} × {target}",
    "volto.label.mask_on": "{mask} на {cell}",
    "volto.label.to": "→ {cell}",
    "volto.label.capture_to": "× {cell}",
    "volto.label.place": "{cell}: {mask} (осталось: {count})",
    "volto.label.undo": "Отменить",
    "volto.label.auto": "Остальное случайно",
    "volto.label.ready": "Подтвердить расстановку",
}

MESSAGES: Final[dict[str, dict[str, str]]] = {"en": EN, "ru": RU}
