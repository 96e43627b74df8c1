"""Board pictures drawn in worker processes, so that drawing uses every core (issue #19 §5).

Drawing a picture is pure Python and Pillow work that holds the GIL: drawn in threads, as
the adapters do (``asyncio.to_thread(present.picture, ...)``), every picture of every match
is drawn by one core however many the machine has. So a cache miss in ``present.Drawn``
draws here, in one of a few worker processes (one per core unless
``SERENISSIMA_RENDER_PROCESSES`` says otherwise); the calling thread waits on the answer
without the GIL. The PNG cache stays in the bot's process: only misses cross the boundary,
as a view, a game key and a locale out and PNG bytes and alt text back (the worker builds
its own translator from the locale).

Each worker is a single-process executor, and every picture of one match goes to the same
worker (its ``route``, the match id, modulo the number of workers): a private picture is
drawn over the public picture of the same moment that the renderers keep in their process
(``renderers.kit.share``), and that reuse only works where the public one was drawn.

The pool trades one picture's latency for throughput: a picture sent to a worker waits on
the pickling, the pipe and that worker's queue, and the pictures of one decision (one match)
are drawn one after the other by one worker, where threads in this process would overlap
their Pillow and zlib work. So while the bot is quiet the pool is bypassed: a picture is drawn
in the calling thread when no picture is in flight in the workers and fewer than
``SERENISSIMA_RENDER_IN_PROCESS`` (default :data:`IN_PROCESS_DEFAULT`) are being drawn in
this process; only when pictures queue up do the workers take the rest, so a busy bot still
draws on every core. Either way the picture is the same (the same function draws it).

A match's pictures stay together, though: one asked while another of its match is being drawn
here is drawn here too, and one asked while another of its match is in a worker goes to that
worker. A decision asks for its pictures at once (the actor's panel, the board post, each DM
due: up to seven), and they are one public picture with private parts drawn over it: a
picture drawn on the other side of its public one draws that public picture again, with cold
caches, and waits on the pipe. Measured with ``bench.bench_service`` (which asks as the bot
does), sending a decision's third picture to a worker made Volto's p99 35-46 ms against 28-30
ms drawn here.

``SERENISSIMA_RENDER_PROCESSES=0`` draws in the calling thread, always; tests and the
console may use it. If a worker breaks (it died, a view would not pickle), the picture is
drawn in-process instead and the failure is logged: a post never goes without its picture
because of the pool. A broken worker is started afresh on its next picture.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Final

import renderers
from bot import heap
from bot.i18n import tr_for
from games.core import Locale

log = logging.getLogger(__name__)

PROCESSES_ENV: Final = "SERENISSIMA_RENDER_PROCESSES"
"""How many drawing processes to run; 0 draws in the calling thread. Unset: one per core."""

IN_PROCESS_ENV: Final = "SERENISSIMA_RENDER_IN_PROCESS"
"""How many pictures may be drawn at once in the calling threads while the workers are idle; 0: never."""

IN_PROCESS_DEFAULT: Final = 2
"""Pictures drawn at once in this process while the workers are idle: a decision asks for two
or three (the actor's panel, the board post, a direct message), drawn by two threads at once."""


def draw(key: str, view: object, locale: Locale) -> tuple[bytes, str]:
    """The PNG and alt text of ``view`` of the game ``key`` in ``locale`` (in a worker, or in-process)."""
    tr = tr_for(locale)
    png = renderers.to_png(renderers.render(key, view, tr=tr))
    return png, renderers.alt_text(key, view, tr=tr)


def processes_wanted() -> int:
    """The number of drawing processes: ``SERENISSIMA_RENDER_PROCESSES``, else the cores this process may use."""
    value = os.environ.get(PROCESSES_ENV, "").strip()
    if value:
        try:
            return max(0, int(value))
        except ValueError:
            log.warning("%s=%r is not a number; drawing in one process per core", PROCESSES_ENV, value)
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def in_process_wanted() -> int:
    """The pictures drawn at once in this process while the workers idle: ``SERENISSIMA_RENDER_IN_PROCESS``."""
    value = os.environ.get(IN_PROCESS_ENV, "").strip()
    if value:
        try:
            return max(0, int(value))
        except ValueError:
            log.warning("%s=%r is not a number; using %s", IN_PROCESS_ENV, value, IN_PROCESS_DEFAULT)
    return IN_PROCESS_DEFAULT


def _start_worker() -> Executor:
    """One lazily spawned single-process executor (spawn: no copy of the bot's threads and sockets)."""
    return ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"), initializer=_worker_started)


def _worker_started() -> None:
    """Freeze a new worker's startup out of the garbage collector's scans (:mod:`bot.heap`).

    Finding this function imported this module, the renderers and the catalogs: what the
    worker keeps for as long as it lives.
    """
    heap.freeze_startup()


class RenderPool:
    """Worker processes that draw pictures when pictures queue up, each match always to the same one."""

    def __init__(
        self, processes: int | None = None, start: Callable[[], Executor] = _start_worker, in_process: int | None = None
    ) -> None:
        """``processes`` None reads :data:`PROCESSES_ENV` at the first picture; ``start`` makes one worker.

        ``in_process``: how many pictures may be drawn at once in the calling threads while no
        picture is in flight in the workers (None reads :data:`IN_PROCESS_ENV`).
        """
        self._processes = processes
        self._start = start
        self._in_process = in_process
        self._workers: list[Executor | None] = []
        self._lock = threading.Lock()
        self._where: dict[int, tuple[bool, int]] = {}
        """Per route (match) with pictures in flight: drawn here (True) or by a worker, and how many."""
        self.drawn_here = 0
        """Pictures drawn in the calling threads (idle workers, or no workers), for tests and benches."""
        self.drawn_away = 0
        """Pictures drawn by the workers."""

    @property
    def processes(self) -> int:
        """How many workers draw (0: pictures are drawn in the calling thread)."""
        with self._lock:
            if self._processes is None:
                self._processes = processes_wanted()
            return self._processes

    def draw(self, key: str, view: object, locale: Locale, route: int = 0) -> tuple[bytes, str]:
        """The PNG and alt text of ``view``: drawn here if the workers idle, else by the worker of ``route``.

        Blocks the calling thread either way.
        """
        here = self._here_or_away(route)
        try:
            if here:
                return draw(key, view, locale)
            return self._draw_away(key, view, locale, route)
        finally:
            with self._lock:
                side, count = self._where[route]
                if count == 1:
                    del self._where[route]
                else:
                    self._where[route] = (side, count - 1)

    def _here_or_away(self, route: int) -> bool:
        """Whether the next picture of ``route`` is drawn in this thread (True) or by a worker, counted as in flight.

        Beside the other pictures of its match in flight, if any; else here while the workers
        idle and an in-process place is free.
        """
        processes = self.processes
        with self._lock:
            if self._in_process is None:
                self._in_process = in_process_wanted()
            side, count = self._where.get(route, (None, 0))
            if side is None:
                here_now = sum(number for drawn_here, number in self._where.values() if drawn_here)
                away = any(not drawn_here for drawn_here, _ in self._where.values())
                side = processes == 0 or (not away and here_now < self._in_process)
            self._where[route] = (side, count + 1)
            if side:
                self.drawn_here += 1
            else:
                self.drawn_away += 1
            return side

    def _draw_away(self, key: str, view: object, locale: Locale, route: int) -> tuple[bytes, str]:
        index, worker = self._worker(route)
        try:
            return worker.submit(draw, key, view, locale).result()
        except BrokenProcessPool:
            log.exception("render worker %s broke game=%s; drawing in-process, a new worker next time", index, key)
            self._forget(index, worker)
        except Exception:
            log.exception("render worker %s failed game=%s; drawing in-process", index, key)
        return draw(key, view, locale)

    def _worker(self, route: int) -> tuple[int, Executor]:
        with self._lock:
            count = self._processes or 1
            if len(self._workers) != count:
                self._workers = [None] * count
            index = route % count
            worker = self._workers[index]
            if worker is None:
                worker = self._workers[index] = self._start()
            return index, worker

    def _forget(self, index: int, worker: Executor) -> None:
        with self._lock:
            if index < len(self._workers) and self._workers[index] is worker:
                self._workers[index] = None
        worker.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the worker processes (at shutdown); a later picture starts them again."""
        with self._lock:
            workers, self._workers = self._workers, []
        for worker in workers:
            if worker is not None:
                worker.shutdown(wait=True, cancel_futures=True)


POOL: Final = RenderPool()
"""The bot's drawing workers; ``present.Drawn`` draws every picture it has not kept through them."""
