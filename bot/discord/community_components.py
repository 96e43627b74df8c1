"""Persistent components of the community features: the audit log's pages and the confirmation buttons.

Like :mod:`bot.discord.components`, each carries ids only (:mod:`bot.discord.ids`) and
hands the click to the cog that owns the feature, found through the bot; the builders of
the views live here too, so the payloads depend on no handler.
"""

from __future__ import annotations

import re
from typing import Any, Final, Protocol, cast

import discord
from discord.ext import commands

from bot.discord import ids
from games.i18n import Translate

COMMUNITY_COG: Final = "Community"
"""The cog that answers these components (``bot.discord.cogs.setup``)."""


class CommunityClicks(Protocol):
    """What the community cog does with a click."""

    async def audit_page_click(
        self, interaction: discord.Interaction[Any], page: int, match_id: int | None, user_id: int | None, kind: str
    ) -> None:
        """Show another page of the audit log."""
        ...

    async def confirm_click(
        self, interaction: discord.Interaction[Any], owner_id: int, action: str, scope: int, issued: int
    ) -> None:
        """Carry out a confirmed deletion."""
        ...


def community_clicks(interaction: discord.Interaction[Any]) -> CommunityClicks:
    """The community cog of the bot that received the click."""
    return cast(CommunityClicks, cast(commands.Bot, interaction.client).get_cog(COMMUNITY_COG))


class AuditPageButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.AUDIT_TEMPLATE):
    """The "Newer" or "Older" button under a page of ``/admin log``."""

    def __init__(self, page: int, match_id: int | None, user_id: int | None, kind: str | None, label: str = "") -> None:
        custom_id = ids.audit_page(page, match_id, user_id, kind)
        super().__init__(discord.ui.Button(label=label or str(page + 1), custom_id=custom_id))
        self.page, self.match_id, self.user_id, self.kind = page, match_id, user_id, kind or ""

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> AuditPageButton:
        return cls(int(match["page"]), int(match["match"]) or None, int(match["user"]) or None, match["kind"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await community_clicks(interaction).audit_page_click(
            interaction, self.page, self.match_id, self.user_id, self.kind
        )


class ConfirmButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.CONFIRM_TEMPLATE):
    """The button that confirms a deletion (a server's history, or a user's data)."""

    def __init__(self, owner_id: int, action: str, scope: int, issued: int, label: str = "") -> None:
        custom_id = ids.confirm(owner_id, action, scope, issued)
        super().__init__(
            discord.ui.Button(label=label or action, style=discord.ButtonStyle.danger, custom_id=custom_id)
        )
        self.owner_id, self.action, self.scope, self.issued = owner_id, action, scope, issued

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ConfirmButton:
        return cls(int(match["owner"]), match["action"], int(match["scope"]), int(match["issued"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await community_clicks(interaction).confirm_click(
            interaction, self.owner_id, self.action, self.scope, self.issued
        )


COMMUNITY_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (AuditPageButton, ConfirmButton)


def audit_view(
    page: int, more: bool, match_id: int | None, user_id: int | None, kind: str | None, tr: Translate
) -> discord.ui.View:
    """The "Newer" and "Older" buttons under a page of the audit log (only those that lead somewhere)."""
    view = discord.ui.View(timeout=None)
    if page > 0:
        view.add_item(AuditPageButton(page - 1, match_id, user_id, kind, tr("community.audit.newer")))
    if more:
        view.add_item(AuditPageButton(page + 1, match_id, user_id, kind, tr("community.audit.older")))
    return view


def confirm_view(owner_id: int, action: str, scope: int, issued: int, label: str) -> discord.ui.View:
    """One red button that confirms ``action``."""
    view = discord.ui.View(timeout=None)
    view.add_item(ConfirmButton(owner_id, action, scope, issued, label))
    return view
