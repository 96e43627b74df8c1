"""Running the Discord bot: read the environment, open the store, run until stopped.

Exit codes: 2 bad configuration, 3 unusable database (corrupted, foreign, newer, or a
PostgreSQL server that does not answer), 4 token
refused, 5 Discord unreachable, 6 another process already runs on the database.
"""

from __future__ import annotations

import logging

import aiohttp
import discord

from bot.config import Config, ConfigError
from bot.dbfile import StoreError, StoreInUse
from bot.discord.client import create_bot
from bot.service import Service

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
        async with Service.open(config.database) as service:
            bot = create_bot(service, dev_guild_id=config.dev_guild_id, sharding=config.sharding, freeze_heap=True)
            async with bot:
                await bot.start(config.token)
    except StoreInUse as error:
        log.error("%s", error)
        return 6
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
