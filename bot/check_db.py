"""The full integrity check of a database, as a maintenance command.

    python -m bot.check_db serenissima.sqlite3

The bot does not run it at start (it reads every page: seconds to minutes on a large file);
start-up checks only the header and the schema (:mod:`bot.dbfile`). Run this one after a
crash of the machine, before a backup is trusted, or when SQLite reports a malformed page.
It reads the file without writing it (a running bot may keep going) and exits with 0 when
the file is sound, 1 with SQLite's findings when not, 2 when it is not a usable file at all.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from bot.dbfile import HEADER_SIZE, SQLITE_MAGIC, StoreError, header_problem, integrity_problems


def check(path: Path) -> tuple[int, list[str]]:
    """The exit status and the lines to print for the file at ``path``."""
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
    try:
        problems = integrity_problems(path)
    except StoreError as error:
        return 2, [str(error)]
    if problems:
        return 1, [f"{path}: {len(problems)} problem(s) found", *problems]
    return 0, [f"{path}: ok"]


def main(argv: list[str] | None = None) -> int:
    """Check the file named on the command line; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path, help="the SQLite database (SERENISSIMA_DB)")
    args = parser.parse_args(argv)
    status, lines = check(args.path)
    for line in lines:
        sys.stdout.write(line + "\n")
    return status


if __name__ == "__main__":
    sys.exit(main())
