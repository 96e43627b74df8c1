"""What a tournament's rounds are: how many, who may enter, and who meets whom next.

Pure functions of the tournament's settings and its tables so far (its history), so the
pairing of a round can be tested without a store and recomputed after a restart.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Mapping, Sequence
from typing import Any, Final

from bot.ai_worker import robot_user
from bot.tournaments import pairing
from bot.tournaments import standings as standing
from bot.tournaments.store import Table, Tournament
from games.ai import Level

MIN_ENTRANTS: Final = {"swiss": 2, "pods": 3, "round_robin": 3, "elimination": 2}


def pair_round(
    tournament: Tournament,
    min_players: int,
    max_players: int,
    entrants: Sequence[Any],
    history: Sequence[Table],
    playing: list[int],
    number: int,
) -> list[tuple[int, ...]]:
    """The next round's tables (a 1-tuple is a bye); empty when the event is over.

    ``min_players`` and ``max_players`` are the game's seat counts.
    """
    results = results_of(history)
    seeds = {e.user_id: e.seed for e in entrants}
    seeded_all = [e.user_id for e in sorted(entrants, key=lambda e: e.seed)]
    low, high = max(3, min_players), min(5, max_players)
    if tournament.format == "swiss":
        if len(playing) < 2:
            return []
        entries = swiss_entries(seeded_all, playing, history, results)
        pairs = pairing.met_pairs([t.players for t in history if not t.is_bye])
        paired = pairing.swiss_round(entries, pairs, number, tournament.rounds)
        return [*paired.tables, *((p,) for p in paired.byes)]
    if tournament.format == "pods" or (tournament.format == "round_robin" and tournament.table_size > 2):
        if len(playing) < low:
            return []
        met, seats = meetings(history)
        if tournament.format == "pods":
            rows = standing.compute(
                "pods", seeded_all, results, table_size=tournament.table_size, place_points=tournament.place_points
            )
            order = [row.player for row in rows if row.player in playing]
            paired = pairing.pod_round(order, met, seats, size=tournament.table_size, low=low, high=high)
        else:
            order = [p for p in seeded_all if p in playing]
            paired = pairing.table_round_robin(order, met, seats, size=tournament.table_size, low=low, high=high)
        return list(paired.tables)
    if tournament.format == "round_robin":
        schedule = pairing.round_robin_rounds(seeded_all)[number - 1]
        slots: list[tuple[int, ...]] = []
        for table in schedule.tables:
            present = tuple(p for p in table if p in playing)
            if present:
                slots.append(present)
        slots += [(p,) for p in schedule.byes if p in playing]
        return slots
    # Single elimination: the bracket decides; a withdrawal is a walkover in its slot.
    played = [[(t.players, winner_of(t, seeds)) for t in history if t.round == past] for past in range(1, number)]
    return pairing.elimination_round(seeded_all, played, playing)


def seat_computers(tournament: Tournament, slots: Sequence[tuple[int, ...]], number: int) -> list[tuple[int, ...]]:
    """Round ``number``'s tables with the computer seated where the organiser allows it.

    With ``tournament.computer`` set, a bye (a table of one) of a two-seat format becomes a
    game against the computer at that level (the person in the first seat in odd rounds,
    the second in even ones), and a table shorter than the tournament's table size gets
    computer seats at its end. The computer's seats are robot user ids
    (:func:`bot.ai_worker.robot_user`), which the service plays and ratings leave out; the
    person's points come from the game, as for any table. Without the setting, the tables
    are as paired.
    """
    if not tournament.computer:
        return list(slots)
    level = Level(tournament.computer)
    size = 2 if tournament.table_size <= 2 else tournament.table_size
    seated: list[tuple[int, ...]] = []
    for table in slots:
        robots = tuple(robot_user(level, n) for n in range(size - len(table)))
        if len(table) == 1 and size == 2 and number % 2 == 0:
            seated.append((*robots, *table))
        else:
            seated.append((*table, *robots))
    return seated


def min_entrants(tournament: Tournament) -> int:
    """The fewest entrants the format can run a tournament with."""
    base = MIN_ENTRANTS[tournament.format]
    if tournament.format == "swiss":
        return max(base, tournament.rounds + 1)
    if tournament.format == "round_robin" and tournament.table_size > 2:
        return max(base, tournament.table_size)
    return base


def planned_rounds(tournament: Tournament, count: int) -> int:
    """How many rounds a tournament of ``count`` entrants plays."""
    if tournament.format == "swiss":
        return tournament.rounds
    if tournament.format == "round_robin":
        if tournament.table_size > 2:
            return tournament.rounds or pairing.table_round_robin_rounds(count, tournament.table_size)
        return count - 1 if count % 2 == 0 else count
    if tournament.format == "elimination":
        return pairing.elimination_rounds(count)
    return tournament.rounds or 3


def results_of(history: Sequence[Table]) -> list[standing.Result]:
    """The settled results of the tables so far (cancelled ones left out)."""
    return [
        standing.Result(t.round, t.players, t.places, bye=t.is_bye)
        for t in history
        if t.places is not None and t.settled_by != "cancelled"
    ]


def winner_of(table: Table, seeds: Mapping[int, int]) -> int | None:
    """Who goes through from an elimination table (see :func:`standing.goes_through`); None while unsettled."""
    if table.places is None:
        return None
    return standing.goes_through(standing.Result(table.round, table.players, table.places), seeds)


def meetings(history: Sequence[Table]) -> tuple[dict[int, set[int]], dict[int, list[int]]]:
    """Whom each player has met, and how often they sat in each seat."""
    met: dict[int, set[int]] = defaultdict(set)
    seats: dict[int, list[int]] = defaultdict(lambda: [0] * 5)
    for table in history:
        if table.is_bye:
            continue
        for seat, player in enumerate(table.players):
            met[player].update(p for p in table.players if p != player)
            seats[player][seat] += 1
    return met, seats


def swiss_entries(
    seeded: Sequence[int], playing: Collection[int], history: Sequence[Table], results: Sequence[standing.Result]
) -> list[pairing.SwissEntry]:
    """Each playing entrant's Swiss history: points, first seats, floats, byes."""
    rounds = sorted({t.round for t in history})
    colours: dict[int, list[str]] = defaultdict(list)
    floats: dict[int, list[str]] = defaultdict(list)
    byes: dict[int, int] = defaultdict(int)
    score: dict[int, float] = defaultdict(float)
    entrants = set(seeded)
    for number in rounds:
        before = dict(score)
        for table in (t for t in history if t.round == number):
            people = [p for p in table.players if p in entrants]
            if len(people) == 1:  # a bye, or a game against the computer in its place (seat_computers)
                colours[people[0]].append("none")
                floats[people[0]].append("none")
                byes[people[0]] += 1
            else:
                colours[table.players[0]].append("white")
                colours[table.players[1]].append("black")
                for player, direction in pairing.floats_of(before, table.players).items():
                    floats[player].append(direction)
        for result in (r for r in results if r.round == number):
            for player, points in standing.result_points(result, (), tables=False).items():
                score[player] += points
    count = len(seeded)
    return [
        pairing.SwissEntry(p, score[p], float(count - i), tuple(colours[p]), tuple(floats[p]), byes[p])
        for i, p in enumerate(seeded)
        if p in playing
    ]
