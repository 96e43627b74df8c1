"""Venezia 2099's fast paths for search (``games.ai``) give exactly what the plain readings give.

Search plays thousands of plies per decision, so the engine takes shortcuts: legal moves
from per-size move tables, squares read back from those tables, states built without
``dataclasses.replace``, the autopilot read straight off the state (``rollout_move``), an
outlook remembered between a turn's steps, gondola moves that cannot win skipped. Each is
compared here with the plain reading it replaces, order included, on the positions of
matches where one seat plays the autopilot and the others at random (sensible and odd
positions both), at every seat count and with the variants on and off.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from games.core import IllegalMove, NotYourTurn, Rng, Seat
from games.venezia2099 import GAME, autopilot, rules
from games.venezia2099.board import DIRECTIONS, line, step_targets
from games.venezia2099.model import COLOURS, District, Phase, square_name
from games.venezia2099.moves import DECLINE, Move, MoveKind, buy, gondola, move_table, place, play, rescue, step
from games.venezia2099.scoring import ranking, score, treasure_values
from games.venezia2099.state import Options, State, evolve
from games.venezia2099.view import view_of
from tests.games.venezia2099.helpers import random_game

CONFIGS = [
    (players, options)
    for players in (2, 3, 4, 5)
    for options in (Options(), Options(rescue_to_platform=True, gondola_move_additional=True))
]
CONFIG_IDS = [f"{players}p-{'variant' if options != Options() else 'default'}" for players, options in CONFIGS]


def mixed_positions(players: int, options: Options, seeds: range) -> Iterator[tuple[State, Seat]]:
    """Every (state, seat to move) of matches where seat ``seed % players`` plays the autopilot, the rest at random."""
    for seed in seeds:
        state = GAME.initial_state(5000 + 10 * players + seed, players, options)
        ply = 0
        while GAME.to_move(state):
            (seat,) = GAME.to_move(state)
            yield state, seat
            legal = GAME.legal_moves(state, seat)
            if seat == seed % players:
                move = autopilot.autopilot_move(GAME.view(state, seat), legal)
            else:
                move = legal[Rng(seed, ply, 2).below(len(legal))]
            state, _ = GAME.apply(state, seat, move)
            ply += 1


def every_candidate(state: State, seat: Seat) -> list[Move]:
    """Every move of every kind on this board, in the documented legal-move order (buys by square)."""
    squares = range(state.size * state.size)
    names = [square_name(square, state.size) for square in squares]
    cards = sorted({card for hand in state.hands for card in hand}, key=lambda card: card.sort_key)
    return [
        *(place(name) for name in names),
        *(step(origin, target) for origin in names for target in names),
        *(gondola(origin, target) for origin in names for target in names),
        *(buy(name) for name in names),
        *(play(card) for card in cards),
        *(rescue(name) for name in names),
        DECLINE,
    ]


def checked_moves(state: State, seat: Seat) -> list[Move]:
    """The plain reading of the legal moves: every candidate the rules' check lets through.

    Purchases go cheapest first (ties by square), as :func:`rules.legal_moves` documents.
    """
    passed = []
    for move in every_candidate(state, seat):
        try:
            rules.check(state, seat, move, rules.squares_of(state, move, move.code))
        except (IllegalMove, NotYourTurn):
            continue
        passed.append(move)
    buys = [move for move in passed if move.kind is MoveKind.BUY]
    ordered_buys = iter(sorted(buys, key=lambda move: _buy_key(state, move)))
    return [next(ordered_buys) if move.kind is MoveKind.BUY else move for move in passed]


def _buy_key(state: State, move: Move) -> tuple[int, int]:
    _, square = rules.squares_of(state, move, move.code)
    assert square is not None
    return state.square_coins[square] + 1, square


@pytest.mark.parametrize(("players", "options"), CONFIGS, ids=CONFIG_IDS)
def test_the_legal_moves_are_exactly_the_moves_the_rules_let_through_in_order(players, options):
    checked = 0
    for index, (state, seat) in enumerate(mixed_positions(players, options, range(2))):
        if index % 6:
            continue
        assert GAME.legal_moves(state, seat) == checked_moves(state, seat), str(state)
        checked += 1
    assert checked > 15


def test_step_targets_are_the_lines_of_every_direction():
    checked = 0
    for players in (2, 5):
        for state, _ in mixed_positions(players, Options(), range(2)):
            for origin in (square for row in state.figures for square in row if square >= 0):
                union = sorted(square for direction in DIRECTIONS for square in line(state, origin, direction))
                assert step_targets(state, origin) == union
                checked += 1
    assert checked > 200


@pytest.mark.parametrize("size", [6, 8])
def test_a_tabled_moves_squares_are_the_squares_its_names_give(size):
    """``squares_of`` reads a table move's squares from the table; a parsed twin's names give the same."""
    state = GAME.initial_state(1, 2 if size == 6 else 5)
    assert state.size == size
    table = move_table(size)
    moves = [*table.place, *table.buy, *table.rescue, *(move for row in table.step for move in row)]
    moves += [move for row in table.gondola for move in row]
    assert len(table.squares) == len(moves)
    for move in moves:
        twin = dataclasses.replace(move)  # equal, but not from the table: its names are read
        assert twin == move and twin is not move
        assert rules.squares_of(state, move, move.code) == rules.squares_of(state, twin, move.code)
    assert rules.squares_of(state, table.gondola[2][size + 3], "") == (2, size + 3)


def test_evolve_is_dataclasses_replace():
    state = GAME.initial_state(3, 4)
    changes = {
        "ply": 7,
        "sunk": (True,) * len(state.sunk),
        "turn": 2,
        "bought": True,
        "hands": ((), (), (), ()),
        "rescue": None,
    }
    for count in range(len(changes) + 1):
        subset = dict(list(changes.items())[:count])
        built = evolve(state, **subset)
        assert built == dataclasses.replace(state, **subset)
        assert hash(built) == hash(dataclasses.replace(state, **subset))
        assert type(built) is State
    with pytest.raises(TypeError):
        evolve(state, no_such_field=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        evolve(state).ply = 3  # type: ignore[misc]


@pytest.mark.parametrize(("players", "options"), CONFIGS, ids=CONFIG_IDS)
def test_the_rollout_move_is_the_autopilots_move_on_the_view(players, options):
    """Also with the moves rebuilt (not from the tables), so that the reading of their names is checked too."""
    checked = 0
    for index, (state, seat) in enumerate(mixed_positions(players, options, range(3))):
        legal = GAME.legal_moves(state, seat)
        expected = autopilot.autopilot_move(GAME.view(state, seat), legal)
        assert autopilot.rollout_move(state, seat, legal) == expected, str(state)
        if index % 4 == 0:
            rebuilt = [dataclasses.replace(move) for move in legal]
            assert autopilot.rollout_move(state, seat, rebuilt) == expected, str(state)
            assert autopilot.autopilot_move(GAME.view(state, seat), rebuilt) == expected, str(state)
        checked += 1
    assert checked > 150


def test_the_autopilot_reads_the_same_from_the_state_as_from_the_view():
    compared = 0
    for players in (2, 3, 5):
        for state, seat in mixed_positions(players, Options(gondola_move_additional=True), range(2)):
            from_view = autopilot._seen_in_view(GAME.view(state, seat), seat)
            from_state = autopilot._seen_in_state(state, seat)
            for field in autopilot._Seen._fields:
                mine, theirs = getattr(from_view, field), getattr(from_state, field)
                if isinstance(mine, int | bool):
                    assert mine == theirs, field
                elif field != "owner":
                    assert tuple(mine) == tuple(theirs), field
            squares = range(len(state.tiles))
            assert [from_view.owner(square) for square in squares] == [from_state.owner(square) for square in squares]
            compared += 1
    assert compared > 100


def test_the_best_gain_is_the_first_greatest_gain_of_a_scan():
    """The skipped gondola moves never hold the winner: ``_best_gain`` equals a plain scan of ``_turn_gains``."""
    checked = gondola_wins = 0
    for players in (2, 3, 4, 5):
        for options in (Options(), Options(gondola_move_additional=True)):
            for state, seat in mixed_positions(players, options, range(3)):
                legal = GAME.legal_moves(state, seat)
                if state.rescue is not None or state.phase is not rules.Phase.TURN:
                    continue
                seen = autopilot._seen_in_state(state, seat)
                outlook = autopilot._fresh_outlook(seen)
                scanned, top = None, autopilot.MIN_GAIN
                for move, gain in zip(legal, autopilot._turn_gains(seen, legal, outlook), strict=True):
                    if gain is not None and gain > top:
                        scanned, top = move, gain
                assert autopilot._best_gain(seen, legal, outlook) == scanned, str(state)
                checked += 1
                gondola_wins += scanned is not None and scanned.kind is MoveKind.GONDOLA
    assert checked > 300
    assert gondola_wins > 3, "no gondola move ever won: the rows of gondola gains went untested"


def test_a_remembered_outlook_is_the_fresh_one():
    """The outlook kept between a turn's steps equals one computed afresh, step after step."""
    reused = 0
    for players in (2, 5):
        for state, seat in mixed_positions(players, Options(), range(2)):
            seen = autopilot._seen_in_state(state, seat)
            before = autopilot._LAST_OUTLOOK[0][-1] if autopilot._LAST_OUTLOOK else None
            kept = autopilot._outlook(seen)
            reused += kept is before
            assert kept == autopilot._fresh_outlook(seen)
    assert reused > 50


