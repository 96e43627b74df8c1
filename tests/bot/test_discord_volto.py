"""A whole Volto match on simulated Discord: lobby, secret setup by DM, moves by slash
command and by components, then the failure paths (closed DMs, stale and foreign clicks,
a restart in the middle of the match)."""

from __future__ import annotations

import re

import pytest

from bot.store import Store
from games.core import Rng
from tests.bot.discord_helpers import custom_ids, message_by_id, newest_with_components
from tests.postgres import BOTH_BACKENDS


async def open_match(env, bot):
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ana_user, bo_user = env.create_user("ana"), env.create_user("bo")
    ana, bo = guild.add_member(ana_user), guild.add_member(bo_user)
    created = await ana.slash(channel, "game new", game="volto")
    assert created.ephemeral
    assert "Match #1" in created.response.content
    [thread] = channel.threads
    lobby = thread.history()[0]
    assert "lb:1:join" in custom_ids(lobby)
    return guild, channel, thread, (ana, bo), (ana_user, bo_user)


async def arrange(user, *, auto=True):
    """Finish the secret setup from the setup DM: one 'random rest' click and a confirm."""
    dm = user.dm_channel
    message = newest_with_components(dm, "pk:")
    auto_id = next(cid for cid in custom_ids(message) if cid.endswith(":auto"))
    await user.click(message, custom_id=auto_id)
    message = message_by_id(dm, message.id)
    ready_id = next(cid for cid in custom_ids(message) if cid.endswith(":ready"))
    result = await user.click(message, custom_id=ready_id)
    assert result.acknowledged
    return message.id


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_a_whole_match_from_new_to_a_win(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    _guild, _channel, thread, members, users = await open_match(env, bot)
    _ana, bo = members

    joined = await bo.click(thread.history()[0], label="Join")
    assert joined.acknowledged and joined.ephemeral
    match = await bot.service.get_match(1)
    assert match.is_running
    assert "lb:" not in " ".join(custom_ids(thread.history()[0])), "lobby buttons go once the match starts"
    started = thread.history()[-1]
    assert "has started" in started.content
    assert started.attachments, "the start post carries the public board"

    # Secret setup, privately by DM, with a preview image at every step.
    for user in users:
        dm_message = newest_with_components(user.dm_channel, "pk:")
        assert dm_message.attachments
        await arrange(user)
    match = await bot.service.get_match(1)
    assert match.state is not None and match.to_move() == frozenset({0})

    by_user = {member.id: (member, user) for member, user in zip(members, users, strict=True)}
    step = 0
    while match.is_running:
        [user_id] = match.users_to_move()
        member, user = by_user[user_id]
        options = await bot.service.move_options(match, user_id)
        option = Rng(3, step).choice(options)
        before = len(thread.history())
        if step % 2 == 0:
            result = await member.slash(thread, "move", code=option.code)
            assert result.ephemeral
            assert "Move played" in result.response.content or result.response.attachments
        else:
            dm = user.dm_channel
            message = newest_with_components(dm, f"pk:1:{match.version}:")
            first, second = (choice.token for choice in option.path)
            await user.click(message, custom_id=f"pk:1:{match.version}:{first}")
            edited = message_by_id(dm, message.id)
            assert f"pk:1:{match.version}:{first}|{second}" in custom_ids(edited), "destinations follow the mask"
            await user.click(edited, custom_id=f"pk:1:{match.version}:{first}|{second}")
            assert "Move played" in message_by_id(dm, message.id).content
        match = await bot.service.get_match(1)
        post = thread.history()[-1]
        assert len(thread.history()) > before, "every move is posted in the thread"
        assert post.attachments and post.attachments[0].description, "the board image has alt text"
        if match.is_running:
            [next_user] = match.users_to_move()
            assert f"<@{next_user}>" in post.content, "the post mentions who must act"
        step += 1
        assert step < 400

    outcome = match.outcome
    assert outcome is not None and len(outcome.winners) == 1, outcome
    final = thread.history()[-1]
    assert "won" in final.content or "wins" in final.content
    assert not custom_ids(final), "no move buttons under a finished match"
    replayed = await bot.service.replay(1)
    assert match.game.encode(replayed) == match.game.encode(match.state)


async def test_closed_dms_fall_back_to_the_thread(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    _guild, _channel, thread, (_ana, bo), (_ana_user, bo_user) = await open_match(env, bot)
    env.inject_error(
        "POST",
        f"/channels/{bo_user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    await bo.click(thread.history()[0], label="Join")
    notices = [m for m in thread.history() if "could not send you a direct message" in m.content]
    assert notices, "the thread tells the player their DMs are closed"
    assert any("bd:1:mine" in custom_ids(m) for m in notices)
    # The "My view" button gives the same private panel, ephemerally.
    result = await bo.click(notices[-1], custom_id="bd:1:mine")
    assert result.ephemeral
    panel = result.followups[0] if result.followups else result.response
    assert panel.attachments
    assert any(cid.startswith("pk:1:") for cid in _ids(panel))
    record = await bot.service.store.get_user(bo.id)
    assert record.dm_closed


def _ids(response):
    found = []
    for row in response.components:
        for child in row.get("components", []):
            if child.get("custom_id"):
                found.append(child["custom_id"])
    return found


async def test_stale_and_foreign_clicks_change_nothing(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, _channel, thread, (ana, bo), (ana_user, _bo_user) = await open_match(env, bot)
    await bo.click(thread.history()[0], label="Join")
    dm = ana_user.dm_channel
    old = newest_with_components(dm, "pk:")
    old_auto = next(cid for cid in custom_ids(old) if cid.endswith(":auto"))
    # The same step is taken another way (typed), so the DM's button is now outdated,
    # exactly as after a double click.
    typed = await ana.slash(thread, "move", code="auto")
    assert typed.ephemeral
    version = (await bot.service.get_match(1)).version

    again = await ana_user.click(old, custom_id=old_auto)
    assert again.acknowledged
    assert "board changed" in message_by_id(dm, old.id).content
    assert (await bot.service.get_match(1)).version == version, "a stale click changes nothing"

    # Someone who is not seated clicks the board's buttons.
    carla = guild.add_member(env.create_user("carla"))
    board = newest_with_components(thread, "bd:")
    refused = await carla.click(board, custom_id="bd:1:play")
    assert refused.ephemeral
    text = (refused.followups[0] if refused.followups else refused.response).content
    assert "not playing" in text
    # and types a move
    typed = await carla.slash(thread, "move", code="a1=N")
    assert typed.ephemeral and "not playing" in typed.response.content
    assert (await bot.service.get_match(1)).version == version


async def test_bad_move_text_gets_a_reason_and_changes_nothing(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    _guild, _channel, thread, (ana, bo), _users = await open_match(env, bot)
    await bo.click(thread.history()[0], label="Join")
    version = (await bot.service.get_match(1)).version
    for text in ["zz", "c2-c4", "x" * 150]:
        result = await ana.slash(thread, "move", code=text)
        assert result.ephemeral
        assert result.response.content
        assert "went wrong" not in result.response.content
    assert (await bot.service.get_match(1)).version == version


async def test_autocomplete_offers_exactly_the_legal_moves(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    _guild, _channel, thread, (ana, bo), _users = await open_match(env, bot)
    await bo.click(thread.history()[0], label="Join")
    choices = await ana.autocomplete(thread, "move", "code", "")
    match = await bot.service.get_match(1)
    legal = [o.code for o in await bot.service.move_options(match, ana.id)]
    # Any free cell for any type: 50 placements and auto, more than Discord's 25 choices.
    assert len(legal) == 51
    assert [c["value"] for c in choices] == legal[:25]
    for typed in (legal[49][:2], legal[2].lower(), "aut"):  # the last cell, one placement, auto
        choices = await ana.autocomplete(thread, "move", "code", typed)
        assert [c["value"] for c in choices] == [code for code in legal if code.lower().startswith(typed)]
        assert choices


async def test_restart_mid_match_keeps_old_buttons_working(simcord_env, simcord_bot, make_bot, db_path):
    env, bot = simcord_env, simcord_bot
    _guild, _channel, thread, members, users = await open_match(env, bot)
    await members[1].click(thread.history()[0], label="Join")
    await arrange(users[0])
    await arrange(users[1])
    match = await bot.service.get_match(1)
    [mover_id] = match.users_to_move()
    mover = users[[m.id for m in members].index(mover_id)]
    turn_dm = newest_with_components(mover.dm_channel, f"pk:1:{match.version}:")

    async with Store.open(db_path) as reopened:
        fresh = make_bot(reopened)
        await env.restart_bot(fresh)
        first = next(cid for cid in custom_ids(turn_dm) if cid.startswith(f"pk:1:{match.version}:"))
        await mover.click(turn_dm, custom_id=first)
        edited = message_by_id(mover.dm_channel, turn_dm.id)
        second = next(cid for cid in custom_ids(edited) if re.match(rf"pk:1:{match.version}:\w+\|\w+", cid))
        await mover.click(edited, custom_id=second)
        after = await fresh.service.get_match(1)
        assert after.record.ply == match.record.ply + 1, "the pre-restart button played the move"
        assert "Move played" in message_by_id(mover.dm_channel, turn_dm.id).content


async def test_the_lobby_post_follows_the_match_from_start_to_result(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    _guild, _channel, thread, (ana, bo), users = await open_match(env, bot)
    lobby_id = thread.history()[0].id
    assert "Waiting for players (1/2)" in message_by_id(thread, lobby_id).content
    await bo.click(thread.history()[0], label="Join")
    match = await bot.service.get_match(1)
    white, black = (f"<@{user}>" for user in match.record.seats)
    started = message_by_id(thread, lobby_id).content
    assert f"Players: White ({white}), Black ({black})" in started, "started: the seats are named"
    assert "Waiting for: White" in started and "Waiting for players" not in started
    assert "arranging their masks in secret" in started and "to move" not in started, "the setup is no move yet"
    for user in users:
        await arrange(user)
    match = await bot.service.get_match(1)
    [mover] = match.to_move()
    assert f"{('White', 'Black')[mover]} ({(white, black)[mover]}) to move." in message_by_id(thread, lobby_id).content
    await ana.slash(thread, "game resign")
    ended = message_by_id(thread, lobby_id).content
    winner = 1 - match.seat_of(ana.id)
    assert "resigned" in ended and f"{('White', 'Black')[winner]} ({(white, black)[winner]}) won." in ended
    assert "to move" not in ended and "Waiting" not in ended, "finished: no turn any more"
    assert not custom_ids(message_by_id(thread, lobby_id))


async def test_a_cancelled_lobby_says_so_and_refuses_to_be_joined(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    _guild, _channel, thread, (ana, bo), _users = await open_match(env, bot)
    lobby = thread.history()[0]
    await ana.click(lobby, label="Cancel match")
    edited = message_by_id(thread, lobby.id)
    assert "The match was cancelled." in edited.content and "Waiting for players" not in edited.content
    assert not custom_ids(edited), "a cancelled lobby has no buttons left"
    post = thread.history()[-1].content
    assert post.count("cancelled") == 1, f"the end post says it once: {post!r}"
    refused = await bo.slash(thread, "game join", match=1)
    assert refused.ephemeral and "was cancelled" in refused.response.content
    assert "already started" not in refused.response.content


async def test_an_agreed_draw_is_announced_once(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    _guild, _channel, thread, (ana, bo), users = await open_match(env, bot)
    await bo.click(thread.history()[0], label="Join")
    for user in users:
        await arrange(user)
    await ana.slash(thread, "game draw")
    accepted = await bo.slash(thread, "game draw")
    assert accepted.response.content.count("Draw by agreement.") == 1, accepted.response.content
    post = thread.history()[-1].content
    assert post.count("Draw by agreement.") == 1 and "The match is drawn." in post, post
