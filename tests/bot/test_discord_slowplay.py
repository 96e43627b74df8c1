"""Slow play on simulated Discord: reminders as one digest DM, /mygames, vacations, time-outs,
playing alone against the autopilot, and the end-of-match reveal with its animated replay."""

from __future__ import annotations

import re

from bot import outbox
from bot.clocks import DAY, HOUR
from games.core import msg
from tests.bot.discord_helpers import custom_ids


async def two_player_match(env, bot, *, time_limit: str | None = "2d"):
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    users = env.create_user("ana"), env.create_user("bo")
    members = tuple(guild.add_member(u) for u in users)
    options = {"time_limit": time_limit} if time_limit else {}
    await members[0].slash(channel, "game new", game="volto", **options)
    [thread] = channel.threads
    await members[1].click(thread.history()[0], custom_id="lb:1:join")
    for member in members:
        await bot.service.submit_move(1, member.id, "auto")
        await bot.service.submit_move(1, member.id, "ready")
    await bot.flush_notifications()
    return guild, channel, thread, members, users


async def test_reminders_arrive_as_one_digest_dm_for_the_waiting_player(simcord_env, simcord_bot, clock):
    env, bot = simcord_env, simcord_bot
    _guild, _channel, _thread, members, users = await two_player_match(env, bot)
    match = await bot.service.get_match(1)
    [waiting_id] = match.users_to_move()
    waiting = users[[m.id for m in members].index(waiting_id)]
    other = users[1 - [m.id for m in members].index(waiting_id)]
    before_other = len(other.dm_channel.history())
    clock.advance(DAY + 1)  # half of the two days: the first rung of the ladder
    await bot.scheduler.tick()
    clock.advance(HOUR)
    await bot.scheduler.tick()
    digest = waiting.dm_channel.history()[-1]
    assert "Reminder" in digest.content and "Match #1" in digest.content
    assert re.search(r"<t:\d+:f>", digest.content), "time left is a Discord timestamp"
    assert len(other.dm_channel.history()) == before_other, "no reminder for a player with nothing to do"
    assert custom_ids(digest) == ["bd:1:play"], "the digest opens what the player can do now"
    panel = await waiting.click(digest, custom_id="bd:1:play")
    shown = panel.followups[0] if panel.followups else panel.response
    assert shown.ephemeral and shown.attachments and "Choose your move" in shown.content


