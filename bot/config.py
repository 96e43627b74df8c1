"""Configuration from environment variables (the token never lives in the repository).

- ``DISCORD_TOKEN`` (required to run the bot): the bot token from the Developer Portal.
- ``SERENISSIMA_DB`` (default ``serenissima.sqlite3``): where the data lives. A file path is a
  SQLite database, created on first start, one process at a time; a ``postgresql://`` URL is a
  PostgreSQL database (its schema is created on first start; any number of processes may
  share it). See :mod:`bot.store`.
- ``SERENISSIMA_DEV_GUILD`` (optional): a server id where slash commands are synced at once
  (global commands can take up to an hour to appear).
- ``SERENISSIMA_LOG_LEVEL`` (default ``INFO``).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass


class ConfigError(RuntimeError):
    """A required setting is missing or malformed."""


DEFAULT_DATABASE = "serenissima.sqlite3"


@dataclass(frozen=True, slots=True)
class Config:
    """Everything the bot reads from its environment."""

    token: str
    database: str = DEFAULT_DATABASE
    dev_guild_id: int | None = None
    log_level: str = "INFO"

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> Config:
        """Read the configuration; raises ConfigError with a sentence saying what to set."""
        token = environ.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError("Set DISCORD_TOKEN to your bot's token (Discord Developer Portal → Bot → Reset Token).")
        guild = environ.get("SERENISSIMA_DEV_GUILD", "").strip()
        if guild and not guild.isdigit():
            raise ConfigError(f"SERENISSIMA_DEV_GUILD must be a server id (digits), not {guild!r}.")
        return cls(
            token=token,
            database=environ.get("SERENISSIMA_DB", "").strip() or DEFAULT_DATABASE,
            dev_guild_id=int(guild) if guild else None,
            log_level=environ.get("SERENISSIMA_LOG_LEVEL", "INFO").strip().upper() or "INFO",
        )
