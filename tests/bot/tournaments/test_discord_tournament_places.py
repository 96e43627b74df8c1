"""Tournaments obey the server's ``/setup`` of where matches open, as ``/game new`` does.

A tournament is refused (with ``/game new``'s own answer) in a channel where matches may not
be opened; its games open as posts of the server's match forum when one is set, else as
threads of the tournament's channel; and a setup changed mid-tournament leaves the games
already open where they are while the next round follows it (``bot.discord.tournaments``).
"""

from __future__ import annotations

from tests.bot.discord_helpers import custom_ids, message_by_id

ADMIN = 999


async def world(env, count):
    guild = env.create_guild()
    games = guild.create_text_channel("games")
    chat = guild.create_text_channel("chat")
    members = [guild.add_member(env.create_user(f"p{n}")) for n in range(count)]
    organiser = guild.add_member(env.create_user("doge"))
    return guild, games, chat, members, organiser


async def set_up(bot, guild, **changes):
    """What a server admin's ``/setup`` stores (its command is tested in tests/bot/test_community_setup.py)."""
    await bot.service.change_server_settings(guild.id, ADMIN, is_admin=True, **changes)


async def start_tournament(channel, members, organiser, **options):
    created = await organiser.slash(channel, "tournament create", game="volto", format="swiss", **options)
    assert created.ephemeral and "Tournament #1" in created.response.content, created.response.content
    signup = next(m for m in channel.history() if any(c.startswith("tn:1:") for c in custom_ids(m)))
    for member in members:
        await member.click(message_by_id(channel, signup.id), custom_id="tn:1:join")
    started = await organiser.slash(channel, "tournament start")
    assert "has started" in started.response.content, started.response.content


async def finish_round(bot, members, homes, round_):
    """Every game of the round ends by its second player's resignation, in the game's own home."""
    for table in await bot.tournaments.service.store.tables(1, round_):
        match = await bot.service.get_match(table.match_id)
        home = next(h for h in homes if h.id == match.record.thread_id)
        loser = next(m for m in members if m.id == table.players[1])
        resigned = await loser.slash(home, "game resign")
        assert resigned.ephemeral and "resigned" in resigned.response.content, resigned.response.content


async def test_no_tournament_where_the_server_opens_no_matches(simcord_env, simcord_bot):
    bot = simcord_bot
    guild, games, chat, _members, organiser = await world(simcord_env, 0)
    await set_up(bot, guild, match_channels=(games.id,))
    game_new = await organiser.slash(chat, "game new", game="volto")
    refused = await organiser.slash(chat, "tournament create", game="volto", format="swiss", rounds=1)
    assert refused.ephemeral and "not opened in this channel" in refused.response.content
    assert f"<#{games.id}>" in refused.response.content, "the answer names where matches may open"
    assert refused.response.content == game_new.response.content, "the same answer as /game new there"
    assert await bot.tournaments.service.store.in_guild(guild.id, ("signup",)) == [], "nothing stored"
    assert chat.history() == [] and chat.threads == [], "no sign-up post"
    allowed = await organiser.slash(games, "tournament create", game="volto", format="swiss", rounds=1)
    assert "Tournament #1" in allowed.response.content, "an allowed channel still works"


async def test_a_tournaments_games_are_posts_of_the_match_forum(simcord_env, simcord_bot):
    bot = simcord_bot
    guild, games, _chat, members, organiser = await world(simcord_env, 2)
    forum = guild.create_forum_channel("matches")
    await set_up(bot, guild, match_channels=(games.id,), forum_channel_id=forum.id)
    await start_tournament(games, members, organiser, rounds=1)
    [post] = forum.threads
    assert games.threads == [], "no thread in the tournament's channel"
    match = await bot.service.get_match(1)
    assert match.is_running and match.record.thread_id == post.id
    starter = post.history()[0]
    assert starter.id == match.record.lobby_message_id, "the game's lobby post is the post's starter, as /game new"
    assert "Volto" in starter.content and not custom_ids(starter), "kept up to date: no lobby buttons once started"
    assert any("has started" in m.content for m in post.history()), "the game is played in the post"
    announcement = next(m for m in reversed(games.history()) if "Round 1 has started" in m.content)
    assert f"<#{post.id}>" in announcement.content, "the pairing links the post"
    await finish_round(bot, members, [post], 1)
    assert any("The tournament is over" in m.content for m in games.history())


async def test_a_setup_changed_mid_tournament_moves_only_the_next_rounds(simcord_env, simcord_bot):
    bot = simcord_bot
    guild, games, _chat, members, organiser = await world(simcord_env, 4)
    await start_tournament(games, members, organiser, rounds=2)
    first = games.threads
    assert len(first) == 2, "without a forum, a thread per game in the tournament's channel"
    round_one = {t.match_id for t in await bot.tournaments.service.store.tables(1, 1)}
    forum = guild.create_forum_channel("matches")
    other = guild.create_text_channel("elsewhere")
    # Mid-tournament the admin moves matches to a forum and no longer lists the tournament's channel.
    await set_up(bot, guild, match_channels=(other.id,), forum_channel_id=forum.id)
    for match_id in round_one:
        record = (await bot.service.get_match(match_id)).record
        assert record.thread_id in {t.id for t in first}, "a game already open stays where it is"
    await finish_round(bot, members, first, 1)
    second = forum.threads
    assert len(second) == 2, "the next round follows the current setup: posts of the forum"
    assert len(games.threads) == 2, "no new thread in the tournament's channel"
    for table in await bot.tournaments.service.store.tables(1, 2):
        assert (await bot.service.get_match(table.match_id)).record.thread_id in {p.id for p in second}
    announcement = next(m for m in reversed(games.history()) if "Round 2 has started" in m.content)
    assert all(f"<#{p.id}>" in announcement.content for p in second)
    await finish_round(bot, members, second, 2)
    assert any("The tournament is over" in m.content for m in games.history())
