"""Tournaments on Discord: game homes, the sign-up post kept up to date, announcements.

A tournament's games open where the server's setup (``/setup``) says, as ``/game new``'s
do and by the same code (:func:`bot.discord.channels.open_match_home`): as posts of the
server's match forum when one is set, else as threads of the tournament's channel, each
with its lobby post kept up to date. ``/tournament create`` is refused where ``/game new``
would be (:func:`bot.discord.channels.match_place`). The setup is read when each game
opens, so a change made mid-tournament leaves the games already open where they are and
the next round's games follow it. The tournament's own channel (its sign-up post and
announcements) stays its channel, even if the server later stops listing it among the
match channels: a running tournament is never stranded half-way.

The tournament service queues its announcements in the store; :meth:`TournamentAdapter.deliver`
posts them in the tournament's channel (pinging the players of a new round with their table
and its thread). The bot calls it whenever the store says something was queued, after the
work that queued it, and on every scheduler tick. A pairing announcement waits until every
game of its round exists, so a post never links a thread that is not there yet.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Final

import discord

from bot import present
from bot.codec import message_from_json
from bot.discord.channels import find_channel, match_forum, open_match_home
from bot.discord.payloads import MESSAGE_LIMIT, mention, public_locale
from bot.discord.tournament_payloads import display_names, signup_message, standings_file, standings_lines
from bot.i18n import tr_for
from bot.service import Match, Service
from bot.tournaments.service import Tournament, TournamentError, TournamentService

log = logging.getLogger(__name__)

USERS_ONLY: Final = discord.AllowedMentions(everyone=False, roles=False, users=True)
MAX_ATTEMPTS: Final = 8


class TournamentAdapter:
    """Owns the :class:`TournamentService` of a bot and speaks for it on Discord."""

    def __init__(self, client: discord.Client, service: Service) -> None:
        self.client = client
        self.matches = service
        self.service = TournamentService(service, opener=self.open_home)
        self._deliver_lock = asyncio.Lock()

    # --- Game homes -------------------------------------------------------------------------

    async def open_home(self, tournament: Tournament, match: Match) -> None:
        """A tournament game's home, where the server's setup says now (see the module's docstring).

        Once the game has a home (a crash between opening it and starting the match) it keeps it.
        """
        if match.record.thread_id is not None or match.record.lobby_message_id is not None:
            return
        channel = await find_channel(self.client, tournament.channel_id)
        forum = await match_forum(self.client, await self.matches.server_settings(tournament.guild_id))
        if forum is None and channel is None:
            return
        tr = tr_for(public_locale(forum or channel, await self.matches.public_locale_of(tournament.guild_id)))
        name = f"{tournament.name or tr(f'{tournament.game_key}.title')} · R{tournament.current_round} · #{match.id}"
        await open_match_home(self.matches, match, channel, forum, name, tr)

    # --- The sign-up message ---------------------------------------------------------------------

    async def signup_message(self, tournament: Tournament, channel: Any) -> dict[str, Any]:
        """Content and buttons of the sign-up post, in the language of ``channel``."""
        entrants = await self.service.entrants(tournament.id)
        return signup_message(
            tournament,
            entrants,
            tr_for(public_locale(channel, await self.matches.public_locale_of(tournament.guild_id))),
        )

    async def refresh_signup(self, tournament_id: int) -> None:
        """Bring the sign-up post up to date (entrants; buttons gone once sign-up closed)."""
        tournament = await self.service.get(tournament_id)
        channel = await find_channel(self.client, tournament.channel_id)
        if tournament.signup_message_id is None or not isinstance(channel, discord.TextChannel | discord.Thread):
            return
        try:
            await channel.get_partial_message(tournament.signup_message_id).edit(
                **await self.signup_message(tournament, channel), allowed_mentions=discord.AllowedMentions.none()
            )
        except discord.HTTPException:
            log.warning("could not refresh sign-up tournament_id=%s", tournament_id, exc_info=True)

    # --- Announcements -------------------------------------------------------------------------

    async def tick(self) -> int:
        """The scheduler's task: the service's timed work, then delivery."""
        done = await self.service.tick()
        await self.deliver()
        return done

    async def deliver(self) -> int:
        """Post every announcement that is ready; returns how many were posted."""
        posted = 0
        async with self._deliver_lock:
            for announcement in await self.service.claim_announcements():
                tournament = await self._tournament(announcement.tournament_id)
                channel = await find_channel(self.client, tournament.channel_id if tournament else None)
                if tournament is None or not isinstance(channel, discord.abc.Messageable):
                    await self.service.announcement_delivered(announcement.id)
                    continue
                try:
                    body = await self.announcement(tournament, announcement.payload, channel)
                    if body is None:
                        await self.service.announcement_later(announcement.id)
                        continue
                    await channel.send(**body, allowed_mentions=USERS_ONLY)
                except Exception:
                    log.warning("announcement failed tournament_id=%s", tournament.id, exc_info=True)
                    await self.service.announcement_failed(announcement.id)
                    if announcement.attempts + 1 < MAX_ATTEMPTS:
                        continue
                await self.service.announcement_delivered(announcement.id)
                await self.refresh_signup(tournament.id)
                posted += 1
        return posted

    async def _tournament(self, tournament_id: int) -> Tournament | None:
        """The tournament an announcement is for, or None when it is gone."""
        try:
            return await self.service.get(tournament_id)
        except TournamentError:
            return None

    async def announcement(
        self, tournament: Tournament, payload: dict[str, Any], channel: Any
    ) -> dict[str, Any] | None:
        """The post for one announcement, or None while its games are still being created."""
        tr = tr_for(public_locale(channel, await self.matches.public_locale_of(tournament.guild_id)))
        lines = [present.text(message_from_json(m), tr, mention) for m in payload.get("messages", [])]
        body: dict[str, Any] = {}
        number = payload.get("pairings")
        if number is not None:
            tables = await self.service.round_tables(tournament.id, int(number))
            if any(t.match_id is None for t in tables if not t.is_bye):
                return None
            for table in tables:
                if table.is_bye:
                    lines.append(tr("tournament.pairing.bye", user=present.user_name(table.players[0], tr, mention)))
                    continue
                assert table.match_id is not None
                record = (await self.matches.get_match(table.match_id)).record
                where = f"<#{record.home_channel_id}>" if record.home_channel_id else f"#{record.id}"
                players = tr("tournament.pairing.vs").join(present.user_name(p, tr, mention) for p in table.players)
                lines.append(tr("tournament.pairing.table", table=table.table_no, players=players, where=where))
        if payload.get("standings"):
            standings = await self.service.standings(tournament.id)
            lines += standings_lines(standings, tr)
            names = display_names(getattr(channel, "guild", None), [row.player for row in standings.rows])
            body["file"] = await standings_file(standings, tr, names)
        body["content"] = "\n".join(lines)[:MESSAGE_LIMIT]
        return body
