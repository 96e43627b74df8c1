"""Move codes: the grammar, its canonical spelling, and the split into component choices.

A move is its canonical code (a ``str``). Codes are short, ASCII, without spaces, and are
read case-insensitively with surrounding spaces ignored. Words are lowercase, identifiers
(cards, buildings, districts, connections) uppercase:

====================  ===========================================================
``pass``              decline / end the current decision (always one move)
``undo`` ``ok``       take back the last component / confirm (discards, card play)
``row3``              Phase I: take card row 3
``tG1`` ``rY2``       take a building (start, step C) / give one back at 7 buildings
``G2`` ``G1-A``       activate a green building (G1/G3/G4 take a card type from the
``G3-deck``           leftover row, or 3 cards from the deck)
``d-B``               choose one Gold card to discard for the hand limit
``B3`` ``J1``         card play: play 3 natural cards of the step's type / 1 Joker
``Y1`` ``Y3``         postpone / a virtual Joker
``Y2-A`` ``Y4-A``     a yellow building converting one Doge card
``K07-CAN``           bridge on K07 with its high value toward CAN; or gondola on K07
                      with the councillor into CAN
``m-sup`` ``m-CAS``   move a councillor from the personal supply / from Castello
``U1-G2`` ``U2``      blue: upgrade G2 to G3; +1 VP and a councillor (``U2-no``: decline
``U3`` ``U4``         the councillor); Doge steps equal to rank; 3 VP
====================  ===========================================================
"""

from __future__ import annotations

import functools
import re
from typing import Final

from games.rialto.model import CARD_LETTERS, CONNECTIONS, DISTRICTS

_DISTRICT = "|".join(DISTRICTS)
_PATTERNS: Final[tuple[tuple[str, str], ...]] = (
    ("word", r"(PASS|UNDO|OK)"),
    ("row", r"ROW([1-6])"),
    ("take", r"T([GYU][1-4])"),
    ("return", r"R([GYU][1-4])"),
    ("green", r"(G[1-4])(?:-([A-FJ]|DECK))?"),
    ("discard", r"D-([A-FJ])"),
    ("count", r"([A-FJ])(\d{1,2})"),
    ("yellow", r"(Y[13])"),
    ("convert", r"(Y[24])-([A-FJ])"),
    ("place", rf"K(0[1-9]|1[0-2])-({_DISTRICT})"),
    ("move", rf"M-(SUP|{_DISTRICT})"),
    ("upgrade", r"U1-([GYU][1-4])"),
    ("decline", r"U2-NO"),
    ("blue", r"(U[2-4])"),
)
_COMPILED = tuple((kind, re.compile(pattern)) for kind, pattern in _PATTERNS)


def canonical(text: str) -> str | None:
    """The canonical code ``text`` spells, or None when it is no Rialto move at all."""
    parsed = parse_code(text)
    return parsed[1] if parsed else None


@functools.lru_cache(maxsize=4096)
def parse_code(text: str) -> tuple[str, str] | None:
    """``(form, canonical code)`` for ``text``, or None when it is no Rialto move at all.

    The form names the grammar rule (``row``, ``take``, ``count``, ...; the words ``pass``,
    ``undo`` and ``ok`` are their own forms); each decision accepts a few forms.
    """
    upper = text.strip().upper()
    for kind, pattern in _COMPILED:
        match = pattern.fullmatch(upper)
        if match is not None:
            code = _spell(kind, match.groups(), upper)
            if code is not None:
                return (code if kind == "word" else kind), code
    return None


def _spell(kind: str, groups: tuple[str | None, ...], upper: str) -> str | None:
    first = (groups[0] if groups else None) or ""
    second = groups[1] if len(groups) > 1 else None
    if kind == "word":
        return upper.lower()
    if kind == "row":
        return f"row{first}"
    if kind in ("take", "return"):
        return f"{'t' if kind == 'take' else 'r'}{first}"
    if kind == "green":
        if second is None:
            return first
        return f"{first}-{'deck' if second == 'DECK' else second}"
    if kind == "discard":
        return f"d-{first}"
    if kind == "count":
        return f"{first}{int(second or 0)}"
    if kind == "place":
        if DISTRICT_INDEX[second or ""] not in CONNECTIONS[int(first) - 1]:
            return None
        return f"K{first}-{second}"
    if kind == "move":
        return f"m-{'sup' if first == 'SUP' else first}"
    if kind == "upgrade":
        return f"U1-{first}"
    if kind == "decline":
        return "U2-no"
    return upper


DISTRICT_INDEX: Final = {code: index for index, code in enumerate(DISTRICTS)}
CARD_INDEX: Final = {letter: index for index, letter in enumerate(CARD_LETTERS)}


def split(code: str) -> tuple[str, ...]:
    """The component tokens of a canonical code, for ``choice_path``.

    Codes with a dash whose first part names a building or a connection are two choices
    (``K07-CAN`` -> ``K07``, ``CAN``; ``G1-A`` -> ``G1``, ``A``); every other code is one.
    """
    head, sep, tail = code.partition("-")
    if sep and head[0] in "GKUY" and tail != "no":
        return (head, tail)
    return (code,)
