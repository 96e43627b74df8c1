"""What every use case shares: the store, the per-match locks, the state cache, the guarded write.

One match at a time: changes of a match go through that match's ``asyncio.Lock``; different
matches never wait for each other. The current state is cached in memory and rebuilt from
the store (snapshot, or replay of the move log) whenever it is missing or out of date, so a
restart or a second process never leaves a stale board. Each change is written with a
compare-and-swap on the match version together with the notifications it causes
(see :mod:`bot.store`); :meth:`ServiceBase._write` is the only place that writes a match.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import socket
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Final, Self, TypeVar

from bot.records import ClockRecord, MatchRecord, MatchStatus, MoveRow, NewNotification
from bot.service.model import Match, Where
from bot.service_errors import LobbyError, NoSuchMatch, NotSeated, ServiceError, StaleMove
from bot.store import AuditRow, ServiceStore, Store, VersionConflict
from games import REGISTRY
from games.core import AnyGame, Seat, new_seed, options_from_dict, replay

log = logging.getLogger(__name__)

MAX_CACHED_STATES: Final = 2048

LEASE_SECONDS: Final = 120.0
"""How long a claim on background work holds (:mod:`bot.store.leases`) before another process may take it.

Far longer than any one piece of it takes (a delivery round, a time-out); short enough that
a killed process's work is picked up within a couple of minutes.
"""


def worker_id() -> str:
    """This process's name on the rows it claims: host, process id and a random tag (ids are reused)."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"


R = TypeVar("R")


