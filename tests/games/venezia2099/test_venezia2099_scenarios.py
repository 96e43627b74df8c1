"""The worked examples of ``shared/rules/venezia2099.md`` §12 (V-EX1..V-EX9) and the rules around them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.core import IllegalMove
from games.i18n import render
from games.venezia2099 import GAME
from games.venezia2099.model import COLOURS, Action, ActionKind, District, Phase, square_index, square_name
from games.venezia2099.scoring import score, surviving_by_colour
from games.venezia2099.state import LOST, UNPLACED, Options
from tests.games.venezia2099.helpers import codes, only_seat, play, position

BLUE, YELLOW, RED, WHITE = 0, 1, 2, 3


def english(events):
    return [render(GAME.messages, "en", event.message) for event in events if event.audience is None]


def figure_at(state, name):
    return state.occupant(square_index(name, state.size))


# --- V-EX1: movement -------------------------------------------------------------------------
#
#   8 . . . . . . . h8        Yellow Y on d4 (black 2), water ~ on d7 and b2,
#   7 . . . ~ . . g7 .        a red figure R on f4, a platform = on e5.
#   6 . . . . . f6 . .
#   5 . . . . = . . .
#   4 a4 b4 c4 Y e4 R g4 h4
#   3 . . c3 . e3 . . .
#   2 . ~ . . . f2 . .
#   1 a1 . . d1 . . g1 .
#     a  b  c  d  e  f  g  h

EX1 = {"d4": "k2@1", "d7": "~g5", "b2": "~r6", "f4": "p5@2", "e5": "=="}
EX1_TARGETS = [
    "d5",
    "d6",
    "d3",
    "d2",
    "d1",
    "e4",
    "c4",
    "b4",
    "a4",
    "e5",
    "f6",
    "g7",
    "h8",
    "c5",
    "b6",
    "a7",
    "e3",
    "f2",
    "g1",
    "c3",
]  # N S E W NE NW SE SW


def test_ex1_movement_reaches_exactly_the_twenty_squares_of_the_rulebook():
    state = position(EX1, turn=YELLOW, hands={YELLOW: "g3"})
    steps = [move for move in GAME.legal_moves(state, YELLOW) if move.kind == "step"]
    assert {move.target for move in steps} == set(EX1_TARGETS)
    assert len(steps) == 20
    assert all(move.origin == "d4" for move in steps)


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        ("d4-d7", "water"),
        ("d4-d8", "path_water"),
        ("d4-f4", "occupied"),
        ("d4-g4", "path_blocked"),
        ("d4-b2", "water"),
        ("d4-a1", "path_water"),
        ("d4-e6", "not_a_line"),
        ("d4-f5", "not_a_line"),
    ],
    ids=[
        "into-water",
        "across-water",
        "onto-figure",
        "through-figure",
        "diagonal-water",
        "past-water",
        "knight",
        "bent",
    ],
)
def test_ex1_illegal_destinations(code, reason):
    state = position(EX1, turn=YELLOW, hands={YELLOW: "g3"})
    with pytest.raises(IllegalMove) as raised:
        GAME.parse_move(state, YELLOW, code)
    assert raised.value.code == f"venezia2099.error.{reason}"
    assert repr(code) in str(raised.value)


def test_ex1_a_move_is_applied_and_told_in_words():
    state = position(EX1, turn=YELLOW, hands={YELLOW: "g3"})
    state, events = play(state, "d4-h8")
    assert figure_at(state, "h8") == YELLOW and figure_at(state, "d4") is None
    assert state.moved
    assert english(events)[0].startswith("Yellow moved a figure from d4 to h8 (")
    d4, h8 = square_index("d4", 8), square_index("h8", 8)
    assert state.this_turn[-1] == Action(ActionKind.MOVE, YELLOW, d4, h8)  # the turn's record


def test_diagonal_corner_cutting_is_allowed_v4():
    # Water on both orthogonal neighbours of the diagonal step d4-e5 does not block it.
    state = position({"d4": "k2@0", "e4": "~g5", "d5": "~r6", "e5": "p3"}, hands={BLUE: "g3"})
    assert "d4-e5" in codes(GAME.legal_moves(state, BLUE))


# --- V-EX2: buying ----------------------------------------------------------------------------

EX2 = {"a1": "p4@3", "c1": "b5@3$1", "e1": "k6@3$3", "g1": "==@3"}


def test_ex2_purchases_offered_with_doubling_prices_cheapest_first():
    state = position(EX2, turn=WHITE, coins={WHITE: 4}, hands={WHITE: "g3"})
    buys = [move for move in GAME.legal_moves(state, WHITE) if move.kind == "buy"]
    assert codes(buys) == ["buy-a1", "buy-c1", "buy-e1"]
    labels = [render(GAME.messages, "en", GAME.describe_move(state, WHITE, move)) for move in buys]
    assert labels == [
        "Buy the purple treasure on a1 for 1 coin",
        "Buy the brown treasure on c1 for 2 coins",
        "Buy the black treasure on e1 for 4 coins",
    ]


def test_ex2_buying_brown_moves_two_coins_onto_the_square():
    state = position(EX2, turn=WHITE, coins={WHITE: 4}, hands={WHITE: "g3"})
    after, events = play(state, "buy-c1")
    c1 = square_index("c1", 8)
    brown = COLOURS.index(District.from_code("b5").colour)
    assert after.square_coins[c1] == 3
    assert after.coins[WHITE] == 2
    assert after.treasures[WHITE][brown] == 1
    assert after.supply[brown] == 9
    assert english(events) == ["White bought the brown treasure on c1 for 2 coins (2 coins left)."]
    # The turn's record (the pictures' "this turn" and, next turn, "last turn") names it exactly.
    assert after.this_turn[-1] == Action(ActionKind.BUY, WHITE, target=c1, district=District.from_code("b5"), amount=2)
    # One purchase per turn, and no move after it.
    assert codes(GAME.legal_moves(after, WHITE)) == ["play-g3"]
    for code, reason in (("buy-a1", "already_bought"), ("a1-a2", "move_after_buy")):
        with pytest.raises(IllegalMove) as raised:
            GAME.parse_move(after, WHITE, code)
        assert raised.value.code == f"venezia2099.error.{reason}"


def test_purchases_are_ordered_by_price_then_square_and_offered_while_the_supply_lasts():
    squares = {"a1": "k6@0$3", "c1": "p4@0", "e1": "b5@0$1", "b1": "g4@0"}  # prices 4, 1, 2, 1
    state = position(squares, coins={BLUE: 10}, hands={BLUE: "t3"})
    assert [code for code in codes(GAME.legal_moves(state, BLUE)) if code.startswith("buy")] == [
        "buy-b1",
        "buy-c1",
        "buy-e1",
        "buy-a1",
    ]
    # the last black treasure can still be bought; none once the supply is empty
    last = position(squares, coins={BLUE: 10}, hands={BLUE: "t3"}, treasures={YELLOW: {"k": 9}})
    assert "buy-a1" in codes(GAME.legal_moves(last, BLUE))
    empty = position(squares, coins={BLUE: 10}, hands={BLUE: "t3"}, treasures={YELLOW: {"k": 10}})
    assert "buy-a1" not in codes(GAME.legal_moves(empty, BLUE))


def test_ex2_price_sequence_doubles_1_2_4_8():
    state = position({"a1": "p4@0"}, coins={BLUE: 20}, hands={BLUE: "g3 r3 t3 k3"}, num_players=3)
    paid = []
    for _ in range(4):
        before = state.coins[BLUE]
        state, _ = play(state, "buy-a1", GAME.move_code(GAME.legal_moves(state, BLUE)[-1]))
        paid.append(before - state.coins[BLUE])
        state = replace(state, turn=BLUE)
    assert paid == [1, 2, 4, 8]


def test_ex2_a_figure_on_a_platform_offers_no_purchase():
    state = position({"g1": "==@3"}, turn=WHITE, coins={WHITE: 4}, hands={WHITE: "g3"})
    assert not [move for move in GAME.legal_moves(state, WHITE) if move.kind == "buy"]


def test_any_figure_may_buy_not_only_the_one_that_moved():
    state = position({"a1": "p4@0", "h8": "t6@0"}, hands={BLUE: "g3"})
    state, _ = play(state, "a1-a2")
    assert "buy-h8" in codes(GAME.legal_moves(state, BLUE))


def test_the_x_district_sells_its_colour():
    state = position({"a1": "tx@0"}, hands={BLUE: "g3"})
    state, _ = play(state, "buy-a1")
    assert state.treasures[BLUE][COLOURS.index(District.from_code("tx").colour)] == 1


# --- V-EX3: the lowest card -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "playable"),
    [("g3 r3 k6 px", ["play-g3", "play-r3"]), ("k8 bx", ["play-k8"]), ("bx tx", ["play-tx", "play-bx"])],
    ids=["two-threes", "x-above-8", "only-xs"],
)
def test_ex3_only_the_lowest_cards_are_offered(hand, playable):
    state = position({"a1": "==@0"}, hands={BLUE: hand}, gondolas={BLUE: 0})
    plays = [move for move in GAME.legal_moves(state, BLUE) if move.kind == "play"]
    assert codes(plays) == playable


# --- V-EX4: sinking ---------------------------------------------------------------------------

EX4 = {"c3": "g3@0$2"}


def test_ex4a_without_a_gondola_card_the_figure_drowns_and_the_coins_leave():
    state = position(EX4, turn=YELLOW, hands={YELLOW: "g3 k4"}, gondolas={BLUE: 0})
    after, events = play(state, "play-g3")
    c3 = square_index("c3", 8)
    assert after.sunk[c3] and after.square_coins[c3] == 0
    assert after.coins_lost == 2
    assert after.figures[BLUE] == (LOST,)
    assert after.phase is Phase.TURN and only_seat(after) == RED
    assert english(events) == [
        "Yellow played the forecast card green 3: the district on c3 sinks.",
        "2 coins on c3 went down with the water.",
        "The figure of Blue on c3 drowned: no gondola card was left.",
        "Now it is Red's turn.",
    ]
    # The turn's record, kept as "last turn" for the board's marks, names the card, its square and the
    # coins lost, then the drowned figure; the new turn starts with an empty record.
    g3 = District.from_code("g3")
    assert after.last_turn == (
        Action(ActionKind.PLAY, YELLOW, target=c3, district=g3, amount=2),
        Action(ActionKind.DROWN, BLUE, origin=c3),
    )
    assert after.this_turn == ()


def test_ex4b_with_a_gondola_the_owner_is_asked_and_may_decline():
    state = position(EX4, turn=YELLOW, hands={YELLOW: "g3 k4"})
    waiting, events = play(state, "play-g3")
    assert waiting.phase is Phase.RESCUE
    assert GAME.to_move(waiting) == frozenset({BLUE})
    private = [event for event in events if event.audience is not None]
    assert [event.audience for event in private] == [frozenset({BLUE})]
    assert render(GAME.messages, "en", private[0].message).startswith("Your figure on c3 is in the water!")
    after, events = play(waiting, "decline")
    assert after.figures[BLUE] == (LOST,)
    assert after.gondolas[BLUE] == 2
    assert english(events) == ["Blue let the figure on c3 drown.", "Now it is Red's turn."]


def test_own_card_may_sink_own_figure_v15():
    state = position(EX4, turn=BLUE, hands={BLUE: "g3 k4"}, gondolas={BLUE: 0})
    labels = [
        render(GAME.messages, "en", GAME.describe_move(state, BLUE, move)) for move in GAME.legal_moves(state, BLUE)
    ]
    assert "Play forecast green 3 (sinks c3, where your own figure stands!)" in labels
    after, _ = play(state, "play-g3")
    assert after.figures[BLUE] == (LOST,)


# --- V-EX5: gondola move ----------------------------------------------------------------------

EX5 = {"a1": "k4@0", "a2": "~g5", "b1": "~r6", "b2": "~p6", "h8": "tx$1"}


def test_ex5_boxed_in_figure_has_no_normal_move_but_a_gondola_move():
    state = position(EX5, hands={BLUE: "g3"})
    moves = GAME.legal_moves(state, BLUE)
    assert not [move for move in moves if move.kind == "step"]
    assert "gondola-a1-h8" in codes(moves)
    after, events = play(state, "gondola-a1-h8")
    assert figure_at(after, "h8") == BLUE
    assert after.gondolas[BLUE] == 1 and after.gondolas_used == 1
    # the board marks the move: the turn's record holds where the figure came from and went
    gondola = after.this_turn[-1]
    assert (gondola.kind, gondola.seat, gondola.origin, gondola.target) == ("gondola", BLUE, 0, 63)
    assert english(events) == [
        "Blue played a gondola card and moved a figure from a1 to h8 (turquoise X); 1 gondola card left."
    ]
    # Then the purchase (1 coin on h8: costs 2) and the forecast card are still to come.
    assert codes(GAME.legal_moves(after, BLUE)) == ["buy-h8", "play-g3"]
    labels = [
        render(GAME.messages, "en", GAME.describe_move(after, BLUE, move)) for move in GAME.legal_moves(after, BLUE)
    ]
    assert labels[0] == "Buy the turquoise treasure on h8 for 2 coins"


@pytest.mark.parametrize(("code", "reason"), [("gondola-a1-a2", "water"), ("gondola-a1-c5", "occupied")])
def test_ex5_gondola_onto_water_or_a_figure_is_illegal(code, reason):
    state = position({**EX5, "c5": "r4@1"}, hands={BLUE: "g3"})
    with pytest.raises(IllegalMove) as raised:
        GAME.parse_move(state, BLUE, code)
    assert raised.value.code == f"venezia2099.error.{reason}"


def test_gondola_move_replaces_the_normal_move_v5():
    state = position({"a1": "k4@0", "h8": "tx"}, hands={BLUE: "g3"})
    after, _ = play(state, "a1-a2")
    assert not [move for move in GAME.legal_moves(after, BLUE) if move.kind in ("step", "gondola")]
    with pytest.raises(IllegalMove) as raised:
        GAME.parse_move(after, BLUE, "gondola-a2-h8")
    assert raised.value.code == "venezia2099.error.already_moved"


def test_gondola_move_additional_variant_allows_both():
    options = Options(gondola_move_additional=True)
    state = position({"a1": "k4@0", "h8": "tx"}, hands={BLUE: "g3"}, options=options)
    after, _ = play(state, "gondola-a1-h8", "h8-h7")
    assert figure_at(after, "h7") == BLUE
    assert not [move for move in GAME.legal_moves(after, BLUE) if move.kind in ("step", "gondola")]


# --- V-EX6: rescue out of turn ----------------------------------------------------------------

EX6 = {"b5": "b5@1", "f6": "tx", "c1": "=="}


def test_ex6_rescue_out_of_turn_then_play_resumes_after_red():
    state = position(EX6, turn=RED, hands={RED: "b5 k6"})
    waiting, events = play(state, "play-b5")
    assert waiting.phase is Phase.RESCUE and GAME.to_move(waiting) == frozenset({YELLOW})
    assert "A figure of Yellow fell into the water on b5" in english(events)[1]
    after, events = play(waiting, "rescue-f6")
    assert after.sunk[square_index("b5", 8)]
    assert figure_at(after, "f6") == YELLOW and figure_at(after, "b5") is None
    assert after.gondolas[YELLOW] == 1
    assert only_seat(after) == WHITE
    assert english(events) == [
        "Yellow played a gondola card and rescued the figure from b5 to f6 (turquoise X); 1 gondola card left.",
        "Now it is White's turn.",
    ]


def test_ex6_rescue_to_a_platform_is_illegal_by_default_v6():
    state = position(EX6, turn=RED, hands={RED: "b5 k6"})
    waiting, _ = play(state, "play-b5")
    assert "rescue-c1" not in codes(GAME.legal_moves(waiting, YELLOW))
    with pytest.raises(IllegalMove) as raised:
        GAME.parse_move(waiting, YELLOW, "rescue-c1")
    assert raised.value.code == "venezia2099.error.rescue_platform"


def test_ex6_rescue_to_a_platform_with_the_variant():
    state = position(EX6, turn=RED, hands={RED: "b5 k6"}, options=Options(rescue_to_platform=True))
    waiting, _ = play(state, "play-b5")
    after, _ = play(waiting, "rescue-c1")
    assert figure_at(after, "c1") == YELLOW


def test_rescue_offers_free_districts_in_square_order_then_decline():
    state = position(EX6, turn=RED, hands={RED: "b5 k6"})
    waiting, _ = play(state, "play-b5")
    moves = codes(GAME.legal_moves(waiting, YELLOW))
    assert moves[-1] == "decline"
    squares = [square_index(code.removeprefix("rescue-"), 8) for code in moves[:-1]]
    assert squares == sorted(squares)
    assert len(squares) == 48 - 1  # every district but b5, which is water
    assert GAME.legal_moves(waiting, RED) == []


def test_no_free_district_means_the_figure_drowns_at_once():
    state = position(EX6, turn=RED, hands={RED: "b5 k6"})
    others = [i for i, tile in enumerate(state.tiles) if tile is not None and square_name(i, 8) != "b5"]
    state = replace(state, sunk=tuple(i in others for i in range(64)))
    after, events = play(state, "play-b5")
    assert after.phase is Phase.TURN and after.figures[YELLOW] == (LOST,)
    assert "no free district was left" in english(events)[1]


# --- V-EX7: the final scoring table ------------------------------------------------------------

SURVIVORS = {"k2", "k7", "k8", "kx", "p2", "p7", "p8", "g2", "g8", "t2", "r2", "b2"}


def final_position(figures, treasures, coins):
    state = position(figures, treasures=treasures, coins=coins, gondolas=dict.fromkeys(range(4), 0), lost={0: 1, 1: 1})
    sunk = tuple(tile is not None and tile.code not in SURVIVORS for tile in state.tiles)
    return replace(state, sunk=sunk, phase=Phase.OVER, hands=((),) * 4)


def test_ex7_the_rulebook_table_to_the_point():
    state = final_position(
        {"a1": "k8@0", "b1": "kx@0", "c1": "p7@1", "d1": "p8@1", "e1": "g8@2", "f1": "k7@3"},
        {
            0: {"k": 2, "t": 2, "g": 1, "r": 1},
            1: {"b": 1, "p": 3, "k": 2, "r": 2},
            2: {"k": 1, "g": 2, "p": 1, "t": 1, "b": 1},
            3: {"p": 1, "b": 3, "k": 4},
        },
        {0: 1, 1: 1, 2: 0, 3: 0},
    )
    assert surviving_by_colour(state) == (4, 3, 2, 1, 1, 1)
    blue = score(state, BLUE)
    assert (blue.treasures, blue.figures, blue.x_districts, blue.coins, blue.total) == (23, 8, 8, 1, 40)
    yellow = score(state, YELLOW)
    assert (yellow.treasures, yellow.figures, yellow.coins, yellow.total) == (26, 15, 1, 42)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == (40, 42, 29, 31)
    assert outcome.ranks == (2, 1, 4, 3)
    assert outcome.winners == frozenset({YELLOW})
    assert render(GAME.messages, "en", outcome.reason) == "Yellow wins with 42 points."
    view = GAME.view(state, None)
    assert view.treasure_values == (1, 2, 3, 6, 6, 6)
    assert view.scores is not None and [line.total for line in view.scores] == [40, 42, 29, 31]


def test_ex7_printed_labels_with_red_and_white_counted_as_coins():
    # Red's 8 and White's 7 as coins (figures on platforms); Yellow without the lost coin.
    state = final_position(
        {"a1": "k8@0", "b1": "kx@0", "c1": "p7@1", "d1": "p8@1", "e1": "==@2", "f1": "==@3"},
        {
            0: {"k": 2, "t": 2, "g": 1, "r": 1},
            1: {"b": 1, "p": 3, "k": 2, "r": 2},
            2: {"k": 1, "g": 2, "p": 1, "t": 1, "b": 1},
            3: {"p": 1, "b": 3, "k": 4},
        },
        {0: 1, 1: 0, 2: 8, 3: 7},
    )
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (40, 41, 29, 31)


def test_tie_break_by_figures_on_the_board_then_shared_v17():
    figures = {"a1": "==@0", "b1": "==@1", "c1": "==@2", "d1": "==@2"}
    state = final_position(figures, {}, {0: 5, 1: 5, 2: 5, 3: 0})
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == frozenset({RED})
    assert outcome.ranks == (2, 2, 1, 4)
    assert render(GAME.messages, "en", outcome.reason) == (
        "Red wins: tied on 5 points, but with more figures on the board (2)."
    )
    shared = GAME.outcome(replace(state, coins=(5, 5, 4, 0)))
    assert shared is not None and shared.winners == frozenset({BLUE, YELLOW}) and shared.ranks == (1, 1, 3, 4)
    assert render(GAME.messages, "en", shared.reason).startswith("Shared victory: 2 players tied on 5 points")


# --- V-EX8: setup -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "size", "cards", "coins", "figures", "aside"),
    [(2, 6, 10, 11, 3, 5), (3, 8, 12, 13, 4, 6), (4, 8, 9, 10, 3, 6), (5, 8, 7, 8, 3, 7)],
    ids=["2p", "3p", "4p", "5p"],
)
def test_ex8_setup_counts(players, size, cards, coins, figures, aside):
    state = GAME.initial_state(11, players)
    assert state.size == size and len(state.tiles) == size * size
    assert [len(hand) for hand in state.hands] == [cards] * players
    assert state.coins == (coins,) * players
    assert state.gondolas == (2,) * players
    assert state.figures == ((UNPLACED,) * figures,) * players
    assert len(state.set_aside) == aside
    platforms = state.tiles.count(None)
    assert platforms == (6 if players == 2 else 16)
    districts = [tile for tile in state.tiles if tile is not None]
    assert len(set(districts)) == len(districts) == (30 if players == 2 else 48)
    if players == 2:
        assert {tile.value for tile in districts} == {2, 3, 4, 5, 6, 9}
        assert len({tile.colour for tile in districts}) == 5
        hidden = {card for hand in state.hands for card in hand} | set(state.set_aside)
        assert hidden == {tile for tile in districts if tile.value != 2}


def test_ex8_placement_is_round_robin_then_seat_0_begins():
    state = GAME.initial_state(5, 3)
    order = []
    while state.phase is Phase.PLACE:
        seat = only_seat(state)
        order.append(seat)
        state, events = GAME.apply(state, seat, GAME.legal_moves(state, seat)[0])
    assert order == [0, 1, 2] * 4
    assert state.phase is Phase.TURN and only_seat(state) == 0
    assert render(GAME.messages, "en", events[-1].message) == "All figures are placed; Blue begins."


def test_ex8_same_value_districts_are_illegal_platforms_are_not():
    state = GAME.initial_state(5, 3)
    platforms = [square_name(i, 8) for i, tile in enumerate(state.tiles) if tile is None]
    fives = [square_name(i, 8) for i, tile in enumerate(state.tiles) if tile is not None and tile.value == 5]
    state, _ = play(state, f"place-{platforms[0]}", "place-" + platforms[1], "place-" + platforms[2])
    state, _ = play(state, f"place-{platforms[3]}")  # Blue's second figure, again on a platform
    state, _ = play(state, f"place-{fives[0]}", f"place-{fives[1]}", f"place-{platforms[4]}")
    assert only_seat(state) == YELLOW
    legal = codes(GAME.legal_moves(state, YELLOW))
    assert f"place-{fives[2]}" not in legal
    with pytest.raises(IllegalMove) as raised:
        GAME.parse_move(state, YELLOW, f"place-{fives[2]}")
    assert raised.value.code == "venezia2099.error.same_value"
    assert raised.value.params["value"] == "5"


# --- V-EX9 and the end of the game -------------------------------------------------------------


def test_players_without_figures_only_play_their_card_v16():
    state = position({"a1": "k4@1"}, hands={BLUE: "g3 r4"}, lost={BLUE: 3})
    assert codes(GAME.legal_moves(state, BLUE)) == ["play-g3"]


def test_the_game_ends_after_the_last_card_and_s_k_is_one_plus_set_aside():
    state = GAME.initial_state(3, 5)
    turns = 0
    while GAME.to_move(state):
        seat = only_seat(state)
        moves = GAME.legal_moves(state, seat)
        plays = [move for move in moves if move.kind == "play"]
        move = plays[0] if plays else moves[0]
        turns += move.kind == "play"
        state, _ = GAME.apply(state, seat, move)
    assert turns == 5 * 7
    assert state.phase is Phase.OVER and not any(state.hands)
    aside = [sum(1 for card in state.set_aside if card.colour == colour) for colour in COLOURS]
    assert surviving_by_colour(state) == tuple(1 + count for count in aside)
    view = GAME.view(state, None)
    assert view.set_aside == state.set_aside


def test_the_gondola_move_is_once_per_turn_not_once_per_round():
    # V5: a gondola move replaces the turn's normal move; the next player has their own.
    state = position({"a1": "k4@0", "h8": "tx", "c5": "r4@1"}, hands={BLUE: "g3", YELLOW: "k3 r3"})
    after, _ = play(state, "gondola-a1-h8", "play-g3")
    assert after.turn == YELLOW
    assert "gondola-c5-a1" in codes(GAME.legal_moves(after, YELLOW))


def test_a_rescue_is_recorded_from_the_drowned_square_to_the_new_one():
    # The last turn's marks on the board show the rescued figure's way out of the water.
    waiting, _ = play(position(EX4, turn=YELLOW, hands={YELLOW: "g3 k4"}), "play-g3")
    after, _ = play(waiting, "rescue-a1")
    rescue = after.last_turn[-1]
    assert (rescue.kind, rescue.seat, rescue.origin, rescue.target) == ("rescue", BLUE, square_index("c3", 8), 0)
