"""A server's own rules: ``/setup ...`` and ``/admin log`` for server admins; ``/privacy forget`` for anyone.

Each command is one service call and one private answer. Discord hides ``/setup`` and
``/admin`` from members without Manage Server (``default_permissions``), but a server may
grant the commands to others, so the service checks again (:func:`bot.discord.context.is_admin`
is the one test of who is an admin). Loaded as an extension: :func:`setup`.
"""

from __future__ import annotations

import io
from typing import Any, Final

import discord
from discord import app_commands
from discord.app_commands import locale_str
from discord.ext import commands

from bot.archive import server_history
from bot.clocks import TimeControl, parse_clock_time
from bot.discord.client import SerenissimaBot
from bot.discord.community_components import COMMUNITY_COG, COMMUNITY_ITEMS, audit_view, confirm_view
from bot.discord.community_payloads import audit_page_text, settings_lines
from bot.discord.context import is_admin, locale_of
from bot.discord.errors import guarded
from bot.discord.names import catalog_text, choice
from bot.discord.names import command_name as _cmd
from bot.discord.names import description as _desc
from bot.discord.names import option_description as _param_desc
from bot.discord.names import option_name as _param
from bot.i18n import language_name, tr_for
from bot.service import PUBLIC_LOCALES, AuditKind
from bot.service_errors import ServiceError
from games.ai import Level

ADMIN_ONLY = discord.Permissions(manage_guild=True)
REASON = app_commands.Range[str, 0, 300]
EXPORT_PART_BYTES: Final = 8 * 1024 * 1024
"""A file of a server's export: under Discord's smallest upload limit (10 MiB) with room to spare."""

SETTING_FIELDS = {
    "channels": ("match_channels",),
    "forum": ("forum_channel_id",),
    "language": ("locale",),
    "clock": ("time_limit", "time_bank"),
    "organisers": ("organiser_role",),
    "autopilot": ("autopilot_takeover", "autopilot_level"),
    "quiet": ("quiet_start", "quiet_end", "timezone"),
}
"""What ``/setup reset`` puts back to its default, by the name a person picks."""


def _sub(name: str) -> locale_str:
    """The name of a ``/setup`` subcommand (``cmd.setup_<name>``: names of their own, no clash with /game)."""
    return locale_str(name, key=f"cmd.setup_{name}")


def _sub_desc(name: str) -> locale_str:
    return catalog_text(f"cmd.setup_{name}.desc")


