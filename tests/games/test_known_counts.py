"""Known-answer counts, like a chess engine's perft: legal move sequences and distinct positions.

From fixed positions, every legal move of every seat to move is applied, level by level;
the number of move sequences and of distinct positions (by encoded state) at each depth is
compared with counts kept here. The first level of each was counted by hand from the
rulebook (worked below); the deeper levels were recorded from the engines once the issue
12 review had checked their move generators against independently written ones, and
guard against any later change in what is legal.
"""

from __future__ import annotations

import json

import pytest

from games.rialto import GAME as RIALTO
from games.twilight import GAME as TWILIGHT
from games.venezia2099 import GAME as VENEZIA
from games.volto import GAME as VOLTO
from tests.games.volto.helpers import started


def perft(game, state, depth):
    """[(move sequences, distinct positions)] for depths 1..``depth``."""
    frontier = {json.dumps(game.encode(state), sort_keys=True): (state, 1)}
    counts = []
    for _ in range(depth):
        following: dict[str, tuple[object, int]] = {}
        sequences = 0
        for position, ways in frontier.values():
            for seat in sorted(game.to_move(position)):
                for move in game.legal_moves(position, seat):
                    sequences += ways
                    after, _ = game.apply(position, seat, move)
                    key = json.dumps(game.encode(after), sort_keys=True)
                    previous = following.get(key, (after, 0))[1]
                    following[key] = (after, previous + ways)
        counts.append((sequences, len(following)))
        frontier = following
    return counts


def test_twilight_from_seed_1():
    # By hand: West (seat 1) moves first with d d d g11 h3 h3 m1 m2; D 0, Guards W2/E2,
    # Merchant W1, Harlequin E1. Doge 1 either way (2), Cortège either way (2), 1+1 split
    # in 4 ways and doubled only outward (2), Merchant 1 and 2 either way (4), Harlequin 3
    # on the Harlequin either way (2; Masquerade is off: the Doge is nearer West), the
    # Guild's Word on the Doge or the west Guard (2; the Merchant is west of the Doge), and
    # discarding (1): 19.
    assert perft(TWILIGHT, TWILIGHT.initial_state(1, 2), 3) == [(19, 19), (74, 57), (700, 340)]


def test_rialto_from_seed_1_with_three_players():
    # By hand: the starting buildings G1, Y1, U1 must all differ with 3 players (3, 3x2,
    # 3x2x1), then the Doge leader picks one of the n + 1 = 4 rows.
    assert perft(RIALTO, RIALTO.initial_state(1, 3), 4) == [(3, 3), (6, 6), (6, 6), (24, 24)]


@pytest.mark.parametrize(("players", "squares"), [(2, 36), (3, 64)])
def test_venezia_first_placements(players, squares):
    # By hand: the first figure may go on any square (6x6 with 2 players, else 8x8); the
    # second player's first figure on any other square.
    depth = 2 if players == 2 else 1
    expected = [(squares, squares), (squares * (squares - 1), squares * (squares - 1))][:depth]
    assert perft(VENEZIA, VENEZIA.initial_state(1, players), depth) == expected


def test_volto_from_the_rulebook_arrangement():
    # By hand, White's front row L N S A L and palace N A C A N, Black mirrored: Lady a2 to
    # a3/b3, Noble b2 to b3, Soldier c2 to c3..c5 or capturing on c6, Advisor d2 to c3/e3,
    # Lady e2 to d3/e3; the palace row is boxed in: 11.
    assert perft(VOLTO, started(), 3) == [(11, 11), (114, 114), (1511, 1511)]
