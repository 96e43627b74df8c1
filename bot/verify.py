"""Check an exported match: the seed matches its commitment and the moves replay to the result.

    python -m bot.verify match-12.json

When a match starts the bot posts a fingerprint (SHA-256) of its secret seed; when it ends
it reveals the seed. Anyone holding the export of a finished match can then check that the
shuffles were the ones committed to, and that replaying the moves from that seed gives the
recorded outcome. Only ``games/`` is needed for that: the rules are deterministic.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from typing import Any

from bot.codec import outcome_to_json
from bot.commitment import seed_commitment
from games import REGISTRY
from games.core import MoveError, options_from_dict, replay


@dataclass(frozen=True, slots=True)
class Report:
    """What the check found."""

    commitment_ok: bool
    replay_ok: bool
    detail: str


def verify_export(data: dict[str, Any]) -> Report:
    """Check a finished match's export (see the module docstring)."""
    if "seed" not in data or "moves" not in data:
        return Report(False, False, "the match is not over: its export holds no seed and no moves yet")
    commitment_ok = seed_commitment(int(data["seed"])) == data.get("seed_commitment")
    game = REGISTRY.get(str(data.get("game")))
    if game is None:
        return Report(commitment_ok, False, f"unknown game {data.get('game')!r}")
    try:
        options = options_from_dict(game.options_type, data.get("options", {}))
        moves = [(int(move["seat"]), str(move["code"])) for move in data["moves"]]
        state = replay(game, int(data["seed"]), len(data["seats"]), options, moves)
    except (MoveError, KeyError, ValueError, TypeError) as error:
        return Report(commitment_ok, False, f"the moves do not replay: {error}")
    outcome = game.outcome(state)
    recorded = data.get("outcome") or {}
    engine_ended = outcome is not None and outcome_to_json(outcome) == recorded
    # Resignations and agreed draws end a match outside the rules; then the replay must at
    # least reach a running position that the recorded ending could interrupt.
    platform_ended = outcome is None and str(recorded.get("reason", {}).get("key", "")).startswith("core.reason.")
    replay_ok = engine_ended or platform_ended
    detail = "ok" if commitment_ok and replay_ok else "the seed or the result does not match the record"
    return Report(commitment_ok, replay_ok, detail)


def main(argv: list[str] | None = None) -> int:
    """Check the export files given on the command line; exit 1 when any fails."""
    parser = argparse.ArgumentParser(prog="python -m bot.verify", description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    args = parser.parse_args(argv)
    failed = 0
    for name in args.files:
        with open(name, encoding="utf-8") as handle:
            report = verify_export(json.load(handle))
        sys.stdout.write(
            f"{name}: commitment {'ok' if report.commitment_ok else 'WRONG'}, "
            f"replay {'ok' if report.replay_ok else 'WRONG'} ({report.detail})\n"
        )
        failed += not (report.commitment_ok and report.replay_ok)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
