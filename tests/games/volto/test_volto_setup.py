"""MV-SS1 / SS2: the secret, simultaneous, step-by-step setup (rules §4, M13)."""

from __future__ import annotations

import dataclasses

import pytest

from games.core import IllegalMove, InvalidMove, NotYourTurn
from games.i18n import translator
from games.volto import GAME, MaskType, Phase, Place, SeenMask, SetupCommand, VoltoOptions, cell_index
from games.volto.rules import MAX_PLY_CAP, MAX_REPETITION_LIMIT
from tests.games.volto.helpers import WHITE_ARRANGEMENT, arrange, play, started

SS1_CODES = ["a1=N", "b1=A", "c1=C", "d1=A", "e1=N", "a2=L", "b2=N", "c2=S", "d2=A", "e2=L"]


def test_ss1_white_arrangement_is_accepted_step_by_step():
    state = GAME.initial_state(5, 2)
    for code in SS1_CODES:
        state, events = GAME.apply(state, 0, GAME.parse_move(state, 0, code))
        assert all(event.audience == frozenset({0}) for event in events)
    assert str(state) == "setup NACANLNSAL -"
    state, events = GAME.apply(state, 0, GAME.parse_move(state, 0, "ready"))
    assert [(e.message.key, e.audience) for e in events] == [("volto.event.ready", None)]
    assert GAME.to_move(state) == frozenset({1})
    assert str(state) == "setup NACANLNSAL! -"


def test_ss2_after_both_commit_each_sees_the_other_occupied_cells_without_types():
    state = arrange(GAME.initial_state(5, 2), 1, "NNNAAACLLS")
    state = arrange(state, 0, WHITE_ARRANGEMENT)
    assert state.phase is Phase.PLAY
    assert GAME.to_move(state) == frozenset({0})
    assert str(state) == "nnnaa/aclls/5/5/5/LNSAL/NACAN w 0,0 0 0 *"
    black_view = GAME.view(state, 1)
    white_view = GAME.view(state, 0)
    for cell in range(10):
        assert black_view.board[cell] == SeenMask(0, None)
        assert white_view.board[cell] == SeenMask(0, MaskType(WHITE_ARRANGEMENT[cell]))
    for cell in [*range(25, 35)]:
        assert white_view.board[cell] == SeenMask(1, None)
        assert black_view.board[cell] is not None and black_view.board[cell].kind is not None
    assert all(mask is None for mask in black_view.board[10:25])


def test_setup_legal_moves_offer_every_free_cell_for_each_available_type_then_commands():
    state = GAME.initial_state(5, 2)
    codes = [GAME.move_code(m) for m in GAME.legal_moves(state, 1)]
    black_cells = ["a7", "b7", "c7", "d7", "e7", "a6", "b6", "c6", "d6", "e6"]
    assert codes == [f"{cell}={kind}" for cell in black_cells for kind in "NACLS"] + ["auto"]
    state, _ = GAME.apply(state, 1, GAME.parse_move(state, 1, "c6=C"))
    codes = [GAME.move_code(m) for m in GAME.legal_moves(state, 1)]
    free = [cell for cell in black_cells if cell != "c6"]
    assert codes == [f"{cell}={kind}" for cell in free for kind in "NALS"] + ["auto", "undo"]
    state = arrange(state, 1, "NNNAAALLS", confirm=False)
    assert [GAME.move_code(m) for m in GAME.legal_moves(state, 1)] == ["undo", "ready"]
    assert [GAME.move_code(m) for m in GAME.legal_moves(state, 0)][:1] == ["a1=N"]


def test_black_fills_its_palace_row_first_then_rank_6():
    state = arrange(GAME.initial_state(5, 2), 1, "NNNAAA", confirm=False)
    assert GAME.legal_moves(state, 1)[0] == Place(cell_index("b6"), MaskType.CANDIDATE)
    view = GAME.view(state, 1)
    assert [cell for cell, mask in enumerate(view.board) if mask is not None] == [25, 30, 31, 32, 33, 34]


def test_undo_takes_back_the_last_placement():
    state = arrange(GAME.initial_state(5, 2), 0, "NA", confirm=False)
    state, events = GAME.apply(state, 0, SetupCommand.UNDO)
    assert str(state) == "setup N -"
    assert events[0].message.key == "volto.event.undone"
    assert events[0].message.params["cell"] == "b1"
    assert events[0].audience == frozenset({0})


