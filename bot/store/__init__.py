"""Every SQL statement of Serenissima, behind one small interface.

The store is the truth: a match is its options, seed, seats and the ordered move log; the
``state_json`` column is a cache for fast loading. It is kept once a match ends: the final
state is 0.6-1.7 KB (a whole match of each game at its largest seat count), where showing a
finished match's board without it would replay its log (a Rialto 5p match: ~50 ms).

Every write that changes a match is a compare-and-swap on its ``version`` (``UPDATE ...
WHERE id = ? AND version = ?``), done in one transaction together with the move row and
the notifications it causes, so that a double click or a second bot process can never
apply a move twice and a crash after the commit loses no message.

Two backends behind one set of methods (the Protocols of :mod:`.protocols`, which the
service depends on): SQLite through the standard ``sqlite3`` module on threads of its own
(WAL, ``synchronous=FULL``), the default, one process per file (:mod:`bot.dbfile` checks
whose the file is and holds the instance lock);
and PostgreSQL through psycopg 3, for several processes on one database. ``SERENISSIMA_DB``
chooses (a ``postgresql://`` URL or a file path). The statements are written once, in the
portable SQL of :mod:`.database`; each backend has its own numbered migrations.
"""

from __future__ import annotations

from bot.dbfile import StoreError as StoreError
from bot.dbfile import StoreInUse as StoreInUse
from bot.records import (
    ChosenBy,
    ClockRecord,
    MatchRecord,
    MatchStatus,
    MoveRecord,
    MoveRow,
    NewNotification,
    Notification,
    NotificationKind,
    PlayerRecord,
    UserRecord,
    VacationMode,
)
from bot.store.audit_rows import AuditRow
from bot.store.base import LATEST_SCHEMA, VersionConflict
from bot.store.database import Database, Transaction, is_postgres_url, migrations
from bot.store.leases import LeaseRows
from bot.store.matches import ACTIVE_STATUSES, MatchRows
from bot.store.people import PeopleRows
from bot.store.protocols import (
    ClockStore,
    FeatureHost,
    MatchStore,
    OutboxStore,
    PeopleStore,
    SeatChangeStore,
    ServiceStore,
)
from bot.store.seat_changes import SeatChangeRows

__all__ = [
    "ACTIVE_STATUSES",
    "LATEST_SCHEMA",
    "AuditRow",
    "ChosenBy",
    "ClockRecord",
    "ClockStore",
    "Database",
    "FeatureHost",
    "MatchRecord",
    "MatchStatus",
    "MatchStore",
    "MoveRecord",
    "MoveRow",
    "NewNotification",
    "Notification",
    "NotificationKind",
    "OutboxStore",
    "PeopleStore",
    "PlayerRecord",
    "SeatChangeStore",
    "ServiceStore",
    "Store",
    "StoreError",
    "StoreInUse",
    "Transaction",
    "UserRecord",
    "VacationMode",
    "VersionConflict",
    "is_postgres_url",
    "migrations",
]


class Store(LeaseRows, MatchRows, PeopleRows, SeatChangeRows):
    """The store, on SQLite or PostgreSQL. Open with ``async with Store.open(path_or_url) as store``.

    One class over one :class:`~bot.store.database.Database`, its statements kept by subject:
    :mod:`.base` (opening by ``SERENISSIMA_DB``), :mod:`.matches` (matches, moves, clocks,
    the outbox), :mod:`.people` (users and player records), :mod:`.seat_changes`
    (take-backs, substitutes) and :mod:`.leases` (claiming due background work). It implements
    :class:`~bot.store.protocols.ServiceStore`.
    """
