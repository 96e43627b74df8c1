"""The Twilight autopilot's judgement in positions with one sensible answer.

Positions are built directly (``helpers.position``); seat 0 is East (positive cells), seat 1
is West. Hands not given in full are filled with Doge-free cards.
"""

from __future__ import annotations

from games.twilight import GAME
from games.twilight.state import TwilightState
from tests.games.twilight.helpers import position, random_game


def choose(state: TwilightState) -> str:
    """The autopilot's move code for the seat to play."""
    seat = state.to_play
    assert seat is not None
    return GAME.move_code(GAME.autopilot_move(GAME.view(state, seat), GAME.legal_moves(state, seat)))


def play_out_turn(state: TwilightState) -> tuple[TwilightState, list[str]]:
    """Let the autopilot build and finish the turn of the seat to play."""
    seat = state.to_play
    codes: list[str] = []
    while state.to_play == seat:
        code = choose(state)
        codes.append(code)
        state, _ = GAME.apply(state, seat, GAME.parse_move(state, seat, code))
    return state, codes


def test_east_walks_the_doge_home():
    state = position(doge=6, guard_e=8, east="d", to_play=0)
    assert choose(state) == "d.+"
    after, codes = play_out_turn(state)
    assert codes == ["d.+", "end"]
    assert after.results[0].winner == 0


def test_west_walks_the_doge_home():
    state = position(doge=-6, guard_w=-8, west="d", to_play=1, first=1, merchant=-1, harlequin=1)
    after, codes = play_out_turn(state)
    assert codes == ["d.-", "end"]
    assert after.results[0].winner == 1


def test_the_merchant_into_the_mansion_pushes_the_favourite_home():
    # F on 6: the Merchant from 5 into East's mansion gives East one more point of the
    # Favourite's score, and ending the turn then carries her into East's mansion.
    state = position(favourite=6, merchant=5, east="m2", to_play=0)
    after, codes = play_out_turn(state)
    assert codes[0] == "m2.+"
    assert codes[-1] == "end"
    assert after.results[0].winner == 0


def test_the_doge_is_never_sent_into_the_opponents_mansion():
    # East holds three Doge cards with the Doge next to West's mansion: only moves east.
    state = position(doge=-6, guard_w=-8, guard_e=-4, east="d d d", to_play=0)
    _, codes = play_out_turn(state)
    assert "d.-" not in codes
    assert codes[0] in ("d.+", "dd.+")


def test_the_autopilot_never_takes_a_step_back():
    # Over the autopilot's decisions in random matches, ``undo`` is never chosen although
    # it is legal after every step.
    chosen = 0
    for seed in range(3):
        for state, seat, move in random_game(seed):
            if move is None or seat != 0:
                continue
            legal = GAME.legal_moves(state, seat)
            code = GAME.move_code(GAME.autopilot_move(GAME.view(state, seat), legal))
            assert code != "undo"
            chosen += "undo" in {GAME.move_code(each) for each in legal}
    assert chosen > 0
