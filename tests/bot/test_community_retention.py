"""A server's history exported and deleted, a user forgotten: through the service (no Discord)."""

from __future__ import annotations

import json

import pytest

from bot import history
from bot.archive import server_history
from bot.service import CONFIRM_SECONDS, AdminOnly, Service
from bot.service_errors import ServiceError
from bot.verify import verify_export
from tests.postgres import BOTH_BACKENDS

pytestmark = pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
"""Every test here runs on SQLite and on PostgreSQL: these features' rows are ported to both."""

GUILD = 1


async def finished_volto(service: Service, creator: int = 10, other: int = 11, guild: int = GUILD) -> int:
    """A Volto match played through its setup and then resigned by ``creator``."""
    match = await service.create_match("volto", creator, guild_id=guild, channel_id=2)
    await service.join(match.id, other)
    for user in (creator, other):
        await service.submit_move(match.id, user, "auto")
        await service.submit_move(match.id, user, "ready")
    await service.resign(match.id, creator)
    return match.id


async def running_volto(service: Service, guild: int = GUILD) -> int:
    match = await service.create_match("volto", 20, guild_id=guild, channel_id=2)
    await service.join(match.id, 21)
    return match.id


async def exported(service: Service, part_bytes: int = 10_000_000) -> list[list[dict]]:
    return [
        [json.loads(line) for line in part.data.decode().splitlines()]
        async for part in server_history(service, GUILD, is_admin=True, part_bytes=part_bytes)
    ]


async def test_the_export_holds_every_match_of_the_server_and_nothing_hidden(service: Service):
    done = [await finished_volto(service) for _ in range(3)]
    running = await running_volto(service)
    await finished_volto(service, guild=2)
    [part] = await exported(service)
    assert [line["match"] for line in part] == [*done, running], "this server's matches, in order"
    for line in part[:3]:
        report = verify_export(line)
        assert report.commitment_ok and report.replay_ok
    assert "seed" not in part[3] and "moves" not in part[3], "a running match is exported public-only"
    parts = await exported(service, part_bytes=1)
    assert [len(p) for p in parts] == [1, 1, 1, 1], "parts split at the size asked for"


async def test_only_admins_export(service: Service):
    await finished_volto(service)
    with pytest.raises(AdminOnly):
        [part async for part in server_history(service, GUILD, is_admin=False, part_bytes=1000)]
    with pytest.raises(AdminOnly):
        await service.record_export(GUILD, 5, is_admin=False, matches=1)


async def test_deleting_the_history_keeps_running_matches_and_is_audited(service: Service, clock, store):
    done = [await finished_volto(service) for _ in range(2)]
    running = await running_volto(service)
    other = await finished_volto(service, guild=2)
    with pytest.raises(AdminOnly):
        await service.deletable_history(GUILD, is_admin=False)
    up_to, count = await service.deletable_history(GUILD, is_admin=True)
    assert (up_to, count) == (running, 2)
    later = await finished_volto(service)  # ended after the admin asked: not in the confirmation
    clock.advance(60)
    with pytest.raises(AdminOnly):
        await service.delete_server_history(GUILD, 5, is_admin=False, up_to_id=up_to, asked_at=clock.now - 60)
    deleted = await service.delete_server_history(GUILD, 99, is_admin=True, up_to_id=up_to, asked_at=clock.now - 60)
    assert deleted == 2
    for match_id in done:
        assert await store.get_match(match_id) is None
        assert await store.moves(match_id) == []
    for match_id in (running, later, other):
        assert await store.get_match(match_id) is not None
    assert (await service.get_match(running)).is_running
    [entry], _ = await service.audit_log(GUILD, is_admin=True, kind="delete")
    assert (entry.actor_id, entry.detail) == (99, {"up_to_match": up_to})
    with pytest.raises(ServiceError) as raised:
        await service.delete_server_history(GUILD, 99, is_admin=True, up_to_id=up_to, asked_at=clock.now)
    assert raised.value.code == "community.error.nothing_to_delete", "a second click deletes nothing"


async def test_an_old_confirmation_deletes_nothing(service: Service, clock, store):
    match_id = await finished_volto(service)
    up_to, _ = await service.deletable_history(GUILD, is_admin=True)
    asked = clock.now
    clock.advance(CONFIRM_SECONDS + 1)
    with pytest.raises(ServiceError) as raised:
        await service.delete_server_history(GUILD, 99, is_admin=True, up_to_id=up_to, asked_at=asked)
    assert raised.value.code == "community.error.confirm_expired"
    assert await store.get_match(match_id) is not None


async def test_a_forgotten_user_leaves_replayable_matches(service: Service, store, clock):
    match_id = await finished_volto(service, creator=10, other=11)
    await service.remember_user(10, locale="ru", dm_channel_id=555)
    await service.change_server_settings(GUILD, 10, is_admin=True, locale="ru")
    await running_volto(service)  # someone else's running match does not hold the forgetting up
    before = await history.export(service, match_id)
    alias = await service.forget_user(10, asked_at=clock.now)
    assert 0 < alias < 1 << 22, "an alias can never be a Discord id"
    record = await store.get_match(match_id)
    assert record is not None and 10 not in record.seats and alias in record.seats and 11 in record.seats
    assert record.creator_id == alias
    after = await history.export(service, match_id)
    assert 10 not in after["seats"] and alias in after["seats"]
    assert after["moves"] == before["moves"] and after["seed"] == before["seed"]
    report = verify_export(after)
    assert report.commitment_ok and report.replay_ok, "the match stays replayable"
    assert str(alias) in json.dumps(after["outcome"]), "the resignation names the alias"
    assert (await store.get_user(10)).dm_channel_id is None, "their own row is gone"
    entries, _ = await service.audit_log(GUILD, is_admin=True)
    assert all(e.actor_id != 10 for e in entries) and any(e.actor_id == alias for e in entries)
    assert (await service.player_record(alias, GUILD))[0].finished == 1


async def test_someone_still_playing_is_not_forgotten(service: Service, store, clock):
    match_id = await running_volto(service)
    with pytest.raises(ServiceError) as raised:
        await service.forget_user(20, asked_at=clock.now)
    assert raised.value.code == "community.error.still_playing"
    assert f"#{match_id}" in raised.value.params["matches"]
    record = await store.get_match(match_id)
    assert record is not None and 20 in record.seats
