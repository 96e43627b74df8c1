"""Packed move logs (issue 19 §2), on every backend.

The transaction that ends a match packs its log into one ``move_archives`` row and deletes
the per-move rows; every reader of moves then reads the same log back (times to the
millisecond, no engine events). Matches that ended before are packed from the queue, once
each even by two processes. Forgetting a user reaches the notes inside packed logs. A whole
Rialto match for five packs into a few kilobytes.
"""

from __future__ import annotations

import asyncio
import zlib
from dataclasses import replace

import pytest

from bot.records import ChosenBy, MatchStatus, MoveRecord, MoveRow
from bot.service import Service
from bot.store import Store, StoreError, move_archive
from bot.store.community import AuditRow, CommunityRows
from bot.store.move_archive import StoredMove
from tests.store.helpers import finished_rialto_for_five, new_match

USER = 4_000_000_000_123
"""A Discord-sized id (beyond 32 bits)."""

KINDS = (ChosenBy.PLAYER, ChosenBy.PLAYER, ChosenBy.TIMEOUT, ChosenBy.AUTOPILOT, ChosenBy.FORCED)


def ms(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds * 1000) / 1000


def as_packed(moves: list[MoveRecord]) -> list[MoveRecord]:
    """What a packed log gives back of these moves: no engine events, times to the millisecond."""
    return [
        replace(m, events=None, created_at=ms(m.created_at) or 0.0, think_seconds=ms(m.think_seconds)) for m in moves
    ]


async def running_match(store: Store, *, plies: int, guild_id: int | None = 1) -> tuple[int, int]:
    """A running Volto match of USER and 11 with ``plies`` varied moves; (id, version)."""
    match_id = await new_match(store, creator=USER, guild_id=guild_id)
    version = await store.update_match(match_id, 0, now=2.0, seats=[USER, 11], status="active")
    for ply in range(plies):
        kind = KINDS[ply % len(KINDS)]
        think = None if ply % 7 == 3 else 1.0 + ply * 37.123456
        notes = [{"message": {"key": "core.event.timed_out", "params": {"user": USER}}}] if kind == "timeout" else []
        version = await store.update_match(
            match_id,
            version,
            now=1_795_000_000.123456 + ply * 61.7,
            ply=ply + 1,
            move=MoveRow(ply, ply % 2, f"m{ply}-é", [{"e": ply}], kind, think, notes),
        )
    return match_id, version


async def test_a_finished_match_packs_its_log_into_one_row_and_reads_back_the_same_moves(store):
    match_id, version = await running_match(store, plies=30)
    before = await store.moves(match_id)
    asked = [(seat, kind) for seat in (0, 1) for kind in (None, ChosenBy.PLAYER, ChosenBy.TIMEOUT, "nobody")]
    last_plies = [await store.last_ply_of(match_id, seat, chosen_by=kind) for seat, kind in asked]
    moved = [await store.has_moved_since(match_id, seat, v) for seat in (0, 1) for v in range(version + 1)]
    assert any(moved) and not all(moved)

    final = MoveRow(30, 0, "last", [{"e": 30}], ChosenBy.PLAYER, 2.5)
    await store.update_match(match_id, version, now=1_795_009_999.9996, ply=31, move=final, status="finished")

    assert await store.fetch_all("SELECT count(*) FROM moves WHERE match_id = ?", (match_id,)) == [(0,)]
    assert await store.fetch_all("SELECT move_count FROM move_archives WHERE match_id = ?", (match_id,)) == [(31,)]
    last = MoveRecord(30, 0, "last", 1_795_010_000.0, None, ChosenBy.PLAYER, 2.5)
    assert await store.moves(match_id) == [*as_packed(before), last]
    assert await store.moves(match_id, since_ply=29) == [*as_packed(before[29:]), last]
    assert await store.moves(match_id, since_ply=31) == []
    assert [await store.last_ply_of(match_id, seat, chosen_by=kind) for seat, kind in asked] == [
        30 if (seat, kind) in ((0, None), (0, ChosenBy.PLAYER)) else ply
        for (seat, kind), ply in zip(asked, last_plies, strict=True)
    ]
    assert [await store.has_moved_since(match_id, seat, v) for seat in (0, 1) for v in range(version + 1)] == [
        was or seat == 0 for (seat, was) in zip([s for s in (0, 1) for _ in range(version + 1)], moved, strict=True)
    ]


async def test_a_match_ended_without_moves_has_no_archive(store):
    match_id = await new_match(store)
    await store.update_match(match_id, 0, now=2.0, status=MatchStatus.CANCELLED)
    assert await store.fetch_all("SELECT count(*) FROM move_archives") == [(0,)]
    assert await store.moves(match_id) == [] and await store.last_ply_of(match_id, 0) is None


