"""Volto's endings recomputed from the finished board (``shared/rules/volto.md`` §7).

Over random matches: a side whose Candidate left the board lost (captured, or removed with
the Lady it took); a side whose two Ladies were both captured won; a Candidate on the
opponent's palace row won; any other ending is a draw (repetition, the no-capture limit,
the ply cap) or the rare "no legal move". Written from the rules file, sharing no code
with the engine beyond reading the state.
"""

from __future__ import annotations

from collections import Counter

from games.volto import GAME
from tests.games.volto.helpers import random_game

WHITE, BLACK = 0, 1


def expected_winner(state):
    """§7's winner read from the final position, or None for a draw."""
    winners = set()
    for mask in state.removed:
        if mask.kind.value == "C":
            winners.add(1 - mask.owner)
    ladies = Counter(mask.owner for mask in state.removed if mask.kind.value == "L" and mask.captured)
    winners.update(owner for owner, count in ladies.items() if count == 2)
    if "C" in state.board[30:35]:  # White's Candidate on Black's palace (rank 7)
        winners.add(WHITE)
    if "c" in state.board[0:5]:  # Black's Candidate on White's palace (rank 1)
        winners.add(BLACK)
    assert len(winners) <= 1, "one move never gives conflicting outcomes"
    return next(iter(winners), None)


def test_every_ending_follows_the_board():
    reasons: Counter[str] = Counter()
    for seed in range(40):
        final = random_game(seed)[-1][0]
        outcome = GAME.outcome(final)
        assert outcome is not None
        reasons[final.end_reason] += 1
        winner = expected_winner(final)
        if final.end_reason == "no_moves":
            assert winner is None and final.winner is not None
            continue
        assert final.winner == winner, (seed, final.end_reason)
        assert outcome.winners == (frozenset({winner}) if winner is not None else frozenset({WHITE, BLACK}))
    decisive = sum(count for reason, count in reasons.items() if reason not in ("repetition", "no_capture", "ply_cap"))
    assert decisive >= 10 and len(reasons) >= 3, reasons
