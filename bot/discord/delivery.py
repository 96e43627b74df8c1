"""When the outbox goes out: as soon as the work that filled it is done.

The service writes notifications in the same transaction as the change that caused them,
and the store says so after each such commit (``Service.set_outbox_listener``). The
:class:`Courier` then waits for the piece of work that committed (the asyncio task of one
interaction, or of one scheduler tick) to end, and starts one delivery. So no handler has
to remember to deliver, the actor is answered first, and one post tells all the news of one
action (a move and the autopilot's replies together), as it did when each handler called
the delivery at its end. :func:`own_work` lets a handler send the news of a service call
while it goes on drawing its own answer.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


class Courier:
    """Starts a delivery when a task that queued notifications ends."""

    def __init__(self, deliver: Callable[[], Awaitable[None]]) -> None:
        self._deliver = deliver
        self._open = False
        self._work: set[asyncio.Task[Any]] = set()
        self._deliveries: set[asyncio.Task[None]] = set()

    def open(self) -> None:
        """Start delivering after work (once the bot is connected; before, its first tick delivers)."""
        self._open = True

    def close(self) -> None:
        """Deliver no more (the bot is closing)."""
        self._open = False

    def queued(self) -> None:
        """The store's outbox listener: deliver when the current task's work is done."""
        task = asyncio.current_task()
        if not self._open or task is None or task in self._work:
            return
        self._work.add(task)
        task.add_done_callback(self._work_done)

    def _work_done(self, task: asyncio.Task[Any]) -> None:
        self._work.discard(task)
        if self._open:
            delivery = asyncio.get_running_loop().create_task(self._run())
            self._deliveries.add(delivery)
            delivery.add_done_callback(self._deliveries.discard)

    async def _run(self) -> None:
        await self._deliver()


async def own_work(call: Coroutine[Any, Any, T]) -> T:
    """Run ``call`` (a service call) as a piece of work of its own and return its result.

    What it queues leaves as soon as it returns, while the caller goes on: the move handlers
    draw the actor's panel while the notifier draws everyone else's posts and DMs, so a move
    is answered and posted in about the time of its two slowest pictures.
    """
    return await asyncio.create_task(call)
