"""The exact events a Volto move emits: who moved, what was captured where, how it ended.

Every expected message is built from the rules (§5–§8) and the position, not copied from the
engine: the seat named is the seat that moved, the mask named is the type on the cell it
names, and the winner of each ending is the one §7 gives. White is seat 0, Black seat 1.
"""

from __future__ import annotations

from collections import Counter

import pytest

from games.core import Event, Message, msg
from games.volto import GAME, LastMove, VoltoOptions, VoltoState
from tests.games.volto.helpers import arrange, play, position, started

WHITE, BLACK = 0, 1


def seat(which: int) -> Message:
    return msg(f"volto.seat.{which}")


def owner(which: int) -> Message:
    return msg(f"volto.seat.{which}.owner")


def mask(letter: str) -> Message:
    return msg(f"volto.mask.{letter}")


def reason(key: str, winner: int) -> Message:
    loser = 1 - winner
    return msg(
        f"volto.reason.{key}",
        winner=seat(winner),
        loser=seat(loser),
        winner_owner=owner(winner),
        loser_owner=owner(loser),
    )


def won(key: str, winner: int) -> list[Event]:
    return [
        Event(msg("volto.event.won", winner=seat(winner), reason=reason(key, winner))),
        Event(msg("volto.event.revealed")),
    ]


def drawn(key: str, count: int) -> list[Event]:
    return [
        Event(msg("volto.event.draw", reason=msg(f"volto.reason.{key}", count=count))),
        Event(msg("volto.event.revealed")),
    ]


def check_win(state: VoltoState, key: str, winner: int) -> None:
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.winners == frozenset({winner})
    assert outcome.ranks == ((1, 2) if winner == WHITE else (2, 1))
    assert outcome.reason == reason(key, winner)
    assert GAME.to_move(state) == frozenset()


# --- Plain moves ---------------------------------------------------------------------------

SHUFFLE = "....c/5/2n2/5/2N2/5/C4"


def test_a_plain_move_names_the_seat_that_moved_and_both_cells():
    state, events = play(position(SHUFFLE), "c3-b3")
    assert events == [Event(msg("volto.event.moved", seat=seat(WHITE), origin="c3", target="b3"))]
    assert state.last_move == LastMove(WHITE, 12, 11, False)  # c3 = 2 + 2 * 5, b3 = 1 + 2 * 5
    assert GAME.outcome(state) is None
    state, events = play(state, "c5-d5")
    assert events == [Event(msg("volto.event.moved", seat=seat(BLACK), origin="c5", target="d5"))]
    assert state.last_move == LastMove(BLACK, 22, 23, False)


# --- Captures (§6, M8) ---------------------------------------------------------------------


def test_mv_ee1_capture_names_the_victim_publicly_and_the_capturer_only_to_its_owner():
    # White Noble c3 takes Black Advisor c4.
    state, events = play(position("....c/5/5/2a2/2N2/5/C4"), "c3-c4")
    assert events == [
        Event(
            msg("volto.event.captured", victim=owner(BLACK), mask=mask("A"), seat=seat(WHITE), origin="c3", target="c4")
        ),
        Event(
            msg("volto.event.your_capture", mask=mask("N"), victim_mask=mask("A"), target="c4"),
            frozenset({WHITE}),
        ),
    ]
    assert GAME.outcome(state) is None


def test_a_black_capture_names_black_as_capturer_and_white_as_victim():
    # Black Advisor b5 takes the White Soldier on c4 diagonally.
    state, events = play(position("....c/5/1a3/2S2/5/5/C4", BLACK), "b5-c4")
    assert events == [
        Event(
            msg("volto.event.captured", victim=owner(WHITE), mask=mask("S"), seat=seat(BLACK), origin="b5", target="c4")
        ),
        Event(
            msg("volto.event.your_capture", mask=mask("A"), victim_mask=mask("S"), target="c4"),
            frozenset({BLACK}),
        ),
    ]
    assert GAME.outcome(state) is None


