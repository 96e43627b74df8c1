"""Swiss rounds keep their rules: one bye, no rematch, FIDE's absolute first-seat rules, least score differences.

Issue 18: the library's ``casual`` engine, which paired fields above 64, gave two or three
byes in a round (100 players, round 6, with drops), first-seat histories such as ``bwbbb``,
and crossed score groups more than needed. These are properties over random fields with
random results and withdrawals, checked round by round against rules written out here (not
the engine's own helpers), and the score differences against an exact optimum.

Bounded here; ``SERENISSIMA_SOAK=1`` (marker ``soak``) runs many more and larger fields.
"""

from __future__ import annotations

import itertools
import os
import random
from dataclasses import dataclass, field

import networkx as nx
import pytest

from bot.tournaments import pairing
from bot.tournaments.pairing import SwissEntry

SOAK = os.environ.get("SERENISSIMA_SOAK") == "1"


@dataclass
class Field:
    """A Swiss being played: what the service keeps for each player."""

    score: dict[int, float]
    seats: dict[int, list[str]]
    floats: dict[int, list[str]]
    byes: dict[int, int]
    met: set[frozenset[int]] = field(default_factory=set)

    @classmethod
    def of(cls, count: int) -> Field:
        players = range(1, count + 1)
        return cls(
            dict.fromkeys(players, 0.0), {p: [] for p in players}, {p: [] for p in players}, dict.fromkeys(players, 0)
        )

    def entries(self, active: list[int]) -> list[SwissEntry]:
        return [
            SwissEntry(p, self.score[p], 0.0, tuple(self.seats[p]), tuple(self.floats[p]), self.byes[p]) for p in active
        ]

    def record(self, paired: pairing.Round, rnd: random.Random) -> None:
        """Random results of a round, kept as the service keeps them."""
        before = dict(self.score)
        for a, b in paired.tables:
            result = rnd.choice([1.0, 1.0, 0.5, 0.0, 0.0])
            self.score[a] += result
            self.score[b] += 1 - result
            self.seats[a].append("white")
            self.seats[b].append("black")
            for player, direction in pairing.floats_of(before, (a, b)).items():
                self.floats[player].append(direction)
        for p in paired.byes:
            self.score[p] += 1
            self.byes[p] += 1
            self.seats[p].append("none")
            self.floats[p].append("none")
        self.met |= pairing.met_pairs(paired.tables)

    def played(self, player: int) -> str:
        """First (w) and second (b) seats of the games played, in order."""
        return "".join(s[0] for s in self.seats[player] if s != "none")


def may_take(seats: str, seat: str) -> bool:
    """FIDE's absolute colour rules (C.04.1 f, g), written out: |w - b| <= 2, never three in a row."""
    after = seats + seat
    return abs(after.count("w") - after.count("b")) <= 2 and seat * 3 not in after[-3:]


def cost(score: dict[int, float], tables) -> int:
    """Sum of squared score differences, in quarter points."""
    return sum(round(4 * (score[a] - score[b]) ** 2) for a, b in tables)


def best_legal_pairing(play: Field, active: list[int]) -> set[tuple[int, int]] | None:
    """The legal pairing of ``active`` (one bye, to someone with the fewest, if odd) with the
    lowest bye score, then the least score differences; None when no pairing keeps every rule."""
    graph = nx.Graph()
    big = 10**9
    for a, b in itertools.combinations(active, 2):
        if frozenset((a, b)) in play.met:
            continue
        sa, sb = play.played(a), play.played(b)
        if (may_take(sa, "w") and may_take(sb, "b")) or (may_take(sa, "b") and may_take(sb, "w")):
            graph.add_edge(a, b, weight=big - round(4 * (play.score[a] - play.score[b]) ** 2))
    if len(active) % 2:
        fewest = min(play.byes[p] for p in active)
        for p in active:
            if play.byes[p] == fewest:
                graph.add_edge(0, p, weight=big - 10**5 * round(2 * play.score[p]))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return matching if 2 * len(matching) == len(active) + len(active) % 2 else None


def optimum(play: Field, active: list[int]) -> tuple[float, int]:
    """The best (bye's score, score differences) any legal pairing of ``active`` can reach."""
    matching = best_legal_pairing(play, active)
    assert matching is not None, "a legal pairing exists"
    bye = [a + b for a, b in matching if 0 in (a, b)]
    return (play.score[bye[0]] if bye else 0.0), cost(play.score, [t for t in matching if 0 not in t])


