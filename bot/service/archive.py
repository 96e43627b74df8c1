"""Retention: a server's history exported or deleted by its admins, a user's data forgotten on request.

Decisions (issue 19 §6 is silent on them):

- **Export** covers every match of the server, each as its ordinary export (public-only
  while it runs, replayable once it is over, with its audit rows), read a page of ids at a
  time so a server of any size is never held in memory at once.
- **Delete** removes the matches that are over (finished or cancelled) up to the newest one
  the admin saw when asking, and the server's ended tournaments; running matches and
  lobbies stay (players are in them). Ratings stay (a member's standing, not a record of
  matches); the audit log stays, with the deletion as its newest row.
- **Forget** replaces the user's id by a small alias (``forgotten_users``) in every match,
  tournament, rating and audit row, and deletes what was only theirs (settings, follows,
  DM channel). The matches stay replayable: seats keep their order and their moves.
  Someone still seated in a lobby or a running match is asked to leave or finish first,
  since the table still needs them. Messages already posted on Discord are Discord's.
"""

from __future__ import annotations

import logging
from typing import Final

from bot.service.audit import AuditKind, require_admin
from bot.service.servers import Servers
from bot.service_errors import ServiceError

log = logging.getLogger(__name__)

EXPORT_PAGE: Final = 100
"""Match ids read per query while exporting a server."""
CONFIRM_SECONDS: Final = 15 * 60
"""How long a "yes, delete" button stays good: long enough to read the warning, short
enough that a forgotten message cannot delete what was added since."""


class Archive(Servers):
    """Exporting and deleting a server's history; forgetting a user."""

    async def server_match_ids(self, guild_id: int, *, is_admin: bool, after_id: int = 0) -> list[int]:
        """The next page of the server's match ids after ``after_id`` (admins only), in order."""
        require_admin(is_admin)
        return await self.community_rows.guild_match_ids(guild_id, after_id, EXPORT_PAGE)

    async def record_export(self, guild_id: int, actor_id: int, *, is_admin: bool, matches: int) -> None:
        """Write the export of a server's history to the audit log."""
        require_admin(is_admin)
        await self.audit(AuditKind.EXPORT, guild_id=guild_id, actor_id=actor_id, detail={"matches": matches})

    async def deletable_history(self, guild_id: int, *, is_admin: bool) -> tuple[int, int]:
        """What a deletion would remove now: (the newest match id it may reach, how many ended matches).

        Raises:
            AdminOnly: the asker is not a server admin.
            ServiceError: ``community.error.nothing_to_delete``.
        """
        require_admin(is_admin)
        up_to = await self.community_rows.last_match_id(guild_id)
        count = await self.community_rows.guild_history_size(guild_id, up_to)
        if count == 0:
            raise ServiceError("community.error.nothing_to_delete")
        return up_to, count

    async def delete_server_history(
        self, guild_id: int, actor_id: int, *, is_admin: bool, up_to_id: int, asked_at: float, reason: str = ""
    ) -> int:
        """Delete the server's ended matches up to ``up_to_id`` (confirmed at ``asked_at``); how many.

        Raises:
            AdminOnly: the confirmer is not a server admin.
            ServiceError: ``community.error.confirm_expired`` for a confirmation too old;
                ``community.error.nothing_to_delete`` when nothing is left to delete.
        """
        require_admin(is_admin)
        if not 0 <= self.clock() - asked_at <= CONFIRM_SECONDS:
            raise ServiceError("community.error.confirm_expired")
        count = await self.community_rows.guild_history_size(guild_id, up_to_id)
        if count == 0:
            raise ServiceError("community.error.nothing_to_delete")
        audit = self.audit_row(
            AuditKind.DELETE, guild_id=guild_id, actor_id=actor_id, detail={"up_to_match": up_to_id}, reason=reason
        )
        deleted = await self.community_rows.delete_guild_history(guild_id, up_to_id, audit)
        self.forget()
        log.info("server history deleted guild=%s matches=%s by=%s", guild_id, deleted, actor_id)
        return deleted

    async def forget_user(self, user_id: int, *, asked_at: float) -> int:
        """Remove a user's data at their request (confirmed at ``asked_at``); their alias.

        Raises:
            ServiceError: ``community.error.still_playing`` naming the matches the user still
                sits in; ``community.error.confirm_expired`` for a confirmation too old.
        """
        if not 0 <= self.clock() - asked_at <= CONFIRM_SECONDS:
            raise ServiceError("community.error.confirm_expired")
        playing = await self.community_rows.open_seats_of(user_id)
        if playing:
            raise ServiceError("community.error.still_playing", matches=", ".join(f"#{m}" for m in playing))
        audit = self.audit_row(AuditKind.FORGET, guild_id=None, actor_id=None)
        alias = await self.community_rows.forget_user(user_id, self.clock(), audit)
        self.forget()
        log.info("a user was forgotten alias=%s", alias)
        return alias

    async def still_playing(self, user_id: int) -> list[int]:
        """The lobbies and running matches the user sits in (forgetting waits for them)."""
        return await self.community_rows.open_seats_of(user_id)
