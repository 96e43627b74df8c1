"""The audit log: every administrative act, with who, when, what and why, in one place.

Every act that overrides what players did or decides for them calls :meth:`Audit.audit`:
a match cancelled, a tournament result corrected or adjudicated, a player dropped or
kicked, a substitute confirmed, a seat handed to the autopilot, a server's setup changed,
its history exported or deleted, a user forgotten. The row is written in the same
transaction as the act where the act is one of this package's own writes (setup, deletion,
forgetting); an act written by another part (a match cancelled, a tournament corrected)
writes its row right after its own commit, so a crash between the two could lose the row
but never invent one.

Reading is for a server's admins (``/admin log``): their own server's rows only, newest
first, a page at a time, filtered by match, user or kind. A match's rows travel in its
export.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from bot.service.base import ServiceBase
from bot.service_errors import ServiceError
from bot.store.community import AuditRow, CommunityRows

AUDIT_PAGE: Final = 10
"""Rows per page of ``/admin log``: ten rows of up to 180 characters stay under Discord's 2000."""


class AuditKind(StrEnum):
    """What kind of act a row records (the filter of ``/admin log``)."""

    CANCEL = "cancel"
    CORRECT = "correct"
    ADJUDICATE = "adjudicate"
    DROP = "drop"
    KICK = "kick"
    PAUSE = "pause"
    RESUME = "resume"
    SUBSTITUTE = "substitute"
    AUTOPILOT = "autopilot"
    SETUP = "setup"
    EXPORT = "export"
    DELETE = "delete"
    FORGET = "forget"


class AdminOnly(ServiceError):
    """Only a server admin (Manage Server) may do this."""


@dataclass(frozen=True, slots=True)
class AuditEntry:
    """One row of the audit log as people read it."""

    id: int
    guild_id: int | None
    at: float
    actor_id: int | None
    kind: str
    match_id: int | None
    target_id: int | None
    detail: dict[str, Any]
    reason: str

    def to_json(self) -> dict[str, Any]:
        """The row as it travels in an export."""
        return {
            "at": self.at,
            "actor": self.actor_id,
            "kind": self.kind,
            "match": self.match_id,
            "target": self.target_id,
            "detail": self.detail,
            "reason": self.reason,
        }


def _entry(row: tuple[Any, ...]) -> AuditEntry:
    return AuditEntry(
        int(row[0]), row[1], float(row[2]), row[3], str(row[4]), row[5], row[6], json.loads(row[7]), str(row[8])
    )


def require_admin(is_admin: bool) -> None:
    """Refuse unless the caller vouches the person is a server admin."""
    if not is_admin:
        raise AdminOnly("community.error.admin_only")


class Audit(ServiceBase):
    """Writing and reading the audit log."""

    _community_rows: CommunityRows | None = None

    @property
    def community_rows(self) -> CommunityRows:
        """The community repository over this service's store (built once)."""
        if self._community_rows is None:
            self._community_rows = CommunityRows(self.store)
        return self._community_rows

    def audit_row(
        self,
        kind: AuditKind,
        *,
        guild_id: int | None,
        actor_id: int | None,
        match_id: int | None = None,
        target_id: int | None = None,
        detail: dict[str, Any] | None = None,
        reason: str = "",
    ) -> AuditRow:
        """An audit row stamped now (for the acts that write it in their own transaction)."""
        return AuditRow(guild_id, self.clock(), actor_id, kind.value, match_id, target_id, detail, reason.strip())

    async def audit(
        self,
        kind: AuditKind,
        *,
        guild_id: int | None,
        actor_id: int | None,
        match_id: int | None = None,
        target_id: int | None = None,
        detail: dict[str, Any] | None = None,
        reason: str = "",
    ) -> int:
        """Write one administrative act (``actor_id`` None: the bot itself); the row's id.

        The one call every administrative act makes (see the module's docstring).
        """
        row = self.audit_row(
            kind,
            guild_id=guild_id,
            actor_id=actor_id,
            match_id=match_id,
            target_id=target_id,
            detail=detail,
            reason=reason,
        )
        return await self.community_rows.add_audit(row)

    async def audit_log(
        self,
        guild_id: int,
        *,
        is_admin: bool,
        match_id: int | None = None,
        user_id: int | None = None,
        kind: str | None = None,
        page: int = 0,
    ) -> tuple[list[AuditEntry], bool]:
        """One page (newest first) of a server's audit log, and whether an older page exists.

        Raises:
            AdminOnly: the reader is not a server admin.
            ServiceError: ``community.error.bad_kind`` for a kind that does not exist.
        """
        require_admin(is_admin)
        if kind is not None and kind not in {k.value for k in AuditKind}:
            raise ServiceError("community.error.bad_kind", given=kind)
        rows = await self.community_rows.audit_rows(
            guild_id,
            match_id=match_id,
            user_id=user_id,
            kind=kind,
            offset=max(0, page) * AUDIT_PAGE,
            limit=AUDIT_PAGE + 1,
        )
        entries = [_entry(row) for row in rows]
        return entries[:AUDIT_PAGE], len(entries) > AUDIT_PAGE

    async def match_audit(self, match_id: int) -> list[AuditEntry]:
        """Every administrative act on one match, oldest first (exported with the match)."""
        return [_entry(row) for row in await self.community_rows.audit_of_match(match_id)]
