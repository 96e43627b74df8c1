"""The notifier's Discord transport: board posts and seat offers in match threads, private views by DM.

A board post is drawn from the public view only. A direct message carries the seat's own
view and, when it must act, its move picker; it goes to the user's stored DM channel
(opened once, then reused without asking Discord for the user). When a user's DMs are
closed, the match thread says so once (with the "My view" button that shows the same
content ephemerally) and the bot remembers it, instead of retrying a DM that cannot arrive.
The posts are made by :mod:`bot.discord.payloads`, the same builders the commands use.
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any, Final

import discord

import renderers
from bot import history, present
from bot.discord.channels import find_channel
from bot.discord.components import board_view, digest_view
from bot.discord.followers import heads_up, tell_followers
from bot.discord.payloads import (
    MESSAGE_LIMIT,
    board_message,
    jump_link,
    lobby_message,
    mention,
    people_at,
    private_panel,
    public_locale,
    render,
    waiting_rows,
)
from bot.discord.seat_payloads import offer_message, takeback_request_message
from bot.i18n import tr_for
from bot.notify import BoardNews, GiveUp, SeatNews
from bot.records import MatchStatus, UserRecord
from bot.service import Match, Service, WaitingGame
from games.core import Locale, Seat

log = logging.getLogger(__name__)

USERS_ONLY: Final = discord.AllowedMentions(everyone=False, roles=False, users=True)


class DiscordTransport:
    """Delivers the outbox to Discord."""

    def __init__(self, client: discord.Client, service: Service) -> None:
        self.client = client
        self.service = service

    async def home(self, match: Match) -> discord.abc.Messageable:
        """The thread (or channel) the match is played in."""
        channel_id = match.record.home_channel_id
        if channel_id is None:
            raise GiveUp(f"match {match.id} has no channel")
        channel = await find_channel(self.client, channel_id)
        if channel is None:
            raise GiveUp(f"channel {channel_id} is gone")
        if not isinstance(channel, discord.abc.Messageable):
            raise GiveUp(f"channel {channel_id} cannot receive messages")
        return channel

    async def posts_locale(self, channel: discord.abc.Messageable, match: Match) -> Locale:
        """The language of the match's public posts: the one its server chose with ``/setup``, else Discord's."""
        return public_locale(channel, await self.service.public_locale_of(match.record.guild_id))

    async def post_board(self, match: Match, news: BoardNews) -> None:
        """Post what happened, the public board and who must act; then a take-back request, if one is news.

        A request whose match has moved on since is void (its buttons would only say so): it
        is not posted. A request is mostly news alone; folded with other news (posts held
        back for the turn's end), a failure of the request's message after the board's would
        send the board again on the retry: the outbox's usual at-least-once.
        """
        channel = await self.home(match)
        locale = await self.posts_locale(channel, match)
        tr = tr_for(locale)
        try:
            if news.events or news.final:
                await self._post_board(channel, match, news, locale)
            ask = news.ask
            if ask is not None and match.version == ask.version and match.is_running:
                await channel.send(**takeback_request_message(match, ask, tr), allowed_mentions=USERS_ONLY)
        except discord.Forbidden as error:
            raise GiveUp(f"cannot post in channel of match {match.id}: {error}") from error

    async def _post_board(
        self, channel: discord.abc.Messageable, match: Match, news: BoardNews, locale: Locale
    ) -> None:
        tr = tr_for(locale)
        users = people_at(match, news.mention)
        body = board_message(match, tr, [present.lines(news.events, tr, mention)], users, news.events)
        files = [await render(match, None, locale)] if match.state is not None else []
        if news.final and match.record.status == MatchStatus.FINISHED:
            replay = await self.replay_file(match, locale)
            if replay is not None:
                files.append(replay)
        await channel.send(**body, files=files, allowed_mentions=USERS_ONLY)
        await tell_followers(self, match, news)

    async def post_offer(self, match: Match, seat: Seat) -> None:
        """Post the seat's offer that stands now, with its button (none stands: nothing to post)."""
        offer = await self.service.standing_offer(match, seat)
        if offer is None:
            return
        channel = await self.home(match)
        tr = tr_for(await self.posts_locale(channel, match))
        try:
            await channel.send(**offer_message(offer, tr), allowed_mentions=USERS_ONLY)
        except discord.Forbidden as error:
            raise GiveUp(f"cannot post in channel of match {match.id}: {error}") from error

    async def edit_lobby(self, match: Match) -> None:
        """Rewrite the lobby post from the match as it is now (players, turn, result, buttons)."""
        message_id = match.record.lobby_message_id
        if message_id is None:
            return
        channel = await self.home(match)
        if not hasattr(channel, "get_partial_message"):
            raise GiveUp(f"channel of match {match.id} has no lobby post")
        body = lobby_message(match, tr_for(await self.posts_locale(channel, match)))
        try:
            await channel.get_partial_message(message_id).edit(**body, allowed_mentions=discord.AllowedMentions.none())
        except (discord.NotFound, discord.Forbidden) as error:
            raise GiveUp(f"cannot edit the lobby post of match {match.id}: {error}") from error

    async def replay_file(self, match: Match, locale: Locale) -> discord.File | None:
        """The animated replay of a finished match (None if it cannot be made)."""
        try:
            views = await history.public_views(self.service, match.id)
            data = await asyncio.to_thread(renderers.replay_gif, match.game.key, views, tr=tr_for(locale))
        except Exception:
            log.exception("replay failed match_id=%s", match.id)
            return None
        description = tr_for(locale)("core.replay.alt", game=tr_for(locale)(f"{match.game.key}.title"), match=match.id)
        return discord.File(io.BytesIO(data), filename=f"match{match.id}-replay.gif", description=description)

    async def send_to_seat(self, match: Match, news: SeatNews) -> None:
        """Send the seat its private view, its news and (on its turn) its move picker."""
        user_id = match.record.seats[news.seat]
        turn = news.turn and news.seat in match.to_move()
        if turn:
            await heads_up(self, match, news.seat)
        if not await self.service.wants_dm(user_id, "turn" if turn else "news"):
            return
        record = await self.service.user(user_id)
        locale = record.locale or "en"
        tr = tr_for(locale)
        notes = []
        if news.turn and news.seat in match.to_move():
            notes.append(tr("core.turn.your_turn", game=tr(f"{match.game.key}.title"), match=match.id))
            since = await history.catch_up(self.service, match, news.seat)
            if since:
                notes.append(tr("core.turn.news") + "\n" + present.lines(since[-present.CATCH_UP_LINES :], tr, mention))
        elif news.events:
            notes.append(present.lines(news.events, tr, mention))
        link = jump_link(match)
        if link:
            notes.append(tr("core.turn.go_to_match", link=link))
        options = await self.service.move_options(match, user_id)
        panel = await private_panel(match, user_id, locale, options, notes=notes)
        try:
            await self.send_dm(user_id, record, **panel)
        except discord.Forbidden:
            await self.dms_closed(match, user_id, already_known=record.dm_closed)
            return
        if record.dm_closed:
            await self.service.remember_user(user_id, dm_closed=False)

    async def send_dm(self, user_id: int, record: UserRecord, **message: Any) -> None:
        """Send a direct message to the user's stored DM channel, opening (and storing) it once.

        Without the members intent the user is not cached, and ``fetch_user`` would cost a
        ``GET /users/{id}`` per message; the channel id is all a message needs. A channel
        Discord no longer knows is forgotten and opened again. ``discord.Forbidden`` (closed
        DMs, 50007) reaches the caller.
        """
        channel_id = record.dm_channel_id
        if channel_id is not None:
            channel = self.client.get_partial_messageable(channel_id, type=discord.ChannelType.private)
            try:
                await channel.send(**message)
                return
            except discord.NotFound:
                log.info("stored DM channel is gone user=%s channel=%s", user_id, channel_id)
                await self.service.forget_dm_channel(user_id, channel_id)
        opened = await self.client.create_dm(discord.Object(user_id))
        await self.service.remember_user(user_id, dm_channel_id=opened.id)
        await opened.send(**message)

    async def dms_closed(self, match: Match, user_id: int, *, already_known: bool) -> None:
        """Tell the player once, in the match thread, how to see their view without DMs."""
        if already_known:
            return
        await self.service.remember_user(user_id, dm_closed=True)
        channel = await self.home(match)
        tr = tr_for(await self.posts_locale(channel, match))
        try:
            await channel.send(
                tr("core.dm.closed", user=mention(user_id)), view=board_view(match, tr), allowed_mentions=USERS_ONLY
            )
        except discord.Forbidden as error:
            raise GiveUp(f"cannot post in channel of match {match.id}") from error

    async def send_digest(self, user_id: int, games: list[WaitingGame]) -> None:
        """One DM listing every game waiting on the player (the reminders of the ladder), unless turned off."""
        if not await self.service.wants_dm(user_id, "digest"):
            return
        record = await self.service.user(user_id)
        tr = tr_for(record.locale or "en")
        text = "\n".join([tr("core.digest.header", count=len(games)), *waiting_rows(games, tr, user_id)])
        try:
            await self.send_dm(user_id, record, content=text[:MESSAGE_LIMIT], view=digest_view(games, tr))
        except discord.Forbidden:
            log.info("digest not delivered, DMs closed user=%s", user_id)
