"""A scratch PostgreSQL schema per test, on the server ``SERENISSIMA_TEST_POSTGRES`` names.

Each test gets its own schema (``t_<random>``), reached through a URL whose ``search_path``
names it, and the schema is dropped afterwards, so tests never see each other's rows and
any number may run at once. When no server answers, the test is skipped with the reason
(so the suite passes on a laptop without PostgreSQL); CI runs a server.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from collections.abc import AsyncIterator
from functools import cache
from urllib.parse import quote

import pytest

DEFAULT_URL = "postgresql://postgres@127.0.0.1:5432/test"

BOTH_BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]
"""For ``@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)``: a test on each backend."""


def server_url() -> str:
    """The server the PostgreSQL tests use."""
    return os.environ.get("SERENISSIMA_TEST_POSTGRES", "").strip() or DEFAULT_URL


@cache
def unreachable() -> str | None:
    """Why no server answers at :func:`server_url`, or None when one does (asked once per run)."""
    try:
        import psycopg
    except ImportError:  # pragma: no cover - psycopg is a dependency
        return "psycopg is not installed"
    try:
        with psycopg.connect(server_url(), connect_timeout=3) as connection:
            connection.execute("SELECT 1")
    except psycopg.Error as error:
        first_line = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        return f"no PostgreSQL server answers at {server_url()} ({first_line}); set SERENISSIMA_TEST_POSTGRES"
    return None


def require_server() -> None:
    """Skip the calling test, saying why, when no PostgreSQL server answers.

    With ``SERENISSIMA_REQUIRE_POSTGRES=1`` (set by ``.ci/run``: CI has a server) a missing
    server fails the test instead, so that CI never passes by skipping.
    """
    reason = unreachable()
    if reason is not None:
        if os.environ.get("SERENISSIMA_REQUIRE_POSTGRES") == "1":
            pytest.fail(reason)
        pytest.skip(reason)


def with_schema(url: str, schema: str) -> str:
    """``url`` with its ``search_path`` set to ``schema`` (libpq's ``options``)."""
    joiner = "&" if "?" in url else "?"
    return f"{url}{joiner}options={quote(f'-csearch_path={schema}')}"


@contextlib.asynccontextmanager
async def scratch_schema(*, create: bool = True) -> AsyncIterator[str]:
    """A fresh schema for one test: yields the URL that works in it; dropped afterwards."""
    import psycopg

    require_server()
    schema = f"t_{secrets.token_hex(6)}"
    async with await psycopg.AsyncConnection.connect(server_url(), autocommit=True) as admin:
        if create:
            await admin.execute(f"CREATE SCHEMA {schema}")
        try:
            yield with_schema(server_url(), schema)
        finally:
            await admin.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
