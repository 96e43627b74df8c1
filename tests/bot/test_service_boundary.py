"""The service methods that replaced reaching into the store from outside the service."""

from __future__ import annotations

import asyncio

import pytest

from bot import outbox
from bot.records import NotificationKind
from bot.service import Service
from bot.service_errors import LobbyError
from games.core import msg


async def lobby_of_three(service: Service) -> int:
    match = await service.create_match("rialto", 1, guild_id=1, channel_id=1, players=3)
    return match.id


async def test_seat_lobby_seats_in_the_given_order_with_a_guarded_write(service):
    match_id = await lobby_of_three(service)
    before = await service.get_match(match_id)
    after = await service.seat_lobby(match_id, (3, 1, 2))
    assert after.record.seats == (3, 1, 2)
    assert after.version == before.version + 1
    assert (await service.seat_lobby(match_id, (3, 1, 2))).version == after.version  # nothing to change


async def test_seat_lobby_waits_for_the_match_lock(service):
    match_id = await lobby_of_three(service)
    async with service._lock(match_id):
        task = asyncio.create_task(service.seat_lobby(match_id, (2, 1)))
        for _ in range(5):
            await asyncio.sleep(0)
        assert not task.done()
    assert (await task).record.seats == (2, 1)


async def test_seat_lobby_refuses_a_started_match(service):
    match_id = await lobby_of_three(service)
    await service.seat_lobby(match_id, (1, 2, 3))
    await service.start(match_id, 1, keep_order=True)
    with pytest.raises(LobbyError):
        await service.seat_lobby(match_id, (3, 2, 1))
    assert (await service.get_match(match_id)).record.seats == (1, 2, 3)


async def test_post_to_board_queues_a_post_and_changes_no_match(service, clock):
    match_id = await lobby_of_three(service)
    version = (await service.get_match(match_id)).version
    note = msg("core.event.back", user=2)
    await service.post_to_board(match_id, [note], final=True)
    due = [n for n in await service.due_notifications(clock()) if n.kind == NotificationKind.BOARD]
    assert [outbox.from_row(n) for n in due] == [outbox.BoardPost((note,), (), final=True)]
    assert (await service.get_match(match_id)).version == version
    await service.delivered([n.id for n in due], clock())
    assert not [n for n in await service.due_notifications(clock()) if n.kind == NotificationKind.BOARD]


async def test_open_gives_a_service_over_a_fresh_file(tmp_path):
    async with Service.open(tmp_path / "fresh.sqlite3") as service:
        match_id = await lobby_of_three(service)
        assert service.repository(lambda store: store) is service.store
    async with Service.open(tmp_path / "fresh.sqlite3") as again:
        assert (await again.get_match(match_id)).record.creator_id == 1
