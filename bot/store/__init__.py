"""Every SQL statement of Serenissima, behind one small interface.

The store is the truth: a match is its options, seed, seats and the ordered move log; the
``state_json`` column is a cache for fast loading. Every write that changes a match is a
compare-and-swap on its ``version`` (``UPDATE ... WHERE id = ? AND version = ?``), done in
one transaction together with the move row and the notifications it causes, so that a
double click or a second bot process can never apply a move twice and a crash after the
commit loses no message.

SQLite through aiosqlite (WAL, ``synchronous=FULL``) is the default, one process per file
(:mod:`bot.dbfile` checks whose the file is and holds the instance lock); keeping all SQL
here lets a PostgreSQL store stand behind the same methods when one process is not enough.
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
from bot.store.base import LATEST_SCHEMA, VersionConflict, migrations
from bot.store.matches import ACTIVE_STATUSES, MatchRows
from bot.store.people import PeopleRows
from bot.store.seat_changes import SeatChangeRows

__all__ = [
    "ACTIVE_STATUSES",
    "LATEST_SCHEMA",
    "ChosenBy",
    "ClockRecord",
    "MatchRecord",
    "MatchStatus",
    "MoveRecord",
    "MoveRow",
    "NewNotification",
    "Notification",
    "NotificationKind",
    "PlayerRecord",
    "Store",
    "StoreError",
    "StoreInUse",
    "UserRecord",
    "VacationMode",
    "VersionConflict",
    "migrations",
]


class Store(MatchRows, PeopleRows, SeatChangeRows):
    """The SQLite store. Open with ``async with Store.open(path) as store``.

    One class over one connection, its statements kept by subject: :mod:`.base` (opening,
    migrations, transactions), :mod:`.matches` (matches, moves, clocks, the outbox),
    :mod:`.people` (users and player records) and :mod:`.seat_changes` (take-backs, substitutes).
    """
