"""Configuration from environment variables (the token never lives in the repository).

- ``DISCORD_TOKEN`` (required to run the bot): the bot token from the Developer Portal.
- ``SERENISSIMA_DB`` (default ``serenissima.sqlite3``): where the data lives. A file path is a
  SQLite database, created on first start, one process at a time; a ``postgresql://`` URL is a
  PostgreSQL database (its schema is created on first start; any number of processes may
  share it). See :mod:`bot.store`.
- ``SERENISSIMA_DEV_GUILD`` (optional): a server id where slash commands are synced at once
  (global commands can take up to an hour to appear).
- ``SERENISSIMA_LOG_LEVEL`` (default ``INFO``).
- ``SERENISSIMA_SHARD_COUNT`` and ``SERENISSIMA_SHARDS`` (optional, see :class:`Sharding`): how
  many shards the bot has in all, and which of them this process connects (``0-3`` or
  ``0,2,5``). Unset: one process, no sharding, as before. A count without a list runs every
  shard in this process; a list without a count is refused.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass


class ConfigError(RuntimeError):
    """A required setting is missing or malformed."""


DEFAULT_DATABASE = "serenissima.sqlite3"


@dataclass(frozen=True, slots=True)
class Sharding:
    """Which of Discord's shards this process connects: ``shard_ids`` of ``shard_count``.

    Sharding only chooses the gateway connections: every process runs the background work
    (deadlines, reminders, the outbox's delivery, tournament rounds), each claiming its share
    with a lease (:mod:`bot.store.leases`). Shard 0 is the shard Discord sends direct messages to.
    """

    shard_ids: tuple[int, ...]
    shard_count: int


def parse_sharding(shards: str, count: str) -> Sharding | None:
    """``SERENISSIMA_SHARDS`` and ``SERENISSIMA_SHARD_COUNT`` read together; None when both are unset.

    Raises ConfigError with one sentence for a malformed list, a shard outside the count, or
    a list without a count.
    """
    shards, count = shards.strip(), count.strip()
    if not shards and not count:
        return None
    if not count:
        raise ConfigError(
            f"SERENISSIMA_SHARDS={shards} needs SERENISSIMA_SHARD_COUNT too (the number of shards in all, e.g. 16)."
        )
    if not count.isdigit() or int(count) < 1:
        raise ConfigError(f"SERENISSIMA_SHARD_COUNT must be a whole number of shards, 1 or more, not {count!r}.")
    total = int(count)
    if not shards:
        return Sharding(tuple(range(total)), total)
    ids: set[int] = set()
    for part in shards.split(","):
        first, dash, last = part.strip().partition("-")
        if not first.strip().isdigit() or (dash and not last.strip().isdigit()):
            raise ConfigError(
                "SERENISSIMA_SHARDS must be shard numbers or ranges separated by commas "
                f"(0-3 or 0,2,5), not {shards!r}."
            )
        low, high = int(first), int(last) if dash else int(first)
        if high < low:
            raise ConfigError(f"SERENISSIMA_SHARDS: the range {part.strip()} runs backwards; write it low-high.")
        if high >= total:
            raise ConfigError(
                f"SERENISSIMA_SHARDS={shards} names shard {high}, but with SERENISSIMA_SHARD_COUNT={total} "
                f"the shards are 0-{total - 1}."
            )
        ids.update(range(low, high + 1))
    return Sharding(tuple(sorted(ids)), total)


@dataclass(frozen=True, slots=True)
class Config:
    """Everything the bot reads from its environment."""

    token: str
    database: str = DEFAULT_DATABASE
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    sharding: Sharding | None = None

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
            sharding=parse_sharding(environ.get("SERENISSIMA_SHARDS", ""), environ.get("SERENISSIMA_SHARD_COUNT", "")),
        )
