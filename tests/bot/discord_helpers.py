"""Small helpers for driving Serenissima through simcord like a player would."""

from __future__ import annotations

import re
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


async def seat_table(env: Any, bot: Any, game: str, names: tuple[str, ...], seed: int, options: str = "") -> Table:
    """A new server where the first of ``names`` opens match #1 of ``game`` and the others join.

    Joining with the lobby's button fills the match, which starts it; the players are
    listed by the seats drawn.
    """
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    users = {name: env.create_user(name) for name in names}
    members = {name: guild.add_member(user) for name, user in users.items()}
    extra = {"options": options} if options else {}
    created = await members[names[0]].slash(channel, "game new", game=game, players=len(names), **extra)
    assert created.ephemeral
    [thread] = channel.threads
    for name in names[1:]:
        joined = await members[name].click(thread.history()[0], label="Join")
        assert joined.acknowledged and joined.ephemeral
    match = await bot.service.get_match(1)
    assert match.is_running and match.game.key == game
    assert match.record.seed == seed, "the bot factory's seed decides the deal"
    by_id = {member.id: name for name, member in members.items()}
    seated = [by_id[user_id] for user_id in match.record.seats]
    return Table(env, bot, thread, [Player(name, members[name], users[name], seat) for seat, name in enumerate(seated)])


def picker_ids(message: discord.Message, version: int, match_id: int = 1) -> list[str]:
    """The pick buttons and selects of ``message`` drawn for ``version`` of the match."""
    prefixes = (f"pk:{match_id}:{version}:", f"ps:{match_id}:{version}:")
    return [cid for cid in custom_ids(message) if cid.startswith(prefixes)]


def picker_message(player: Player, version: int, match_id: int = 1) -> discord.Message:
    """The player's newest DM carrying a picker for ``version``."""
    for message in reversed(player.dms):
        if picker_ids(message, version, match_id):
            return message
    raise AssertionError(f"{player.name} has no picker for version {version}")


def select_menus(message: discord.Message, version: int, prefix: tuple[str, ...], match_id: int = 1) -> list[Any]:
    """The select menus of ``message`` offering the next token after ``prefix`` (``ps:``, ``ps1:``, ...)."""
    pattern = re.compile(rf"ps\d*:{match_id}:{version}:{re.escape('|'.join(prefix))}")
    return [
        child
        for row in message.components
        for child in getattr(row, "children", [])
        if pattern.fullmatch(getattr(child, "custom_id", None) or "")
    ]


def offered(message: discord.Message, version: int, prefix: tuple[str, ...], match_id: int = 1) -> list[str]:
    """The tokens ``message`` offers after ``prefix``: its pick buttons, or its select options."""
    head = f"pk:{match_id}:{version}:"
    tokens: list[str] = []
    for cid in custom_ids(message):
        if cid.startswith(head):
            path = tuple(cid[len(head) :].split("|"))
            if path[:-1] == prefix:
                tokens.append(path[-1])
    for menu in select_menus(message, version, prefix, match_id):
        tokens.extend(option.value for option in menu.options)
    return tokens
