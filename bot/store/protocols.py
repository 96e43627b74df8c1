"""What the service needs of a store, as Protocols: the service depends on these, not on a class.

Each Protocol is one subject: matches and their moves, clocks (deadlines and reminders), the
outbox, users and their settings, take-backs and substitutes. :class:`ServiceStore` is all of them together with what a
feature's own repository beside the store needs (:class:`FeatureHost`: the portable
:class:`~bot.store.database.Database` and the outbox signal). Nothing here hands out a
driver's connection: a store is a set of methods that return records.

:class:`bot.store.Store` implements them on both backends (SQLite and PostgreSQL), and the
contract suite (``tests/store/``) runs the same tests against each. A later method that
both backends must offer is added to the Protocol of its subject and to the store, and gets
its contract test: so were the claims of due background work with a lease (``claim_*`` and
``release_*``, :mod:`bot.store.leases`, ``tests/store/test_claims.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from bot.records import (
    OPEN_STATUSES,
    ClockRecord,
    MatchRecord,
    MoveRecord,
    MoveRow,
    NewNotification,
    Notification,
    PlayerRecord,
    SeatOffer,
    Substitution,
    TakeBackRequest,
    TakenBackMove,
    UserRecord,
)
from bot.store.audit_rows import AuditRow
from bot.store.database import Database


class MatchStore(Protocol):
    """Matches, their seats, their move log and standing answers; every change version-guarded."""

    async def create_match(
        self,
        *,
        game_key: str,
        rules_version: int,
        options: dict[str, Any],
        seed: int,
        max_seats: int,
        guild_id: int | None,
        channel_id: int | None,
        creator_id: int,
        now: float,
        time_limit: int | None = None,
        time_bank: int = 0,
        min_completion: int = 0,
        rated: bool = True,
    ) -> int:
        """Insert a match in the lobby with its creator in seat 0; returns its id."""
        ...

    async def get_match(self, match_id: int) -> MatchRecord | None:
        """The match with this id, or None."""
        ...

    async def match_in_channel(self, channel_id: int) -> MatchRecord | None:
        """The newest lobby or active match whose thread (or channel) is ``channel_id``."""
        ...

    async def matches_in_guild(
        self, guild_id: int | None, statuses: Sequence[str] = OPEN_STATUSES, limit: int = 100
    ) -> list[MatchRecord]:
        """Matches of one server with one of ``statuses``, newest first."""
        ...

    async def matches_of_user(self, user_id: int, statuses: Sequence[str] = OPEN_STATUSES) -> list[MatchRecord]:
        """Matches where ``user_id`` holds a seat, newest first."""
        ...

    async def update_match(
        self,
        match_id: int,
        expected_version: int,
        *,
        now: float,
        seats: Sequence[int] | None = None,
        autopilot_seats: Iterable[int] | None = None,
        move: MoveRow | None = None,
        clocks: Iterable[ClockRecord] = (),
        notifications: Iterable[NewNotification] = (),
        audit: AuditRow | None = None,
        **fields: Any,
    ) -> int:
        """Change a match if it is still at ``expected_version`` (else VersionConflict); the new version."""
        ...

    async def set_location(
        self, match_id: int, *, thread_id: int | None = None, lobby_message_id: int | None = None
    ) -> None:
        """Remember where a match lives on Discord."""
        ...

    async def moves(self, match_id: int, *, since_ply: int = 0) -> list[MoveRecord]:
        """The move log from ``since_ply`` on, in order."""
        ...

    async def last_ply_of(self, match_id: int, seat: int, *, chosen_by: str | None = None) -> int | None:
        """The ply of the seat's latest move, or None."""
        ...

    async def has_moved_since(self, match_id: int, seat: int, version: int) -> bool:
        """Whether ``seat`` moved after the match was at ``version``."""
        ...

    async def pack_ended_matches(self, limit: int = 20) -> int:
        """Pack the logs of up to ``limit`` matches that ended before logs were packed; how many."""
        ...

    async def set_standing_answer(self, match_id: int, seat: int, code: str | None) -> None:
        """Remember (or forget) a seat's standing answer."""
        ...

    async def standing_answers(self, match_id: int) -> dict[int, str]:
        """The standing answers of a match, by seat."""
        ...


