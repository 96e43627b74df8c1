"""Claiming background work with a lease, so that several processes share it instead of repeating it.

Every piece of background work is a row: a notification to deliver (``outbox``), a clock
whose deadline or reminder is due (``clocks``), a user whose vacation ends or whose digest
is due (``users``), a tournament whose sign-up closes or whose round is due
(``tournaments``), an announcement to post (``tournament_outbox``). A process does not read
what is due and act on it; it *claims* it first: one statement marks the due, unclaimed rows
with its worker id (``claimed_by``) and a lease (``lease_until``) and returns them.

- On PostgreSQL the rows are chosen with ``SELECT ... FOR UPDATE SKIP LOCKED``: a row another
  process is claiming at the same instant is skipped, not waited for and never taken twice.
- On SQLite the claim runs in a write transaction that holds the whole file (only one process
  may open it anyway); the statement is the same, without the locking clause.
- A row is free when it has no lease or its lease has run out. A process that dies keeps its
  claims only until then; another process takes them over. Nothing is lost; work that was
  done but not yet marked done (a message sent, the process killed before its ``done``) is
  done again: the only duplicates there are.
- Finishing a piece of work marks it done (the outbox's ``done_at``) or releases the claim
  (:func:`release`), so the next due moment of the same row is claimable at once.

Lease times are on the service's clock, like every other time the store keeps.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Final

from bot.records import ClockRecord, MatchRecord, NewNotification, Notification, NotificationKind, UserRecord
from bot.store.database import Database, Dialect, Row
from bot.store.matches import _CLOCK_COLUMNS, MatchRows, _queue, _write_clocks
from bot.store.people import _USER_COLUMNS, _user_from_row

FREE: Final = "(lease_until IS NULL OR lease_until <= ?)"
"""A row no live process holds: never claimed, released, or its lease has run out."""


async def claim(
    db: Database,
    *,
    table: str,
    key: str,
    due: str,
    params: Sequence[Any],
    order: str | None,
    limit: int,
    owner: str,
    now: float,
    lease_until: float,
    returning: str,
    renew: bool = False,
) -> list[Row]:
    """Claim up to ``limit`` rows of ``table`` that are ``due`` and free, for ``owner`` until ``lease_until``.

    ``key`` names the row's key columns, ``due`` is a condition with ``params``, ``order``
    which due rows come first (None: any, so that a condition of ORs may use each its
    index). Returns the ``returning`` columns of the claimed rows (in no particular order:
    the caller sorts). One transaction: on PostgreSQL the subquery's
    ``FOR UPDATE SKIP LOCKED`` passes over rows another claimer holds, and re-checks a row
    claimed and committed meanwhile, so two claimers never get the same row. ``renew``:
    rows ``owner`` already holds count as free too (their lease is extended).
    """
    sql, values = claim_statement(
        db.dialect,
        table=table,
        key=key,
        due=due,
        params=params,
        order=order,
        limit=limit,
        owner=owner,
        now=now,
        lease_until=lease_until,
        returning=returning,
        renew=renew,
    )
    async with db.transaction() as tx:
        return await tx.fetch_all(sql, values)


def claim_statement(
    dialect: Dialect,
    *,
    table: str,
    key: str,
    due: str,
    params: Sequence[Any],
    order: str | None,
    limit: int,
    owner: str,
    now: float,
    lease_until: float,
    returning: str,
    renew: bool = False,
) -> tuple[str, tuple[Any, ...]]:
    """The statement :func:`claim` runs and its parameters (the plan test explains the same one)."""
    free, free_params = (f"({FREE} OR claimed_by = ?)", (now, owner)) if renew else (FREE, (now,))
    ordered = f" ORDER BY {order}" if order else ""
    chosen = f"FROM {table} WHERE ({due}) AND {free}{ordered} LIMIT ?"
    if dialect == "postgresql":
        # The rows locked by the subquery are updated by their physical address (``ctid``, which
        # no one else can change while the lock is held): a TID scan, where a join on the key
        # lets the planner scan the whole table once it is large.
        where = f"ctid = ANY(ARRAY(SELECT ctid {chosen} FOR UPDATE SKIP LOCKED))"
    else:
        where = f"({key}) IN (SELECT {key} {chosen})"
    sql = f"UPDATE {table} SET claimed_by = ?, lease_until = ? WHERE {where} RETURNING {returning}"
    return sql, (owner, lease_until, *params, *free_params, limit)


async def release(db: Database, *, table: str, where: str, params: Sequence[Any], owner: str) -> None:
    """Give back ``owner``'s claim on the rows ``where`` names (a claim taken over by another stays theirs)."""
    async with db.transaction() as tx:
        await tx.execute(
            f"UPDATE {table} SET claimed_by = NULL, lease_until = NULL WHERE {where} AND claimed_by = ?",
            (*params, owner),
        )


