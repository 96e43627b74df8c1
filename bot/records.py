"""The records of Serenissima's data and the words they are written in.

A record is one stored row as the rest of the bot reads it (a match, a move, a clock, a
queued notification, a user, a player's record); the enums are the vocabulary of its
columns. They hold no I/O: :mod:`bot.store` reads and writes them, the service and its
helpers (clocks, the notifier) read them, so those need not import the store itself.

The enums are ``StrEnum``: a member *is* its stored string (``MatchStatus.ACTIVE ==
"active"``), so the database keeps the same text and needs no migration.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final


class MatchStatus(StrEnum):
    """Where a match is in its life: open for players, running, or closed."""

    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"
    CANCELLED = "cancelled"


OPEN_STATUSES: Final = (MatchStatus.LOBBY, MatchStatus.ACTIVE)
"""A lobby or a running match: what lists of "my matches" show."""

ENDED_STATUSES: Final = frozenset({MatchStatus.FINISHED, MatchStatus.CANCELLED})
"""A match that is over: its log is packed into one row, its pictures show everyone the public board."""


class ChosenBy(StrEnum):
    """Who chose a move of the log: the player, or the bot for them and why."""

    PLAYER = "player"
    TIMEOUT = "timeout"
    STANDING = "standing"
    AUTOPILOT = "autopilot"
    VACATION = "vacation"
    FORCED = "forced"
    """The seat's one legal move, which everyone could see was its only one (``games.core.ForcedMoves``)."""


class NotificationKind(StrEnum):
    """To whom a queued notification goes: the match's channel, its lobby post, or one seat.

    ``OFFER``: a seat offer's post in the match's channel (its ``seat`` is the seat offered).
    A kind of its own, so that it neither waits behind the channel's board posts nor lets
    out a board post held for the end of a turn.
    """

    BOARD = "board"
    LOBBY = "lobby"
    SEAT = "seat"
    OFFER = "offer"


class VacationMode(StrEnum):
    """What happens to a player's larger matches while away: the autopilot plays, or the clock runs."""

    AUTOPILOT = "autopilot"
    CLOCK = "clock"


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """One row of ``matches`` with its seated users (user ids in seat order)."""

    id: int
    game_key: str
    rules_version: int
    options: dict[str, Any]
    seed: int
    max_seats: int
    status: MatchStatus
    state_json: str | None
    version: int
    ply: int
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    lobby_message_id: int | None
    creator_id: int
    draw_offers: int
    outcome: dict[str, Any] | None
    created_at: float
    updated_at: float
    seats: tuple[int, ...]
    time_limit: int | None = None
    time_bank: int = 0
    min_completion: int = 0
    autopilot_seats: frozenset[int] = frozenset()
    rated: bool = True

    @property
    def home_channel_id(self) -> int | None:
        """Where the match is played: its thread, else the channel it was created in."""
        return self.thread_id or self.channel_id

    def seat_of(self, user_id: int) -> int | None:
        """The seat of ``user_id``, or None when not seated."""
        return self.seats.index(user_id) if user_id in self.seats else None


@dataclass(frozen=True, slots=True)
class MoveRecord:
    """One row of the move log."""

    ply: int
    seat: int
    code: str
    created_at: float
    events: list[dict[str, Any]] | None = None
    """The engine's events (JSON) while the match runs; None once it ended (replay gives them)."""
    chosen_by: ChosenBy = ChosenBy.PLAYER
    think_seconds: float | None = None
    notes: list[dict[str, Any]] = field(default_factory=list)
    """The platform's notes before the engine's events (who chose the move, and why), kept for ever."""


@dataclass(frozen=True, slots=True)
class MoveRow:
    """A move to append to the log: its code, its engine events and notes (JSON) and who chose it."""

    ply: int
    seat: int
    code: str
    events: list[dict[str, Any]]
    chosen_by: ChosenBy = ChosenBy.PLAYER
    think_seconds: float | None = None
    notes: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class ClockRecord:
    """One seat's clock: its bank, its running turn (if any) and its reminder ladder.

    ``paused_left`` holds the time that was left when the clock was paused (a vacation in a
    two-seat match); a paused clock has no deadline.
    """

    match_id: int
    seat: int
    bank_left: float = 0.0
    turn_started: float | None = None
    deadline: float | None = None
    reminders: int = 0
    remind_at: float | None = None
    timeouts: int = 0
    paused_left: float | None = None


@dataclass(frozen=True, slots=True)
class Notification:
    """A message to deliver: ``kind`` says to whom (``board``: the match channel; ``seat``: a DM)."""

    id: int
    match_id: int
    kind: NotificationKind
    seat: int | None
    version: int
    payload: dict[str, Any]
    attempts: int


@dataclass(frozen=True, slots=True)
class NewNotification:
    """A notification to insert together with a change.

    ``held``: not due until a notification of the same match and kind that is not held is
    queued (the news of a step inside a player's turn waits for the turn's end).
    """

    kind: NotificationKind
    seat: int | None
    payload: dict[str, Any]
    held: bool = False


@dataclass(frozen=True, slots=True)
class UserRecord:
    """What the bot remembers of a user: language, DMs (closed? their channel), time zone, quiet hours, vacation."""

    user_id: int
    locale: str | None = None
    dm_closed: bool = False
    timezone: str | None = None
    quiet_start: int | None = None
    quiet_end: int | None = None
    vacation_until: float | None = None
    vacation_mode: VacationMode | None = None
    vacation_days_used: float = 0.0
    next_digest_at: float | None = None
    vacation_year: int | None = None
    dm_channel_id: int | None = None

    def is_on_vacation(self, now: float) -> bool:
        """Whether the user is away at ``now``."""
        return self.vacation_until is not None and self.vacation_until > now


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """A player's record in one game (on one server)."""

    game_key: str
    finished: int = 0
    won: int = 0
    drawn: int = 0
    abandoned: int = 0
    timeouts: int = 0
    average_think_seconds: float | None = None

    @property
    def completion_rate(self) -> float:
        """Finished without abandoning, over finished (1.0 with no finished match)."""
        return 1.0 if self.finished == 0 else (self.finished - self.abandoned) / self.finished


# --- Take-backs and substitutes (issue 16) ------------------------------------------------


@dataclass(frozen=True, slots=True)
class TakenBackMove:
    """A move that was taken back: out of the move log, kept for the log and the export, marked."""

    ply: int
    seat: int
    code: str
    played_at: float
    taken_back_at: float
    events: list[dict[str, Any]]
    """Its engine events (JSON, with their audiences), as they were when it was played."""


@dataclass(frozen=True, slots=True)
class TakeBackRequest:
    """A request to take a move back in a rated match, good while the match is at ``version``."""

    match_id: int
    version: int
    seat: int
    agreed: int
    """Bitmask of the seats that agreed."""
    created_at: float


class OfferStatus(StrEnum):
    """Where a seat offer stands."""

    OPEN = "open"
    DONE = "done"
    WITHDRAWN = "withdrawn"


@dataclass(frozen=True, slots=True)
class SeatOffer:
    """A seat offered to a substitute: to one member (``to_user``), or to any volunteer (None)."""

    id: int
    match_id: int
    seat: int
    from_user: int
    """The seat's user when it was offered (an autopilot-held seat keeps its person's id)."""
    offered_by: int
    to_user: int | None
    volunteer: int | None
    status: OfferStatus
    created_at: float


@dataclass(frozen=True, slots=True)
class Substitution:
    """A seat that changed hands while its match ran."""

    match_id: int
    seat: int
    leaver: int
    substitute: int
    confirmed_by: int | None
    at: float
