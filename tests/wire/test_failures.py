"""Discord's refusals the bot must live with: closed DMs (50007), no thread permission (50013)."""

from __future__ import annotations

from tests.wire.conftest import running_bot
from tests.wire.fake_discord import custom_ids
from tests.wire.players import answer, has_image, join, open_lobby


async def test_closed_dms_are_told_in_the_thread_and_played_from_my_view(fake, tmp_path):
    guild = fake.create_guild()
    channel = fake.create_text_channel(guild, "games")
    ana, bo = fake.create_user("ana"), fake.create_user("bo")
    for user in (ana, bo):
        fake.add_member(guild, user)
    dm = fake.dm_channel(bo)
    fake.inject_error(
        "POST",
        f"/channels/{dm.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    async with running_bot(fake, tmp_path / "db.sqlite3") as bot:
        thread = await open_lobby(fake, ana, channel, "volto")
        await join(fake, bo, thread)
        assert ("POST", f"/channels/{dm.id}/messages", 403) in fake.requests, "the bot tried the DM"
        assert fake.dm_of(bo) == [] and fake.dm_of(ana), "Ana got her setup DM, Bo none"
        notices = [m for m in thread.messages if "could not send you a direct message" in m["content"]]
        assert len(notices) == 1 and f"<@{bo.id}>" in notices[0]["content"], "told once, in the thread"
        assert "bd:1:mine" in custom_ids(notices[0])
        mine = await fake.click(bo, notices[0], "bd:1:mine")
        panel = answer(mine)
        assert mine.ephemeral and has_image(panel), "the same private view, only for Bo"
        assert any(cid.startswith("pk:1:") for cid in custom_ids(panel)), "with his setup buttons"
        assert (await bot.service.store.get_user(bo.id)).dm_closed
        auto = next(cid for cid in custom_ids(panel) if cid.endswith(":auto"))
        await fake.click(bo, panel, auto)
        assert len([m for m in thread.messages if "could not send you" in m["content"]]) == 1, "not told twice"
    assert not fake.rejections, fake.rejections


async def test_no_thread_permission_plays_in_the_channel(fake, tmp_path):
    guild = fake.create_guild()
    channel = fake.create_text_channel(guild, "games")
    ana, bo = fake.create_user("ana"), fake.create_user("bo")
    for user in (ana, bo):
        fake.add_member(guild, user)
    fake.inject_error("POST", f"/channels/{channel.id}/threads", status=403, code=50013, message="Missing Permissions")
    async with running_bot(fake, tmp_path / "db.sqlite3") as bot:
        created = await fake.slash(ana, channel, "game new", game="volto")
        assert ("POST", f"/channels/{channel.id}/threads", 403) in fake.requests
        assert created.ephemeral and "cannot create threads here" in created.text
        assert fake.threads_of(channel) == []
        lobby = channel.messages[0]
        assert "lb:1:join" in custom_ids(lobby), "the lobby is posted in the channel itself"
        joined = await fake.click(bo, lobby, "lb:1:join")
        assert joined.ephemeral
        assert (await bot.service.get_match(1)).is_running
        assert has_image(channel.messages[-1]) and "has started" in channel.messages[-1]["content"]
    assert not fake.rejections, fake.rejections
