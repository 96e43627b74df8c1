"""Several processes on one PostgreSQL database, racing moves on the same matches through the service.

Three real processes (``subprocess``) each play the same four Volto matches at once, each
choosing its own random legal moves for whoever must act, as three bot processes would
when the same clicks reach them. Every move a process was told was applied must be in the
log exactly once, no other move may be there, the plies must follow each other with no
gap, and every match must replay from its seed and moves to the state stored for it.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest

from bot.service import Service
from bot.store import Store
from tests.postgres import scratch_schema

ROOT = Path(__file__).resolve().parents[2]

PLAYER = """
import asyncio, json, sys
from bot.service import Service
from bot.service_errors import ServiceError
from games.core import MoveError, Rng

async def main():
    url, number, ids = sys.argv[1], int(sys.argv[2]), [int(i) for i in sys.argv[3].split(",")]
    applied, refused = [], 0
    print("ready", flush=True)
    sys.stdin.readline()
    async with Service.open(url) as service:
        for step in range(int(sys.argv[4])):
            match_id = ids[step % len(ids)]
            match = await service.get_match(match_id)
            users = [u for u in match.users_to_move() if u > 0]
            if not match.is_running or not users:
                continue
            user = users[Rng(number, step).below(len(users))]
            option = Rng(number, step + 1).choice(await service.move_options(match, user))
            try:
                change = await service.submit_move(match_id, user, option.code, expected_version=match.version)
            except (ServiceError, MoveError):
                refused += 1
                continue
            applied.append([match_id, change.match.record.ply - 1])
    print(json.dumps({"applied": applied, "refused": refused}), flush=True)

asyncio.run(main())
"""


@pytest.mark.postgres
async def test_three_processes_racing_moves_lose_none_and_double_none():
    async with scratch_schema() as url:
        async with Store.open(url) as store:
            service = Service(store)
            ids = []
            for n in range(4):
                match = await service.create_match("volto", 10 + 2 * n, guild_id=1, channel_id=2)
                await service.join(match.id, 11 + 2 * n)
                ids.append(match.id)
        players = [
            subprocess.Popen(
                [sys.executable, "-c", PLAYER, url, str(n), ",".join(map(str, ids)), "120"],
                cwd=ROOT,
                text=True,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
            )
            for n in range(3)
        ]
        for player in players:
            assert player.stdout is not None and player.stdout.readline().strip() == "ready"
        for player in players:
            assert player.stdin is not None
            player.stdin.write("go\n")
            player.stdin.flush()
        answers = [await asyncio.to_thread(player.communicate, timeout=600) for player in players]
        reports = []
        for player, (out, err) in zip(players, answers, strict=True):
            assert player.returncode == 0, err
            reports.append(json.loads(out.strip().splitlines()[-1]))
        applied = sorted(tuple(move) for report in reports for move in report["applied"])
        assert sum(report["refused"] for report in reports) > 0, "the processes did race"
        assert len(applied) >= 40, "and the matches moved on"
        async with Store.open(url) as store:
            service = Service(store)
            stored = []
            for match_id in ids:
                moves = await service.move_log(match_id)
                match = await service.get_match(match_id)
                assert [m.ply for m in moves] == list(range(len(moves))), "no gap, no double"
                assert match.record.ply == len(moves)
                replayed = await service.replay(match_id)
                assert match.game.encode(replayed) == match.game.encode(match.state)
                stored += [(match_id, m.ply) for m in moves]
        assert applied == sorted(stored), "every applied move is stored once, and nothing else is"
