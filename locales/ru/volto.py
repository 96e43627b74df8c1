"""Вольто по-русски (``games/volto``).

Seat names (``volto.seat.N``: «Белые») are plural, so Russian verbs agree in the plural;
possessive forms (``volto.seat.N.owner``: «белых») come after the noun. Templates avoid
agreeing a word with a mask name («маска «Дама»») or with a number («осталось: 3»), so every
value reads correctly.
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
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
    "volto.error.setup_wrong_cell": "«{move}»: {cell} — не на ваших двух задних рядах; ставьте маски только туда.",
    "volto.error.setup_cell_taken": (
        "«{move}»: на {cell} уже стоит ваша маска «{mask}»; "
        "выберите свободную клетку (undo снимает последнюю поставленную маску)."
    ),
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
    "volto.label.place": "{mask} на {cell}",
    "volto.label.place_kind": "{mask} (осталось: {count})",
    "volto.label.place_on": "на {cell}",
    "volto.label.undo": "Отменить",
    "volto.label.auto": "Остальное случайно",
    "volto.label.ready": "Подтвердить расстановку",
}
