"""DMs that are not a seat's own: a followed match's public posts, and the "you are next" heads-up.

A follower gets what the match's thread got, built again from the **public** view in the
follower's own language, without mentions and without buttons (the buttons act for players).
A closed DM or any refusal from Discord is logged and skipped: the thread's post has been
made, and a follower's DM must never make the notifier post it again.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol

import discord

from bot import present
from bot.discord.payloads import MESSAGE_LIMIT, as_file, board_message, jump_link, mention
from bot.i18n import tr_for
from bot.notify import BoardNews
from bot.records import UserRecord
from bot.service import Match, Service

log = logging.getLogger(__name__)


class SendsDMs(Protocol):
    """The part of the transport that reaches a user by DM."""

    service: Service

    async def send_dm(self, user_id: int, record: UserRecord, **message: Any) -> None:
        """Send a DM to the user's channel (opened once)."""
        ...


async def tell_followers(transport: SendsDMs, match: Match, news: BoardNews) -> int:
    """Send the followers of ``match`` its public post ``news``; how many were reached."""
    service = transport.service
    followers = await service.followers(match)
    pictures: dict[str, present.Picture] = {}
    reached = 0
    for user_id in followers:
        record = await service.user(user_id)
        locale = record.locale or "en"
        tr = tr_for(locale)
        body = board_message(match, tr, [present.lines(news.events, tr, mention)], [], news.events)
        body.pop("view", None)
        link = jump_link(match)
        header = tr("community.follow.post", match=match.id, game=tr(f"{match.game.key}.title"))
        body["content"] = "\n".join(part for part in (header, body.get("content") or "", link or "") if part)[
            :MESSAGE_LIMIT
        ]
        files = []
        if match.state is not None:
            if locale not in pictures:
                pictures[locale] = await asyncio.to_thread(present.picture, match, None, locale)
            files.append(as_file(pictures[locale]))
        try:
            await transport.send_dm(
                user_id, record, **body, files=files, allowed_mentions=discord.AllowedMentions.none()
            )
            reached += 1
        except discord.HTTPException:
            log.info("a follower's DM was not delivered match_id=%s user=%s", match.id, user_id)
    return reached


async def heads_up(transport: SendsDMs, match: Match, seat: int) -> None:
    """Tell the player after ``seat`` (if they asked for it) that they are next."""
    user_id = await transport.service.next_in_line(match, seat)
    if user_id is None:
        return
    record = await transport.service.user(user_id)
    tr = tr_for(record.locale or "en")
    text = tr("community.next.heads_up", match=match.id, game=tr(f"{match.game.key}.title"))
    link = jump_link(match)
    try:
        await transport.send_dm(
            user_id,
            record,
            content="\n".join(p for p in (text, link) if p),
            allowed_mentions=discord.AllowedMentions.none(),
        )
    except discord.HTTPException:
        log.info("a heads-up was not delivered match_id=%s user=%s", match.id, user_id)
