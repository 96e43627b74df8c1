"""The store's contract for claiming background work with a lease, on every backend.

Two claimers (two stores over one database: two processes' worth) never get the same row,
however their claims interleave; a live lease keeps a row from everyone else; an expired
one is taken over; releasing, retrying and finishing give a row back or settle it.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
from dataclasses import replace

import pytest

from bench.bench_leases import SPREAD, START, Clock, copy_matches, drain_outbox, recorded_claims, template
from bot.clocks import DAY
from bot.records import ClockRecord, NewNotification, Notification, NotificationKind
from bot.service import Service
from bot.store import Store
from bot.tournaments.store import TournamentStore
from tests.postgres import scratch_schema
from tests.store.helpers import new_match
from tests.store.test_tournaments import settings

BOARD = NotificationKind.BOARD
SEAT = NotificationKind.SEAT


async def queue(store: Store, count: int, now: float = 1.0) -> list[int]:
    """``count`` due board posts of one new match; their ids."""
    match_id = await new_match(store)
    await store.add_notifications(match_id, [NewNotification(BOARD, None, {"n": n}) for n in range(count)], now)
    return [n.id for n in await store.due_notifications(now, limit=1000) if n.match_id == match_id]


Line = tuple[int, str, int | None]


def line_of(notification: Notification) -> Line:
    """A notification's destination: its match's board, or one seat's messages."""
    return (notification.match_id, notification.kind, notification.seat)


async def moves(store: Store, count: int, now: float = 1.0) -> dict[Line, list[int]]:
    """``count`` moves' worth of news in one new match (a board post and a message to each of two
    seats per move, queued move by move); the ids by destination, in the order queued."""
    match_id = await new_match(store)
    for n in range(count):
        news = [NewNotification(BOARD, None, {"n": n}), NewNotification(SEAT, 0, {"n": n})]
        await store.add_notifications(match_id, [*news, NewNotification(SEAT, 1, {"n": n})], now)
    lines: dict[Line, list[int]] = {}
    for notification in await store.due_notifications(now, limit=1000):
        if notification.match_id == match_id:
            lines.setdefault(line_of(notification), []).append(notification.id)
    return lines


async def test_two_claimers_racing_for_the_outbox_never_get_the_same_notification(database, backend):
    async with Store.open(database) as first, Store.open(database) as second:
        ids = [i for _ in range(12) for i in await queue(first, 5)]

        async def drain(store: Store, owner: str) -> list[int]:
            taken: list[int] = []
            while batch := await store.claim_notifications(owner, 10.0, 70.0, limit=4):
                taken += [n.id for n in batch]
                await asyncio.sleep(0)
                await store.finish_notifications([n.id for n in batch], 11.0)
            return taken

        a, b = await asyncio.gather(drain(first, "a"), drain(second, "b"))
        assert not set(a) & set(b), "no notification was claimed by both"
        a += await drain(first, "a")  # what one gave up on while the other held the lines
        assert sorted(a + b) == sorted(ids), "and every one was claimed"
        if backend == "postgresql":  # SQLite's writer lock may let one claimer take it all (one process there)
            assert a and b, "both claimers took a share"


async def test_a_notification_of_a_kind_this_version_does_not_know_is_left_out_not_fatal(database):
    """A newer version sharing the database (mid-upgrade) may queue kinds this one does not know."""
    async with Store.open(database) as store:
        match_id = await new_match(store)
        news = [
            NewNotification(BOARD, None, {}),
            NewNotification("carrier-pigeon", 0, {}),
            NewNotification(SEAT, 1, {}),
        ]
        await store.add_notifications(match_id, news, 1.0)  # type: ignore[arg-type]
        due = await store.due_notifications(5.0)
        assert [(n.kind, n.seat) for n in due] == [(BOARD, None), (SEAT, 1)]
        claimed = await store.claim_notifications("a", 5.0, 65.0)
        assert sorted(n.id for n in claimed) == sorted(n.id for n in due), "the known ones are claimed and sent"