async def test_a_player_record_thinks_as_long_after_the_log_is_packed(store):
    match_id, version = await running_match(store, plies=25)
    running = {r.game_key: r.average_think_seconds for r in await store.player_record(USER, 1)}
    await store.update_match(match_id, version, now=1e10, status="finished", outcome={"winners": [0], "ranks": [1, 2]})

    seats = await store.fetch_all(
        "SELECT seat, think_total, think_moves FROM seats WHERE match_id = ? ORDER BY seat", (match_id,)
    )
    player_moves = [m for m in await store.moves(match_id) if m.chosen_by == ChosenBy.PLAYER and m.think_seconds]
    assert [(s, n) for s, _, n in seats] == [(seat, sum(1 for m in player_moves if m.seat == seat)) for seat in (0, 1)]
    [record] = await store.player_record(USER, 1)
    assert record.finished == 1 and running["volto"] is not None
    assert record.average_think_seconds == pytest.approx(running["volto"], rel=1e-12)
    # A second match, still running, counts its rows alongside the first's sums.
    other, _ = await running_match(store, plies=6)
    rows = [m for m in await store.moves(other) if m.seat == 0 and m.chosen_by == ChosenBy.PLAYER]
    total = sum(m.think_seconds or 0 for m in rows) + seats[0][1]
    count = sum(1 for m in rows if m.think_seconds is not None) + seats[0][2]
    [both] = await store.player_record(USER, 1)
    assert both.average_think_seconds == pytest.approx(total / count, rel=1e-12)


async def legacy_ended_match(store: Store, plies: int) -> tuple[int, list[MoveRecord]]:
    """A match that ended before logs were packed: its rows, and its id queued by migration 0012."""
    match_id, _ = await running_match(store, plies=plies)
    moves = await store.moves(match_id)
    async with store.database.transaction() as db:
        await db.execute("UPDATE matches SET status = 'finished' WHERE id = ?", (match_id,))
        await db.execute("UPDATE moves SET events_json = NULL WHERE match_id = ?", (match_id,))
        await db.execute("INSERT INTO moves_to_pack (match_id) VALUES (?)", (match_id,))
    return match_id, moves


async def test_matches_that_ended_before_are_packed_from_the_queue(store):
    first, first_moves = await legacy_ended_match(store, 12)
    second, second_moves = await legacy_ended_match(store, 5)
    lobby = await new_match(store)
    await store.update_match(lobby, 0, now=2.0, status=MatchStatus.CANCELLED)
    async with store.database.transaction() as db:
        await db.execute("INSERT INTO moves_to_pack (match_id) VALUES (?)", (lobby,))
    assert await store.moves(first) == [replace(m, events=None) for m in first_moves], "readable before packing"

    assert await store.pack_ended_matches(2) == 2
    assert await store.fetch_all("SELECT match_id FROM move_archives ORDER BY match_id") == [(first,), (second,)]
    assert await Service(store).pack_old_logs() == 1, "the service drains the rest, a match at a time"
    assert await store.pack_ended_matches(5) == 0
    assert await store.fetch_all("SELECT count(*) FROM moves") == [(0,)]
    assert await store.moves(first) == as_packed(first_moves)
    assert await store.moves(second) == as_packed(second_moves)


async def test_two_stores_draining_the_queue_at_once_pack_each_match_once(database):
    async with Store.open(database, instance_lock=False) as one, Store.open(database, instance_lock=False) as two:
        legacy = [await legacy_ended_match(one, 4 + n) for n in range(6)]
        done = await asyncio.gather(one.pack_ended_matches(6), two.pack_ended_matches(6))
        assert sum(done) >= 6
        assert await one.fetch_all("SELECT count(*) FROM moves_to_pack") == [(0,)]
        counts = await one.fetch_all("SELECT match_id, move_count FROM move_archives ORDER BY match_id")
        assert counts == [(match_id, len(moves)) for match_id, moves in legacy]
        for match_id, moves in legacy:
            assert await two.moves(match_id) == as_packed(moves)


async def test_a_store_that_finds_a_match_being_packed_waits_and_packs_nothing(database):
    async with Store.open(database, instance_lock=False) as one, Store.open(database, instance_lock=False) as two:
        match_id, moves = await legacy_ended_match(one, 9)
        async with one.database.transaction() as db:  # one packs it, as pack_ended_matches does
            await db.lock_row("matches", "id", match_id)
            await move_archive.pack(db, match_id)
            await db.execute("DELETE FROM moves_to_pack WHERE match_id = ?", (match_id,))
            other = asyncio.create_task(two.pack_ended_matches(5))
            await asyncio.sleep(0.3)  # two found the queued match and waits for one's transaction
            assert not other.done()
        assert await other == 1, "two dequeued it"
        assert await two.fetch_all("SELECT count(*) FROM move_archives") == [(1,)]
        assert await two.moves(match_id) == as_packed(moves)


