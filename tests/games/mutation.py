"""Mutation testing of the game engines with mutmut, opt-in (never part of the CI run).

mutmut changes the engine one small edit at a time (``<`` for ``<=``, ``+ 1`` for ``- 1``,
a constant, a dropped call...) and runs the game's tests against each edit: a "killed"
mutant made some test fail, a "survived" one passed every test, so either the tests miss
a rule or the edit changes nothing that matters (an equivalent mutant). This script runs
it on chosen modules of one game, in a scratch copy so that mutmut's ``mutants/`` folder
never lands in the work tree, with only that game's tests. Install the extra first::

    pip install -e '.[mutation]'
    python -m tests.games.mutation rialto setup flow scoring   # modules of games/rialto
    python -m tests.games.mutation venezia2099 scoring --rev REV  # as it was at REV
    python -m tests.games.mutation twilight rules --survivors  # list the survivors too
    python -m tests.games.mutation twilight rules --only violation _play_violation  # some functions
    python -m tests.games.mutation volto rules movegen --sample 3  # every third mutant of each function
    python -m tests.games.mutation volto rules --mutants games.volto.rules.x__only__mutmut_2  # again, by name

It prints, per module, the mutants killed, survived and otherwise (timeouts, no tests),
and the score = killed / (killed + survived). Expect minutes per module on a busy machine
(``--jobs`` runs mutants in parallel; ``--sample K`` tests mutants 1, 1+K, 1+2K... of every
function, an even spread that estimates a module's score in 1/K of the time). Each mutant runs
only the tests that reached its function, fastest first, and stops at the first failure; the
selection is the game's folder plus the known-answer counts and the contract suite. mutmut mutates
function bodies only, not module
constants (card counts, tile sets); ``python -m tests.games.rule_breaks`` covers those.
Nor can it test a function that runs only at import (a table built once): the table is
built before any mutant is switched on, so such mutants "survive"; judge them by hand.
"""

from __future__ import annotations

import argparse
import io
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SHARED_TESTS = ("tests/games/test_known_counts.py", "tests/games/test_conformance.py")
"""The suites of every game that CI runs besides the game's folder (known answers, the contract)."""
STATUS = {1: "killed", 3: "killed", 0: "survived", 36: "timeout", 24: "timeout", -24: "timeout", 152: "timeout"}


def prepare(target: Path, game: str, modules: list[str], rev: str | None) -> None:
    """A scratch project: games/, locales/ and tests/ (the work tree's or revision ``rev``'s), mutmut's settings."""
    if rev:
        # The games read their strings from locales/ (since the catalogs moved there); older revisions have none.
        has_locales = subprocess.run(["git", "cat-file", "-e", f"{rev}:locales"], cwd=ROOT, check=False).returncode == 0
        archive = subprocess.run(
            ["git", "archive", "--format=tar", rev, "games", "tests", *(["locales"] if has_locales else [])],
            cwd=ROOT,
            check=True,
            capture_output=True,
        ).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(target, filter="data")
    else:
        for name in ("games", "locales", "tests"):
            shutil.copytree(ROOT / name, target / name, ignore=shutil.ignore_patterns("__pycache__"))
    settings = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    only = ", ".join(f'"games/{game}/{module}.py"' for module in modules)
    settings += (
        "\n[tool.mutmut]\n"
        'source_paths = ["games/"]\n'
        'also_copy = ["locales/"]\n'  # the games' strings; skipped where an old revision has none
        f"only_mutate = [{only}]\n"
        f"pytest_add_cli_args_test_selection = {json.dumps([f'tests/games/{game}', *SHARED_TESTS])}\n"
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-p", "tests.games.mutation"]\n'
    )
    (target / "pyproject.toml").write_text(settings, encoding="utf-8")


def mangled(function: str) -> str:
    """mutmut's name for a function (``x_name``) or a method (``xǁClassǁname``)."""
    if "." in function:
        owner, method = function.split(".", 1)
        return f"xǁ{owner}ǁ{method}"
    return f"x_{function}"


