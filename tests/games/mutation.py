"""Mutation testing of the game engines with mutmut, opt-in (never part of the CI run).

mutmut changes the engine one small edit at a time (``<`` for ``<=``, ``+ 1`` for ``- 1``,
a constant, a dropped call...) and runs the game's tests against each edit: a "killed"
mutant made some test fail, a "survived" one passed every test, so either the tests miss
a rule or the edit changes nothing that matters (an equivalent mutant). This script runs
it on chosen modules of one game, in a scratch copy so that mutmut's ``mutants/`` folder
never lands in the work tree, with only that game's tests. Install mutmut first (the
``mutation`` extra of pyproject.toml)::

    pip install 'mutmut>=3.8,<4'
    python -m tests.games.mutation twilight          # the game's rule modules (MODULES), all mutants
    python -m tests.games.mutation rialto setup flow scoring   # chosen modules of games/rialto
    python -m tests.games.mutation venezia2099 scoring --rev REV  # as it was at REV
    python -m tests.games.mutation twilight rules --survivors  # list the survivors too
    python -m tests.games.mutation twilight rules --only violation _play_violation  # some functions
    python -m tests.games.mutation volto rules board --sample 3  # every third mutant of each function
    python -m tests.games.mutation volto rules --mutants games.volto.rules.x__only__mutmut_2  # again, by name
    python -m tests.games.mutation volto --keep /tmp/volto  # keep the folder; run again to resume

It prints, per module, the mutants killed by a test, caught by mypy ("typed": strict mypy
runs in CI, so a mutant that breaks the types never ships), survived, timed out or otherwise
(no tests), the mean seconds of a killed and of a surviving mutant, and the score =
(killed + typed) / (killed + typed + survived). Where the time goes: mypy, one traced run of
the selection (which tests reach which function) and one clean run cost a few minutes per
call; a killed mutant costs about a second (its tests run killers first: the tests that killed
that function's earlier mutants, then fastest first, and stop at the first failure); a
survivor costs a full run of every test that reaches its function (up to ~40 s for Twilight's
rules), so the survivors dominate, and killing them is what makes a run fast.
``--jobs`` runs mutants in parallel; ``--sample K`` tests mutants 1, 1+K, 1+2K... of every
function, an even spread that estimates a module's score in 1/K of the time. The selection is
the game's folder plus the known-answer counts and the contract suite. mutmut mutates
function bodies only, not module
constants (card counts, tile sets); ``python -m tests.games.rule_breaks`` covers those.
Nor can it test a function that runs only at import (a table built once): the table is
built before any mutant is switched on, so such mutants "survive"; judge them by hand.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
SHARED_TESTS = ("tests/games/test_known_counts.py", "tests/games/test_conformance.py")
"""The suites of every game that CI runs besides the game's folder (known answers, the contract)."""
STATUS = {
    1: "killed",
    3: "killed",
    37: "typed",  # caught by mypy before any test ran
    0: "survived",
    36: "timeout",
    24: "timeout",
    -24: "timeout",
    152: "timeout",
    255: "timeout",
}
MODULES = {
    "rialto": ("rules", "flow", "mechanics", "cardplay", "scoring", "setup"),
    "twilight": ("rules", "moves"),
    "venezia2099": ("rules", "board", "scoring", "setup"),
    "volto": ("rules", "board"),
}
"""Each game's modules that decide a rule (legality, effects, scoring, setup, the flow of rounds), most
important first: the default when no module is named. Not the views, labels, notation or autopilots."""
KILLERS = "killers.tsv"
"""Inside mutmut's ``mutants/`` folder (the tests' working folder): one line per killed mutant, its
function and the test that killed it, so that the next mutants of that function try that test first."""


def prepare(target: Path, game: str, modules: list[str], rev: str | None) -> None:
    """A scratch project: games/, locales/ and tests/ (the work tree's or revision ``rev``'s), mutmut's settings.

    A ``--keep`` folder from an earlier run is resumed: mutmut keeps its verdicts and tests only the
    mutants without one, and the work tree's tests/ are copied in again, so new tests count (the
    games/ stay as mutated; after changing an engine start a new folder).
    """
    ignore = shutil.ignore_patterns("__pycache__")
    if (target / "mutants").is_dir():
        if not rev:
            shutil.copytree(ROOT / "tests", target / "tests", ignore=ignore, dirs_exist_ok=True)
    elif rev:
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
            shutil.copytree(ROOT / name, target / name, ignore=ignore)
    settings = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    paths = [f"games/{game}/{module}.py" for module in modules]
    only = ", ".join(json.dumps(path) for path in paths)
    settings += (
        "\n[tool.mutmut]\n"
        'source_paths = ["games/"]\n'
        'also_copy = ["locales/"]\n'  # the games' strings; skipped where an old revision has none
        f"only_mutate = [{only}]\n"
        f"pytest_add_cli_args_test_selection = {json.dumps([f'tests/games/{game}', *SHARED_TESTS])}\n"
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-p", "tests.games.mutation"]\n'
        # CI's strict mypy rejects a mutant that breaks the types, so it needs no test run (status "typed").
        f"type_check_command = {json.dumps(['mypy', *paths, '-O', 'json', '--no-warn-unused-ignores'])}\n"
        # A mutant may take multiplier x (its tests' traced time + 1 s) of wall time (twice that of CPU).
        # A survivor, one untraced run of those tests, took 0.4-1.0x of it on a loaded machine (measured), so
        # 3x keeps its verdict while an endless loop (a redeal that never stops) costs 3x, not 15x.
        "timeout_multiplier = 3.0\n"
    )
    (target / "pyproject.toml").write_text(settings, encoding="utf-8")


