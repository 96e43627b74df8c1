"""Following and DM settings over the wire: ``/game follow`` (by DM or in the thread) and ``/settings``."""

from __future__ import annotations

from tests.wire.conftest import running_bot
from tests.wire.fake_discord import FakeDiscord, custom_ids
from tests.wire.players import cyrillic, has_image, join, open_lobby


def world(fake: FakeDiscord):
    guild = fake.create_guild()
    games = fake.create_text_channel(guild, "games")
    ana, bo, cy, dan = (fake.create_user(n) for n in ("ana", "bo", "cy", "dan"))
    ivan = fake.create_user("ivan", locale="ru")
    for user in (ana, bo, cy, dan, ivan):
        fake.add_member(guild, user)
    return guild, games, ana, bo, cy, dan, ivan


async def test_followers_get_the_public_posts_and_players_a_heads_up(fake, tmp_path):
    _guild, games, ana, bo, cy, dan, ivan = world(fake)
    async with running_bot(fake, tmp_path / "db.sqlite3") as bot:
        thread = await open_lobby(fake, ana, games, "twilight", players=2)
        for player in (ana, bo):
            shown = await fake.slash(player, games, "settings next", on=True)
            assert "Heads-up when you are next: on" in shown.text
        followed = await fake.slash(cy, games, "game follow", match=1)
        assert followed.ephemeral and "You follow match #1" in followed.text
        await fake.slash(ivan, games, "game follow", match=1)
        own = await fake.slash(ana, games, "game follow", match=1)
        assert "You play in this match" in own.text
        joined = await fake.slash(dan, games, "game follow", match=1, in_thread=True)
        assert "added to" in joined.text and dan.id in thread.members

        await join(fake, bo, thread)
        match = await bot.service.get_match(1)
        [mover] = match.users_to_move()
        waiting = bo if mover == ana.id else ana
        assert any("You are next" in m["content"] for m in fake.dm_of(waiting)), "the other player was told"
        mover_user = ana if mover == ana.id else bo
        assert not any("You are next" in m["content"] for m in fake.dm_of(mover_user))

        posts = [m for m in thread.messages[1:] if m["content"]]
        follower_dms = fake.dm_of(cy)
        assert len(follower_dms) == len(posts), "every public post, once"
        for dm in follower_dms:
            assert "(followed)" in dm["content"] and "match #1" in dm["content"]
            assert has_image(dm), "with the public board"
            assert not custom_ids(dm), "no buttons: they act for players"
        assert all(cyrillic(dm["content"]) for dm in fake.dm_of(ivan)), "each follower in their own language"
        assert not fake.dm_of(dan), "a follower in the thread gets no DMs"

        await fake.slash(cy, games, "game unfollow", match=1)
        before = len(fake.dm_of(cy))
        await fake.slash(ana, thread, "game resign")
        assert len(fake.dm_of(cy)) == before, "no posts after unfollowing"
        assert len(fake.dm_of(ivan)) > len(follower_dms), "the other follower saw the end"
    assert not fake.rejections, fake.rejections


async def test_a_player_turns_their_turn_dms_off(fake, tmp_path):
    _guild, games, ana, bo, _cy, _dan, _ivan = world(fake)
    async with running_bot(fake, tmp_path / "db.sqlite3") as bot:
        muted = await fake.slash(bo, games, "settings dm", dm_kind="turn", on=False)
        assert "Your turn: off" in muted.text
        digest = await fake.slash(bo, games, "settings digest", hour=9)
        assert "at 09:00" in digest.text
        shown = await fake.slash(bo, games, "settings show")
        assert "Your turn: off" in shown.text and "at 09:00" in shown.text
        thread = await open_lobby(fake, ana, games, "volto")
        await join(fake, bo, thread)
        assert (await bot.service.get_match(1)).is_running
        assert fake.dm_of(ana), "Ana gets her setup by DM"
        assert not fake.dm_of(bo), "Bo asked for no turn DMs"
        mine = await fake.slash(bo, thread, "game mine")
        assert mine.ephemeral and has_image(mine.messages[-1]), "he still plays from the thread"
    assert not fake.rejections, fake.rejections
