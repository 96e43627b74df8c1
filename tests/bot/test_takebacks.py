"""Taking back a move, through the service: what may be taken back, consent, clocks, races."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot import history, outbox
from bot.clocks import DAY, HOUR, TimeControl
from bot.service import Service, TakeBackStatus
from bot.service_errors import ServiceError, StaleMove
from games.takeback import reveals_hidden
from tests.postgres import BOTH_BACKENDS

pytestmark = pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
"""Every test here runs on SQLite and on PostgreSQL: these features' rows are ported to both."""


async def volto(service: Service, *, rated: bool, timed: bool = False) -> int:
    """A Volto match of users 10 and 11, past the secret setup."""
    control = TimeControl(DAY, 2 * DAY) if timed else TimeControl()
    match = await service.create_match("volto", 10, guild_id=1, channel_id=2, rated=rated, time_control=control)
    await service.join(match.id, 11)
    for user in (10, 11):
        await service.submit_move(match.id, user, "auto")
        await service.submit_move(match.id, user, "ready")
    return match.id


async def harmless_move(service: Service, match_id: int) -> tuple[int, str]:
    """(user, code): a move of the seat to act that reveals nothing hidden."""
    match = await service.get_match(match_id)
    [seat] = match.to_move()
    for move in match.game.legal_moves(match.state, seat):
        if not reveals_hidden(match.game, match.state, seat, move):
            return match.record.seats[seat], match.game.move_code(move)
    raise AssertionError("no harmless move")


async def test_an_unrated_move_is_taken_back_at_once_and_the_state_is_the_one_before(service: Service) -> None:
    match_id = await volto(service, rated=False)
    before = await service.get_match(match_id)
    user, code = await harmless_move(service, match_id)
    await service.submit_move(match_id, user, code)
    assert await service.can_take_back(await service.get_match(match_id), user)

    result = await service.take_back(match_id, user)

    assert result.status is TakeBackStatus.DONE
    after = result.match
    assert after.state == before.state
    assert after.record.ply == before.record.ply
    assert after.users_to_move() == [user]
    assert len(await service.move_log(match_id)) == before.record.ply
    taken = await service.taken_back_moves(match_id)
    assert [(t.ply, t.code) for t in taken] == [(before.record.ply, code)]
    service.forget(match_id)  # rebuilt from the stored snapshot: the same
    assert (await service.get_match(match_id)).state == before.state


async def test_the_log_and_the_export_keep_the_taken_back_move_marked(service: Service) -> None:
    match_id = await volto(service, rated=False)
    user, code = await harmless_move(service, match_id)
    await service.submit_move(match_id, user, code)
    await service.take_back(match_id, user)
    match = await service.get_match(match_id)

    log = await history.history(service, match, None)
    marked = [messages for _ply, messages in log if messages[0].key == "core.log.taken_back"]
    assert len(marked) == 1
    exported = await history.export(service, match_id)
    assert exported["taken_back"] == [{"ply": match.record.ply, "seat": match.seat_of(user)}]
    await service.resign(match_id, 10)
    final = await history.export(service, match_id)
    assert final["taken_back"][0]["code"] == code
    assert code not in [m["code"] for m in final["moves"][match.record.ply :]][:1]


async def test_only_the_last_own_decision_while_nobody_else_acted(service: Service) -> None:
    match_id = await volto(service, rated=False)
    user, code = await harmless_move(service, match_id)
    other = 21 - user
    with pytest.raises(ServiceError) as refused:
        await service.take_back(match_id, other)
    assert refused.value.message.key == "core.error.undo_nothing"
    await service.submit_move(match_id, user, code)
    reply_user, reply = await harmless_move(service, match_id)
    assert reply_user == other
    await service.submit_move(match_id, other, reply)
    before = await service.get_match(match_id)
    with pytest.raises(ServiceError) as late:
        await service.take_back(match_id, user)
    assert late.value.message.key == "core.error.undo_nothing"
    assert (await service.get_match(match_id)).version == before.version


async def test_a_move_that_revealed_a_random_arrangement_is_not_taken_back(service: Service) -> None:
    match = await service.create_match("volto", 10, guild_id=1, channel_id=2, rated=False)
    await service.join(match.id, 11)
    await service.submit_move(match.id, 10, "auto")
    before = await service.get_match(match.id)
    with pytest.raises(ServiceError) as refused:
        await service.take_back(match.id, 10)
    assert refused.value.message.key == "core.error.undo_reveals"
    assert (await service.get_match(match.id)).version == before.version


