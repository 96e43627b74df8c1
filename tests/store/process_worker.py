"""One bot process of the multi-process tests and the soak: the service, its timer loop and its deliverer.

``python -m tests.store.process_worker URL NUMBER LOGDIR BASE START SPEED SECONDS MATCHES``

It runs what ``python -m bot`` runs in the background (the :class:`~bot.scheduler.Scheduler`
tick and the :class:`~bot.notify.Notifier`, claiming their work with leases) and, in
between, plays random legal moves for whoever must act in the given matches, as the clicks
of a bot's players would, racing the other processes on the same matches. Its clock is the
shared fast clock ``BASE + (time.time() - START) * SPEED``, the same in every process, so an
hour's deadline comes due in seconds; its leases are :data:`LEASE_REAL_SECONDS` of real time.

It writes one JSON line per fact, unbuffered, to ``LOGDIR/NUMBER.jsonl``, so that a process
killed with SIGKILL leaves every line it wrote before dying:

- ``{"worker": id}`` first: the id it claims rows with;
- ``{"move": [match, ply, code]}`` for every move the service told it was applied
  (``{"lost": ...}`` if it then is not in the log: never expected);
- ``{"sent": [ids], "kind": ..., "at": seconds}`` for every message handed to the (fake)
  transport, *before* the notifier marks its notifications delivered (``at``: real time, the
  same clock in every process, to put the messages of all processes in one order);
- ``{"settled": [ids]}`` once the notifier has marked them delivered (sent, or nothing to send;
  the destinations settled at the same time in one line, as in one transaction);
- ``{"timeout": [match, seat, deadline]}`` for every deadline it acted on;
- ``{"digest": [user, at]}`` for every digest it sent.
"""

from __future__ import annotations

import asyncio
import contextvars
import json
import os
import random
import sys
import time
from typing import Any, Final

from bot.notify import BoardNews, Notifier, SeatNews
from bot.records import ChosenBy, ClockRecord, Notification
from bot.scheduler import Scheduler
from bot.service import Change, Match, Service, WaitingGame
from bot.service_errors import ServiceError
from bot.store import Store, VersionConflict
from games.core import MoveError, Seat

LEASE_REAL_SECONDS: Final = 3.0
"""How long a claim holds, in real seconds (a killed process's work waits this long)."""
SEND_SECONDS: Final = 0.01
"""How long a message takes to reach Discord."""
ACK_SECONDS: Final = 0.05
"""How long Discord takes to answer after it has the message: the window in which a killed
process has sent a message but not marked it sent (the test kills in it)."""

_sending: contextvars.ContextVar[tuple[int, ...]] = contextvars.ContextVar("sending", default=())


class Log:
    """One line per fact, written straight to the file (no buffer a SIGKILL could lose)."""

    def __init__(self, path: str) -> None:
        self._fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)

    def write(self, **fact: Any) -> None:
        os.write(self._fd, (json.dumps(fact) + "\n").encode())


class RecordingTransport:
    """A transport that 'sends' by writing down which notifications each message carried."""

    def __init__(self, log: Log, clock: Any) -> None:
        self.log = log
        self.clock = clock

    async def _send(self, kind: str) -> None:
        await asyncio.sleep(SEND_SECONDS)
        self.log.write(sent=list(_sending.get()), kind=kind, at=time.time())
        await asyncio.sleep(ACK_SECONDS)

    async def post_board(self, match: Match, news: BoardNews) -> None:
        await self._send("board")

    async def send_to_seat(self, match: Match, news: SeatNews) -> None:
        await self._send("seat")

    async def edit_lobby(self, match: Match) -> None:
        await self._send("lobby")

    async def send_digest(self, user_id: int, games: list[WaitingGame]) -> None:
        await asyncio.sleep(SEND_SECONDS)
        self.log.write(digest=[user_id, self.clock()])


class RecordingNotifier(Notifier):
    """The notifier, telling the transport which notifications the message it sends carries."""

    def __init__(self, service: Service, transport: RecordingTransport) -> None:
        super().__init__(service, transport)
        self.log = transport.log

    async def _deliver(self, group: list[Notification], read: asyncio.Task[Match]) -> list[int]:
        _sending.set(tuple(n.id for n in group))  # each group is delivered in a task of its own
        return await super()._deliver(group, read)

    async def _settle(self, notification_ids: list[int]) -> None:
        await super()._settle(notification_ids)
        self.log.write(settled=list(notification_ids))  # marked delivered: committed before this line


ABSENT_EVERY = 4
"""Every fourth match's players never click: its deadlines come due however fast the others play."""


async def main() -> None:
    url, number, logdir = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    base, start, speed, seconds = float(sys.argv[4]), float(sys.argv[5]), float(sys.argv[6]), float(sys.argv[7])
    match_ids = [int(i) for i in sys.argv[8].split(",")]
    log = Log(os.path.join(logdir, f"{number}.jsonl"))
    rng = random.Random(number)

    def clock() -> float:
        return base + (time.time() - start) * speed

    async with Store.open(url) as store:
        service = Service(store, clock=clock)
        service.lease_seconds = LEASE_REAL_SECONDS * speed
        log.write(worker=service.worker)
        transport = RecordingTransport(log, clock)
        notifier = RecordingNotifier(service, transport)
        scheduler = Scheduler(service, transport)
        original_time_out = service.time_out

        async def time_out(match_id: int, seat: Seat) -> Change | None:
            clock_row: ClockRecord | None = (await service.store.clocks(match_id)).get(seat)
            change = await original_time_out(match_id, seat)
            if change is not None and clock_row is not None:
                log.write(timeout=[match_id, seat, clock_row.deadline])
            return change

        service.time_out = time_out  # type: ignore[method-assign]
        sys.stdout.write("ready\n")
        sys.stdout.flush()
        sys.stdin.readline()
        end = time.time() + seconds
        while time.time() < end:
            for _ in range(3):
                await play_one(service, rng, match_ids, log)
            await scheduler.tick()
            await notifier.deliver_due()
            await asyncio.sleep(0.02)
        # Wind down as a stopped bot would: what it claimed is settled or given back.
        await notifier.deliver_due()
    sys.stdout.write("done\n")
    sys.stdout.flush()


async def play_one(service: Service, rng: random.Random, match_ids: list[int], log: Log) -> None:
    """A random legal move in a random match, for a random seat that must act (one click)."""
    match_id = rng.choice(match_ids)
    if match_id % ABSENT_EVERY == 0:  # nobody there: its clocks run out, so timers race the moves
        return
    match = await service.get_match(match_id)
    users = [u for u in match.users_to_move() if u > 0]
    if not match.is_running or not users or rng.random() < 0.5:  # half the time, the player is slow
        return
    user = rng.choice(users)
    options = await service.move_options(match, user)
    if not options:
        return
    quick = [o for o in options if o.code in ("auto", "ready")]
    option = rng.choice(quick) if quick and rng.random() < 0.8 else rng.choice(options)
    seat = match.seat_of(user)
    try:
        await service.submit_move(match_id, user, option.code, expected_version=match.version)
    except (ServiceError, MoveError, VersionConflict):
        return
    # Where it landed: the seat's first own move after what this click saw (automatic moves may follow it).
    for move in await service.store.moves(match_id, since_ply=match.record.ply):
        if move.seat == seat and move.chosen_by == ChosenBy.PLAYER:
            log.write(move=[match_id, move.ply, move.code])
            return
    log.write(lost=[match_id, option.code])


if __name__ == "__main__":
    asyncio.run(main())
