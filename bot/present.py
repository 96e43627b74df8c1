"""What a person reads and sees of a match, built from views only, for any adapter.

Discord and the local console both show a match through these functions: a status line
(whose turn, or the result), the events in words, and board pictures. A picture for the
channel is drawn from the public view (``seat=None``) and nothing else, so a post can never
show what only one seat may see. Rendering is CPU work: adapters call ``picture`` through
``asyncio.to_thread``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import renderers
from bot.i18n import tr_for
from bot.service import Match, MoveOption
from games.core import Locale, Message, Seat
from games.i18n import Translate

NameOf = Callable[[int], str]
"""How an adapter names a user: a Discord mention, or a console player's name."""

TimeOf = Callable[[int], str]
"""How an adapter writes a moment (a Unix time): a Discord timestamp, or plain text."""

USER_PARAMS = frozenset({"user"})
TIME_SUFFIX = "_at"


def discord_time(timestamp: int) -> str:
    """A Discord timestamp, shown to each reader in their own time zone and language."""
    return f"<t:{timestamp}:f>"


def plain_time(timestamp: int) -> str:
    """A moment as UTC text, for the console."""
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(timestamp))


@dataclass(frozen=True, slots=True)
class Picture:
    """An encoded board image with its alt text."""

    png: bytes
    alt: str
    filename: str


def picture(match: Match, seat: Seat | None, locale: Locale) -> Picture:
    """The board as ``seat`` sees it (None: the public board for the channel)."""
    tr = tr_for(locale)
    view = match.view(seat)
    image = renderers.render(match.game.key, view, tr=tr)
    alt = renderers.alt_text(match.game.key, view, tr=tr)
    suffix = "board" if seat is None else f"seat{seat}"
    return Picture(renderers.to_png(image), alt[:1000], f"match{match.id}-v{match.version}-{suffix}.png")


def text(message: Message, tr: Translate, name_of: NameOf, time_of: TimeOf = discord_time) -> str:
    """One message in words, with user ids turned into names and times into timestamps."""
    return tr(_with_names(message, tr, name_of, time_of))


def lines(messages: Iterable[Message], tr: Translate, name_of: NameOf, time_of: TimeOf = discord_time) -> str:
    """Several messages, one per line."""
    return "\n".join(text(message, tr, name_of, time_of) for message in messages)


def user_name(user_id: int, tr: Translate, name_of: NameOf) -> str:
    """A player's name; the autopilot's seats (negative ids) are called "Autopilot"."""
    return tr("core.autopilot.name") if user_id < 0 else name_of(user_id)


def _with_names(message: Message, tr: Translate, name_of: NameOf, time_of: TimeOf) -> Message:
    params: dict[str, Any] = {}
    for name, value in message.params.items():
        if isinstance(value, Message):
            params[name] = _with_names(value, tr, name_of, time_of)
        elif name in USER_PARAMS and isinstance(value, int):
            params[name] = user_name(value, tr, name_of)
        elif name.endswith(TIME_SUFFIX) and isinstance(value, int | float):
            params[name] = time_of(int(value))
        else:
            params[name] = value
    return Message(message.key, params)


def seat_label(match: Match, seat: Seat, tr: Translate, name_of: NameOf) -> str:
    """``"White (@ana)"``: the game's name for the seat and the player in it."""
    seat_name = tr(match.game.seat_name(seat, len(match.record.seats)))
    return f"{seat_name} ({user_name(match.record.seats[seat], tr, name_of)})"


def title(match: Match, tr: Translate) -> str:
    """``"Volto — match #12"``."""
    return tr("core.lobby.title", game=tr(f"{match.game.key}.title"), match=match.id)


def status(match: Match, tr: Translate, name_of: NameOf) -> str:
    """Whose turn it is, or how the match ended, in one sentence."""
    record = match.record
    if record.status == "lobby":
        return tr("core.status.lobby", taken=len(record.seats), seats=record.max_seats)
    if record.status == "cancelled":
        return tr("core.status.cancelled")
    outcome = match.outcome
    if outcome is not None:
        reason = text(outcome.reason, tr, name_of)
        if outcome.is_draw:
            return f"{reason} {tr('core.status.draw')}"
        who = ", ".join(seat_label(match, seat, tr, name_of) for seat in sorted(outcome.winners))
        key = "core.status.winner" if len(outcome.winners) == 1 else "core.status.winners"
        return f"{reason} {tr(key, who=who)}"
    seats = sorted(match.to_move())
    who = ", ".join(seat_label(match, seat, tr, name_of) for seat in seats)
    return tr("core.status.to_move" if len(seats) == 1 else "core.status.to_move_many", who=who)


def headline(match: Match, tr: Translate) -> str:
    """``"Volto · match #12"``."""
    return tr("core.status.match", game=tr(f"{match.game.key}.title"), match=match.id)


def option_label(option: MoveOption, tr: Translate) -> str:
    """A legal move as the mover reads it, with its code for typing."""
    label = tr(option.label)
    return label if option.code in label else f"{label} ({option.code})"
