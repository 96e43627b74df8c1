"""The worked examples of rules/volto.md §11 (MV-EE1 ... MV-EX11), one test each.

Diagrams: rank 7 first, upper case White, lower case Black, ``.`` empty. Masks that are
not part of an example (the Candidates in the corners) only keep both sides with a legal
move, so that M6 does not end the match early.
"""

from __future__ import annotations

import pytest

from games.core import IllegalMove
from games.volto import GAME, MaskType, RemovedMask, SeenMask, VoltoOptions, cell_index
from tests.games.volto.helpers import play, position


def codes_from(state, cell: str) -> set[str]:
    seat = min(GAME.to_move(state))
    return {GAME.move_code(m) for m in GAME.legal_moves(state, seat) if GAME.move_code(m).startswith(cell + "-")}


def event_keys(events, seat=None) -> list[str]:
    return [event.message.key for event in events if event.is_visible_to(seat)]


# --- MV-EE1: capturing a Noble, Advisor or Soldier ------------------------------------------

EE1_CASES = [
    pytest.param(
        """
        ....c
        .....
        .....
        ..a..
        ..N..
        .....
        C....
        """,
        "c3-c4",
        MaskType.ADVISOR,
        "4c/5/5/2N2/5/5/C4 b 0,0 0 1 *",
        id="noble-takes-advisor",
    ),
    pytest.param(
        """
        ....c
        .....
        .....
        ..s..
        .A...
        .....
        C....
        """,
        "b3-c4",
        MaskType.SOLDIER,
        "4c/5/5/2A2/5/5/C4 b 0,0 0 1 *",
        id="advisor-takes-soldier-diagonally",
    ),
    pytest.param(
        """
        ....c
        .....
        .....
        ..n..
        .....
        ..S..
        C....
        """,
        "c2-c4",
        MaskType.NOBLE,
        "4c/5/5/2S2/5/5/C4 b 0,0 0 1 *",
        id="soldier-takes-noble-at-end-of-clear-path",
    ),
]


@pytest.mark.parametrize(("diagram", "code", "victim", "after"), EE1_CASES)
def test_ee1_capture_removes_and_reveals_the_victim_only(diagram, code, victim, after):
    state, events = play(position(diagram), code)
    assert str(state) == after
    assert state.removed == (RemovedMask(1, victim, True),)
    target = cell_index(code[-2:])
    for viewer in (1, None):
        view = GAME.view(state, viewer)
        assert view.removed == (RemovedMask(1, victim, True),)
        assert view.board[target] == SeenMask(0, None)  # the capturer stays hidden
    assert GAME.view(state, 0).board[target] is not None
    assert GAME.outcome(state) is None
    assert GAME.to_move(state) == frozenset({1})
    public = [e for e in events if e.audience is None]
    assert [e.message.key for e in public] == ["volto.event.captured"]
    assert public[0].message.params["mask"].key == f"volto.mask.{victim.value}"
    assert event_keys(events, 0) == ["volto.event.captured", "volto.event.your_capture"]
    assert event_keys(events, 1) == ["volto.event.captured"]


# --- MV-EE2: capturing the Candidate ---------------------------------------------------------


def test_ee2_capturing_the_candidate_wins():
    state = position(
        """
        .....
        .....
        ..c..
        .A...
        .....
        .....
        C....
        """
    )
    state, events = play(state, "b4-c5")
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == frozenset({0})
    assert outcome.reason.key == "volto.reason.candidate_captured"
    assert str(state) == "5/5/2A2/5/5/5/C4 - 0,0 0 1 1-0"
    assert GAME.to_move(state) == frozenset()
    assert event_keys(events, None)[-2:] == ["volto.event.won", "volto.event.revealed"]


# --- MV-EE3 / EE4: capturing a Lady ------------------------------------------------------------

EE3 = """
....c
.....
.....
...l.
...N.
.....
C....
"""