class CommunityCog(commands.Cog, name=COMMUNITY_COG):
    """A server's setup and its audit log."""

    setup_group = app_commands.Group(
        name=_cmd("setup"), description=_desc("setup"), guild_only=True, default_permissions=ADMIN_ONLY
    )
    admin = app_commands.Group(
        name=_cmd("admin"), description=_desc("admin"), guild_only=True, default_permissions=ADMIN_ONLY
    )

    privacy = app_commands.Group(name=_cmd("privacy"), description=_desc("privacy"))

    def __init__(self, bot: SerenissimaBot) -> None:
        self.bot = bot

    async def _change(self, interaction: discord.Interaction[Any], reason: str, **changes: Any) -> None:
        """Change settings (the service checks the admin and the values) and show the setup as it now is."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        guild_id = _guild(interaction)
        settings = await self.bot.service.change_server_settings(
            guild_id, interaction.user.id, is_admin=is_admin(interaction), reason=reason, **changes
        )
        await interaction.followup.send(
            tr("community.setup.saved") + "\n" + settings_lines(settings, tr),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @setup_group.command(name=_sub("show"), description=_sub_desc("show"))
    async def show(self, interaction: discord.Interaction[Any]) -> None:
        """This server's setup."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        settings = await self.bot.service.server_settings(_guild(interaction))
        await interaction.followup.send(
            settings_lines(settings, tr), ephemeral=True, allowed_mentions=discord.AllowedMentions.none()
        )

    @setup_group.command(name=_sub("channel"), description=_sub_desc("channel"))
    @app_commands.rename(channel=_param("place"), allow=_param("allow"), reason=_param("why"))
    @app_commands.describe(channel=_param_desc("place"), allow=_param_desc("allow"), reason=_param_desc("why"))
    async def channel(
        self,
        interaction: discord.Interaction[Any],
        channel: discord.TextChannel,
        allow: bool = True,
        reason: REASON = "",
    ) -> None:
        """Allow (or no longer allow) opening matches in a text channel."""
        settings = await self.bot.service.server_settings(_guild(interaction))
        listed = [c for c in settings.match_channels if c != channel.id]
        if allow:
            listed.append(channel.id)
        await self._change(interaction, reason, match_channels=tuple(listed) or None)

    @setup_group.command(name=_sub("forum"), description=_sub_desc("forum"))
    @app_commands.rename(forum=_param("forum_channel"), reason=_param("why"))
    @app_commands.describe(forum=_param_desc("forum_channel"), reason=_param_desc("why"))
    async def forum(
        self, interaction: discord.Interaction[Any], forum: discord.ForumChannel | None = None, reason: REASON = ""
    ) -> None:
        """Open matches as posts of a forum (none: back to a thread per match)."""
        await self._change(interaction, reason, forum_channel_id=forum.id if forum is not None else None)

    @setup_group.command(name=_sub("language"), description=_sub_desc("language"))
    @app_commands.rename(language=_param("language"), reason=_param("why"))
    @app_commands.describe(language=_param_desc("language"), reason=_param_desc("why"))
    @app_commands.choices(
        language=[
            choice("community.language.server", "server"),
            *(app_commands.Choice(name=language_name(code), value=code) for code in PUBLIC_LOCALES),
        ]
    )
    async def language(self, interaction: discord.Interaction[Any], language: str, reason: REASON = "") -> None:
        """The language of the bot's public posts here (or the server's own)."""
        await self._change(interaction, reason, locale=None if language == "server" else language)

    @setup_group.command(name=_sub("clock"), description=_sub_desc("clock"))
    @app_commands.rename(time_limit=_param("time_limit"), bank=_param("bank"), reason=_param("why"))
    @app_commands.describe(time_limit=_param_desc("time_limit"), bank=_param_desc("bank"), reason=_param_desc("why"))
    async def clock(
        self,
        interaction: discord.Interaction[Any],
        time_limit: app_commands.Range[str, 0, 20] | None = None,
        bank: app_commands.Range[str, 0, 20] | None = None,
        reason: REASON = "",
    ) -> None:
        """The time control ``/game new`` uses when none is given (empty: untimed)."""
        control = TimeControl.from_text(time_limit, bank)
        await self._change(interaction, reason, time_limit=control.limit, time_bank=control.bank)

    @setup_group.command(name=_sub("organisers"), description=_sub_desc("organisers"))
    @app_commands.rename(role=_param("organiser_role"), reason=_param("why"))
    @app_commands.describe(role=_param_desc("organiser_role"), reason=_param_desc("why"))
    async def organisers(
        self, interaction: discord.Interaction[Any], role: discord.Role | None = None, reason: REASON = ""
    ) -> None:
        """Who may organise tournaments: members with ``role`` and admins (none: anyone)."""
        await self._change(interaction, reason, organiser_role=role.id if role is not None else None)

    @setup_group.command(name=_sub("autopilot"), description=_sub_desc("autopilot"))
    @app_commands.rename(allowed=_param("allowed"), level=_param("level", key="stand_in_level"), reason=_param("why"))
    @app_commands.describe(
        allowed=_param_desc("allowed"), level=_param_desc("stand_in_level"), reason=_param_desc("why")
    )
    @app_commands.choices(level=[choice(f"core.level.{level.value}", level.value) for level in Level])
    async def autopilot(
        self,
        interaction: discord.Interaction[Any],
        allowed: bool | None = None,
        level: str | None = None,
        reason: REASON = "",
    ) -> None:
        """Whether three time-outs hand a seat to the autopilot, and how well the bot plays for absent players.

        One command for both (no new command: the bot's count stays as it was): ``level`` is
        the stand-in level of every move the bot chooses for a person who did not (a time-out,
        a handed-over seat, a vacation with the autopilot); either option alone changes only it.
        """
        changes: dict[str, Any] = {}
        if allowed is not None:
            changes["autopilot_takeover"] = allowed
        if level is not None:
            changes["autopilot_level"] = level
        await self._change(interaction, reason, **changes)

    @setup_group.command(name=_sub("quiet"), description=_sub_desc("quiet"))
    @app_commands.rename(start=_param("start"), end=_param("end"), timezone=_param("timezone"), reason=_param("why"))
    @app_commands.describe(
        start=_param_desc("start"), end=_param_desc("end"), timezone=_param_desc("timezone"), reason=_param_desc("why")
    )
    async def quiet(
        self,
        interaction: discord.Interaction[Any],
        start: app_commands.Range[str, 1, 5],
        end: app_commands.Range[str, 1, 5],
        timezone: app_commands.Range[str, 1, 60] = "UTC",
        reason: REASON = "",
    ) -> None:
        """Quiet hours for the players of this server who set none of their own."""
        await self._change(
            interaction,
            reason,
            quiet_start=parse_clock_time(start),
            quiet_end=parse_clock_time(end),
            timezone=timezone,
        )

    @setup_group.command(name=_sub("reset"), description=_sub_desc("reset"))
    @app_commands.rename(setting=_param("setting"), reason=_param("why"))
    @app_commands.describe(setting=_param_desc("setting"), reason=_param_desc("why"))
    @app_commands.choices(setting=[choice(f"community.setting.{name}", name) for name in SETTING_FIELDS])
    async def reset(self, interaction: discord.Interaction[Any], setting: str, reason: REASON = "") -> None:
        """Put one setting back to its default."""
        await self._change(interaction, reason, **dict.fromkeys(SETTING_FIELDS[setting]))

    # --- The audit log --------------------------------------------------------------------------

    @admin.command(name=locale_str("log", key="cmd.admin_log"), description=_desc("admin_log"))
    @app_commands.rename(match=_param("match"), member=_param("member"), kind=_param("kind"))
    @app_commands.describe(match=_param_desc("match"), member=_param_desc("member"), kind=_param_desc("kind"))
    @app_commands.choices(kind=[choice(f"community.kind.{kind.value}", kind.value) for kind in AuditKind])
    async def log(
        self,
        interaction: discord.Interaction[Any],
        match: app_commands.Range[int, 1] | None = None,
        member: discord.User | None = None,
        kind: str | None = None,
    ) -> None:
        """The audit log of this server, newest first, privately; filtered by match, member or kind."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        user_id = member.id if member is not None else None
        entries, more = await self.bot.service.audit_log(
            _guild(interaction), is_admin=is_admin(interaction), match_id=match, user_id=user_id, kind=kind
        )
        await interaction.followup.send(
            audit_page_text(entries, 0, tr),
            view=audit_view(0, more, match, user_id, kind, tr),
            ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none(),
        )

    @guarded
    async def audit_page_click(
        self, interaction: discord.Interaction[Any], page: int, match_id: int | None, user_id: int | None, kind: str
    ) -> None:
        """Another page of the audit log, in place of the one shown (admins of this server only)."""
        tr = tr_for(await locale_of(interaction))
        entries, more = await self.bot.service.audit_log(
            _guild(interaction),
            is_admin=is_admin(interaction),
            match_id=match_id,
            user_id=user_id,
            kind=kind or None,
            page=page,
        )
        await interaction.response.edit_message(
            content=audit_page_text(entries, page, tr),
            view=audit_view(page, more, match_id, user_id, kind or None, tr),
            allowed_mentions=discord.AllowedMentions.none(),
        )

    # --- Retention: export, deletion, forgetting -----------------------------------------------

    @setup_group.command(name=_sub("export"), description=_sub_desc("export"))
    async def export(self, interaction: discord.Interaction[Any]) -> None:
        """Every match of this server as JSON lines, a file per part, privately (admins)."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        guild_id, admin = _guild(interaction), is_admin(interaction)
        parts = matches = 0
        async for part in server_history(self.bot.service, guild_id, is_admin=admin, part_bytes=EXPORT_PART_BYTES):
            parts += 1
            matches += part.matches
            name = f"server{guild_id}-history-{parts}.jsonl"
            await interaction.followup.send(
                tr("community.export.part", part=parts, matches=part.matches),
                file=discord.File(io.BytesIO(part.data), filename=name),
                ephemeral=True,
            )
        if parts == 0:
            await interaction.followup.send(tr("community.export.empty"), ephemeral=True)
            return
        await self.bot.service.record_export(guild_id, interaction.user.id, is_admin=admin, matches=matches)
        await interaction.followup.send(tr("community.export.done", matches=matches, parts=parts), ephemeral=True)

    @setup_group.command(name=_sub("delete"), description=_sub_desc("delete"))
    async def delete(self, interaction: discord.Interaction[Any]) -> None:
        """Ask to confirm deleting this server's ended matches (admins); the button does it."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        up_to, count = await self.bot.service.deletable_history(_guild(interaction), is_admin=is_admin(interaction))
        issued = int(self.bot.service.clock())
        view = confirm_view(interaction.user.id, "delete", up_to, issued, tr("community.delete.button"))
        await interaction.followup.send(tr("community.delete.ask", count=count, match=up_to), view=view, ephemeral=True)

    @privacy.command(name=locale_str("forget", key="cmd.privacy_forget"), description=_desc("privacy_forget"))
    async def forget(self, interaction: discord.Interaction[Any]) -> None:
        """Ask to confirm forgetting the user; the button does it."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        playing = await self.bot.service.still_playing(interaction.user.id)
        if playing:
            raise ServiceError("community.error.still_playing", matches=", ".join(f"#{m}" for m in playing))
        issued = int(self.bot.service.clock())
        view = confirm_view(interaction.user.id, "forget", 0, issued, tr("community.forget.button"))
        await interaction.followup.send(tr("community.forget.ask"), view=view, ephemeral=True)

    @guarded
    async def confirm_click(
        self, interaction: discord.Interaction[Any], owner_id: int, action: str, scope: int, issued: int
    ) -> None:
        """A confirmed deletion: only by the person who asked; the answer replaces the question."""
        tr = tr_for(await locale_of(interaction))
        if interaction.user.id != owner_id:
            raise ServiceError("community.error.not_your_button")
        service = self.bot.service
        if action == "delete":
            count = await service.delete_server_history(
                _guild(interaction), owner_id, is_admin=is_admin(interaction), up_to_id=scope, asked_at=issued
            )
            text = tr("community.delete.done", count=count)
        else:
            await service.forget_user(owner_id, asked_at=issued)
            text = tr("community.forget.done")
        await interaction.response.edit_message(content=text, view=None)


def _guild(interaction: discord.Interaction[Any]) -> int:
    """The server of a guild-only command (refused, translated, in direct messages)."""
    if interaction.guild_id is None:
        raise ServiceError("core.error.no_match_here")
    return interaction.guild_id


async def setup(bot: SerenissimaBot) -> None:
    """The extension's entry point: the cog, and the persistent components it answers."""
    await bot.add_cog(CommunityCog(bot))
    bot.add_dynamic_items(*COMMUNITY_ITEMS)
