"""The Discord client: wiring only (service, notifier, scheduler, tournaments, extensions).

``create_bot`` is the factory both ``python -m bot`` and the simcord tests use; a restart in
a test is a new bot from the same factory over the same store. The commands and the
components' handlers are cogs, loaded as extensions (``EXTENSIONS``): each extension's
``setup(bot)`` adds its cog and registers the persistent components it answers, so this
module imports none of them.

Sharding (``SERENISSIMA_SHARDS``/``SERENISSIMA_SHARD_COUNT``, :class:`bot.config.Sharding`)
makes the bot a :class:`ShardedSerenissimaBot`, discord.py's ``AutoShardedBot`` running the
given shards in this process; unset, it is the plain one-connection bot. Every process runs
the background work (timer loop, catch-up, outbox delivery): what is due is claimed with a
lease (:mod:`bot.store.leases`), so the processes share it and none does it twice, and a
killed process's share is taken over when its leases run out.
"""

from __future__ import annotations

import logging
from typing import Any, Final

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot import ai_worker, heap, render_pool
from bot.config import Sharding
from bot.discord import errors
from bot.discord.delivery import Courier, own_work
from bot.discord.tournaments import TournamentAdapter
from bot.discord.transport import DiscordTransport
from bot.i18n import CATALOG, DEFAULT_LOCALE, language_of
from bot.notify import POLL_SECONDS, Notifier
from bot.scheduler import Scheduler
from bot.service import Service

log = logging.getLogger(__name__)

EXTENSIONS: Final = (
    "bot.discord.cogs.play",
    "bot.discord.cogs.seats",
    "bot.discord.cogs.slowplay",
    "bot.discord.cogs.tournaments",
    "bot.discord.cogs.setup",
    "bot.discord.cogs.following",
)
"""The cogs, in the order they are loaded (a new command group is a new module here)."""


class CatalogTranslator(app_commands.Translator):
    """Command names and descriptions from the catalog (``locale_str(..., key=...)``)."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        key = string.extras.get("key")
        language = language_of(locale.value)
        if key is None or language is None or language == DEFAULT_LOCALE:
            return None
        return CATALOG[language].get(key)


class SerenissimaBot(commands.Bot):
    """The bot: holds the service and delivers its notifications."""

    def __init__(
        self,
        service: Service,
        *,
        dev_guild_id: int | None = None,
        sharding: Sharding | None = None,
        freeze_heap: bool = False,
    ) -> None:
        """``freeze_heap``: once set up, leave what startup made out of the garbage collector's scans (:mod:`bot.heap`).

        ``python -m bot`` asks for it; tests that start many bots in one process do not.
        """
        intents = discord.Intents.default()
        intents.message_content = False
        shards: dict[str, Any] = {}
        if sharding is not None:
            shards = {"shard_ids": list(sharding.shard_ids), "shard_count": sharding.shard_count}
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None, **shards)
        self.service = service
        self.transport = DiscordTransport(self, self.service)
        self.notifier = Notifier(self.service, self.transport)
        self.scheduler = Scheduler(self.service, self.transport)
        self.tournaments = TournamentAdapter(self, self.service)
        self.scheduler.extra.append(self.tournaments.tick)
        self.courier = Courier(self.flush_notifications)
        self.service.set_outbox_listener(self.courier.queued)
        self.dev_guild_id = dev_guild_id
        self.freeze_heap = freeze_heap
        self._locales: dict[int, str] = {}

    async def setup_hook(self) -> None:
        """Translator, extensions (commands and persistent components), command sync, the delivery loop."""
        await self.tree.set_translator(CatalogTranslator())
        self.tree.on_error = self._on_app_command_error  # type: ignore[method-assign]
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        if self.dev_guild_id is not None:
            guild = discord.Object(self.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()
        self.tick_loop.start()
        if self.freeze_heap:
            heap.freeze_startup()

    async def close(self) -> None:
        """Stop delivering, the timer loop, the computer players' and pictures' workers, then disconnect."""
        self.courier.close()
        self.tick_loop.cancel()
        ai_worker.WORKER.close()
        render_pool.POOL.close()
        await super().close()

    async def _on_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await errors.answer(interaction, error)

    @tasks.loop(seconds=POLL_SECONDS)
    async def tick_loop(self) -> None:
        """Deadlines, reminders, vacations and digests that came due; retried deliveries.

        The tick is a piece of work of its own, so what it queues leaves when it ends, as
        after an interaction; the delivery after it is for retries that came due.
        """
        try:
            await own_work(self.scheduler.tick())
        except Exception:
            log.exception("scheduler tick failed")
        await self.flush_notifications()

    @tick_loop.before_loop
    async def _before_tick(self) -> None:
        """Before the first tick: ready, delivering, and deadlines missed during downtime graced.

        The catch-up runs here, in the timer loop's own task, not in ``setup_hook``: the bot
        logs in and answers at once however long it takes (a day down with ten thousand
        running matches takes seconds), and the first tick waits for it, so no deadline
        missed while the bot was down times out before its grace period is given.
        """
        await self.wait_until_ready()
        self.courier.open()
        try:
            graced = await self.service.catch_up_after_downtime()
        except Exception:
            log.exception("catching up after downtime failed; the timers start anyway")
            return
        if graced:
            log.info("gave %s missed deadlines a grace period after downtime", graced)

    async def flush_notifications(self) -> None:
        """Deliver every due notification and tournament announcement now."""
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
            await self.service.remember_user(user_id, locale=locale)


class ShardedSerenissimaBot(SerenissimaBot, commands.AutoShardedBot):
    """The same bot over several gateway connections, one per shard (discord.py's own sharding)."""


def create_bot(
    service: Service, *, dev_guild_id: int | None = None, sharding: Sharding | None = None, freeze_heap: bool = False
) -> SerenissimaBot:
    """A new bot over ``service`` (tests call this again, with a new service, to simulate a restart).

    The bot reaches the store only through the service; a test chooses the service's clock
    and seeds, and a new service over the same store starts with empty caches, as after a
    real restart.
    """
    if sharding is None:
        return SerenissimaBot(service, dev_guild_id=dev_guild_id, freeze_heap=freeze_heap)
    return ShardedSerenissimaBot(service, dev_guild_id=dev_guild_id, sharding=sharding, freeze_heap=freeze_heap)