def test_the_expected_treasure_remembered_is_the_one_computed():
    autopilot._TREASURES.clear()
    for chances in [(), (1.0,), (0.5, 0.25), (1.0, 0.0, 0.6, 0.6), (0.3,) * 7]:
        first = autopilot._expected_treasure(chances)
        assert chances in autopilot._TREASURES or not chances
        assert autopilot._expected_treasure(chances) == first
    # three of a colour surely surviving: 2 points each; one surely: 6
    assert autopilot._expected_treasure((1.0, 1.0, 1.0)) == 2.0
    assert autopilot._expected_treasure((1.0, 0.0)) == 6.0
    assert autopilot._expected_treasure((0.5, 0.5)) == pytest.approx(0.5 * 6 + 0.25 * 3)


def test_the_remembered_outlook_is_not_reused_for_other_water_hands_or_counts():
    """Each input of the outlook, changed alone, gives the fresh outlook of the changed inputs."""
    state = next(state for state, _ in mixed_positions(5, Options(), range(1)) if state.ply == 40)
    seat = state.turn
    seen = autopilot._seen_in_state(state, seat)
    first = autopilot._outlook(seen)
    standing = next(
        index for index, tile in enumerate(state.tiles) if tile and tile.value > 2 and not state.sunk[index]
    )
    others = [
        seen._replace(sunk=(*seen.sunk[:standing], True, *seen.sunk[standing + 1 :])),
        seen._replace(hand=seen.hand[1:]),
        seen._replace(tiles=tuple(reversed(seen.tiles))),
        seen._replace(others_cards=seen.others_cards + 3),
        seen._replace(set_aside_count=seen.set_aside_count + 3),
    ]
    assert autopilot._outlook(seen) is first
    for changed in others:
        assert autopilot._outlook(seen) == first  # remembered again before each change
        outlook = autopilot._outlook(changed)
        assert outlook == autopilot._fresh_outlook(changed)
        assert outlook != first


