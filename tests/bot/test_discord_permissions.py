"""Missing channel permissions get a clear answer, never a traceback or a half-made match."""

from __future__ import annotations

import discord

from tests.bot.discord_helpers import custom_ids


async def test_without_thread_permission_the_match_is_played_in_the_channel(simcord_env, simcord_bot):
    guild = simcord_env.create_guild()
    me = guild.me
    channel = guild.create_text_channel(
        "no-threads", overwrites={me: discord.PermissionOverwrite(create_public_threads=False)}
    )
    ana = guild.add_member(simcord_env.create_user("ana"))
    result = await ana.slash(channel, "game new", game="volto")
    assert result.ephemeral
    assert "cannot create threads" in result.response.content
    assert channel.threads == []
    lobby = channel.history()[-1]
    assert "lb:1:join" in custom_ids(lobby)
    match = await simcord_bot.service.get_match(1)
    assert match.record.thread_id is None and match.record.home_channel_id == channel.id


async def test_without_attach_permission_no_match_is_created(simcord_env, simcord_bot):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel(
        "no-files", overwrites={guild.me: discord.PermissionOverwrite(attach_files=False)}
    )
    ana = guild.add_member(simcord_env.create_user("ana"))
    result = await ana.slash(channel, "game new", game="volto")
    assert result.ephemeral
    assert "attach files" in result.response.content
    assert await simcord_bot.service.store.matches_in_guild(guild.id) == []
