"""Tournaments on Discord: the sign-up message, game threads, announcements and standings posts.

The tournament service queues its announcements in the store; :meth:`TournamentAdapter.deliver`
posts them in the tournament's channel (pinging the players of a new round with their table
and its thread) and is called after every command, by the scheduler tick, and after match
notifications. A pairing announcement waits until every game of its round exists, so a post
never links a thread that is not there yet.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

import discord

from bot import present
from bot.actions import mention
from bot.clocks import DAY, HOUR
from bot.codec import message_from_json
from bot.i18n import pick_locale, tr_for
from bot.service import Match
from bot.tournaments import ratings
from bot.tournaments.components import signup_view
from bot.tournaments.service import Standings, TournamentService
from bot.tournaments.store import Tournament
from games.core import Locale
from games.i18n import Translate
from renderers import kit
from renderers import standings as picture

if TYPE_CHECKING:
    from bot.app import SerenissimaBot

log = logging.getLogger(__name__)

USERS_ONLY: Final = discord.AllowedMentions(everyone=False, roles=False, users=True)
MAX_ATTEMPTS: Final = 8
MAX_TEXT_ROWS: Final = 30


class TournamentAdapter:
    """Owns the :class:`TournamentService` of a bot and speaks for it on Discord."""

    def __init__(self, bot: SerenissimaBot) -> None:
        self.bot = bot
        self.service = TournamentService(bot.service, opener=self.open_home)
        self._deliver_lock = asyncio.Lock()

    def locale(self, channel: Any) -> Locale:
        """Public posts speak the server's preferred language."""
        guild = getattr(channel, "guild", None)
        return pick_locale(None, str(guild.preferred_locale) if guild is not None else None)

    async def channel(self, channel_id: int | None) -> Any:
        """A channel by id, or None when it is gone."""
        if channel_id is None:
            return None
        found = self.bot.get_channel(channel_id)
        if found is None:
            try:
                found = await self.bot.fetch_channel(channel_id)
            except (discord.NotFound, discord.Forbidden):
                return None
        return found

    # --- Game homes -------------------------------------------------------------------------

    async def open_home(self, tournament: Tournament, match: Match) -> None:
        """A public thread for a tournament game in the tournament's channel (the channel when not allowed)."""
        if match.record.thread_id is not None:
            return
        channel = await self.channel(tournament.channel_id)
        if not isinstance(channel, discord.TextChannel):
            return
        perms = channel.permissions_for(channel.guild.me)
        if not (perms.create_public_threads and perms.send_messages_in_threads):
            return
        tr = tr_for(self.locale(channel))
        name = f"{tournament.name or tr(f'{tournament.game_key}.title')} · R{tournament.current_round} · #{match.id}"
        try:
            thread = await channel.create_thread(
                name=name[:100], type=discord.ChannelType.public_thread, auto_archive_duration=10080
            )
        except discord.HTTPException:
            log.warning("no thread for tournament match match_id=%s", match.id, exc_info=True)
            return
        await self.bot.store.set_location(match.id, thread_id=thread.id)

    # --- The sign-up message ---------------------------------------------------------------------

    async def signup_content(self, tournament: Tournament, tr: Translate) -> str:
        """The sign-up post: what, when, who may join, and who has."""
        entrants = await self.service.store.entrants(tournament.id)
        rounds = (
            tr("tournament.signup.rounds", count=tournament.rounds)
            if tournament.rounds
            else tr("tournament.signup.rounds_auto")
        )
        clock = duration(tournament.time_limit, tr) if tournament.time_limit else tr("tournament.signup.untimed")
        lines = [
            tr(
                "tournament.signup.title",
                name=tournament.name or tr(f"{tournament.game_key}.title"),
                tournament=tournament.id,
            ),
            tr(
                "tournament.signup.details",
                game=tr(f"{tournament.game_key}.title"),
                format=tr(f"tournament.format.{tournament.format}"),
                rounds=rounds,
                organiser=mention(tournament.organiser_id),
            ),
            tr(
                "tournament.signup.clock",
                clock=clock,
                round=duration(tournament.round_seconds, tr),
                settle=tr(f"tournament.settle.{tournament.settle}"),
            ),
            tr("tournament.signup.rated" if tournament.rated else "tournament.signup.unrated"),
        ]
        if tournament.required_role is not None:
            lines.append(tr("tournament.signup.role", role=tournament.required_role))
        if tournament.min_completion:
            lines.append(tr("tournament.signup.completion", need=tournament.min_completion))
        if tournament.status == "signup":
            lines.append(tr("tournament.signup.closes", closes_at=present.discord_time(int(tournament.signup_closes))))
            if tournament.check_in:
                lines.append(tr("tournament.signup.check_in"))
        else:
            lines.append(tr("tournament.signup.closed", status=status_text(tournament, tr)))
        if entrants:
            names = [
                present.user_name(e.user_id, tr, mention)
                + (f" {tr('tournament.signup.checked')}" if tournament.check_in and e.checked_in else "")
                for e in entrants
            ]
            lines.append(tr("tournament.signup.entrants", count=len(entrants), players=", ".join(names)))
        else:
            lines.append(tr("tournament.signup.nobody"))
        return "\n".join(lines)[:2000]

    async def signup_message(self, tournament: Tournament, tr: Translate) -> dict[str, Any]:
        """Content and buttons of the sign-up post."""
        return {"content": await self.signup_content(tournament, tr), "view": signup_view(tournament, tr)}

    async def refresh_signup(self, tournament_id: int) -> None:
        """Bring the sign-up post up to date (entrants; buttons gone once sign-up closed)."""
        tournament = await self.service.get(tournament_id)
        channel = await self.channel(tournament.channel_id)
        if tournament.signup_message_id is None or not isinstance(channel, discord.TextChannel | discord.Thread):
            return
        tr = tr_for(self.locale(channel))
        try:
            await channel.get_partial_message(tournament.signup_message_id).edit(
                **await self.signup_message(tournament, tr), allowed_mentions=discord.AllowedMentions.none()
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
            for announcement in await self.service.store.due_announcements():
                tournament = await self.service.store.get(announcement.tournament_id)
                channel = await self.channel(tournament.channel_id if tournament else None)
                now = self.service.clock()
                if tournament is None or not isinstance(channel, discord.abc.Messageable):
                    await self.service.store.delivered(announcement.id, now)
                    continue
                try:
                    body = await self.announcement(tournament, announcement.payload, channel)
                    if body is None:
                        continue
                    await channel.send(**body, allowed_mentions=USERS_ONLY)
                except Exception:
                    log.warning("announcement failed tournament_id=%s", tournament.id, exc_info=True)
                    await self.service.store.failed(announcement.id)
                    if announcement.attempts + 1 < MAX_ATTEMPTS:
                        continue
                await self.service.store.delivered(announcement.id, now)
                await self.refresh_signup(tournament.id)
                posted += 1
        return posted

    async def announcement(
        self, tournament: Tournament, payload: dict[str, Any], channel: Any
    ) -> dict[str, Any] | None:
        """The post for one announcement, or None while its games are still being created."""
        tr = tr_for(self.locale(channel))
        lines = [present.text(message_from_json(m), tr, mention) for m in payload.get("messages", [])]
        body: dict[str, Any] = {}
        number = payload.get("pairings")
        if number is not None:
            tables = await self.service.store.tables(tournament.id, int(number))
            if any(t.match_id is None for t in tables if not t.is_bye):
                return None
            for table in tables:
                if table.is_bye:
                    lines.append(tr("tournament.pairing.bye", user=present.user_name(table.players[0], tr, mention)))
                    continue
                assert table.match_id is not None
                record = (await self.bot.service.get_match(table.match_id)).record
                where = f"<#{record.home_channel_id}>" if record.home_channel_id else f"#{record.id}"
                players = tr("tournament.pairing.vs").join(present.user_name(p, tr, mention) for p in table.players)
                lines.append(tr("tournament.pairing.table", table=table.table_no, players=players, where=where))
        if payload.get("standings"):
            standings = await self.service.standings(tournament.id)
            lines += standings_lines(standings, tr)
            names = display_names(getattr(channel, "guild", None), [row.player for row in standings.rows])
            body["file"] = await standings_file(standings, tr, names)
        body["content"] = "\n".join(lines)[:2000]
        return body


# --- Standings as text and as a picture ----------------------------------------------------------


def number(value: float) -> str:
    """1, 1.5, 2½-style points as short text."""
    return f"{value:g}"


def standings_lines(standings: Standings, tr: Translate) -> list[str]:
    """The standings as text rows, then the footer that explains the tie-breaks."""
    rows = []
    for row in standings.rows[:MAX_TEXT_ROWS]:
        breaks = "".join(
            f", {tr(f'tournament.tiebreak.short.{name}')} {number(value)}"
            for name, value in zip(standings.tiebreaks, row.tiebreaks, strict=True)
        )
        rows.append(
            tr(
                "tournament.standings.row",
                rank=row.rank,
                player=present.user_name(row.player, tr, mention),
                points=number(row.points),
                games=row.games,
                tiebreaks=breaks,
                dropped=tr("tournament.standings.dropped") if row.dropped else "",
            )
        )
    if len(standings.rows) > MAX_TEXT_ROWS:
        rows.append(tr("core.list.more", count=len(standings.rows) - MAX_TEXT_ROWS))
    return rows + footer(standings, tr)


def footer(standings: Standings, tr: Translate) -> list[str]:
    """What points and tie-breaks mean in this tournament."""
    tournament = standings.tournament
    if tournament.format == "elimination":
        lines = [tr("tournament.footer.elimination")]
    elif standings.tiebreaks and standings.tiebreaks[0] == "sum_of_places":
        lines = [tr("tournament.footer.tables", points=", ".join(number(p) for p in tournament.place_points))]
    else:
        lines = [tr("tournament.footer.pairs")]
    lines += [tr(f"tournament.footer.{name}") for name in standings.tiebreaks]
    if standings.tiebreaks:
        lines.append(tr("tournament.footer.order"))
    return lines


def standings_table(standings: Standings, tr: Translate, names: dict[int, str]) -> picture.StandingsTable:
    """The standings as the picture's plain text."""
    tournament = standings.tournament
    headers = (
        tr("tournament.column.rank"),
        tr("tournament.column.player"),
        tr("tournament.column.points"),
        tr("tournament.column.games"),
        *(tr(f"tournament.tiebreak.short.{name}") for name in standings.tiebreaks),
    )
    rows = tuple(
        (
            str(row.rank),
            names.get(row.player, str(row.player)),
            number(row.points),
            str(row.games),
            *(number(v) for v in row.tiebreaks),
        )
        for row in standings.rows
    )
    title = tr(
        "tournament.standings.title",
        name=tournament.name or tr(f"{tournament.game_key}.title"),
        round=standings.round,
    )
    muted = frozenset(i for i, row in enumerate(standings.rows) if row.dropped)
    return picture.StandingsTable(title, headers, rows, tuple(footer(standings, tr)), muted)


async def standings_file(standings: Standings, tr: Translate, names: dict[int, str] | None = None) -> discord.File:
    """The standings picture as an attachment with its alt text (drawn off the event loop)."""
    known = names or {}
    resolved = {
        row.player: known.get(row.player) or (tr("core.autopilot.name") if row.player < 0 else f"@{row.player}")
        for row in standings.rows
    }
    table = standings_table(standings, tr, resolved)
    png = await asyncio.to_thread(lambda: kit.to_png(picture.render(table)))
    alt = tr(
        "tournament.standings.alt",
        name=standings.tournament.name or tr(f"{standings.tournament.game_key}.title"),
        count=len(standings.rows),
    )
    return discord.File(io.BytesIO(png), filename=f"tournament{standings.tournament.id}-standings.png", description=alt)


def display_names(guild: Any, users: list[int]) -> dict[int, str]:
    """Members' display names for a picture (mentions do not render in images)."""
    names = {}
    for user in users:
        member = guild.get_member(user) if guild is not None and user > 0 else None
        if member is not None:
            names[user] = member.display_name
    return names


def status_text(tournament: Tournament, tr: Translate) -> str:
    """Where the tournament stands, in a few words."""
    if tournament.status == "running":
        return tr("tournament.status.running", round=tournament.current_round, rounds=tournament.rounds)
    return tr(f"tournament.status.{tournament.status}")


def duration(seconds: int | None, tr: Translate) -> str:
    """A duration in days or hours."""
    if not seconds:
        return "—"
    if seconds >= DAY:
        return tr("core.duration.days", count=round(seconds / DAY, 1))
    return tr("core.duration.hours", count=round(seconds / HOUR, 1))


def rating_text(rating: ratings.Rating, tr: Translate) -> tuple[int, str]:
    """The shown rating and its provisional mark."""
    return ratings.display(rating), tr("rating.provisional") if rating.provisional else ""


def rating_lines(found: Mapping[str, ratings.Rating], tr: Translate) -> list[str]:
    """One line per game a player is rated in: the rating, provisional or not, and games played."""
    lines = []
    for game_key, value in sorted(found.items()):
        shown, provisional = rating_text(value, tr)
        lines.append(
            tr(
                "rating.profile.row",
                game=tr(f"{game_key}.title"),
                rating=shown,
                provisional=provisional,
                games=value.games,
            )
        )
    return lines
