"""Clocks on a controllable clock: timeouts, hand-over, claims, downtime, reminders, quiet
hours, vacations. No real waiting anywhere."""

from __future__ import annotations

import pytest

from bot.clocks import (
    DAY,
    HOUR,
    TimeControl,
    bank_after,
    parse_clock_time,
    parse_duration,
    quiet_until,
    reminder_ladder,
)
from bot.scheduler import Scheduler
from bot.service import Service
from bot.service_errors import LobbyError, ServiceError
from games.core import Rng
from tests.postgres import BOTH_BACKENDS


class Digests:
    def __init__(self) -> None:
        self.sent: list[tuple[int, list[int]]] = []

    async def send_digest(self, user_id, games):
        self.sent.append((user_id, [g.match.id for g in games]))


async def timed_volto(service: Service, limit: str = "1d", bank: str | None = None) -> int:
    match = await service.create_match(
        "volto", 10, guild_id=1, channel_id=2, time_control=TimeControl.from_text(limit, bank)
    )
    await service.join(match.id, 11)
    return match.id


async def play_setup(service: Service, match_id: int) -> None:
    for user in (10, 11):
        await service.submit_move(match_id, user, "auto")
        await service.submit_move(match_id, user, "ready")


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("12h", 12 * HOUR),
        ("3d", 3 * DAY),
        ("1w", 7 * DAY),
        ("90m", 5400),
        ("2", 2 * HOUR),
        ("1.5d", 36 * HOUR),
        ("3д", 3 * DAY),
    ],
)
def test_durations(text, seconds):
    assert parse_duration(text) == seconds


@pytest.mark.parametrize(("limit", "bank"), [("10m", None), ("30d", None), ("1d", "60d"), (None, "1d"), ("soon", None)])
def test_time_controls_out_of_range_are_refused(limit, bank):
    with pytest.raises(ServiceError):
        TimeControl.from_text(limit, bank)


def test_bank_pays_only_the_overtime():
    control = TimeControl(DAY, DAY)
    assert bank_after(control, 0, DAY, DAY / 2) == DAY
    assert bank_after(control, 0, DAY, DAY + HOUR) == DAY - HOUR
    assert bank_after(control, 0, HOUR, 3 * DAY) == 0


def test_reminder_ladder_is_half_way_then_shortly_before_the_end():
    assert reminder_ladder(0, 2 * DAY) == [DAY, 2 * DAY - HOUR]
    assert reminder_ladder(0, 2 * HOUR) == [HOUR, 2 * HOUR - 720]


def test_quiet_hours_across_midnight_in_the_player_time_zone():
    start, end = parse_clock_time("22:00"), parse_clock_time("8:00")
    # 2026-01-01 20:30 UTC is 23:30 in Moscow (UTC+3): quiet until 08:00 Moscow = 05:00 UTC next day.
    now = 1_767_299_400.0
    until = quiet_until(now, "Europe/Moscow", start, end)
    assert until == 1_767_330_000.0
    assert quiet_until(now, "UTC", start, end) is None  # 20:30 in UTC is not quiet
    with pytest.raises(ServiceError):
        parse_clock_time("25:00")
    with pytest.raises(ServiceError):
        quiet_until(now, "Mars/Olympus", start, end)


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_a_timeout_plays_the_decision_and_tells_everyone(service, clock, store):
    match_id = await timed_volto(service)
    await play_setup(service, match_id)
    match = await service.get_match(match_id)
    [mover] = match.to_move()
    clock.advance(DAY + 1)
    scheduler = Scheduler(service, Digests())
    await scheduler.tick()
    after = await service.get_match(match_id)
    assert after.record.ply == match.record.ply + 1
    [move] = await store.moves(match_id, since_ply=match.record.ply)
    assert move.seat == mover and move.chosen_by == "timeout"
    keys = [e["message"]["key"] for e in move.notes]
    assert "core.event.timed_out" in keys and "core.event.may_claim" in keys
    assert (await store.clocks(match_id))[mover].timeouts == 1
    # the opponent may claim the win now, but only now
    opponent_user = after.record.seats[1 - mover]
    change = await service.claim_win(match_id, opponent_user)
    assert change.match.outcome is not None
    assert change.match.outcome.winners == frozenset({1 - mover})


