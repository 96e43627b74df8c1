"""The store's contract for matches, on every backend: the version check above all.

The version check is what keeps a move from being lost or applied twice when several
writers (tasks of one process, or processes) act on the same match at once: exactly one
write per version succeeds, the others change nothing.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.records import ChosenBy, MatchStatus, MoveRow, NewNotification, NotificationKind
from bot.store import Store, VersionConflict
from tests.store.helpers import new_match


async def test_a_match_is_created_with_its_creator_and_read_back(store):
    match_id = await new_match(store)
    record = await store.get_match(match_id)
    assert record is not None
    assert (record.status, record.seats, record.version, record.ply) == (MatchStatus.LOBBY, (10,), 0, 0)
    assert record.seed == (1 << 62) + 5, "a 63-bit seed survives the round trip"
    assert record.options == {"variant": "x"} and record.rated is True and record.autopilot_seats == frozenset()
    assert await store.get_match(match_id + 1000) is None
    assert await new_match(store) == match_id + 1, "ids count up"


async def test_a_guarded_write_applies_once_and_a_stale_one_changes_nothing(store):
    match_id = await new_match(store)
    assert await store.update_match(match_id, 0, now=2.0, status="active", seats=[10, 11]) == 1
    with pytest.raises(VersionConflict):
        await store.update_match(
            match_id, 0, now=3.0, status="finished", notifications=[NewNotification(NotificationKind.BOARD, None, {})]
        )
    record = await store.get_match(match_id)
    assert record is not None and (record.status, record.version, record.seats) == ("active", 1, (10, 11))
    assert await store.due_notifications(10.0) == [], "the refused write queued nothing"


async def test_concurrent_writers_never_lose_or_double_a_move(database):
    """Two stores on one database (two processes' worth), eight writers per version, twelve versions."""
    async with Store.open(database) as first, Store.open(database) as second:
        match_id = await new_match(first)
        await first.update_match(match_id, 0, now=1.0, status="active", seats=[10, 11])
        for ply in range(12):
            record = await (first if ply % 2 else second).get_match(match_id)
            assert record is not None

            async def attempt(store: Store, writer: int, version: int = record.version, ply: int = ply) -> bool:
                try:
                    await store.update_match(
                        match_id,
                        version,
                        now=10.0 + ply,
                        ply=ply + 1,
                        move=MoveRow(ply, ply % 2, f"w{writer}", [{"ply": ply}]),
                        notifications=[NewNotification(NotificationKind.BOARD, None, {"ply": ply})],
                    )
                except VersionConflict:
                    return False
                return True

            results = await asyncio.gather(*(attempt((first, second)[n % 2], n) for n in range(8)))
            assert sum(results) == 1, f"exactly one writer wins version {record.version}"
        moves = await second.moves(match_id)
        assert [m.ply for m in moves] == list(range(12)), "no move lost, none doubled"
        final = await first.get_match(match_id)
        assert final is not None and (final.version, final.ply) == (13, 12)
        notes = await first.due_notifications(100.0, limit=100)
        assert sorted(n.payload["ply"] for n in notes) == list(range(12)), "one notification per applied move"


async def test_the_move_log_keeps_what_was_played(store):
    match_id = await new_match(store)
    version = await store.update_match(match_id, 0, now=2.0, status="active", seats=[10, 11])
    version = await store.update_match(
        match_id,
        version,
        now=3.0,
        ply=1,
        move=MoveRow(0, 1, "c2-c4", [{"e": 1}], ChosenBy.AUTOPILOT, 4.5, [{"n": 2}]),
    )
    [move] = await store.moves(match_id)
    assert (move.ply, move.seat, move.code, move.chosen_by, move.think_seconds) == (0, 1, "c2-c4", "autopilot", 4.5)
    assert move.events == [{"e": 1}] and move.notes == [{"n": 2}]
    assert await store.last_ply_of(match_id, 1) == 0 and await store.last_ply_of(match_id, 0) is None
    assert await store.last_ply_of(match_id, 1, chosen_by=ChosenBy.PLAYER) is None
    assert await store.has_moved_since(match_id, 1, 1) and not await store.has_moved_since(match_id, 1, 2)
    await store.update_match(match_id, version, now=4.0, status="finished", outcome={"winners": [1]})
    [ended] = await store.moves(match_id)
    assert ended.events is None, "an ended match drops its engine events (replay gives them back)"


async def test_seats_autopilot_and_standing_answers(store):
    match_id = await new_match(store)
    version = await store.update_match(match_id, 0, now=2.0, seats=[10, 11], autopilot_seats=[1])
    record = await store.get_match(match_id)
    assert record is not None and record.seats == (10, 11) and record.autopilot_seats == frozenset({1})
    await store.update_match(match_id, version, now=3.0, autopilot_seats=[])
    record = await store.get_match(match_id)
    assert record is not None and record.autopilot_seats == frozenset()
    await store.set_standing_answer(match_id, 1, "pass")
    await store.set_standing_answer(match_id, 1, "keep")
    await store.set_standing_answer(match_id, 0, "x")
    await store.set_standing_answer(match_id, 0, None)
    assert await store.standing_answers(match_id) == {1: "keep"}


async def test_finding_matches_by_server_channel_thread_and_player(store):
    first = await new_match(store, guild_id=1, channel_id=2)
    second = await new_match(store, creator=11, guild_id=1, channel_id=2)
    private = await new_match(store, creator=12, guild_id=None, channel_id=None)
    await store.update_match(second, 0, now=2.0, seats=[11, 10])
    assert [r.id for r in await store.matches_in_guild(1)] == [second, first]
    assert [r.id for r in await store.matches_in_guild(None)] == [private], "NULL matches NULL"
    assert [r.id for r in await store.matches_of_user(10)] == [second, first]
    assert (found := await store.match_in_channel(2)) is not None and found.id == second
    await store.set_location(first, thread_id=77, lobby_message_id=88)
    record = await store.match_in_channel(77)
    assert record is not None and (record.id, record.lobby_message_id) == (first, 88)
    assert (found := await store.match_in_channel(2)) is not None and found.id == second
    assert await store.match_in_channel(999) is None
