"""Substitutes, through the service: offers, volunteers, confirmations, records and ratings."""

from __future__ import annotations

from typing import Any

import pytest

from bot.clocks import DAY, TimeControl
from bot.records import NotificationKind, OfferStatus
from bot.service import Service, Where
from bot.service_errors import NotSeated, ServiceError, StaleMove
from bot.tournaments.service import TournamentService
from games.core import msg
from tests.postgres import BOTH_BACKENDS

pytestmark = pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
"""Every test here runs on SQLite and on PostgreSQL: these features' rows are ported to both."""


async def volto(service: Service, *, rated: bool = True, timed: bool = False) -> int:
    control = TimeControl(DAY, 0) if timed else TimeControl()
    match = await service.create_match("volto", 10, guild_id=1, channel_id=2, rated=rated, time_control=control)
    await service.join(match.id, 11)
    for user in (10, 11):
        await service.submit_move(match.id, user, "auto")
        await service.submit_move(match.id, user, "ready")
    return match.id


async def test_a_seat_offered_to_a_member_is_theirs_once_they_accept(service: Service) -> None:
    match_id = await volto(service)
    before = await service.get_match(match_id)
    seat = before.seat_of(11)
    offer = await service.offer_seat(match_id, 11, to_user=12, where=Where(1))
    assert offer.offer.to_user == 12 and offer.offer.seat == seat
    with pytest.raises(ServiceError) as wrong:
        await service.accept_seat(offer.offer.id, 13, where=Where(1))
    assert wrong.value.message.key == "core.error.sub_not_for_you"

    done = await service.accept_seat(offer.offer.id, 12, where=Where(1))

    after = done.match
    assert after.record.seats[seat] == 12 and 11 not in after.record.seats
    assert after.state == before.state, "the seat keeps its hand and history"
    assert done.offer.status is OfferStatus.DONE
    with pytest.raises(ServiceError) as again:
        await service.accept_seat(offer.offer.id, 12, where=Where(1))
    assert again.value.message.key == "core.error.sub_gone"
    due = await service.store.due_notifications(1e17)
    notes = [n for n in due if n.kind == NotificationKind.SEAT and n.seat == seat]
    keys = [event["key"] for event in notes[-1].payload["events"]]
    assert keys[:2] == ["core.sub.welcome", "core.sub.news"] and len(keys) > 2, "the substitute's catch-up DM"


async def test_a_substitute_of_a_seat_with_no_news_is_only_welcomed(service: Service) -> None:
    match = await service.create_match("volto", 10, guild_id=1, channel_id=2, rated=True)
    await service.join(match.id, 11)
    seat = (await service.get_match(match.id)).seat_of(11)
    offer = await service.offer_seat(match.id, 11, to_user=12, where=Where(1))
    await service.accept_seat(offer.offer.id, 12, where=Where(1))
    due = await service.store.due_notifications(1e17)
    notes = [n.payload["events"] for n in due if n.kind == NotificationKind.SEAT and n.seat == seat]
    [welcome] = [events for events in notes if events and events[0]["key"] == "core.sub.welcome"]
    assert [event["key"] for event in welcome] == ["core.sub.welcome"], "no header over no news"


async def test_a_volunteer_needs_the_organisers_confirmation(service: Service) -> None:
    match_id = await volto(service)
    offer = await service.offer_seat(match_id, 11, where=Where(1))
    assert offer.offer.to_user is None
    with pytest.raises(ServiceError) as seated:
        await service.volunteer(offer.offer.id, 10, where=Where(1))
    assert seated.value.message.key == "core.error.sub_already_seated"
    called = await service.volunteer(offer.offer.id, 12, where=Where(1))
    assert called.offer.volunteer == 12
    with pytest.raises(ServiceError) as second:
        await service.volunteer(offer.offer.id, 13, where=Where(1))
    assert second.value.message.key == "core.error.sub_taken"
    with pytest.raises(ServiceError) as stranger:
        await service.confirm_volunteer(offer.offer.id, 13, where=Where(1))
    assert stranger.value.message.key == "core.error.sub_organiser_only"
    assert 11 in (await service.get_match(match_id)).record.seats

    done = await service.confirm_volunteer(offer.offer.id, 10, where=Where(1))  # 10 created the match
    assert 12 in done.match.record.seats and 11 not in done.match.record.seats


