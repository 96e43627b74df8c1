"""Small helpers for driving Serenissima through simcord like a player would."""

from __future__ import annotations

from typing import Any

import discord


def custom_ids(message: discord.Message) -> list[str]:
    """Every component custom_id of a message, in display order."""
    found = []
    for row in message.components:
        for child in getattr(row, "children", []):
            custom_id = getattr(child, "custom_id", None)
            if custom_id:
                found.append(custom_id)
    return found


def labels(message: discord.Message) -> list[str]:
    """Every button label of a message."""
    return [
        child.label
        for row in message.components
        for child in getattr(row, "children", [])
        if getattr(child, "label", None)
    ]


def message_by_id(channel: Any, message_id: int) -> discord.Message:
    """The current state of a message (after edits)."""
    for message in channel.history():
        if message.id == message_id:
            return message
    raise AssertionError(f"message {message_id} not found")


def newest_with_components(channel: Any, prefix: str) -> discord.Message:
    """The newest message of a channel carrying a component whose id starts with ``prefix``."""
    for message in reversed(channel.history()):
        if any(cid.startswith(prefix) for cid in custom_ids(message)):
            return message
    raise AssertionError(f"no message with a {prefix!r} component")


class Player:
    """A seated player: the guild member (slash commands) and the user (DMs)."""

    def __init__(self, name: str, member: Any, user: Any, seat: int) -> None:
        self.name, self.member, self.user, self.seat = name, member, user, seat

    @property
    def dms(self) -> list[discord.Message]:
        return list(self.user.dm_channel.history())

    @property
    def dm_count(self) -> int:
        return len(self.user.dm_channel.history())


class Table:
    """The match under test (match #1 unless told), its thread and its players by seat."""

    def __init__(self, env: Any, bot: Any, thread: Any, players: list[Player], match_id: int = 1) -> None:
        self.env, self.bot, self.thread, self.players, self.match_id = env, bot, thread, players, match_id

    async def match(self) -> Any:
        return await self.bot.service.get_match(self.match_id)

    async def state(self) -> Any:
        return (await self.match()).state

    async def mover(self) -> Player:
        [seat] = (await self.match()).to_move()
        return self.players[int(seat)]

    def other(self, player: Player) -> Player:
        return self.players[1 - player.seat]

    def posts(self) -> list[discord.Message]:
        """The thread's public messages (what everyone sees)."""
        return list(self.thread.history())
