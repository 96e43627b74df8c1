"""Computer opponents' decisions, thought out in a worker process off the event loop.

A strong decision searches for about a second of pure Python (``games.ai``). Run on the
event loop it would hold up every other match; run in a thread it would still hold the GIL.
So searching levels think in a small process pool whose processes run at a lower priority
(``nice``): the loop, and with it people's interactive moves in every match, comes first
for the CPU, and only the match whose computer seat is thinking waits for it. Easy, today's
autopilot, answers in a millisecond and stays on the loop.

The level of a computer seat is kept in its user id, so no schema change is needed: easy
seats hold ``-1, -2, ...`` as before, normal ``-1001, ...`` and strong ``-2001, ...``
(:func:`robot_user`, :func:`level_of_user`). Seats handed to the autopilot for time-outs or
vacations keep their player's id and play at the level their server chose for absent players
(``/setup autopilot level:``, easy by default; ``Pipeline._computer_move``).

If the pool breaks, the decision falls back to the autopilot and is logged: a match never
stalls on its computer opponent.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final

from games import REGISTRY
from games.ai import Level, choose_move
from games.core import AnyGame, Seat, autopilot_of

log = logging.getLogger(__name__)

AUTOPILOT_USER: Final = -1
LEVEL_STRIDE: Final = 1000
LEVELS: Final = (Level.EASY, Level.NORMAL, Level.STRONG)
THINK_SECONDS: Final = 3.0
"""Wall-clock cap on one search, a safety net on top of its ply budget.

The ply budget is what bounds a decision (0.2-0.3 s of CPU for strong, about 0.5 s in
five-seat Rialto, on the machine of ``bench/results``; see ``games.ai``);
this cap only stops a search that a loaded machine starves of CPU (the worker runs at a
lower priority), which then plays the autopilot's move rather than keep its match waiting.
It is well above the CPU time because a busy machine's wall clock runs three or four times
faster than a low-priority process's CPU time (measured while eight engineers shared it)."""
WORKER_NICENESS: Final = 10
SEED_MODULUS: Final = 1 << 62


def robot_user(level: Level, number: int) -> int:
    """The user id of the ``number``-th (0-based) computer seat of ``level`` in a match."""
    return AUTOPILOT_USER - number - LEVEL_STRIDE * LEVELS.index(level)


def level_of_user(user_id: int) -> Level:
    """The level a computer seat's user id plays at (easy for a person's id: the service asks the server's)."""
    if user_id >= 0:
        return Level.EASY
    index = (AUTOPILOT_USER - user_id) // LEVEL_STRIDE
    return LEVELS[index] if index < len(LEVELS) else Level.EASY


def decision_seed(match_seed: int, ply: int) -> int:
    """The search's seed for one decision: the same match and ply always think alike."""
    return (match_seed * 1_000_003 + ply) % SEED_MODULUS


def _lower_priority() -> None:
    """Worker initializer: yield the CPU to the event loop's process."""
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICENESS)


def decide(key: str, encoded: dict[str, Any], seat: Seat, level: str, seed: int, seconds: float) -> str:
    """In the worker: the move code ``level`` chooses for ``seat``, within ``seconds`` of thinking."""
    game = REGISTRY[key]
    state = game.decode(encoded)
    deadline = time.monotonic() + seconds
    move = choose_move(game, state, seat, Level(level), seed, should_stop=lambda: time.monotonic() > deadline)
    return game.move_code(move)


class AiWorker:
    """A lazily started process pool that makes the searching levels' decisions."""

    def __init__(self, processes: int = 1, seconds: float = THINK_SECONDS, executor: Executor | None = None) -> None:
        self._processes = processes
        self._seconds = seconds
        self._executor = executor

    def _pool(self) -> Executor:
        if self._executor is None:
            context = multiprocessing.get_context("spawn")
            self._executor = ProcessPoolExecutor(self._processes, mp_context=context, initializer=_lower_priority)
        return self._executor

    async def choose(self, game: AnyGame, state: Any, seat: Seat, level: Level, seed: int) -> Any:
        """``level``'s move for ``seat``: the autopilot on the loop for easy, else a search in the pool."""
        pilot = autopilot_of(game)
        legal = game.legal_moves(state, seat)
        fallback = pilot.autopilot_move(game.view(state, seat), legal) if pilot is not None else legal[0]
        if level is Level.EASY or pilot is None:
            return fallback
        loop = asyncio.get_running_loop()
        encoded = dict(game.encode(state))
        try:
            code = await loop.run_in_executor(
                self._pool(), decide, game.key, encoded, seat, level.value, seed, self._seconds
            )
            return game.parse_move(state, seat, code)
        except BrokenProcessPool:
            log.exception("ai worker pool broke game=%s level=%s; the autopilot moves instead", game.key, level)
            self._executor = None
            return fallback
        except Exception:
            log.exception("ai worker failed game=%s level=%s; the autopilot moves instead", game.key, level)
            return fallback

    def close(self) -> None:
        """Stop the worker processes (at shutdown)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


WORKER: Final = AiWorker()
"""The bot's one worker; the service asks it for every computer seat's move."""