def check_round(play: Field, active: list[int], paired: pairing.Round, *, exact: bool) -> None:
    assert paired.players() == set(active), "everyone still in is paired or has the bye"
    assert len(paired.tables) * 2 + len(paired.byes) == len(active), "nobody twice"
    assert len(paired.byes) == len(active) % 2, "one bye, and only in an odd field"
    fewest = min(play.byes[p] for p in active)
    assert all(play.byes[p] == fewest for p in paired.byes), "the bye goes to someone with the fewest byes"
    pairs = pairing.met_pairs(paired.tables)
    assert not pairs & play.met, "no rematch"
    for first, second in paired.tables:
        assert may_take(play.played(first), "w"), f"first seat for {first} after {play.played(first)}"
        assert may_take(play.played(second), "b"), f"second seat for {second} after {play.played(second)}"
    legal = {  # pairs allowed to meet next, by the rules above
        frozenset((a, b))
        for a, b in itertools.combinations(active, 2)
        if frozenset((a, b)) not in play.met
        and any(may_take(play.played(x), "w") and may_take(play.played(y), "b") for x, y in ((a, b), (b, a)))
    }
    for (a, b), (c, d) in itertools.combinations(paired.tables, 2):
        if play.score[a] == play.score[b] and play.score[c] == play.score[d]:
            continue
        now = cost(play.score, [(a, b), (c, d)])
        for x, y in (((a, c), (b, d)), ((a, d), (b, c))):
            if frozenset(x) in legal and frozenset(y) in legal:
                assert cost(play.score, [x, y]) >= now, "an exchange of partners would lower the score differences"
    if exact:
        bye_score = play.score[paired.byes[0]] if paired.byes else 0.0
        assert (bye_score, cost(play.score, paired.tables)) == optimum(play, active), "least score differences"


def play_large_swiss(count: int, rounds: int, seed: int, drop_chance: float, *, exact: bool = False) -> Field:
    rnd = random.Random(seed)
    play = Field.of(count)
    active = list(play.score)
    for number in range(1, rounds + 1):
        if number > 1:  # withdrawals, as long as the field stays above the Dutch engine's limit
            staying = [p for p in active if rnd.random() >= drop_chance]
            active = staying if len(staying) > pairing.DUTCH_MAX_PLAYERS else active
        paired = pairing.swiss_round(play.entries(active), play.met, number, rounds)
        check_round(play, active, paired, exact=exact)
        play.record(paired, rnd)
    return play


def test_a_field_of_a_hundred_with_drops_keeps_one_bye_and_the_seat_rules():
    # The shape: 100 players, withdrawals every round, checked through round 9.
    play_large_swiss(101, 9, seed=6, drop_chance=0.04)


@pytest.mark.parametrize("seed", range(4))
def test_random_large_fields_keep_the_swiss_rules(seed):
    rnd = random.Random(seed)
    count = rnd.randint(pairing.DUTCH_MAX_PLAYERS + 1, 160)
    play_large_swiss(count, rnd.randint(5, 11), seed, drop_chance=rnd.choice([0.0, 0.02, 0.06]))


def test_a_large_field_reaches_the_least_score_differences():
    play_large_swiss(pairing.DUTCH_MAX_PLAYERS + 7, 8, seed=11, drop_chance=0.02, exact=True)


def play_random_exact_event(seed: int) -> None:
    """A random large field (65-130 players, 6-14 rounds, some withdrawals), every round against the optimum."""
    rnd = random.Random(1000 + seed)
    count = rnd.randint(pairing.DUTCH_MAX_PLAYERS + 1, 130)
    play_large_swiss(count, rnd.randint(6, 14), seed, drop_chance=rnd.choice([0.0, 0.03, 0.08]), exact=True)


@pytest.mark.parametrize("seed", [16, 22])
def test_random_large_fields_reach_the_least_score_differences(seed):
    # Two of the soak's events (the quickest) where the score groups and the exchanges of
    # partners alone stay above the optimum: the exact re-pairing around needless crossings
    # is needed (taking it out fails 15 of the soak's 40, these two among them).
    play_random_exact_event(seed)


