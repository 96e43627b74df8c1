"""Following matches and DM settings, through the service (no Discord)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.clocks import HOUR
from bot.service import Service, Where
from bot.service.following import MAX_FOLLOWED, next_hour
from bot.service_errors import NoSuchMatch, ServiceError
from tests.bot.test_clocks import timed_volto
from tests.postgres import BOTH_BACKENDS

pytestmark = pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
"""Every test here runs on SQLite and on PostgreSQL: these features' rows are ported to both."""

GUILD = 1


async def test_follow_and_unfollow(service: Service):
    match = await service.create_match("volto", 10, guild_id=GUILD, channel_id=2)
    await service.join(match.id, 11)
    await service.follow(match.id, 30, where=Where(GUILD))
    await service.follow(match.id, 31, where=Where(GUILD))
    running = await service.get_match(match.id)
    assert await service.followers(running) == [30, 31]
    with pytest.raises(ServiceError) as raised:
        await service.follow(match.id, 30, where=Where(GUILD))
    assert raised.value.code == "community.error.already_following"
    with pytest.raises(ServiceError) as raised:
        await service.follow(match.id, 10, where=Where(GUILD))
    assert raised.value.code == "community.error.follow_own"
    with pytest.raises(NoSuchMatch):
        await service.follow(match.id, 32, where=Where(2)), "another server's match does not exist here"
    await service.unfollow(match.id, 31, where=Where(GUILD))
    assert await service.followers(running) == [30]
    with pytest.raises(ServiceError) as raised:
        await service.unfollow(match.id, 31, where=Where(GUILD))
    assert raised.value.code == "community.error.not_following"
    await service.set_notification_settings(30, dm_kind="follow", dm_on=False)
    assert await service.followers(running) == [], "a follower who turned follow DMs off gets none"


async def test_following_has_a_limit(service: Service):
    for _ in range(MAX_FOLLOWED):
        match = await service.create_match("volto", 10, guild_id=GUILD, channel_id=2)
        await service.follow(match.id, 30)
    match = await service.create_match("volto", 10, guild_id=GUILD, channel_id=2)
    with pytest.raises(ServiceError) as raised:
        await service.follow(match.id, 30)
    assert raised.value.code == "community.error.follow_limit"


async def test_dm_settings_are_kept_and_checked(service: Service, store):
    assert (await service.notification_settings(10)).wants("turn")
    await service.set_notification_settings(10, dm_kind="digest", dm_on=False)
    await service.set_notification_settings(10, ping_next=True, digest_hour=9)
    fresh = await Service(store).notification_settings(10)
    assert not fresh.wants("digest") and fresh.wants("turn") and fresh.ping_next and fresh.digest_hour == 9
    await service.set_notification_settings(10, dm_kind="digest", dm_on=True, clear_digest_hour=True)
    after = await service.notification_settings(10)
    assert after.wants("digest") and after.digest_hour is None and after.ping_next
    for bad, code in (
        ({"dm_kind": "spam"}, "community.error.bad_dm_kind"),
        ({"digest_hour": 24}, "community.error.bad_hour"),
    ):
        with pytest.raises(ServiceError) as raised:
            await service.set_notification_settings(10, **bad)
        assert raised.value.code == code
    assert await service.notification_settings(10) == after, "a refusal changes nothing"


async def test_next_in_line_is_the_seat_after_a_lone_mover(service: Service):
    match_id = await timed_volto(service, "1d")
    match = await service.get_match(match_id)
    assert await service.next_in_line(match, 0) is None, "in Volto's setup both seats act: nobody is next"
    for user in (10, 11):
        await service.submit_move(match_id, user, "auto")
        await service.submit_move(match_id, user, "ready")
    match = await service.get_match(match_id)
    [mover] = match.to_move()
    other_user = match.record.seats[1 - mover]
    assert await service.next_in_line(match, mover) is None, "nobody asked"
    await service.set_notification_settings(other_user, ping_next=True)
    assert await service.next_in_line(match, mover) == other_user


async def test_reminders_wait_for_the_digest_hour(service: Service, clock, store):
    match_id = await timed_volto(service, "3d")
    hour = (datetime.fromtimestamp(clock.now, tz=UTC).hour + 6) % 24
    await service.set_notification_settings(10, digest_hour=hour)
    for clock_row in (await store.clocks(match_id)).values():
        await service.remind(clock_row)
    expected = next_hour(clock.now, None, hour)
    assert expected - clock.now > 5 * HOUR
    early = {u.user_id for u in await store.users_due(expected - 60)}
    assert 10 not in early and 11 in early, "only the player who chose an hour waits for it"
    assert 10 in {u.user_id for u in await store.users_due(expected)}
