"""After downtime the bot answers at once: the catch-up of missed deadlines does not hold its start."""

from __future__ import annotations

import asyncio

from bot.service import Service
from tests.wire.conftest import running_bot
from tests.wire.players import open_lobby


async def test_the_bot_answers_while_it_still_catches_up_after_downtime(fake, tmp_path, monkeypatch):
    started, release, ticks = asyncio.Event(), asyncio.Event(), []
    real_catch_up = Service.catch_up_after_downtime

    async def slow_catch_up(self: Service) -> int:
        started.set()
        await release.wait()  # a day down with many matches: seconds of work
        return await real_catch_up(self)

    monkeypatch.setattr(Service, "catch_up_after_downtime", slow_catch_up)
    guild = fake.create_guild()
    channel = fake.create_text_channel(guild, "games")
    ana = fake.create_user("ana")
    fake.add_member(guild, ana)
    async with running_bot(fake, tmp_path / "db.sqlite3") as bot:
        real_tick = bot.scheduler.tick

        async def counted_tick() -> object:
            ticks.append(release.is_set())
            return await real_tick()

        monkeypatch.setattr(bot.scheduler, "tick", counted_tick)
        await asyncio.wait_for(started.wait(), 5)
        thread = await open_lobby(fake, ana, channel, "volto")  # answered while the catch-up runs
        assert thread.messages and not release.is_set()
        assert not ticks, "no timer tick before the missed deadlines are graced"
        release.set()
        for _ in range(200):
            if ticks:
                break
            await asyncio.sleep(0.01)
        assert ticks and all(ticks), "the timers start once the catch-up is done"
    assert not fake.rejections, fake.rejections