class LeaseRows(MatchRows):
    """Claiming the service's background work: due notifications, clocks and users."""

    async def match_records(self, match_ids: Sequence[int]) -> dict[int, MatchRecord]:
        """The records of many matches at once (a few queries per 500), for work over thousands of clocks."""
        found: dict[int, MatchRecord] = {}
        wanted = list(dict.fromkeys(match_ids))
        for start in range(0, len(wanted), 500):
            chunk = wanted[start : start + 500]
            marks = ", ".join("?" for _ in chunk)
            for record in await self._select_matches(f"WHERE id IN ({marks})", tuple(chunk)):
                found[record.id] = record
        return found

    async def claim_notifications(
        self, owner: str, now: float, lease_until: float, limit: int = 50
    ) -> list[Notification]:
        """Claim undelivered notifications whose next attempt is due, oldest first.

        They stay claimed until delivered (``finish_notifications``), put off
        (``retry_notifications`` releases them) or the lease runs out.
        """
        rows = await claim(
            self._db,
            table="outbox",
            key="id",
            due="done_at IS NULL AND next_attempt_at <= ?",
            params=(now,),
            order="id",
            limit=limit,
            owner=owner,
            now=now,
            lease_until=lease_until,
            returning="id, match_id, kind, seat, version, payload_json, attempts",
        )
        return sorted(
            (Notification(r[0], r[1], NotificationKind(r[2]), r[3], r[4], json.loads(r[5]), r[6]) for r in rows),
            key=lambda n: n.id,
        )

    async def claim_clocks(
        self, owner: str, due_by: float, now: float, lease_until: float, limit: int = 500
    ) -> list[ClockRecord]:
        """Claim clocks whose deadline or next reminder is at or before ``due_by``, earliest first.

        ``due_by`` is ``now`` for the timer loop; the catch-up after downtime passes an
        earlier moment, to take only what nobody handled for a while.
        """
        rows = await claim(
            self._db,
            table="clocks",
            key="match_id, seat",
            due="deadline <= ? OR remind_at <= ?",
            params=(due_by, due_by),
            order="CASE WHEN remind_at IS NULL OR deadline <= remind_at THEN deadline ELSE remind_at END,"
            " match_id, seat",
            limit=limit,
            owner=owner,
            now=now,
            lease_until=lease_until,
            returning=_CLOCK_COLUMNS,
        )
        clocks = [ClockRecord(*row) for row in rows]
        return sorted(clocks, key=lambda c: (_first_due(c), c.match_id, c.seat))

    async def release_clock(self, owner: str, match_id: int, seat: int) -> None:
        """Give back ``owner``'s claim on a clock (its due moment was handled, or failed)."""
        await release(self._db, table="clocks", where="match_id = ? AND seat = ?", params=(match_id, seat), owner=owner)

    async def release_clocks(self, owner: str, keys: Sequence[tuple[int, int]]) -> None:
        """Give back ``owner``'s claims on many clocks, by (match, seat), in one transaction."""
        async with self._db.transaction() as db:
            await db.executemany(
                "UPDATE clocks SET claimed_by = NULL, lease_until = NULL"
                " WHERE match_id = ? AND seat = ? AND claimed_by = ?",
                [(match_id, seat, owner) for match_id, seat in keys],
            )

    async def grace_clocks(self, graced: Sequence[tuple[ClockRecord, NewNotification]], now: float) -> None:
        """Write clocks given a grace period, each with the board post that says so, in one transaction.

        The catch-up after downtime graces thousands of clocks at once: one transaction for
        a batch of them, not two for each (on PostgreSQL, each commit is a round trip).
        """
        async with self._db.transaction() as db:
            for clock, note in graced:
                await _write_clocks(db, clock.match_id, [clock])
                row = await db.fetch_one("SELECT version FROM matches WHERE id = ?", (clock.match_id,))
                await _queue(db, clock.match_id, 0 if row is None else int(row[0]), [note], now)
        if graced:
            self.outbox_written()

    async def claim_users(self, owner: str, now: float, lease_until: float, limit: int = 500) -> list[UserRecord]:
        """Claim users whose vacation has run out or whose digest is due."""
        rows = await claim(
            self._db,
            table="users",
            key="user_id",
            due="vacation_until <= ? OR next_digest_at <= ?",
            params=(now, now),
            order=None,
            limit=limit,
            owner=owner,
            now=now,
            lease_until=lease_until,
            returning=_USER_COLUMNS,
        )
        return sorted((_user_from_row(row) for row in rows), key=lambda u: u.user_id)

    async def release_user(self, owner: str, user_id: int) -> None:
        """Give back ``owner``'s claim on a user (their vacation end or digest was handled)."""
        await release(self._db, table="users", where="user_id = ?", params=(user_id,), owner=owner)

    async def digest_sent(self, user_id: int, sent_at: float) -> None:
        """Clear a user's digest that was due by ``sent_at``, now that it has been sent.

        The digest is cleared *after* it is sent, so a process killed in between sends it
        again rather than never; a digest moved later meanwhile (a new reminder) stays.
        """
        async with self._db.transaction() as db:
            await db.execute(
                "UPDATE users SET next_digest_at = NULL WHERE user_id = ? AND next_digest_at <= ?", (user_id, sent_at)
            )


def _first_due(clock: ClockRecord) -> float:
    """The earlier of a clock's deadline and next reminder (one of them is set: it was due)."""
    moments = [m for m in (clock.deadline, clock.remind_at) if m is not None]
    return min(moments) if moments else 0.0
