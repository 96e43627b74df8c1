"""Before the store writes a byte: whose SQLite file this is, and that no other process holds it.

**Whose file.** Serenissima marks its databases with ``PRAGMA application_id`` =
:data:`APPLICATION_ID` (the ASCII bytes ``SERN`` at offset 68 of the file header). A file is
used only when it carries that mark, or is empty (absent, zero bytes, or a SQLite file with
no table at ``user_version`` 0), or is one of ours from before the mark existed: application
id 0, ``user_version`` between 1 and the newest migration, and exactly the tables our
migrations up to that version create (the mark is then set by the first migration
transaction). Anything else is refused: another program's file, one written by a newer
Serenissima (``user_version`` above ours), a corrupted one.

The check is cheap, so that start-up takes the same few milliseconds at any size: the
100-byte header (SQLite's magic, a page size that is a power of two, the fixed payload
fractions, the page count against the file's length) and then the schema page through SQLite.
It does not read the tables: a damaged page deep in the file is found by the maintenance
command ``python -m bot.check_db PATH`` (:func:`integrity_problems`), not at every start.

The check never writes: the header is read as bytes first, then SQLite reads the file with
``immutable=1`` when no write-ahead log holds data (the main file is then the whole truth),
or with ``mode=ro&readonly_shm=1`` when one does, so that the log is read but never
checkpointed and neither the ``-wal`` nor the ``-shm`` file changes.

**Who holds it.** One process per database: two bots on one file would each deliver every
notification. :func:`instance_lock` holds an exclusive ``flock`` on a ``<db>.lock`` file
beside the database for the life of the store; the kernel releases it when the process
exits or crashes, so a stale lock cannot survive its owner. The lock is per process (several
stores of one process share it, as the tests' restarts do); a second process is refused
with :class:`StoreInUse`. The sidecar is left in place after a normal run (deleting a lock
file while others may open it would let two processes lock two different files); it is
removed only when the database was refused and the sidecar was created for nothing.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import sqlite3
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Literal

APPLICATION_ID: Final = 0x5345524E
"""``PRAGMA application_id`` of a Serenissima database: the bytes ``SERN``. Never change it."""

SQLITE_MAGIC: Final = b"SQLite format 3\x00"
HEADER_SIZE: Final = 100


class StoreError(RuntimeError):
    """The database cannot be used (corrupted, foreign, newer, or held by another process)."""


class StoreInUse(StoreError):
    """Another process already runs on this database."""


Kind = Literal["new", "ours", "legacy"]
"""``new``: nothing in it yet; ``ours``: carries our mark; ``legacy``: ours from before the mark."""


@dataclass(frozen=True, slots=True)
class FileFacts:
    """What a database says about itself."""

    application_id: int
    user_version: int
    tables: frozenset[str]


def lock_path(path: Path) -> Path:
    """The sidecar whose lock says which process owns the database at ``path``."""
    real = Path(os.path.realpath(path))
    return real.with_name(real.name + ".lock")


@dataclass(slots=True)
class _Held:
    """One lock this process holds: several stores of the process may share it."""

    pid: int
    fd: int
    holders: int
    created: bool
    refused: bool = False


# Per process: the locks it holds, by sidecar path.
_held: dict[Path, _Held] = {}
_held_guard = threading.Lock()


class InstanceLock:
    """A held instance lock (see :func:`instance_lock`)."""

    def __init__(self, sidecar: Path) -> None:
        self.sidecar = sidecar

    def refused(self) -> None:
        """The database was refused: remove the sidecar on release if this process created it."""
        with _held_guard:
            held = _held[self.sidecar]
            held.refused = held.holders == 1


@contextlib.contextmanager
def instance_lock(path: Path) -> Iterator[InstanceLock]:
    """Hold the database's instance lock while the body runs (see the module docstring).

    Raises:
        StoreInUse: another process holds it.
    """
    sidecar = lock_path(path)
    with _held_guard:
        held = _held.get(sidecar)
        if held is not None and held.pid == os.getpid():
            held.holders += 1
        else:  # a forked child does not own its parent's lock: it must take its own
            fd, created = _acquire(sidecar, path)
            _held[sidecar] = _Held(os.getpid(), fd, 1, created)
    try:
        yield InstanceLock(sidecar)
    finally:
        with _held_guard:
            held = _held[sidecar]
            held.holders -= 1
            if held.holders == 0:
                del _held[sidecar]
                if held.refused and held.created:
                    with contextlib.suppress(OSError):
                        sidecar.unlink()
                os.close(held.fd)  # closing the descriptor releases the lock


def _acquire(sidecar: Path, path: Path) -> tuple[int, bool]:
    """Open (creating if needed) and lock the sidecar; returns its descriptor and whether it is new."""
    try:
        fd = os.open(sidecar, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o644)
        created = True
    except FileExistsError:
        created = False
        try:
            fd = os.open(sidecar, os.O_RDWR)
        except OSError as error:
            raise StoreError(f"cannot open the lock file {sidecar} ({error}); refusing to start.") from error
    except OSError as error:
        raise StoreError(f"cannot create the lock file {sidecar} ({error}); refusing to start.") from error
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "unknown"
        os.close(fd)
        raise StoreInUse(
            f"{path} is already used by another Serenissima process (pid {holder}); refusing to start."
            " One process per SQLite database: stop the other one, or point SERENISSIMA_DB"
            " (the console: --db) at another file."
        ) from None
    os.ftruncate(fd, 0)
    os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
    return fd, created


def inspect(path: Path, migrations: Sequence[tuple[int, str]]) -> Kind:
    """Decide, without writing anything, whether the file at ``path`` may be used.

    Raises:
        StoreError: the file is not a SQLite database, is corrupted, belongs to another
            program, or was written by a newer Serenissima.
    """
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return "new"
    except OSError as error:
        raise StoreError(f"cannot read {path} ({error}); refusing to start.") from error
    if size == 0:
        return "new"
    try:
        with path.open("rb") as handle:
            header = handle.read(HEADER_SIZE)
    except OSError as error:
        raise StoreError(f"cannot read {path} ({error}); refusing to start.") from error
    if len(header) < HEADER_SIZE or not header.startswith(SQLITE_MAGIC):
        raise StoreError(f"{path} is not a SQLite database; refusing to start and leaving the file untouched.")
    problem = header_problem(header, size)
    if problem is not None:
        raise StoreError(
            f"{path} has a corrupted header ({problem}); refusing to start and leaving the file untouched."
            f" Check it with: python -m bot.check_db {path}"
        )
    facts = _read_facts(path)
    return classify(path, facts, migrations)


def header_problem(header: bytes, size: int) -> str | None:
    """What is wrong with a SQLite file header (see the file format, section 1.3), or None.

    Only what holds for every valid file is checked, so that no valid database is refused.
    """
    raw_page = int.from_bytes(header[16:18], "big")
    page = 65536 if raw_page == 1 else raw_page
    if page < 512 or page & (page - 1):
        return f"page size {raw_page}"
    if header[18] not in (1, 2) or header[19] not in (1, 2):
        return f"file format {header[18]}/{header[19]}"
    if header[21:24] != b"\x40\x20\x20":
        return "payload fractions"
    if size % page:
        return f"a length of {size} bytes that is not a whole number of {page}-byte pages"
    pages = int.from_bytes(header[28:32], "big")
    counter, valid_for = header[24:28], header[92:96]
    if pages and counter == valid_for and pages * page > size:
        return f"{pages} pages in the header but {size // page} in the file"
    return None


def read_only(path: Path) -> sqlite3.Connection:
    """A connection to ``path`` that can neither write the file nor checkpoint its log.

    ``immutable=1`` when no write-ahead log holds data (the main file is then the whole truth),
    ``mode=ro&readonly_shm=1`` when one does.

    Raises:
        StoreError: it cannot be opened so.
    """
    real = Path(os.path.realpath(path))  # SQLite keeps its -wal and -shm beside the link's target
    wal, shm = real.with_name(real.name + "-wal"), real.with_name(real.name + "-shm")
    uri = real.as_uri()
    if wal.exists() and wal.stat().st_size > 0:
        if not shm.exists():
            raise StoreError(
                f"{path} has a write-ahead log ({wal.name}) but no {shm.name}; it cannot be read without"
                " changing it. Refusing to start and leaving the files untouched."
            )
        uri += "?mode=ro&readonly_shm=1"
    else:
        uri += "?immutable=1"
    try:
        return sqlite3.connect(uri, uri=True, isolation_level=None)
    except sqlite3.Error as error:
        raise StoreError(f"{path} cannot be opened ({error}); refusing to start.") from error


def integrity_problems(path: Path) -> list[str]:
    """SQLite's full ``PRAGMA integrity_check`` of the file, read-only: [] when it is sound.

    It reads every page (seconds to minutes on a large file), which is why it is a
    maintenance command (``python -m bot.check_db``) and not part of every start.

    Raises:
        StoreError: the file cannot be opened at all.
    """
    connection = read_only(path)
    try:
        rows = connection.execute("PRAGMA integrity_check").fetchall()
    except sqlite3.DatabaseError as error:
        return [str(error)]
    finally:
        connection.close()
    problems = [str(row[0]) for row in rows]
    return [] if problems == ["ok"] else problems


def _read_facts(path: Path) -> FileFacts:
    """The mark, schema version and tables, read through a connection that cannot write."""
    connection = read_only(path)
    try:
        return facts_of(connection)
    except sqlite3.DatabaseError as error:
        raise StoreError(
            f"{path} is not a readable SQLite database ({error}); refusing to start and leaving the file untouched."
        ) from error
    finally:
        connection.close()


def facts_of(connection: sqlite3.Connection) -> FileFacts:
    """The mark, schema version and table names of an open database."""
    application_id = int(connection.execute("PRAGMA application_id").fetchone()[0])
    user_version = int(connection.execute("PRAGMA user_version").fetchone()[0])
    rows = connection.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    return FileFacts(application_id, user_version, frozenset(row[0] for row in rows))


def classify(path: Path, facts: FileFacts, migrations: Sequence[tuple[int, str]]) -> Kind:
    """Whether a database with these facts is ours (see the module docstring), else why not."""
    latest = max(number for number, _ in migrations)
    if facts.application_id == APPLICATION_ID:
        if facts.user_version > latest:
            raise StoreError(
                f"{path} was written by a newer Serenissima (schema {facts.user_version}, this code knows"
                f" {latest}); refusing to start and leaving the file untouched. Upgrade the bot or point"
                " SERENISSIMA_DB (the console: --db) at another file."
            )
        return "ours"
    if facts.application_id == 0:
        if facts.user_version == 0 and not facts.tables:
            return "new"
        if 1 <= facts.user_version <= latest and facts.tables == tables_at(facts.user_version, migrations):
            return "legacy"
    raise StoreError(
        f"{path} is not Serenissima's (application id {facts.application_id:#010x}, schema"
        f" {facts.user_version}, tables {', '.join(sorted(facts.tables)) or 'none'}); refusing to start and"
        " leaving the file untouched. Point SERENISSIMA_DB (the console: --db) at another file."
    )


def tables_at(version: int, migrations: Sequence[tuple[int, str]]) -> frozenset[str]:
    """The tables our migrations up to ``version`` create (worked out in memory)."""
    scratch = sqlite3.connect(":memory:")
    try:
        for number, script in migrations:
            if number <= version:
                scratch.executescript(script)
        return facts_of(scratch).tables
    finally:
        scratch.close()
