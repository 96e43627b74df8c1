"""Standings from results: points, games and the tie-breaks of each format (pure).

- Two-player formats score 1 for a win, ½ for a draw, 0 for a loss and 1 for a bye (the
  usual point). Swiss breaks ties by Buchholz (the sum of the opponents' points), then the
  median Buchholz (the same without the best and the worst opponent); round robin by
  Sonneborn–Berger (the points of the opponents beaten, plus half of those drawn with).
  Byes and forfeits bring no opponent, so they add nothing to these sums.
- Pods and table round robins score the organiser's points per place (ties share the better
  place); ties are broken by the sum of places (lower is better), then by the opponents'
  points (each opponent counted once per table shared).
- Single elimination ranks by the round reached, not by points: the champion, then the
  finalist, then the semi-finalists, and so on. A player reached one round further for each
  table they went through (a win; on a draw the better seed; a bye or a walkover), which
  points cannot tell (an advance on a draw scores ½). Players knocked out in the same round
  share a rank; seed orders them.
Players left with the same points and tie-breaks share a rank; the seed only orders the list.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

SWISS: Final = "swiss"
PODS: Final = "pods"
ROUND_ROBIN: Final = "round_robin"
ELIMINATION: Final = "elimination"
FORMATS: Final = (SWISS, PODS, ROUND_ROBIN, ELIMINATION)

TIEBREAKS: Final[dict[tuple[str, bool], tuple[str, ...]]] = {
    (SWISS, False): ("buchholz", "median_buchholz"),
    (ROUND_ROBIN, False): ("sonneborn_berger",),
    (ROUND_ROBIN, True): ("sum_of_places", "opponents_points"),
    (PODS, True): ("sum_of_places", "opponents_points"),
    (ELIMINATION, False): (),
}
"""Tie-break names by (format, played at tables of 3+); lower sums of places rank higher."""


@dataclass(frozen=True, slots=True)
class Result:
    """One finished table of a round: its players in seat order and their places (1 = best).

    A bye is a table of one player with place 1 and ``bye`` set.
    """

    round: int
    players: tuple[int, ...]
    places: tuple[int, ...]
    bye: bool = False


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the standings."""

    rank: int
    player: int
    points: float
    games: int
    tiebreaks: tuple[float, ...]
    dropped: bool = False
    places: tuple[int, ...] = field(default=())


def uses_tables(format_: str, table_size: int) -> bool:
    """Whether the format seats 3+ players at a table (place points) rather than pairs."""
    return format_ == PODS or (format_ == ROUND_ROBIN and table_size > 2)


def result_points(result: Result, place_points: Sequence[float], *, tables: bool) -> dict[int, float]:
    """Points each player of ``result`` scores."""
    if result.bye:
        return {result.players[0]: place_points[0] if tables else 1.0}
    if tables:
        return {
            p: (place_points[place - 1] if place - 1 < len(place_points) else 0.0)
            for p, place in zip(result.players, result.places, strict=True)
        }
    best = min(result.places)
    winners = [p for p, place in zip(result.players, result.places, strict=True) if place == best]
    shared = len(winners) > 1
    return {p: (0.5 if shared else 1.0) if p in winners else 0.0 for p in result.players}


def goes_through(result: Result, seed: Mapping[int, int]) -> int:
    """Who goes on from an elimination table: the winner; on a draw, the better seed; a bye's player."""
    best = min(result.places)
    leaders = [p for p, place in zip(result.players, result.places, strict=True) if place == best]
    return min(leaders, key=lambda p: seed.get(p, len(seed)))


def compute(
    format_: str,
    entrants: Sequence[int],
    results: Sequence[Result],
    *,
    table_size: int = 2,
    place_points: Sequence[float] = (),
    dropped: frozenset[int] = frozenset(),
) -> list[Row]:
    """The standings of ``entrants`` (in seed order) after ``results``, best first."""
    tables = uses_tables(format_, table_size)
    points: dict[int, float] = defaultdict(float)
    games: dict[int, int] = defaultdict(int)
    places: dict[int, list[int]] = defaultdict(list)
    opponents: dict[int, list[int]] = defaultdict(list)
    beaten: dict[int, list[tuple[int, float]]] = defaultdict(list)
    for result in results:
        scored = result_points(result, place_points, tables=tables)
        for player, place in zip(result.players, result.places, strict=True):
            points[player] += scored[player]
            if result.bye:
                continue
            games[player] += 1
            places[player].append(place)
            for other in result.players:
                if other != player:
                    opponents[player].append(other)
                    if not tables:
                        beaten[player].append((other, scored[player]))
    seed = {player: index for index, player in enumerate(entrants)}
    kind = TIEBREAKS.get((format_, tables), ())
    advanced: dict[int, int] = defaultdict(int)
    if format_ == ELIMINATION:
        for result in results:
            advanced[goes_through(result, seed)] += 1

    def breaks(player: int) -> tuple[float, ...]:
        values = []
        for name in kind:
            faced = [points[o] for o in opponents[player]]
            if name == "buchholz":
                values.append(sum(faced))
            elif name == "median_buchholz":
                trimmed = sorted(faced)[1:-1] if len(faced) > 2 else []
                values.append(sum(trimmed))
            elif name == "sonneborn_berger":
                values.append(sum(points[o] * score for o, score in beaten[player]))
            elif name == "sum_of_places":
                values.append(float(sum(places[player])))
            elif name == "opponents_points":
                values.append(sum(faced))
        return tuple(values)

    def order_key(player: int) -> tuple[float, ...]:
        if format_ == ELIMINATION:
            return (-advanced[player],)
        signs = [1.0 if name == "sum_of_places" else -1.0 for name in kind]
        return (-points[player], *(s * v for s, v in zip(signs, breaks(player), strict=True)))

    ranked = sorted(entrants, key=lambda p: (order_key(p), seed[p]))
    rows: list[Row] = []
    for index, player in enumerate(ranked):
        rank = index + 1
        if rows and order_key(ranked[index - 1]) == order_key(player):
            rank = rows[-1].rank
        rows.append(
            Row(rank, player, points[player], games[player], breaks(player), player in dropped, tuple(places[player]))
        )
    return rows


def tiebreak_names(format_: str, table_size: int) -> tuple[str, ...]:
    """The tie-break columns of the format, in the order they apply."""
    return TIEBREAKS.get((format_, uses_tables(format_, table_size)), ())


def points_table(rows: Sequence[Row]) -> Mapping[int, float]:
    """Points by player."""
    return {row.player: row.points for row in rows}
