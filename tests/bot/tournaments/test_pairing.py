"""Pairing: Swiss through the library, pods, round robin and elimination, on known cases."""

from __future__ import annotations

import itertools
import random

import pytest

from bot.tournaments import pairing
from bot.tournaments.pairing import PairingError, SwissEntry


def play_swiss(count: int, rounds: int, seed: int) -> list[pairing.Round]:
    """A simulated Swiss with random results, tracked the way the service tracks it."""
    rnd = random.Random(seed)
    score = dict.fromkeys(range(1, count + 1), 0.0)
    colours: dict[int, list[str]] = {p: [] for p in score}
    floats: dict[int, list[str]] = {p: [] for p in score}
    byes = dict.fromkeys(score, 0)
    met: set[frozenset[int]] = set()
    played = []
    for number in range(1, rounds + 1):
        entries = [SwissEntry(p, score[p], 0, tuple(colours[p]), tuple(floats[p]), byes[p]) for p in score]
        paired = pairing.swiss_round(entries, met, number, rounds)
        before = dict(score)
        for a, b in paired.tables:
            colours[a].append("white")
            colours[b].append("black")
            for p, f in pairing.floats_of(before, (a, b)).items():
                floats[p].append(f)
            result = rnd.choice([1.0, 0.5, 0.0])
            score[a] += result
            score[b] += 1 - result
        for p in paired.byes:
            score[p] += 1
            byes[p] += 1
            colours[p].append("none")
            floats[p].append("none")
        met |= pairing.met_pairs(paired.tables)
        played.append(paired)
    return played


@pytest.mark.parametrize("count", [8, 9])
def test_swiss_never_repeats_a_pairing_and_gives_one_bye_per_round_when_odd(count):
    rounds = play_swiss(count, 4, seed=count)
    seen: set[frozenset[int]] = set()
    bye_players = []
    for paired in rounds:
        assert paired.players() == set(range(1, count + 1)), "everyone is paired or on a bye"
        pairs = pairing.met_pairs(paired.tables)
        assert not pairs & seen, "no rematch"
        seen |= pairs
        assert len(paired.byes) == count % 2
        bye_players += paired.byes
    assert len(bye_players) == len(set(bye_players)), "nobody gets two byes"


def test_swiss_balances_who_takes_the_first_seat():
    rounds = play_swiss(8, 4, seed=3)
    firsts = {p: sum(1 for r in rounds for t in r.tables if t[0] == p) for p in range(1, 9)}
    assert all(1 <= n <= 3 for n in firsts.values()), firsts


def test_swiss_round_one_pairs_top_half_against_bottom_half():
    entries = [SwissEntry(p, 0.0) for p in (10, 20, 30, 40)]
    paired = pairing.swiss_round(entries, set(), 1, 3)
    assert {frozenset(t) for t in paired.tables} == {frozenset({10, 30}), frozenset({20, 40})}


def test_swiss_needs_two_players():
    with pytest.raises(PairingError):
        pairing.swiss_round([SwissEntry(1, 0.0)], set(), 1, 1)


@pytest.mark.parametrize(
    ("count", "size", "expected"),
    [(13, 4, [4, 3, 3, 3]), (13, 5, [5, 4, 4]), (12, 4, [4, 4, 4]), (7, 3, [4, 3]), (5, 4, [5]), (3, 5, [3])],
)
def test_table_sizes_stay_within_three_to_five(count, size, expected):
    assert pairing.table_sizes(count, size) == expected


def test_table_sizes_refuse_too_few_players():
    with pytest.raises(PairingError):
        pairing.table_sizes(2, 3)


def test_pods_seat_by_standing_without_repeat_opponents_when_avoidable():
    players = list(range(1, 14))
    met: dict[int, set[int]] = {p: set() for p in players}
    seats: dict[int, list[int]] = {p: [0] * 5 for p in players}
    for _ in range(3):
        paired = pairing.pod_round(players, met, seats, size=4)
        assert sorted(len(t) for t in paired.tables) == [3, 3, 3, 4]
        assert paired.players() == set(players)
        for table in paired.tables:
            for a, b in itertools.combinations(table, 2):
                assert b not in met[a], f"{a} and {b} meet again"
        for table in paired.tables:
            for seat, p in enumerate(table):
                met[p] |= set(table) - {p}
                seats[p][seat] += 1
        players = players[1:] + players[:1]


def test_pods_take_the_leaders_to_the_first_table_in_round_one():
    paired = pairing.pod_round(list(range(1, 9)), {}, {}, size=4)
    assert set(paired.tables[0]) == {1, 2, 3, 4}


def test_seat_order_rotates_the_first_seat():
    seats = {1: [2, 0, 0], 2: [0, 2, 0], 3: [0, 0, 2]}
    assert pairing.seat_order((1, 2, 3), seats)[0] != 1
    assert pairing.seat_order((1, 2, 3), {}) == (1, 2, 3)


@pytest.mark.parametrize("count", [4, 5, 6, 7])
def test_round_robin_meets_every_pair_exactly_once(count):
    rounds = pairing.round_robin_rounds(list(range(1, count + 1)))
    assert len(rounds) == (count if count % 2 else count - 1)
    pairs = [frozenset(t) for r in rounds for t in r.tables]
    assert len(pairs) == len(set(pairs)) == count * (count - 1) // 2
    byes = [p for r in rounds for p in r.byes]
    assert sorted(byes) == (list(range(1, count + 1)) if count % 2 else [])


@pytest.mark.parametrize("count", range(2, 25))
def test_round_robin_seats_alternate_as_in_the_berger_tables(count):
    # Issue 18: 7 players gave some a first-seat history of WB-BBWB (two more firsts than seconds).
    rounds = pairing.round_robin_rounds(list(range(1, count + 1)))
    for player in range(1, count + 1):
        seats = "".join(
            "W" if any(t[0] == player for t in r.tables) else "B" if any(t[1] == player for t in r.tables) else ""
            for r in rounds
        )
        assert abs(seats.count("W") - seats.count("B")) <= 1, (player, seats)
        assert "WWW" not in seats and "BBB" not in seats, (player, seats)
        if count % 2:
            assert "WW" not in seats and "BB" not in seats, f"odd fields alternate strictly: {seats}"


def test_round_robin_of_six_is_the_berger_table():
    rounds = pairing.round_robin_rounds([1, 2, 3, 4, 5, 6])
    assert [set(r.tables) for r in rounds] == [
        {(1, 6), (2, 5), (3, 4)},
        {(6, 4), (5, 3), (1, 2)},
        {(2, 6), (3, 1), (4, 5)},
        {(6, 5), (1, 4), (2, 3)},
        {(3, 6), (4, 2), (5, 1)},
    ]


def test_bracket_positions_put_the_top_seeds_apart():
    assert pairing.bracket_positions(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    with pytest.raises(PairingError):
        pairing.bracket_positions(6)


def test_elimination_gives_the_byes_to_the_top_seeds():
    slots = pairing.elimination_first_round([11, 12, 13, 14, 15, 16, 17])
    assert slots[0] == (11,), "seed 1 has the bye"
    assert sorted(len(s) for s in slots) == [1, 2, 2, 2]
    assert pairing.elimination_rounds(7) == 3
    # Round two from the winners of round one: 11 (bye), 14 (beat 15), 12 (beat 17), 13 (beat 16).
    played = [[((11,), 11), ((14, 15), 14), ((12, 17), 12), ((13, 16), 13)]]
    assert pairing.elimination_round([11, 12, 13, 14, 15, 16, 17], played, {11, 12, 13, 14, 15, 16, 17}) == [
        (11, 14),
        (12, 13),
    ]
