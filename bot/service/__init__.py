"""The use cases of Serenissima, free of Discord: lobby, play, time, vacations, history, delivery.

Every adapter (the Discord cogs, the local console, the benchmarks) and every feature
built on matches (tournaments, the scheduler, the notifier, the history) calls these and
nothing else: this package is the only code that reaches the store (an architecture test
holds it). The service reads games only through the registry and the engine contract, so
no game is named here.

How it is built: :class:`Service` is one facade composed of use-case mixins, one module
each, over two shared layers:

- :mod:`.base` holds what every use case shares: the store, the per-match locks, the
  state cache and the one guarded write (:meth:`~.base.ServiceBase._write`);
- :mod:`.pipeline` holds the one move pipeline, ``_play(match, seat, move, chosen_by)``:
  apply, then commit the move row, snapshot, clocks and notifications in one transaction.
  A person's move, a standing answer, the autopilot, a vacation stand-in and a time-out
  all go through it; the use cases only choose the move;
- the use cases: :mod:`.lobby`, :mod:`.play`, :mod:`.timing` (time-outs, reminders,
  digests), :mod:`.vacations`, :mod:`.takebacks` (taking a move back), :mod:`.substitutes`
  (seats handed over), :mod:`.lookups`, :mod:`.people` (users' settings), :mod:`.replays`
  (the move log), :mod:`.deliveries` (the outbox's reading side), :mod:`.retention` (pruning
  the outbox), :mod:`.audit` (the log of administrative acts), :mod:`.servers` (each
  server's ``/setup``), :mod:`.archive` (a server's history exported or deleted, a user
  forgotten) and :mod:`.following` (followers of matches, each person's DM settings).

Mixins rather than delegated objects, because every use case needs the same lock table,
cache and pipeline on the same match, and the adapters call one object with the same
methods as before: a delegating facade would repeat every signature once more, and the
parts would have to reach into each other anyway. Every call that changes a match answers
with the same :class:`Change`.
"""

from __future__ import annotations

from bot.dbfile import StoreError
from bot.service.archive import CONFIRM_SECONDS, Archive
from bot.service.audit import AUDIT_PAGE, AdminOnly, AuditEntry, AuditKind
from bot.service.base import MAX_CACHED_STATES
from bot.service.deliveries import Deliveries
from bot.service.following import DM_KINDS, Following, NotificationSettings
from bot.service.lobby import Lobby, completion_rate, options_refusal
from bot.service.lookups import Lookups
from bot.service.model import AUTOPILOT_USER, UNTIMED, Change, LobbyAction, Match, MoveOption, WaitingGame, Where
from bot.service.people import People
from bot.service.pipeline import MAX_AUTOMATIC_MOVES
from bot.service.play import Play
from bot.service.replays import History
from bot.service.retention import OUTBOX_RETENTION, Retention
from bot.service.servers import PUBLIC_LOCALES, ServerSettings
from bot.service.substitutes import Offer, Substitutes
from bot.service.takebacks import TakeBack, TakeBacks, TakeBackStatus
from bot.service.timing import Timing
from bot.service.vacations import VACATION_DAYS_PER_YEAR
from bot.store import AuditRow

__all__ = [
    "AUDIT_PAGE",
    "AUTOPILOT_USER",
    "CONFIRM_SECONDS",
    "DM_KINDS",
    "MAX_AUTOMATIC_MOVES",
    "MAX_CACHED_STATES",
    "OUTBOX_RETENTION",
    "PUBLIC_LOCALES",
    "UNTIMED",
    "VACATION_DAYS_PER_YEAR",
    "AdminOnly",
    "AuditEntry",
    "AuditKind",
    "AuditRow",
    "Change",
    "LobbyAction",
    "Match",
    "MoveOption",
    "NotificationSettings",
    "Offer",
    "ServerSettings",
    "Service",
    "StoreError",
    "TakeBack",
    "TakeBackStatus",
    "WaitingGame",
    "Where",
    "completion_rate",
    "options_refusal",
]


class Service(
    Lobby,
    Play,
    TakeBacks,
    Substitutes,
    Timing,
    Archive,
    Following,
    Lookups,
    People,
    History,
    Deliveries,
    Retention,
):
    """The use cases over a :class:`~bot.store.ServiceStore` (SQLite or PostgreSQL) and the game registry."""