def mangled(function: str) -> str:
    """mutmut's name for a function (``x_name``) or a method (``xǁClassǁname``)."""
    if "." in function:
        owner, method = function.split(".", 1)
        return f"xǁ{owner}ǁ{method}"
    return f"x_{function}"


def _function_of(mutant: str) -> str:
    """``games.twilight.rules.x__end_turn__mutmut_81`` -> ``games.twilight.rules.x__end_turn``."""
    return mutant.rsplit("__mutmut_", 1)[0]


def _mutant_under_test() -> str | None:
    mutant = os.environ.get("MUTANT_UNDER_TEST", "")
    return mutant if "__mutmut_" in mutant else None


def pytest_collection_modifyitems(items: list[Any]) -> None:
    """Under mutmut (loaded with ``-p``): first the tests that killed this function's earlier mutants,
    then the rest, each group fastest first by the clean run's times.

    mutmut stops a mutant's run at the first failing test, so a killed mutant costs only the
    tests before the one that kills it, and sibling mutants (one function, one rule) mostly fall
    to the same test. The order changes no verdict: a survivor still runs every test. Outside
    mutmut (no recorded times, no mutant) the order stays.
    """
    from mutmut.state import state

    durations = state().duration_by_test
    mutant = _mutant_under_test()
    killers: set[str] = set()
    if mutant is not None and Path(KILLERS).exists():
        function = _function_of(mutant)
        for line in Path(KILLERS).read_text(encoding="utf-8").splitlines():
            owner, _, nodeid = line.partition("\t")
            if owner == function:
                killers.add(nodeid)
    if durations or killers:
        items.sort(key=lambda item: (item.nodeid not in killers, durations.get(item.nodeid, 0.0)))


def pytest_runtest_logreport(report: Any) -> None:
    """Under mutmut: remember which test killed the mutant (see :data:`KILLERS`)."""
    mutant = _mutant_under_test()
    if mutant is not None and report.failed:
        with open(KILLERS, "a", encoding="utf-8") as killers:
            killers.write(f"{_function_of(mutant)}\t{report.nodeid}\n")


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


def tally(target: Path, game: str, modules: list[str]) -> dict[str, dict[str, tuple[str, float]]]:
    """Each module's tested mutants: their status and how long their run took (0 for "typed")."""
    results: dict[str, dict[str, tuple[str, float]]] = {}
    for module in modules:
        meta = target / "mutants" / "games" / game / f"{module}.py.meta"
        data = json.loads(meta.read_text(encoding="utf-8")) if meta.exists() else {}
        durations = data.get("durations_by_key", {})
        results[module] = {
            name: (STATUS.get(code, "other"), float(durations.get(name, 0.0)))
            for name, code in data.get("exit_code_by_key", {}).items()
            if code is not None
        }
    return results


def report(game: str, results: dict[str, dict[str, tuple[str, float]]], survivors: bool) -> str:
    """Per module: the counts, the score and the mean seconds of a killed and of a surviving mutant.

    score = (killed + typed) / (killed + typed + survived): a mutant that breaks the types cannot
    pass CI's strict mypy; timeouts (endless loops, or a machine too busy) count on neither side.
    """
    lines = []

    def mean(seconds: dict[str, list[float]], status: str) -> str:
        values = seconds.get(status, [])
        return f"{sum(values) / len(values):.1f}s" if values else "-"

    for module, tested in results.items():
        counts = Counter(status for status, _ in tested.values())
        seconds: dict[str, list[float]] = {}
        for status, duration in tested.values():
            seconds.setdefault(status, []).append(duration)
        caught = counts["killed"] + counts["typed"]
        judged = caught + counts["survived"]
        score = 100 * caught / judged if judged else 0.0
        lines.append(
            f"games/{game}/{module}.py: {len(tested)} mutants, {counts['killed']} killed by tests "
            f"(mean {mean(seconds, 'killed')}), {counts['typed']} by mypy, {counts['survived']} survived "
            f"(mean {mean(seconds, 'survived')}), {counts['timeout']} timeouts, {counts['other']} other; "
            f"score {score:.1f}%"
        )
        if survivors:
            lines.extend(
                f"    {status:9} {name}"
                for name, (status, _) in sorted(tested.items())
                if status not in ("killed", "typed")
            )
    return "".join(line + "\n" for line in lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a folder of games/: rialto, twilight, venezia2099, volto")
    parser.add_argument(
        "modules", nargs="*", help="module names inside games/<game>/ (default: the game's rule modules, MODULES)"
    )
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
        raise SystemExit("mutmut is not installed: pip install 'mutmut>=3.8,<4'")
    scratch = None if args.keep else tempfile.TemporaryDirectory(prefix="mutation-")
    target = args.keep or Path(scratch.name)  # type: ignore[union-attr]
    target.mkdir(parents=True, exist_ok=True)
    try:
        modules = args.modules or list(MODULES[args.game])
        prepare(target, args.game, modules, args.rev)
        names = args.mutants or sampled(args.game, modules, args.only, args.sample)
        # mypy (for the type filter) from the same environment as this Python.
        env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
        started = time.monotonic()
        run = subprocess.run(
            ["mutmut", "run", "--max-children", str(args.jobs), *names],
            cwd=target,
            capture_output=True,
            text=True,
            env=env,
        )
        results = tally(target, args.game, modules)
        if not any(results.values()):
            sys.stderr.write(run.stdout[-3000:] + run.stderr[-3000:])
            return 2
        sys.stdout.write(report(args.game, results, args.survivors))
        sys.stdout.write(f"run time {time.monotonic() - started:.0f}s\n")
        return 0
    finally:
        if scratch is not None:
            scratch.cleanup()


if __name__ == "__main__":
    raise SystemExit(main())
