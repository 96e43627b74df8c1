"""Tournaments and ratings: ``/tournament ...``, ``/leaderboard``, ``/rating``, the sign-up clicks.

Each command defers, makes one tournament-service call and answers privately; what the
channel must see is announced by the tournament adapter once the work is done.
``/rating`` stands beside ``/profile`` (which belongs to the slow-play cog) and shows a
player's ratings per game. Loaded as an extension: :func:`setup`.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import present
from bot.discord.channels import match_place
from bot.discord.client import SerenissimaBot
from bot.discord.components import TOURNAMENT_COG, SignupButton
from bot.discord.context import is_admin, locale_of, role_ids, where_of
from bot.discord.errors import guarded
from bot.discord.names import GAME_CHOICES, choice
from bot.discord.names import command_name as _cmd
from bot.discord.names import description as _desc
from bot.discord.names import option_description as _param_desc
from bot.discord.names import option_name as _param
from bot.discord.names import options as _options
from bot.discord.payloads import MESSAGE_LIMIT, mention
from bot.discord.tournament_payloads import (
    display_names,
    rating_lines,
    rating_text,
    standings_file,
    standings_lines,
)
from bot.i18n import tr_for
from bot.service_errors import ServiceError
from bot.tournaments.standings import FORMATS
from games.ai import Level
from games.i18n import Translate

FORMAT_CHOICES = [choice(f"tournament.format.{f}", f) for f in FORMATS]
SETTLE_CHOICES = [
    choice("tournament.choice.autopilot", "autopilot"),
    choice("tournament.choice.adjudicate", "adjudicate"),
]
DROP_CHOICES = [choice("tournament.choice.autopilot", "autopilot"), choice("tournament.choice.forfeit", "forfeit")]
COMPUTER_CHOICES = [
    choice("tournament.choice.no_computer", "none"),
    *(choice(f"core.level.{level.value}", level.value) for level in Level),
]


LOG_ROWS = 25


class TournamentCog(commands.Cog, name=TOURNAMENT_COG):
    """Tournaments from sign-up to standings, and the ratings."""

    tournament = app_commands.Group(name=_cmd("tournament"), description=_desc("tournament"), guild_only=True)

    def __init__(self, bot: SerenissimaBot) -> None:
        self.bot = bot

    async def _find(
        self, interaction: discord.Interaction[Any], tournament_id: int | None, *, latest: bool = False
    ) -> int:
        found = await self.bot.tournaments.service.find(interaction.guild_id, tournament_id, latest=latest)
        return found.id

    @tournament.command(name=_cmd("create"), description=_desc("create"))
    @_options(
        "game",
        "format",
        "name",
        "rounds",
        "table_size",
        "points",
        "options",
        "time_limit",
        "bank",
        "round_time",
        "signup_time",
        "settle",
        "drop_rule",
        "check_in",
        "role",
        "min_completion",
        "rated",
        "computer",
    )
    @app_commands.choices(
        game=GAME_CHOICES,
        format=FORMAT_CHOICES,
        settle=SETTLE_CHOICES,
        drop_rule=DROP_CHOICES,
        computer=COMPUTER_CHOICES,
    )
    async def create(
        self,
        interaction: discord.Interaction[Any],
        game: str,
        format: str,
        name: app_commands.Range[str, 0, 80] = "",
        rounds: app_commands.Range[int, 1, 30] | None = None,
        table_size: app_commands.Range[int, 2, 5] | None = None,
        points: app_commands.Range[str, 0, 60] = "",
        options: app_commands.Range[str, 0, 200] = "",
        time_limit: app_commands.Range[str, 0, 20] | None = None,
        bank: app_commands.Range[str, 0, 20] | None = None,
        round_time: app_commands.Range[str, 1, 20] = "7d",
        signup_time: app_commands.Range[str, 1, 20] = "2d",
        settle: str = "autopilot",
        drop_rule: str = "autopilot",
        check_in: bool = False,
        role: discord.Role | None = None,
        min_completion: app_commands.Range[int, 0, 100] = 0,
        rated: bool = True,
        computer: str = "none",
    ) -> None:
        """Open a tournament for sign-up in this channel (where the server's setup lets matches open)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        channel = interaction.channel
        if interaction.guild is None or not isinstance(channel, discord.TextChannel):
            raise ServiceError("core.error.no_match_here")
        # Where /game new may open a match, so may a tournament; its games open as /game new's would.
        await match_place(self.bot, self.bot.service, channel)
        await self.bot.service.check_organiser(
            interaction.guild.id, role_ids(interaction), is_admin=is_admin(interaction)
        )
        tournament = await self.bot.tournaments.service.create(
            interaction.user.id,
            guild_id=interaction.guild.id,
            channel_id=channel.id,
            game_key=game,
            format_=format,
            name=name,
            options_text=options,
            rounds=rounds,
            table_size=table_size,
            place_points=points,
            time_limit=time_limit,
            bank=bank,
            round_time=round_time,
            signup_time=signup_time,
            settle=settle,
            drop_rule=drop_rule,
            check_in=check_in,
            required_role=role.id if role is not None else None,
            min_completion=min_completion,
            rated=rated,
            computer=computer,
        )
        message = await channel.send(
            **await self.bot.tournaments.signup_message(tournament, channel),
            allowed_mentions=discord.AllowedMentions.none(),
        )
        await self.bot.tournaments.service.set_signup_message(tournament.id, message.id)
        await interaction.followup.send(
            tr("tournament.reply.created", tournament=tournament.id, where=message.jump_url), ephemeral=True
        )

    @tournament.command(name=_cmd("join"), description=_desc("tjoin"))
    @app_commands.rename(tournament=_param("tournament"))
    @app_commands.describe(tournament=_param_desc("tournament"))
    async def join(self, interaction: discord.Interaction[Any], tournament: int | None = None) -> None:
        """Sign up."""
        await self._signup(interaction, tournament, "join")

    @tournament.command(name=_cmd("leave"), description=_desc("tleave"))
    @app_commands.rename(tournament=_param("tournament"))
    @app_commands.describe(tournament=_param_desc("tournament"))
    async def leave(self, interaction: discord.Interaction[Any], tournament: int | None = None) -> None:
        """Leave during sign-up, or withdraw."""
        await self._signup(interaction, tournament, "leave")

    @tournament.command(name=_cmd("checkin"), description=_desc("checkin"))
    @app_commands.rename(tournament=_param("tournament"))
    @app_commands.describe(tournament=_param_desc("tournament"))
    async def checkin(self, interaction: discord.Interaction[Any], tournament: int | None = None) -> None:
        """Confirm participation."""
        await self._signup(interaction, tournament, "checkin")

    async def _signup(self, interaction: discord.Interaction[Any], tournament_id: int | None, action: str) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        await self._signup_action(interaction, await self._find(interaction, tournament_id), action, tr)

    @tournament.command(name=_cmd("start"), description=_desc("tstart"))
    @app_commands.rename(tournament=_param("tournament"))
    @app_commands.describe(tournament=_param_desc("tournament"))
    async def start(self, interaction: discord.Interaction[Any], tournament: int | None = None) -> None:
        """Close sign-up and start round one."""
        await self._organise(interaction, tournament, "start", "")

    @tournament.command(name=_cmd("pause"), description=_desc("pause"))
    @app_commands.rename(tournament=_param("tournament"), reason=_param("reason"))
    @app_commands.describe(tournament=_param_desc("tournament"), reason=_param_desc("reason"))
    async def pause(
        self, interaction: discord.Interaction[Any], reason: str = "", tournament: int | None = None
    ) -> None:
        """Pause the round clock."""
        await self._organise(interaction, tournament, "pause", reason)

    @tournament.command(name=_cmd("resume"), description=_desc("resume"))
    @app_commands.rename(tournament=_param("tournament"), reason=_param("reason"))
    @app_commands.describe(tournament=_param_desc("tournament"), reason=_param_desc("reason"))
    async def resume(
        self, interaction: discord.Interaction[Any], reason: str = "", tournament: int | None = None
    ) -> None:
        """Resume the round clock."""
        await self._organise(interaction, tournament, "resume", reason)

    @tournament.command(name=_cmd("cancel"), description=_desc("tcancel"))
    @app_commands.rename(tournament=_param("tournament"), reason=_param("reason"))
    @app_commands.describe(tournament=_param_desc("tournament"), reason=_param_desc("reason"))
    async def cancel(
        self, interaction: discord.Interaction[Any], reason: str = "", tournament: int | None = None
    ) -> None:
        """Cancel the tournament."""
        await self._organise(interaction, tournament, "cancel", reason)

    async def _organise(
        self, interaction: discord.Interaction[Any], tournament_id: int | None, action: str, reason: str
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        service = self.bot.tournaments.service
        found = await self._find(interaction, tournament_id)
        admin = is_admin(interaction)
        user = interaction.user.id
        if action == "start":
            await service.start(found, user, is_admin=admin)
            text = tr("tournament.reply.started", tournament=found)
        else:
            method = {"pause": service.pause, "resume": service.resume, "cancel": service.cancel}[action]
            await method(found, user, is_admin=admin, reason=reason)
            text = tr("tournament.reply.done")
        await interaction.followup.send(text, ephemeral=True)

    @tournament.command(name=_cmd("substitutes"), description=_desc("substitutes"))
    @app_commands.rename(allow=_param("allow", key="sub_allow"), tournament=_param("tournament"))
    @app_commands.describe(allow=_param_desc("sub_allow"), tournament=_param_desc("tournament"))
    async def substitutes(
        self, interaction: discord.Interaction[Any], allow: bool, tournament: int | None = None
    ) -> None:
        """Allow (or forbid) substitutes in the tournament's games (the organiser)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        found = await self._find(interaction, tournament)
        await self.bot.service.allow_substitutes(
            found, interaction.user.id, allow, is_admin=is_admin(interaction), where=where_of(interaction)
        )
        await interaction.followup.send(tr("core.sub.allowed" if allow else "core.sub.forbidden"), ephemeral=True)

    @tournament.command(name=_cmd("drop"), description=_desc("drop"))
    @app_commands.rename(player=_param("player"), reason=_param("reason"), tournament=_param("tournament"))
    @app_commands.describe(
        player=_param_desc("player"), reason=_param_desc("reason"), tournament=_param_desc("tournament")
    )
    async def drop(
        self,
        interaction: discord.Interaction[Any],
        player: discord.User,
        reason: str = "",
        tournament: int | None = None,
    ) -> None:
        """Withdraw a player (the organiser), or oneself."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        found = await self._find(interaction, tournament)
        await self.bot.tournaments.service.drop(
            found, player.id, actor_id=interaction.user.id, is_admin=is_admin(interaction), reason=reason
        )
        await interaction.followup.send(tr("tournament.reply.done"), ephemeral=True)

    @tournament.command(name=_cmd("correct"), description=_desc("correct"))
    @app_commands.rename(
        match=_param("match"), places=_param("places"), reason=_param("reason"), tournament=_param("tournament")
    )
    @app_commands.describe(
        match=_param_desc("match"),
        places=_param_desc("places"),
        reason=_param_desc("reason"),
        tournament=_param_desc("tournament"),
    )
    async def correct(
        self,
        interaction: discord.Interaction[Any],
        match: int,
        places: app_commands.Range[str, 1, 20],
        reason: app_commands.Range[str, 1, 200],
        tournament: int | None = None,
    ) -> None:
        """Correct a game's result; the reason is logged."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        found = await self._find(interaction, tournament)
        await self.bot.tournaments.service.correct(
            found, interaction.user.id, match, places, reason, is_admin=is_admin(interaction)
        )
        await interaction.followup.send(tr("tournament.reply.done"), ephemeral=True)

    @tournament.command(name=_cmd("standings"), description=_desc("standings"))
    @app_commands.rename(tournament=_param("tournament"))
    @app_commands.describe(tournament=_param_desc("tournament"))
    async def standings(self, interaction: discord.Interaction[Any], tournament: int | None = None) -> None:
        """The standings: a table picture and the same as text, with the tie-breaks explained."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        found = await self._find(interaction, tournament, latest=True)
        standings = await self.bot.tournaments.service.standings(found)
        name = standings.tournament.name or tr(f"{standings.tournament.game_key}.title")
        header = tr("tournament.standings.title", name=name, round=standings.round)
        lines = [f"**{header}**", *(standings_lines(standings, tr) if standings.rows else [])]
        if not standings.rows:
            lines.append(tr("tournament.standings.empty"))
        names = display_names(interaction.guild, [row.player for row in standings.rows])
        await interaction.followup.send(
            "\n".join(lines)[:MESSAGE_LIMIT],
            file=await standings_file(standings, tr, names),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @tournament.command(name=_cmd("log"), description=_desc("tlog"))
    @app_commands.rename(tournament=_param("tournament"))
    @app_commands.describe(tournament=_param_desc("tournament"))
    async def log(self, interaction: discord.Interaction[Any], tournament: int | None = None) -> None:
        """Who did what to the tournament, and why (corrections, pauses, drops, cancellation)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        found = await self._find(interaction, tournament, latest=True)
        entries = await self.bot.tournaments.service.log(found)
        lines = [f"**{tr('tournament.log.title', tournament=found)}**"]
        for entry in entries[-LOG_ROWS:]:
            lines.append(
                tr(
                    "tournament.log.row",
                    at=present.discord_time(int(entry.at)),
                    actor=mention(entry.actor),
                    action=tr(f"tournament.action.{entry.action}"),
                    reason=entry.reason or "—",
                )
            )
        if not entries:
            lines.append(tr("tournament.log.empty"))
        await interaction.followup.send(
            "\n".join(lines)[:MESSAGE_LIMIT], ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name=_cmd("leaderboard"), description=_desc("leaderboard"))
    @app_commands.rename(game=_param("game"))
    @app_commands.describe(game=_param_desc("game"))
    @app_commands.choices(game=GAME_CHOICES)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction[Any], game: str) -> None:
        """The best rated players of a game on this server."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        board = await self.bot.tournaments.service.leaderboard(interaction.guild_id, game)
        title = tr(f"{game}.title")
        if not board:
            await interaction.followup.send(tr("rating.leaderboard.empty", game=title), ephemeral=True)
            return
        lines = [f"**{tr('rating.leaderboard.title', game=title)}**"]
        for rank, (user, rating) in enumerate(board, start=1):
            shown, provisional = rating_text(rating, tr)
            lines.append(
                tr(
                    "rating.leaderboard.row",
                    rank=rank,
                    user=mention(user),
                    rating=shown,
                    provisional=provisional,
                    games=rating.games,
                )
            )
        lines.append(tr("rating.profile.note"))
        await interaction.followup.send(
            "\n".join(lines)[:MESSAGE_LIMIT], ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @app_commands.command(name=_cmd("rating"), description=_desc("rating"))
    @app_commands.rename(user=_param("user"))
    @app_commands.describe(user=_param_desc("user"))
    @app_commands.guild_only()
    async def rating(self, interaction: discord.Interaction[Any], user: discord.User | None = None) -> None:
        """A player's rating in every game they have played rated here."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        target = user or interaction.user
        found = await self.bot.tournaments.service.user_ratings(interaction.guild_id, target.id)
        lines = [f"**{tr('rating.profile.title', user=mention(target.id))}**", *rating_lines(found, tr)]
        if not found:
            lines.append(tr("rating.profile.empty"))
        lines.append(tr("rating.profile.note"))
        await interaction.followup.send(
            "\n".join(lines)[:MESSAGE_LIMIT], ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    # --- The sign-up buttons' clicks (reached through the bot, see ``bot.discord.components``) ---

    @guarded
    async def signup_click(self, interaction: discord.Interaction[Any], tournament_id: int, action: str) -> None:
        """A sign-up button: join, leave or check in, then refresh the sign-up message."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        await self._signup_action(interaction, tournament_id, action, tr)

    async def _signup_action(
        self, interaction: discord.Interaction[Any], tournament_id: int, action: str, tr: Translate
    ) -> None:
        service = self.bot.tournaments.service
        user = interaction.user
        if action == "join":
            roles = role_ids(interaction)
            tournament = await service.join(tournament_id, user.id, roles=roles, where=where_of(interaction))
            key = "tournament.reply.joined"
        elif action == "leave":
            tournament = await service.leave(tournament_id, user.id, where=where_of(interaction))
            key = "tournament.reply.left"
        else:
            tournament = await service.check_in(tournament_id, user.id, where=where_of(interaction))
            key = "tournament.reply.checked_in"
        await self.bot.tournaments.refresh_signup(tournament_id)
        name = tournament.name or tr(f"{tournament.game_key}.title")
        await interaction.followup.send(tr(key, name=name), ephemeral=True)


async def setup(bot: SerenissimaBot) -> None:
    """The extension's entry point: the cog, and the sign-up buttons it answers."""
    await bot.add_cog(TournamentCog(bot))
    bot.add_dynamic_items(SignupButton)
