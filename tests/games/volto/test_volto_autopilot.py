"""The Volto autopilot's judgement in positions with one sensible answer (and its setup).

Diagrams are rank 7 first, upper case White, lower case Black; the autopilot plays White
and sees Black's masks only as question marks, whatever letters the diagram gives them.
"""

from __future__ import annotations

from games.core import Rng
from games.volto import GAME, Phase, Step, VoltoState, cell_index
from games.volto.board import AROUND
from tests.games.volto.helpers import position


def choose(state: VoltoState, seat: int = 0) -> str:
    """The autopilot's move code for ``seat``."""
    return GAME.move_code(GAME.autopilot_move(GAME.view(state, seat), GAME.legal_moves(state, seat)))


def set_up(seed: int) -> VoltoState:
    """Both seats arrange their masks with the autopilot alone."""
    state = GAME.initial_state(seed, 2)
    for ply in range(200):
        if state.phase is not Phase.SETUP:
            return state
        seat = min(GAME.to_move(state)) if Rng(seed, ply).random() < 0.5 else max(GAME.to_move(state))
        move = GAME.autopilot_move(GAME.view(state, seat), GAME.legal_moves(state, seat))
        state, _ = GAME.apply(state, seat, move)
    raise AssertionError("the setup did not finish")


def test_the_autopilot_finishes_a_setup_a_player_began_on_cells_of_their_choice():
    # A substitute may take over after e2=C, a1=S, c1=L: masks out of the fixed order, and
    # the Candidate on the front row, which the autopilot takes back and re-places.
    for seed in range(12):
        state = GAME.initial_state(seed, 2)
        for code in ["e2=C", "a1=S", "c1=L"]:
            state, _ = GAME.apply(state, 0, GAME.parse_move(state, 0, code))
        for _ in range(200):
            if state.ready[0]:
                break
            state, _ = GAME.apply(state, 0, GAME.parse_move(state, 0, choose(state)))
        assert state.ready[0], seed
        (candidate,) = [
            cell for cell, letter in zip(state.placed_cells[0], state.placed[0], strict=True) if letter == "C"
        ]
        assert candidate < 5, seed


def test_setup_ends_with_each_candidate_on_its_palace_row():
    for seed in range(12):
        state = set_up(seed)
        assert state.phase is Phase.PLAY
        assert state.board.index("C") // 5 == 0
        assert state.board.index("c") // 5 == 6


def test_setup_does_not_always_hide_the_candidate_on_the_same_cell():
    files = {set_up(seed).board.index("C") % 5 for seed in range(20)}
    assert len(files) >= 3


def test_the_candidate_walks_into_the_palace_when_it_can():
    # White's Candidate on c6 may step onto b7, c7 or d7 of Black's palace and win.
    state = position("a3n/2C2/5/5/5/5/NN3")
    code = choose(state)
    assert code.startswith("c6-") and code[-1] == "7"
    after, _ = GAME.apply(state, 0, GAME.parse_move(state, 0, code))
    outcome = GAME.outcome(after)
    assert outcome is not None and outcome.winners == frozenset({0})


def test_the_candidate_does_not_capture_a_mask_that_may_be_a_lady():
    # The Candidate on c3 could take the unknown mask on d4: two Ladies among five unknown
    # masks make that a likely loss, so a quiet move is played instead.
    state = position("llc2/a4/5/3n1/2C2/5/N4")
    assert GAME.parse_move(state, 0, "c3-d4") in GAME.legal_moves(state, 0)
    assert choose(state) != "c3-d4"


def test_no_coin_flip_capture_when_one_lady_is_left():
    # With one Black Lady captured, an unknown mask is as likely the last Lady (a loss) as
    # the Candidate (a win): the Noble on c3 does not gamble on c4's mask.
    state = position("lc3/a4/5/2n2/2N2/5/C4", ladies_captured=(0, 1))
    assert GAME.parse_move(state, 0, "c3-c4") in GAME.legal_moves(state, 0)
    assert choose(state) != "c3-c4"


def test_the_candidate_steps_out_of_reach():
    # The unknown mask on d4 may be a Noble, an Advisor or the Candidate and reach c3.
    state = position("llc2/5/5/3n1/2C2/5/N4")
    code = choose(state)
    move = GAME.parse_move(state, 0, code)
    assert isinstance(move, Step) and move.origin == cell_index("c3")
    assert move.target not in AROUND[cell_index("d4")]
    assert move.target != cell_index("d4")


def test_a_noble_takes_an_unknown_mask_when_it_risks_only_itself():
    # Both Black Ladies are hidden: taking c4 with the Noble wins at once if it is the
    # Candidate, and otherwise costs at most the Noble.
    state = position("llc2/a4/5/2n2/2N2/5/C4")
    assert choose(state) == "c3-c4"
