"""Reading what an organiser types: table sizes, points per place, corrected places.

Each refusal is a :class:`TournamentError` with a translated reason; nothing is stored
before every setting has been read.
"""

from __future__ import annotations

import itertools
from typing import Final

from bot.service_errors import ServiceError
from games.ai import Level
from games.core import msg

MAX_PLACE_POINTS: Final = 1000
"""Points for one place are numbers from 0 to this (finite: ``nan`` and ``inf`` are refused)."""


class TournamentError(ServiceError):
    """A tournament request refused; nothing changed."""


def seats_per_table(format_: str, given: int | None, low: int, high: int) -> int:
    """The seats per table of a format, from the organiser's choice (``given``) and the game's seat range."""
    if format_ in ("swiss", "elimination"):
        if low > 2:
            raise TournamentError("tournament.error.needs_two_seats", format=msg(f"tournament.format.{format_}"))
        if given not in (None, 2):
            raise TournamentError("tournament.error.bad_table_size", given=given, low=2, high=2)
        return 2
    if format_ == "pods":
        if high < 3:
            raise TournamentError("tournament.error.needs_tables")
        size = given if given is not None else min(4, high)
        if not max(3, low) <= size <= min(5, high):
            raise TournamentError("tournament.error.bad_table_size", given=size, low=max(3, low), high=min(5, high))
        return size
    size = given if given is not None else (2 if low <= 2 else min(4, high))
    if not max(2, low) <= size <= min(5, high):
        raise TournamentError("tournament.error.bad_table_size", given=size, low=max(2, low), high=min(5, high))
    return size


def place_points_of(text: str, size: int) -> tuple[float, ...]:
    """Points for each place (``"3,1,0"``), first place first, never rising; by default size-1 ... 0."""
    if not text.strip():
        return tuple(float(size - place) for place in range(1, size + 1))
    try:
        values = tuple(float(part) for part in text.replace(";", ",").replace(" ", ",").split(",") if part)
    except ValueError:
        raise TournamentError("tournament.error.bad_points", given=text) from None
    if not all(0 <= value <= MAX_PLACE_POINTS for value in values):  # also refuses nan and inf
        raise TournamentError("tournament.error.bad_points", given=text)
    if len(values) < size or any(a < b for a, b in itertools.pairwise(values)):
        raise TournamentError("tournament.error.bad_points", given=text)
    return values


def parse_places(text: str, count: int) -> list[int]:
    """Places by seat, as an organiser corrects a result (``"2,1"``)."""
    try:
        places = [int(part) for part in text.replace(";", ",").replace(" ", ",").split(",") if part]
    except ValueError:
        raise TournamentError("tournament.error.bad_places", given=text, count=count) from None
    if len(places) != count or not all(1 <= p <= count for p in places) or min(places) != 1:
        raise TournamentError("tournament.error.bad_places", given=text, count=count)
    return places


NO_COMPUTER: Final = ("", "none", "no", "off")
"""What an organiser may type for "no computer opponents"."""


def computer_level(text: str, format_: str) -> str:
    """The level at which the computer may play byes and fill short tables; '' for none.

    Single elimination is refused: its byes are the bracket's (the top seeds' free passage),
    and a computer cannot go through to the next round.
    """
    given = text.strip().lower()
    if given in NO_COMPUTER:
        return ""
    if given not in {level.value for level in Level}:
        raise TournamentError(
            "tournament.error.bad_computer", given=text, levels=", ".join(level.value for level in Level)
        )
    if format_ == "elimination":
        raise TournamentError("tournament.error.computer_elimination")
    return given
