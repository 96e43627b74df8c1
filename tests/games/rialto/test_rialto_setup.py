"""Setup (§5), starting buildings, and the card rows of Phase I (R-EX1, R-EX2)."""

from __future__ import annotations

import pytest

from games.core import IllegalMove
from games.rialto import GAME, RialtoOptions
from games.rialto.model import Phase
from tests.games.rialto.helpers import act, conserved


def start_all(state, picks):
    """Starting buildings in the required order (last seat first)."""
    for kind in picks:
        (seat,) = GAME.to_move(state)
        state, _ = act(state, seat, f"t{kind}")
    return state


@pytest.mark.parametrize(
    ("num_players", "coins"),
    [(2, (1, 2)), (3, (1, 2, 3)), (4, (1, 2, 2, 3)), (5, (1, 2, 2, 2, 3))],
    ids=["2p", "3p", "4p", "5p"],
)
def test_setup_coins_vp_councillors_and_doge_stack(num_players, coins):
    state = GAME.initial_state(11, num_players)
    assert tuple(p.coins for p in state.players) == coins
    assert all(p.vp == 3 and p.personal == 5 and p.pool == 13 for p in state.players)
    assert set(state.doge_space) == {1}
    view = GAME.view(state, None)
    assert view.doge_order == tuple(range(num_players)), "P1 on top of the stack, then P2, ..."
    assert sorted(state.round_of) == [1, 2, 3, 4, 5, 6]
    assert len(state.bridges) == 6 and state.gondolas == 6
    conserved(state)


def test_starting_picks_go_counterclockwise_from_the_last_seat_r_ex2():
    state = GAME.initial_state(3, 4)
    order = []
    for kind in ("Y1", "Y1", "G1", "U1"):
        (seat,) = GAME.to_move(state)
        order.append(seat)
        state, _ = act(state, seat, f"t{kind}")
    assert order == [3, 2, 1, 0]
    assert state.phase is Phase.ROWS


def test_a_third_copy_of_a_starting_building_is_illegal_with_four_players_r_ex2():
    state = GAME.initial_state(3, 4)
    state = start_all(state, ("Y1", "Y1"))
    assert GAME.legal_moves(state, 1) == ["tG1", "tU1"]
    with pytest.raises(IllegalMove) as caught:
        act(state, 1, "tY1")
    assert caught.value.code == "rialto.error.start_taken"
    assert "'tY1'" in str(caught.value)


@pytest.mark.parametrize("num_players", [2, 3])
def test_any_repeat_is_illegal_with_two_or_three_players(num_players):
    state = GAME.initial_state(5, num_players)
    (seat,) = GAME.to_move(state)
    state, _ = act(state, seat, "tG1")
    (seat,) = GAME.to_move(state)
    assert "tG1" not in GAME.legal_moves(state, seat)
    with pytest.raises(IllegalMove):
        act(state, seat, "tG1")


def test_neutral_setup_stack_coins_and_pick_order():
    state = GAME.initial_state(8, 2, RialtoOptions(neutral=True))
    view = GAME.view(state, None)
    assert view.doge_order == (2, 0, 1), "top to bottom: NP, P2 (seat 0), P3 (seat 1)"
    assert tuple(p.coins for p in state.players) == (1, 2)
    assert GAME.to_move(state) == frozenset({1}), "P3 chooses first"
    assert state.marker >= 0


@pytest.mark.parametrize("num_players", [2, 3, 4, 5])
def test_phase_one_deals_n_plus_one_rows_and_each_pick_draws_two_r_ex1(num_players):
    state = GAME.initial_state(21, num_players)
    state = start_all(state, ("G1", "Y1", "U1", "G1", "Y1")[:num_players])
    rows = num_players + 1
    assert state.phase is Phase.ROWS and state.round == 1
    assert len(state.rows) == rows and all(len(row) == 6 for row in state.rows)
    assert len(state.deck) == 77 - 6 * rows
    for _ in range(num_players):
        (seat,) = GAME.to_move(state)
        assert seat == GAME.view(state, None).doge_order[len([o for o in state.row_owner if o >= 0])]
        state, _ = act(state, seat, GAME.legal_moves(state, seat)[0])
    assert len(state.deck) == 77 - 6 * rows - 2 * num_players
    assert all(sum(p.hand) == 8 for p in state.players)
    conserved(state)


def test_neutral_game_deals_three_rows():
    state = GAME.initial_state(4, 2, RialtoOptions(neutral=True))
    state = start_all(state, ("G1", "U1"))
    assert len(state.rows) == 3


def test_bad_player_counts_are_refused():
    with pytest.raises(ValueError):
        GAME.initial_state(1, 6)
    with pytest.raises(ValueError):
        GAME.initial_state(1, 3, RialtoOptions(neutral=True))
