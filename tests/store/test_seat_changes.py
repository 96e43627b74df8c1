"""The store's contract for take-backs and substitutes (issue 16), on every backend."""

from __future__ import annotations

import pytest

from bot.records import ClockRecord, MoveRow, NewNotification, NotificationKind, OfferStatus, Substitution
from bot.store import Store, VersionConflict
from bot.tournaments.store import TournamentStore
from tests.store.helpers import new_match
from tests.store.test_tournaments import settings


async def two_moves(store: Store) -> int:
    """A running match of 10 and 11 with two moves played; at version 3."""
    match_id = await new_match(store)
    version = await store.update_match(match_id, 0, now=2.0, seats=[10, 11], status="active")
    for ply in range(2):
        version = await store.update_match(
            match_id, version, now=3.0 + ply, ply=ply + 1, move=MoveRow(ply, ply % 2, f"m{ply}", [{"e": ply}])
        )
    return match_id


async def test_a_move_is_taken_back_guarded_by_the_version_and_kept_marked(store):
    woken: list[int] = []
    store.set_outbox_listener(lambda: woken.append(1))
    match_id = await two_moves(store)
    await store.open_takeback_request(match_id, 3, 1, 9.0)
    clock = ClockRecord(match_id, 1, 0.0, 10.0, 100.0, 0, None, 0, None)
    note = NewNotification(NotificationKind.BOARD, None, {"taken_back": 1})
    with pytest.raises(VersionConflict):
        await store.take_back_move(match_id, 2, now=10.0, ply=1, state_json="{}", clocks=[clock], notifications=[note])
    assert [m.ply for m in await store.moves(match_id)] == [0, 1], "a stale version writes nothing"
    woken.clear()
    assert (
        await store.take_back_move(
            match_id, 3, now=10.0, ply=1, state_json='{"s": 1}', clocks=[clock], notifications=[note]
        )
        == 4
    )
    record = await store.get_match(match_id)
    assert record is not None and (record.ply, record.version, record.state_json) == (1, 4, '{"s": 1}')
    assert [m.ply for m in await store.moves(match_id)] == [0]
    [taken] = await store.taken_back_moves(match_id)
    assert (taken.ply, taken.seat, taken.code, taken.played_at, taken.taken_back_at, taken.events) == (
        1,
        1,
        "m1",
        4.0,
        10.0,
        [{"e": 1}],
    )
    assert await store.takeback_request(match_id) is None, "the open request closes with the take-back"
    assert (await store.clocks(match_id))[1].deadline == 100.0
    assert woken and [n.payload for n in await store.due_notifications(20.0)] == [{"taken_back": 1}]


async def test_a_takeback_request_collects_agreements_while_its_version_holds(store):
    match_id = await two_moves(store)
    assert await store.takeback_request(match_id) is None
    assert await store.agree_to_takeback(match_id, 3, 0) is None, "no request: nothing to agree to"
    await store.open_takeback_request(match_id, 3, 1, 5.0)
    assert await store.agree_to_takeback(match_id, 3, 0) == 1
    assert await store.agree_to_takeback(match_id, 3, 2) == 5
    assert await store.agree_to_takeback(match_id, 2, 1) is None, "an out-of-date version agrees to nothing"
    request = await store.takeback_request(match_id)
    assert request is not None and (request.version, request.seat, request.agreed) == (3, 1, 5)
    await store.open_takeback_request(match_id, 4, 0, 6.0)
    request = await store.takeback_request(match_id)
    assert request is not None and (request.version, request.seat, request.agreed) == (4, 0, 0), "replaced"
    assert not await store.close_takeback_request(match_id, 3, 7.0)
    assert await store.close_takeback_request(match_id, 4, 7.0)
    assert await store.takeback_request(match_id) is None


async def test_seat_offers_volunteers_and_withdrawals(store):
    match_id = await two_moves(store)
    first = await store.create_seat_offer(match_id, 1, 11, 11, 77, 5.0)
    assert (first.status, first.to_user, first.volunteer) == (OfferStatus.OPEN, 77, None)
    call = await store.create_seat_offer(match_id, 1, 11, 11, None, 6.0)
    assert call.id > first.id
    older = await store.seat_offer(first.id)
    assert older is not None and older.status == OfferStatus.WITHDRAWN, "a new offer of the seat withdraws the old"
    assert not await store.volunteer_for(first.id, 88), "a withdrawn offer takes no volunteer"
    assert await store.volunteer_for(call.id, 88)
    assert not await store.volunteer_for(call.id, 89), "the first volunteer keeps it"
    found = await store.seat_offer(call.id)
    assert found is not None and found.volunteer == 88
    assert await store.withdraw_seat_offer(call.id)
    assert not await store.withdraw_seat_offer(call.id)
    assert await store.seat_offer(10**6) is None


async def test_a_seat_changes_hands_once_guarded_by_version_and_offer(store):
    match_id = await two_moves(store)
    await store.set_standing_answer(match_id, 1, "pass")
    offer = await store.create_seat_offer(match_id, 1, 11, 11, 77, 5.0)

    async def substitute(version: int, now: float) -> int:
        return await store.substitute_seat(
            match_id,
            version,
            now=now,
            offer_id=offer.id,
            seat=1,
            leaver=11,
            substitute=77,
            confirmed_by=None,
            clocks=[],
            notifications=[],
        )

    with pytest.raises(VersionConflict):
        await substitute(2, 7.0)
    still = await store.seat_offer(offer.id)
    assert still is not None and still.status == OfferStatus.OPEN, "a stale version rolls the offer back too"
    assert await substitute(3, 7.0) == 4
    record = await store.get_match(match_id)
    assert record is not None and record.seats == (10, 77)
    assert await store.standing_answers(match_id) == {}
    assert await store.substitutions(match_id) == [Substitution(match_id, 1, 11, 77, None, 7.0)]
    with pytest.raises(VersionConflict):  # the offer is done: a second acceptance changes nothing
        await substitute(4, 8.0)
    assert await store.matches_left(11, 1) == {"volto": 1}
    assert await store.matches_left(11, None) == {}
    assert await store.matches_left(77, 1) == {}


async def test_a_tournaments_consent_to_substitutes(store):
    repo = TournamentStore(store)
    tid = await repo.create(settings(), 5.0)
    match_id = await new_match(store)
    await repo.start_round(tid, 1, [(10, 11)], deadline=None, announcement={}, now=6.0)
    [table] = await repo.tables(tid, 1)
    await repo.set_table_match(table, match_id)
    assert await store.tournament_of_match(match_id) == (tid, 42, False)
    await store.allow_tournament_substitutes(tid, True)
    assert await store.tournament_of_match(match_id) == (tid, 42, True)
    await store.allow_tournament_substitutes(tid, False)
    assert await store.tournament_of_match(match_id) == (tid, 42, False)
    assert await store.tournament_of_match(await new_match(store)) is None
    assert await store.tournament_organiser(tid, 1) == 42
    assert await store.tournament_organiser(tid, 2) is None
    assert await store.tournament_organiser(tid, None) is None
