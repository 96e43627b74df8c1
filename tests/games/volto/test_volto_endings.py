"""How a match ends besides the §11 examples: M6 (no legal move loses) and M7 (draws)."""

from __future__ import annotations

import pytest

from games.core import NotYourTurn
from games.volto import GAME, VoltoOptions
from games.volto.model import Phase
from games.volto.moves import Step, move_code
from tests.games.volto.helpers import play, position, random_game

# White Noble c7 steps to b7 and walls in the lone Black Lady on a7 (she cannot capture).
BOXED = "l1N2/NN3/5/5/5/5/C4"


def test_m6_a_seat_left_without_a_legal_move_loses():
    state, events = play(position(BOXED), "c7-b7")
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == frozenset({0})
    assert outcome.ranks == (1, 2)
    assert outcome.reason.key == "volto.reason.no_moves"
    assert outcome.reason.params["loser"].key == "volto.seat.1"
    assert GAME.to_move(state) == frozenset()
    assert GAME.legal_moves(state, 1) == []
    assert [e.message.key for e in events][-2:] == ["volto.event.won", "volto.event.revealed"]


def test_a_finished_match_refuses_every_move():
    state, _ = play(position(BOXED), "c7-b7")
    for seat in (0, 1):
        with pytest.raises(NotYourTurn) as caught:
            GAME.parse_move(state, seat, "a1-a2")
        assert caught.value.code == "volto.error.match_over"
        assert "'a1-a2'" in str(caught.value)


# White Noble c3 and Black Noble c5 shuffle sideways and back; Candidates sit in the corners.
SHUFFLE = "....c/5/2n2/5/2N2/5/C4"
ROUND_TRIP = ("c3-b3", "c5-b5", "b3-c3", "b5-c5")


def test_m7_threefold_repetition_is_a_draw():
    state = position(SHUFFLE)
    state, _ = play(state, *ROUND_TRIP)  # the start position, second time
    assert GAME.outcome(state) is None
    state, _ = play(state, *ROUND_TRIP[:3])
    assert GAME.outcome(state) is None
    state, events = play(state, ROUND_TRIP[3])  # third time
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.is_draw
    assert outcome.reason.key == "volto.reason.repetition"
    assert outcome.reason.params == {"count": 3}
    assert [e.message.key for e in events][-2:] == ["volto.event.draw", "volto.event.revealed"]
    assert str(state).endswith(" - 0,0 8 8 1/2-1/2")


def test_m7_repetition_counts_the_side_to_move():
    # White's Candidate walks a triangle, Black's steps out and back: the start board comes
    # back with Black to move, which is another position even with a limit of 2.
    start = position("....c/5/5/5/5/5/C4", options=VoltoOptions(repetition_limit=2))
    state, _ = play(start, "a1-a2", "e7-e6", "a2-b1", "e6-e7", "b1-a1")
    assert state.board == start.board
    assert GAME.to_move(state) == frozenset({1})
    assert GAME.outcome(state) is None
    state, _ = play(state, "e7-e6", "a1-a2", "e6-e7")
    assert GAME.outcome(state) is None
    state, _ = play(state, "a2-a1")  # the start board with Black to move, a second time
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason.key == "volto.reason.repetition"


def test_m7_repetition_limit_is_an_option():
    state, _ = play(position(SHUFFLE, options=VoltoOptions(repetition_limit=2)), *ROUND_TRIP)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason.key == "volto.reason.repetition"
    assert outcome.reason.params == {"count": 2}


def test_m7_a_capture_resets_repetition_and_the_quiet_count():
    state = position("....c/5/2n2/5/2N2/1a3/C4", options=VoltoOptions(no_capture_limit=4))
    state, _ = play(state, "c3-d3", "c5-d5", "a1-b2")  # a capture on the third ply
    assert state.plies_since_capture == 0
    assert state.positions == (state.board + "b",)
    state, _ = play(state, "d5-c5", "d3-c3", "c5-d5")
    assert GAME.outcome(state) is None
    state, _ = play(state, "c3-d3")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason.key == "volto.reason.no_capture"
    assert outcome.reason.params == {"count": 4}


def test_m7_no_capture_draw_at_fifty_plies_without_repetition():
    state = position("....c/5/5/5/5/5/C4", options=VoltoOptions(repetition_limit=100))
    codes = ["a1-b1", "e7-d7", "b1-a1", "d7-e7"] * 13
    state, _ = play(state, *codes[:49])
    assert GAME.outcome(state) is None
    state, _ = play(state, codes[49])
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason.key == "volto.reason.no_capture"
    assert outcome.reason.params == {"count": 50}


def test_m7_ply_cap_counts_play_moves():
    state = position(SHUFFLE, options=VoltoOptions(ply_cap=3))
    state, _ = play(state, "c3-b3", "c5-b5", "b3-c3")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason.key == "volto.reason.ply_cap"
    assert outcome.winners == frozenset({0, 1})


def test_a_win_on_the_last_allowed_ply_beats_the_draw():
    state = position("....n/5/5/2c2/1A3/5/C4", options=VoltoOptions(ply_cap=1))
    state, _ = play(state, "b3-c4")
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == frozenset({0})
    assert outcome.reason.key == "volto.reason.candidate_captured"


def test_bad_option_values_are_rejected():
    with pytest.raises(ValueError):
        VoltoOptions(repetition_limit=1)
    with pytest.raises(ValueError):
        GAME.initial_state(1, 3)


@pytest.mark.parametrize("seed", [1, 5, 8])  # won by White, a draw after a Black move, won by Black
def test_a_finished_match_keeps_the_last_position_and_its_history(seed):
    # The finished state is what the final picture, the replay and the archive show: the arrangement
    # each seat chose, the side that would move next and the counters, as the last move left them.
    trail = random_game(seed)
    (before, code), (over, _) = trail[-2], trail[-1]
    assert GAME.outcome(over) is not None and before.phase is Phase.PLAY
    assert (over.seed, over.options) == (before.seed, before.options)
    assert (over.placed, over.placed_cells, over.ready) == (before.placed, before.placed_cells, (True, True))
    assert over.side == 1 - before.side
    assert (over.ply, over.play_ply) == (before.ply + 1, before.play_ply + 1)
    assert over.last_move is not None and move_code(Step(over.last_move.origin, over.last_move.target)) == code
    # every play move keeps the arrangement as confirmed
    arranged = [state for state, _ in trail if state.phase is not Phase.SETUP]
    assert {(state.placed, state.placed_cells, state.ready) for state in arranged} == {
        (over.placed, over.placed_cells, (True, True))
    }
    assert all(len(cells) == 10 for cells in over.placed_cells)
    first = arranged[0]  # the cells kept are where each mask was put (any order, not the fixed one)
    for seat in (0, 1):
        assert [first.board[cell].upper() for cell in first.placed_cells[seat]] == list(first.placed[seat])
