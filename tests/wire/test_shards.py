"""Sharding over the real wire: the bot identifies the shards its environment names and answers on each.

The fake Discord splits the guilds as Discord does (``(guild_id >> 22) % shard_count``), so an
interaction in a guild reaches the bot only on that guild's shard's connection.
"""

from __future__ import annotations

from bot.config import Config
from tests.wire.conftest import running_bot
from tests.wire.fake_discord import FakeDiscord, Guild


def sharded(fake: FakeDiscord, shards: str, count: str) -> Config:
    """The configuration ``python -m bot`` reads with these two variables set."""
    return Config.from_env(
        {"DISCORD_TOKEN": fake.token, "SERENISSIMA_SHARDS": shards, "SERENISSIMA_SHARD_COUNT": count}
    )


def guilds_on_every_shard(fake: FakeDiscord, count: int) -> dict[int, Guild]:
    """One new guild per shard (snowflakes are consecutive, so a few tries cover every shard)."""
    found: dict[int, Guild] = {}
    while len(found) < count:
        guild = fake.create_guild(f"Venice {len(fake.guilds)}")
        found.setdefault((guild.id >> 22) % count, guild)
    return found


async def test_shards_0_1_of_2_identify_both_and_answer_an_interaction_on_each(fake, tmp_path):
    config = sharded(fake, "0-1", "2")
    guilds = guilds_on_every_shard(fake, 2)
    channels = {shard: fake.create_text_channel(guild, "games") for shard, guild in guilds.items()}
    ana = fake.create_user("ana")
    for guild in guilds.values():
        fake.add_member(guild, ana)
    async with running_bot(fake, tmp_path / "db.sqlite3", sharding=config.sharding) as bot:
        assert sorted(fake.identified_shards) == [(0, 2), (1, 2)], "one IDENTIFY per shard, with its shard field"
        assert bot.shard_ids == [0, 1] and bot.shard_count == 2
        for shard, guild in guilds.items():
            seen = bot.get_guild(guild.id)
            assert seen is not None and seen.shard_id == shard, "each guild arrived on its own shard"
        assert bot.tick_loop.is_running(), "the process runs the timers"
        for shard, channel in channels.items():
            created = await fake.slash(ana, channel, "game new", game="volto")
            assert created.ephemeral and "Match #" in created.text, (shard, created.text)
            [thread] = fake.threads_of(channel)
            assert "Volto" in thread.messages[0]["content"]
    assert not fake.rejections, fake.rejections


async def test_a_process_without_shard_0_answers_its_shard_and_runs_background_work_too(fake, tmp_path):
    config = sharded(fake, "1", "2")
    guild = guilds_on_every_shard(fake, 2)[1]
    channel = fake.create_text_channel(guild, "games")
    ana = fake.create_user("ana")
    fake.add_member(guild, ana)
    async with running_bot(fake, tmp_path / "db.sqlite3", sharding=config.sharding) as bot:
        assert fake.identified_shards == [(1, 2)]
        assert bot.tick_loop.is_running(), "every process claims its share of the timers and the outbox"
        listed = await fake.slash(ana, channel, "game list")
        assert listed.ephemeral and listed.text
    assert not fake.rejections, fake.rejections
