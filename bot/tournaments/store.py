"""Every SQL statement of tournaments and ratings, over the shared store's database adapter.

The statements are the store's portable SQL (see :mod:`bot.store.database`), run through the
same :class:`~bot.store.database.Database` as the rest of the store (its transactions, its
one write connection on SQLite, its connections on PostgreSQL), so one repository serves
both backends. No driver connection reaches this module: writes go through
``database.transaction()`` and reads through ``database.fetch_all()``. Methods return the
frozen records below, never rows.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from bot.store import FeatureHost
from bot.store.database import Transaction
from bot.store.leases import Claim, release
from bot.tournaments.ratings import Rating

_T_COLUMNS: Final = (
    "id, guild_id, channel_id, signup_message_id, organiser_id, name, game_key, options_json, format, rounds,"
    " table_size, place_points_json, time_limit, time_bank, round_seconds, settle, drop_rule, signup_closes,"
    " check_in, required_role, min_completion, rated, computer, status, current_round, round_deadline, paused_left,"
    " created_at"
)
_T_NAMES: Final = tuple(name.strip() for name in _T_COLUMNS.split(","))
_WRITABLE: Final = frozenset(
    {
        "signup_message_id",
        "rounds",
        "status",
        "current_round",
        "round_deadline",
        "paused_left",
        "signup_closes",
    }
)


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player in a tournament."""

    user_id: int
    joined_at: float
    seed: int
    status: str
    checked_in: bool


@dataclass(frozen=True, slots=True)
class Table:
    """One table of one round (a bye is a table of one)."""

    tournament_id: int
    round: int
    table_no: int
    players: tuple[int, ...]
    match_id: int | None
    places: tuple[int, ...] | None
    settled_by: str | None

    @property
    def is_bye(self) -> bool:
        """A single player moving on without a game."""
        return len(self.players) == 1

    @property
    def settled(self) -> bool:
        """Whether the table has its result."""
        return self.places is not None


@dataclass(frozen=True, slots=True)
class LogEntry:
    """An organiser's action."""

    at: float
    actor: int
    action: str
    detail: dict[str, Any]
    reason: str


@dataclass(frozen=True, slots=True)
class Announcement:
    """A post waiting for the adapter."""

    id: int
    tournament_id: int
    payload: dict[str, Any]
    attempts: int


@dataclass(frozen=True, slots=True)
class NewTournament:
    """What ``/tournament create`` stores: the organiser's settings."""

    guild_id: int | None
    channel_id: int | None
    organiser_id: int
    name: str
    game_key: str
    options: dict[str, Any]
    format: str
    rounds: int
    table_size: int
    place_points: tuple[float, ...]
    time_limit: int | None
    time_bank: int
    round_seconds: int
    settle: str
    drop_rule: str
    signup_closes: float
    check_in: bool
    required_role: int | None
    min_completion: int
    rated: bool
    computer: str
    """The computer's level for byes and short tables (``games.ai.Level``), '' when not allowed."""


@dataclass(frozen=True, slots=True)
class Tournament(NewTournament):
    """One tournament as stored: its settings, and where it stands."""

    id: int
    signup_message_id: int | None
    status: str
    current_round: int
    round_deadline: float | None
    paused_left: float | None
    created_at: float


def _tournament(row: Sequence[Any]) -> Tournament:
    """A row of :data:`_T_COLUMNS` as a record (JSON and 0/1 columns decoded)."""
    values = dict(zip(_T_NAMES, row, strict=True))
    values["options"] = json.loads(values.pop("options_json"))
    values["place_points"] = tuple(json.loads(values.pop("place_points_json")))
    values["check_in"], values["rated"] = bool(values["check_in"]), bool(values["rated"])
    return Tournament(**values)


def _table(row: Sequence[Any]) -> Table:
    return Table(
        row[0],
        row[1],
        row[2],
        tuple(json.loads(row[3])),
        row[4],
        None if row[5] is None else tuple(json.loads(row[5])),
        row[6],
    )


_TABLE_COLUMNS: Final = "tournament_id, round, table_no, players_json, match_id, places_json, settled_by"