async def test_one_destination_is_served_in_order_one_claimer_at_a_time_and_the_others_go_on(database):
    async with Store.open(database) as first, Store.open(database) as second:
        lines = await moves(first, 4)
        board, seats = (
            next(ids for line, ids in lines.items() if line[1] == BOARD),
            [ids for line, ids in lines.items() if line[1] == SEAT],
        )
        [head] = await first.claim_notifications("a", 10.0, 70.0, limit=1)
        assert head.id == board[0], "the oldest first"
        taken = await second.claim_notifications("b", 10.0, 70.0)
        assert sorted(n.id for n in taken) == sorted(seats[0] + seats[1]), "the board waits behind a; the seats go on"
        assert await second.claim_notifications("b", 20.0, 80.0) == []
        await first.finish_notifications([head.id], 21.0)
        rest = await second.claim_notifications("b", 22.0, 82.0)
        assert [n.id for n in rest] == board[1:], "then the rest of the board, together"


async def test_claimers_interleaving_on_busy_matches_send_each_destination_in_the_order_queued(database, backend):
    """Four claimers (four processes' worth) drain three busy matches in small random batches,
    claiming, "sending" and marking sent as the notifier does. Whenever a claim returns, every
    earlier notification of each destination it holds was sent before or is in the batch; what
    was sent, in the order sent, follows the order queued for each destination."""
    async with contextlib.AsyncExitStack() as stack:
        stores = [await stack.enter_async_context(Store.open(database)) for _ in range(4)]
        lines = await moves(stores[0], 12) | await moves(stores[0], 12) | await moves(stores[0], 12)
        place = {i: (line, n) for line, ids in lines.items() for n, i in enumerate(ids)}
        sent: list[int] = []
        early: list[tuple[str, int]] = []
        rng = random.Random(5)

        async def drain(store: Store, owner: str) -> None:
            while True:
                batch = await store.claim_notifications(owner, 10.0, 70.0, limit=rng.randint(1, 6))
                if not batch:
                    if await store.due_notifications(10.0) == []:
                        return
                    await asyncio.sleep(0.001)
                    continue
                held = {n.id for n in batch}
                for notification in batch:
                    line, n = place[notification.id]
                    early.extend((owner, i) for i in lines[line][:n] if i not in sent and i not in held)
                await asyncio.sleep(rng.choice((0, 0.001, 0.003)))  # sending
                sent.extend(n.id for n in batch)  # before it is marked sent: a claim may follow the mark at once
                await store.finish_notifications([n.id for n in batch], 11.0)

        await asyncio.gather(*(drain(store, f"c{n}") for n, store in enumerate(stores)))
    assert not early, f"claimed while an earlier one of its destination was unsent: {early}"
    assert sorted(sent) == sorted(place), "each sent once"
    for line, ids in lines.items():
        assert [i for i in sent if place[i][0] == line] == ids, f"{line} in the order queued"


@pytest.mark.postgres
async def test_four_deliverer_processes_draining_busy_matches_send_each_destination_in_order():
    """Four real processes (``bench_leases``'s deliverer: claim, "send", mark sent) drain a backlog
    of ten busy matches, 1,200 notifications: each sent once, and none after a later one of its
    destination (across processes, by the real time each was sent)."""
    async with scratch_schema() as url:
        run = await drain_outbox(url, 4, matches=10, per_match=120, limit=50, send=0.004)
    assert sorted(run.sent) == sorted(set(run.sent)) and len(run.sent) == 1200, "each sent once"
    assert run.late == 0, f"{run.late} sent after a later one of their destination"


async def test_a_put_off_notification_holds_its_destination_until_due_and_a_given_up_one_holds_nothing(store):
    lines = await moves(store, 3)
    board = next(ids for line, ids in lines.items() if line[1] == BOARD)
    seats = sorted(i for line, ids in lines.items() if line[1] == SEAT for i in ids)
    [first] = await store.claim_notifications("a", 10.0, 70.0, limit=1)
    await store.retry_notifications([first.id], 100.0)  # failed: the next attempt at 100
    taken = await store.claim_notifications("b", 20.0, 80.0)
    assert sorted(n.id for n in taken) == seats, "the later board posts wait for it; the seats' messages go"
    await store.finish_notifications(seats, 21.0)
    again = await store.claim_notifications("c", 100.0, 160.0)
    assert [n.id for n in again] == board, "due again: claimed with the rest of its destination (one post)"
    await store.retry_notifications(board, 200.0)
    await store.finish_notifications([board[0]], 150.0)  # given up (Discord said never, or too many attempts)
    await store.retry_notifications(board[1:2], 150.0)
    assert [n.id for n in await store.claim_notifications("d", 150.0, 210.0)] == [board[1]]
    assert await store.claim_notifications("d", 199.0, 259.0) == [], "d holds board[1], before board[2]"
    await store.finish_notifications([board[1]], 199.0)
    assert [n.id for n in await store.claim_notifications("e", 200.0, 260.0)] == [board[2]], "nothing holds it now"