def test_the_bye_goes_to_the_lowest_ranked_player_who_has_not_had_one():
    # 67 players on one point after two rounds; the lowest ranked got his point from a bye in
    # round one (FIDE C.04.1 d: no second bye), so the next one up has the bye.
    count = pairing.DUTCH_MAX_PLAYERS + 3
    played = [("white", "black") if p % 2 else ("black", "white") for p in range(1, count)]
    entries = [SwissEntry(p, 1.0, 0.0, played[p - 1], ("none", "none"), 0) for p in range(1, count)]
    entries.append(SwissEntry(count, 1.0, 0.0, ("none", "black"), ("none", "none"), 1))
    paired = pairing.swiss_round(entries, set(), 3, 7)
    assert paired.byes == (count - 1,)
    assert any(count in table for table in paired.tables), "who had the bye plays"


@pytest.mark.soak
@pytest.mark.skipif(not SOAK, reason="long randomised run: SERENISSIMA_SOAK=1")
@pytest.mark.parametrize("seed", range(40))
def test_soak_random_large_fields_keep_every_rule_and_the_optimum(seed):
    play_random_exact_event(seed)


@pytest.mark.soak
@pytest.mark.skipif(not SOAK, reason="long randomised run: SERENISSIMA_SOAK=1")
@pytest.mark.parametrize("count", [200, 500, 1000])
def test_soak_very_large_fields_keep_the_swiss_rules_and_the_optimum(count):
    # The exact optimum over the whole field takes up to a minute a round at 1,000 players.
    play_large_swiss(count, 11, seed=count, drop_chance=0.03, exact=True)


def test_a_field_that_has_all_met_rematches_rather_than_giving_everyone_a_bye():
    # When no pairing keeps every rule, the Dutch engine gave all four players a bye (a free point each).
    seats = {1: "wbw", 2: "bwb", 3: "wbb", 4: "bww"}
    name = {"w": "white", "b": "black"}
    entries = [SwissEntry(p, 1.5, 0.0, tuple(name[c] for c in seats[p]), ("none",) * 3, 0) for p in seats]
    everyone = {frozenset(pair) for pair in itertools.combinations(seats, 2)}
    paired = pairing.swiss_round(entries, everyone, 4, 4)
    assert paired.byes == () and paired.players() == set(seats), "a rematch, not four free points"
    for first, second in paired.tables:
        assert may_take(seats[first], "w") and may_take(seats[second], "b"), "the seat rules still hold"


@pytest.mark.parametrize("seed", [0, 1, 2, 10, 33] if not SOAK else range(80))
def test_small_fields_keep_one_bye_and_rematch_only_when_nothing_else_pairs(seed):
    # Seeds 10 and 33: the Dutch engine gave several byes in a round (10: 9 players, round 6)
    # and a third first seat running although a legal pairing existed (33: 15 players, round 7).
    rnd = random.Random(seed)
    count = rnd.randint(5, 40)
    rounds = rnd.randint(3, min(9, count - 1))
    play = Field.of(count)
    active = list(play.score)
    for number in range(1, rounds + 1):
        if number > 1:
            staying = [p for p in active if rnd.random() >= 0.08]
            active = staying if len(staying) >= 4 else active
        paired = pairing.swiss_round(play.entries(active), play.met, number, rounds)
        assert paired.players() == set(active) and len(paired.tables) * 2 + len(paired.byes) == len(active)
        assert len(paired.byes) == len(active) % 2, "one bye, and only in an odd field"
        if best_legal_pairing(play, active) is not None:
            assert not pairing.met_pairs(paired.tables) & play.met, "no rematch while avoidable"
            for first, second in paired.tables:
                assert may_take(play.played(first), "w") and may_take(play.played(second), "b"), "FIDE's colour rules"
        play.record(paired, rnd)


def test_round_one_of_a_large_field_is_top_half_against_bottom_half_with_seats_alternating():
    count = pairing.DUTCH_MAX_PLAYERS + 6
    half = count // 2
    paired = pairing.swiss_round([SwissEntry(p, 0.0) for p in range(1, count + 1)], set(), 1, 7)
    assert {frozenset(t) for t in paired.tables} == {frozenset((p, p + half)) for p in range(1, half + 1)}
    assert [t[0] for t in paired.tables[:4]] == [1, 2 + half, 3, 4 + half], "the first seat alternates by table"
