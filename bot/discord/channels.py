"""Finding a channel by id, and where a new match opens and is housed by the server's setup.

Both the notifier's transport (a match's home) and the tournament adapter (a tournament's
channel) look channels up. ``/game new`` and ``/tournament create`` ask :func:`match_place`
whether matches may open from where they were typed (and in which forum, if the server set
one); ``/game new`` and each round of a tournament open a match's home with
:func:`open_match_home`: a post of that forum, else a thread of the channel. Each is
written once, here.
"""

from __future__ import annotations

import logging
from typing import Any, Final

import discord

from bot.discord.payloads import lobby_message
from bot.service import Match, ServerSettings, Service
from bot.service_errors import ServiceError
from games.i18n import Translate

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


async def match_place(client: discord.Client, service: Service, channel: Any) -> discord.ForumChannel | None:
    """The forum where matches asked for in ``channel`` open (None: a thread of ``channel``), once allowed.

    Refuses, with the answer its person reads, a channel where the server's setup opens no
    match (``/setup channel``), and a place where the bot cannot post a match (its board is
    a picture).

    Raises:
        ServiceError: ``community.error.channel_not_allowed`` or ``core.error.no_permission_post``.
    """
    guild = channel.guild
    await service.check_match_place(guild.id, channel.id, getattr(channel, "parent_id", None))
    forum = await match_forum(client, await service.server_settings(guild.id))
    perms = (forum or channel).permissions_for(guild.me)
    if not (perms.send_messages or perms.send_messages_in_threads) or not perms.attach_files:
        raise ServiceError("core.error.no_permission_post")
    return forum


async def open_match_home(
    service: Service, match: Match, channel: Any, forum: discord.ForumChannel | None, name: str, tr: Translate
) -> Any:
    """Open the home of a new match, post its lobby there first and record both; returns the home.

    With ``forum`` (the server's match forum) the home is a post of it, the lobby its starter
    message; else a thread of ``channel`` where allowed, else ``channel`` itself (the caller
    compares the answer with ``channel`` to know which). The notifier keeps the lobby post up
    to date (players, turn, result). ``name`` is the thread's or post's title, ``tr`` the
    language of the server's public posts.
    """
    if forum is not None:
        post = await open_forum_post(forum, name, lobby_message(match, tr), discord.AllowedMentions.none())
        await service.set_location(match.id, thread_id=post.thread.id, lobby_message_id=post.message.id)
        return post.thread
    home = await open_home(channel, name)
    threaded = home is not channel
    message = await home.send(**lobby_message(match, tr), allowed_mentions=discord.AllowedMentions.none())
    await service.set_location(match.id, thread_id=home.id if threaded else None, lobby_message_id=message.id)
    return home