async def test_a_killed_claimer_holds_its_destination_until_its_lease_runs_out(store):
    lines = await moves(store, 2)
    board = next(ids for line, ids in lines.items() if line[1] == BOARD)
    await store.claim_notifications("a", 10.0, 70.0, limit=1)  # then "a" is killed
    assert not {n.id for n in await store.claim_notifications("b", 20.0, 80.0)} & set(board)
    taken = await store.claim_notifications("c", 70.0, 130.0)
    assert [n.id for n in taken] == board, "a's lease ran out: its post is taken over with the one after it"


async def test_a_held_post_holds_back_only_the_board_and_goes_with_the_next_one(store):
    match_id = await new_match(store)
    await store.add_notifications(match_id, [NewNotification(BOARD, None, {"n": 0}, held=True)], 1.0)
    await store.add_notifications(match_id, [NewNotification(SEAT, 0, {"n": 0})], 2.0)
    [note] = await store.claim_notifications("a", 10.0, 70.0)
    assert (note.kind, note.seat) == (SEAT, 0), "a seat's message does not wait for the held board post"
    await store.add_notifications(match_id, [NewNotification(BOARD, None, {"n": 1})], 20.0)
    posts = await store.claim_notifications("b", 20.0, 80.0)
    assert [n.payload["n"] for n in posts] == [0, 1], "the held post goes with the next, in order"


async def test_a_live_lease_holds_a_notification_and_an_expired_one_is_taken_over(store):
    [first], [second] = await queue(store, 1), await queue(store, 1)  # two matches: neither waits for the other
    claimed = await store.claim_notifications("a", 10.0, 70.0, limit=1)
    assert [n.id for n in claimed] == [first], "oldest first, up to the limit"
    assert [n.id for n in await store.claim_notifications("b", 20.0, 80.0)] == [second], "a's row is not b's"
    assert await store.claim_notifications("b", 69.0, 129.0) == [], "both leases still live"
    taken = await store.claim_notifications("b", 70.0, 130.0)
    assert [n.id for n in taken] == [first], "a's lease ran out: b takes it over (b's own still holds)"
    assert [n.payload["n"] for n in taken] == [0]


async def test_a_retried_notification_is_released_and_a_finished_one_never_comes_back(store):
    [first, second] = await queue(store, 2)
    await store.claim_notifications("a", 10.0, 1000.0)
    await store.retry_notifications([first], 50.0)
    await store.finish_notifications([second], 11.0)
    assert await store.claim_notifications("b", 49.0, 100.0) == [], "not before its next attempt"
    [again] = await store.claim_notifications("b", 50.0, 100.0)
    assert (again.id, again.attempts) == (first, 1), "due again and free, though a's lease was long"
    assert await store.claim_notifications("c", 99.0, 200.0) == [], "b holds the one, the other is done"
    assert [n.id for n in await store.claim_notifications("c", 100.0, 200.0)] == [first], "never the finished one"


async def test_clocks_are_claimed_when_due_earliest_first_and_released_by_their_owner_only(store):
    one, two = await new_match(store), await new_match(store)
    await store.write_clocks(one, [ClockRecord(one, 0, deadline=300.0, remind_at=150.0), ClockRecord(one, 1)])
    await store.write_clocks(two, [ClockRecord(two, 0, remind_at=120.0), ClockRecord(two, 1, deadline=100.0)])
    assert await store.claim_clocks("a", 99.0, 99.0, 200.0) == []
    claimed = await store.claim_clocks("a", 150.0, 150.0, 200.0)
    assert [(c.match_id, c.seat) for c in claimed] == [(two, 1), (two, 0), (one, 0)]
    assert await store.claim_clocks("b", 400.0, 160.0, 260.0) == [], "all three held by a"
    await store.release_clock("b", two, 1)
    assert await store.claim_clocks("b", 400.0, 160.0, 260.0) == [], "only the owner releases"
    await store.release_clock("a", two, 1)
    [taken] = await store.claim_clocks("b", 400.0, 160.0, 260.0)
    assert (taken.match_id, taken.seat, taken.deadline) == (two, 1, 100.0)
    expired = await store.claim_clocks("b", 400.0, 200.0, 260.0)
    assert [(c.match_id, c.seat) for c in expired] == [(two, 0), (one, 0)], "a's lease ran out"