async def test_forgetting_a_user_rewrites_the_notes_inside_packed_logs(store):
    match_id, version = await running_match(store, plies=12)
    await store.update_match(match_id, version, now=1e10, status="finished")
    untouched, version = await running_match(store, plies=3)  # its only note is at ply 2: a time-out of USER
    await store.update_match(untouched, version, now=1e10, status="finished")
    other = await new_match(store, creator=11)
    async with store.database.transaction() as db:  # a third log whose notes never name USER
        await db.execute("UPDATE matches SET status = 'finished' WHERE id = ?", (other,))
        notes = [{"message": {"key": "core.event.vacation", "params": {"user": 11}}}]
        await db.execute(
            "INSERT INTO move_archives (match_id, format, move_count, mentions, packed) VALUES (?, ?, 1, ' 11 ', ?)",
            (other, move_archive.FORMAT, move_archive.encode([StoredMove(0, 0, "x", 1, 5.0, "vacation", None, notes)])),
        )
    [[kept]] = await store.fetch_all("SELECT packed FROM move_archives WHERE match_id = ?", (other,))

    alias = await CommunityRows(store).forget_user(USER, 9.0, AuditRow(1, 9.0, USER, "forget", None, USER, None, ""))

    noted = [m.notes for m in await store.moves(match_id) if m.notes]
    assert noted and all(n == [{"message": {"key": "core.event.timed_out", "params": {"user": alias}}}] for n in noted)
    for archive in (match_id, untouched):
        [[mentions, packed]] = await store.fetch_all(
            "SELECT mentions, packed FROM move_archives WHERE match_id = ?", (archive,)
        )
        assert mentions == f" {alias} "
        assert str(USER) not in repr(move_archive.decode(bytes(packed)))
    assert await store.fetch_all("SELECT packed FROM move_archives WHERE match_id = ?", (other,)) == [(kept,)]


async def test_deleting_a_servers_history_takes_its_packed_and_queued_logs(store):
    packed, version = await running_match(store, plies=4)
    await store.update_match(packed, version, now=1e10, status="finished")
    queued, _ = await legacy_ended_match(store, 3)
    kept, version = await running_match(store, plies=2, guild_id=2)
    await store.update_match(kept, version, now=1e10, status="finished")
    audit = AuditRow(1, 9.0, 5, "delete_history", None, None, None, "")
    assert await CommunityRows(store).delete_guild_history(1, queued, audit) == 2
    assert await store.fetch_all("SELECT match_id FROM move_archives") == [(kept,)]
    assert await store.fetch_all("SELECT count(*) FROM moves_to_pack") == [(0,)]
    assert await store.fetch_all("SELECT count(*) FROM moves") == [(0,)]


async def test_a_log_in_a_format_this_version_does_not_know_is_refused(store):
    match_id, version = await running_match(store, plies=3)
    await store.update_match(match_id, version, now=1e10, status="finished")
    async with store.database.transaction() as db:
        await db.execute("UPDATE move_archives SET format = 99 WHERE match_id = ?", (match_id,))
    with pytest.raises(StoreError, match="format 99"):
        await store.moves(match_id)


RIALTO_PACKED_LIMIT = 5 * 1024
"""The packed log of a Rialto match for five (about 900 decisions), at most: 5 KiB, where one
row a move took 50 KiB. The rest of a finished match (its row with the final state, seats,
clocks) is some 2 KiB more: a few KB in all (``tests/bot/test_growth.py`` measures the file)."""


async def test_a_whole_rialto_match_for_five_packs_into_a_few_kilobytes(store):
    match_id, moves = await finished_rialto_for_five(store)
    assert len(moves) > 800
    [[count, size]] = await store.fetch_all(
        "SELECT move_count, length(packed) FROM move_archives WHERE match_id = ?", (match_id,)
    )
    assert count == len(moves) and size <= RIALTO_PACKED_LIMIT, f"{size} bytes for {count} moves"
    assert [(m.seat, m.code) for m in await store.moves(match_id)] == moves


# --- The packed form ---------------------------------------------------------------------


def test_the_packed_form_reads_back_every_field():
    moves = [
        StoredMove(0, 0, "a", 1, 1_795_000_000.0004, "player", 0.0006, []),
        StoredMove(1, 4, "line\nbreak é", 5, 1_795_000_000.0004, "timeout", None, [{"n": [USER, True, 3]}]),
        StoredMove(4, 2, "", 6, 1_794_999_990.25, "a-new-kind", 12.0, [{"m": {"x": None}}, {"k": "v"}]),
        StoredMove(5, 1, "z" * 300, 9, 1_795_100_000.0, "player", 86_400.5, []),
    ]
    packed = move_archive.encode(moves)
    assert move_archive.decode(packed) == move_archive.at_millisecond(moves)
    assert move_archive.decode(move_archive.encode([])) == []
    assert move_archive.mentions(moves) == f" 3 {USER} "
    assert move_archive.mentions(moves[:1]) is None
    for damaged in (packed[:-3] + b"\x00\x00\x00", zlib.compress(b"\x05"), move_archive.encode(moves)[:-1]):
        with pytest.raises(StoreError, match="damaged"):
            move_archive.decode(damaged)
    with pytest.raises(StoreError, match="after its end"):
        move_archive.decode(zlib.compress(zlib.decompress(packed) + b"\x00"))
