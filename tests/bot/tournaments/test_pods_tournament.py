"""A 13-player Rialto Swiss pods event: tables of 3-5 by standing, no repeat opponents.

Rialto's autopilot games take about a second each, so by default the players end each game
by a resignation (the one resigning comes last, the others share first place, which still
spreads the standings); ``SERENISSIMA_SOAK=1`` lets the autopilot play every game out.
"""

from __future__ import annotations

import itertools
import os

import pytest

from bot.tournaments.service import TournamentService
from tests.bot.tournaments.helpers import ORGANISER, open_tournament, robots
from tests.bot.tournaments.test_whole_tournaments import check_seating

SOAK = os.environ.get("SERENISSIMA_SOAK") == "1"
PEOPLE = list(range(201, 214))


@pytest.fixture
def tournaments(service):
    return TournamentService(service)


async def play_out(tournaments, tid):
    """Resign one seat of every running game, round after round, until the event is over."""
    for _ in range(10):
        tournament = await tournaments.get(tid)
        if tournament.status != "running":
            return
        for table in await tournaments.store.tables(tid, tournament.current_round):
            if not table.settled:
                loser = table.players[tournament.current_round % len(table.players)]
                await tournaments.service.resign(table.match_id, loser)


async def test_rialto_swiss_pods_of_thirteen_players(tournaments):
    players = robots(13) if SOAK else PEOPLE
    tid = await open_tournament(
        tournaments, players, game_key="rialto", format_="pods", rounds=3, table_size=4, place_points="4,2,1,0"
    )
    await tournaments.start(tid, ORGANISER)
    await play_out(tournaments, tid)
    assert (await tournaments.get(tid)).status == "finished"
    tables = await tournaments.store.tables(tid)
    for number in (1, 2, 3):
        sizes = sorted(len(t.players) for t in tables if t.round == number)
        assert sizes == [3, 3, 3, 4]
    met = [frozenset(p) for t in tables for p in itertools.combinations(t.players, 2)]
    assert len(met) == len(set(met)), "no repeat opponents"
    sat: set[tuple[int, int]] = set()
    for number in (1, 2, 3):
        this_round = [t for t in tables if t.round == number]
        for table in this_round:
            repeats = sum((p, seat) in sat for seat, p in enumerate(table.players))
            fewest = min(
                sum((p, seat) in sat for seat, p in enumerate(order)) for order in itertools.permutations(table.players)
            )
            assert repeats == fewest, "seats rotate: no other order repeats fewer past seats"
        sat |= {(p, seat) for t in this_round for seat, p in enumerate(t.players)}
    await check_seating(tournaments, tid)
    standings = await tournaments.standings(tid)
    assert standings.tiebreaks == ("sum_of_places", "opponents_points")
    leader = standings.rows[0]
    assert leader.points == max(r.points for r in standings.rows)
    assert leader.tiebreaks[0] == sum(leader.places)
