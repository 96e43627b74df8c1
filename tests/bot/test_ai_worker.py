"""The computer opponents' worker (``bot.ai_worker``) and its seam in the service.

Levels live in the robots' user ids; searching levels think in an executor (a process pool
in production, a counted thread pool here so the tests stay fast), easy stays the autopilot
on the loop, and a broken worker falls back to the autopilot instead of stalling the match.
"""

from __future__ import annotations

from concurrent.futures import Executor, Future, ThreadPoolExecutor
from typing import Any

import pytest

from bot import ai_worker
from bot.ai_worker import AiWorker, decide, level_of_user, robot_user
from bot.service import Service
from games import REGISTRY
from games.ai import Level
from games.core import autopilot_of


class CountingExecutor(ThreadPoolExecutor):
    """A one-thread pool that counts what it is asked to run."""

    def __init__(self) -> None:
        super().__init__(max_workers=1)
        self.calls = 0

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.calls += 1
        return super().submit(fn, *args, **kwargs)


class BrokenExecutor(Executor):
    """An executor whose every task fails, like a pool whose process died."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_exception(RuntimeError("worker died"))
        return future


@pytest.mark.parametrize("level", list(Level))
def test_a_robot_user_id_keeps_its_level(level):
    ids = [robot_user(level, number) for number in range(4)]
    assert all(user < 0 for user in ids)
    assert len(set(ids)) == 4
    assert [level_of_user(user) for user in ids] == [level] * 4


def test_easy_robots_keep_todays_ids_and_people_play_easy():
    assert [robot_user(Level.EASY, n) for n in range(3)] == [-1, -2, -3]
    assert level_of_user(10) is Level.EASY
    assert level_of_user(-1) is Level.EASY


def test_decide_returns_a_legal_move_code():
    game = REGISTRY["volto"]
    state = game.initial_state(3, 2)
    code = decide("volto", dict(game.encode(state)), 0, Level.STRONG.value, 11, 0.0)
    assert code in {game.move_code(move) for move in game.legal_moves(state, 0)}


async def test_searching_levels_think_in_the_executor_and_easy_does_not():
    game = REGISTRY["volto"]
    state = game.initial_state(3, 2)
    executor = CountingExecutor()
    worker = AiWorker(seconds=0.0, executor=executor)
    easy = await worker.choose(game, state, 1, Level.EASY, seed=1)
    pilot = autopilot_of(game)
    assert pilot is not None
    assert easy == pilot.autopilot_move(game.view(state, 1), game.legal_moves(state, 1))
    assert executor.calls == 0
    strong = await worker.choose(game, state, 1, Level.STRONG, seed=1)
    assert strong in game.legal_moves(state, 1)
    assert executor.calls == 1
    executor.shutdown()


async def test_a_broken_worker_falls_back_to_the_autopilot():
    game = REGISTRY["twilight"]
    state = game.initial_state(5, 2)
    seat = min(game.to_move(state))
    pilot = autopilot_of(game)
    assert pilot is not None
    worker = AiWorker(executor=BrokenExecutor())
    move = await worker.choose(game, state, seat, Level.STRONG, seed=2)
    assert move == pilot.autopilot_move(game.view(state, seat), game.legal_moves(state, seat))


async def test_a_strong_opponent_is_seated_and_moves_through_the_worker(service: Service, monkeypatch):
    executor = CountingExecutor()
    monkeypatch.setattr(ai_worker, "WORKER", AiWorker(seconds=0.0, executor=executor))
    match = await service.create_match("volto", 10, guild_id=1, channel_id=2, vs_autopilot=True, level=Level.STRONG)
    assert match.is_running
    [robot] = [user for user in match.record.seats if user < 0]
    assert level_of_user(robot) is Level.STRONG
    for _ in range(3):
        [user] = match.users_to_move()
        assert user == 10
        options = await service.move_options(match, 10)
        await service.submit_move(match.id, 10, options[0].code)
        match = await service.get_match(match.id)
    assert executor.calls > 0, "the strong seat never asked the worker"
    executor.shutdown()


async def test_the_default_level_is_todays_autopilot(service: Service):
    match = await service.create_match("volto", 10, guild_id=1, channel_id=2, vs_autopilot=True)
    assert [user for user in match.record.seats if user < 0] == [-1]


async def test_closing_the_bot_stops_the_worker_processes(make_bot, monkeypatch):
    executor = CountingExecutor()
    worker = AiWorker(executor=executor)
    monkeypatch.setattr(ai_worker, "WORKER", worker)
    bot = make_bot()
    await bot.close()
    assert executor._shutdown, "the bot closed but left its computer players' processes running"
    assert worker._executor is None
