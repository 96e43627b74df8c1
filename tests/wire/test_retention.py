"""Retention over the wire: `/setup export` as files; `/setup delete` and `/privacy forget` confirmed by a button."""

from __future__ import annotations

import json

from tests.wire.conftest import running_bot
from tests.wire.fake_discord import FakeDiscord, custom_ids
from tests.wire.players import cyrillic, join, open_lobby


def world(fake: FakeDiscord):
    guild = fake.create_guild()
    games = fake.create_text_channel(guild, "games")
    admin, ana, bo = fake.create_user("admin"), fake.create_user("ana"), fake.create_user("bo", locale="ru")
    other_admin = fake.create_user("other-admin")
    fake.add_member(guild, admin, admin=True)
    fake.add_member(guild, other_admin, admin=True)
    for user in (ana, bo):
        fake.add_member(guild, user)
    return guild, games, admin, other_admin, ana, bo


async def a_resigned_match(fake: FakeDiscord, games, ana, bo):
    thread = await open_lobby(fake, ana, games, "volto")
    await join(fake, bo, thread, button="Join")
    await fake.slash(ana, thread, "game resign")
    return thread


async def test_export_then_delete_the_server_history(fake, tmp_path):
    guild, games, admin, other_admin, ana, bo = world(fake)
    async with running_bot(fake, tmp_path / "db.sqlite3") as bot:
        await a_resigned_match(fake, games, ana, bo)
        await a_resigned_match(fake, games, ana, bo)
        await open_lobby(fake, ana, games, "volto")  # a lobby: kept by the deletion

        refused = await fake.slash(ana, games, "setup export")
        assert refused.ephemeral and "Only a server admin" in refused.text

        exported = await fake.slash(admin, games, "setup export")
        assert exported.ephemeral
        files = [a for m in exported.messages for a in m["attachments"]]
        assert [f["filename"] for f in files] == [f"server{guild.id}-history-1.jsonl"]
        lines = [json.loads(line) for line in fake.file(files[0]).decode().splitlines()]
        assert [line["match"] for line in lines] == [1, 2, 3]
        assert "seed" in lines[0] and "seed" not in lines[2], "ended matches replayable, the lobby public-only"
        assert "3 matches in 1 file" in exported.text

        asked = await fake.slash(admin, games, "setup delete")
        assert asked.ephemeral and "2 ended matches" in asked.text
        question = asked.messages[-1]
        [button] = [cid for cid in custom_ids(question) if cid.startswith("cf:")]
        stranger = await fake.click(other_admin, question, button)
        assert "for the person who asked" in stranger.text
        assert await bot.service.get_match(1), "nothing was deleted"
        confirmed = await fake.click(admin, question, button)
        assert confirmed.response_type == 7 and "Deleted 2 matches" in question["content"]
        assert not custom_ids(question), "the button is gone once used"
        listed = [line async for line in _match_ids(bot, guild.id)]
        assert listed == [3], "only the lobby is left"
        logged = await fake.slash(admin, games, "admin log")
        assert "history deleted" in logged.text and "history exported" in logged.text
    assert not fake.rejections, fake.rejections


async def _match_ids(bot, guild_id):
    for match_id in await bot.service.server_match_ids(guild_id, is_admin=True):
        yield match_id


async def test_a_user_asks_to_be_forgotten(fake, tmp_path):
    _guild, games, admin, _other_admin, ana, bo = world(fake)
    async with running_bot(fake, tmp_path / "db.sqlite3") as bot:
        thread = await open_lobby(fake, ana, games, "volto")
        await join(fake, bo, thread, button="Join")
        playing = await fake.slash(bo, games, "privacy forget")
        assert playing.ephemeral and cyrillic(playing.text) and "#1" in playing.text, "still seated: refused"
        await fake.slash(ana, thread, "game resign")

        asked = await fake.slash(bo, games, "privacy forget")
        question = asked.messages[-1]
        assert cyrillic(question["content"])
        [button] = [cid for cid in custom_ids(question) if cid.startswith("cf:")]
        stranger = await fake.click(ana, question, button)
        assert "for the person who asked" in stranger.text
        assert bo.id in (await bot.service.get_match(1)).record.seats
        await fake.click(bo, question, button)
        assert cyrillic(question["content"]) and not custom_ids(question)
        seats = (await bot.service.get_match(1)).record.seats
        assert bo.id not in seats and ana.id in seats
        shown = await fake.slash(admin, thread, "game log")
        assert str(bo.id) not in shown.text
    assert not fake.rejections, fake.rejections