class TournamentStore:
    """Tournament and rating rows."""

    def __init__(self, store: FeatureHost) -> None:
        self.store = store
        self.db = store.database

    # --- Tournaments ---------------------------------------------------------------------

    async def create(self, new: NewTournament, now: float) -> int:
        """Insert a tournament in sign-up; returns its id."""
        async with self.db.transaction() as db:
            row = await db.fetch_one(
                "INSERT INTO tournaments (guild_id, channel_id, organiser_id, name, game_key, options_json, format,"
                " rounds, table_size, place_points_json, time_limit, time_bank, round_seconds, settle, drop_rule,"
                " signup_closes, check_in, required_role, min_completion, rated, computer, status, created_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'signup', ?) RETURNING id",
                (
                    new.guild_id,
                    new.channel_id,
                    new.organiser_id,
                    new.name,
                    new.game_key,
                    json.dumps(new.options),
                    new.format,
                    new.rounds,
                    new.table_size,
                    json.dumps(list(new.place_points)),
                    new.time_limit,
                    new.time_bank,
                    new.round_seconds,
                    new.settle,
                    new.drop_rule,
                    new.signup_closes,
                    int(new.check_in),
                    new.required_role,
                    new.min_completion,
                    int(new.rated),
                    new.computer,
                    now,
                ),
            )
        assert row is not None
        return int(row[0])

    async def get(self, tournament_id: int) -> Tournament | None:
        """The tournament, or None."""
        rows = await self.db.fetch_all(f"SELECT {_T_COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,))
        return _tournament(rows[0]) if rows else None

    async def update(self, tournament_id: int, **fields: Any) -> None:
        """Change columns of a tournament (only the ones that change during its life)."""
        unknown = set(fields) - _WRITABLE
        if unknown:
            raise ValueError(f"not writable: {sorted(unknown)}")
        assignments = ", ".join(f"{name} = ?" for name in fields)
        async with self.db.transaction() as db:
            await db.execute(f"UPDATE tournaments SET {assignments} WHERE id = ?", (*fields.values(), tournament_id))

    async def in_guild(self, guild_id: int | None, statuses: Sequence[str]) -> list[Tournament]:
        """Tournaments of one server with one of ``statuses``, newest first."""
        marks = ", ".join("?" for _ in statuses)
        rows = await self.db.fetch_all(
            f"SELECT {_T_COLUMNS} FROM tournaments WHERE guild_id IS NOT DISTINCT FROM ?"
            f" AND status IN ({marks}) ORDER BY id DESC",
            (guild_id, *statuses),
        )
        return [_tournament(row) for row in rows]

    async def with_status(self, statuses: Sequence[str]) -> list[Tournament]:
        """Every tournament with one of ``statuses``, oldest first (the scheduler's list)."""
        marks = ", ".join("?" for _ in statuses)
        rows = await self.db.fetch_all(
            f"SELECT {_T_COLUMNS} FROM tournaments WHERE status IN ({marks}) ORDER BY id", tuple(statuses)
        )
        return [_tournament(row) for row in rows]

    # --- Entrants -------------------------------------------------------------------------

    async def add_entrant(self, tournament_id: int, user_id: int, now: float) -> bool:
        """Sign a player up; False when already signed up."""
        async with self.db.transaction() as db:
            added = await db.execute(
                "INSERT INTO entrants (tournament_id, user_id, joined_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING",
                (tournament_id, user_id, now),
            )
            return added == 1

    async def remove_entrant(self, tournament_id: int, user_id: int) -> bool:
        """Take a player off the list before the start; False when not on it."""
        async with self.db.transaction() as db:
            removed = await db.execute(
                "DELETE FROM entrants WHERE tournament_id = ? AND user_id = ?", (tournament_id, user_id)
            )
            return removed == 1

    async def entrants(self, tournament_id: int) -> list[Entrant]:
        """Every entrant, by seed, then sign-up order."""
        rows = await self.db.fetch_all(
            "SELECT user_id, joined_at, seed, status, checked_in FROM entrants WHERE tournament_id = ?"
            " ORDER BY seed, joined_at, rowid",
            (tournament_id,),
        )
        return [Entrant(row[0], row[1], row[2], row[3], bool(row[4])) for row in rows]

    async def set_entrant(self, tournament_id: int, user_id: int, **fields: Any) -> None:
        """Change an entrant's status, seed or check-in."""
        allowed = {"status", "seed", "checked_in"}
        if set(fields) - allowed:
            raise ValueError(f"not writable: {sorted(set(fields) - allowed)}")
        assignments = ", ".join(f"{name} = ?" for name in fields)
        async with self.db.transaction() as db:
            await db.execute(
                f"UPDATE entrants SET {assignments} WHERE tournament_id = ? AND user_id = ?",
                (*fields.values(), tournament_id, user_id),
            )

    async def drop_unchecked(self, tournament_id: int) -> list[int]:
        """Remove entrants who did not check in; returns who was removed."""
        rows = await self.db.fetch_all(
            "SELECT user_id FROM entrants WHERE tournament_id = ? AND checked_in = 0", (tournament_id,)
        )
        async with self.db.transaction() as db:
            await db.execute("DELETE FROM entrants WHERE tournament_id = ? AND checked_in = 0", (tournament_id,))
        return [row[0] for row in rows]

    async def set_seeds(self, tournament_id: int, seeded: Sequence[int]) -> None:
        """Fix the seeds (1 = top) when the tournament starts."""
        async with self.db.transaction() as db:
            await db.executemany(
                "UPDATE entrants SET seed = ? WHERE tournament_id = ? AND user_id = ?",
                [(number, tournament_id, user) for number, user in enumerate(seeded, start=1)],
            )

    # --- Tables -------------------------------------------------------------------------------

    async def start_round(
        self,
        tournament_id: int,
        round_: int,
        tables: Sequence[tuple[int, ...]],
        *,
        deadline: float | None,
        announcement: Mapping[str, Any],
        now: float,
    ) -> None:
        """Write a round's tables (byes settled at once), move the tournament to it, and announce it."""
        async with self.db.transaction() as db:
            await db.executemany(
                f"INSERT INTO tournament_tables ({_TABLE_COLUMNS}) VALUES (?, ?, ?, ?, NULL, ?, ?)",
                [
                    (
                        tournament_id,
                        round_,
                        number,
                        json.dumps(list(players)),
                        json.dumps([1]) if len(players) == 1 else None,
                        "bye" if len(players) == 1 else None,
                    )
                    for number, players in enumerate(tables, start=1)
                ],
            )
            await db.execute(
                "UPDATE tournaments SET current_round = ?, round_deadline = ?, paused_left = NULL WHERE id = ?",
                (round_, deadline, tournament_id),
            )
            await _announce(db, tournament_id, announcement, now)
        self.store.outbox_written()

    async def tables(self, tournament_id: int, round_: int | None = None) -> list[Table]:
        """Tables of one round (or all), by round and table number."""
        where, params = ("AND round = ?", (tournament_id, round_)) if round_ is not None else ("", (tournament_id,))
        rows = await self.db.fetch_all(
            f"SELECT {_TABLE_COLUMNS} FROM tournament_tables WHERE tournament_id = ? {where} ORDER BY round, table_no",
            params,
        )
        return [_table(row) for row in rows]

    async def table_of_match(self, match_id: int) -> Table | None:
        """The tournament table a match is played at, if any."""
        rows = await self.db.fetch_all(
            f"SELECT {_TABLE_COLUMNS} FROM tournament_tables WHERE match_id = ?", (match_id,)
        )
        return _table(rows[0]) if rows else None

    async def set_table_match(self, table: Table, match_id: int) -> None:
        """Remember the match created for a table."""
        async with self.db.transaction() as db:
            await db.execute(
                "UPDATE tournament_tables SET match_id = ? WHERE tournament_id = ? AND round = ? AND table_no = ?",
                (match_id, table.tournament_id, table.round, table.table_no),
            )

    async def settle(self, table: Table, places: Sequence[int], settled_by: str, *, overwrite: bool = False) -> bool:
        """Record a table's result (places by seat); False when it already had one and ``overwrite`` is off."""
        guard = "" if overwrite else " AND places_json IS NULL"
        async with self.db.transaction() as db:
            changed = await db.execute(
                "UPDATE tournament_tables SET places_json = ?, settled_by = ?"
                f" WHERE tournament_id = ? AND round = ? AND table_no = ?{guard}",
                (json.dumps(list(places)), settled_by, table.tournament_id, table.round, table.table_no),
            )
            return changed == 1

    # --- Log and announcements ----------------------------------------------------------------

    async def log(
        self, tournament_id: int, actor: int, action: str, detail: Mapping[str, Any], reason: str, now: float
    ) -> None:
        """Write an organiser's action to the log."""
        async with self.db.transaction() as db:
            await db.execute(
                "INSERT INTO tournament_log (tournament_id, at, actor, action, detail_json, reason)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (tournament_id, now, actor, action, json.dumps(dict(detail)), reason),
            )

    async def log_entries(self, tournament_id: int) -> list[LogEntry]:
        """The log, oldest first."""
        rows = await self.db.fetch_all(
            "SELECT at, actor, action, detail_json, reason FROM tournament_log WHERE tournament_id = ? ORDER BY id",
            (tournament_id,),
        )
        return [LogEntry(row[0], row[1], row[2], json.loads(row[3]), row[4]) for row in rows]

    async def announce(self, tournament_id: int, payload: Mapping[str, Any], now: float) -> None:
        """Queue a post for the adapter."""
        async with self.db.transaction() as db:
            await _announce(db, tournament_id, payload, now)
        self.store.outbox_written()

    async def due_announcements(self, limit: int = 50) -> list[Announcement]:
        """Posts not yet delivered, oldest first."""
        rows = await self.db.fetch_all(
            "SELECT id, tournament_id, payload_json, attempts FROM tournament_outbox WHERE delivered_at IS NULL"
            " ORDER BY id LIMIT ?",
            (limit,),
        )
        return [Announcement(row[0], row[1], json.loads(row[2]), row[3]) for row in rows]

    async def claim_announcements(
        self, owner: str, now: float, lease_until: float, limit: int = 50
    ) -> list[Announcement]:
        """Claim posts not yet delivered for ``owner`` until ``lease_until``, oldest first (:mod:`bot.store.leases`)."""
        rows = await Claim(
            table="tournament_outbox",
            key="id",
            due="{row}.delivered_at IS NULL",
            params=(),
            order="{row}.id",
            limit=limit,
            owner=owner,
            now=now,
            lease_until=lease_until,
            returning="id, tournament_id, payload_json, attempts",
        ).run(self.db)
        return sorted((Announcement(row[0], row[1], json.loads(row[2]), row[3]) for row in rows), key=lambda a: a.id)

    async def release_announcement(self, owner: str, announcement_id: int) -> None:
        """Give back ``owner``'s claim on a post not delivered yet (it is tried again later)."""
        await release(self.db, table="tournament_outbox", where="id = ?", params=(announcement_id,), owner=owner)

    async def claim_tournament(self, owner: str, tournament_id: int, now: float, lease_until: float) -> bool:
        """Claim a tournament's timed work for ``owner`` until ``lease_until``; whether it is now theirs.

        Free, expired or already ``owner``'s (the lease is then renewed): claimed. Held by a
        live lease of another process, or being claimed by one this instant: not.
        """
        rows = await Claim(
            table="tournaments",
            key="id",
            due="{row}.id = ?",
            params=(tournament_id,),
            limit=1,
            owner=owner,
            now=now,
            lease_until=lease_until,
            returning="id",
            renew=True,
        ).run(self.db)
        return bool(rows)

    async def release_tournament(self, owner: str, tournament_id: int) -> None:
        """Give back ``owner``'s claim on a tournament's timed work."""
        await release(self.db, table="tournaments", where="id = ?", params=(tournament_id,), owner=owner)

    async def delivered(self, announcement_id: int, now: float) -> None:
        """Mark a post delivered (or given up)."""
        async with self.db.transaction() as db:
            await db.execute("UPDATE tournament_outbox SET delivered_at = ? WHERE id = ?", (now, announcement_id))

    async def failed(self, announcement_id: int) -> None:
        """Count a failed delivery attempt (and release its claim: the next round tries again)."""
        async with self.db.transaction() as db:
            await db.execute(
                "UPDATE tournament_outbox SET attempts = attempts + 1, claimed_by = NULL, lease_until = NULL"
                " WHERE id = ?",
                (announcement_id,),
            )

    async def prune_announcements(self, before: float, limit: int = 500) -> int:
        """Delete up to ``limit`` posts delivered (or given up) before ``before``; how many.

        The same contract as the match outbox's ``prune_outbox``: one short transaction per
        call, by the ``tournament_outbox_due`` index on ``delivered_at``, so that a caller
        deleting a backlog in a loop never holds the write lock for long. Undelivered posts
        (``delivered_at`` NULL) are never deleted.
        """
        async with self.db.transaction() as db:
            return await db.execute(
                "DELETE FROM tournament_outbox WHERE id IN (SELECT id FROM tournament_outbox"
                " WHERE delivered_at IS NOT NULL AND delivered_at < ? LIMIT ?)",
                (before, limit),
            )

    # --- Ratings ----------------------------------------------------------------------------------

    async def ratings(self, guild_id: int | None, game_key: str, users: Iterable[int]) -> dict[int, Rating]:
        """Stored ratings of these users (absent users have none yet)."""
        wanted = list(users)
        if not wanted:
            return {}
        marks = ", ".join("?" for _ in wanted)
        rows = await self.db.fetch_all(
            "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND game_key = ?"
            f" AND user_id IN ({marks})",
            (guild_id or 0, game_key, *wanted),
        )
        return {row[0]: Rating(row[1], row[2], row[3]) for row in rows}

    async def user_ratings(self, guild_id: int | None, user_id: int) -> dict[str, Rating]:
        """One user's ratings on a server, by game."""
        rows = await self.db.fetch_all(
            "SELECT game_key, mu, sigma, games FROM ratings WHERE guild_id = ? AND user_id = ? ORDER BY game_key",
            (guild_id or 0, user_id),
        )
        return {row[0]: Rating(row[1], row[2], row[3]) for row in rows}

    async def leaderboard(self, guild_id: int | None, game_key: str, limit: int) -> list[tuple[int, Rating]]:
        """The best ratings of a game on a server (by mu − 3·sigma)."""
        rows = await self.db.fetch_all(
            "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND game_key = ?"
            " ORDER BY mu - 3 * sigma DESC, games DESC, user_id LIMIT ?",
            (guild_id or 0, game_key, limit),
        )
        return [(row[0], Rating(row[1], row[2], row[3])) for row in rows]

    async def record_rating(
        self,
        match_id: int,
        guild_id: int | None,
        game_key: str,
        places: Mapping[int, int],
        before: Mapping[int, Rating],
        after: Mapping[int, Rating],
        now: float,
    ) -> bool:
        """Store a match's rating changes once; False (and nothing written) if it was already rated."""
        async with self.db.transaction() as db:
            await db.lock_row("matches", "id", match_id)  # two finishers of one match rate it once
            if await db.fetch_one("SELECT 1 FROM rating_changes WHERE match_id = ? LIMIT 1", (match_id,)):
                return False
            await db.executemany(
                "INSERT INTO rating_changes (match_id, user_id, place, before_mu, before_sigma, after_mu, after_sigma,"
                " at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                [
                    (match_id, u, places[u], before[u].mu, before[u].sigma, after[u].mu, after[u].sigma, now)
                    for u in places
                ],
            )
            await db.executemany(
                "INSERT INTO ratings (guild_id, game_key, user_id, mu, sigma, games, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game_key, user_id) DO UPDATE SET"
                " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games, updated_at = excluded.updated_at",
                [(guild_id or 0, game_key, u, after[u].mu, after[u].sigma, after[u].games, now) for u in places],
            )
        return True

    async def rating_changes(self, match_id: int) -> dict[int, tuple[Rating, Rating]]:
        """(before, after) by user for a rated match."""
        rows = await self.db.fetch_all(
            "SELECT user_id, before_mu, before_sigma, after_mu, after_sigma FROM rating_changes WHERE match_id = ?",
            (match_id,),
        )
        return {row[0]: (Rating(row[1], row[2]), Rating(row[3], row[4])) for row in rows}

    async def rating_history(self, guild_id: int | None, game_key: str) -> list[dict[int, int]]:
        """Places by user of every rated match of a game on a server, in the order they were rated."""
        rows = await self.db.fetch_all(
            "SELECT rc.match_id, rc.user_id, rc.place FROM rating_changes rc JOIN matches m ON m.id = rc.match_id"
            " WHERE m.guild_id IS NOT DISTINCT FROM ? AND m.game_key = ? ORDER BY rc.rowid",
            (guild_id, game_key),
        )
        history: dict[int, dict[int, int]] = {}
        for match_id, user_id, place in rows:
            history.setdefault(match_id, {})[user_id] = place
        return list(history.values())


async def _announce(db: Transaction, tournament_id: int, payload: Mapping[str, Any], now: float) -> None:
    await db.execute(
        "INSERT INTO tournament_outbox (tournament_id, payload_json, created_at) VALUES (?, ?, ?)",
        (tournament_id, json.dumps(dict(payload)), now),
    )