def test_auto_fills_the_rest_from_the_seed_and_keeps_the_roster():
    first = arrange(GAME.initial_state(11, 2), 0, "CL", confirm=False)
    one, events = GAME.apply(first, 0, SetupCommand.AUTO)
    two, _ = GAME.apply(first, 0, SetupCommand.AUTO)
    assert one == two
    assert one.placed[0].startswith("CL")
    assert sorted(one.placed[0]) == sorted("NNNAAACLLS")
    assert events[0].message.params["count"] == 8
    assert events[0].audience == frozenset({0})
    others = {GAME.apply(GAME.initial_state(seed, 2), 0, SetupCommand.AUTO)[0].placed[0] for seed in range(8)}
    assert len(others) > 1


def test_public_and_opponent_views_show_nothing_of_a_setup_in_progress():
    state = arrange(GAME.initial_state(5, 2), 0, WHITE_ARRANGEMENT)
    state = arrange(state, 1, "NNNA", confirm=False)
    for viewer in (0, None):
        view = GAME.view(state, viewer)
        assert all(mask is None or mask.owner == viewer for mask in view.board)
    assert all(mask is None for mask in GAME.view(state, None).board)
    assert GAME.view(state, None).setup_ready == (True, False)
    assert GAME.view(state, None).to_move == frozenset({1})


def test_ready_seat_waits_for_the_other():
    state = arrange(GAME.initial_state(5, 2), 0, WHITE_ARRANGEMENT)
    assert GAME.legal_moves(state, 0) == []
    with pytest.raises(NotYourTurn) as caught:
        GAME.parse_move(state, 0, "undo")
    assert caught.value.code == "volto.error.setup_confirmed"


@pytest.mark.parametrize(
    ("before", "text", "code"),
    [
        pytest.param("", "a3=N", "volto.error.setup_wrong_cell", id="cell-outside-ranks-1-2"),
        pytest.param("", "a7=N", "volto.error.setup_wrong_cell", id="black-cell"),
        pytest.param("N", "a1=A", "volto.error.setup_cell_taken", id="two-masks-on-one-cell"),
        pytest.param("NNN", "d1=N", "volto.error.setup_no_more", id="fourth-noble"),
        pytest.param("C", "b1=C", "volto.error.setup_no_more", id="second-candidate"),
        pytest.param("NNNAAACLL", "ready", "volto.error.setup_incomplete", id="cell-left-empty"),
        pytest.param("NNNAAACLLS", "e2=S", "volto.error.setup_full", id="eleventh-mask"),
        pytest.param("NNNAAACLLS", "auto", "volto.error.setup_full", id="auto-when-full"),
        pytest.param("", "undo", "volto.error.setup_nothing_to_undo", id="undo-nothing"),
        pytest.param("", "c2-c3", "volto.error.in_setup", id="play-move-during-setup"),
    ],
)
def test_rejected_setup_steps(before, text, code):
    state = arrange(GAME.initial_state(5, 2), 0, before, confirm=False)
    with pytest.raises(IllegalMove) as caught:
        GAME.parse_move(state, 0, text)
    assert caught.value.code == code
    assert repr(text) in str(caught.value)


def test_setup_steps_are_not_play_moves_once_play_started():
    state = started()
    with pytest.raises(IllegalMove) as caught:
        GAME.parse_move(state, 0, "ready")
    assert caught.value.code == "volto.error.not_in_setup"


def test_setup_steps_do_not_count_towards_the_ply_cap():
    state = started(options=VoltoOptions(ply_cap=2))
    assert state.ply == 22 and state.play_ply == 0
    state, _ = GAME.apply(state, 0, GAME.parse_move(state, 0, "a2-a3"))
    assert GAME.outcome(state) is None
    state, _ = GAME.apply(state, 1, GAME.parse_move(state, 1, "a6-a5"))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.is_draw
    assert outcome.reason.key == "volto.reason.ply_cap"


ROSTER = {"N": 3, "A": 3, "C": 1, "L": 2, "S": 1}
"""§1: per player 3 Nobles, 3 Advisors, 1 Candidate, 2 Ladies, 1 Soldier (10 masks)."""


