"""The store's contract for the outbox, deadlines and users, on every backend."""

from __future__ import annotations

from bot.records import ClockRecord, NewNotification, NotificationKind, VacationMode
from tests.store.helpers import new_match

BOARD, SEAT = NotificationKind.BOARD, NotificationKind.SEAT


async def test_notifications_come_in_order_with_the_change_and_once_settled_stay_settled(store):
    woken: list[int] = []
    store.set_outbox_listener(lambda: woken.append(1))
    match_id = await new_match(store)
    version = await store.update_match(
        match_id,
        0,
        now=5.0,
        status="active",
        notifications=[NewNotification(BOARD, None, {"n": 1}), NewNotification(SEAT, 1, {"n": 2})],
    )
    await store.add_notifications(match_id, [NewNotification(BOARD, None, {"n": 3})], 6.0)
    assert len(woken) == 2, "the deliverer is woken after each commit that queued something"
    assert await store.due_notifications(4.0) == [], "nothing is due before it was queued"
    due = await store.due_notifications(10.0)
    assert [(n.kind, n.seat, n.payload["n"], n.version) for n in due] == [
        (BOARD, None, 1, version),
        (SEAT, 1, 2, version),
        (BOARD, None, 3, version),
    ]
    await store.finish_notifications([due[0].id], 11.0)
    await store.retry_notifications([due[1].id], 60.0)
    assert [n.payload["n"] for n in await store.due_notifications(20.0)] == [3]
    [retried, _] = await store.due_notifications(60.0)
    assert (retried.payload["n"], retried.attempts) == (2, 1)


async def test_a_held_notification_waits_for_the_next_unheld_one_of_its_kind(store):
    match_id = await new_match(store)
    await store.add_notifications(match_id, [NewNotification(BOARD, None, {"n": 1}, held=True)], 1.0)
    await store.add_notifications(match_id, [NewNotification(SEAT, 0, {"n": 2})], 2.0)
    assert [n.payload["n"] for n in await store.due_notifications(1e9)] == [2], "a seat's DM releases no board post"
    await store.add_notifications(match_id, [NewNotification(BOARD, None, {"n": 3})], 3.0)
    assert [n.payload["n"] for n in await store.due_notifications(3.0)] == [1, 2, 3]


async def test_pruning_deletes_only_settled_notifications_older_than_the_cutoff_in_batches(store):
    match_id = await new_match(store)
    await store.add_notifications(match_id, [NewNotification(BOARD, None, {"n": n}) for n in range(5)], 1.0)
    ids = [n.id for n in await store.due_notifications(1.0)]
    await store.finish_notifications(ids[:3], 10.0)
    await store.finish_notifications(ids[3:4], 50.0)
    assert await store.prune_outbox(20.0, limit=2) == 2
    assert await store.prune_outbox(20.0, limit=2) == 1
    assert await store.prune_outbox(20.0, limit=2) == 0, "the one settled later and the pending one stay"
    assert [n.id for n in await store.due_notifications(1.0)] == ids[4:]


async def test_due_clocks_come_earliest_first_by_deadline_or_reminder(store):
    first, second = await new_match(store), await new_match(store, creator=11)
    await store.update_match(first, 0, now=1.0, seats=[10, 12])
    await store.update_match(second, 0, now=1.0, seats=[11, 13])
    await store.write_clocks(first, [ClockRecord(first, 0, deadline=300.0, remind_at=150.0)])
    await store.write_clocks(first, [ClockRecord(first, 1, deadline=100.0)])
    await store.write_clocks(second, [ClockRecord(second, 0, remind_at=120.0), ClockRecord(second, 1, bank_left=9.0)])
    due = await store.due_clocks(1000.0)
    assert [(c.match_id, c.seat) for c in due] == [(first, 1), (second, 0), (first, 0)]
    assert [(c.match_id, c.seat) for c in await store.due_clocks(130.0)] == [(first, 1), (second, 0)]
    assert len(await store.due_clocks(1000.0, limit=1)) == 1
    await store.write_clocks(first, [ClockRecord(first, 1, timeouts=2)])  # written over, not added
    clocks = await store.clocks(first)
    assert clocks[1] == ClockRecord(first, 1, timeouts=2) and clocks[0].deadline == 300.0
    running = await store.running_clocks_of_users([10, 11, 12])
    assert sorted((user, c.match_id, c.seat) for user, c in running) == [(10, first, 0)]


async def test_climbing_a_reminder_moves_the_digest_only_earlier(store):
    match_id = await new_match(store)
    clock = ClockRecord(match_id, 0, deadline=500.0, reminders=1, remind_at=400.0)
    await store.climb_reminder(clock, 10, 300.0)
    await store.climb_reminder(clock, 10, 350.0)
    assert (await store.get_user(10)).next_digest_at == 300.0
    await store.climb_reminder(clock, 10, 200.0)
    assert (await store.get_user(10)).next_digest_at == 200.0
    assert (await store.clocks(match_id))[0] == clock


async def test_users_are_remembered_and_found_when_due(store):
    assert (await store.get_user(5)).locale is None, "an unknown user has the defaults"
    await store.remember_user(5, locale="ru", dm_closed=True, dm_channel_id=(1 << 60) + 1)
    await store.update_user(6, vacation_until=100.0, vacation_mode=VacationMode.AUTOPILOT, quiet_start=60)
    await store.update_user(7, next_digest_at=500.0)
    user = await store.get_user(5)
    assert (user.locale, user.dm_closed, user.dm_channel_id) == ("ru", True, (1 << 60) + 1)
    await store.forget_dm_channel(5, 12345)
    assert (await store.get_user(5)).dm_channel_id == (1 << 60) + 1, "only the stored channel is forgotten"
    await store.forget_dm_channel(5, (1 << 60) + 1)
    assert (await store.get_user(5)).dm_channel_id is None
    assert [u.user_id for u in await store.users_due(200.0)] == [6]
    assert sorted(u.user_id for u in await store.users_due(600.0)) == [6, 7]
    found = await store.users([6, 8])
    assert found[6].vacation_mode == VacationMode.AUTOPILOT and found[8].locale is None


async def test_a_player_record_counts_finished_games_on_one_server(store):
    for guild in (1, None):
        match_id = await new_match(store, guild_id=guild)
        await store.update_match(
            match_id,
            0,
            now=2.0,
            seats=[10, 11],
            status="finished",
            outcome={"winners": [0], "ranks": [1, 2], "reason": {"key": "core.reason.resigned"}},
        )
    [record] = await store.player_record(10, None)
    assert (record.game_key, record.finished, record.won) == ("volto", 1, 1)
    [record] = await store.player_record(11, 1)
    assert (record.finished, record.won, record.abandoned) == (1, 0, 1)