@pytest.mark.parametrize("reveal", [False, True])
def test_a_lady_capture_counts_her_and_reveals_the_fallen_capturer_only_by_option(reveal):
    # White Advisor b3 takes Black Lady c4: both leave; Black has lost one Lady.
    options = VoltoOptions(reveal_removed_capturer=reveal)
    state, events = play(position("....c/5/5/2l2/1A3/5/C4", options=options), "b3-c4")
    expected = [
        Event(
            msg("volto.event.lady_captured", victim=owner(BLACK), count=1, seat=seat(WHITE), origin="b3", target="c4")
        ),
        Event(msg("volto.event.your_capturer_fell", mask=mask("A"), target="c4"), frozenset({WHITE})),
    ]
    if reveal:
        expected.append(Event(msg("volto.event.capturer_revealed", owner=owner(WHITE), mask=mask("A"))))
    assert events == expected
    assert GAME.outcome(state) is None


# --- Endings (§7, M6, M7) ------------------------------------------------------------------


def test_mv_ee2_capturing_the_candidate_wins_for_the_capturer():
    state, events = play(position("5/5/2c2/1A3/5/5/C4"), "b4-c5")
    assert events == [
        Event(
            msg("volto.event.captured", victim=owner(BLACK), mask=mask("C"), seat=seat(WHITE), origin="b4", target="c5")
        ),
        Event(msg("volto.event.your_capture", mask=mask("A"), victim_mask=mask("C"), target="c5"), frozenset({WHITE})),
        *won("candidate_captured", WHITE),
    ]
    check_win(state, "candidate_captured", WHITE)
    # The finished state still records the winning move (b4 = 16, c5 = 22) and the history.
    assert state.last_move == LastMove(WHITE, 16, 22, True)
    assert state.positions == (state.board + "b",)


def test_black_capturing_the_candidate_wins_for_black():
    state, events = play(position("....c/5/5/5/1n3/1C3/5", BLACK), "b3-b2")
    assert events[-2:] == won("candidate_captured", BLACK)
    check_win(state, "candidate_captured", BLACK)


def test_mv_ex6_a_candidate_taking_a_lady_loses_for_its_owner():
    state, events = play(position("....c/5/2l2/2C2/5/5/5"), "c4-c5")
    assert events == [
        Event(
            msg("volto.event.lady_captured", victim=owner(BLACK), count=1, seat=seat(WHITE), origin="c4", target="c5")
        ),
        Event(msg("volto.event.your_capturer_fell", mask=mask("C"), target="c5"), frozenset({WHITE})),
        *won("candidate_took_lady", BLACK),
    ]
    check_win(state, "candidate_took_lady", BLACK)


def test_taking_the_second_lady_wins_for_the_ladies_owner():
    # Black has already lost one Lady; White's Noble takes the other.
    start = position("....c/5/5/2l2/2N2/5/C4", ladies_captured=(0, 1))
    state, events = play(start, "c3-c4")
    assert events[0] == Event(
        msg("volto.event.lady_captured", victim=owner(BLACK), count=2, seat=seat(WHITE), origin="c3", target="c4")
    )
    assert events[-2:] == won("both_ladies", BLACK)
    check_win(state, "both_ladies", BLACK)


def test_black_taking_whites_second_lady_wins_for_white():
    start = position("....c/5/2n2/2L2/5/5/C4", BLACK, ladies_captured=(1, 0))
    state, events = play(start, "c5-c4")
    assert events[0] == Event(
        msg("volto.event.lady_captured", victim=owner(WHITE), count=2, seat=seat(BLACK), origin="c5", target="c4")
    )
    assert events[-2:] == won("both_ladies", WHITE)
    check_win(state, "both_ladies", WHITE)


@pytest.mark.parametrize(("origin", "target"), [("d6", "e7"), ("b6", "a7"), ("c6", "c7")])
def test_a_white_candidate_on_blacks_palace_is_revealed_there_and_wins(origin, target):
    diagram = {"d6": "5/3C1/5/5/5/1c3/5", "b6": "5/1C3/5/5/5/1c3/5", "c6": "5/2C2/5/5/5/1c3/5"}[origin]
    state, events = play(position(diagram), f"{origin}-{target}")
    assert events == [
        Event(msg("volto.event.moved", seat=seat(WHITE), origin=origin, target=target)),
        Event(msg("volto.event.palace", owner=owner(WHITE), cell=target)),
        *won("palace", WHITE),
    ]
    check_win(state, "palace", WHITE)


