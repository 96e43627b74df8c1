"""How a match ends, as its players and its server read it over the wire: each thing said once.

An admin cancels a running match: the thread's last post names who cancelled it and says it
once, the lobby post at the top turns to "cancelled" without buttons, and a late join is told
the match was cancelled. A resignation and an agreed draw: the end post says each sentence once.
"""

from __future__ import annotations

from bot.i18n import CATALOG
from tests.wire.conftest import running_bot
from tests.wire.fake_discord import FakeDiscord, custom_ids
from tests.wire.players import join, newest_with, open_lobby, said_once

ENGLISH = CATALOG["en"]


def world(fake: FakeDiscord):
    guild = fake.create_guild()
    channel = fake.create_text_channel(guild, "games")
    ana, bo, cy, mod = (fake.create_user(name) for name in ("ana", "bo", "cy", "mod"))
    for user in (ana, bo, cy):
        fake.add_member(guild, user)
    fake.add_member(guild, mod, admin=True)
    return channel, ana, bo, cy, mod


async def arranged(fake: FakeDiscord, ana, bo) -> None:
    """Both players confirm a random arrangement in their setup DM."""
    for user in (ana, bo):
        setup = newest_with(fake.dm_of(user), "pk:")
        await fake.click(user, setup, next(cid for cid in custom_ids(setup) if cid.endswith(":auto")))
        await fake.click(user, setup, next(cid for cid in custom_ids(setup) if cid.endswith(":ready")))


async def test_an_admin_cancels_a_running_match_and_a_late_join_is_told(fake, tmp_path):
    channel, ana, bo, cy, mod = world(fake)
    async with running_bot(fake, tmp_path / "db.sqlite3") as bot:
        thread = await open_lobby(fake, ana, channel, "volto")
        await join(fake, bo, thread)
        cancelled = await fake.slash(mod, channel, "game cancel", match=1)
        assert cancelled.ephemeral
        assert (await bot.service.get_match(1)).record.status == "cancelled"
        end = thread.messages[-1]["content"]
        assert ENGLISH["core.event.cancelled"].format(user=f"<@{mod.id}>") in end, end
        assert end.lower().count("cancelled") == 1, f"the end post says it once: {end!r}"
        assert said_once(end), end
        lobby = thread.messages[0]
        assert ENGLISH["core.status.cancelled"] in lobby["content"], lobby["content"]
        assert "to move" not in lobby["content"] and "Waiting for" not in lobby["content"]
        assert not custom_ids(lobby), "a cancelled match's lobby post has no buttons"
        late = await fake.slash(cy, channel, "game join", match=1)
        assert late.ephemeral and "was cancelled" in late.text and "already started" not in late.text, late.text
    assert not fake.rejections, fake.rejections


async def test_a_resignation_and_an_agreed_draw_are_said_once(fake, tmp_path):
    channel, ana, bo, _cy, _mod = world(fake)
    async with running_bot(fake, tmp_path / "db.sqlite3") as bot:
        thread = await open_lobby(fake, ana, channel, "volto")
        await join(fake, bo, thread)
        await arranged(fake, ana, bo)
        resigned = await fake.slash(ana, thread, "game resign")
        assert resigned.ephemeral
        end = thread.messages[-1]["content"]
        assert "resigned" in end and end.count("resigned") == 1 and said_once(end), end
        assert "won" in thread.messages[0]["content"] and "to move" not in thread.messages[0]["content"]

        second = await open_lobby(fake, ana, channel, "volto")
        assert second is not thread
        await join(fake, bo, second)
        await arranged(fake, ana, bo)
        await fake.slash(ana, second, "game draw")
        accepted = await fake.slash(bo, second, "game draw")
        assert accepted.text.count("Draw by agreement.") <= 1, accepted.text
        end = second.messages[-1]["content"]
        assert end.count("Draw by agreement.") == 1 and said_once(end), end
        assert (await bot.service.get_match(2)).record.status == "finished"
    assert not fake.rejections, fake.rejections
