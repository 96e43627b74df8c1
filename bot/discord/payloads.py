"""What the bot says about a match: message content, files and components, from a match alone.

Pure builders (a match, a view, a translation in; a message's parts out), shared by the
interaction handlers (the cogs) and the notifier's transport, so that a post looks the same
whoever sends it and the transport depends on no click handler. Pictures are drawn off the
event loop; nothing here reads or writes the store.
"""

from __future__ import annotations

import asyncio
import io
from collections.abc import Iterable, Sequence
from typing import Any, Final

import discord

from bot import present
from bot.discord.components import board_view, lobby_view, picker_view
from bot.i18n import pick_locale, tr_for
from bot.service import Change, Match, MoveOption, WaitingGame
from games.core import Locale, Message, Seat
from games.i18n import Translate

MESSAGE_LIMIT: Final = 2000
OMITTED_NOTE_ROOM: Final = 120
MAX_WAITING_ROWS: Final = 20


def mention(user_id: int) -> str:
    """How Discord names a user in text."""
    return f"<@{user_id}>"


def people_at(match: Match, seats: Iterable[Seat]) -> list[int]:
    """The users seated at ``seats`` of ``match`` who are people: to mention (the autopilot has no account)."""
    users = match.record.seats
    return [users[seat] for seat in seats if 0 <= seat < len(users) and users[seat] > 0]


def public_locale(channel: Any, chosen: str | None = None) -> Locale:
    """The locale of public posts in ``channel``: the one its server chose with ``/setup``, else its Discord one."""
    if chosen is not None:
        return pick_locale(chosen)
    guild = getattr(channel, "guild", None)
    return pick_locale(None, str(guild.preferred_locale) if guild is not None else None)


def as_file(picture: present.Picture) -> discord.File:
    """A picture as an attachment with its alt text."""
    return discord.File(io.BytesIO(picture.png), filename=picture.filename, description=picture.alt)


async def render(match: Match, seat: Seat | None, locale: Locale) -> discord.File:
    """The board of ``seat`` (None: public), drawn off the event loop."""
    return as_file(await asyncio.to_thread(present.picture, match, seat, locale))


def jump_link(match: Match) -> str | None:
    """A link to the match's thread (or channel), for DMs and lists."""
    record = match.record
    if record.guild_id is None or record.home_channel_id is None:
        return None
    return f"https://discord.com/channels/{record.guild_id}/{record.home_channel_id}"


# --- The actor's private panel -------------------------------------------------------------


async def private_panel(
    match: Match,
    user_id: int,
    locale: Locale,
    options: Sequence[MoveOption],
    *,
    prefix: tuple[str, ...] = (),
    notes: list[str] | None = None,
    said: Sequence[Message] = (),
) -> dict[str, Any]:
    """Content, image and move picker that one seated user sees (ephemeral or by DM).

    ``options`` are the user's legal moves now (``Service.move_options``); ``said`` are the
    messages the notes already show, so the status line does not repeat them.
    """
    tr = tr_for(locale)
    seat = match.seat_of(user_id)
    lines = list(notes or [])
    lines.append(present.headline(match, tr))
    lines.append(present.status(match, tr, mention, said))
    view: discord.ui.View = discord.ui.View(timeout=None)
    files: list[discord.File] = []
    if match.state is not None:
        files.append(await render(match, seat, locale))
    if seat is not None and seat in match.to_move():
        lines.append(tr("core.turn.pick") if not prefix else tr("core.turn.pick_next"))
        view = picker_view(match, options, prefix, tr)
    return {"content": "\n".join(line for line in lines if line)[:MESSAGE_LIMIT], "files": files, "view": view}


async def after_move(
    change: Change,
    user_id: int,
    locale: Locale,
    options: Sequence[MoveOption],
    chosen: MoveOption | None = None,
) -> dict[str, Any]:
    """The actor's panel after a move: what happened (as they may see it) and their next step."""
    tr = tr_for(locale)
    seen = change.events_for(change.actor_seat)
    notes = [present.lines(seen, tr, mention)] if change.events else []
    played = chosen.label if chosen is not None else change.played
    if played is not None:
        notes.insert(0, tr("core.turn.done", move=tr(played)))
    return await private_panel(change.match, user_id, locale, options, notes=[n for n in notes if n], said=seen)


# --- Public posts ---------------------------------------------------------------------------


def lobby_content(match: Match, tr: Translate) -> str:
    """The text of a lobby message, its title in bold (see ``present.lobby_lines``)."""
    title, *rest = present.lobby_lines(match, tr, mention)
    return "\n".join([f"**{title}**", *rest])


def lobby_message(match: Match, tr: Translate) -> dict[str, Any]:
    """Content and buttons of a lobby message."""
    return {"content": lobby_content(match, tr), "view": lobby_view(match, tr)}


def board_message(
    match: Match, tr: Translate, news: list[str], mentions: list[int], said: Sequence[Message] = ()
) -> dict[str, Any]:
    """Content and buttons of a board post (the image is attached by the caller).

    Whose turn it is and the mentions always fit; when much happened at once (the autopilot
    finishing a match), the oldest news lines give way, with a count and a pointer to the log.
    ``said`` are the messages of ``news``: the status line does not repeat them.
    """
    status = present.status(match, tr, mention, said)
    tail = [status] if status else []
    if mentions:
        tail.append(" ".join(mention(user) for user in mentions))
    lines = [line for text in news for line in text.splitlines() if line]
    room = MESSAGE_LIMIT - sum(len(line) + 1 for line in tail)
    kept: list[str] = []
    for line in reversed(lines):
        if sum(len(k) + 1 for k in kept) + len(line) + 1 > room - OMITTED_NOTE_ROOM:
            break
        kept.insert(0, line)
    if len(kept) < len(lines):
        kept.insert(0, tr("core.post.earlier", count=len(lines) - len(kept)))
    return {"content": "\n".join([*kept, *tail])[:MESSAGE_LIMIT], "view": board_view(match, tr)}


def waiting_rows(games: list[WaitingGame], tr: Translate, user_id: int) -> list[str]:
    """One line per game: waiting or not, time left, jump link (shared with the digest DM)."""
    rows = []
    for game in games[:MAX_WAITING_ROWS]:
        record = game.match.record
        title = tr(f"{record.game_key}.title")
        state = tr("core.mygames.your_turn") if game.waiting else tr("core.mygames.waiting_others")
        if game.deadline is not None:
            state += " · " + tr("core.mygames.deadline", deadline_at=present.discord_time(int(game.deadline)))
        link = f"https://discord.com/channels/{record.guild_id}/{record.home_channel_id}" if record.guild_id else ""
        rows.append(tr("core.mygames.row", match=record.id, game=title, state=state) + (f" · {link}" if link else ""))
    if len(games) > MAX_WAITING_ROWS:
        rows.append(tr("core.list.more", count=len(games) - MAX_WAITING_ROWS))
    return rows
