"""Following matches and one's own DM settings: ``/game follow``, ``/game unfollow``, ``/settings ...``.

``/game follow`` belongs with the other ``/game`` commands, so it is added to the match
cog's ``game`` group when this extension loads (after the match cog, before the commands
are synced); the commands here stay out of the match cog's module. Each command is one
service call and one private answer. Loaded as an extension: :func:`setup`.
"""

from __future__ import annotations

from typing import Any, cast

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.discord.channels import find_channel
from bot.discord.client import SerenissimaBot
from bot.discord.context import locale_of, where_of
from bot.discord.names import catalog_text, choice
from bot.discord.names import command_name as _cmd
from bot.discord.names import description as _desc
from bot.discord.names import option_description as _param_desc
from bot.discord.names import option_name as _param
from bot.i18n import tr_for
from bot.service import DM_KINDS, NotificationSettings
from games.i18n import Translate


def _bot(interaction: discord.Interaction[Any]) -> SerenissimaBot:
    return cast(SerenissimaBot, interaction.client)


@app_commands.command(name=_cmd("follow"), description=_desc("follow"))
@app_commands.rename(match=_param("match"), in_thread=_param("in_thread"))
@app_commands.describe(match=_param_desc("match"), in_thread=_param_desc("in_thread"))
async def follow(
    interaction: discord.Interaction[Any], match: app_commands.Range[int, 1], in_thread: bool = False
) -> None:
    """Follow a match you do not play in: its public posts by DM, or a place in its thread."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    tr = tr_for(await locale_of(interaction))
    bot = _bot(interaction)
    if in_thread:
        found = await bot.service.match_for(match, interaction.user.id, where_of(interaction))
        thread = await find_channel(bot, found.record.thread_id)
        if not isinstance(thread, discord.Thread):
            await interaction.followup.send(tr("community.follow.no_thread", match=match), ephemeral=True)
            return
        await thread.add_user(interaction.user)
        await interaction.followup.send(tr("community.follow.in_thread", thread=thread.mention), ephemeral=True)
        return
    await bot.service.follow(match, interaction.user.id, where=where_of(interaction))
    await interaction.followup.send(tr("community.follow.done", match=match), ephemeral=True)


@app_commands.command(name=_cmd("unfollow"), description=_desc("unfollow"))
@app_commands.rename(match=_param("match"))
@app_commands.describe(match=_param_desc("match"))
async def unfollow(interaction: discord.Interaction[Any], match: app_commands.Range[int, 1]) -> None:
    """Stop receiving a match's posts by DM."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    tr = tr_for(await locale_of(interaction))
    await _bot(interaction).service.unfollow(match, interaction.user.id, where=where_of(interaction))
    await interaction.followup.send(tr("community.follow.stopped", match=match), ephemeral=True)


def settings_text(settings: NotificationSettings, tr: Translate) -> str:
    """A person's DM settings, one a line."""
    lines = [tr("community.settings.header")]
    for kind in DM_KINDS:
        state = tr("community.settings.on" if settings.wants(kind) else "community.settings.off")
        lines.append(f"- {tr(f'community.dm.{kind}')}: {state}")
    ping = tr("community.settings.on" if settings.ping_next else "community.settings.off")
    lines.append(f"- {tr('community.settings.ping_next')}: {ping}")
    hour = (
        tr("community.settings.digest_at", hour=f"{settings.digest_hour:02d}:00")
        if settings.digest_hour is not None
        else tr("community.settings.digest_any")
    )
    lines.append(f"- {tr('community.settings.digest')}: {hour}")
    return "\n".join(lines)


class SettingsCog(commands.Cog):
    """``/settings``: which DMs a person gets, the heads-up, the digest's hour."""

    settings = app_commands.Group(name=_cmd("settings"), description=_desc("settings"))

    def __init__(self, bot: SerenissimaBot) -> None:
        self.bot = bot

    async def _answer(self, interaction: discord.Interaction[Any], settings: NotificationSettings) -> None:
        tr = tr_for(await locale_of(interaction))
        await interaction.followup.send(settings_text(settings, tr), ephemeral=True)

    @settings.command(
        name=locale_str("show", key="cmd.settings_show"), description=catalog_text("cmd.settings_show.desc")
    )
    async def show(self, interaction: discord.Interaction[Any]) -> None:
        """My DM settings."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self._answer(interaction, await self.bot.service.notification_settings(interaction.user.id))

    @settings.command(name=locale_str("dm", key="cmd.settings_dm"), description=catalog_text("cmd.settings_dm.desc"))
    @app_commands.rename(kind=_param("dm_kind"), on=_param("on"))
    @app_commands.describe(kind=_param_desc("dm_kind"), on=_param_desc("on"))
    @app_commands.choices(kind=[choice(f"community.dm.{kind}", kind) for kind in DM_KINDS])
    async def dm(self, interaction: discord.Interaction[Any], kind: str, on: bool) -> None:
        """Turn one kind of DM on or off."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self._answer(
            interaction,
            await self.bot.service.set_notification_settings(interaction.user.id, dm_kind=kind, dm_on=on),
        )

    @settings.command(
        name=locale_str("next", key="cmd.settings_next"), description=catalog_text("cmd.settings_next.desc")
    )
    @app_commands.rename(on=_param("on"))
    @app_commands.describe(on=_param_desc("on"))
    async def next(self, interaction: discord.Interaction[Any], on: bool) -> None:
        """A heads-up when the player before me starts their turn."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self._answer(
            interaction, await self.bot.service.set_notification_settings(interaction.user.id, ping_next=on)
        )

    @settings.command(
        name=locale_str("digest", key="cmd.settings_digest"), description=catalog_text("cmd.settings_digest.desc")
    )
    @app_commands.rename(hour=_param("hour"))
    @app_commands.describe(hour=_param_desc("hour"))
    async def digest(
        self, interaction: discord.Interaction[Any], hour: app_commands.Range[int, 0, 23] | None = None
    ) -> None:
        """The hour of the day my reminders come at (none: as soon as they are due)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self._answer(
            interaction,
            await self.bot.service.set_notification_settings(
                interaction.user.id, digest_hour=hour, clear_digest_hour=hour is None
            ),
        )


async def setup(bot: SerenissimaBot) -> None:
    """The extension's entry point: ``/game follow`` and ``/game unfollow`` join the ``game`` group; ``/settings``."""
    game = bot.tree.get_command("game")
    if not isinstance(game, app_commands.Group):
        raise RuntimeError("the match cog must be loaded before bot.discord.cogs.following")
    game.add_command(follow)
    game.add_command(unfollow)
    await bot.add_cog(SettingsCog(bot))
