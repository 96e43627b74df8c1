"""Tournaments on simulated Discord: sign-up by buttons, pairing announcements, standings."""

from __future__ import annotations

import json

from tests.bot.discord_helpers import custom_ids, labels, message_by_id


async def setup(env, count=4):
    guild = env.create_guild()
    channel = guild.create_text_channel("tournaments")
    members = [guild.add_member(env.create_user(f"p{n}")) for n in range(count)]
    organiser = guild.add_member(env.create_user("doge"))
    return guild, channel, members, organiser


async def create(organiser, channel, **options):
    result = await organiser.slash(channel, "tournament create", **options)
    assert result.ephemeral and "Tournament #1" in result.response.content
    signup = next(m for m in channel.history() if any(c.startswith("tn:1:") for c in custom_ids(m)))
    return signup


async def test_sign_up_by_buttons_lists_the_entrants_and_refuses_twice(simcord_env, simcord_bot):
    env = simcord_env
    _guild, channel, members, organiser = await setup(env, 2)
    signup = await create(organiser, channel, game="volto", format="swiss", rounds=1, name="Spring Cup")
    assert labels(signup) == ["Join", "Leave"]
    assert "Spring Cup" in signup.content and "Players: nobody yet." in signup.content
    clicked = await members[0].click(signup, custom_id="tn:1:join")
    assert clicked.ephemeral and "You are signed up for Spring Cup" in clicked.response.content
    updated = message_by_id(channel, signup.id)
    assert "Players (1)" in updated.content and f"<@{members[0].id}>" in updated.content
    again = await members[0].click(updated, custom_id="tn:1:join")
    assert again.ephemeral and "already signed up" in again.response.content
    await members[0].click(updated, custom_id="tn:1:leave")
    assert "nobody yet" in message_by_id(channel, signup.id).content


async def test_creating_with_bad_options_answers_privately_and_stores_nothing(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    _guild, channel, _members, organiser = await setup(env, 0)
    result = await organiser.slash(channel, "tournament create", game="volto", format="pods", rounds=2)
    assert result.ephemeral and "three or more players" in result.response.content
    assert await bot.tournaments.service.store.in_guild(_guild.id, ("signup",)) == []


async def test_round_one_is_announced_with_pings_threads_and_then_standings(simcord_env, simcord_bot):
    env, bot = simcord_env, simcord_bot
    _guild, channel, members, organiser = await setup(env, 4)
    signup = await create(organiser, channel, game="volto", format="swiss", rounds=1, name="Cup")
    for member in members:
        await member.click(message_by_id(channel, signup.id), custom_id="tn:1:join")
    refused = await members[0].slash(channel, "tournament start")
    assert refused.ephemeral and "Only the organiser" in refused.response.content
    started = await organiser.slash(channel, "tournament start")
    assert started.ephemeral and "has started" in started.response.content
    announcement = next(m for m in reversed(channel.history()) if "Round 1 has started" in m.content)
    assert announcement.content.count("Table ") == 2
    assert len(channel.threads) == 2, "each game has its own thread"
    for thread in channel.threads:
        assert f"<#{thread.id}>" in announcement.content
    posts = [r for r in env.http_requests if r.method == "POST" and "Round 1 has started" in json.dumps(r.json or {})]
    assert posts and "users" in posts[-1].json["allowed_mentions"]["parse"], "the players are pinged"
    for member in members:
        assert f"<@{member.id}>" in announcement.content
    assert not custom_ids(message_by_id(channel, signup.id)), "sign-up buttons are gone"
    # Both games end by resignation; the tournament ends and posts its standings.
    tables = await bot.tournaments.service.store.tables(1, 1)
    for table in tables:
        thread = next(t for t in channel.threads if f"#{table.match_id}" in t.name)
        loser = next(m for m in members if m.id == table.players[1])
        await loser.slash(thread, "game resign")
    final = next(m for m in reversed(channel.history()) if "The tournament is over" in m.content)
    assert final.attachments and final.attachments[0].filename == "tournament1-standings.png"
    assert "Bh: the sum of your opponents' points" in final.content and "Ties are broken" in final.content
    shown = await members[0].slash(channel, "tournament standings")
    assert shown.ephemeral and shown.response.attachments
    assert "1 pts" in shown.response.content and "Bh" in shown.response.content


async def test_leaderboard_and_rating_after_a_rated_game(simcord_env, simcord_bot):
    env = simcord_env
    _guild, channel, members, _organiser = await setup(env, 2)
    await members[0].slash(channel, "game new", game="volto")
    [thread] = channel.threads
    await members[1].click(thread.history()[0], custom_id="lb:1:join")
    await members[1].slash(thread, "game resign")
    end = next(m for m in reversed(thread.history()) if "resigned" in m.content)
    assert "Rating of" in end.content and "→" in end.content, "the rating change is in the end message"
    board = await members[1].slash(channel, "leaderboard", game="volto")
    assert board.ephemeral
    lines = board.response.content.splitlines()
    assert f"<@{members[0].id}>" in lines[1] and "(provisional)" in lines[1]
    mine = await members[1].slash(channel, "rating")
    assert "Volto" in mine.response.content and "· 1 game\n" in mine.response.content
    profile = await members[1].slash(channel, "profile")
    assert "1 finished" in profile.response.content and "· 1 game" in profile.response.content, "ratings on /profile"
    assert "1 games" not in profile.response.content


async def test_sign_up_buttons_work_after_a_restart_and_the_deadline_is_announced(
    simcord_env, simcord_bot, make_bot, clock
):
    env = simcord_env
    _guild, channel, members, organiser = await setup(env, 2)
    signup = await create(organiser, channel, game="volto", format="swiss", rounds=1, round_time="1d")
    fresh = make_bot()
    await env.restart_bot(fresh)
    for member in members:
        clicked = await member.click(message_by_id(channel, signup.id), custom_id="tn:1:join")
        assert "You are signed up" in clicked.response.content
    await organiser.slash(channel, "tournament start")
    clock.advance(86400 + 1)
    await fresh.scheduler.tick()
    said = next(m for m in reversed(channel.history()) if "time is up" in m.content)
    assert "finished by the autopilot" in said.content
    assert any("The tournament is over" in m.content for m in channel.history())


async def test_the_organiser_log_can_be_read_back(simcord_env, simcord_bot):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("events")
    organiser = guild.add_member(simcord_env.create_user("org"), roles=[])
    await organiser.slash(channel, "tournament create", game="volto", format="swiss", rounds=2)
    empty = await organiser.slash(channel, "tournament log")
    assert empty.ephemeral and "Nothing has been changed by hand" in empty.response.content
    await organiser.slash(channel, "tournament cancel", reason="venue flooded")
    logged = await organiser.slash(channel, "tournament log")
    text = logged.response.content
    assert "Log of tournament #1" in text and "venue flooded" in text and organiser.mention in text
