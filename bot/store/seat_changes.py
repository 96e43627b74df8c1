"""The rows of take-backs and substitutes (issue 16): taken-back moves, requests, seat offers.

Kept apart from :mod:`bot.store.matches` so that a second backend ports them as one small
unit. The two match-changing writes here (:meth:`SeatChangeRows.take_back_move` and
:meth:`SeatChangeRows.substitute_seat`) are guarded by the match version, like every other
write of a match, and queue their notifications in the same transaction. Portable SQL only
(``ON CONFLICT``, ``RETURNING``, no ``IS ?``).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from bot.dbfile import StoreError
from bot.records import (
    ClockRecord,
    NewNotification,
    OfferStatus,
    SeatOffer,
    Substitution,
    TakeBackRequest,
    TakenBackMove,
)
from bot.store.base import StoreBase, VersionConflict
from bot.store.matches import _queue, _write_clocks, queue_at_current_version

_OFFER_COLUMNS = "id, match_id, seat, from_user, offered_by, to_user, volunteer, status, created_at"


class SeatChangeRows(StoreBase):
    """Taken-back moves, take-back requests, seat offers, substitutions, tournaments' consent."""

    # --- Take-backs ---------------------------------------------------------------------------

    async def take_back_move(
        self,
        match_id: int,
        expected_version: int,
        *,
        now: float,
        ply: int,
        state_json: str,
        clocks: Iterable[ClockRecord],
        notifications: Iterable[NewNotification],
    ) -> int:
        """Move the log's move ``ply`` (its last) to the taken-back moves and set the state back.

        One transaction, guarded by the match version; any open request is closed with it.

        Raises:
            VersionConflict: the match is no longer at ``expected_version`` (nothing written).
        """
        new_version = expected_version + 1
        async with self._db.transaction() as db:
            changed = await db.execute(
                "UPDATE matches SET state_json = ?, ply = ?, draw_offers = 0, version = ?, updated_at = ?"
                " WHERE id = ? AND version = ? AND ply = ?",
                (state_json, ply, new_version, now, match_id, expected_version, ply + 1),
            )
            if changed != 1:
                raise VersionConflict(match_id)
            await db.execute(
                "INSERT INTO taken_back_moves (match_id, ply, seat, code, played_at, taken_back_at, events_json)"
                " SELECT match_id, ply, seat, code, created_at, ?, coalesce(events_json, '[]') FROM moves"
                " WHERE match_id = ? AND ply = ?",
                (now, match_id, ply),
            )
            await db.execute("DELETE FROM moves WHERE match_id = ? AND ply = ?", (match_id, ply))
            await db.execute("DELETE FROM takeback_requests WHERE match_id = ?", (match_id,))
            await _write_clocks(db, match_id, clocks)
            queued = await _queue(db, match_id, new_version, notifications, now)
        if queued:
            self.outbox_written()
        return new_version

    async def taken_back_moves(self, match_id: int) -> list[TakenBackMove]:
        """The moves of a match that were taken back, in the order they were played."""
        rows = await self._db.fetch_all(
            "SELECT ply, seat, code, played_at, taken_back_at, events_json FROM taken_back_moves"
            " WHERE match_id = ? ORDER BY played_at, ply",
            (match_id,),
        )
        return [TakenBackMove(r[0], r[1], r[2], r[3], r[4], json.loads(r[5])) for r in rows]

    async def takeback_request(self, match_id: int) -> TakeBackRequest | None:
        """The match's open take-back request, if any (it may be out of date: compare its version)."""
        rows = await self._db.fetch_all(
            "SELECT match_id, version, seat, agreed, created_at FROM takeback_requests WHERE match_id = ?", (match_id,)
        )
        return TakeBackRequest(*rows[0]) if rows else None

    async def open_takeback_request(
        self, match_id: int, version: int, seat: int, now: float, notifications: Iterable[NewNotification] = ()
    ) -> None:
        """Open (or replace an out-of-date) request of ``seat`` at ``version``, nobody agreed yet.

        ``notifications`` (the request's post) are queued in the same transaction: a request is
        never open without its post, and a post never goes out for a request that is not.
        """
        async with self._db.transaction() as db:
            await db.execute(
                "INSERT INTO takeback_requests (match_id, version, seat, agreed, created_at) VALUES (?, ?, ?, 0, ?)"
                " ON CONFLICT (match_id) DO UPDATE SET version = excluded.version, seat = excluded.seat,"
                " agreed = 0, created_at = excluded.created_at",
                (match_id, version, seat, now),
            )
            queued = await _queue(db, match_id, version, notifications, now)
        if queued:
            self.outbox_written()

    async def agree_to_takeback(self, match_id: int, version: int, seat: int) -> int | None:
        """Add ``seat``'s agreement to the request at ``version``; the agreed mask, or None if there is none."""
        async with self._db.transaction() as db:
            row = await db.fetch_one(
                "UPDATE takeback_requests SET agreed = agreed | ? WHERE match_id = ? AND version = ? RETURNING agreed",
                (1 << seat, match_id, version),
            )
        return None if row is None else int(row[0])

    async def close_takeback_request(
        self, match_id: int, version: int, now: float, notifications: Iterable[NewNotification] = ()
    ) -> bool:
        """Drop the request at ``version`` (a refusal); whether there was one.

        ``notifications`` (the refusal's post) are queued in the same transaction, only if there was.
        """
        queued: list[tuple[Any, ...]] = []
        async with self._db.transaction() as db:
            row = await db.fetch_one(
                "DELETE FROM takeback_requests WHERE match_id = ? AND version = ? RETURNING match_id",
                (match_id, version),
            )
            if row is not None:
                queued = await _queue(db, match_id, version, notifications, now)
        if queued:
            self.outbox_written()
        return row is not None

    # --- Seat offers ----------------------------------------------------------------------------

    async def create_seat_offer(
        self,
        match_id: int,
        seat: int,
        from_user: int,
        offered_by: int,
        to_user: int | None,
        now: float,
        notifications: Iterable[NewNotification] = (),
    ) -> SeatOffer:
        """A new open offer of ``seat``; older open offers of the same seat are withdrawn.

        ``notifications`` (the offer's post) are queued in the same transaction, at the
        match's version of the moment: an offer is never open without its post on its way.
        """
        async with self._db.transaction() as db:
            await db.execute(
                "UPDATE seat_offers SET status = 'withdrawn' WHERE match_id = ? AND seat = ? AND status = 'open'",
                (match_id, seat),
            )
            row = await db.fetch_one(
                "INSERT INTO seat_offers (match_id, seat, from_user, offered_by, to_user, status, created_at)"
                f" VALUES (?, ?, ?, ?, ?, 'open', ?) RETURNING {_OFFER_COLUMNS}",
                (match_id, seat, from_user, offered_by, to_user, now),
            )
            if row is None:
                raise StoreError(f"no seat offer was created for match {match_id}")
            queued = await queue_at_current_version(db, match_id, notifications, now)
        if queued:
            self.outbox_written()
        return _offer(row)

    async def seat_offer(self, offer_id: int) -> SeatOffer | None:
        """The offer with this id, or None."""
        rows = await self._db.fetch_all(f"SELECT {_OFFER_COLUMNS} FROM seat_offers WHERE id = ?", (offer_id,))
        return _offer(rows[0]) if rows else None

    async def open_seat_offer(self, match_id: int, seat: int) -> SeatOffer | None:
        """The open offer of ``seat`` in the match (a newer offer withdraws the older), or None."""
        rows = await self._db.fetch_all(
            f"SELECT {_OFFER_COLUMNS} FROM seat_offers WHERE match_id = ? AND seat = ? AND status = 'open'"
            " ORDER BY id DESC LIMIT 1",
            (match_id, seat),
        )
        return _offer(rows[0]) if rows else None

    async def volunteer_for(self, offer_id: int, user_id: int) -> bool:
        """Name ``user_id`` the volunteer of an open call that has none yet; whether it took."""
        async with self._db.transaction() as db:
            row = await db.fetch_one(
                "UPDATE seat_offers SET volunteer = ? WHERE id = ? AND status = 'open' AND to_user IS NULL"
                " AND volunteer IS NULL RETURNING id",
                (user_id, offer_id),
            )
        return row is not None

    async def withdraw_seat_offer(self, offer_id: int) -> bool:
        """Withdraw an open offer; whether it was open."""
        async with self._db.transaction() as db:
            row = await db.fetch_one(
                "UPDATE seat_offers SET status = 'withdrawn' WHERE id = ? AND status = 'open' RETURNING id",
                (offer_id,),
            )
        return row is not None

    # --- Substitutions ------------------------------------------------------------------------

    async def substitute_seat(
        self,
        match_id: int,
        expected_version: int,
        *,
        now: float,
        offer_id: int,
        seat: int,
        leaver: int,
        substitute: int,
        confirmed_by: int | None,
        clocks: Iterable[ClockRecord],
        notifications: Iterable[NewNotification],
    ) -> int:
        """Give ``seat`` to ``substitute`` (played by a person again), record it, close the offer.

        One transaction, guarded by the match version and by the offer still being open.

        Raises:
            VersionConflict: the match changed or the offer is no longer open (nothing written).
        """
        new_version = expected_version + 1
        async with self._db.transaction() as db:
            changed = await db.execute(
                "UPDATE seat_offers SET status = 'done' WHERE id = ? AND status = 'open'", (offer_id,)
            )
            if changed != 1:
                raise VersionConflict(match_id)
            changed = await db.execute(
                "UPDATE matches SET version = ?, updated_at = ? WHERE id = ? AND version = ?",
                (new_version, now, match_id, expected_version),
            )
            if changed != 1:
                raise VersionConflict(match_id)
            await db.execute(
                "UPDATE seats SET user_id = ?, autopilot = 0 WHERE match_id = ? AND seat = ?",
                (substitute, match_id, seat),
            )
            await db.execute(
                "INSERT INTO substitutions (match_id, seat, leaver, substitute, confirmed_by, at)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (match_id, seat, leaver, substitute, confirmed_by, now),
            )
            await db.execute("DELETE FROM standing_answers WHERE match_id = ? AND seat = ?", (match_id, seat))
            await _write_clocks(db, match_id, clocks)
            queued = await _queue(db, match_id, new_version, notifications, now)
        if queued:
            self.outbox_written()
        return new_version

    async def substitutions(self, match_id: int) -> list[Substitution]:
        """The seats of a match that changed hands, in order."""
        rows = await self._db.fetch_all(
            "SELECT match_id, seat, leaver, substitute, confirmed_by, at FROM substitutions WHERE match_id = ?"
            " ORDER BY id",
            (match_id,),
        )
        return [Substitution(*row) for row in rows]

    async def matches_left(self, user_id: int, guild_id: int | None) -> dict[str, int]:
        """Per game, how many matches ``user_id`` left to a substitute on this server (None: no server)."""
        where = "m.guild_id = ?" if guild_id is not None else "m.guild_id IS NULL"
        params: tuple[Any, ...] = (user_id, guild_id) if guild_id is not None else (user_id,)
        rows = await self._db.fetch_all(
            "SELECT m.game_key, count(DISTINCT s.match_id) FROM substitutions s JOIN matches m ON m.id = s.match_id"
            f" WHERE s.leaver = ? AND {where} GROUP BY m.game_key",
            params,
        )
        return {row[0]: int(row[1]) for row in rows}

    # --- Tournaments' consent -----------------------------------------------------------------

    async def tournament_of_match(self, match_id: int) -> tuple[int, int, bool] | None:
        """(tournament, organiser, substitutes allowed) of a tournament game, or None."""
        rows = await self._db.fetch_all(
            "SELECT t.id, t.organiser_id, coalesce(ts.allowed, 0) FROM tournament_tables tt"
            " JOIN tournaments t ON t.id = tt.tournament_id"
            " LEFT JOIN tournament_substitutes ts ON ts.tournament_id = t.id WHERE tt.match_id = ?",
            (match_id,),
        )
        return (int(rows[0][0]), int(rows[0][1]), bool(rows[0][2])) if rows else None

    async def tournament_organiser(self, tournament_id: int, guild_id: int | None) -> int | None:
        """The organiser of a tournament of this server (None: no such tournament here)."""
        where = "guild_id = ?" if guild_id is not None else "guild_id IS NULL"
        params: tuple[Any, ...] = (tournament_id, guild_id) if guild_id is not None else (tournament_id,)
        rows = await self._db.fetch_all(f"SELECT organiser_id FROM tournaments WHERE id = ? AND {where}", params)
        return int(rows[0][0]) if rows else None

    async def allow_tournament_substitutes(self, tournament_id: int, allowed: bool) -> None:
        """Record whether a tournament's games may take substitutes."""
        async with self._db.transaction() as db:
            await db.execute(
                "INSERT INTO tournament_substitutes (tournament_id, allowed) VALUES (?, ?)"
                " ON CONFLICT (tournament_id) DO UPDATE SET allowed = excluded.allowed",
                (tournament_id, int(allowed)),
            )


def _offer(row: Any) -> SeatOffer:
    return SeatOffer(row[0], row[1], row[2], row[3], row[4], row[5], row[6], OfferStatus(row[7]), row[8])