@pytest.mark.parametrize(("origin", "target"), [("b2", "a1"), ("d2", "e1")])
def test_a_black_candidate_on_whites_palace_wins_for_black(origin, target):
    diagram = {"b2": "5/2C2/5/5/5/1c3/5", "d2": "5/2C2/5/5/5/3c1/5"}[origin]
    state, events = play(position(diagram, BLACK), f"{origin}-{target}")
    assert events == [
        Event(msg("volto.event.moved", seat=seat(BLACK), origin=origin, target=target)),
        Event(msg("volto.event.palace", owner=owner(BLACK), cell=target)),
        *won("palace", BLACK),
    ]
    check_win(state, "palace", BLACK)


def test_a_candidate_on_its_own_palace_row_does_not_win():
    state, events = play(position("5/5/5/5/5/1C3/2c2"), "b2-b1")
    assert events == [Event(msg("volto.event.moved", seat=seat(WHITE), origin="b2", target="b1"))]
    assert GAME.outcome(state) is None


def test_a_candidate_capturing_into_the_palace_wins_after_the_capture_event():
    state, events = play(position("3n1/2C2/5/5/5/5/c4"), "c6-d7")
    assert [e.message.key for e in events] == [
        "volto.event.captured",
        "volto.event.your_capture",
        "volto.event.palace",
        "volto.event.won",
        "volto.event.revealed",
    ]
    assert events[2] == Event(msg("volto.event.palace", owner=owner(WHITE), cell="d7"))
    check_win(state, "palace", WHITE)


def test_m6_the_seat_left_without_a_move_loses():
    # White Noble c7 steps to b7 and walls in the lone Black Lady on a7.
    state, events = play(position("l1N2/NN3/5/5/5/5/C4"), "c7-b7")
    assert events == [
        Event(msg("volto.event.moved", seat=seat(WHITE), origin="c7", target="b7")),
        *won("no_moves", WHITE),
    ]
    check_win(state, "no_moves", WHITE)


def test_m7_repetition_draw_names_the_limit():
    state = position(SHUFFLE, options=VoltoOptions(repetition_limit=2))
    state, events = play(state, "c3-b3", "c5-b5", "b3-c3", "b5-c5")
    assert events[-2:] == drawn("repetition", 2)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == frozenset({0, 1}) and outcome.ranks == (1, 1)
    assert outcome.reason == msg("volto.reason.repetition", count=2)


def test_m7_no_capture_draw_names_the_limit():
    state = position(SHUFFLE, options=VoltoOptions(no_capture_limit=3))
    state, events = play(state, "c3-b3", "c5-b5", "b3-c3")
    assert events[-2:] == drawn("no_capture", 3)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == msg("volto.reason.no_capture", count=3)


def test_m7_ply_cap_draw_names_the_cap():
    state = position(SHUFFLE, options=VoltoOptions(ply_cap=2))
    state, events = play(state, "c3-b3", "c5-b5")
    assert events[-2:] == drawn("ply_cap", 2)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.reason == msg("volto.reason.ply_cap", count=2)


def test_a_running_match_has_no_outcome():
    assert GAME.outcome(position(SHUFFLE)) is None
    assert GAME.outcome(started()) is None


# --- Setup: random completion (_available) ---------------------------------------------------


def test_auto_completes_a_partial_arrangement_to_exactly_the_roster():
    state = arrange(GAME.initial_state(5, 2), WHITE, "NL", confirm=False)
    state, events = GAME.apply(state, 0, GAME.parse_move(state, 0, "auto"))
    assert events == [Event(msg("volto.event.auto", count=8), frozenset({0}))]
    assert Counter(state.placed[0]) == Counter({"N": 3, "A": 3, "L": 2, "C": 1, "S": 1})