def pytest_collection_modifyitems(items: list[Any]) -> None:
    """Under mutmut (loaded with ``-p``): a mutant's tests fastest first, by the clean run's times.

    mutmut stops a mutant's run at the first failing test, so a killed mutant costs only the
    tests before the one that kills it; outside mutmut (no recorded times) the order stays.
    """
    from mutmut.state import state

    durations = state().duration_by_test
    if durations:
        items.sort(key=lambda item: durations.get(item.nodeid, 0.0))


def sampled(game: str, modules: list[str], functions: list[str], every: int) -> list[str]:
    """mutmut's name patterns for the chosen functions' mutants (all of them, or 1, 1+K, 1+2K...)."""
    owners = [mangled(function) for function in functions] or ["*"]
    numbers = [str(n) for n in range(1, 1000, every)] if every > 1 else ["*"]
    if owners == ["*"] and numbers == ["*"]:
        return []
    return [
        f"games.{game}.{module}.{owner}__mutmut_{number}"
        for module in modules
        for owner in owners
        for number in numbers
    ]


def tally(target: Path, game: str, modules: list[str]) -> dict[str, dict[str, str]]:
    """Each module's mutants that were tested and their status, from mutmut's result files."""
    results: dict[str, dict[str, str]] = {}
    for module in modules:
        meta = target / "mutants" / "games" / game / f"{module}.py.meta"
        codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"] if meta.exists() else {}
        results[module] = {name: STATUS.get(code, "other") for name, code in codes.items() if code is not None}
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a folder of games/: rialto, twilight, venezia2099, volto")
    parser.add_argument("modules", nargs="+", help="module names inside games/<game>/")
    parser.add_argument("--rev", help="measure the games/ and tests/ of this git revision instead")
    parser.add_argument("--jobs", type=int, default=1, help="mutants tested in parallel (default 1)")
    parser.add_argument("--survivors", action="store_true", help="list the surviving mutants")
    parser.add_argument(
        "--only",
        nargs="+",
        default=[],
        metavar="FUNCTION",
        help="test only the mutants of these functions of the modules (methods as Class.method)",
    )
    parser.add_argument(
        "--sample", type=int, default=1, metavar="K", help="test every K-th mutant of each function (default all)"
    )
    parser.add_argument(
        "--mutants", nargs="+", default=[], metavar="NAME", help="test only these mutants (names as --survivors prints)"
    )
    parser.add_argument("--keep", type=Path, help="work in this folder and keep it (mutmut show/browse there)")
    args = parser.parse_args()
    if shutil.which("mutmut") is None:
        raise SystemExit("mutmut is not installed: pip install -e '.[mutation]'")
    scratch = None if args.keep else tempfile.TemporaryDirectory(prefix="mutation-")
    target = args.keep or Path(scratch.name)  # type: ignore[union-attr]
    target.mkdir(parents=True, exist_ok=True)
    try:
        prepare(target, args.game, args.modules, args.rev)
        names = args.mutants or sampled(args.game, args.modules, args.only, args.sample)
        run = subprocess.run(
            ["mutmut", "run", "--max-children", str(args.jobs), *names], cwd=target, capture_output=True, text=True
        )
        results = tally(target, args.game, args.modules)
        if not any(results.values()):
            sys.stderr.write(run.stdout[-3000:] + run.stderr[-3000:])
            return 2
        out = sys.stdout
        for module, statuses in results.items():
            counts = Counter(statuses.values())
            judged = counts["killed"] + counts["survived"]
            score = 100 * counts["killed"] / judged if judged else 0.0
            other = len(statuses) - judged
            out.write(
                f"games/{args.game}/{module}.py: {len(statuses)} mutants, {counts['killed']} killed, "
                f"{counts['survived']} survived, {other} other; score {score:.1f}%\n"
            )
            if args.survivors:
                for name, status in sorted(statuses.items()):
                    if status != "killed":
                        out.write(f"    {status:9} {name}\n")
        return 0
    finally:
        if scratch is not None:
            scratch.cleanup()


if __name__ == "__main__":
    raise SystemExit(main())