class ClockStore(Protocol):
    """Deadlines and reminders: the clocks of the seats."""

    async def clocks(self, match_id: int) -> dict[int, ClockRecord]:
        """The clocks of a match, by seat."""
        ...

    async def write_clocks(self, match_id: int, clocks: Iterable[ClockRecord]) -> None:
        """Write clocks outside a match change."""
        ...

    async def climb_reminder(self, clock: ClockRecord, user_id: int, digest_at: float) -> None:
        """The clock's next rung and the user's digest no later than ``digest_at``, together."""
        ...

    async def due_clocks(self, now: float, limit: int = 500) -> list[ClockRecord]:
        """Clocks whose deadline or next reminder is due, earliest first."""
        ...

    async def running_clocks_of_users(self, user_ids: Sequence[int]) -> list[tuple[int, ClockRecord]]:
        """(user, clock) for every running clock of these users' seats."""
        ...

    async def claim_clocks(
        self, owner: str, due_by: float, now: float, lease_until: float, limit: int = 500
    ) -> list[ClockRecord]:
        """Claim free clocks due at or before ``due_by`` for ``owner`` until ``lease_until``, earliest first."""
        ...

    async def release_clock(self, owner: str, match_id: int, seat: int) -> None:
        """Give back ``owner``'s claim on a clock."""
        ...

    async def release_clocks(self, owner: str, keys: Sequence[tuple[int, int]]) -> None:
        """Give back ``owner``'s claims on many clocks, by (match, seat)."""
        ...

    async def match_records(self, match_ids: Sequence[int]) -> dict[int, MatchRecord]:
        """The records of many matches at once, by id (absent ids are left out)."""
        ...

    async def grace_clocks(self, graced: Sequence[tuple[ClockRecord, NewNotification]], now: float) -> None:
        """Write graced clocks, each with its board post, in one transaction."""
        ...


class OutboxStore(Protocol):
    """Notifications queued with the changes that cause them, and their delivery."""

    def set_outbox_listener(self, listener: Callable[[], None] | None) -> None:
        """Call ``listener`` after every commit that queued something to deliver."""
        ...

    def outbox_written(self) -> None:
        """Tell the listener that a commit queued something to deliver."""
        ...

    async def add_notifications(self, match_id: int, notifications: Iterable[NewNotification], now: float) -> None:
        """Queue notifications that change nothing else."""
        ...

    async def due_notifications(self, now: float, limit: int = 50) -> list[Notification]:
        """Undelivered notifications whose next attempt is due, oldest first."""
        ...

    async def claim_notifications(
        self, owner: str, now: float, lease_until: float, limit: int = 50
    ) -> list[Notification]:
        """Claim free due notifications for ``owner`` until ``lease_until``, oldest first."""
        ...

    async def finish_notifications(self, notification_ids: Sequence[int], now: float) -> None:
        """Mark notifications delivered (or given up)."""
        ...

    async def retry_notifications(self, notification_ids: Sequence[int], next_attempt_at: float) -> None:
        """Count a failed attempt of each and schedule the next (releasing their claim)."""
        ...

    async def prune_outbox(self, before: float, limit: int = 500) -> int:
        """Delete up to ``limit`` notifications settled before ``before``; how many."""
        ...


class PeopleStore(Protocol):
    """Users (locale, DMs, time zone, quiet hours, vacation, digest) and their records."""

    async def get_user(self, user_id: int) -> UserRecord:
        """What we know of a user (defaults when nothing)."""
        ...

    async def remember_user(
        self,
        user_id: int,
        *,
        locale: str | None = None,
        dm_closed: bool | None = None,
        dm_channel_id: int | None = None,
    ) -> None:
        """Record a user's locale, DM state and DM channel (None: keep)."""
        ...

    async def forget_dm_channel(self, user_id: int, channel_id: int) -> None:
        """Forget a DM channel Discord no longer knows."""
        ...

    async def update_user(self, user_id: int, **columns: Any) -> None:
        """Set columns of a user's row (creating it)."""
        ...

    async def users_due(self, now: float) -> list[UserRecord]:
        """Users whose vacation has run out or whose digest is due."""
        ...

    async def claim_users(self, owner: str, now: float, lease_until: float, limit: int = 500) -> list[UserRecord]:
        """Claim free users whose vacation ended or digest is due, for ``owner`` until ``lease_until``."""
        ...

    async def release_user(self, owner: str, user_id: int) -> None:
        """Give back ``owner``'s claim on a user."""
        ...

    async def digest_sent(self, user_id: int, sent_at: float) -> None:
        """Clear a user's digest that was due at ``sent_at`` (a later one, queued meanwhile, stays)."""
        ...

    async def users(self, user_ids: Iterable[int]) -> dict[int, UserRecord]:
        """Several users at once."""
        ...

    async def player_record(self, user_id: int, guild_id: int | None) -> list[PlayerRecord]:
        """Per game: finished, won, drawn, abandoned, timeouts, average time to move."""
        ...


