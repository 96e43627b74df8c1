"""The notifier's Discord transport: board posts in match threads, private views by DM.

A board post is drawn from the public view only. A direct message carries the seat's own
view and, when it must act, its move picker. When a user's DMs are closed, the match
thread says so once (with the "My view" button that shows the same content ephemerally)
and the bot remembers it, instead of retrying a DM that cannot arrive.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any

import discord

import renderers
from bot import history, present
from bot.actions import board_message, mention, private_panel, public_locale, render, waiting_rows
from bot.components import board_view, digest_view
from bot.i18n import tr_for
from bot.notify import BoardNews, GiveUp, SeatNews
from bot.service import Match, WaitingGame
from games.core import Locale

if TYPE_CHECKING:
    from bot.app import SerenissimaBot

log = logging.getLogger(__name__)

USERS_ONLY = discord.AllowedMentions(everyone=False, roles=False, users=True)
CATCH_UP_LINES = 15


class DiscordTransport:
    """Delivers the outbox to Discord."""

    def __init__(self, bot: SerenissimaBot) -> None:
        self.bot = bot

    async def home(self, match: Match) -> discord.abc.Messageable:
        """The thread (or channel) the match is played in."""
        channel_id = match.record.home_channel_id
        if channel_id is None:
            raise GiveUp(f"match {match.id} has no channel")
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except (discord.NotFound, discord.Forbidden) as error:
                raise GiveUp(f"channel {channel_id} is gone") from error
        if not isinstance(channel, discord.abc.Messageable):
            raise GiveUp(f"channel {channel_id} cannot receive messages")
        return channel

    def channel_locale(self, channel: Any) -> Locale:
        """The server's preferred locale decides the language of public posts."""
        return public_locale(channel)

    async def post_board(self, match: Match, news: BoardNews) -> None:
        """Post what happened, the public board and who must act."""
        channel = await self.home(match)
        locale = self.channel_locale(channel)
        tr = tr_for(locale)
        users = [match.record.seats[seat] for seat in news.mention if 0 <= seat < len(match.record.seats)]
        users = [user for user in users if user > 0]
        body = board_message(match, tr, [present.lines(news.events, tr, mention)], users)
        files = [await render(match, None, locale)] if match.state is not None else []
        if news.final and match.record.status == "finished":
            replay = await self.replay_file(match, locale)
            if replay is not None:
                files.append(replay)
        try:
            await channel.send(**body, files=files, allowed_mentions=USERS_ONLY)
        except discord.Forbidden as error:
            raise GiveUp(f"cannot post in channel of match {match.id}: {error}") from error

    async def replay_file(self, match: Match, locale: Locale) -> discord.File | None:
        """The animated replay of a finished match (None if it cannot be made)."""
        try:
            views = await history.public_views(self.bot.service, match.id)
            data = await asyncio.to_thread(renderers.replay_gif, match.game.key, views, tr=tr_for(locale))
        except Exception:
            log.exception("replay failed match_id=%s", match.id)
            return None
        description = tr_for(locale)("core.replay.alt", game=tr_for(locale)(f"{match.game.key}.title"), match=match.id)
        return discord.File(io.BytesIO(data), filename=f"match{match.id}-replay.gif", description=description)

    async def send_to_seat(self, match: Match, news: SeatNews) -> None:
        """Send the seat its private view, its news and (on its turn) its move picker."""
        user_id = match.record.seats[news.seat]
        record = await self.bot.store.get_user(user_id)
        locale = record.locale or "en"
        tr = tr_for(locale)
        notes = []
        if news.turn and news.seat in match.to_move():
            notes.append(tr("core.turn.your_turn", game=tr(f"{match.game.key}.title"), match=match.id))
            since = await history.catch_up(self.bot.service, match, news.seat)
            if since:
                notes.append(tr("core.turn.news") + "\n" + present.lines(since[-CATCH_UP_LINES:], tr, mention))
        elif news.events:
            notes.append(present.lines(news.events, tr, mention))
        link = self.jump_link(match)
        if link:
            notes.append(tr("core.turn.go_to_match", link=link))
        panel = await private_panel(self.bot.service, match, user_id, locale, notes=notes)
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(**panel)
        except discord.Forbidden:
            await self.dms_closed(match, user_id, already_known=record.dm_closed)
            return
        if record.dm_closed:
            await self.bot.store.remember_user(user_id, dm_closed=False)

    async def dms_closed(self, match: Match, user_id: int, *, already_known: bool) -> None:
        """Tell the player once, in the match thread, how to see their view without DMs."""
        if already_known:
            return
        await self.bot.store.remember_user(user_id, dm_closed=True)
        channel = await self.home(match)
        tr = tr_for(self.channel_locale(channel))
        try:
            await channel.send(
                tr("core.dm.closed", user=mention(user_id)), view=board_view(match, tr), allowed_mentions=USERS_ONLY
            )
        except discord.Forbidden as error:
            raise GiveUp(f"cannot post in channel of match {match.id}") from error

    async def send_digest(self, user_id: int, games: list[WaitingGame]) -> None:
        """One DM listing every game waiting on the player (the reminders of the ladder)."""
        record = await self.bot.store.get_user(user_id)
        tr = tr_for(record.locale or "en")
        text = "\n".join([tr("core.digest.header", count=len(games)), *waiting_rows(games, tr, user_id)])
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(text[:2000], view=digest_view(games, tr))
        except discord.Forbidden:
            log.info("digest not delivered, DMs closed user=%s", user_id)

    def jump_link(self, match: Match) -> str | None:
        """A link to the match's thread, for DMs."""
        record = match.record
        if record.guild_id is None or record.home_channel_id is None:
            return None
        return f"https://discord.com/channels/{record.guild_id}/{record.home_channel_id}"
