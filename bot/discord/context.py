"""Who, where and in which language: what every handler first asks of an interaction.

One place for the questions each command and click starts with, so that the server check
(``where``), the admin check and the choice of language are written once.
"""

from __future__ import annotations

from typing import Any, Protocol, cast

import discord

from bot.i18n import pick_locale
from bot.service import Where
from games.core import Locale


class RemembersLocales(Protocol):
    """The part of the bot that keeps each user's language for later direct messages."""

    async def remember_locale(self, user_id: int, locale: str) -> None:
        """Remember ``locale`` for ``user_id``."""
        ...


def where_of(interaction: discord.Interaction[Any]) -> Where:
    """Where the interaction happened: its server, or direct messages (the service checks matches against it)."""
    return Where(interaction.guild_id)


async def locale_of(interaction: discord.Interaction[Any]) -> Locale:
    """The locale to answer in; remembered for later direct messages."""
    guild_locale = str(interaction.guild_locale) if interaction.guild_locale else None
    locale = pick_locale(str(interaction.locale), guild_locale)
    await cast(RemembersLocales, interaction.client).remember_locale(interaction.user.id, locale)
    return locale


def is_admin(interaction: discord.Interaction[Any]) -> bool:
    """Server admins (Manage Server) may cancel any match and run any organiser command."""
    member = interaction.user
    return isinstance(member, discord.Member) and member.guild_permissions.manage_guild


def role_ids(interaction: discord.Interaction[Any]) -> list[int]:
    """The ids of the roles the interaction's member holds (none in direct messages)."""
    member = interaction.user
    return [role.id for role in member.roles] if isinstance(member, discord.Member) else []
