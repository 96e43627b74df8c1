"""What the bot does for each interaction: one service call, then one answer.

Slash commands (``bot.cogs.play``) and components (``bot.components``) both land here, so a
move typed with ``/move`` and a move clicked together follow one code path. Every handler
acknowledges first (the 3-second rule), answers the actor privately (an ephemeral reply, or
an edit of the DM or ephemeral message the click came from), and leaves the public posts to
the notifier, which the handler wakes after each change.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any, cast

import discord

from bot import present
from bot.components import board_view, complete_move, lobby_view, picker_view
from bot.errors import guarded
from bot.i18n import pick_locale, tr_for
from bot.service import Change, Match, MoveOption, Service, WaitingGame
from bot.service_errors import StaleMove
from games.core import Locale, Seat
from games.i18n import Translate

if TYPE_CHECKING:
    from bot.app import SerenissimaBot

log = logging.getLogger(__name__)


def mention(user_id: int) -> str:
    """How Discord names a user in text."""
    return f"<@{user_id}>"


def client(interaction: discord.Interaction[Any]) -> SerenissimaBot:
    """The bot that received the interaction."""
    return cast("SerenissimaBot", interaction.client)


async def locale_of(interaction: discord.Interaction[Any]) -> Locale:
    """The locale to answer in; remembered for later direct messages."""
    guild_locale = str(interaction.guild_locale) if interaction.guild_locale else None
    locale = pick_locale(str(interaction.locale), guild_locale)
    await client(interaction).remember_locale(interaction.user.id, locale)
    return locale


def as_file(picture: present.Picture) -> discord.File:
    """A picture as an attachment with its alt text."""
    return discord.File(io.BytesIO(picture.png), filename=picture.filename, description=picture.alt)


async def render(match: Match, seat: Seat | None, locale: Locale) -> discord.File:
    """The board of ``seat`` (None: public), drawn off the event loop."""
    return as_file(await asyncio.to_thread(present.picture, match, seat, locale))


# --- The actor's private panel -------------------------------------------------------------


async def private_panel(
    service: Service,
    match: Match,
    user_id: int,
    locale: Locale,
    *,
    prefix: tuple[str, ...] = (),
    notes: list[str] | None = None,
) -> dict[str, Any]:
    """Content, image and move picker that one seated user sees (ephemeral or by DM)."""
    tr = tr_for(locale)
    seat = match.seat_of(user_id)
    lines = list(notes or [])
    lines.append(present.headline(match, tr))
    lines.append(present.status(match, tr, mention))
    view: discord.ui.View = discord.ui.View(timeout=None)
    files: list[discord.File] = []
    if match.state is not None:
        files.append(await render(match, seat, locale))
    if seat is not None and seat in match.to_move():
        options = await service.move_options(match, user_id)
        lines.append(tr("core.turn.pick") if not prefix else tr("core.turn.pick_next"))
        view = picker_view(match, options, prefix, tr)
    return {"content": "\n".join(lines)[:2000], "files": files, "view": view}


# --- Components -----------------------------------------------------------------------------


@guarded
async def pick(
    interaction: discord.Interaction[Any],
    match_id: int,
    version: int,
    path: tuple[str, ...],
    *,
    navigate_only: bool = False,
) -> None:
    """A move-building click: go one step further, or play the move the path completes."""
    await interaction.response.defer()
    locale = await locale_of(interaction)
    tr = tr_for(locale)
    bot = client(interaction)
    try:
        match = await bot.service.get_match(match_id)
        seat = match.seat_of(interaction.user.id)
        if seat is not None and await bot.service.is_stale(match, seat, version):
            raise StaleMove("core.error.stale")
        options = await bot.service.move_options(match, interaction.user.id)
        chosen = None if navigate_only else complete_move(options, path)
        if chosen is None:
            panel = await private_panel(bot.service, match, interaction.user.id, locale, prefix=path)
        else:
            change = await bot.service.submit_move(match_id, interaction.user.id, chosen.code, expected_version=version)
            panel = await answer_and_notify(bot, change, interaction.user.id, locale, chosen)
    except StaleMove as error:
        match = await bot.service.get_match(match_id)
        panel = await private_panel(bot.service, match, interaction.user.id, locale, notes=[tr(error.message)])
    await interaction.edit_original_response(content=panel["content"], attachments=panel["files"], view=panel["view"])


async def answer_and_notify(
    bot: SerenissimaBot, change: Change, user_id: int, locale: Locale, chosen: MoveOption | None = None
) -> dict[str, Any]:
    """The actor's panel, drawn while the notifier draws and sends everyone else's news.

    The pictures of one move are made at the same time in worker threads, so the move is
    answered and posted in about the time of its two slowest pictures, not of all of them.
    """
    answering = after_move(bot.service, change, user_id, locale, chosen)
    panel, _ = await asyncio.gather(answering, bot.flush_notifications())
    answer: dict[str, Any] = panel
    return answer


async def after_move(
    service: Service, change: Change, user_id: int, locale: Locale, chosen: MoveOption | None = None
) -> dict[str, Any]:
    """The actor's panel after a move: what happened (as they may see it) and their next step."""
    tr = tr_for(locale)
    notes = [present.lines(change.events_for(change.actor_seat), tr, mention)] if change.events else []
    if chosen is not None:
        notes.insert(0, tr("core.turn.done", move=tr(chosen.label)))
    return await private_panel(service, change.match, user_id, locale, notes=[n for n in notes if n])


