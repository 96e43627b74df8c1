"""A card play of Phase II, built one component at a time, and how it counts (§7.2.2).

While a player builds a play, its components are kept as the list of component codes
chosen so far (the *draft*, private to that player): ``B3`` sets the natural cards of the
step's type to 3, ``J2`` the Jokers to 2, ``Y2-A`` / ``Y4-A`` add a yellow building that
converts one Doge card, ``Y3`` adds a virtual Joker. ``undo`` drops the last component;
``ok`` commits the play.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from games.rialto.model import CARD_LETTERS, CARD_TYPES, JOKER


@dataclass(frozen=True, slots=True)
class Draft:
    """The folded components of a play of step type ``step``."""

    step: int
    naturals: int = 0
    jokers: int = 0
    y2: tuple[int, ...] = ()
    y3: int = 0
    y4: tuple[int, ...] = ()

    @property
    def base(self) -> int:
        """Natural and converted cards of the step's type."""
        return self.naturals + len(self.y2) + 2 * len(self.y4)

    @property
    def all_jokers(self) -> int:
        """Hand Jokers plus Y3 virtual Jokers."""
        return self.jokers + self.y3

    @property
    def buildings(self) -> int:
        """Yellow buildings activated (one coin each)."""
        return len(self.y2) + self.y3 + len(self.y4)

    @property
    def is_empty(self) -> bool:
        """No component chosen."""
        return self.base == 0 and self.all_jokers == 0

    def cards_used(self) -> list[int]:
        """Hand cards this play spends, per type."""
        used = [0] * CARD_TYPES
        used[self.step] += self.naturals
        used[JOKER] += self.jokers
        for card in self.y2 + self.y4:
            used[card] += 1
        return used

    def building_uses(self) -> list[str]:
        """The yellow building kinds activated, one entry per copy."""
        return ["Y2"] * len(self.y2) + ["Y3"] * self.y3 + ["Y4"] * len(self.y4)


def fold(step: int, codes: Iterable[str]) -> Draft:
    """The draft made by the component ``codes`` in order."""
    naturals, jokers, y3 = 0, 0, 0
    y2: list[int] = []
    y4: list[int] = []
    for code in codes:
        if code == "Y3":
            y3 += 1
        elif code.startswith(("Y2-", "Y4-")):
            (y2 if code[1] == "2" else y4).append(CARD_LETTERS.index(code[3]))
        elif code[0] == "J":
            jokers = int(code[1:])
        else:
            naturals = int(code[1:])
    return Draft(step, naturals, jokers, tuple(y2), y3, tuple(y4))


def problem(draft: Draft, holds_natural: bool) -> str | None:
    """Why ``draft`` cannot be committed (an error code suffix), or None when it can."""
    if draft.is_empty:
        return "empty_play"
    if draft.base >= 1:
        return None
    if draft.all_jokers == 1:
        return "joker_alone"
    if holds_natural:
        return "jokers_with_card"
    return None


def count(draft: Draft) -> int:
    """The count of a committable draft: base plus Jokers, or 2 Jokers as 1 (§7.2.2)."""
    if draft.base >= 1:
        return draft.base + draft.all_jokers
    return draft.all_jokers - 1 if draft.all_jokers >= 2 else 0


def summary(draft: Draft) -> str:
    """The public record of a committed play, e.g. ``B1,J1,Y4-A``."""
    parts: list[str] = []
    if draft.naturals:
        parts.append(f"{CARD_LETTERS[draft.step]}{draft.naturals}")
    if draft.jokers:
        parts.append(f"J{draft.jokers}")
    parts.extend(f"Y2-{CARD_LETTERS[card]}" for card in draft.y2)
    parts.extend(["Y3"] * draft.y3)
    parts.extend(f"Y4-{CARD_LETTERS[card]}" for card in draft.y4)
    return ",".join(parts)