def test_gondola_moves_from_other_squares_are_judged_like_the_scan():
    """A legal list is only read: gondola moves from squares without our figure (never legal) still agree."""
    checked = 0
    for players in (2, 5):
        for index, (state, seat) in enumerate(mixed_positions(players, Options(), range(2))):
            if index % 5 or state.phase is not rules.Phase.TURN or state.bought:
                continue
            table = move_table(state.size)
            mine = set(state.figures[seat])
            extra = [
                table.gondola[origin][target]
                for origin in range(0, state.size**2, 5)
                if origin not in mine
                for target in range(0, state.size**2, 3)
            ]
            legal = [*GAME.legal_moves(state, seat), *extra]
            seen = autopilot._seen_in_state(state, seat)
            outlook = autopilot._fresh_outlook(seen)
            scanned, top = None, autopilot.MIN_GAIN
            for move, gain in zip(legal, autopilot._turn_gains(seen, legal, outlook), strict=True):
                if gain is not None and gain > top:
                    scanned, top = move, gain
            assert autopilot._best_gain(seen, legal, outlook) == scanned, str(state)
            checked += scanned in extra
    assert checked > 3, "no gondola move from another square ever won"


def test_a_view_reads_the_figures_colours_and_final_numbers_as_the_plain_queries_do():
    """``view_of`` finds the figures in one pass over them, the colours in a set of the tiles, and
    the final numbers from one table of scores: the same as asking the state square by square,
    colour by colour, and scoring each seat and ranking anew (on whole random games, ends included)."""
    ends = 0
    for players in (2, 3, 5):
        for seed in range(3):
            steps, final = random_game(7000 + 10 * players + seed, players)
            for state in [state for state, _, _ in steps[::3]] + [final]:
                view = view_of(state, seed % players)
                assert [cell.figure for cell in view.squares] == [
                    state.occupant(square) for square in range(len(state.tiles))
                ]
                assert view.colours == tuple(colour for colour in COLOURS if District(2, colour) in state.tiles)
                if state.phase is not Phase.OVER:
                    assert view.scores is view.outcome is view.treasure_values is None
                    continue
                assert view.treasure_values == treasure_values(state)
                assert view.scores == tuple(score(state, seat) for seat in range(players))
                assert view.outcome == ranking(state) == GAME.outcome(state)
                ends += 1
    assert ends == 9
