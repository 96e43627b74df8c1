"""Standings: points and the tie-breaks of each format, on hand-made results."""

from __future__ import annotations

from bot.tournaments.standings import Result, compute, tiebreak_names


def pair(round_, a, b, winner=None):
    if winner is None:
        return Result(round_, (a, b), (1, 1))
    return Result(round_, (a, b), (1, 2) if winner == a else (2, 1))


def test_swiss_points_byes_buchholz_and_median_buchholz():
    # R1: 1 beats 2, 3 beats 4, 5 bye. R2: 1 beats 3, 2 draws 5, 4 bye. R3: 1 beats 5, 2 draws 4, 3 bye.
    results = [
        pair(1, 1, 2, 1),
        pair(1, 3, 4, 3),
        Result(1, (5,), (1,), bye=True),
        pair(2, 1, 3, 1),
        pair(2, 2, 5),
        Result(2, (4,), (1,), bye=True),
        pair(3, 1, 5, 1),
        pair(3, 2, 4),
        Result(3, (3,), (1,), bye=True),
    ]
    rows = compute("swiss", [1, 2, 3, 4, 5], results)
    by = {r.player: r for r in rows}
    assert [r.player for r in rows][:2] == [1, 3]
    assert by[1].points == 3.0 and by[1].games == 3
    assert by[5].points == 1.5 and by[5].games == 2, "the bye scores a point but is not a game"
    # Buchholz of 1: opponents 2 (1), 3 (2), 5 (1.5) -> 4.5; the median drops the best and the worst -> 1.5
    assert by[1].tiebreaks == (4.5, 1.5)
    assert tiebreak_names("swiss", 2) == ("buchholz", "median_buchholz")


def test_equal_points_and_tiebreaks_share_a_rank():
    rows = compute("swiss", [1, 2, 3, 4], [pair(1, 1, 2), pair(1, 3, 4)])
    assert [r.rank for r in rows] == [1, 1, 1, 1]
    assert [r.player for r in rows] == [1, 2, 3, 4], "seed order inside a shared rank"


def test_buchholz_separates_equal_points():
    rows = compute("swiss", [1, 2, 3, 4], [pair(1, 1, 2, 1), pair(1, 3, 4, 3), pair(2, 1, 3, 1), pair(2, 4, 2, 4)])
    assert [r.player for r in rows] == [1, 3, 4, 2]
    assert rows[1].tiebreaks[0] > rows[2].tiebreaks[0]


def test_pods_score_places_then_sum_of_places_then_opponents_points():
    results = [Result(1, (1, 2, 3), (1, 2, 3)), Result(1, (4, 5, 6), (2, 1, 3)), Result(2, (1, 5, 6), (3, 1, 2))]
    rows = compute("pods", [1, 2, 3, 4, 5, 6], results, table_size=3, place_points=(3, 1, 0))
    by = {r.player: r for r in rows}
    assert by[5].points == 6 and by[5].rank == 1
    assert by[1].points == 3 and by[1].tiebreaks[0] == 4.0, "sum of places 1 + 3"
    assert by[1].tiebreaks[1] == by[2].points + by[3].points + by[5].points + by[6].points
    assert tiebreak_names("pods", 3) == ("sum_of_places", "opponents_points")


def test_shared_places_share_the_better_points():
    rows = compute("pods", [1, 2, 3], [Result(1, (1, 2, 3), (1, 1, 3))], table_size=3, place_points=(3, 1, 0))
    assert [r.points for r in rows] == [3, 3, 0]


def test_round_robin_sonneborn_berger():
    results = [pair(1, 1, 2, 1), pair(1, 3, 4, 4), pair(2, 1, 3, 3), pair(2, 2, 4, 2), pair(3, 1, 4, 1), pair(3, 2, 3)]
    rows = compute("round_robin", [1, 2, 3, 4], results)
    by = {r.player: r for r in rows}
    assert by[1].points == 2.0
    assert by[1].tiebreaks == (by[2].points + by[4].points,)
    assert by[3].tiebreaks == (by[1].points + by[2].points / 2,)


def test_dropped_players_stay_in_the_standings_marked():
    rows = compute("swiss", [1, 2], [pair(1, 1, 2, 2)], dropped=frozenset({1}))
    assert rows[-1].player == 1 and rows[-1].dropped
