"""The rows of people: what the bot remembers of a user, and each player's record."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any, Final

from bot.records import PlayerRecord, UserRecord, VacationMode
from bot.store.base import StoreBase

ABANDON_REASONS: Final = frozenset({"core.reason.resigned", "core.reason.claimed_timeout"})
"""Endings that count as abandoning for the loser (a timeout or a resignation)."""

_USER_COLUMNS: Final = (
    "user_id, locale, dm_closed, timezone, quiet_start, quiet_end, vacation_until, vacation_mode,"
    " vacation_days_used, next_digest_at, vacation_year, dm_channel_id"
)


def _user_from_row(row: Sequence[Any]) -> UserRecord:
    return UserRecord(
        row[0],
        row[1],
        bool(row[2]),
        row[3],
        row[4],
        row[5],
        row[6],
        None if row[7] is None else VacationMode(row[7]),
        row[8] or 0.0,
        row[9],
        row[10],
        row[11],
    )


class PeopleRows(StoreBase):
    """Users (locale, DMs, time zone, quiet hours, vacation, digest) and player records."""

    # --- Users -------------------------------------------------------------------------------

    async def get_user(self, user_id: int) -> UserRecord:
        """What we know of a user (defaults when nothing)."""
        row = await self._db.fetch_one(f"SELECT {_USER_COLUMNS} FROM users WHERE user_id = ?", (user_id,))
        return UserRecord(user_id) if row is None else _user_from_row(row)

    async def remember_user(
        self,
        user_id: int,
        *,
        locale: str | None = None,
        dm_closed: bool | None = None,
        dm_channel_id: int | None = None,
    ) -> None:
        """Record a user's locale, whether their DMs are closed and their DM channel (None: keep)."""
        changes: dict[str, Any] = {}
        if locale is not None:
            changes["locale"] = locale
        if dm_closed is not None:
            changes["dm_closed"] = int(dm_closed)
        if dm_channel_id is not None:
            changes["dm_channel_id"] = dm_channel_id
        await self.update_user(user_id, **changes)

    async def forget_dm_channel(self, user_id: int, channel_id: int) -> None:
        """Forget a DM channel Discord no longer knows (only if it is still the one stored)."""
        async with self._db.transaction() as db:
            await db.execute(
                "UPDATE users SET dm_channel_id = NULL WHERE user_id = ? AND dm_channel_id = ?", (user_id, channel_id)
            )

    async def update_user(self, user_id: int, **columns: Any) -> None:
        """Set columns of a user's row (creating it); a None value clears the column."""
        async with self._db.transaction() as db:
            await db.execute("INSERT INTO users (user_id) VALUES (?) ON CONFLICT DO NOTHING", (user_id,))
            if columns:
                assignments = ", ".join(f"{name} = ?" for name in columns)
                await db.execute(f"UPDATE users SET {assignments} WHERE user_id = ?", (*columns.values(), user_id))

    async def users_due(self, now: float) -> list[UserRecord]:
        """Users whose vacation has run out or whose digest is due."""
        rows = await self._db.fetch_all(
            f"SELECT {_USER_COLUMNS} FROM users WHERE vacation_until <= ? OR next_digest_at <= ?", (now, now)
        )
        return [_user_from_row(row) for row in rows]

    async def users(self, user_ids: Iterable[int]) -> dict[int, UserRecord]:
        """Several users at once (defaults for the unknown ones)."""
        wanted = list(dict.fromkeys(user_ids))
        found = {user: UserRecord(user) for user in wanted}
        if wanted:
            marks = ", ".join("?" for _ in wanted)
            for row in await self._db.fetch_all(
                f"SELECT {_USER_COLUMNS} FROM users WHERE user_id IN ({marks})", wanted
            ):
                found[row[0]] = _user_from_row(row)
        return found

    # --- Player records ------------------------------------------------------------------------

    async def player_record(self, user_id: int, guild_id: int | None) -> list[PlayerRecord]:
        """Per game: matches finished, won, drawn, abandoned, timeouts, average time to move."""
        finished = await self._db.fetch_all(
            "SELECT m.game_key, m.status, m.outcome_json, s.seat FROM matches m"
            " JOIN seats s ON s.match_id = m.id WHERE s.user_id = ? AND m.guild_id IS NOT DISTINCT FROM ?"
            " AND m.status = 'finished'",
            (user_id, guild_id),
        )
        # Thinking times: the moves of matches still running (one row a move), and the sums
        # kept on the seats of matches whose logs are packed.
        sums: dict[str, tuple[float, int]] = {}
        for game_key, total, count in [
            *await self._db.fetch_all(
                "SELECT m.game_key, sum(mv.think_seconds), count(mv.think_seconds) FROM moves mv"
                " JOIN matches m ON m.id = mv.match_id JOIN seats s ON s.match_id = mv.match_id AND s.seat = mv.seat"
                " WHERE s.user_id = ? AND m.guild_id IS NOT DISTINCT FROM ? AND mv.chosen_by = 'player'"
                " GROUP BY m.game_key",
                (user_id, guild_id),
            ),
            *await self._db.fetch_all(
                "SELECT m.game_key, sum(s.think_total), sum(s.think_moves) FROM seats s"
                " JOIN matches m ON m.id = s.match_id"
                " WHERE s.user_id = ? AND m.guild_id IS NOT DISTINCT FROM ? AND s.think_moves > 0"
                " GROUP BY m.game_key",
                (user_id, guild_id),
            ),
        ]:
            before = sums.get(game_key, (0.0, 0))
            sums[game_key] = (before[0] + float(total or 0.0), before[1] + int(count))
        thinking = {key: (total / count if count else None) for key, (total, count) in sums.items()}
        timeouts = {
            row[0]: int(row[1])
            for row in await self._db.fetch_all(
                "SELECT m.game_key, coalesce(sum(c.timeouts), 0) FROM clocks c JOIN matches m ON m.id = c.match_id"
                " JOIN seats s ON s.match_id = c.match_id AND s.seat = c.seat"
                " WHERE s.user_id = ? AND m.guild_id IS NOT DISTINCT FROM ? GROUP BY m.game_key",
                (user_id, guild_id),
            )
        }
        records: dict[str, PlayerRecord] = {}
        for game_key, _status, outcome_json, seat in finished:
            outcome = json.loads(outcome_json) if outcome_json else {}
            ranks = outcome.get("ranks", [])
            reason = outcome.get("reason", {}).get("key", "")
            old = records.get(game_key, PlayerRecord(game_key))
            draw = bool(ranks) and all(rank == 1 for rank in ranks)
            won = not draw and seat in outcome.get("winners", [])
            lost_by_leaving = not won and reason in ABANDON_REASONS
            records[game_key] = PlayerRecord(
                game_key,
                old.finished + 1,
                old.won + int(won),
                old.drawn + int(draw),
                old.abandoned + int(lost_by_leaving),
            )
        for game_key in set(thinking) | set(timeouts):
            records.setdefault(game_key, PlayerRecord(game_key))
        return [
            PlayerRecord(
                r.game_key,
                r.finished,
                r.won,
                r.drawn,
                r.abandoned,
                timeouts.get(r.game_key, 0),
                thinking.get(r.game_key),
            )
            for r in sorted(records.values(), key=lambda r: r.game_key)
        ]
