"""``python -m bot``: read the environment, open the store, run the bot until stopped."""

from __future__ import annotations

import asyncio
import logging
import sys

import aiohttp
import discord

from bot.app import create_bot
from bot.config import Config, ConfigError
from bot.store import Store, StoreError

log = logging.getLogger("bot")


async def main() -> int:
    """Run the bot; returns the process exit code."""
    try:
        config = Config.from_env()
    except ConfigError as error:
        logging.basicConfig(level=logging.INFO)
        log.error("%s", error)
        return 2
    logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        async with Store.open(config.database) as store:
            bot = create_bot(store, dev_guild_id=config.dev_guild_id)
            async with bot:
                await bot.start(config.token)
    except StoreError as error:
        log.error("%s", error)
        return 3
    except discord.LoginFailure:
        log.error("Discord refused the token in DISCORD_TOKEN; reset it in the Developer Portal and try again.")
        return 4
    except (discord.GatewayNotFound, aiohttp.ClientConnectionError) as error:
        log.error("Cannot reach Discord (%s); check the network and try again.", error)
        return 5
    return 0


if __name__ == "__main__":
    try:
        sys.exit(asyncio.run(main()))
    except KeyboardInterrupt:
        sys.exit(0)
