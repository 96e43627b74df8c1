"""What the service hands to its callers: a match with its live state, a change, a place.

These values carry no connection and no lock: an adapter may keep them, draw them, and
pass them back. Every use case that changes a match answers with the same :class:`Change`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final

from bot.clocks import TimeControl
from bot.codec import outcome_from_json
from bot.records import MatchRecord, MatchStatus
from bot.service_errors import NoSuchMatch
from games.core import AnyGame, Choice, Event, Message, Outcome, Seat

AUTOPILOT_USER: Final = -1
"""Seats of the autopilot opponent hold negative user ids: -1, -2, ..."""
UNTIMED: Final = TimeControl()


class LobbyAction(StrEnum):
    """What a person may do to a lobby (the lobby buttons, the console's commands)."""

    JOIN = "join"
    LEAVE = "leave"
    START = "start"
    CANCEL = "cancel"


@dataclass(frozen=True, slots=True)
class Match:
    """A match as the adapters see it: the stored record plus its live state."""

    record: MatchRecord
    game: AnyGame
    state: Any | None
    _views: dict[Seat | None, Any] = field(default_factory=dict, init=False, repr=False, compare=False)
    """The views computed so far: the pictures, the alt texts and the panels of one decision
    all read the same few views of this (immutable) state."""

    @property
    def id(self) -> int:
        """The match id."""
        return self.record.id

    @property
    def version(self) -> int:
        """The number of writes so far (the stale-click check)."""
        return self.record.version

    @property
    def is_running(self) -> bool:
        """True while moves may be made."""
        return self.record.status == MatchStatus.ACTIVE

    @property
    def outcome(self) -> Outcome | None:
        """How the match ended, once it has."""
        if self.record.outcome is not None:
            return outcome_from_json(self.record.outcome)
        return None

    def to_move(self) -> frozenset[Seat]:
        """The seats that must act now (none unless running)."""
        if not self.is_running or self.state is None:
            return frozenset()
        return self.game.to_move(self.state)

    def users_to_move(self) -> list[int]:
        """The user ids of the seats that must act now, in seat order."""
        return [self.record.seats[seat] for seat in sorted(self.to_move())]

    def seat_of(self, user_id: int) -> Seat | None:
        """The seat of ``user_id``, or None."""
        return self.record.seat_of(user_id)

    def view(self, seat: Seat | None) -> Any:
        """The engine view of ``seat`` (None: public). Only for running or finished matches."""
        if self.state is None:
            raise NoSuchMatch("core.error.not_started", match=self.id)
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.game.view(self.state, seat)
        return view


@dataclass(frozen=True, slots=True)
class Where:
    """Where a person acts from: a server (``guild_id``), or their direct messages (None).

    Match ids are global, so anyone may type any number. A match is found only from the
    server it belongs to, and in direct messages only by its own players; from anywhere
    else it answers exactly as a number that does not exist, so nothing about it leaks and
    nothing changes. Callers inside the bot that already hold a match (tournaments, timers,
    the local console) pass no ``Where`` at all.
    """

    guild_id: int | None

    def admits(self, record: MatchRecord, user_id: int) -> bool:
        """Whether ``user_id``, acting from here, may reach the match of ``record``."""
        if self.guild_id is None:
            return user_id in record.seats
        return record.guild_id == self.guild_id


@dataclass(frozen=True, slots=True)
class WaitingGame:
    """One of a player's running matches: whether it waits on them, and until when."""

    match: Match
    waiting: bool
    deadline: float | None


@dataclass(frozen=True, slots=True)
class MoveOption:
    """A legal move offered to a user: its code, a label, and its component path."""

    code: str
    label: Message
    path: tuple[Choice, ...]


@dataclass(frozen=True, slots=True)
class Change:
    """What a service call did: the match after it and the events the caller may show."""

    match: Match
    events: tuple[Event, ...] = ()
    actor_seat: Seat | None = None
    messages: tuple[Message, ...] = field(default=())
    played: Message | None = None
    """The move played, in the mover's words (``describe_move``): what a step changed, even a silent one."""

    def events_for(self, seat: Seat | None) -> list[Message]:
        """The messages of the events ``seat`` (None: public) may see, in order."""
        return [event.message for event in self.events if event.is_visible_to(seat)]
