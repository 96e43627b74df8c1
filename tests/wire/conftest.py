"""Fixtures of the wire layer: the fake Discord on loopback and the bot started as ``python -m bot`` does."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest_asyncio

from bot.config import Sharding
from bot.discord.client import SerenissimaBot, create_bot
from bot.service import Service
from tests.wire.fake_discord import FakeDiscord, pointed


@pytest_asyncio.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord()
    await server.start()
    with pointed(server):
        yield server
    await server.stop()
    record_routes(server)


def record_routes(server: FakeDiscord) -> None:
    """With ``WIRE_ROUTES=file``, append every route called (ids as ``{id}``) and its status to ``file``.

    Opt-in, for listing the REST routes the bot calls: ``sort -u`` the file after a run.
    """
    target = os.environ.get("WIRE_ROUTES")
    if not target:
        return
    with open(target, "a", encoding="utf-8") as out:
        for method, path, status in server.requests:
            route = re.sub(r"/(\d{6,}|token-\d+|fake-token)(?=/|$)", "/{id}", path)
            out.write(f"{method} {route} {status}\n")


@contextlib.asynccontextmanager
async def running_bot(
    fake: FakeDiscord,
    database: Path,
    *,
    dev_guild_id: int | None = None,
    seeds: Callable[[], int] | None = None,
    sharding: Sharding | None = None,
) -> AsyncIterator[Any]:
    """The bot as ``bot/__main__.py`` builds it: the store, ``create_bot``, ``bot.start(token)``.

        ``seeds`` fixes the match seeds where a test needs a known deal (a Volto arrangement that
        does not end in one move); by default they are random, as in production. ``sharding`` is
    what ``SERENISSIMA_SHARDS``/``SERENISSIMA_SHARD_COUNT`` give (``Config.from_env``).
    """
    opened = Service.open(database) if seeds is None else Service.open(database, seeds=seeds)
    async with opened as service:
        bot: SerenissimaBot = create_bot(service, dev_guild_id=dev_guild_id, sharding=sharding)
        # discord.py waits this long after the last GUILD_CREATE before READY (2 s by default);
        # the fake sends every guild at once, so waiting changes nothing but the test's time.
        bot._connection.guild_ready_timeout = 0.05
        async with bot:
            task = asyncio.create_task(bot.start(fake.token))
            waiter = asyncio.create_task(bot.wait_until_ready())
            done, _ = await asyncio.wait({task, waiter}, timeout=60, return_when=asyncio.FIRST_COMPLETED)
            if task in done:
                waiter.cancel()
                task.result()
            assert waiter in done, "the bot did not become ready"
            baseline = set(asyncio.all_tasks())
            await fake.settle(baseline)
            try:
                yield bot
            finally:
                await bot.close()
                await asyncio.wait_for(task, 30)