async def test_claiming_a_win_that_is_not_due_is_refused(service):
    match_id = await timed_volto(service)
    await play_setup(service, match_id)
    with pytest.raises(LobbyError) as raised:
        await service.claim_win(match_id, 10)
    assert raised.value.code == "core.error.claim_not_due"


async def test_a_seat_that_keeps_timing_out_is_handed_to_the_autopilot(service, clock, store):
    match_id = await timed_volto(service, "1h")
    scheduler = Scheduler(service, Digests())
    for _ in range(40):
        clock.advance(HOUR + 1)
        await scheduler.tick()
        match = await service.get_match(match_id)
        if not match.is_running or match.record.autopilot_seats:
            break
    match = await service.get_match(match_id)
    assert match.record.autopilot_seats, "after three time-outs the seat is handed over"
    moves = await store.moves(match_id)
    notes = [e["message"]["key"] for m in moves for e in m.notes]
    assert "core.event.handed_over" in notes


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_missed_deadlines_after_downtime_get_grace_in_order(service, clock, store):
    first = await timed_volto(service, "1d")
    clock.advance(HOUR)
    second = await timed_volto(service, "1d")
    clock.advance(10 * DAY)  # the bot was down for ten days
    graced = await service.catch_up_after_downtime()
    assert graced == 4  # both seats of both matches (simultaneous setup)
    deadlines = {(c.match_id, c.seat): c.deadline for m in (first, second) for c in (await store.clocks(m)).values()}
    assert all(d is not None and d > clock.now for d in deadlines.values())
    assert max(deadlines[first, s] for s in (0, 1)) < min(deadlines[second, s] for s in (0, 1)), "order kept"
    assert (await service.get_match(first)).record.ply == 0, "nothing timed out during the grace"
    pending = await store.due_notifications(clock.now)
    assert any(e["key"] == "core.event.downtime_grace" for n in pending for e in n.payload["events"])


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_reminders_come_as_one_digest_and_never_to_a_seat_with_nothing_to_do(service, clock, store):
    a = await timed_volto(service, "2d")
    b = await timed_volto(service, "2d")
    await play_setup(service, a)
    await play_setup(service, b)
    digests = Digests()
    scheduler = Scheduler(service, digests)
    clock.advance(DAY + 1)  # half-way rung of both matches
    await scheduler.tick()
    clock.advance(15 * 60)
    await scheduler.tick()
    waiting_users = {(await service.get_match(m)).users_to_move()[0] for m in (a, b)}
    assert sorted(u for u, _ in digests.sent) == sorted(waiting_users), "one digest per waiting player"
    for _user, games in digests.sent:
        assert games, "a digest lists games"
    idle = {10, 11} - waiting_users
    assert all(u not in idle for u, _ in digests.sent)


