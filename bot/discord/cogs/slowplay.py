"""Slash commands for playing over days: ``/mygames``, ``/vacation``, ``/quiet``, ``/profile``.

Like the play cog, each command is one service call and one private answer; times are
shown as Discord timestamps, so every reader sees them in their own time zone. Loaded as an
extension: :func:`setup`.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import present
from bot.clocks import parse_clock_time, zone
from bot.discord.client import SerenissimaBot
from bot.discord.context import locale_of
from bot.discord.names import choice
from bot.discord.names import command_name as _cmd
from bot.discord.names import description as _desc
from bot.discord.names import option_description as _param_desc
from bot.discord.names import option_name as _param
from bot.discord.payloads import MESSAGE_LIMIT, mention, waiting_rows
from bot.discord.tournament_payloads import rating_lines
from bot.i18n import tr_for
from games.i18n import Translate


class SlowPlayCog(commands.Cog):
    """Games across the server, vacations, quiet hours, the player record."""

    vacation = app_commands.Group(name=_cmd("vacation"), description=_desc("vacation"))
    quiet = app_commands.Group(name=_cmd("quiet"), description=_desc("quiet"))

    def __init__(self, bot: SerenissimaBot) -> None:
        self.bot = bot

    @app_commands.command(name=_cmd("mygames"), description=_desc("mygames"))
    async def mygames(self, interaction: discord.Interaction[Any]) -> None:
        """Every running match of mine on this server, those waiting on me first, by time left."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        games = await self.bot.service.waiting_games(interaction.user.id, interaction.guild_id)
        if not games:
            await interaction.followup.send(tr("core.mygames.none"), ephemeral=True)
            return
        rows = [tr("core.mygames.header"), *waiting_rows(games, tr, interaction.user.id)]
        await interaction.followup.send("\n".join(rows)[:MESSAGE_LIMIT], ephemeral=True)

    @vacation.command(name=_cmd("start"), description=_desc("vacation_start"))
    @app_commands.rename(days=_param("days"), mode=_param("mode"))
    @app_commands.describe(days=_param_desc("days"), mode=_param_desc("mode"))
    @app_commands.choices(
        mode=[
            choice("core.vacation.mode.autopilot", "autopilot"),
            choice("core.vacation.mode.clock", "clock"),
        ]
    )
    async def vacation_start(
        self, interaction: discord.Interaction[Any], days: app_commands.Range[int, 1, 60], mode: str = "autopilot"
    ) -> None:
        """Go on vacation: two-player clocks pause; larger matches use the mode chosen."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        until = await self.bot.service.start_vacation(interaction.user.id, days, mode)
        await interaction.followup.send(
            tr(
                "core.vacation.started",
                until_at=present.discord_time(int(until)),
                mode=tr(f"core.vacation.mode.{mode}"),
            ),
            ephemeral=True,
        )

    @vacation.command(name=_cmd("end"), description=_desc("vacation_end"))
    async def vacation_end(self, interaction: discord.Interaction[Any]) -> None:
        """Come back from vacation."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        back = await self.bot.service.end_vacation(interaction.user.id)
        await interaction.followup.send(tr("core.vacation.ended" if back else "core.vacation.not_away"), ephemeral=True)

    @quiet.command(name=_cmd("set"), description=_desc("quiet_set"))
    @app_commands.rename(start=_param("start"), end=_param("end"), timezone=_param("timezone"))
    @app_commands.describe(start=_param_desc("start"), end=_param_desc("end"), timezone=_param_desc("timezone"))
    async def quiet_set(
        self, interaction: discord.Interaction[Any], start: str, end: str, timezone: str = "UTC"
    ) -> None:
        """No reminder DMs between ``start`` and ``end`` in my time zone."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        zone(timezone)
        first, last = parse_clock_time(start), parse_clock_time(end)
        await self.bot.service.set_quiet_hours(interaction.user.id, first, last, timezone=timezone)
        await interaction.followup.send(
            tr(
                "core.quiet.set",
                start=f"{first // 60:02d}:{first % 60:02d}",
                end=f"{last // 60:02d}:{last % 60:02d}",
                timezone=timezone,
            ),
            ephemeral=True,
        )

    @quiet.command(name=_cmd("off"), description=_desc("quiet_off"))
    async def quiet_off(self, interaction: discord.Interaction[Any]) -> None:
        """Reminders at any hour again."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        await self.bot.service.set_quiet_hours(interaction.user.id, None, None)
        await interaction.followup.send(tr("core.quiet.off"), ephemeral=True)

    @app_commands.command(name=_cmd("profile"), description=_desc("profile"))
    @app_commands.rename(user=_param("user"))
    @app_commands.describe(user=_param_desc("user"))
    @app_commands.guild_only()
    async def profile(self, interaction: discord.Interaction[Any], user: discord.User | None = None) -> None:
        """A player's record on this server, game by game."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        target = user or interaction.user
        records = await self.bot.service.player_record(target.id, interaction.guild_id)
        lines = [tr("core.profile.header", user=mention(target.id))]
        for record in records:
            average = record.average_think_seconds
            lines.append(
                tr(
                    "core.profile.row",
                    game=tr(f"{record.game_key}.title"),
                    finished=record.finished,
                    won=record.won,
                    drawn=record.drawn,
                    abandoned=record.abandoned,
                    timeouts=record.timeouts,
                    completion=round(record.completion_rate * 100),
                    think=_duration(average, tr) if average is not None else "—",
                )
            )
        if not records:
            lines.append(tr("core.profile.empty"))
        lines += rating_lines(await self.bot.tournaments.service.user_ratings(interaction.guild_id, target.id), tr)
        away = await self.bot.service.user(target.id)
        if away.is_on_vacation(self.bot.service.clock()) and away.vacation_until is not None:
            lines.append(
                tr(
                    "core.event.vacation",
                    user=mention(target.id),
                    until_at=present.discord_time(int(away.vacation_until)),
                )
            )
        await interaction.followup.send(
            "\n".join(lines)[:MESSAGE_LIMIT], ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )


def _duration(seconds: float, tr: Translate) -> str:
    """A time to move in the largest sensible unit."""
    if seconds >= 86400:
        return tr("core.duration.days", count=round(seconds / 86400, 1))
    if seconds >= 3600:
        return tr("core.duration.hours", count=round(seconds / 3600, 1))
    return tr("core.duration.minutes", count=max(1, round(seconds / 60)))


async def setup(bot: SerenissimaBot) -> None:
    """The extension's entry point."""
    await bot.add_cog(SlowPlayCog(bot))