def offered(state, seat):
    return {GAME.move_code(move).split("=")[1] for move in GAME.legal_moves(state, seat) if "=" in GAME.move_code(move)}


@pytest.mark.parametrize("seat", [0, 1])
def test_each_mask_is_offered_exactly_as_often_as_the_rulebook_counts(seat):
    state = GAME.initial_state(5, 2)
    for letter, count in ROSTER.items():
        for _ in range(count):
            assert letter in offered(state, seat)
            state = arrange(state, seat, letter, confirm=False)
        assert letter not in offered(state, seat), f"a {count + 1}th {letter}"
    assert offered(state, seat) == set()
    assert "ready" in [GAME.move_code(move) for move in GAME.legal_moves(state, seat)]


@pytest.mark.parametrize("name", ["no_capture_limit", "ply_cap", "repetition_limit"])
def test_the_house_rule_limits_are_bounded_so_that_every_match_ends(name):
    # A limit past MAX_PLY_CAP (or MAX_REPETITION_LIMIT) would let a match run on for ever.
    highest = MAX_REPETITION_LIMIT if name == "repetition_limit" else MAX_PLY_CAP
    GAME.check_options(dataclasses.replace(VoltoOptions(), **{name: highest}), 2)
    with pytest.raises(InvalidMove) as refused:
        GAME.check_options(dataclasses.replace(VoltoOptions(), **{name: highest + 1}), 2)
    assert refused.value.message.key == "core.error.bad_option"


@pytest.mark.parametrize(("before", "left"), [("NNNAAACLL", "1 mask"), ("NNNAA", "5 masks")])
def test_ready_before_the_last_mask_says_how_many_are_left(before, left):
    state = arrange(GAME.initial_state(5, 2), 0, before, confirm=False)
    with pytest.raises(IllegalMove) as caught:
        GAME.parse_move(state, 0, "ready")
    assert translator(GAME.messages, "en")(caught.value.message) == (
        f"'ready': place all your masks first ({left} still to go)."
    )


def test_any_free_setup_cell_may_be_chosen_in_any_order():
    state = GAME.initial_state(5, 2)
    for code in ["e2=C", "a2=L", "c1=S", "e1=L"]:
        state, events = GAME.apply(state, 0, GAME.parse_move(state, 0, code))
        assert events[0].message.params["cell"] == code[:2]
    assert str(state) == "setup ..S.LL...C -"
    assert GAME.view(state, 0).board[cell_index("e2")] == SeenMask(0, MaskType.CANDIDATE)
    assert GAME.view(state, 0).board[cell_index("a1")] is None
    state, events = GAME.apply(state, 0, SetupCommand.UNDO)  # the latest placement, e1
    assert events[0].message.params["cell"] == "e1"
    assert str(state) == "setup ..S..L...C -"
    state = arrange(state, 0, "NNNAAAL")  # on the free cells, a1 first
    assert all(mask is None for mask in GAME.view(state, 1).board)
    state = arrange(state, 1, "NNNAAACLLS")
    assert state.phase is Phase.PLAY
    white = "".join(state.board[cell] for cell in range(10))
    assert white == "NNSNA" + "LAALC"  # rank 1 a1..e1, then rank 2 a2..e2


def test_the_opponent_and_the_channel_cannot_tell_where_masks_were_placed():
    in_order = arrange(GAME.initial_state(5, 2), 0, "CL", confirm=False)
    chosen = GAME.initial_state(5, 2)
    for code in ["e2=C", "c1=L"]:
        chosen, _ = GAME.apply(chosen, 0, GAME.parse_move(chosen, 0, code))
    assert GAME.view(chosen, 0) != GAME.view(in_order, 0)
    for seat in (None, 1):
        assert GAME.view(chosen, seat) == GAME.view(in_order, seat)


