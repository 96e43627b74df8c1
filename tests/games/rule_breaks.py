"""Break one rule at a time in a scratch copy and check that the games' tests notice.

Each break below is a rule that once passed the whole suite (issue 12) or a decision the
rulebook leaves open; the script copies the project to a temporary directory, applies one
break, runs that game's tests and the cross-game ones of ``tests/games`` there (``-x``: the
first failure is enough) and
reports whether they failed ("caught") or passed ("MISSED"). Run from the project root::

    python -m tests.games.rule_breaks                  # every break, against today's tests
    python -m tests.games.rule_breaks --tests-from REV # the same breaks, against REV's tests
    python -m tests.games.rule_breaks rialto-deck      # only the breaks named

The exit status is 1 when a break is missed. Not collected by pytest (no ``test_`` prefix):
it runs the suite once per break, minutes in all.
"""

from __future__ import annotations

import argparse
import io
import shutil
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Break:
    """Replace ``old`` (which must occur exactly once) by ``new`` in ``path``."""

    name: str
    path: str
    old: str
    new: str
    rule: str


BREAKS = (
    Break(
        "rialto-deck",
        "games/rialto/setup.py",
        "shuffled([card for card in range(CARD_TYPES) for _ in range(COPIES_PER_TYPE)])",
        "shuffled([0] + [card for card in range(CARD_TYPES) for _ in range(COPIES_PER_TYPE)][:-1])",
        "§2: 11 cards of each type (broken: 12 Doge, 10 Jokers, still 77)",
    ),
    Break(
        "rialto-buildings",
        "games/rialto/setup.py",
        "supply=[COPIES_PER_BUILDING] * len(BUILDING_KINDS),",
        "supply=[4, 6] + [COPIES_PER_BUILDING] * (len(BUILDING_KINDS) - 2),",
        "§2: 5 copies of each building (broken: 4 G1 and 6 G2, still 60)",
    ),
    Break(
        "rialto-bridge-tile",
        "games/rialto/model.py",
        '"pairs": ((3, 4),',
        '"pairs": ((2, 4),',
        "§4.3: bridge values between 3 and 6 (broken: a 2|4 tile)",
    ),
    Break(
        "rialto-no-reshuffle",
        "games/rialto/mechanics.py",
        "            if not any(work.discard):\n",
        "            if True:\n",
        "§7.1.2: an empty deck takes in the discards (broken: never reshuffled)",
    ),
    Break(
        "rialto-step-a-first",
        "games/rialto/flow.py",
        "    if step == STEP_A:\n        work.first = doge_order(work)[0]",
        "    if step == STEP_A and work.round == 1:\n        work.first = doge_order(work)[0]",
        "§7.2.1: step A starts with the Doge leader (broken: from round 2 on)",
    ),
    Break(
        "rialto-bridge-penalty",
        "games/rialto/flow.py",
        "            player.vp -= 1\n",
        "            player.vp -= 1 if work.round < 4 else 0\n",
        "§7.3 D: no bridge card costs 1 VP (broken: not in rounds 4-6)",
    ),
    Break(
        "rialto-step-c-same-kind",
        "games/rialto/rules.py",
        "        if kind == work.pending[:2]:\n",
        "        if False:\n",
        "step C decision: the kind taken is not the kind given back",
    ),
    Break(
        "rialto-step-c-earlier-return",
        "games/rialto/rules.py",
        "        if kind in returned_kinds(work.pending):\n",
        "        if False:\n",
        "step C decision: nor a kind given back earlier in the action",
    ),
    Break(
        "rialto-neutral-marker",
        "games/rialto/mechanics.py",
        "            return min(free, key=lambda k: work.round_of[model.other_end(k, district)])",
        "            return max(free, key=lambda k: work.round_of[model.other_end(k, district)])",
        "§11.2: the marker goes toward the lowest-numbered neighbour",
    ),
    Break(
        "venezia-treasure-values",
        "games/venezia2099/model.py",
        "return {1: 6, 2: 3, 3: 2}.get(surviving, 1)",
        "return {1: 6, 2: 3, 3: 2, 4: 1}.get(surviving, 0)",
        "§9.1: T(>=4) = 1 (broken: 0 when 5 or more districts of a colour survive)",
    ),
    Break(
        "twilight-masquerade-guards",
        "games/twilight/rules.py",
        "if turn.target is not None and not same_target(move.token, turn.target):",
        "if turn.target is not None and move.token is not turn.target:",
        "§8.2 T6: each Masquerade card may move either Guard (broken: locked to the first)",
    ),
)


def scratch_copy(target: Path, tests_from: str | None) -> None:
    """The project's games/, locales/, tests/ and pyproject.toml; tests/ from ``tests_from`` when given."""
    for name in ("games", "locales", "tests"):
        shutil.copytree(ROOT / name, target / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", target / "pyproject.toml")
    if tests_from:
        shutil.rmtree(target / "tests")
        archive = subprocess.run(
            ["git", "archive", "--format=tar", tests_from, "tests"], cwd=ROOT, check=True, capture_output=True
        ).stdout
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(target, filter="data")
        shutil.copy(ROOT / "tests" / "games" / "rule_breaks.py", target / "tests" / "games" / "rule_breaks.py")


def suite(one: Break, target: Path) -> list[str]:
    """The tests that speak for the broken game: its own folder and the cross-game ones."""
    game = one.path.split("/")[1]
    shared = sorted(str(path.relative_to(target)) for path in (target / "tests/games").glob("test_*.py"))
    return [f"tests/games/{game}", *shared]


def run(one: Break, tests_from: str | None) -> bool:
    """Whether the tests fail with ``one`` applied (the break is caught)."""
    with tempfile.TemporaryDirectory(prefix="rule-break-") as scratch:
        target = Path(scratch)
        scratch_copy(target, tests_from)
        path = target / one.path
        text = path.read_text(encoding="utf-8")
        if text.count(one.old) != 1:
            raise SystemExit(f"{one.name}: the text to break occurs {text.count(one.old)} times in {one.path}")
        path.write_text(text.replace(one.old, one.new), encoding="utf-8")
        result = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *suite(one, target)],
            cwd=target,
            capture_output=True,
            text=True,
        )
        if result.returncode not in (0, 1):  # 1: tests failed; anything else is not a verdict
            raise SystemExit(f"{one.name}: pytest could not run ({result.returncode}):\n{result.stdout[-2000:]}")
        return result.returncode == 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="breaks to run (default: all)")
    parser.add_argument("--tests-from", help="a git revision whose tests/ to run instead of today's")
    args = parser.parse_args()
    chosen = [one for one in BREAKS if not args.names or one.name in args.names]
    missed = 0
    for one in chosen:
        caught = run(one, args.tests_from)
        missed += not caught
        sys.stdout.write(f"{'caught' if caught else 'MISSED'}  {one.name:30} {one.rule}\n")
        sys.stdout.flush()
    sys.stdout.write(f"{len(chosen) - missed} of {len(chosen)} breaks caught\n")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
