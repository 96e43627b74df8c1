"""Russian end to end: commands are synced with Russian names, a Russian user is answered
in Russian (replies, buttons, DMs), an English user in English, in the same match."""

from __future__ import annotations

from tests.bot.discord_helpers import labels, newest_with_components


async def test_commands_are_synced_with_russian_names_and_descriptions(simcord_env):
    puts = [r for r in simcord_env.http_requests if r.method == "PUT" and "/commands" in r.path]
    assert puts
    commands = {c["name"]: c for c in puts[-1].json}
    game = commands["game"]
    assert game["name_localizations"]["ru"] == "партия"
    assert game["description_localizations"]["ru"].startswith("Венецианские")
    new = next(o for o in game["options"] if o["name"] == "new")
    assert new["name_localizations"]["ru"] == "новая"
    assert commands["move"]["name_localizations"]["ru"] == "ход"


async def test_each_player_is_answered_in_their_language(simcord_env, simcord_bot, user_locales):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ana_user, bo_user = simcord_env.create_user("ana"), simcord_env.create_user("bo")
    ana, bo = guild.add_member(ana_user), guild.add_member(bo_user)
    user_locales[ana.id] = "ru"
    user_locales[bo.id] = "en-GB"

    created = await ana.slash(channel, "game new", game="volto")
    assert "Партия №1 открыта" in created.response.content
    [thread] = channel.threads
    joined = await bo.click(thread.history()[0], custom_id="lb:1:join")
    assert "has started" in (joined.followups[0] if joined.followups else joined.response).content

    ana_dm = newest_with_components(ana_user.dm_channel, "pk:")
    bo_dm = newest_with_components(bo_user.dm_channel, "pk:")
    assert "Ваш ход" in ana_dm.content
    assert "Your turn" in bo_dm.content
    assert any("Дворянин" in label for label in labels(ana_dm))
    assert any("Noble" in label for label in labels(bo_dm))

    refused = await ana.slash(thread, "move", code="zz")
    assert refused.ephemeral
    assert any("а" <= ch <= "я" for ch in refused.response.content.lower())