async def test_quiet_hours_postpone_the_digest(service, clock, store):
    match_id = await timed_volto(service, "2d")
    await play_setup(service, match_id)
    [waiting] = (await service.get_match(match_id)).users_to_move()
    # quiet all day long except 23:59 -> 00:00 in UTC: the digest waits until the end of the quiet time
    await store.update_user(waiting, timezone="UTC", quiet_start=0, quiet_end=23 * 60 + 59)
    digests = Digests()
    scheduler = Scheduler(service, digests)
    clock.advance(DAY + 1)
    await scheduler.tick()
    clock.advance(20 * 60)
    await scheduler.tick()
    user = await store.get_user(waiting)
    assert quiet_until(clock.now, "UTC", 0, 23 * 60 + 59) is not None, "the test runs inside the quiet hours"
    assert digests.sent == []
    assert user.next_digest_at is not None and user.next_digest_at > clock.now


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_vacation_pauses_a_two_seat_match_and_resumes_it(service, clock, store):
    match_id = await timed_volto(service, "1d")
    await play_setup(service, match_id)
    match = await service.get_match(match_id)
    [waiting] = match.users_to_move()
    until = await service.start_vacation(waiting, 3, "clock")
    assert until == clock.now + 3 * DAY
    clocks = await store.clocks(match_id)
    assert all(c.deadline is None for c in clocks.values())
    clock.advance(2 * DAY)
    await Scheduler(service, Digests()).tick()
    assert (await service.get_match(match_id)).record.ply == match.record.ply, "no timeout while paused"
    assert await service.end_vacation(waiting)
    user = await store.get_user(waiting)
    assert user.vacation_days_used == 2, "the unused whole day returns to the bank"
    running = [c for c in (await store.clocks(match_id)).values() if c.deadline is not None]
    assert running and all(c.deadline > clock.now for c in running)
    with pytest.raises(ServiceError):
        await service.start_vacation(waiting, 30, "clock")


async def test_a_move_ends_the_vacation(service, clock, store):
    match_id = await timed_volto(service, "1d")
    await service.start_vacation(10, 2, "clock")
    await service.submit_move(match_id, 10, "auto")
    assert not (await store.get_user(10)).is_on_vacation(clock.now)


async def test_vs_autopilot_starts_at_once_and_answers_every_move(service):
    match = await service.create_match("volto", 10, guild_id=1, channel_id=2, vs_autopilot=True)
    assert match.is_running
    assert len(match.record.autopilot_seats) == 1
    step = 0
    while match.is_running and step < 400:
        [user] = match.users_to_move()
        assert user == 10, "only the person is ever asked"
        options = await service.move_options(match, 10)
        await service.submit_move(match.id, 10, Rng(1, step).choice(options).code)
        match = await service.get_match(match.id)
        step += 1
    assert match.outcome is not None


async def test_in_larger_matches_the_autopilot_plays_for_a_player_on_vacation(service, store):
    match = await service.create_match("venezia2099", 10, guild_id=1, channel_id=2, players=3)
    await service.join(match.id, 11)
    await service.join(match.id, 12)
    await service.start_vacation(12, 5, "autopilot")
    step = 0
    for step in range(60):
        current = await service.get_match(match.id)
        if not current.is_running:
            break
        users = current.users_to_move()
        assert 12 not in users, "the player on vacation is never waited for"
        options = await service.move_options(current, users[0])
        await service.submit_move(match.id, users[0], options[step % len(options)].code)
    moves = await store.moves(match.id)
    seat_of_12 = (await service.get_match(match.id)).seat_of(12)
    theirs = [m for m in moves if m.seat == seat_of_12]
    assert theirs and all(m.chosen_by == "vacation" for m in theirs)


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_a_minimum_completion_rate_keeps_out_players_who_abandon(service, store):
    first = await timed_volto(service)
    await service.resign(first, 11)  # 11 abandons: a finished match they did not complete
    records = await store.player_record(11, 1)
    assert records[0].abandoned == 1 and records[0].completion_rate == 0.0
    strict = await service.create_match("volto", 10, guild_id=1, channel_id=2, min_completion=50)
    with pytest.raises(LobbyError) as raised:
        await service.join(strict.id, 11)
    assert raised.value.code == "core.error.completion_too_low"
    await service.join(strict.id, 12)  # a newcomer with no record may join
    assert (await service.get_match(strict.id)).is_running


async def test_ended_matches_leave_no_running_clock(service, clock, store):
    cancelled = await timed_volto(service, "1d")
    await service.cancel(cancelled, 10, is_admin=True)
    resigned = await timed_volto(service, "1d")
    await service.resign(resigned, 10)
    clock.advance(3 * DAY)
    assert await store.due_clocks(clock.now) == [], "nothing keeps ticking for a match that is over"