async def test_mygames_lists_the_games_waiting_on_me_first(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild, channel, thread, members, _users = await two_player_match(env, bot)
    [waiting_id] = (await bot.service.get_match(1)).users_to_move()
    member = members[[m.id for m in members].index(waiting_id)]
    result = await member.slash(channel, "mygames")
    assert result.ephemeral
    lines = result.response.content.splitlines()
    assert "Match #1" in lines[1] and "your move" in lines[1]
    assert f"/channels/{guild.id}/{thread.id}" in lines[1], "each game has a jump link"


async def test_a_time_out_is_played_for_the_absent_player_and_explained(simcord_env, simcord_bot, clock):
    env, bot = simcord_env, simcord_bot
    _guild, _channel, thread, members, users = await two_player_match(env, bot, time_limit="1d")
    [waiting_id] = (await bot.service.get_match(1)).users_to_move()
    absent = users[[m.id for m in members].index(waiting_id)]
    clock.advance(DAY + 1)
    await bot.scheduler.tick()
    await bot.flush_notifications()
    post = thread.history()[-1]
    assert "time ran out" in post.content and "/game claim" in post.content
    assert post.attachments
    assert "Your time ran out" in absent.dm_channel.history()[-1].content


async def test_vacation_is_announced_at_the_table_and_ends_with_one_command(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    _guild, channel, thread, members, _users = await two_player_match(env, bot)
    started = await members[0].slash(channel, "vacation start", days=3, mode="clock")
    assert started.ephemeral and re.search(r"<t:\d+:f>", started.response.content)
    notice = thread.history()[-1]
    assert "on vacation until" in notice.content and re.search(r"<t:\d+:f>", notice.content)
    assert all(c.deadline is None for c in (await bot.service.store.clocks(1)).values()), "two-player clocks pause"
    ended = await members[0].slash(channel, "vacation end")
    assert "Welcome back" in ended.response.content
    assert "back from vacation" in thread.history()[-1].content
    assert any(c.deadline is not None for c in (await bot.service.store.clocks(1)).values())


async def test_alone_against_the_autopilot_to_the_reveal_and_replay(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    user = env.create_user("ana")
    ana = guild.add_member(user)
    created = await ana.slash(channel, "game new", game="volto", vs_autopilot=True)
    assert created.ephemeral
    [thread] = channel.threads
    started = next(m for m in thread.history() if "has started" in m.content)
    assert "fingerprint" in started.content, "the seed commitment is posted at the start"
    assert "Autopilot" in thread.history()[0].content, "the lobby names the autopilot seat"
    await ana.slash(thread, "move", code="auto")
    await ana.slash(thread, "move", code="ready")
    match = await bot.service.get_match(1)
    assert match.to_move() and match.users_to_move() == [ana.id], "the autopilot arranged its masks by itself"
    await ana.slash(thread, "game resign")
    final = thread.history()[-1]
    names = [a.filename for a in final.attachments]
    assert any(n.endswith("-replay.gif") for n in names), names
    assert any(n.endswith(".png") for n in names)
    assert "The seed was" in final.content or any("The seed was" in m.content for m in thread.history()[-3:])
    assert not custom_ids(final)
    exported = await ana.slash(thread, "game export")
    assert exported.response.attachments[0].filename == "match1.json"


async def test_the_log_and_a_running_export_show_public_information_only(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    _guild, _channel, thread, members, _users = await two_player_match(env, bot, time_limit=None)
    logged = await members[0].slash(thread, "game log")
    assert logged.ephemeral
    text = logged.response.content
    assert "arranged their masks" in text
    assert "=N" not in text and "Masks placed at random" not in text, "private setup steps stay private"
    numbers = [int(line.split(".", 1)[0]) for line in text.splitlines()[1:]]
    assert numbers == list(range(1, len(numbers) + 1)), "the lines a reader sees are numbered without gaps"
    exported = await members[1].slash(thread, "game export")
    data = await exported.response.attachments[0].read()
    assert b'"seed_commitment"' in data and b'"seed":' not in data and b'"moves"' not in data


async def test_a_take_back_request_is_posted_at_its_version_and_not_once_the_match_moved_on(simcord_env, simcord_bot):
    """The request's post goes through the outbox: posted with Agree / Refuse while it stands, else not at all."""
    env, bot = simcord_env, simcord_bot
    _guild, _channel, thread, members, _users = await two_player_match(env, bot)
    match = await bot.service.get_match(1)
    [mover_id] = match.users_to_move()
    mover = match.seat_of(mover_id)
    assert mover is not None
    standing = outbox.UndoAsk(mover, match.version, (1 - mover,))
    void = outbox.UndoAsk(mover, match.version - 1, (1 - mover,))
    note = msg("core.event.back", user=mover_id)  # posts the set-up's held news first
    await bot.service.store.add_notifications(1, [outbox.board([note])], bot.service.clock())
    await bot.flush_notifications()
    before = len(thread.history())
    await bot.service.store.add_notifications(1, [outbox.board((), ask=void)], bot.service.clock())
    await bot.flush_notifications()
    assert len(thread.history()) == before, "a request the match has moved on from is not posted"
    await bot.service.store.add_notifications(1, [outbox.board((), ask=standing)], bot.service.clock())
    await bot.flush_notifications()
    [request] = thread.history()[before:]
    other = next(member for member in members if member.id != mover_id)
    assert f"<@{other.id}>" in request.content and f"<@{mover_id}>" in request.content
    assert custom_ids(request) == [f"tb:1:{match.version}:yes", f"tb:1:{match.version}:no"]