class ServiceBase:
    """The store, the registry, the clock, the locks and the cache, as every use case needs them.

    The store is any :class:`~bot.store.ServiceStore` (SQLite or PostgreSQL); only
    :meth:`open` names the concrete one.
    """

    def __init__(
        self,
        store: ServiceStore,
        *,
        registry: Mapping[str, AnyGame] = REGISTRY,
        clock: Callable[[], float] = time.time,
        seeds: Callable[[], int] = new_seed,
    ) -> None:
        self.store = store
        self.registry = registry
        self.clock = clock
        self.seeds = seeds
        self.worker = worker_id()
        """Who this service is on the background work it claims (each process its own)."""
        self.lease_seconds = LEASE_SECONDS
        """How long its claims hold, on :attr:`clock` (tests and the soak shorten it)."""
        self._locks: dict[int, asyncio.Lock] = {}
        self._moves_in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self.finished_listeners: list[Callable[[Match], Awaitable[None]]] = []
        """Called with every match that has just ended (tournaments, ratings); errors are logged.

        They run while that match's lock is held: they may read it and act on other matches,
        but must not change the ended match through the service.
        """
        self._states: dict[int, tuple[int, Any]] = {}
        self._previous: dict[int, tuple[int, Any]] = {}
        """Per match: (version, the state before the move that made that version), for take-backs."""

    @classmethod
    @contextlib.asynccontextmanager
    async def open(
        cls,
        database: str | Path,
        *,
        clock: Callable[[], float] = time.time,
        seeds: Callable[[], int] = new_seed,
    ) -> AsyncIterator[Self]:
        """A service over the store ``database`` names (opened, migrated, locked), closed on exit.

        ``database`` is what ``SERENISSIMA_DB`` holds: a SQLite file's path or a
        ``postgresql://`` URL.

        Raises:
            StoreError: the database cannot be used (held by another process, not ours,
                newer schema, server unreachable).
        """
        async with Store.open(database) as store:
            yield cls(store, clock=clock, seeds=seeds)

    def repository(self, build: Callable[[ServiceStore], R]) -> R:
        """A feature's own repository over this service's store (the tournament store).

        The feature keeps that repository for its own tables and reaches matches, users and
        the outbox only through the service's methods.
        """
        return build(self.store)

    def lease_until(self, now: float) -> float:
        """When a claim taken at ``now`` runs out."""
        return now + self.lease_seconds

    def set_outbox_listener(self, listener: Callable[[], None] | None) -> None:
        """Call ``listener`` after every commit that queued notifications: how the deliverer wakes up."""
        self.store.set_outbox_listener(listener)

    async def set_location(
        self, match_id: int, *, thread_id: int | None = None, lobby_message_id: int | None = None
    ) -> None:
        """Remember where an adapter houses a match: its thread and its lobby post (None: keep)."""
        await self.store.set_location(match_id, thread_id=thread_id, lobby_message_id=lobby_message_id)

    # --- Reading a match -------------------------------------------------------------------

    def game(self, key: str) -> AnyGame:
        """The registered game ``key``."""
        try:
            return self.registry[key]
        except KeyError:
            raise ServiceError("core.error.unknown_game", game=key) from None

    async def get_match(self, match_id: int) -> Match:
        """The match with its current state (rebuilt from the store when needed)."""
        record = await self.store.get_match(match_id)
        if record is None:
            raise NoSuchMatch("core.error.no_match", match=match_id)
        return await self._with_state(record)

    async def match_for(self, match_id: int, user_id: int, where: Where | None) -> Match:
        """The match ``user_id`` names from ``where`` (see :class:`Where`); None: the bot's own call.

        Raises:
            NoSuchMatch: ``core.error.no_match`` when it does not exist, or not here.
        """
        record = await self.store.get_match(match_id)
        if record is None or (where is not None and not where.admits(record, user_id)):
            raise NoSuchMatch("core.error.no_match", match=match_id)
        return await self._with_state(record)

    async def _with_state(self, record: MatchRecord) -> Match:
        game = self.game(record.game_key)
        if record.status not in (MatchStatus.ACTIVE, MatchStatus.FINISHED):
            return Match(record, game, None)
        cached = self._states.get(record.id)
        if cached is not None and cached[0] == record.version:
            return Match(record, game, cached[1])
        if record.state_json is not None and record.rules_version == game.rules_version:
            state = game.decode(json.loads(record.state_json))
        else:
            state = await self._replay(record)
        self._remember(record.id, record.version, state)
        return Match(record, game, state)

    async def _replay(self, record: MatchRecord) -> Any:
        """The state rebuilt from the seed and the move log alone."""
        game = self.game(record.game_key)
        options = options_from_dict(game.options_type, record.options)
        moves = [(move.seat, move.code) for move in await self.store.moves(record.id)]
        return replay(game, record.seed, len(record.seats), options, moves)

    def _remember(self, match_id: int, version: int, state: Any) -> None:
        if match_id not in self._states and len(self._states) >= MAX_CACHED_STATES:
            self._states.pop(next(iter(self._states)))
        self._states[match_id] = (version, state)

    def _remember_previous(self, match_id: int, version: int, state: Any) -> None:
        """Keep the state before the move that made ``version``: a take-back then needs no replay."""
        if match_id not in self._previous and len(self._previous) >= MAX_CACHED_STATES:
            self._previous.pop(next(iter(self._previous)))
        self._previous[match_id] = (version, state)

    def forget(self, match_id: int | None = None) -> None:
        """Drop cached states (one match, or all): they are rebuilt from the store on demand."""
        if match_id is None:
            self._states.clear()
        else:
            self._states.pop(match_id, None)

    @staticmethod
    def _running_seat(match: Match, user_id: int) -> Seat:
        seat = match.seat_of(user_id)
        if seat is None:
            raise NotSeated("core.error.not_seated")
        if not match.is_running:
            raise LobbyError("core.error.not_running")
        return seat

    # --- Writing a match ----------------------------------------------------------------------

    def _lock(self, match_id: int) -> asyncio.Lock:
        return self._locks.setdefault(match_id, asyncio.Lock())

    async def _write(
        self,
        match: Match,
        *,
        seats: Sequence[int] | None = None,
        move: MoveRow | None = None,
        clocks: Iterable[ClockRecord] = (),
        autopilot_seats: Iterable[Seat] | None = None,
        notifications: Iterable[NewNotification] = (),
        audit: AuditRow | None = None,
        **fields: Any,
    ) -> int:
        """One guarded write of ``match`` (its lock held); returns the new version.

        ``audit``: the administrative act this write is, logged in the same transaction.

        Raises:
            StaleMove: the match changed since ``match`` was read (nothing was written).
        """
        try:
            return await self.store.update_match(
                match.id,
                match.version,
                now=self.clock(),
                seats=seats,
                move=move,
                clocks=clocks,
                autopilot_seats=autopilot_seats,
                notifications=notifications,
                audit=audit,
                **fields,
            )
        except VersionConflict:
            self.forget(match.id)
            raise StaleMove("core.error.stale") from None

    async def _announce_finished(self, match: Match) -> None:
        for listener in self.finished_listeners:
            try:
                await listener(match)
            except Exception:
                log.exception("a finished-match listener failed match_id=%s", match.id)

    # --- People first ------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def _player_waiting(self) -> AsyncIterator[None]:
        """Mark a move a person is waiting for, so that background work lets it pass first."""
        self._moves_in_flight += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._moves_in_flight -= 1
            if self._moves_in_flight == 0:
                self._idle.set()

    async def wait_for_players(self) -> None:
        """Return when no move a person is waiting for is being applied (background work calls this)."""
        await self._idle.wait()
