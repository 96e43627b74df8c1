"""The Discord client: wiring only (store, service, notifier, cogs, persistent components).

``create_bot`` is the factory both ``python -m bot`` and the simcord tests use; a restart in
a test is a new bot from the same factory over the same store.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot import errors
from bot.actions import lobby_message, public_locale
from bot.components import DYNAMIC_ITEMS
from bot.i18n import CATALOG, tr_for
from bot.notify import POLL_SECONDS, Notifier
from bot.scheduler import Scheduler
from bot.service import Match, Service
from bot.store import Store
from bot.transport import DiscordTransport

log = logging.getLogger(__name__)


class CatalogTranslator(app_commands.Translator):
    """Command names and descriptions from the catalog (``locale_str(..., key=...)``)."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        key = string.extras.get("key")
        if key is None or not locale.value.startswith("ru"):
            return None
        return CATALOG["ru"].get(key)


class SerenissimaBot(commands.Bot):
    """The bot: holds the service and delivers its notifications."""

    def __init__(self, store: Store, *, dev_guild_id: int | None = None, service: Service | None = None) -> None:
        intents = discord.Intents.default()
        intents.message_content = False
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None)
        self.store = store
        self.service = service or Service(store)
        self.transport = DiscordTransport(self)
        self.notifier = Notifier(self.service, self.transport)
        self.scheduler = Scheduler(self.service, self.transport)
        from bot.tournaments.discord_adapter import TournamentAdapter

        self.tournaments = TournamentAdapter(self)
        self.scheduler.extra.append(self.tournaments.tick)
        self.dev_guild_id = dev_guild_id
        self._locales: dict[int, str] = {}

    async def setup_hook(self) -> None:
        """Translator, commands, persistent components, command sync, the delivery loop."""
        from bot.cogs.play import PlayCog
        from bot.cogs.slowplay import SlowPlayCog
        from bot.cogs.tournaments import TournamentCog
        from bot.tournaments.components import SignupButton

        await self.tree.set_translator(CatalogTranslator())
        self.tree.on_error = self._on_app_command_error  # type: ignore[method-assign]
        await self.add_cog(PlayCog(self))
        await self.add_cog(SlowPlayCog(self))
        await self.add_cog(TournamentCog(self))
        self.add_dynamic_items(*DYNAMIC_ITEMS, SignupButton)
        if self.dev_guild_id is not None:
            guild = discord.Object(self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        graced = await self.service.catch_up_after_downtime()
        if graced:
            log.info("gave %s missed deadlines a grace period after downtime", graced)
        self.tick_loop.start()

    async def close(self) -> None:
        """Stop the delivery loop, then disconnect."""
        self.tick_loop.cancel()
        await super().close()

    async def _on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await errors.answer(interaction, error)

    @tasks.loop(seconds=POLL_SECONDS)
    async def tick_loop(self) -> None:
        """Deadlines, reminders, vacations and digests that came due; retried deliveries."""
        try:
            await self.scheduler.tick()
        except Exception:
            log.exception("scheduler tick failed")
        await self.flush_notifications()

    @tick_loop.before_loop
    async def _before_tick(self) -> None:
        await self.wait_until_ready()

    async def flush_notifications(self) -> None:
        """Deliver every due notification now."""
        try:
            await self.notifier.deliver_due()
        except Exception:
            log.exception("delivering notifications failed")
        try:
            await self.tournaments.deliver()
        except Exception:
            log.exception("delivering tournament announcements failed")

    async def remember_locale(self, user_id: int, locale: str) -> None:
        """Remember the user's locale for later direct messages (written only when it changes)."""
        if self._locales.get(user_id) != locale:
            self._locales[user_id] = locale
            await self.store.remember_user(user_id, locale=locale)

    async def refresh_lobby(self, match: Match) -> None:
        """Bring the lobby message up to date (players, buttons gone once started)."""
        record = match.record
        if record.lobby_message_id is None or record.home_channel_id is None:
            return
        channel = self.get_channel(record.home_channel_id)
        if not isinstance(channel, discord.abc.Messageable):
            return
        tr = tr_for(public_locale(channel))
        try:
            await channel.get_partial_message(record.lobby_message_id).edit(**lobby_message(match, tr))
        except discord.HTTPException:
            log.warning("could not refresh lobby message match_id=%s", match.id, exc_info=True)


def create_bot(store: Store, *, dev_guild_id: int | None = None, service: Service | None = None) -> SerenissimaBot:
    """A new bot over ``store`` (tests call this again to simulate a restart).

    ``service`` lets tests choose the clock and the seeds; by default a new service over the
    store, whose caches start empty as after a real restart.
    """
    return SerenissimaBot(store, dev_guild_id=dev_guild_id, service=service)