def test_a_custom_arrangement_takes_two_clicks_per_chosen_mask_and_auto_does_the_rest():
    # The picker: a placement is the type, then the cell; auto, undo and ready are one click.
    state = GAME.initial_state(5, 2)
    clicks = 0
    for code in ["e2=C", "a2=L", "e1=L"]:
        move = GAME.parse_move(state, 0, code)
        path = GAME.choice_path(state, 0, move)
        assert [choice.token for choice in path] == [code[3], code[:2]]
        clicks += len(path)
        state, _ = GAME.apply(state, 0, move)
    for command in ["auto", "ready"]:
        move = GAME.parse_move(state, 0, command)
        clicks += len(GAME.choice_path(state, 0, move))
        state, _ = GAME.apply(state, 0, move)
    assert clicks == 8  # in the old fixed order: 11, since e2 was the 10th cell to fill
    assert state.ready[0]
    assert state.placed_cells[0][:3] == (cell_index("e2"), cell_index("a2"), cell_index("e1"))
    assert "".join(sorted(state.placed[0])) == "AAACLLNNNS"


def test_a_state_stored_before_cells_were_chosen_reads_them_in_the_old_fixed_order():
    state = arrange(GAME.initial_state(5, 2), 1, "NAC", confirm=False)
    data = dict(GAME.encode(state))
    del data["placed_cells"]
    old = GAME.decode(data)
    assert old == state
    assert old.placed_cells[1] == (cell_index("a7"), cell_index("b7"), cell_index("c7"))
    moved = GAME.initial_state(5, 2)
    moved, _ = GAME.apply(moved, 0, GAME.parse_move(moved, 0, "d2=S"))
    assert GAME.decode(GAME.encode(moved)) == moved
    assert GAME.decode(GAME.encode(moved)).placed_cells[0] == (cell_index("d2"),)


def test_a_taken_or_foreign_cell_is_refused_with_a_clear_answer():
    state = GAME.initial_state(5, 2)
    state, _ = GAME.apply(state, 0, GAME.parse_move(state, 0, "c2=C"))
    en = translator(GAME.messages, "en")
    with pytest.raises(IllegalMove) as caught:
        GAME.apply(state, 0, Place(cell_index("c2"), MaskType.NOBLE))
    assert en(caught.value.message) == (
        "'c2=N': c2 already holds your Candidate; choose a free cell (undo takes your last placement back)."
    )
    with pytest.raises(IllegalMove) as caught:
        GAME.parse_move(state, 0, "c6=N")
    assert en(caught.value.message) == "'c6=N': c6 is not on your two back rows; place your masks there."
    assert str(state) == "setup .......C -"


def test_each_placement_tells_how_many_masks_are_left():
    state = GAME.initial_state(5, 2)
    for left in range(9, -1, -1):
        move = next(m for m in GAME.legal_moves(state, 0) if isinstance(m, Place))
        state, events = GAME.apply(state, 0, move)
        assert events[0].message.key == "volto.event.placed"
        assert events[0].message.params["count"] == left


def test_the_start_of_play_is_the_first_position_of_the_repetition_count():
    # M7: the arrangement both seats confirmed counts as the first time the position occurs.
    start = started(options=VoltoOptions(repetition_limit=2))
    assert start.positions == (start.board + "w",)
    front = [name for name in ("a2", "b2", "c2", "d2", "e2") if f"{name}-{name[0]}3" in codes_of(start, 0)]
    white = f"{front[0]}-{front[0][0]}3"
    black_moves = [code for code in codes_of(play(start, white)[0], 1) if code[1] == "6" and code[-1] == "5"]
    trip = (white, black_moves[0], white[3:] + "-" + white[:2], black_moves[0][3:] + "-" + black_moves[0][:2])
    over, _ = play(start, *trip)  # back at the start: the second time, the limit
    outcome = GAME.outcome(over)
    assert outcome is not None and outcome.is_draw and outcome.reason.key == "volto.reason.repetition"


def codes_of(state, seat):
    return [GAME.move_code(m) for m in GAME.legal_moves(state, seat)]


def test_auto_arrangements_are_fixed_by_the_seed_for_replays():
    # A stored match replays "auto" from its seed: the arrangement it draws must never change
    # (known answers, recorded once from this engine; a change here breaks every archived replay).
    state = GAME.initial_state(11, 2)
    white, _ = GAME.apply(state, 0, SetupCommand.AUTO)
    both, _ = GAME.apply(white, 1, SetupCommand.AUTO)
    assert both.placed == ("SLLANCNAAN", "SLNCLAANAN")
    assert GAME.apply(state, 1, SetupCommand.AUTO)[0].placed == ("", "ASCANALNLN")
