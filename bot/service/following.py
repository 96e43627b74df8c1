"""Following matches and choosing one's direct messages (``/game follow``, ``/settings``).

A follower is sent the **public** posts of a match by DM (what its thread shows, built from
the public view only), or joined to the match's thread. Players are told everything about
their own matches already, so they need not follow them.

What a person may choose about their direct messages (decisions where issue 16 is silent):

- each kind on or off: ``turn`` (your turn, with your view and your moves), ``news``
  (what happened to your seat: a time-out played for you, a draw offer...), ``digest``
  (the reminders of waiting games), ``follow`` (the posts of the matches you follow). The
  thread's mention of who must act is public and stays;
- ``ping_next``: a heads-up when the player before you starts their turn, in matches where
  one seat acts at a time (seat order is the turn order of every game we ship; with
  several seats to act at once, nobody is "next");
- ``digest_hour``: reminders wait for that hour of the day (in the person's time zone, as
  set with ``/quiet``), never past the point where the deadline would be missed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Final

from bot.clocks import zone
from bot.service.audit import Audit
from bot.service.model import Match, Where
from bot.service_errors import LobbyError, ServiceError

DM_KINDS: Final = ("turn", "news", "digest", "follow")
"""The kinds of direct message a person may turn off."""
MAX_FOLLOWED: Final = 50
"""Matches one person may follow at once: enough for a keen spectator, not a crawler."""


@dataclass(frozen=True, slots=True)
class NotificationSettings:
    """What a person wants by DM (everything, no heads-up, digests at any hour, when nothing is set)."""

    user_id: int
    muted: frozenset[str] = field(default_factory=frozenset)
    ping_next: bool = False
    digest_hour: int | None = None

    def wants(self, kind: str) -> bool:
        """Whether DMs of ``kind`` are on."""
        return kind not in self.muted


def next_hour(now: float, timezone: str | None, hour: int) -> float:
    """The next moment (at or after ``now``) when the local clock of ``timezone`` shows ``hour``:00."""
    local = datetime.fromtimestamp(now, tz=UTC).astimezone(zone(timezone))
    target = local.replace(hour=hour, minute=0, second=0, microsecond=0)
    if target < local:
        target += timedelta(days=1)
    return target.timestamp()


class Following(Audit):
    """Followers of matches and each person's DM settings."""

    async def follow(self, match_id: int, user_id: int, *, where: Where | None = None) -> Match:
        """Follow a match's public posts (refused to its own players, and beyond :data:`MAX_FOLLOWED`)."""
        match = await self.match_for(match_id, user_id, where)
        if match.seat_of(user_id) is not None:
            raise LobbyError("community.error.follow_own")
        if not match.is_running and match.record.status != "lobby":
            raise LobbyError("core.error.over")
        if await self.community_rows.followed_count(user_id) >= MAX_FOLLOWED:
            raise ServiceError("community.error.follow_limit", high=MAX_FOLLOWED)
        if not await self.community_rows.add_follower(match_id, user_id, self.clock()):
            raise ServiceError("community.error.already_following", match=match_id)
        return match

    async def unfollow(self, match_id: int, user_id: int, *, where: Where | None = None) -> Match:
        """Stop following a match."""
        match = await self.match_for(match_id, user_id, where)
        if not await self.community_rows.remove_follower(match_id, user_id):
            raise ServiceError("community.error.not_following", match=match_id)
        return match

    async def followers(self, match: Match) -> list[int]:
        """Who follows the match and wants its posts by DM (never its own players)."""
        followers = await self.community_rows.followers(match.id)
        settings = await self.notification_settings_of(followers)
        return [user for user in followers if match.seat_of(user) is None and settings[user].wants("follow")]

    async def notification_settings(self, user_id: int) -> NotificationSettings:
        """What one person wants by DM."""
        return (await self.notification_settings_of([user_id]))[user_id]

    async def notification_settings_of(self, user_ids: list[int]) -> dict[int, NotificationSettings]:
        """What several people want by DM (defaults for those who chose nothing)."""
        found = {user: NotificationSettings(user) for user in user_ids}
        for user, muted, ping_next, digest_hour in await self.community_rows.notification_rows(user_ids):
            found[user] = NotificationSettings(user, frozenset(json.loads(muted)), bool(ping_next), digest_hour)
        return found

    async def set_notification_settings(
        self,
        user_id: int,
        *,
        dm_kind: str | None = None,
        dm_on: bool | None = None,
        ping_next: bool | None = None,
        digest_hour: int | None = None,
        clear_digest_hour: bool = False,
    ) -> NotificationSettings:
        """Change some of a person's DM settings; the settings as they now are.

        Raises:
            ServiceError: ``community.error.bad_dm_kind`` or ``community.error.bad_hour``.
        """
        current = await self.notification_settings(user_id)
        muted = set(current.muted)
        if dm_kind is not None:
            if dm_kind not in DM_KINDS:
                raise ServiceError("community.error.bad_dm_kind", given=dm_kind)
            (muted.discard if dm_on in (None, True) else muted.add)(dm_kind)
        if digest_hour is not None and not 0 <= digest_hour <= 23:
            raise ServiceError("community.error.bad_hour", given=digest_hour)
        hour = None if clear_digest_hour else (digest_hour if digest_hour is not None else current.digest_hour)
        after = NotificationSettings(
            user_id, frozenset(muted), current.ping_next if ping_next is None else ping_next, hour
        )
        await self.community_rows.save_notification_settings(
            user_id, json.dumps(sorted(after.muted)), int(after.ping_next), after.digest_hour
        )
        return after

    async def wants_dm(self, user_id: int, kind: str) -> bool:
        """Whether the person wants DMs of ``kind`` (see :data:`DM_KINDS`)."""
        return (await self.notification_settings(user_id)).wants(kind)

    async def next_in_line(self, match: Match, seat: int) -> int | None:
        """Who asked for a heads-up and is next after ``seat``, which has just started its turn; or None.

        Only when ``seat`` alone must act (one seat at a time), and the next seat in order is a
        person who is not already to act.
        """
        to_move = match.to_move()
        seats = match.record.seats
        if to_move != frozenset({seat}) or len(seats) < 2:
            return None
        user = seats[(seat + 1) % len(seats)]
        if user <= 0 or user == seats[seat]:
            return None
        return user if (await self.notification_settings(user)).ping_next else None
