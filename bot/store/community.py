"""The rows of community features: server setup, the audit log, forgetting, followers, notification settings.

A feature repository beside the store (like the tournament store): it depends on the
:class:`~bot.store.protocols.FeatureHost` Protocol and runs the store's portable SQL (see
:mod:`bot.store.database`) through its database adapter, so one repository serves SQLite and
PostgreSQL (the contract tests in ``tests/store/test_community.py`` run on both). Reads are
``fetch_all``, writes one ``transaction()``; ``ON CONFLICT`` rather than ``INSERT OR
IGNORE``, ``RETURNING`` rather than ``lastrowid``, the count ``execute`` returns rather than
a cursor's. Forgetting a user rewrites columns and JSON named at run time, the same
statements on both backends. Every write that is an administrative act takes its audit row
in the same transaction (:class:`AuditRow`).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Final

from bot.dbfile import StoreError
from bot.store import move_archive
from bot.store.audit_rows import AuditRow as AuditRow
from bot.store.audit_rows import insert_audit
from bot.store.protocols import FeatureHost

SETTINGS_COLUMNS: Final = (
    "match_channels",
    "forum_channel_id",
    "locale",
    "time_limit",
    "time_bank",
    "organiser_role",
    "autopilot_takeover",
    "quiet_start",
    "quiet_end",
    "timezone",
    "autopilot_level",
)
"""The columns of ``server_settings`` besides the key and the time of the change, in order."""

_AUDIT_COLUMNS: Final = "id, guild_id, at, actor_id, kind, match_id, target_id, detail_json, reason"
FORGET_BATCH: Final = 500


def _replaced(data: Any, old: int, new: int) -> Any:
    """``data`` (decoded JSON) with every integer equal to ``old`` replaced by ``new``."""
    if isinstance(data, bool):
        return data
    if isinstance(data, int):
        return new if data == old else data
    if isinstance(data, list):
        return [_replaced(item, old, new) for item in data]
    if isinstance(data, dict):
        return {key: _replaced(value, old, new) for key, value in data.items()}
    return data


class CommunityRows:
    """Server settings, audit rows, forgotten users, followers and notification settings."""

    def __init__(self, host: FeatureHost) -> None:
        self._host = host
        self._db = host.database

    # --- Server settings -----------------------------------------------------------------

    async def server_settings(self, guild_id: int) -> tuple[Any, ...] | None:
        """The stored settings of a server, in :data:`SETTINGS_COLUMNS` order (None: no row)."""
        rows = await self._db.fetch_all(
            f"SELECT {', '.join(SETTINGS_COLUMNS)} FROM server_settings WHERE guild_id = ?", (guild_id,)
        )
        return tuple(rows[0]) if rows else None

    async def save_server_settings(self, guild_id: int, values: Sequence[Any], now: float, audit: AuditRow) -> None:
        """Store every setting of a server (in :data:`SETTINGS_COLUMNS` order) and the audit row, at once."""
        columns = ", ".join(SETTINGS_COLUMNS)
        marks = ", ".join("?" for _ in SETTINGS_COLUMNS)
        updates = ", ".join(f"{name} = excluded.{name}" for name in SETTINGS_COLUMNS)
        async with self._db.transaction() as db:
            await db.execute(
                f"INSERT INTO server_settings (guild_id, {columns}, updated_at) VALUES (?, {marks}, ?)"
                f" ON CONFLICT (guild_id) DO UPDATE SET {updates}, updated_at = excluded.updated_at",
                (guild_id, *values, now),
            )
            await insert_audit(db, audit)

    # --- The audit log ---------------------------------------------------------------------

    async def add_audit(self, row: AuditRow) -> int:
        """Write one audit row; its id."""
        async with self._db.transaction() as db:
            return await insert_audit(db, row)

    async def audit_rows(
        self,
        guild_id: int | None,
        *,
        match_id: int | None = None,
        user_id: int | None = None,
        kind: str | None = None,
        offset: int = 0,
        limit: int = 10,
    ) -> list[tuple[Any, ...]]:
        """A server's audit rows, newest first, filtered (a user: as actor or as target)."""
        where = ["guild_id = ?"] if guild_id is not None else ["guild_id IS NULL"]
        params: list[Any] = [] if guild_id is None else [guild_id]
        if match_id is not None:
            where.append("match_id = ?")
            params.append(match_id)
        if user_id is not None:
            where.append("(actor_id = ? OR target_id = ?)")
            params += [user_id, user_id]
        if kind is not None:
            where.append("kind = ?")
            params.append(kind)
        return await self._db.fetch_all(
            f"SELECT {_AUDIT_COLUMNS} FROM audit_log WHERE {' AND '.join(where)} ORDER BY id DESC LIMIT ? OFFSET ?",
            (*params, limit, offset),
        )

    async def audit_of_match(self, match_id: int) -> list[tuple[Any, ...]]:
        """Every audit row of one match, oldest first (for its export)."""
        return await self._db.fetch_all(
            f"SELECT {_AUDIT_COLUMNS} FROM audit_log WHERE match_id = ? ORDER BY id", (match_id,)
        )

    # --- A server's history ----------------------------------------------------------------

    async def guild_match_ids(self, guild_id: int, after_id: int, limit: int) -> list[int]:
        """Ids of a server's matches above ``after_id``, in order (an export reads them page by page)."""
        rows = await self._db.fetch_all(
            "SELECT id FROM matches WHERE guild_id = ? AND id > ? ORDER BY id LIMIT ?", (guild_id, after_id, limit)
        )
        return [int(row[0]) for row in rows]

    async def guild_history_size(self, guild_id: int, up_to_id: int) -> int:
        """How many ended matches of a server, up to ``up_to_id``, a deletion would remove."""
        rows = await self._db.fetch_all(
            "SELECT count(*) FROM matches WHERE guild_id = ? AND id <= ? AND status IN ('finished', 'cancelled')",
            (guild_id, up_to_id),
        )
        return int(rows[0][0])

    async def last_match_id(self, guild_id: int) -> int:
        """The newest match id of a server (0: none)."""
        rows = await self._db.fetch_all("SELECT max(id) FROM matches WHERE guild_id = ?", (guild_id,))
        return int(rows[0][0] or 0)

    async def delete_guild_history(self, guild_id: int, up_to_id: int, audit: AuditRow) -> int:
        """Delete a server's ended matches up to ``up_to_id`` and its ended tournaments; how many matches.

        The match rows take their seats, moves, clocks, outbox rows and followers with them
        (foreign keys); rating changes name matches without a key and go explicitly. Ratings
        themselves stay (they are a member's standing now, not a record of matches).
        """
        ended = "guild_id = ? AND id <= ? AND status IN ('finished', 'cancelled')"
        async with self._db.transaction() as db:
            await db.execute(
                f"DELETE FROM rating_changes WHERE match_id IN (SELECT id FROM matches WHERE {ended})",
                (guild_id, up_to_id),
            )
            deleted = await db.execute(f"DELETE FROM matches WHERE {ended}", (guild_id, up_to_id))
            await db.execute(
                "DELETE FROM tournaments WHERE guild_id = ? AND status IN ('finished', 'cancelled')", (guild_id,)
            )
            await insert_audit(db, audit)
        return deleted

    # --- Forgetting a user -------------------------------------------------------------------

    async def open_seats_of(self, user_id: int) -> list[int]:
        """Matches in which the user holds a seat and that are not over (lobby or running)."""
        rows = await self._db.fetch_all(
            "SELECT m.id FROM matches m JOIN seats s ON s.match_id = m.id"
            " WHERE s.user_id = ? AND m.status IN ('lobby', 'active') ORDER BY m.id",
            (user_id,),
        )
        return [int(row[0]) for row in rows]

    async def forget_user(self, user_id: int, now: float, audit: AuditRow) -> int:
        """Put a new alias in the user's place everywhere, and drop what is only theirs; the alias.

        Matches keep their seats (under the alias), so they stay replayable; the user's own
        rows (settings, follows, DM channel, quiet hours) are deleted. The notes inside the
        packed logs of ended matches are rewritten too (found by the ids they mention).
        """
        async with self._db.transaction() as db:
            created = await db.fetch_one(
                "INSERT INTO forgotten_users (forgotten_at) VALUES (?) RETURNING alias", (now,)
            )
            if created is None:
                raise StoreError("no alias was allocated for a forgotten user")
            alias = int(created[0])
            for table, column in (
                ("seats", "user_id"),
                ("matches", "creator_id"),
                ("entrants", "user_id"),
                ("tournaments", "organiser_id"),
                ("tournament_log", "actor"),
                ("ratings", "user_id"),
                ("rating_changes", "user_id"),
                ("audit_log", "actor_id"),
                ("audit_log", "target_id"),
                ("seat_offers", "from_user"),
                ("seat_offers", "offered_by"),
                ("seat_offers", "to_user"),
                ("seat_offers", "volunteer"),
                ("substitutions", "leaver"),
                ("substitutions", "substitute"),
                ("substitutions", "confirmed_by"),
            ):
                await db.execute(f"UPDATE {table} SET {column} = ? WHERE {column} = ?", (alias, user_id))
            text = f"%{user_id}%"
            for table, key, column in (
                ("matches", "id", "outcome_json"),
                ("moves", "match_id, ply", "notes_json"),
                ("moves", "match_id, ply", "events_json"),
                ("outbox", "id", "payload_json"),
                ("tournament_tables", "tournament_id, round, table_no", "players_json"),
                ("tournament_log", "id", "detail_json"),
                ("tournament_outbox", "id", "payload_json"),
                ("audit_log", "id", "detail_json"),
            ):
                found = await db.fetch_all(f"SELECT {key}, {column} FROM {table} WHERE {column} LIKE ?", (text,))
                names = [name.strip() for name in key.split(",")]
                condition = " AND ".join(f"{name} = ?" for name in names)
                for row in found:
                    value = json.dumps(_replaced(json.loads(row[-1]), user_id, alias), ensure_ascii=False)
                    await db.execute(f"UPDATE {table} SET {column} = ? WHERE {condition}", (value, *row[:-1]))
            await move_archive.rewrite_notes(db, user_id, lambda notes: _replaced(notes, user_id, alias))
            for table in ("users", "followers", "notification_settings"):
                await db.execute(f"DELETE FROM {table} WHERE user_id = ?", (user_id,))
            await insert_audit(db, replace(audit, actor_id=alias, target_id=alias))
        return alias

    # --- Followers ---------------------------------------------------------------------------

    async def add_follower(self, match_id: int, user_id: int, now: float) -> bool:
        """Follow a match; False when already following."""
        async with self._db.transaction() as db:
            added = await db.execute(
                "INSERT INTO followers (match_id, user_id, since) VALUES (?, ?, ?)"
                " ON CONFLICT (match_id, user_id) DO NOTHING",
                (match_id, user_id, now),
            )
        return added == 1

    async def remove_follower(self, match_id: int, user_id: int) -> bool:
        """Stop following; False when not following."""
        async with self._db.transaction() as db:
            removed = await db.execute("DELETE FROM followers WHERE match_id = ? AND user_id = ?", (match_id, user_id))
        return removed == 1

    async def followers(self, match_id: int) -> list[int]:
        """The followers of a match, oldest first."""
        rows = await self._db.fetch_all(
            "SELECT user_id FROM followers WHERE match_id = ? ORDER BY since, user_id", (match_id,)
        )
        return [int(row[0]) for row in rows]

    async def followed_count(self, user_id: int) -> int:
        """How many matches a person follows."""
        rows = await self._db.fetch_all("SELECT count(*) FROM followers WHERE user_id = ?", (user_id,))
        return int(rows[0][0])

    # --- Notification settings ----------------------------------------------------------------

    async def notification_rows(self, user_ids: Sequence[int]) -> list[tuple[int, str, int, int | None]]:
        """(user, muted kinds as JSON, ping_next, digest_hour) of those who chose anything."""
        if not user_ids:
            return []
        marks = ", ".join("?" for _ in user_ids)
        rows = await self._db.fetch_all(
            f"SELECT user_id, muted_json, ping_next, digest_hour FROM notification_settings WHERE user_id IN ({marks})",
            tuple(user_ids),
        )
        return [(int(r[0]), str(r[1]), int(r[2]), r[3]) for r in rows]

    async def save_notification_settings(
        self, user_id: int, muted: str, ping_next: int, digest_hour: int | None
    ) -> None:
        """Store a person's DM settings (all of them)."""
        async with self._db.transaction() as db:
            await db.execute(
                "INSERT INTO notification_settings (user_id, muted_json, ping_next, digest_hour) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET muted_json = excluded.muted_json,"
                " ping_next = excluded.ping_next, digest_hour = excluded.digest_hour",
                (user_id, muted, ping_next, digest_hour),
            )
