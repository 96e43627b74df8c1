"""Move a server's whole history to another database, verified by replaying every match there.

    python -m bot.copy_db serenissima.sqlite3 postgresql://bot@db.example/serenissima

SOURCE and TARGET are what ``SERENISSIMA_DB`` holds: a SQLite file's path or a
``postgresql://`` URL (SQLite to PostgreSQL is the point; SQLite to SQLite works too, e.g. to
compact a file). Stop the bot first: the source is opened as the bot opens it (a SQLite file
is locked against a running bot, and migrated to the newest schema if it is older). The
target must be empty (a new file, or an empty database or schema); anything else is refused.

Every row is copied (:mod:`bot.store.copy`), then checked on the target through the service,
as the bot will read it: the tables hold as many rows as the source's; every match reads back
with the same record and the same move log; every started match replays from its seed and
moves to the state the source stored for it; every finished match's export passes
``python -m bot.verify`` (seed commitment and result). Exit status: 0 when copied and
verified, 1 when the verification found a difference (listed), 2 when the copy was refused.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.dbfile import StoreError
from bot.history import export
from bot.records import MatchStatus
from bot.service import Service
from bot.store import Store
from bot.store.copy import copy_rows, row_counts
from bot.verify import verify_export


@dataclass(slots=True)
class CopyReport:
    """What was copied and what the verification found."""

    copied: dict[str, int]
    matches: int = 0
    replayed: int = 0
    problems: list[str] = field(default_factory=list)


async def copy_database(source: str, target: str, *, say: bool = False) -> CopyReport:
    """Copy ``source`` into the empty ``target`` and verify the copy (see the module docstring).

    Raises:
        StoreError: either cannot be opened, or the target is not empty.
    """
    if source == target:
        raise StoreError("the source and the target are the same database; refusing.")
    async with Store.open(source) as origin, Store.open(target) as copy:

        def progress(table: str, rows: int) -> None:
            if say:
                sys.stdout.write(f"\r{table}: {rows} rows")
                sys.stdout.flush()

        copied = await copy_rows(origin, copy, progress=progress)
        if say:
            sys.stdout.write("\r" + " " * 40 + "\r")
        report = CopyReport(copied)
        counted = await row_counts(copy)
        if counted != copied or counted != await row_counts(origin):
            report.problems.append(f"row counts differ: source {await row_counts(origin)}, target {counted}")
        await verify_matches(Service(origin), Service(copy), [int(r[0]) for r in await copy.fetch_all(_IDS)], report)
        return report


_IDS = "SELECT id FROM matches ORDER BY id"


async def verify_matches(origin: Service, copy: Service, match_ids: Sequence[int], report: CopyReport) -> None:
    """Read every match on both sides, and replay every started one on the copy."""
    for match_id in match_ids:
        report.matches += 1
        before, after = await origin.get_match(match_id), await copy.get_match(match_id)
        if before.record != after.record:
            report.problems.append(f"match {match_id}: the record differs")
            continue
        if await origin.move_log(match_id) != await copy.move_log(match_id):
            report.problems.append(f"match {match_id}: the move log differs")
            continue
        if after.record.status not in (MatchStatus.ACTIVE, MatchStatus.FINISHED):
            continue
        replayed = await copy.replay(match_id)
        report.replayed += 1
        stored = after.record.state_json
        snapshot_current = stored is not None and after.record.rules_version == after.game.rules_version
        if snapshot_current and _canonical(after.game.encode(replayed)) != _canonical(json.loads(stored or "null")):
            report.problems.append(f"match {match_id}: the moves do not replay to the stored state")
            continue
        if after.record.status == MatchStatus.FINISHED:
            checked = verify_export(await export(copy, match_id))
            if not (checked.commitment_ok and checked.replay_ok):
                report.problems.append(f"match {match_id}: {checked.detail}")


def _canonical(value: object) -> str:
    return json.dumps(value, sort_keys=True)


def main(argv: list[str] | None = None) -> int:
    """Copy and verify; the exit status of the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", help="the database to copy: a SQLite file or a postgresql:// URL")
    parser.add_argument("target", help="the empty database to copy into: a SQLite file or a postgresql:// URL")
    args = parser.parse_args(argv)
    try:
        report = asyncio.run(copy_database(args.source, args.target, say=sys.stdout.isatty()))
    except StoreError as error:
        sys.stderr.write(f"{error}\n")
        return 2
    rows = sum(report.copied.values())
    sys.stdout.write(
        f"copied {rows} rows in {len(report.copied)} tables; {report.matches} matches read back,"
        f" {report.replayed} replayed on the target\n"
    )
    for problem in report.problems:
        sys.stdout.write(f"PROBLEM {problem}\n")
    if report.problems:
        return 1
    sys.stdout.write("verified: the target holds the same history\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