async def test_a_clock_rewritten_while_claimed_keeps_its_claim_until_released(store):
    match_id = await new_match(store)
    await store.write_clocks(match_id, [ClockRecord(match_id, 0, deadline=100.0)])
    [clock] = await store.claim_clocks("a", 100.0, 100.0, 500.0)
    await store.write_clocks(match_id, [ClockRecord(match_id, 0, deadline=200.0, timeouts=1)])
    assert await store.claim_clocks("b", 300.0, 300.0, 600.0) == [], "a new deadline does not free a's claim"
    await store.release_clock("a", match_id, 0)
    [again] = await store.claim_clocks("b", 300.0, 300.0, 600.0)
    assert (again.deadline, again.timeouts) == (200.0, 1) and clock.deadline == 100.0


async def test_users_due_are_claimed_once_and_a_digest_sent_is_cleared_unless_moved_later(store):
    await store.update_user(10, vacation_until=50.0)
    await store.update_user(11, next_digest_at=60.0)
    await store.update_user(12, next_digest_at=500.0)
    claimed = await store.claim_users("a", 100.0, 200.0)
    assert [u.user_id for u in claimed] == [10, 11]
    assert await store.claim_users("b", 150.0, 250.0) == []
    await store.digest_sent(11, 100.0)
    await store.release_user("a", 11)
    assert await store.claim_users("b", 150.0, 250.0) == [], "11's digest is cleared; 10 is still a's"
    await store.update_user(12, next_digest_at=50.0)
    await store.digest_sent(12, 40.0)
    assert (await store.get_user(12)).next_digest_at == 50.0, "a digest due after the one sent stays"
    assert [u.user_id for u in await store.claim_users("b", 200.0, 300.0)] == [10, 12], "a's lease on 10 ran out"


async def test_a_tournament_is_claimed_by_one_process_renewed_by_it_and_taken_over_when_it_expires(database):
    async with Store.open(database) as first, Store.open(database) as second:
        a, b = TournamentStore(first), TournamentStore(second)
        tournament_id = await a.create(settings(), 1.0)
        results = await asyncio.gather(
            *(
                repo.claim_tournament(owner, tournament_id, 10.0, 70.0)
                for repo, owner in ((a, "a"), (b, "b"), (a, "a2"), (b, "b2"))
            )
        )
        assert sorted(results) == [False, False, False, True], "exactly one claimer wins"
        owner = ("a", "b", "a2", "b2")[results.index(True)]
        other = "b" if owner != "b" else "a"
        assert await a.claim_tournament(owner, tournament_id, 60.0, 120.0), "the owner renews"
        assert not await b.claim_tournament(other, tournament_id, 100.0, 160.0), "renewed: still live at 100"
        assert await b.claim_tournament(other, tournament_id, 120.0, 180.0), "expired: taken over"
        await a.release_tournament(owner, tournament_id)
        assert not await a.claim_tournament("c", tournament_id, 130.0, 190.0), "the old owner cannot release it"
        await b.release_tournament(other, tournament_id)
        assert await a.claim_tournament("c", tournament_id, 130.0, 190.0)


async def test_announcements_are_claimed_once_released_when_put_off_or_failed(store):
    repo = TournamentStore(store)
    tournament_id = await repo.create(settings(), 1.0)
    for n in range(3):
        await repo.announce(tournament_id, {"n": n}, 2.0)
    claimed = await repo.claim_announcements("a", 10.0, 70.0, limit=2)
    assert [x.payload["n"] for x in claimed] == [0, 1]
    [third] = await repo.claim_announcements("b", 10.0, 70.0)
    assert third.payload["n"] == 2 and await repo.claim_announcements("b", 11.0, 71.0) == []
    await repo.release_announcement("a", claimed[0].id)
    await repo.failed(claimed[1].id)
    await repo.delivered(third.id, 12.0)
    again = await repo.claim_announcements("c", 13.0, 73.0)
    assert [(x.payload["n"], x.attempts) for x in again] == [(0, 0), (1, 1)]


