"""Fixtures for the bot tests: a store in a temporary file and a bot factory for simcord.

The store is SQLite unless a test asks for both backends with
``@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)``: the PostgreSQL run
then gets a scratch schema of its own (see :mod:`tests.postgres`), and is skipped, saying
why, where no server answers.
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Callable
from pathlib import Path

import pytest
import pytest_asyncio

from bot.discord.client import SerenissimaBot, create_bot
from bot.service import Service
from bot.store import Store
from tests.postgres import scratch_schema


class FakeClock:
    """A clock the tests move by hand."""

    def __init__(self, start: float = 1_800_000_000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "serenissima.sqlite3"


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """Which backend the store runs on: ``sqlite`` unless parametrised (indirectly) otherwise."""
    return str(getattr(request, "param", "sqlite"))


@pytest_asyncio.fixture
async def database(backend: str, db_path: Path) -> AsyncIterator[str | Path]:
    """What ``SERENISSIMA_DB`` would hold for this test: the SQLite file, or a scratch schema's URL."""
    if backend == "postgresql":
        async with scratch_schema() as url:
            yield url
    else:
        yield db_path


@pytest_asyncio.fixture
async def store(database: str | Path) -> AsyncIterator[Store]:
    async with Store.open(database) as opened:
        yield opened


def fixed_seeds(*seeds: int) -> Callable[[], int]:
    """Seeds handed out in order, then counting up (tests need reproducible matches)."""
    counter = itertools.count(1000)
    values = iter(seeds)
    return lambda: next(values, next(counter))


@pytest.fixture
def service(store: Store, clock: FakeClock) -> Service:
    return Service(store, clock=clock, seeds=fixed_seeds(7, 8, 9))


@pytest.fixture
def make_bot(store: Store, clock: FakeClock) -> Callable[..., SerenissimaBot]:
    def factory(store_: Store | None = None, seeds: tuple[int, ...] = (7, 8, 9)) -> SerenissimaBot:
        chosen = store_ or store
        return create_bot(Service(chosen, clock=clock, seeds=fixed_seeds(*seeds)))

    return factory


@pytest.fixture
def simcord_bot(make_bot: Callable[..., SerenissimaBot]) -> SerenissimaBot:
    return make_bot()


@pytest.fixture
def user_locales(monkeypatch: pytest.MonkeyPatch) -> dict[int, str]:
    """Per-user Discord locales for simcord (which sends every interaction as en-US).

    The only place that touches simcord's internals: it wraps the payload builder.
    """
    import simcord.interactions as interactions

    chosen: dict[int, str] = {}
    original = interactions.base_payload

    def with_locale(*args, **kwargs):  # type: ignore[no-untyped-def]
        record, payload = original(*args, **kwargs)
        locale = chosen.get(kwargs["user_id"])
        if locale is not None:
            payload["locale"] = locale
        return record, payload

    monkeypatch.setattr(interactions, "base_payload", with_locale)
    return chosen


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Give simcord more time to settle than its 5 s default: CI machines have two busy cores."""
    for item in items:
        if "simcord_env" in getattr(item, "fixturenames", ()) and item.get_closest_marker("simcord") is None:
            item.add_marker(pytest.mark.simcord(settle_timeout=60.0))
