"""The first decisions of Twilight of Venice, Rialto (three players, one with a Russian
client) and Venezia 2099 over the wire, each built by clicks in the mover's DM."""

from __future__ import annotations

import pytest

from bot.i18n import CATALOG
from tests.wire.conftest import running_bot
from tests.wire.fake_discord import FakeDiscord, User, custom_ids
from tests.wire.players import cyrillic, has_image, join, open_lobby, play_by_dm

DECISIONS = 4  # moves (a turn of several steps posts once, at its end)


def component_texts(message) -> list[str]:
    """Button labels, select placeholders and option labels: what a user reads on components."""
    texts = []
    for row in message["components"]:
        for component in row["components"]:
            texts += [component.get("label") or "", component.get("placeholder") or ""]
            texts += [option["label"] for option in component.get("options", [])]
    return [text for text in texts if text]


async def first_decisions(fake: FakeDiscord, bot, thread, users: dict[int, User]) -> dict[int, list[str]]:
    """Play the first decisions until ``DECISIONS`` were made and everyone made one.

    Each is the autopilot's choice, clicked through the mover's DM picker. Returns the
    labels of the picker each user played from.
    """
    played, posts, seen = 0, len(thread.messages), {}
    while played < DECISIONS or len(seen) < len(users):
        match = await bot.service.get_match(1)
        assert match.is_running and played < 4 * DECISIONS
        waiting = sorted(match.users_to_move())
        user_id = next((u for u in waiting if u not in seen), waiting[0])
        user = users[user_id]
        game, state, seat = match.game, match.state, match.seat_of(user_id)
        move = game.autopilot_move(game.view(state, seat), game.legal_moves(state, seat))
        tokens = tuple(choice.token for choice in game.choice_path(state, seat, move))
        head = f"1:{match.version}:"
        picker = next(
            m
            for m in reversed(fake.dm_of(user))
            if any(c.startswith((f"pk:{head}", f"ps:{head}")) for c in custom_ids(m))
        )
        assert has_image(picker), "the mover's DM shows their own view"
        seen.setdefault(user_id, component_texts(picker))
        await play_by_dm(fake, user, picker, head, tokens)
        after = await bot.service.get_match(1)
        assert after.version > match.version, "the move was played"
        played += 1
    news = thread.messages[posts:]
    assert news and all(has_image(post) for post in news), "what was played is posted with the board"
    return seen


@pytest.mark.parametrize("game", ["twilight", "venezia2099"])
async def test_first_decisions_of_two_player_games(fake, tmp_path, game):
    guild = fake.create_guild()
    channel = fake.create_text_channel(guild, "games")
    ana, bo = fake.create_user("ana"), fake.create_user("bo")
    for user in (ana, bo):
        fake.add_member(guild, user)
    async with running_bot(fake, tmp_path / "db.sqlite3") as bot:
        thread = await open_lobby(fake, ana, channel, game, players=2)
        await join(fake, bo, thread)
        assert "has started" in thread.messages[-1]["content"]
        assert set(await first_decisions(fake, bot, thread, {ana.id: ana, bo.id: bo})) == {ana.id, bo.id}
        for user in (ana, bo):
            assert fake.dm_of(user), f"{user.name} got their private view by DM"
            assert all(has_image(m) for m in fake.dm_of(user))
    assert not fake.rejections, fake.rejections


async def test_first_decisions_of_rialto_with_a_russian_player(fake, tmp_path):
    guild = fake.create_guild()
    channel = fake.create_text_channel(guild, "games")
    ana, bo, ivan = fake.create_user("ana"), fake.create_user("bo"), fake.create_user("ivan", locale="ru")
    for user in (ana, bo, ivan):
        fake.add_member(guild, user)
    async with running_bot(fake, tmp_path / "db.sqlite3") as bot:
        thread = await open_lobby(fake, ana, channel, "rialto", players=3)
        joined = await join(fake, ivan, thread)
        assert cyrillic(joined.text), f"Ivan's private answer is Russian: {joined.text!r}"
        await join(fake, bo, thread)
        started = thread.messages[-1]
        assert "has started" in started["content"], "the server's posts stay English"
        assert not cyrillic(started["content"])
        users = {ana.id: ana, bo.id: bo, ivan.id: ivan}
        seen = await first_decisions(fake, bot, thread, users)
        ivan_dms = fake.dm_of(ivan)
        assert ivan_dms and all(cyrillic(m["content"]) for m in ivan_dms), "Ivan reads Russian in his DMs"
        assert any(cyrillic(label) for label in seen[ivan.id]), f"and on his buttons: {seen[ivan.id]}"
        assert not any(cyrillic(label) for user in (ana, bo) for label in seen[user.id])
        for user in (ana, bo):
            assert fake.dm_of(user) and not any(cyrillic(m["content"]) for m in fake.dm_of(user))
        mine = await fake.slash(ivan, thread, "game mine")
        assert mine.ephemeral and cyrillic(mine.text) and has_image(mine.messages[-1])
    assert not fake.rejections, fake.rejections


async def test_first_decisions_of_venezia2099_on_an_italian_server(fake, tmp_path):
    """The server's posts in Italian (its preferred locale), Lucia in Italian, Ivan in Russian, Ana in English."""
    italian = CATALOG["it"]
    guild = fake.create_guild(preferred_locale="it")
    channel = fake.create_text_channel(guild, "giochi")
    ana, lucia, ivan = fake.create_user("ana"), fake.create_user("lucia", locale="it"), fake.create_user("ivan", "ru")
    for user in (ana, lucia, ivan):
        fake.add_member(guild, user)
    async with running_bot(fake, tmp_path / "db.sqlite3") as bot:
        thread = await open_lobby(fake, ana, channel, "venezia2099", players=3)
        joined = await join(fake, lucia, thread, button=italian["core.button.join"])  # the lobby speaks Italian
        assert "entra nella partita" in joined.text, joined.text
        await join(fake, ivan, thread, button=italian["core.button.join"])
        started = thread.messages[-1]["content"]
        assert italian["core.event.started"].format(game="Venezia 2099") in started, started
        users = {ana.id: ana, lucia.id: lucia, ivan.id: ivan}
        seen = await first_decisions(fake, bot, thread, users)
        lucia_dms = [m["content"] for m in fake.dm_of(lucia)]
        assert lucia_dms and all("partita n. 1" in text for text in lucia_dms), lucia_dms
        assert any(label.startswith(("Piazza", "Pedina", "Sposta", "Riga")) for label in seen[lucia.id]), seen
        assert all(cyrillic(m["content"]) for m in fake.dm_of(ivan)), "Ivan reads Russian in his DMs"
        ana_dms = [m["content"] for m in fake.dm_of(ana)]
        assert ana_dms and all("match #1" in text for text in ana_dms), ana_dms
        mine = await fake.slash(lucia, thread, "game mine")
        assert mine.ephemeral and has_image(mine.messages[-1])
        assert "partita n. 1" in mine.text, mine.text
    assert not fake.rejections, fake.rejections