@pytest.mark.postgres
async def test_on_postgresql_the_claims_of_due_work_use_their_indexes_over_many_timed_matches(monkeypatch):
    """The PostgreSQL twin of the SQLite plan test (``tests/bot/test_growth.py``): 20,000 timed
    matches, a few due; ``EXPLAIN`` of each claim the timer loop and the deliverer run finds
    no sequential scan of clocks, outbox or users."""
    async with scratch_schema() as url, Store.open(url) as store:
        service = Service(store, clock=Clock(START))
        template_id = await template(service)
        await copy_matches(store, template_id, 20_000, deadline_at=START + DAY)
        await store.add_notifications(template_id, [NewNotification(BOARD, None, {})] * 20, START)
        async with store.database.transaction() as db:
            series = "WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 20000)"
            await db.execute(  # a long history of delivered notifications
                f"{series} INSERT INTO outbox (match_id, kind, seat, version, payload_json, created_at,"
                " next_attempt_at, done_at) SELECT ?, 'board', NULL, 0, '{}', ?, ?, ? FROM n",
                (template_id, START - DAY, START - DAY, START - DAY),
            )
            await db.execute(  # many users, one in a thousand with a digest to come, one in 500 away
                f"{series} INSERT INTO users (user_id, next_digest_at, vacation_until) SELECT 5000000 + n.i,"
                " CASE WHEN n.i % 1000 = 0 THEN ? END, CASE WHEN n.i % 500 = 1 THEN ? END FROM n",
                (START + DAY, START + 2 * DAY),
            )
            await db.execute("ANALYZE")
        now = START + DAY + 100 * SPREAD
        with recorded_claims() as claims:
            assert len(await store.claim_clocks("a", now, now, now + 60)) > 50
            assert len(await store.claim_notifications("a", now, now + 60)) >= 20
            assert len(await store.claim_users("a", now, now + 60)) > 5
        plans = []
        for sql, params in (claim.statement(store.database.dialect) for claim in claims):
            plan = "\n".join(row[0] for row in await store.fetch_all(f"EXPLAIN {sql}", params))
            plans.append(plan)
            assert not re.search(r"Seq Scan on (clocks|outbox|users)\b", plan), plan
        assert len(plans) == 3 and all("LockRows" in plan for plan in plans), "FOR UPDATE SKIP LOCKED locks rows"


async def test_missed_clocks_are_graced_with_their_post_in_one_go_and_claims_given_back_in_bulk(store):
    one, two = await new_match(store), await new_match(store)
    await store.write_clocks(one, [ClockRecord(one, 0, deadline=100.0)])
    await store.write_clocks(two, [ClockRecord(two, 1, deadline=110.0, remind_at=90.0)])
    claimed = await store.claim_clocks("a", 200.0, 200.0, 900.0)
    graced = [(replace(c, deadline=5000.0 + c.seat), NewNotification(BOARD, None, {"m": c.match_id})) for c in claimed]
    await store.grace_clocks(graced, 300.0)
    assert (await store.clocks(one))[0].deadline == 5000.0 and (await store.clocks(two))[1].deadline == 5001.0
    assert sorted(n.payload["m"] for n in await store.due_notifications(300.0)) == [one, two]
    assert await store.claim_clocks("b", 200.0, 300.0, 900.0) == [], "still a's"
    await store.release_clocks("b", [(one, 0), (two, 1)])
    assert await store.claim_clocks("b", 200.0, 300.0, 900.0) == [], "only the owner releases"
    await store.release_clocks("a", [(one, 0), (two, 1)])
    [again] = await store.claim_clocks("b", 200.0, 300.0, 900.0)
    assert (again.match_id, again.seat) == (two, 1), "free again: its reminder is still due"


async def test_many_match_records_come_at_once_and_unknown_ids_are_left_out(store):
    ids = [await new_match(store, creator=10 + n) for n in range(3)]
    records = await store.match_records([ids[2], ids[0], 999_999, ids[2]])
    assert sorted(records) == sorted([ids[0], ids[2]])
    assert records[ids[2]] == await store.get_match(ids[2]), "the same record get_match reads"
