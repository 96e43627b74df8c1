"""Pictures drawn in worker processes (``bot.render_pool``): the same bytes, one worker per match, never lost.

The real pool (spawned processes) draws a public and a private picture of every game in
English and Russian; they must be byte-identical to the pictures drawn in-process. A worker
killed mid-run falls back to drawing in-process and is replaced; closing the pool stops its
processes. Routing and fallback rules are also checked with thread executors, fast.
"""

from __future__ import annotations

import logging
import os
import pickle
import signal
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from types import SimpleNamespace
from typing import Any

import pytest

from bot import present, render_pool
from bot.present import Drawn
from bot.render_pool import RenderPool, draw
from games import REGISTRY
from renderers import kit
from tests.renderers.test_contract import CASES, moments

LOCALES = ("en", "ru")


def middle_views(key: str) -> list[tuple[object, str]]:
    """The public view and seat 0's view of a mid-game state at the game's most seats, per locale."""
    game = REGISTRY[key]
    state = moments(key, game.max_players)[1]
    return [(game.view(state, seat), locale) for seat in (None, 0) for locale in LOCALES]


@pytest.fixture(scope="module")
def pool() -> Iterator[RenderPool]:
    """Two real worker processes, shared by this module's tests and closed after them (every picture drawn by them)."""
    real = RenderPool(2, in_process=0)
    yield real
    real.close()


@pytest.mark.parametrize(("key", "seats"), [case.values for case in CASES])
def test_every_view_of_every_game_pickles(key: str, seats: int) -> None:
    game = REGISTRY[key]
    for state in moments(key, seats):
        for seat in [None, *range(seats)]:
            view = game.view(state, seat)
            assert pickle.loads(pickle.dumps(view)) == view, (key, seat)


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_the_pool_draws_the_same_bytes_as_in_process(pool: RenderPool, key: str) -> None:
    views = middle_views(key)
    from_pool = [pool.draw(key, view, locale, route=3) for view, locale in views]
    kit.clear_caches()
    in_process = [draw(key, view, locale) for view, locale in views]
    assert from_pool == in_process
    assert len({png for png, _ in in_process}) == len(views), "public/private and en/ru are different pictures"


def test_one_match_is_always_drawn_by_the_same_worker(pool: RenderPool) -> None:
    pids = {route: pool._worker(route)[1].submit(os.getpid).result() for route in range(6)}
    assert pids[0] == pids[2] == pids[4] != pids[1] == pids[3] == pids[5]
    assert os.getpid() not in pids.values()


def test_a_killed_worker_falls_back_and_is_replaced(pool: RenderPool, caplog: pytest.LogCaptureFixture) -> None:
    view, locale = middle_views("volto")[0]
    _, worker = pool._worker(1)
    os.kill(worker.submit(os.getpid).result(), signal.SIGKILL)
    with caplog.at_level(logging.ERROR, logger=render_pool.__name__):
        assert pool.draw("volto", view, locale, route=1) == draw("volto", view, locale)
    assert "broke" in caplog.text
    assert pool._worker(1)[1] is not worker, "a new worker draws the next picture"
    assert pool.draw("volto", view, locale, route=1) == draw("volto", view, locale)


def test_closing_stops_the_processes() -> None:
    pool = RenderPool(2)
    pids = [pool._worker(route)[1].submit(os.getpid).result() for route in range(2)]
    pool.close()
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


