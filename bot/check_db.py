"""The full integrity check of a database, as a maintenance command.

    python -m bot.check_db serenissima.sqlite3

The bot does not run it at start (it reads every page: seconds to minutes on a large file);
start-up checks only the header and the schema (:mod:`bot.dbfile`). Run this one after a
crash of the machine, before a backup is trusted, or when SQLite reports a malformed page.
It reads the file without writing it (a running bot may keep going) and exits with 0 when
the file is sound, 1 with SQLite's findings when not, 2 when it is not a usable file at all.

    python -m bot.check_db --vacuum serenissima.sqlite3

gives the space of deleted rows back to the system (``VACUUM``: the file is rewritten,
compact). SQLite reuses free pages for new rows but never shrinks the file by itself, so
after a one-off deletion (migration 0007 dropping the events of finished matches, the logs of
old finished matches packed after migration 0012, the first pruning of a large outbox, a
server's history deleted) the file stays at its old size until
this is run. It needs the bot stopped: it takes the same instance lock as the bot and
refuses (exit code 6, nothing changed) while a bot or console holds the file. It needs free
disk space about the size of the file while it runs. It checks the header first (exit code
2, nothing changed, when the file is not a usable Serenissima database) and prints the size
before and after.
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
from pathlib import Path
from typing import Final

from bot.dbfile import (
    HEADER_SIZE,
    SQLITE_MAGIC,
    StoreError,
    StoreInUse,
    header_problem,
    instance_lock,
    integrity_problems,
)

IN_USE: Final = 6
"""The exit status when another process holds the database (the bot's own, see ``bot.discord.run``)."""


def readable_header(path: Path) -> tuple[int, list[str]] | None:
    """None when ``path`` starts like a sound SQLite file, else the exit status and why not."""
    try:
        with path.open("rb") as handle:
            header = handle.read(HEADER_SIZE)
        size = path.stat().st_size
    except OSError as error:
        return 2, [f"cannot read {path}: {error}"]
    if len(header) < HEADER_SIZE or not header.startswith(SQLITE_MAGIC):
        return 2, [f"{path} is not a SQLite database"]
    problem = header_problem(header, size)
    if problem is not None:
        return 1, [f"{path}: corrupted header ({problem})"]
    return None


def check(path: Path) -> tuple[int, list[str]]:
    """The exit status and the lines to print for the file at ``path``."""
    refused = readable_header(path)
    if refused is not None:
        return refused
    try:
        problems = integrity_problems(path)
    except StoreError as error:
        return 2, [str(error)]
    if problems:
        return 1, [f"{path}: {len(problems)} problem(s) found", *problems]
    return 0, [f"{path}: ok"]


def vacuum(path: Path) -> tuple[int, list[str]]:
    """Rewrite the file at ``path`` compactly (the bot stopped); the exit status and the lines to print."""
    refused = readable_header(path)
    if refused is not None:
        return refused
    before = path.stat().st_size
    try:
        with instance_lock(path):
            connection = sqlite3.connect(path, isolation_level=None)
            try:
                connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # the log's pages into the file first
                connection.execute("VACUUM")
                connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            finally:
                connection.close()
    except StoreInUse as error:
        return IN_USE, [str(error).replace("refusing to start", "stop it before vacuuming")]
    except (StoreError, sqlite3.Error) as error:
        return 2, [f"{path}: cannot vacuum ({error})"]
    after = path.stat().st_size
    return 0, [f"{path}: vacuumed, {before / 2**20:.1f} MiB -> {after / 2**20:.1f} MiB"]


def main(argv: list[str] | None = None) -> int:
    """Check the file named on the command line; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path, help="the SQLite database (SERENISSIMA_DB)")
    parser.add_argument(
        "--vacuum", action="store_true", help="give deleted rows' space back to the system (the bot stopped)"
    )
    args = parser.parse_args(argv)
    status, lines = vacuum(args.path) if args.vacuum else check(args.path)
    for line in lines:
        sys.stdout.write(line + "\n")
    return status


if __name__ == "__main__":
    sys.exit(main())
