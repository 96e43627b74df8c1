"""Time controls and the arithmetic of clocks, reminders and quiet hours (no I/O).

A time control is a limit per decision plus an optional bank: a seat that must act has
``limit + bank_left`` seconds; time it spends beyond ``limit`` comes out of its bank. A
seat's turn runs from the moment it becomes due to act until it no longer is, however many
steps it takes meanwhile (a Twilight turn of several cards is one decision); simultaneous
decisions run every clock at once. Reminders form a ladder inside each turn (half the
time, then shortly before the end); quiet hours postpone reminders, never deadlines.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Final
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.records import ClockRecord, MatchRecord
from bot.service_errors import ServiceError

MINUTE: Final = 60
HOUR: Final = 3600
DAY: Final = 86400
MIN_LIMIT: Final = HOUR
MAX_LIMIT: Final = 14 * DAY
MAX_BANK: Final = 14 * DAY
LAST_REMINDER_BEFORE: Final = HOUR
"""The last rung of the ladder comes this long before the deadline (or at 90 % of short turns)."""
HANDOVER_AFTER_TIMEOUTS: Final = 3
"""A seat that times out this many times is handed to the autopilot for the rest of the match."""
DOWNTIME_GRACE: Final = 2 * HOUR
"""Deadlines missed while the bot was down are moved to this long after it is back."""
DIGEST_DELAY: Final = 10 * MINUTE
"""Reminders falling due within this window are sent together, as one digest."""
MAX_DURATION: Final = 366 * DAY
"""The longest duration anyone may type (every use has a smaller limit of its own)."""

_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(m|min|h|d|w|м|мин|ч|д|н)?\s*$", re.IGNORECASE)
_UNITS: Final = {
    "m": MINUTE,
    "min": MINUTE,
    "м": MINUTE,
    "мин": MINUTE,
    "h": HOUR,
    "ч": HOUR,
    "d": DAY,
    "д": DAY,
    "w": 7 * DAY,
    "н": 7 * DAY,
}


def parse_duration(text: str) -> int:
    """``"12h"``, ``"3d"``, ``"1w"``, ``"90m"`` (Russian units too) as seconds; hours when no unit.

    Raises:
        ServiceError: ``core.error.bad_duration`` quoting the text, or
            ``core.error.duration_too_long`` beyond :data:`MAX_DURATION` (hundreds of digits included).
    """
    found = _DURATION.match(text)
    if found is None:
        raise ServiceError("core.error.bad_duration", given=text)
    unit = (found.group(2) or "h").lower()
    seconds = float(found.group(1)) * _UNITS[unit]
    if not seconds <= MAX_DURATION:  # also catches the infinity of a number too long for a float
        raise ServiceError("core.error.duration_too_long", given=text, high="366d")
    return round(seconds)


@dataclass(frozen=True, slots=True)
class TimeControl:
    """Seconds per decision (None: untimed) and each seat's bank."""

    limit: int | None = None
    bank: int = 0

    @property
    def is_timed(self) -> bool:
        """Whether the match has clocks at all."""
        return self.limit is not None

    @classmethod
    def from_text(cls, limit: str | None, bank: str | None = None) -> TimeControl:
        """Parse a time control from what a player typed; raises ServiceError when out of range."""
        if limit is None or limit.strip().lower() in ("", "none", "off", "нет"):
            if bank:
                raise ServiceError("core.error.bank_without_limit")
            return cls()
        seconds = parse_duration(limit)
        banked = parse_duration(bank) if bank else 0
        if not MIN_LIMIT <= seconds <= MAX_LIMIT:
            raise ServiceError("core.error.limit_range", given=limit, low="1h", high="14d")
        if not 0 <= banked <= MAX_BANK:
            raise ServiceError("core.error.bank_range", given=bank or "", high="14d")
        return cls(seconds, banked)


def time_control_of(record: MatchRecord) -> TimeControl:
    """The time control a match was created with."""
    return TimeControl(record.time_limit, record.time_bank)


def start_turn(control: TimeControl, clock: ClockRecord, now: float, *, paused: bool = False) -> ClockRecord:
    """``clock`` with a turn begun at ``now``: its deadline and first reminder (or paused)."""
    deadline = deadline_of(control, now, clock.bank_left)
    if deadline is None:
        return replace(clock, turn_started=now, deadline=None, reminders=0, remind_at=None, paused_left=None)
    if paused:
        return replace(clock, turn_started=now, deadline=None, reminders=0, remind_at=None, paused_left=deadline - now)
    return replace(
        clock,
        turn_started=now,
        deadline=deadline,
        reminders=0,
        remind_at=next_reminder(now, deadline, 0),
        paused_left=None,
    )


def deadline_of(control: TimeControl, turn_started: float, bank_left: float) -> float | None:
    """When a turn begun at ``turn_started`` runs out (None: untimed)."""
    if control.limit is None:
        return None
    return turn_started + control.limit + bank_left


def bank_after(control: TimeControl, turn_started: float, bank_left: float, now: float) -> float:
    """The bank left after a turn from ``turn_started`` to ``now``."""
    if control.limit is None:
        return bank_left
    overtime = max(0.0, now - turn_started - control.limit)
    return max(0.0, bank_left - overtime)


def reminder_ladder(turn_started: float, deadline: float) -> list[float]:
    """When to remind during a turn: at half the time, and shortly before the end."""
    span = deadline - turn_started
    last = deadline - min(LAST_REMINDER_BEFORE, 0.1 * span)
    return sorted({turn_started + span / 2, last})


def next_reminder(turn_started: float, deadline: float, sent: int) -> float | None:
    """The next rung after ``sent`` rungs, or None when the ladder is done."""
    ladder = reminder_ladder(turn_started, deadline)
    return ladder[sent] if sent < len(ladder) else None


# --- Quiet hours ------------------------------------------------------------------------------


def zone(name: str | None) -> ZoneInfo:
    """The time zone ``name`` (UTC when unset).

    Raises:
        ServiceError: ``core.error.bad_timezone`` for a name the zone database lacks.
    """
    if not name:
        return ZoneInfo("UTC")
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise ServiceError("core.error.bad_timezone", given=name) from None


def parse_clock_time(text: str) -> int:
    """``"22:30"`` as minutes after midnight; raises ServiceError for anything else."""
    found = re.fullmatch(r"\s*(\d{1,2})(?::(\d{2}))?\s*", text)
    if found is None or int(found.group(1)) > 23 or int(found.group(2) or 0) > 59:
        raise ServiceError("core.error.bad_clock_time", given=text)
    return int(found.group(1)) * 60 + int(found.group(2) or 0)


def quiet_until(now: float, timezone: str | None, start: int | None, end: int | None) -> float | None:
    """When the quiet hours containing ``now`` end, or None when ``now`` is not quiet."""
    if start is None or end is None or start == end:
        return None
    local = datetime.fromtimestamp(now, tz=UTC).astimezone(zone(timezone))
    minute = local.hour * 60 + local.minute
    inside = start <= minute < end if start < end else (minute >= start or minute < end)
    if not inside:
        return None
    end_today = local.replace(hour=end // 60, minute=end % 60, second=0, microsecond=0)
    if end_today <= local:
        end_today += timedelta(days=1)
    return end_today.timestamp()