def test_ee3_capturing_a_lady_removes_both_masks_and_hides_the_capturer():
    state, events = play(position(EE3), "d3-d4")
    assert str(state) == "4c/5/5/5/5/5/C4 b 0,1 0 1 *"
    assert state.board[cell_index("d4")] == "."
    assert state.removed == (RemovedMask(1, MaskType.LADY, True), RemovedMask(0, MaskType.NOBLE, False))
    assert GAME.view(state, 0).removed[1].kind is MaskType.NOBLE
    for viewer in (1, None):
        assert GAME.view(state, viewer).removed == (
            RemovedMask(1, MaskType.LADY, True),
            RemovedMask(0, None, False),
        )
        assert GAME.view(state, viewer).ladies_captured == (0, 1)
    assert GAME.outcome(state) is None
    assert GAME.to_move(state) == frozenset({1})
    assert event_keys(events, 0) == ["volto.event.lady_captured", "volto.event.your_capturer_fell"]
    assert event_keys(events, 1) == ["volto.event.lady_captured"]


def test_ee3_variant_flag_reveals_the_capturer_removed_with_the_lady():
    state, events = play(position(EE3, options=VoltoOptions(reveal_removed_capturer=True)), "d3-d4")
    for viewer in (1, None):
        assert GAME.view(state, viewer).removed[1] == RemovedMask(0, MaskType.NOBLE, False)
    revealed = [e for e in events if e.message.key == "volto.event.capturer_revealed"]
    assert len(revealed) == 1
    assert revealed[0].audience is None


def test_ee4_capturing_the_second_lady_makes_her_owner_win():
    state, events = play(position(EE3, ladies_captured=(0, 1)), "d3-d4")
    assert [e.message.key for e in events][-2:] == ["volto.event.won", "volto.event.revealed"]
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == frozenset({1})
    assert outcome.reason.key == "volto.reason.both_ladies"
    assert state.ladies_captured == (0, 2)
    assert str(state) == "4c/5/5/5/5/5/C4 - 0,2 0 1 0-1"


# --- MV-EE5: the Candidate reaches the opponent's palace ---------------------------------------

EE5_CASES = [
    pytest.param(
        """
        ....c
        .C...
        .....
        .....
        .....
        .....
        .....
        """,
        0,
        "b6-b7",
        None,
        id="a-plain-step",
    ),
    pytest.param(
        """
        ...nc
        ..C..
        .....
        .....
        .....
        .....
        .....
        """,
        0,
        "c6-d7",
        MaskType.NOBLE,
        id="b-diagonal-capture-into-palace",
    ),
    pytest.param(
        """
        .....
        .....
        .....
        .....
        .....
        ..c..
        C....
        """,
        1,
        "c2-c1",
        None,
        id="c-black-reaches-rank-1",
    ),
]


@pytest.mark.parametrize(("diagram", "side", "code", "victim"), EE5_CASES)
def test_ee5_candidate_on_the_opponents_palace_wins_and_is_revealed(diagram, side, code, victim):
    state, events = play(position(diagram, side), code)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == frozenset({side})
    assert outcome.reason.key == "volto.reason.palace"
    target = cell_index(code[-2:])
    for viewer in (0, 1, None):
        assert GAME.view(state, viewer).board[target] == SeenMask(side, MaskType.CANDIDATE)
    assert "volto.event.palace" in event_keys(events, None)
    if victim is not None:
        assert state.removed == (RemovedMask(1 - side, victim, True),)


# --- MV-EX6: a Candidate captures a Lady ---------------------------------------------------------


@pytest.mark.parametrize(
    ("diagram", "code"),
    [
        pytest.param("....c/5/2l2/2C2/5/5/5", "c4-c5", id="in-san-marco"),
        pytest.param("...lc/3C1/5/5/5/5/5", "d6-d7", id="lady-in-black-palace"),
    ],
)
def test_ex6_candidate_taking_a_lady_makes_the_lady_owner_win(diagram, code):
    state, _ = play(position(diagram), code)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == frozenset({1})
    assert outcome.reason.key == "volto.reason.candidate_took_lady"
    assert state.board[cell_index(code[-2:])] == "."
    assert state.ladies_captured == (0, 1)


def test_ex6_candidate_taking_the_second_lady_still_reports_the_candidate_rule_first():
    state, _ = play(position("....c/5/2l2/2C2/5/5/5", ladies_captured=(0, 1)), "c4-c5")
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == frozenset({1})
    assert outcome.reason.key == "volto.reason.candidate_took_lady"
    assert state.ladies_captured == (0, 2)


# --- MV-EX7: the Lady cannot capture --------------------------------------------------------------

EX7 = "....c/5/5/2n2/2L2/5/C4"


