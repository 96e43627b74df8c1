"""/game new refuses options the game cannot play, privately, listing the game's options; nothing is opened."""

from __future__ import annotations

HELP = "neutral=true/false · y4_any_source=true/false · bridges=pairs/mirror"


async def test_game_new_refuses_bad_options_and_lists_the_games_options(simcord_env, simcord_bot, user_locales):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    ana = guild.add_member(simcord_env.create_user("ana"))
    refused = await ana.slash(channel, "game new", game="rialto", options="bridges=nope")
    assert refused.ephemeral
    assert refused.response.content == (
        f"'bridges=nope' is not a valid option for this game.\nThe options of Rialto: {HELP}."
    )
    user_locales[ana.id] = "ru"
    refused = await ana.slash(channel, "game new", game="rialto", players=3, options="neutral=true")
    assert refused.ephemeral
    assert refused.response.content == (
        f"Нейтральный игрок (neutral=true) играет только в партии на двоих.\nНастройки игры «Риальто»: {HELP}."
    )
    assert channel.threads == [] and await simcord_bot.service.store.get_match(1) is None
    opened = await ana.slash(channel, "game new", game="rialto", options="neutral=true")
    assert opened.ephemeral and (await simcord_bot.service.get_match(1)).record.max_seats == 2
