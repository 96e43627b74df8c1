"""``python -m bot`` itself, as a subprocess, against the fake Discord.

The process is the real entry point with its environment variables; the only test hook is
a ``sitecustomize`` module put on the child's ``PYTHONPATH`` by this test, which points
discord.py's REST base and default gateway at the fake before ``bot`` runs. Nothing in
``bot/`` knows about it, so production has no way to be redirected by an environment
variable.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import psycopg
import pytest

from tests.postgres import BOTH_BACKENDS, scratch_schema
from tests.wire.fake_discord import has_no_traceback

ROOT = Path(__file__).resolve().parents[2]
EXIT_WAIT_SECONDS = 180
"""How long the bot may take to exit after SIGINT. It takes a few seconds; a machine starved by
other work once took over 60 (session 10): a hang still fails, a slow machine no longer does."""
HOOK = """\
import os

base = os.environ.get("FAKE_DISCORD_API")
if base:
    import discord.gateway
    import discord.http
    import yarl

    discord.http.Route.BASE = base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["FAKE_DISCORD_GATEWAY"])
"""


@pytest.mark.parametrize("backend", BOTH_BACKENDS)
async def test_python_m_bot_starts_syncs_to_the_dev_guild_and_answers(fake, tmp_path, backend):
    """On SQLite (the default) and on PostgreSQL (``SERENISSIMA_DB`` a URL): the same bot, the same answers."""
    if backend == "postgresql":
        async with scratch_schema() as url:
            await run_python_m_bot(fake, tmp_path, url)
            with psycopg.connect(url) as connection:
                rows = connection.execute("SELECT id, game_key, status FROM matches").fetchall()
            assert rows == [(1, "volto", "lobby")], "the match lives in PostgreSQL"
    else:
        await run_python_m_bot(fake, tmp_path, str(tmp_path / "serenissima.sqlite3"))
        assert (tmp_path / "serenissima.sqlite3").exists()


async def run_python_m_bot(fake, tmp_path, database):
    guild = fake.create_guild()
    channel = fake.create_text_channel(guild, "games")
    ana = fake.create_user("ana")
    fake.add_member(guild, ana)
    (tmp_path / "hook").mkdir()
    (tmp_path / "hook" / "sitecustomize.py").write_text(HOOK)
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(tmp_path / "hook"), str(ROOT)]),
        "FAKE_DISCORD_API": fake.api_base,
        "FAKE_DISCORD_GATEWAY": fake.gateway_url,
        "DISCORD_TOKEN": fake.token,
        "SERENISSIMA_DB": database,
        "SERENISSIMA_DEV_GUILD": str(guild.id),
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=ROOT, env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
    )
    try:
        await fake.wait_for(lambda: bool(fake.command_puts) or process.returncode is not None, timeout=90)
        assert process.returncode is None, "the bot exited during start-up"
        assert [where for where, _ in fake.command_puts] == [guild.id]
        await fake.wait_ready(timeout=60)
        created = await fake.send_interaction(ana, channel, "game new", game="volto")
        await fake.wait_for(lambda: bool(fake.threads_of(channel) and fake.threads_of(channel)[0].messages))
        await fake.wait_for(lambda: bool(created.followups))
        assert created.ephemeral and "Match #1" in created.text
        assert "Volto" in fake.threads_of(channel)[0].messages[0]["content"]
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGINT)
        _, stderr = await asyncio.wait_for(process.communicate(), EXIT_WAIT_SECONDS)
    log = stderr.decode()
    assert process.returncode == 0, log
    assert has_no_traceback(log), log
    assert not fake.rejections, fake.rejections


@pytest.mark.parametrize(
    ("shards", "count"), [("0-3", ""), ("0-16", "16"), ("0,x", "16")], ids=["no count", "outside", "malformed"]
)
async def test_python_m_bot_refuses_bad_shards_with_exit_2_and_one_line(tmp_path, shards, count):
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "DISCORD_TOKEN": "token",
        "SERENISSIMA_DB": str(tmp_path / "serenissima.sqlite3"),
        "SERENISSIMA_SHARDS": shards,
        "SERENISSIMA_SHARD_COUNT": count,
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=ROOT, env=env, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE
    )
    _, stderr = await asyncio.wait_for(process.communicate(), EXIT_WAIT_SECONDS)
    log = stderr.decode()
    assert process.returncode == 2, log
    assert len(log.strip().splitlines()) == 1 and "SERENISSIMA_SHARD" in log, log
    assert has_no_traceback(log), log
    assert not (tmp_path / "serenissima.sqlite3").exists(), "nothing opened before the configuration is good"
