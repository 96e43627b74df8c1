"""The contract suite's fixtures: every test runs once per backend.

``backend`` is ``sqlite`` (a file in the test's temporary folder) or ``postgresql`` (a
scratch schema of its own on ``SERENISSIMA_TEST_POSTGRES``, dropped afterwards; marked
``postgres`` and skipped, saying why, when no server answers).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.store import Store
from tests.postgres import BOTH_BACKENDS, scratch_schema


@pytest.fixture(params=BOTH_BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest_asyncio.fixture
async def database(backend: str, tmp_path: Path) -> AsyncIterator[str]:
    """What ``SERENISSIMA_DB`` would hold: a SQLite file's path, or a scratch schema's URL."""
    if backend == "postgresql":
        async with scratch_schema() as url:
            yield url
    else:
        yield str(tmp_path / "contract.sqlite3")


@pytest_asyncio.fixture
async def store(database: str) -> AsyncIterator[Store]:
    async with Store.open(database) as opened:
        yield opened