class SeatChangeStore(Protocol):
    """Take-backs and substitutes (issue 16): taken-back moves, requests, seat offers, substitutions."""

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
        """Move the log's last move ``ply`` to the taken-back moves, version-guarded; the new version."""
        ...

    async def taken_back_moves(self, match_id: int) -> list[TakenBackMove]:
        """The moves of a match that were taken back, in the order they were played."""
        ...

    async def takeback_request(self, match_id: int) -> TakeBackRequest | None:
        """The match's open take-back request, if any."""
        ...

    async def open_takeback_request(
        self, match_id: int, version: int, seat: int, now: float, notifications: Iterable[NewNotification] = ()
    ) -> None:
        """Open (or replace an out-of-date) request of ``seat`` at ``version``, queuing ``notifications`` with it."""
        ...

    async def agree_to_takeback(self, match_id: int, version: int, seat: int) -> int | None:
        """Add ``seat``'s agreement to the request at ``version``; the agreed mask, or None."""
        ...

    async def close_takeback_request(
        self, match_id: int, version: int, now: float, notifications: Iterable[NewNotification] = ()
    ) -> bool:
        """Drop the request at ``version``; whether there was one (then ``notifications`` are queued with it)."""
        ...

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
        """A new open offer of ``seat`` (older open ones withdrawn), ``notifications`` queued with it."""
        ...

    async def seat_offer(self, offer_id: int) -> SeatOffer | None:
        """The offer with this id, or None."""
        ...

    async def open_seat_offer(self, match_id: int, seat: int) -> SeatOffer | None:
        """The open offer of ``seat`` in the match (at most one is open), or None."""
        ...

    async def volunteer_for(self, offer_id: int, user_id: int) -> bool:
        """Name ``user_id`` the volunteer of an open call that has none yet; whether it took."""
        ...

    async def withdraw_seat_offer(self, offer_id: int) -> bool:
        """Withdraw an open offer; whether it was open."""
        ...

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
        """Give ``seat`` to ``substitute`` and close the offer, version-guarded; the new version."""
        ...

    async def substitutions(self, match_id: int) -> list[Substitution]:
        """The seats of a match that changed hands, in order."""
        ...

    async def matches_left(self, user_id: int, guild_id: int | None) -> dict[str, int]:
        """Per game, how many matches ``user_id`` left to a substitute on this server."""
        ...

    async def tournament_of_match(self, match_id: int) -> tuple[int, int, bool] | None:
        """(tournament, organiser, substitutes allowed) of a tournament game, or None."""
        ...

    async def tournament_organiser(self, tournament_id: int, guild_id: int | None) -> int | None:
        """The organiser of a tournament of this server, or None."""
        ...

    async def allow_tournament_substitutes(self, tournament_id: int, allowed: bool) -> None:
        """Record whether a tournament's games may take substitutes."""
        ...


class FeatureHost(Protocol):
    """What a feature's repository beside the store uses: the portable database and the outbox signal."""

    @property
    def database(self) -> Database:
        """The portable database adapter (never a driver's connection)."""
        ...

    def outbox_written(self) -> None:
        """Tell the deliverer that a commit queued something to deliver."""
        ...


class ServiceStore(MatchStore, ClockStore, OutboxStore, PeopleStore, SeatChangeStore, FeatureHost, Protocol):
    """Everything the service needs of a store, on either backend."""

    async def schema_version(self) -> int:
        """The migration number the database is at."""
        ...