async def test_a_rated_take_back_needs_the_opponent_and_a_refusal_ends_it(service: Service) -> None:
    match_id = await volto(service, rated=True)
    user, code = await harmless_move(service, match_id)
    other = 21 - user
    await service.submit_move(match_id, user, code)
    played = await service.get_match(match_id)

    asked = await service.take_back(match_id, user)
    assert asked.status is TakeBackStatus.ASKED
    assert asked.waiting == (other,)
    with pytest.raises(ServiceError):
        await service.take_back(match_id, user)  # asked twice
    with pytest.raises(ServiceError) as own:
        await service.answer_take_back(match_id, user, asked.version, agree=True)
    assert own.value.message.key == "core.error.undo_not_asked"

    refused = await service.answer_take_back(match_id, other, asked.version, agree=False)
    assert refused.status is TakeBackStatus.REFUSED
    assert (await service.get_match(match_id)).record.ply == played.record.ply
    with pytest.raises(ServiceError) as gone:
        await service.answer_take_back(match_id, other, asked.version, agree=True)
    assert gone.value.message.key == "core.error.undo_expired"

    again = await service.take_back(match_id, user)
    done = await service.answer_take_back(match_id, other, again.version, agree=True)
    assert done.status is TakeBackStatus.DONE
    assert done.match.record.ply == played.record.ply - 1


async def test_a_request_expires_when_anyone_moves(service: Service) -> None:
    match_id = await volto(service, rated=True)
    user, code = await harmless_move(service, match_id)
    other = 21 - user
    await service.submit_move(match_id, user, code)
    asked = await service.take_back(match_id, user)
    _, reply = await harmless_move(service, match_id)
    await service.submit_move(match_id, other, reply)
    with pytest.raises(ServiceError) as expired:
        await service.answer_take_back(match_id, other, asked.version, agree=True)
    assert expired.value.message.key == "core.error.undo_expired"
    assert len(await service.move_log(match_id)) == (await service.get_match(match_id)).record.ply


async def test_a_double_click_takes_back_one_move_only(service: Service) -> None:
    match_id = await volto(service, rated=False)
    user, code = await harmless_move(service, match_id)
    await service.submit_move(match_id, user, code)
    played = await service.get_match(match_id)
    results: list[Any] = await asyncio.gather(
        service.take_back(match_id, user, expected_version=played.version),
        service.take_back(match_id, user, expected_version=played.version),
        return_exceptions=True,
    )
    assert sorted(type(r).__name__ for r in results) == ["StaleMove", "TakeBack"]
    assert (await service.get_match(match_id)).record.ply == played.record.ply - 1
    assert len(await service.taken_back_moves(match_id)) == 1


async def test_a_take_back_races_a_move_and_one_of_them_wins(service: Service) -> None:
    match_id = await volto(service, rated=False)
    user, code = await harmless_move(service, match_id)
    other = 21 - user
    await service.submit_move(match_id, user, code)
    played = await service.get_match(match_id)
    _, reply = await harmless_move(service, match_id)
    results: list[Any] = await asyncio.gather(
        service.take_back(match_id, user, expected_version=played.version),
        service.submit_move(match_id, other, reply, expected_version=played.version),
        return_exceptions=True,
    )
    failures = [r for r in results if isinstance(r, Exception)]
    assert len(failures) <= 1
    log = await service.move_log(match_id)
    match = await service.get_match(match_id)
    assert len(log) == match.record.ply
    taken = await service.taken_back_moves(match_id)
    assert len(taken) + len(log) == played.record.ply + (1 if not isinstance(results[1], Exception) else 0)


async def test_the_clock_resumes_without_giving_back_the_time_spent(service: Service, clock: Any) -> None:
    match_id = await volto(service, rated=False, timed=True)
    user, code = await harmless_move(service, match_id)
    seat = (await service.get_match(match_id)).seat_of(user)
    assert seat is not None
    started = (await service.store.clocks(match_id))[seat].turn_started
    assert started is not None
    clock.advance(3 * HOUR)
    await service.submit_move(match_id, user, code)
    other = 1 - seat
    assert (await service.store.clocks(match_id))[other].deadline is not None
    clock.advance(HOUR)
    await service.take_back(match_id, user)
    clocks = await service.store.clocks(match_id)
    assert clocks[seat].turn_started == pytest.approx(started)
    assert clocks[seat].deadline == pytest.approx(started + DAY + 2 * DAY)
    assert clocks[other].deadline is None and clocks[other].turn_started is None
    assert clocks[other].bank_left == pytest.approx(2 * DAY), "the opponent is not charged"


