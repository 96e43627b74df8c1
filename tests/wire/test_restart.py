"""A restart on the same database: old buttons still answer, an outdated one changes nothing."""

from __future__ import annotations

from tests.wire.conftest import running_bot
from tests.wire.fake_discord import custom_ids
from tests.wire.players import has_image, join, newest_with, open_lobby


async def test_old_buttons_after_a_restart(fake, tmp_path):
    database = tmp_path / "db.sqlite3"
    guild = fake.create_guild()
    channel = fake.create_text_channel(guild, "games")
    ana, bo = fake.create_user("ana"), fake.create_user("bo")
    for user in (ana, bo):
        fake.add_member(guild, user)
    users = {ana.id: ana, bo.id: bo}
    async with running_bot(fake, database) as bot:
        thread = await open_lobby(fake, ana, channel, "volto")
        await join(fake, bo, thread)
        for user in (ana, bo):
            setup = newest_with(fake.dm_of(user), "pk:")
            await fake.click(user, setup, next(c for c in custom_ids(setup) if c.endswith(":auto")))
            await fake.click(user, setup, next(c for c in custom_ids(setup) if c.endswith(":ready")))
        match = await bot.service.get_match(1)
        [first_id] = match.users_to_move()
        first = users[first_id]
        old = newest_with(fake.dm_of(first), f"pk:1:{match.version}:")
        old_ids = custom_ids(old)
        options = await bot.service.move_options(match, first_id)
        typed = await fake.slash(first, thread, "move", code=options[0].code)
        assert typed.ephemeral
        [second_id] = (await bot.service.get_match(1)).users_to_move()
        second = users[second_id]
        before = await bot.service.get_match(1)
        current = newest_with(fake.dm_of(second), f"pk:1:{before.version}:")

    assert fake.identified == 1
    async with running_bot(fake, database) as bot:
        assert fake.identified == 2, "a new session on the same database"
        posts = len(thread.messages)
        stale = next(cid for cid in old_ids if cid.startswith("pk:") and ":auto" not in cid)
        clicked = await fake.click(first, old, stale)
        assert clicked.response_type in (6, 7), "answered, in the DM itself"
        assert "changed in the meantime" in old["content"], "with the current position"
        assert has_image(old)
        assert not any(cid.startswith(f"pk:1:{before.version - 1}:") for cid in custom_ids(old))
        after = await bot.service.get_match(1)
        assert after.version == before.version and len(thread.messages) == posts, "nothing changed"

        # The button drawn before the restart for the current move still plays it.
        options = await bot.service.move_options(after, second_id)
        first_token, second_token = (choice.token for choice in options[0].path)
        await fake.click(second, current, f"pk:1:{after.version}:{first_token}")
        await fake.click(second, current, f"pk:1:{after.version}:{first_token}|{second_token}")
        assert (await bot.service.get_match(1)).version > after.version
        assert len(thread.messages) > posts and f"<@{first.id}>" in thread.messages[-1]["content"]
    assert not fake.rejections, fake.rejections
