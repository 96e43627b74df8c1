"""Final scoring (rules §9): treasures by surviving districts, figures, X districts, coins.

The functions work on any state, so the board can show the standing at the end and tests
can score a position built by hand (the rulebook's table, V-EX7).
"""

from __future__ import annotations

from games.core import Message, Outcome, Seat, msg
from games.venezia2099.board import district_at, surviving
from games.venezia2099.model import COLOURS, District, Score, X, treasure_value
from games.venezia2099.state import State


def surviving_by_colour(state: State) -> tuple[int, ...]:
    """S(k) for every colour in :data:`COLOURS` order (0 for a colour not in the match)."""
    return tuple(surviving(state, District(2, colour)) for colour in COLOURS)


def treasure_values(state: State) -> tuple[int, ...]:
    """Points per treasure of each colour if the game ended now: T(S(k))."""
    return tuple(treasure_value(count) for count in surviving_by_colour(state))


def score(state: State, seat: Seat, values: tuple[int, ...] | None = None) -> Score:
    """``seat``'s points as the board stands; ``values``: the state's :func:`treasure_values`, if known already."""
    if values is None:
        values = treasure_values(state)
    treasures = sum(count * value for count, value in zip(state.treasures[seat], values, strict=True))
    figures = x_points = on_board = 0
    for square in state.figures[seat]:
        if square < 0:
            continue
        on_board += 1
        district = district_at(state, square)
        if district is None:
            continue
        if district.value == X:
            # V9: twice the surviving districts of that colour, the X itself included.
            x_points += 2 * surviving(state, district)
        else:
            figures += district.value
    return Score(treasures, figures, x_points, state.coins[seat], on_board)


def scores(state: State, values: tuple[int, ...] | None = None) -> tuple[Score, ...]:
    """Every seat's :func:`score`; the treasure values are worked out once for all of them."""
    if values is None:
        values = treasure_values(state)
    return tuple(score(state, seat, values) for seat in range(state.num_players))


def ranking(state: State) -> Outcome:
    """Ranks by total, ties broken by figures on the board, then shared (V17)."""
    return ranked(scores(state))


def ranked(table: tuple[Score, ...]) -> Outcome:
    """:func:`ranking` of the seats' scores ``table`` (a view has it already)."""
    keys = [(line.total, line.figures_on_board) for line in table]
    ranks = tuple(1 + sum(1 for other in keys if other > key) for key in keys)
    winners = frozenset(seat for seat, rank in enumerate(ranks) if rank == 1)
    best = table[min(winners)]
    reason: Message
    if len(winners) > 1:
        reason = msg(
            "venezia2099.outcome.shared",
            count=len(winners),
            points=best.total,
            figures=best.figures_on_board,
        )
    elif sum(1 for line in table if line.total == best.total) > 1:
        reason = msg(
            "venezia2099.outcome.tiebreak",
            player=msg(f"venezia2099.seat.{min(winners)}"),
            points=best.total,
            figures=best.figures_on_board,
        )
    else:
        reason = msg("venezia2099.outcome.points", player=msg(f"venezia2099.seat.{min(winners)}"), points=best.total)
    return Outcome(winners, ranks, reason, tuple(line.total for line in table))
