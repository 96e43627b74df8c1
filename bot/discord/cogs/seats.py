"""Take-backs and substitutes on Discord: ``/game undo``, ``/game sub`` and their buttons.

The commands live in the ``/game`` group (:mod:`bot.discord.cogs.play` declares them and
hands them here); the clicks come through :mod:`bot.discord.components`. Each handler makes
one service call and answers privately. A take-back request and a seat offer are posted by
the notifier (the service queues each post with it, in the outbox), with their buttons
(:mod:`bot.discord.seat_payloads`); a click on an offer's button edits that post to its next
step here, and what a change means for the board comes from the notifier. Loaded as an
extension: :func:`setup`.
"""

from __future__ import annotations

import contextlib
from typing import Any

import discord
from discord.ext import commands

from bot.discord.client import SerenissimaBot
from bot.discord.components import SEAT_ITEMS, SEATS_COG
from bot.discord.context import is_admin, locale_of, where_of
from bot.discord.delivery import own_work
from bot.discord.errors import guarded
from bot.discord.payloads import mention, private_panel, public_locale
from bot.discord.seat_payloads import offer_message
from bot.i18n import tr_for
from bot.service import Match, Offer, TakeBackStatus
from bot.service_errors import ServiceError
from games.core import Locale

USERS_ONLY = discord.AllowedMentions(everyone=False, roles=False, users=True)


class SeatsCog(commands.Cog, name=SEATS_COG):
    """Taking moves back, and handing seats to substitutes."""

    def __init__(self, bot: SerenissimaBot) -> None:
        self.bot = bot

    # --- The commands (declared in the /game group) ------------------------------------------

    @guarded
    async def undo_command(self, interaction: discord.Interaction[Any], match_id: int | None) -> None:
        """``/game undo``: take back my last move, or ask the others in a rated match."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        found = await self._find(interaction, match_id)
        await self._take_back(interaction, found.id, None, await locale_of(interaction))

    @guarded
    async def sub_command(
        self,
        interaction: discord.Interaction[Any],
        user: discord.Member | discord.User | None,
        seat: int | None,
        match_id: int | None,
    ) -> None:
        """``/game sub``: offer my seat (or an autopilot's) to a member, or call for a volunteer."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        if user is not None and user.bot:
            raise ServiceError("core.error.sub_bad_user")
        found = await self._find(interaction, match_id)
        # The offer's post was queued with it; the notifier posts it once this call is done.
        await self.bot.service.offer_seat(
            found.id,
            interaction.user.id,
            to_user=None if user is None else user.id,
            seat_number=seat,
            is_admin=is_admin(interaction),
            where=where_of(interaction),
        )
        await interaction.followup.send(tr("core.sub.posted"), ephemeral=True)

    # --- The clicks -------------------------------------------------------------------------

    @guarded
    async def takeback_click(
        self, interaction: discord.Interaction[Any], match_id: int, version: int, action: str
    ) -> None:
        """The mover's "Take back my move", or another player's Agree / Refuse."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        locale = await locale_of(interaction)
        if action == "undo":
            await self._take_back(interaction, match_id, version, locale)
            return
        tr = tr_for(locale)
        result = await own_work(
            self.bot.service.answer_take_back(
                match_id, interaction.user.id, version, agree=action == "yes", where=where_of(interaction)
            )
        )
        if result.status is TakeBackStatus.AGREED:
            players = " ".join(mention(user) for user in result.waiting)
            await interaction.followup.send(tr("core.undo.agreed", players=players), ephemeral=True)
            return
        key = "core.undo.accepted" if result.status is TakeBackStatus.DONE else "core.undo.refused"
        await self._close_post(interaction)
        await interaction.followup.send(tr(key), ephemeral=True)

    @guarded
    async def offer_click(self, interaction: discord.Interaction[Any], offer_id: int, action: str) -> None:
        """Accept the seat offered to me, volunteer for a seat, or confirm the volunteer."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        tr = tr_for(await locale_of(interaction))
        service, user, where = self.bot.service, interaction.user.id, where_of(interaction)
        offer: Offer
        if action == "accept":
            offer = await own_work(service.accept_seat(offer_id, user, where=where))
        elif action == "take":
            offer = await service.volunteer(offer_id, user, where=where)
        else:
            offer = await own_work(
                service.confirm_volunteer(offer_id, user, is_admin=is_admin(interaction), where=where)
            )
        chosen = await service.public_locale_of(interaction.guild_id)
        public = tr_for(public_locale(interaction.channel, chosen))
        if interaction.message is not None:
            # A post that is gone changes nothing: the answer below still tells the clicker.
            with contextlib.suppress(discord.HTTPException):
                await interaction.message.edit(**offer_message(offer, public), allowed_mentions=USERS_ONLY)
        done = offer.match.record.seats[offer.offer.seat]
        seat = tr(offer.match.game.seat_name(offer.offer.seat, len(offer.match.record.seats)))
        text = (
            tr("core.sub.volunteer_noted")
            if action == "take"
            else tr("core.sub.done", substitute=mention(done), seat=seat, match=offer.match.id)
        )
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    # --- Shared steps -------------------------------------------------------------------------

    async def _find(self, interaction: discord.Interaction[Any], match_id: int | None) -> Match:
        return await self.bot.service.find_match(
            match_id=match_id,
            channel_id=interaction.channel_id,
            user_id=interaction.user.id,
            guild_id=interaction.guild_id,
        )

    async def _take_back(
        self, interaction: discord.Interaction[Any], match_id: int, version: int | None, locale: Locale
    ) -> None:
        """Take back, then answer privately: the panel to choose again, or "the others were asked"."""
        user = interaction.user.id
        result = await own_work(
            self.bot.service.take_back(match_id, user, expected_version=version, where=where_of(interaction))
        )
        tr = tr_for(locale)
        if result.status is TakeBackStatus.DONE:
            options = await self.bot.service.move_options(result.match, user)
            panel = await private_panel(result.match, user, locale, options, notes=[tr("core.undo.done")])
            await interaction.followup.send(ephemeral=True, **panel)
            return
        # The request's post (Agree / Refuse) was queued with it and is on its way (see own_work).
        await interaction.followup.send(tr("core.undo.asked"), ephemeral=True)

    @staticmethod
    async def _close_post(interaction: discord.Interaction[Any]) -> None:
        """Take the buttons off an answered request (an old click then finds nothing to press)."""
        if interaction.message is None:
            return
        try:
            await interaction.message.edit(view=None)
        except discord.HTTPException:
            return


async def setup(bot: SerenissimaBot) -> None:
    """The extension's entry point: the cog, and the persistent components it answers."""
    await bot.add_cog(SeatsCog(bot))
    bot.add_dynamic_items(*SEAT_ITEMS)
