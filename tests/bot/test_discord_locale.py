"""Russian and Italian end to end: commands are synced with Russian and Italian names, a
Russian user is answered in Russian (replies, buttons, DMs), an English user in English, an
Italian one in Italian, in the same match; public posts follow the server's language."""

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


async def test_commands_are_synced_with_italian_names_and_descriptions(simcord_env):
    puts = [r for r in simcord_env.http_requests if r.method == "PUT" and "/commands" in r.path]
    commands = {c["name"]: c for c in puts[-1].json}
    game = commands["game"]
    assert game["name_localizations"]["it"] == "partita"
    assert game["description_localizations"]["it"].startswith("Gioca ai giochi da tavolo veneziani")
    new = next(o for o in game["options"] if o["name"] == "new")
    assert new["name_localizations"]["it"] == "nuova"
    assert commands["move"]["name_localizations"]["it"] == "mossa"
    assert commands["tournament"]["name_localizations"]["it"] == "torneo"


async def test_an_italian_server_posts_in_italian_and_each_player_is_answered_in_their_language(
    simcord_env, simcord_bot, user_locales
):
    """Private answers follow the user's locale (``it``); public posts the server's (``it`` here)."""
    guild = simcord_env.create_guild(preferred_locale="it")
    channel = guild.create_text_channel("giochi")
    lucia_user, ivan_user = simcord_env.create_user("lucia"), simcord_env.create_user("ivan")
    lucia, ivan = guild.add_member(lucia_user), guild.add_member(ivan_user)
    user_locales[lucia.id] = "it"
    user_locales[ivan.id] = "ru"

    created = await lucia.slash(channel, "game new", game="volto")
    assert "La partita n. 1 è aperta" in created.response.content
    [thread] = channel.threads
    lobby = thread.history()[0]
    assert lobby.content.startswith("**Volto — partita n. 1**")
    assert "In attesa di giocatori" in lobby.content
    joined = await ivan.click(lobby, custom_id="lb:1:join")
    answer = (joined.followups[0] if joined.followups else joined.response).content
    assert any("а" <= ch <= "я" for ch in answer.lower()), answer
    assert any("La partita a Volto è cominciata!" in message.content for message in thread.history())

    lucia_dm = newest_with_components(lucia_user.dm_channel, "pk:")
    ivan_dm = newest_with_components(ivan_user.dm_channel, "pk:")
    assert "Tocca a te in Volto" in lucia_dm.content
    assert "Ваш ход" in ivan_dm.content
    assert any("Nobile" in label for label in labels(lucia_dm))
    assert any("Дворянин" in label for label in labels(ivan_dm))

    refused = await lucia.slash(thread, "move", code="zz")
    assert refused.ephemeral
    assert "non è una mossa di Volto" in refused.response.content
