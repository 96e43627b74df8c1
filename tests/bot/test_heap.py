"""What the bot leaves out of the garbage collector's scans once started (``bot.heap``)."""

from __future__ import annotations

import gc

import pytest

from bot import heap, render_pool
from bot.discord import client, run


def test_freezing_leaves_what_lives_now_out_of_collections() -> None:
    gc.unfreeze()
    try:
        heap.freeze_startup()
        assert gc.get_freeze_count() > 10_000  # the modules, catalogs and fonts of this process
        made_later = [[]]  # a container made after the freeze is tracked and collected as usual
        assert gc.is_tracked(made_later)
        assert gc.collect(2) >= 0 and gc.get_freeze_count() > 10_000
    finally:
        gc.unfreeze()
    assert gc.get_freeze_count() == 0


def test_a_drawing_worker_freezes_what_it_imported() -> None:
    worker = render_pool._start_worker()
    try:
        assert worker.submit(gc.get_freeze_count).result(timeout=120) > 10_000
    finally:
        worker.shutdown()


class Started(Exception):
    """Stops ``bot.discord.run.main`` where it would connect to Discord."""


async def test_python_m_bot_asks_its_bot_to_freeze(monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """``python -m bot`` makes its bot freeze once set up; tests that start many bots in one process do not."""
    asked: list[bool] = []

    def create_bot(service, **options):  # type: ignore[no-untyped-def]
        asked.append(options.get("freeze_heap", False))
        raise Started

    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.setenv("SERENISSIMA_DB", str(tmp_path / "bot.sqlite3"))
    monkeypatch.setattr(run, "create_bot", create_bot)
    with pytest.raises(Started):
        await run.main()
    assert asked == [True]
    assert client.create_bot.__kwdefaults__["freeze_heap"] is False