@guarded
async def board_click(interaction: discord.Interaction[Any], match_id: int, action: str) -> None:
    """Answer the "Play my move" and "My view" buttons with the private panel, ephemerally."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    locale = await locale_of(interaction)
    tr = tr_for(locale)
    bot = client(interaction)
    match = await bot.service.get_match(match_id)
    if match.seat_of(interaction.user.id) is None:
        await interaction.followup.send(tr("core.not_a_player"), ephemeral=True)
        return
    panel = await private_panel(bot.service, match, interaction.user.id, locale)
    await interaction.followup.send(ephemeral=True, **panel)


@guarded
async def lobby_click(interaction: discord.Interaction[Any], match_id: int, action: str) -> None:
    """A lobby button: join, leave, start or cancel, then refresh the lobby message."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    locale = await locale_of(interaction)
    await lobby_action(interaction, match_id, action, locale)


async def lobby_action(interaction: discord.Interaction[Any], match_id: int, action: str, locale: Locale) -> None:
    """Run a lobby action for the interaction's user and answer privately (already deferred)."""
    bot = client(interaction)
    user_id = interaction.user.id
    service = bot.service
    change: Change
    if action == "join":
        change = await service.join(match_id, user_id)
    elif action == "leave":
        change = await service.leave(match_id, user_id)
    elif action == "start":
        change = await service.start(match_id, user_id)
    else:
        member = interaction.user
        is_admin = isinstance(member, discord.Member) and member.guild_permissions.manage_guild
        change = await service.cancel(match_id, user_id, is_admin=is_admin)
    await bot.refresh_lobby(change.match)
    tr = tr_for(locale)
    notes = [present.lines(change.messages, tr, mention)]
    if change.match.is_running and change.match.seat_of(user_id) is not None:
        panel = await private_panel(bot.service, change.match, user_id, locale, notes=notes)
        await interaction.followup.send(ephemeral=True, **panel)
    else:
        await interaction.followup.send(notes[0] + "\n" + present.status(change.match, tr, mention), ephemeral=True)
    await bot.flush_notifications()


def lobby_content(match: Match, tr: Translate) -> str:
    """The text of a lobby message: title, players, options, and what happens next."""
    record = match.record
    players = ", ".join(present.user_name(user, tr, mention) for user in record.seats)
    options = ", ".join(f"{k}={v}" for k, v in record.options.items() if v != getattr(match.game.options_type(), k))
    lines = [
        f"**{present.title(match, tr)}**",
        tr(f"{match.game.key}.summary"),
        tr("core.lobby.players", players=players),
        tr("core.lobby.options", options=options or tr("core.options.none")),
        present.status(match, tr, mention),
    ]
    if record.status == "lobby":
        lines.append(tr("core.lobby.waiting"))
    return "\n".join(lines)


def lobby_message(match: Match, tr: Translate) -> dict[str, Any]:
    """Content and buttons of a lobby message."""
    return {"content": lobby_content(match, tr), "view": lobby_view(match, tr)}


def board_message(match: Match, tr: Translate, news: list[str], mentions: list[int]) -> dict[str, Any]:
    """Content and buttons of a board post (the image is attached by the caller).

    Whose turn it is and the mentions always fit; when much happened at once (the autopilot
    finishing a match), the oldest news lines give way, with a count and a pointer to the log.
    """
    tail = [present.status(match, tr, mention)]
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


MESSAGE_LIMIT = 2000
OMITTED_NOTE_ROOM = 120


def public_locale(channel: Any) -> Locale:
    """The locale of public posts in ``channel``: the server's preferred one."""
    guild = getattr(channel, "guild", None)
    return pick_locale(None, str(guild.preferred_locale) if guild is not None else None)


MAX_WAITING_ROWS = 20


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
