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
- Some work must be done in order: a destination's notifications (:data:`OUTBOX_LINE`). A
  claim in lines (:attr:`Claim.line`) takes a row only with, or after, the earlier ones of
  its line, so that two processes never send one destination's news out of order.
- Finishing a piece of work marks it done (the outbox's ``done_at``) or releases the claim
  (:func:`release`), so the next due moment of the same row is claimable at once.

Lease times are on the service's clock, like every other time the store keeps.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from bot.records import ClockRecord, MatchRecord, NewNotification, Notification, UserRecord
from bot.store.database import Database, Dialect, Row
from bot.store.matches import _CLOCK_COLUMNS, MatchRows, _queue, _write_clocks, known_notifications
from bot.store.people import _USER_COLUMNS, _user_from_row

FREE: Final = "({row}.lease_until IS NULL OR {row}.lease_until <= ?)"
"""A row no live process holds: never claimed, released, or its lease has run out."""


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim of up to ``limit`` rows of ``table`` that are ``due`` and free, for ``owner`` until ``lease_until``.

    Conditions and expressions name the row they speak of as ``{row}`` (the statement
    joins a table to itself for a line, so no column can go unqualified). ``key`` names
    the row's key columns, ``due`` is a condition with ``params``, ``order`` which due rows
    come first (None: any, so that a condition of ORs may use each its index).
    ``renew``: rows ``owner`` already holds count as free too (their lease is extended).

    ``line``: expressions that put rows in lines (the outbox's destination: a match's
    board, its lobby post, one seat's messages), each line served in ``key`` order (one
    column; the claim takes rows oldest first, so ``order`` stays None) by one claimer at
    a time. A row is claimed only with every ``pending`` row
    before it in its line (``pending``: one still to be settled, e.g. not delivered) and
    only if that line's first pending row is claimed by this statement too: a row behind
    one held by another process, or put off to a later attempt, waits, so that what one
    process sends never overtakes what another is sending. Settled rows (delivered or
    given up) hold no line.
    """

    table: str
    key: str
    due: str
    params: tuple[Any, ...]
    returning: str
    owner: str
    now: float
    lease_until: float
    order: str | None = None
    limit: int = 500
    renew: bool = False
    line: tuple[str, ...] = ()
    pending: str = ""

    def __post_init__(self) -> None:
        if self.line and (self.order is not None or "," in self.key or not self.pending):
            raise ValueError("a claim in lines takes rows by its one key column and needs what is pending")

    def statement(self, dialect: Dialect) -> tuple[str, tuple[Any, ...]]:
        """The statement :meth:`run` runs and its parameters (the plan tests explain the same one).

        One ``UPDATE`` whose subquery chooses the rows (``o``). On PostgreSQL the subquery's
        ``FOR UPDATE SKIP LOCKED`` passes over rows another claimer holds, and re-checks a
        row claimed and committed meanwhile, so two claimers never get the same row; on
        SQLite the same statement less the locking clause (the write transaction holds the
        file). The rows locked are updated by their physical address (``ctid``, which no one
        else can change while the lock is held): a TID scan, where a join on the key lets the
        planner scan the whole table once it is large.

        With a ``line``, each row comes joined to its line's first pending row (``h``, the
        head), which must be due and free too, and only the heads are locked in the choice
        (``FOR UPDATE OF h``): of claimers racing for a line only the one that locks its head
        takes any of it (its head first: the head is the line's first row, so it sorts first);
        the others skip the whole line, and a head claimed and committed by another meanwhile
        fails the re-check. A row whose line has a pending row before it that is not due or not
        free is kept: the first such row is looked up per row (a ``min`` the planner serves
        from the line's index, where ``NOT EXISTS`` became a join reading every row not ready,
        all of the outbox on a small table, each claim). Locking the rows too in the choice would let a claimer
        that loses the re-check keep some of a line's rows locked for a moment, and the
        winner, skipping them, take the rows after them: news out of order. The chosen rows
        are locked afterwards (``SKIP LOCKED`` again: a row is only ever held there by a
        process whose lease ran out, or by a match being deleted, and no claim waits on it).
        """
        ready, values = self._ready("o")
        source = f"{self.table} o"
        if self.line:

            def same(row: str) -> str:
                return " AND ".join(f"{column.format(row=row)} = {column.format(row='o')}" for column in self.line)

            head = f"SELECT min(f.{self.key}) FROM {self.table} f WHERE {same('f')} AND {self._pending('f')}"
            source = f"{source} JOIN {self.table} h ON h.{self.key} = ({head})"
            head_ready, head_values = self._ready("h")
            waiting_ready, waiting_values = self._ready("e")
            ready += (
                f" AND {head_ready} AND (SELECT min(e.{self.key}) FROM {self.table} e WHERE {same('e')}"
                f" AND e.{self.key} < o.{self.key} AND {self._pending('e')} AND NOT ({waiting_ready})) IS NULL"
            )
            values += head_values + waiting_values
            order: str | None = f"o.{self.key}"
        else:
            order = self.order.format(row="o") if self.order else None
        ordered = f" ORDER BY {order}" if order else ""
        chosen = f"FROM {source} WHERE {ready}{ordered} LIMIT ?"
        if dialect == "postgresql":
            rows = f"SELECT o.ctid {chosen}"
            if self.line:
                rows = f"SELECT ctid FROM {self.table} WHERE ctid = ANY(ARRAY({rows} FOR UPDATE OF h SKIP LOCKED))"
            where = f"ctid = ANY(ARRAY({rows} FOR UPDATE SKIP LOCKED))"
        else:
            keys = ", ".join(f"o.{column.strip()}" for column in self.key.split(","))
            where = f"({self.key}) IN (SELECT {keys} {chosen})"
        sql = f"UPDATE {self.table} SET claimed_by = ?, lease_until = ? WHERE {where} RETURNING {self.returning}"
        return sql, (self.owner, self.lease_until, *values, self.limit)

    async def run(self, db: Database) -> list[Row]:
        """Claim the rows in one transaction; their ``returning`` columns, in no particular order (the caller sorts)."""
        sql, values = self.statement(db.dialect)
        async with db.transaction() as tx:
            return await tx.fetch_all(sql, values)

    def _ready(self, row: str) -> tuple[str, tuple[Any, ...]]:
        """The condition on ``row`` (an alias) of a row the claim may take: due and free; its parameters."""
        free, params = FREE.format(row=row), (*self.params, self.now)
        if self.renew:
            free, params = f"({free} OR {row}.claimed_by = ?)", (*params, self.owner)
        return f"({self.due.format(row=row)}) AND {free}", params

    def _pending(self, row: str) -> str:
        """The condition on ``row`` of a row that still holds its place in its line (no parameters)."""
        return self.pending.format(row=row)


async def release(db: Database, *, table: str, where: str, params: Sequence[Any], owner: str) -> None:
    """Give back ``owner``'s claim on the rows ``where`` names (a claim taken over by another stays theirs)."""
    async with db.transaction() as tx:
        await tx.execute(
            f"UPDATE {table} SET claimed_by = NULL, lease_until = NULL WHERE {where} AND claimed_by = ?",
            (*params, owner),
        )


OUTBOX_LINE: Final = ("{row}.match_id", "{row}.kind", "COALESCE({row}.seat, -1)")
"""Where a notification goes: a match's board, its lobby post, or one seat's direct messages.

Each destination's notifications are delivered in the order they were queued (a player
reads "A played" before "B played"), whichever process delivers them; different
destinations, of one match or of many, go in parallel. (A board post has no seat.)
"""


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
        """Claim undelivered notifications whose next attempt is due, oldest first, in order per destination.

        A notification is claimed only together with, or after, the earlier undelivered ones
        of its destination (:data:`OUTBOX_LINE`): while one is claimed by another process or
        put off to a later attempt, the ones queued after it wait. They stay claimed until
        delivered or given up (``finish_notifications``: then they hold up nothing), put off
        (``retry_notifications`` releases them) or the lease runs out.
        """
        rows = await Claim(
            table="outbox",
            key="id",
            due="{row}.done_at IS NULL AND {row}.next_attempt_at <= ?",
            params=(now,),
            limit=limit,
            owner=owner,
            now=now,
            lease_until=lease_until,
            returning="id, match_id, kind, seat, version, payload_json, attempts",
            line=OUTBOX_LINE,
            pending="{row}.done_at IS NULL",
        ).run(self._db)
        return sorted(known_notifications(rows), key=lambda n: n.id)

    async def claim_clocks(
        self, owner: str, due_by: float, now: float, lease_until: float, limit: int = 500
    ) -> list[ClockRecord]:
        """Claim clocks whose deadline or next reminder is at or before ``due_by``, earliest first.

        ``due_by`` is ``now`` for the timer loop; the catch-up after downtime passes an
        earlier moment, to take only what nobody handled for a while.
        """
        rows = await Claim(
            table="clocks",
            key="match_id, seat",
            due="{row}.deadline <= ? OR {row}.remind_at <= ?",
            params=(due_by, due_by),
            order="CASE WHEN {row}.remind_at IS NULL OR {row}.deadline <= {row}.remind_at THEN {row}.deadline"
            " ELSE {row}.remind_at END, {row}.match_id, {row}.seat",
            limit=limit,
            owner=owner,
            now=now,
            lease_until=lease_until,
            returning=_CLOCK_COLUMNS,
        ).run(self._db)
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
        rows = await Claim(
            table="users",
            key="user_id",
            due="{row}.vacation_until <= ? OR {row}.next_digest_at <= ?",
            params=(now, now),
            limit=limit,
            owner=owner,
            now=now,
            lease_until=lease_until,
            returning=_USER_COLUMNS,
        ).run(self._db)
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
