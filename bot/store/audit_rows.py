"""One row of the audit log, and the one statement that writes it.

Apart from the community repository so that any transaction of the store can write its
administrative act in the same transaction as the act itself (a cancelled match, a seat
handed to the autopilot, a server's setup): nothing administrative happens without a row.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.dbfile import StoreError
from bot.store.database import Transaction, Write

_INSERT: str = (
    "INSERT INTO audit_log (guild_id, at, actor_id, kind, match_id, target_id, detail_json, reason)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)


@dataclass(frozen=True, slots=True)
class AuditRow:
    """One audit row to write: who (None: the bot), when, what, on what, why."""

    guild_id: int | None
    at: float
    actor_id: int | None
    kind: str
    match_id: int | None = None
    target_id: int | None = None
    detail: dict[str, Any] | None = None
    reason: str = ""


async def insert_audit(db: Transaction, row: AuditRow) -> int:
    """Write ``row`` in the transaction ``db``; the row's id."""
    found = await db.fetch_one(f"{_INSERT} RETURNING id", _params(row))
    if found is None:
        raise StoreError("no audit row was written")
    return int(found[0])


def add_audit(write: Write, row: AuditRow) -> None:
    """Add the writing of ``row`` to ``write`` (its id is not needed)."""
    write.execute(_INSERT, _params(row))


def _params(row: AuditRow) -> tuple[Any, ...]:
    return (
        row.guild_id,
        row.at,
        row.actor_id,
        row.kind,
        row.match_id,
        row.target_id,
        json.dumps(row.detail or {}, ensure_ascii=False),
        row.reason,
    )
