"""A match's history (bot/history.py): the export that replays to the same result, the public
log and a seat's catch-up."""

from __future__ import annotations

import pytest

from bot import history
from bot.commitment import seed_commitment
from bot.verify import verify_export
from tests.bot.test_clocks import play_setup, timed_volto
from tests.postgres import BOTH_BACKENDS


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_the_export_replays_to_the_same_result(service):
    match = await service.create_match("volto", 10, guild_id=1, channel_id=2, vs_autopilot=True)
    running = await history.export(service, match.id)
    assert "seed" not in running and "moves" not in running, "before the end the export is public only"
    await service.resign(match.id, 10)
    data = await history.export(service, match.id)
    assert data["seed_commitment"] == seed_commitment(data["seed"])
    report = verify_export(data)
    assert report.commitment_ok and report.replay_ok
    data["moves"] = data["moves"][:-1] if data["moves"] else data["moves"]
    data["seed"] = data["seed"] + 1
    assert not verify_export(data).commitment_ok


async def test_the_public_log_and_the_catch_up(service):
    match_id = await timed_volto(service)
    await play_setup(service, match_id)
    match = await service.get_match(match_id)
    public = await history.history(service, match, None)
    assert public and all(messages for _, messages in public)
    flat = [m.key for _, messages in public for m in messages]
    assert "volto.event.ready" in flat or any("ready" in key or "arranged" in key for key in flat)
    [mover] = match.to_move()
    catch_up = await history.catch_up(service, match, 1 - mover)
    assert catch_up, "the waiting seat hears what happened since its last move"