class Broken(Executor):
    """An executor whose tasks fail as a dead process pool's do."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_exception(BrokenProcessPool("worker died"))
        return future


def test_a_broken_worker_draws_in_process_and_is_started_again(caplog: pytest.LogCaptureFixture) -> None:
    started: list[Executor] = []

    def start() -> Executor:
        started.append(Broken())
        return started[-1]

    pool = RenderPool(2, start=start, in_process=0)
    view, locale = middle_views("rialto")[1]
    with caplog.at_level(logging.ERROR, logger=render_pool.__name__):
        assert pool.draw("rialto", view, locale, route=4) == draw("rialto", view, locale)
        assert pool.draw("rialto", view, locale, route=4) == draw("rialto", view, locale)
    assert len(started) == 2, "the broken worker is replaced at the next picture"
    assert caplog.text.count("broke") == 2


def test_drawn_routes_a_miss_by_match_and_keeps_the_png_here() -> None:
    starts: list[ThreadPoolExecutor] = []
    routes: list[int] = []

    class Recording(RenderPool):
        def _worker(self, route: int) -> tuple[int, Executor]:
            routes.append(route)
            return super()._worker(route)

    def start() -> Executor:
        starts.append(ThreadPoolExecutor(1))
        return starts[-1]

    drawn = Drawn(pool=Recording(3, start=start, in_process=0))
    view, locale = middle_views("twilight")[0]
    first = drawn.get("twilight", view, locale, match_id=7)
    assert drawn.get("twilight", view, locale, match_id=7) == first == draw("twilight", view, locale)
    assert routes == [7], "a kept picture is not drawn again"
    assert drawn.drawn == 1 and len(starts) == 1
    drawn.pool.close()


def test_a_picture_is_routed_by_its_match_id(monkeypatch: pytest.MonkeyPatch) -> None:
    routes: list[int] = []

    class Recording(RenderPool):
        def draw(self, key: str, view: object, locale: str, route: int = 0) -> tuple[bytes, str]:
            routes.append(route)
            return super().draw(key, view, locale, route)

    monkeypatch.setattr(present, "DRAWN", Drawn(pool=Recording(0)))
    game = REGISTRY["volto"]
    state = game.initial_state(5, 2)
    match = SimpleNamespace(
        id=41, version=3, game=game, view=lambda seat: game.view(state, seat), record=SimpleNamespace(status="active")
    )
    picture = present.picture(match, 1, "en")  # type: ignore[arg-type]
    assert (picture.png, picture.alt) == draw("volto", game.view(state, 1), "en")
    assert routes == [41]


def test_zero_processes_draws_in_the_calling_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(render_pool.PROCESSES_ENV, "0")
    pool = RenderPool(start=lambda: pytest.fail("no worker is started"))
    view, locale = middle_views("volto")[1]
    assert pool.processes == 0
    assert pool.draw("volto", view, locale, route=5) == draw("volto", view, locale)


def test_the_number_of_processes_defaults_to_the_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(render_pool.PROCESSES_ENV, raising=False)
    assert RenderPool().processes == len(os.sched_getaffinity(0))
    monkeypatch.setenv(render_pool.PROCESSES_ENV, "3")
    assert RenderPool().processes == 3


async def test_closing_the_bot_stops_the_picture_workers(make_bot: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    pool = RenderPool(2)
    monkeypatch.setattr(render_pool, "POOL", pool)
    pid = pool._worker(0)[1].submit(os.getpid).result()
    bot = make_bot()
    await bot.close()
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def test_an_idle_pool_draws_in_the_calling_thread() -> None:
    pool = RenderPool(2, start=lambda: pytest.fail("no worker is started while the pool is idle"), in_process=1)
    for view, locale in middle_views("venezia2099"):
        assert pool.draw("venezia2099", view, locale, route=2) == draw("venezia2099", view, locale)
    assert (pool.drawn_here, pool.drawn_away) == (4, 0)


def test_pictures_that_queue_up_go_to_the_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """One picture drawn here holds the only in-process place; the next ones go to a worker, until all are back."""
    gate = threading.Event()
    drawers: list[str] = []
    real_draw = render_pool.draw

    def held_draw(key: str, view: object, locale: str) -> tuple[bytes, str]:
        drawers.append(threading.current_thread().name)
        assert gate.wait(10)
        return real_draw(key, view, locale)

    monkeypatch.setattr(render_pool, "draw", held_draw)
    workers: list[ThreadPoolExecutor] = []

    def start() -> Executor:
        workers.append(ThreadPoolExecutor(1, thread_name_prefix="worker"))
        return workers[-1]

    pool = RenderPool(2, start=start, in_process=1)
    views = middle_views("rialto")
    answers: dict[int, tuple[bytes, str]] = {}

    def ask(number: int) -> threading.Thread:
        view, locale = views[number]
        thread = threading.Thread(
            target=lambda: answers.__setitem__(number, pool.draw("rialto", view, locale, route=number)),
            name=f"asker{number}",
        )
        thread.start()
        return thread

    def until(condition: Any) -> None:
        deadline = time.monotonic() + 10
        while not condition():
            assert time.monotonic() < deadline
            time.sleep(0.001)

    first = ask(0)
    until(lambda: len(drawers) == 1)
    second = ask(1)  # the in-process place is taken: to a worker
    until(lambda: len(drawers) == 2)
    third = ask(2)  # a picture is in flight in the workers: to a worker too
    until(lambda: len(drawers) == 3)
    gate.set()
    for thread in (first, second, third):
        thread.join(10)
    assert drawers[0] == "asker0"
    assert all(name.startswith("worker") for name in drawers[1:]), drawers
    assert (pool.drawn_here, pool.drawn_away) == (1, 2)
    ask(3).join(10)  # everything is back: idle again, drawn here
    assert drawers[3] == "asker3" and (pool.drawn_here, pool.drawn_away) == (2, 2)
    kit.clear_caches()
    assert [answers[number] for number in range(4)] == [real_draw("rialto", v, loc) for v, loc in views]
    pool.close()


def test_a_matchs_pictures_are_drawn_beside_each_other(monkeypatch: pytest.MonkeyPatch) -> None:
    """While a match's picture is drawn here, its next ones are too, past the in-process places.

    Another match's picture goes to a worker.
    """
    gate = threading.Event()
    drawers: dict[int, str] = {}
    real_draw = render_pool.draw
    views = middle_views("twilight")

    def held_draw(key: str, view: object, locale: str) -> tuple[bytes, str]:
        drawers[views.index((view, locale))] = threading.current_thread().name
        assert gate.wait(10)
        return real_draw(key, view, locale)

    monkeypatch.setattr(render_pool, "draw", held_draw)
    pool = RenderPool(2, start=lambda: ThreadPoolExecutor(1, thread_name_prefix="worker"), in_process=1)
    asks = [(0, 5), (2, 5), (1, 6)]  # (view, route): the public picture and seat 0's of match 5, then match 6's
    threads = []
    for number, route in asks:
        view, locale = views[number]
        threads.append(
            threading.Thread(target=pool.draw, args=("twilight", view, locale, route), name=f"asker{number}")
        )
        threads[-1].start()
        deadline = time.monotonic() + 10
        while number not in drawers:
            assert time.monotonic() < deadline
            time.sleep(0.001)
    gate.set()
    for thread in threads:
        thread.join(10)
    assert drawers == {0: "asker0", 2: "asker2", 1: drawers[1]} and drawers[1].startswith("worker"), drawers
    assert (pool.drawn_here, pool.drawn_away) == (2, 1)
    pool.draw("twilight", *views[3], route=6)  # all back: match 6 is drawn here now
    assert (pool.drawn_here, pool.drawn_away) == (3, 1)
    pool.close()


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_a_private_picture_drawn_away_from_its_public_one_is_the_same(pool: RenderPool, key: str) -> None:
    """The public picture drawn here, the private one of that moment by a worker (drawing the public layer again)."""
    (public, _), _, (private, _), _ = middle_views(key)
    kit.clear_caches()
    here = draw(key, public, "en")
    away = pool.draw(key, private, "en", route=11)
    kit.clear_caches()
    assert (here, away) == (draw(key, public, "en"), draw(key, private, "en"))


def test_the_in_process_places_come_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    view, locale = middle_views("volto")[0]
    monkeypatch.setenv(render_pool.IN_PROCESS_ENV, "0")
    always_away = RenderPool(1, start=lambda: ThreadPoolExecutor(1))
    assert always_away.draw("volto", view, locale) == draw("volto", view, locale)
    assert (always_away.drawn_here, always_away.drawn_away) == (0, 1)
    always_away.close()
    monkeypatch.delenv(render_pool.IN_PROCESS_ENV)
    assert render_pool.in_process_wanted() == render_pool.IN_PROCESS_DEFAULT
    monkeypatch.setenv(render_pool.IN_PROCESS_ENV, "nonsense")
    assert render_pool.in_process_wanted() == render_pool.IN_PROCESS_DEFAULT
