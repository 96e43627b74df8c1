"""The Venezia 2099 autopilot's judgement in positions with one sensible answer, and the
rules' timeout answer to a rescue (V11) offered through the ``TimeoutAnswer`` capability.

Positions are built directly (``helpers.position``, 4 players, an 8 x 8 board); seat 1 is
Yellow, seat 2 Red.
"""

from __future__ import annotations

from dataclasses import replace

from games.core import timeout_answer_of
from games.venezia2099 import GAME
from games.venezia2099.answers import default_rescue_answer
from games.venezia2099.model import square_index
from games.venezia2099.moves import MoveKind
from games.venezia2099.state import State
from tests.games.venezia2099.helpers import play, position

YELLOW, RED = 1, 2


def choose(state: State, seat: int) -> str:
    """The autopilot's move code for ``seat``."""
    return GAME.move_code(GAME.autopilot_move(GAME.view(state, seat), GAME.legal_moves(state, seat)))


def rescue_position(squares: dict[str, str], keep: tuple[str, ...] = (), yellow_hand: str = "") -> State:
    """Red sinks brown 5 under Yellow's figure; with ``keep``, every other district is water."""
    hands = {RED: "b5 k6", YELLOW: yellow_hand} if yellow_hand else {RED: "b5 k6"}
    state = position({"b5": "b5@1", **squares}, turn=RED, hands=hands)
    if keep:
        dry = {square_index(name, 8) for name in keep} | {square_index("b5", 8)}
        state = replace(state, sunk=tuple(t is not None and i not in dry for i, t in enumerate(state.tiles)))
    state, _ = play(state, "play-b5")
    return state


def test_the_timeout_answer_is_the_rules_default_rescue():
    answer = timeout_answer_of(GAME)
    assert answer is not None
    state = rescue_position({"a1": "k2@0", "c1": "g2", "h1": "t2", "d1": "r8"})
    move = answer.timeout_move(state, YELLOW)
    assert move == default_rescue_answer(state, YELLOW)
    assert GAME.move_code(move) == "rescue-c1"
    assert answer.timeout_move(state, RED) is None


def test_there_is_no_timeout_answer_outside_a_rescue():
    answer = timeout_answer_of(GAME)
    assert answer is not None
    calm = position({"a1": "k4@0"}, hands={0: "g3"})
    assert answer.timeout_move(calm, 0) is None


def test_the_autopilot_rescues_onto_a_district_that_survives():
    # Only green 5 and red 8 are dry; Yellow holds the red 8 card, so a figure put there
    # would drown again. The rules' default takes the higher number; the autopilot knows better.
    state = rescue_position({"c1": "g5", "e2": "r8"}, keep=("c1", "e2"), yellow_hand="r8")
    assert GAME.move_code(default_rescue_answer(state, YELLOW)) == "rescue-e2"
    assert choose(state, YELLOW) == "rescue-c1"


def test_the_autopilot_rescues_rather_than_declines_with_a_safe_district_free():
    state = rescue_position({"c1": "g2"})
    assert GAME.parse_move(state, YELLOW, "decline") in GAME.legal_moves(state, YELLOW)
    assert choose(state, YELLOW).startswith("rescue-")


def test_the_forecast_sinks_an_opponent_rather_than_its_own_figure():
    state = position({"a1": "k3@1", "b1": "p3@0"}, hands={0: "k3 p3 g8"}, turn=0, moved=True, bought=True)
    assert {GAME.move_code(move) for move in GAME.legal_moves(state, 0)} == {"play-k3", "play-p3"}
    assert choose(state, 0) == "play-k3"


def test_a_figure_leaves_a_district_its_owner_will_sink():
    state = position({"d4": "k5@0"}, hands={0: "k3 k5"}, turn=0)
    move = GAME.autopilot_move(GAME.view(state, 0), GAME.legal_moves(state, 0))
    assert move.kind in (MoveKind.STEP, MoveKind.GONDOLA)
    assert move.origin == "d4"


def test_a_cheap_treasure_of_a_colour_about_to_vanish_is_bought():
    # Green will be nearly gone (we hold four of its cards), so a green treasure is worth
    # far more than the one coin it costs.
    state = position({"d4": "g3@0"}, hands={0: "g4 g5 g6 g7 g8"}, turn=0, moved=True)
    assert choose(state, 0) == "buy-d4"


def test_a_treasure_dearer_than_it_can_be_worth_is_not_bought():
    state = position({"d4": "g3@0$9"}, hands={0: "g4 g5 g6 g7 g8"}, turn=0, moved=True)
    assert "buy-d4" in {GAME.move_code(move) for move in GAME.legal_moves(state, 0)}
    assert choose(state, 0) == "play-g4"
