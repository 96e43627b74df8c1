"""The sign-up buttons (Join, Leave, Check in): persistent, ids only (``tn:{tournament}:{action}``)."""

from __future__ import annotations

import re
from typing import Any, Final

import discord

from bot.tournaments.store import Tournament
from games.i18n import Translate

SIGNUP_TEMPLATE: Final = r"tn:(?P<tournament>\d+):(?P<action>join|leave|checkin)"


class SignupButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=SIGNUP_TEMPLATE):
    """Join, leave or check in from the sign-up message."""

    def __init__(
        self,
        tournament_id: int,
        action: str,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        super().__init__(
            discord.ui.Button(label=label or action, style=style, custom_id=f"tn:{tournament_id}:{action}")
        )
        self.tournament_id = tournament_id
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> SignupButton:
        """Rebuild the button from its id (after a restart too)."""
        return cls(int(match["tournament"]), match["action"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Hand the click to the cog's sign-up action."""
        from bot.cogs.tournaments import signup_click

        await signup_click(interaction, self.tournament_id, self.action)


def signup_view(tournament: Tournament, tr: Translate) -> discord.ui.View:
    """Join / Leave (/ Check in) while sign-up is open; nothing afterwards."""
    view = discord.ui.View(timeout=None)
    if tournament.status != "signup":
        return view
    view.add_item(SignupButton(tournament.id, "join", tr("tournament.button.join"), discord.ButtonStyle.success))
    view.add_item(SignupButton(tournament.id, "leave", tr("tournament.button.leave")))
    if tournament.check_in:
        view.add_item(
            SignupButton(tournament.id, "checkin", tr("tournament.button.check_in"), discord.ButtonStyle.primary)
        )
    return view