async def test_an_admin_confirms_too(service: Service) -> None:
    match_id = await volto(service)
    offer = await service.offer_seat(match_id, 11, where=Where(1))
    await service.volunteer(offer.offer.id, 12, where=Where(1))
    done = await service.confirm_volunteer(offer.offer.id, 99, is_admin=True, where=Where(1))
    assert 12 in done.match.record.seats
    [row] = await service.match_audit(match_id)
    assert (row.kind, row.actor_id, row.target_id, row.guild_id) == ("substitute", 99, 12, 1)
    assert row.detail["leaver"] == 11, "the audit log says who confirmed whom in whose place"


async def test_a_forgotten_leaver_leaves_no_trace_in_the_substitutions(service: Service, store: Any) -> None:
    match_id = await volto(service)
    offer = await service.offer_seat(match_id, 11, where=Where(1))
    await service.volunteer(offer.offer.id, 12, where=Where(1))
    await service.confirm_volunteer(offer.offer.id, 10, where=Where(1))
    alias = await service.forget_user(11, asked_at=service.clock())
    [change] = await store.substitutions(match_id)
    assert (change.leaver, change.substitute) == (alias, 12)


async def test_bad_offers_change_nothing(service: Service) -> None:
    match_id = await volto(service)
    version = (await service.get_match(match_id)).version
    with pytest.raises(NotSeated):
        await service.offer_seat(match_id, 50, to_user=12, where=Where(1))
    with pytest.raises(ServiceError) as seated:
        await service.offer_seat(match_id, 11, to_user=10, where=Where(1))
    assert seated.value.message.key == "core.error.sub_already_seated"
    with pytest.raises(ServiceError) as elsewhere:
        await service.offer_seat(match_id, 11, to_user=12, where=Where(2))
    assert elsewhere.value.message.key == "core.error.no_match"
    with pytest.raises(ServiceError) as not_autopilot:
        await service.offer_seat(match_id, 11, seat_number=1, where=Where(1))
    assert not_autopilot.value.message.key == "core.error.sub_bad_seat"
    assert (await service.get_match(match_id)).version == version
    due = await service.store.due_notifications(1e17)
    assert not [n for n in due if n.kind == NotificationKind.OFFER], "no post for an offer refused"


async def test_an_offer_is_queued_with_its_post_which_shows_the_offer_standing_at_delivery(service: Service) -> None:
    match_id = await volto(service)
    seat = (await service.get_match(match_id)).seat_of(11)
    assert seat is not None
    queued = len(await service.store.due_notifications(1e17))
    first = await service.offer_seat(match_id, 11, to_user=12, where=Where(1))
    due = await service.store.due_notifications(1e17)
    assert [(n.kind, n.seat) for n in due[queued:]] == [(NotificationKind.OFFER, seat)], "its post, with it"
    match = await service.get_match(match_id)
    standing = await service.standing_offer(match, seat)
    assert standing is not None and standing.offer == first.offer
    assert await service.standing_offer(match, 1 - seat) is None, "the other seat is not offered"

    second = await service.offer_seat(match_id, 11, to_user=13, where=Where(1))
    standing = await service.standing_offer(await service.get_match(match_id), seat)
    assert standing is not None and standing.offer.id == second.offer.id, "the newer offer withdrew the older"

    await service.accept_seat(second.offer.id, 13, where=Where(1))
    assert await service.standing_offer(await service.get_match(match_id), seat) is None, "taken: nothing to post"


async def test_an_offer_of_a_match_that_ended_is_not_posted(service: Service) -> None:
    match_id = await volto(service)
    seat = (await service.get_match(match_id)).seat_of(11)
    assert seat is not None
    await service.offer_seat(match_id, 11, where=Where(1))
    await service.resign(match_id, 10)
    assert await service.standing_offer(await service.get_match(match_id), seat) is None