def test_ex7_lady_cannot_capture():
    state = position(EX7)
    with pytest.raises(IllegalMove) as caught:
        GAME.parse_move(state, 0, "c3-c4")
    assert caught.value.code == "volto.error.lady_cannot_capture"
    assert codes_from(state, "c3") == {"c3-b2", "c3-c2", "c3-d2", "c3-b3", "c3-d3", "c3-b4", "c3-d4"}
    moved, _ = play(state, "c3-b4")
    assert moved.board[cell_index("b4")] == "L"


# --- MV-EX8: the Soldier's path ---------------------------------------------------------------------

EX8 = "....c/5/2n2/5/5/2S2/C4"


def test_ex8_soldier_walks_forward_through_empty_cells_and_captures_at_the_end():
    state = position(EX8)
    assert codes_from(state, "c2") == {"c2-c3", "c2-c4", "c2-c5"}
    for code, error in [
        ("c2-c6", "volto.error.soldier_blocked"),
        ("c2-c7", "volto.error.soldier_blocked"),
        ("c2-d3", "volto.error.unreachable"),
        ("c2-b2", "volto.error.unreachable"),
        ("c2-c1", "volto.error.unreachable"),
    ]:
        with pytest.raises(IllegalMove) as caught:
            GAME.parse_move(state, 0, code)
        assert caught.value.code == error, code


def test_ex8_blocked_variant_own_mask_in_front_leaves_no_destination():
    state = position("....c/5/2n2/5/2N2/2S2/C4")
    assert codes_from(state, "c2") == set()
    for code, error in [("c2-c3", "volto.error.own_mask_blocks"), ("c2-c4", "volto.error.soldier_blocked")]:
        with pytest.raises(IllegalMove) as caught:
            GAME.parse_move(state, 0, code)
        assert caught.value.code == error


def test_ex8_rook_soldier_variant_walks_all_four_ways():
    state = position(EX8, options=VoltoOptions(rook_soldier=True))
    assert codes_from(state, "c2") == {"c2-c1", "c2-a2", "c2-b2", "c2-d2", "c2-e2", "c2-c3", "c2-c4", "c2-c5"}


# --- MV-EX9: the frozen Soldier ----------------------------------------------------------------------

EX9 = ".cn2/5/2S2/5/5/5/C4"


@pytest.mark.parametrize("rook", [False, True], ids=["forward-soldier", "rook-soldier"])
def test_ex9_soldier_on_the_opponents_palace_is_frozen_but_capturable(rook):
    state, _ = play(position(EX9, options=VoltoOptions(rook_soldier=rook)), "c5-c7")
    assert state.removed == (RemovedMask(1, MaskType.NOBLE, True),)
    assert state.board[cell_index("c7")] == "S"
    assert GAME.outcome(state) is None
    quiet, _ = play(state, "b7-b6")
    assert codes_from(quiet, "c7") == set()
    with pytest.raises(IllegalMove) as caught:
        GAME.parse_move(quiet, 0, "c7-c6")
    assert caught.value.code == "volto.error.soldier_frozen"
    taken, _ = play(state, "b7-c7")
    assert taken.removed[-1] == RemovedMask(0, MaskType.SOLDIER, True)
    assert taken.board[cell_index("c7")] == "c"


# --- MV-EX10: own masks block -------------------------------------------------------------------------


def test_ex10_own_mask_blocks():
    state = position("....c/5/5/2A2/2N2/5/C4")
    with pytest.raises(IllegalMove) as caught:
        GAME.parse_move(state, 0, "c3-c4")
    assert caught.value.code == "volto.error.own_mask_blocks"
    assert "c3-c4" not in codes_from(state, "c3")


# --- MV-EX11: moving within and into one's own palace ----------------------------------------------


@pytest.mark.parametrize(
    ("diagram", "code"),
    [
        pytest.param("....c/5/5/5/5/1N3/5", "b2-b1", id="noble-back-into-own-palace"),
        pytest.param("....c/5/5/5/5/1C3/5", "b2-a1", id="candidate-diagonally-into-own-palace"),
    ],
)
def test_ex11_masks_may_enter_their_own_palace(diagram, code):
    state = position(diagram)
    assert code in codes_from(state, "b2")
    moved, _ = play(state, code)
    assert moved.board[cell_index(code[-2:])].isupper()
    assert GAME.outcome(moved) is None
