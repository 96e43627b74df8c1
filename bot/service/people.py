"""People: what the bot knows of a user (locale, DM channel, quiet hours) and their record.

The adapters remember how to reach a person and read their settings here, never in the
store, so the store stays behind the service.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.records import PlayerRecord, UserRecord
from bot.service.base import ServiceBase


class People(ServiceBase):
    """Reading and recording users' settings and records; no match changes here."""

    async def user(self, user_id: int) -> UserRecord:
        """What is known of a user: locale, DM channel, vacation, quiet hours (defaults when nothing)."""
        return await self.store.get_user(user_id)

    async def remember_user(
        self,
        user_id: int,
        *,
        locale: str | None = None,
        dm_closed: bool | None = None,
        dm_channel_id: int | None = None,
    ) -> None:
        """Record how to reach a user: their locale, whether their DMs are closed, their DM channel (None: keep)."""
        await self.store.remember_user(user_id, locale=locale, dm_closed=dm_closed, dm_channel_id=dm_channel_id)

    async def forget_dm_channel(self, user_id: int, channel_id: int) -> None:
        """Forget a DM channel the chat no longer knows (only if it is still the one recorded)."""
        await self.store.forget_dm_channel(user_id, channel_id)

    async def set_quiet_hours(
        self, user_id: int, start: int | None, end: int | None, *, timezone: str | None = None
    ) -> None:
        """No reminders between ``start`` and ``end`` (minutes after midnight in ``timezone``); None, None: any hour."""
        columns: dict[str, Any] = {"quiet_start": start, "quiet_end": end}
        if timezone is not None:
            columns["timezone"] = timezone
        await self.store.update_user(user_id, **columns)

    async def player_record(self, user_id: int, guild_id: int | None) -> list[PlayerRecord]:
        """A player's record on a server, game by game (finished, won, timeouts, time to move).

        A match the player left to a substitute counts as finished and abandoned.
        """
        records = {r.game_key: r for r in await self.store.player_record(user_id, guild_id)}
        for game_key, count in (await self.store.matches_left(user_id, guild_id)).items():
            old = records.get(game_key, PlayerRecord(game_key))
            records[game_key] = replace(old, finished=old.finished + count, abandoned=old.abandoned + count)
        return [records[key] for key in sorted(records)]