async def test_a_newer_offer_voids_the_older_and_a_moved_seat_voids_both(service: Service) -> None:
    match_id = await volto(service)
    first = await service.offer_seat(match_id, 11, to_user=12, where=Where(1))
    second = await service.offer_seat(match_id, 11, to_user=13, where=Where(1))
    with pytest.raises(ServiceError):
        await service.accept_seat(first.offer.id, 12, where=Where(1))
    await service.accept_seat(second.offer.id, 13, where=Where(1))
    assert 13 in (await service.get_match(match_id)).record.seats


async def test_an_autopilot_seat_is_taken_by_a_substitute(service: Service, store: Any) -> None:
    match_id = await volto(service)
    seat = (await service.get_match(match_id)).seat_of(11)
    assert seat is not None
    await service.hand_to_autopilot(match_id, [seat], msg("core.event.handed_over", seat="x", count=3))
    with pytest.raises(ServiceError) as stranger:
        await service.offer_seat(match_id, 55, seat_number=seat + 1, to_user=12, where=Where(1))
    assert stranger.value.message.key == "core.error.sub_not_allowed"
    offer = await service.offer_seat(match_id, 10, seat_number=seat + 1, to_user=12, where=Where(1))
    done = await service.accept_seat(offer.offer.id, 12, where=Where(1))
    assert done.match.record.seats[seat] == 12
    assert seat not in done.match.record.autopilot_seats, "a person plays the seat again"


async def test_the_leaver_abandoned_and_the_substitute_is_not_rated(service: Service, store: Any) -> None:
    tournaments = TournamentService(service)
    match_id = await volto(service, rated=True)
    offer = await service.offer_seat(match_id, 11, to_user=12, where=Where(1))
    await service.accept_seat(offer.offer.id, 12, where=Where(1))
    [left] = await service.player_record(11, 1)
    assert (left.finished, left.abandoned) == (1, 1)

    await service.resign(match_id, 10)  # rated as it finishes (the tournament service listens)
    rated = await tournaments.store.ratings(1, "volto", [10, 11, 12])
    assert set(rated) == {10, 11}, "the substitute 12 is not rated; the leaver 11 is"
    assert rated[11].ordinal < rated[10].ordinal, "leaving counts as abandoning: a loss, although the seat won"


async def test_a_tournament_game_takes_substitutes_only_when_allowed(service: Service) -> None:
    tournaments = TournamentService(service)
    tournament = await tournaments.create(10, guild_id=1, channel_id=2, game_key="volto", format_="swiss", rounds=1)
    for user in (11, 12):
        await tournaments.join(tournament.id, user)
    await tournaments.start(tournament.id, 10)
    [match] = [m for m in await service.list_matches(1, 11) if m.status == "active"]
    player = match.seats[0]
    with pytest.raises(ServiceError) as refused:
        await service.offer_seat(match.id, player, to_user=13, where=Where(1))
    assert refused.value.message.key == "core.error.sub_tournament"
    with pytest.raises(ServiceError) as stranger:
        await service.allow_substitutes(tournament.id, 11, True, where=Where(1))
    assert stranger.value.message.key == "tournament.error.organiser_only"
    with pytest.raises(ServiceError):
        await service.allow_substitutes(tournament.id, 10, True, where=Where(2))  # another server's
    await service.allow_substitutes(tournament.id, 10, True, where=Where(1))
    offer = await service.offer_seat(match.id, player, to_user=13, where=Where(1))
    await service.accept_seat(offer.offer.id, 13, where=Where(1))
    assert 13 in (await service.get_match(match.id)).record.seats


async def test_a_stale_acceptance_after_the_match_changed_is_refused_cleanly(service: Service) -> None:
    match_id = await volto(service)
    offer = await service.offer_seat(match_id, 11, to_user=12, where=Where(1))
    await service.resign(match_id, 10)
    with pytest.raises((ServiceError, StaleMove)) as gone:
        await service.accept_seat(offer.offer.id, 12, where=Where(1))
    assert gone.value.message.key == "core.error.sub_gone"