async def test_a_stale_undo_button_changes_nothing(service: Service) -> None:
    match_id = await volto(service, rated=False)
    user, code = await harmless_move(service, match_id)
    await service.submit_move(match_id, user, code)
    played = await service.get_match(match_id)
    with pytest.raises(StaleMove):
        await service.take_back(match_id, user, expected_version=played.version - 1)
    assert (await service.get_match(match_id)).version == played.version


async def test_every_other_player_must_agree_in_a_larger_rated_match(service: Service) -> None:
    match = await service.create_match("venezia2099", 10, guild_id=1, channel_id=2, players=3, rated=True)
    await service.join(match.id, 11)
    await service.join(match.id, 12)
    user, code = await harmless_move(service, match.id)
    assert code.startswith("place-"), "the setup's first placement shows nothing hidden"
    await service.submit_move(match.id, user, code)
    played = await service.get_match(match.id)
    others = [u for u in (10, 11, 12) if u != user]

    asked = await service.take_back(match.id, user)
    assert sorted(asked.waiting) == others
    first = await service.answer_take_back(match.id, others[0], asked.version, agree=True)
    assert first.status is TakeBackStatus.AGREED and first.waiting == (others[1],)
    assert (await service.get_match(match.id)).record.ply == played.record.ply, "one agreement is not enough"
    done = await service.answer_take_back(match.id, others[1], asked.version, agree=True)
    assert done.status is TakeBackStatus.DONE
    assert done.match.record.ply == played.record.ply - 1


async def test_a_take_back_after_the_moves_own_deadline_is_refused(service: Service, clock: Any) -> None:
    match_id = await volto(service, rated=False, timed=True)
    user, code = await harmless_move(service, match_id)
    clock.advance(20 * HOUR)
    await service.submit_move(match_id, user, code)
    clock.advance(3 * DAY)  # the mover's own deadline (1 day + 2 days of bank) is past
    before = await service.get_match(match_id)
    with pytest.raises(ServiceError) as late:
        await service.take_back(match_id, user)
    assert late.value.message.key == "core.error.undo_too_late"
    assert (await service.get_match(match_id)).version == before.version


async def posts_queued(service: Service, match_id: int) -> list[outbox.Payload]:
    """The posts of ``match_id`` still to deliver."""
    due = await service.store.due_notifications(service.clock() + DAY, 500)
    return [outbox.from_row(row) for row in due if row.match_id == match_id]


async def delivered_all(service: Service) -> None:
    due = await service.store.due_notifications(service.clock() + DAY, 500)
    await service.store.finish_notifications([row.id for row in due], service.clock())


async def test_a_request_is_queued_with_its_post_and_a_refusal_with_its_note(service: Service) -> None:
    """Both go through the outbox, written with the request: never a request without its post."""
    match_id = await volto(service, rated=True)
    user, code = await harmless_move(service, match_id)
    await service.submit_move(match_id, user, code)
    await delivered_all(service)  # the move's own news went out

    asked = await service.take_back(match_id, user)
    [post] = await posts_queued(service, match_id)
    mover = (await service.get_match(match_id)).seat_of(user)
    assert mover is not None
    assert isinstance(post, outbox.BoardPost) and post.events == ()
    assert post.ask == outbox.UndoAsk(mover, asked.version, (1 - mover,))

    await delivered_all(service)
    await service.answer_take_back(match_id, 21 - user, asked.version, agree=False)
    [note] = await posts_queued(service, match_id)
    assert isinstance(note, outbox.BoardPost) and note.ask is None
    assert [event.key for event in note.events] == ["core.event.undo_refused"]


async def test_the_mover_of_an_agreed_request_is_told_in_a_dm_that_it_is_their_turn_again(service: Service) -> None:
    match_id = await volto(service, rated=True)
    user, code = await harmless_move(service, match_id)
    await service.submit_move(match_id, user, code)
    asked = await service.take_back(match_id, user)
    await delivered_all(service)
    await service.answer_take_back(match_id, 21 - user, asked.version, agree=True)
    mover = (await service.get_match(match_id)).seat_of(user)
    notes = [p for p in await posts_queued(service, match_id) if isinstance(p, outbox.SeatNote) and p.seat == mover]
    assert [(note.turn, [event.key for event in note.events]) for note in notes] == [(True, ["core.event.taken_back"])]
