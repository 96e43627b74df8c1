"""The fast legal-move list (``games.rialto.legal``) against the rules' definition of a legal move.

``legal_moves`` no longer filters the candidates through ``check`` (that cost a search a
third of its time); this test is what keeps the two from drifting apart. Over seeded games
that mix the autopilot's moves with random ones (so that odd drafts, undos, hand-limit
picks, bridges and step C returns occur), every seat's list at every position must equal
:func:`games.rialto.rules.checked_moves`, order included, and the positions must reach
every phase and every action decision, so that no branch of the fast list goes untested.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.core import IllegalMove, NotYourTurn, Rng
from games.rialto import GAME, RialtoOptions, rules
from games.rialto.model import Decision, Phase
from tests.games.rialto.helpers import build

CONFIGS = [
    (2, RialtoOptions()),
    (3, RialtoOptions(y4_any_source=True, bridges="mirror")),
    (4, RialtoOptions()),
    (5, RialtoOptions()),
    (2, RialtoOptions(neutral=True)),
]
RANDOM_SHARE = 0.4


def _positions(seed: int, num_players: int, options: RialtoOptions) -> list[object]:
    """Every position of one game where the autopilot plays, but a random legal move ``RANDOM_SHARE`` of the time."""
    rng = Rng(seed, 0, 77)
    state = GAME.initial_state(seed, num_players, options)
    positions = []
    while active := sorted(GAME.to_move(state)):
        positions.append(state)
        seat = active[rng.below(len(active))]
        legal = rules.checked_moves(state, seat)
        if rng.random() < RANDOM_SHARE:
            move = legal[rng.below(len(legal))]
        else:
            move = GAME.autopilot_move(GAME.view(state, seat), legal)
        state, _ = GAME.apply(state, seat, move)
    positions.append(state)
    return positions


@pytest.mark.parametrize("seed", [3, 11])
def test_fast_legal_moves_equal_the_checked_candidates(seed):
    reached: set[object] = set()
    compared = 0
    for num_players, options in CONFIGS:
        for state in _positions(seed * 101 + num_players, num_players, options):
            assert isinstance(state, rules.RialtoState)
            for seat in range(num_players + 1):
                expected = rules.checked_moves(state, seat)
                assert list(GAME.legal_moves(state, seat)) == expected, (str(state), seat)
                if expected:
                    compared += 1
                    reached.add(state.decision if state.phase is Phase.ACTION else state.phase)
                    if state.phase is Phase.PLAY and state.draft:
                        reached.add("draft")
    wanted = {phase for phase in Phase if phase not in (Phase.ACTION, Phase.OVER)}
    wanted |= {Decision.TAKE, Decision.BRIDGE, Decision.GONDOLA, Decision.MOVE, "draft"}
    assert wanted <= reached, wanted - reached
    assert compared > 1000


@pytest.mark.parametrize(
    ("buildings", "left"),
    [
        (["G1", "G3", "Y2", "U1", "U4", "Y4", "G4"], 8),
        (["Y1", "Y1", "Y1", "Y1", "Y1", "Y1", "Y1"], 5),
        (["G1*", "U4!", "Y2", "Y2*", "U1", "U3", "G2"], 9),
    ],
)
def test_fast_legal_moves_equal_the_checked_candidates_in_step_c_at_seven_buildings(buildings, left):
    """Step C at the building limit (returns, kinds given back earlier), which random games rarely reach."""
    start = build(3, players={0: {"buildings": buildings, "coins": 3}})
    start = replace(start, phase=Phase.ACTION, step=2, decision=Decision.TAKE, left=left, queue=(0, 1), pending="")
    reached = set()
    for walk in range(12):
        rng = Rng(walk, 0, 5)
        state = start
        while state.phase is Phase.ACTION and state.queue[:1] == (0,):
            expected = rules.checked_moves(state, 0)
            assert list(GAME.legal_moves(state, 0)) == expected, str(state)
            reached.add((state.decision, bool(state.pending)))
            state, _ = GAME.apply(state, 0, expected[rng.below(len(expected))])
    assert {(Decision.TAKE, False), (Decision.RETURN, True)} <= reached


def test_apply_still_checks_what_the_remembered_list_does_not_vouch_for():
    """``apply`` skips its check only for a code listed for this very state and seat."""
    state = GAME.initial_state(4, 3)
    (seat,) = GAME.to_move(state)
    other = (seat + 1) % 3
    listed = GAME.legal_moves(state, seat)
    assert isinstance(listed, list) and listed
    listed.append("tU4")  # the caller's copy: changing it vouches for nothing
    with pytest.raises(IllegalMove):
        GAME.apply(state, seat, "tU4")
    assert GAME.legal_moves(state, other) == []
    with pytest.raises(NotYourTurn):
        GAME.apply(state, other, listed[0])
    GAME.legal_moves(state, seat)
    twin = replace(state)  # an equal state, not the same one: checked as usual
    assert twin == state and twin is not state
    with pytest.raises(IllegalMove):
        GAME.apply(twin, seat, "tU4")
    after, _ = GAME.apply(state, seat, listed[0])
    assert after.ply == state.ply + 1
