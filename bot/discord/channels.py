"""Finding a channel by id, and opening the home (thread or channel) of a new match.

Both the notifier's transport (a match's home) and the tournament adapter (a tournament's
channel) look channels up; ``/game new`` and a tournament's round open a thread for each
match. Each is written once, here.
"""

from __future__ import annotations

import logging
from typing import Any, Final

import discord

from bot.service import ServerSettings

log = logging.getLogger(__name__)

THREAD_ARCHIVE_MINUTES: Final = 10080
"""A week without a post before Discord hides a match's thread (slow games pause for days)."""


async def find_channel(client: discord.Client, channel_id: int | None) -> Any:
    """The channel (or thread) with this id, from the cache or else from Discord; None when it is gone."""
    if channel_id is None:
        return None
    found = client.get_channel(channel_id)
    if found is None:
        try:
            found = await client.fetch_channel(channel_id)
        except (discord.NotFound, discord.Forbidden):
            return None
    return found


async def open_home(channel: Any, name: str) -> Any:
    """Where a new match is played: a thread of its own in ``channel`` where allowed, else ``channel``.

    The thread is public; the caller compares the answer with ``channel`` to know which it got.
    """
    if not isinstance(channel, discord.TextChannel):
        return channel
    perms = channel.permissions_for(channel.guild.me)
    if not (perms.create_public_threads and perms.send_messages_in_threads):
        return channel
    try:
        return await channel.create_thread(
            name=name[:100], type=discord.ChannelType.public_thread, auto_archive_duration=THREAD_ARCHIVE_MINUTES
        )
    except discord.HTTPException:
        log.warning("no thread opened in channel=%s", channel.id, exc_info=True)
        return channel


async def match_forum(client: discord.Client, settings: ServerSettings) -> discord.ForumChannel | None:
    """The forum a server set up for its matches (``/setup``), or None (none set, or it is gone)."""
    found = await find_channel(client, settings.forum_channel_id)
    return found if isinstance(found, discord.ForumChannel) else None


async def open_forum_post(
    forum: discord.ForumChannel, name: str, message: dict[str, Any], mentions: discord.AllowedMentions
) -> discord.channel.ThreadWithMessage:
    """A new post of ``forum`` whose starter message is ``message`` (content and view): a match's home."""
    return await forum.create_thread(
        name=name[:100], auto_archive_duration=THREAD_ARCHIVE_MINUTES, allowed_mentions=mentions, **message
    )
