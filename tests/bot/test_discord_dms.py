"""Direct messages go to the stored DM channel: no ``GET /users/{id}`` and one channel opening per user."""

from __future__ import annotations

import re

from bot.store import Store
from tests.bot.discord_helpers import custom_ids, message_by_id, newest_with_components
from tests.bot.test_discord_volto import arrange, open_match

USER_FETCH = re.compile(r"^/users/\d+$")


def user_fetches(env) -> list[str]:
    return [r.path for r in env.http_requests if r.method == "GET" and USER_FETCH.match(r.path)]


def dm_openings(env) -> list[int]:
    """Recipients of every ``POST /users/@me/channels`` so far."""
    return [
        int(r.json["recipient_id"]) for r in env.http_requests if r.method == "POST" and r.path == "/users/@me/channels"
    ]


async def test_dms_reuse_the_stored_channel_even_after_a_restart(simcord_env, simcord_bot, make_bot, db_path):
    env, bot = simcord_env, simcord_bot
    _guild, _channel, thread, (_ana, bo), users = await open_match(env, bot)
    await bo.click(thread.history()[0], label="Join")
    for user in users:
        await arrange(user)
    assert all(user.dm_channel.history() for user in users), "the setup DMs arrived"
    assert user_fetches(env) == [], "a DM never asks Discord for the user"
    assert sorted(dm_openings(env)) == sorted(user.id for user in users), "each DM channel is opened once"
    for user in users:
        assert (await bot.service.store.get_user(user.id)).dm_channel_id == user.dm_channel.id

    async with Store.open(db_path) as reopened:
        fresh = make_bot(reopened)
        await env.restart_bot(fresh)
        openings_before, requests_before = len(dm_openings(env)), len(env.http_requests)
        match = await fresh.service.get_match(1)
        [mover_id] = match.users_to_move()
        [mover] = [user for user in users if user.id == mover_id]
        [waiting] = [user for user in users if user.id != mover_id]
        waiting_dms = len(waiting.dm_channel.history())
        turn_dm = newest_with_components(mover.dm_channel, f"pk:1:{match.version}:")
        first = next(cid for cid in custom_ids(turn_dm) if cid.startswith(f"pk:1:{match.version}:"))
        await mover.click(turn_dm, custom_id=first)
        edited = message_by_id(mover.dm_channel, turn_dm.id)
        second = next(cid for cid in custom_ids(edited) if re.match(rf"pk:1:{match.version}:\w+\|\w+", cid))
        await mover.click(edited, custom_id=second)
        assert (await fresh.service.get_match(1)).record.ply == match.record.ply + 1
        assert len(waiting.dm_channel.history()) > waiting_dms, (
            "the other player got their turn by DM after the restart"
        )
        assert len(dm_openings(env)) == openings_before, "the restarted bot sends straight to the stored channel"
        assert user_fetches(env) == []
        sent = [r.path for r in env.http_requests[requests_before:] if r.method == "POST"]
        assert f"/channels/{waiting.dm_channel.id}/messages" in sent


async def test_a_stored_channel_that_is_gone_is_opened_again_once(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    _guild, _channel, thread, (_ana, bo), (ana_user, _bo_user) = await open_match(env, bot)
    gone = 999_999_999_999
    await bot.service.store.remember_user(ana_user.id, dm_channel_id=gone)
    await bo.click(thread.history()[0], label="Join")
    assert newest_with_components(ana_user.dm_channel, "pk:"), "the setup DM still arrives"
    assert any(r.method == "POST" and r.path == f"/channels/{gone}/messages" for r in env.http_requests)
    assert dm_openings(env).count(ana_user.id) == 1
    assert (await bot.service.store.get_user(ana_user.id)).dm_channel_id == ana_user.dm_channel.id
    assert user_fetches(env) == []
