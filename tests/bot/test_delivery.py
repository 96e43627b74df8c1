"""When the outbox goes out: the store's signal after a commit, and the courier that waits for the work to end."""

from __future__ import annotations

import asyncio

from bot.discord.delivery import Courier, own_work
from bot.store import NewNotification, Store
from bot.tournaments.store import TournamentStore
from tests.bot.test_store import new_match
from tests.store.test_tournaments import settings

BOARD = NewNotification("board", None, {})
CUP = settings()


async def test_the_store_signals_every_commit_that_queues_something_and_only_those(store: Store):
    signals: list[str] = []
    store.set_outbox_listener(lambda: signals.append("queued"))
    match_id = await new_match(store)
    version = await store.update_match(match_id, 0, now=2.0, max_seats=3)
    assert signals == [], "a change without notifications wakes nobody"
    await store.update_match(match_id, version, now=3.0, notifications=[BOARD, BOARD])
    assert signals == ["queued"], "one signal per commit, after it"
    await store.add_notifications(match_id, [], 4.0)
    await store.add_notifications(match_id, [BOARD], 4.0)
    tournaments = TournamentStore(store)
    cup = await tournaments.create(CUP, 5.0)
    assert signals == ["queued"] * 2, "creating a tournament queues nothing"
    await tournaments.announce(cup, {"messages": []}, 5.0)
    assert signals == ["queued"] * 3


async def test_a_new_listener_replaces_the_old_one_as_a_restarted_bot_replaces_the_old(store: Store):
    old: list[int] = []
    new: list[int] = []
    store.set_outbox_listener(lambda: old.append(1))
    store.set_outbox_listener(lambda: new.append(1))
    await store.add_notifications(await new_match(store), [BOARD], 1.0)
    assert (old, new) == ([], [1])


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


async def test_the_courier_delivers_once_when_the_work_that_queued_ends():
    deliveries: list[str] = []
    courier = Courier(lambda: asyncio.sleep(0, result=deliveries.append("delivered")))
    courier.open()

    async def handler() -> None:
        courier.queued()
        courier.queued()
        await settle()
        assert deliveries == [], "nothing leaves while the work goes on (the actor is answered first)"

    await asyncio.create_task(handler())
    await settle()
    assert deliveries == ["delivered"]


async def test_the_courier_is_quiet_before_it_opens_and_after_it_closes():
    deliveries: list[str] = []
    courier = Courier(lambda: asyncio.sleep(0, result=deliveries.append("delivered")))

    async def handler() -> None:
        courier.queued()

    await asyncio.create_task(handler())
    courier.open()
    courier.close()
    await asyncio.create_task(handler())
    await settle()
    assert deliveries == []


async def test_own_work_sends_the_news_while_the_caller_goes_on():
    deliveries: list[str] = []
    courier = Courier(lambda: asyncio.sleep(0, result=deliveries.append("delivered")))
    courier.open()

    async def commit() -> int:
        courier.queued()
        return 7

    async def handler() -> None:
        assert await own_work(commit()) == 7
        await settle()
        assert deliveries == ["delivered"], "delivered while the handler still draws its answer"

    await asyncio.create_task(handler())
    await settle()
    assert deliveries == ["delivered"]
