"""Whole tournaments at tables: Rialto Swiss pods (its autopilot games are the slow ones)."""

from __future__ import annotations

import itertools

import pytest

from bot.tournaments.service import TournamentService
from tests.bot.tournaments.helpers import ORGANISER, open_tournament, robots
from tests.bot.tournaments.test_whole_tournaments import check_seating


@pytest.fixture
def tournaments(service):
    return TournamentService(service)


async def test_rialto_swiss_pods_of_thirteen_players(tournaments):
    tid = await open_tournament(
        tournaments, robots(13), game_key="rialto", format_="pods", rounds=2, table_size=4, place_points="4,2,1,0"
    )
    await tournaments.start(tid, ORGANISER)
    assert (await tournaments.get(tid)).status == "finished"
    tables = await tournaments.store.tables(tid)
    for number in (1, 2):
        sizes = sorted(len(t.players) for t in tables if t.round == number)
        assert sizes == [3, 3, 3, 4]
    met = [frozenset(p) for t in tables for p in itertools.combinations(t.players, 2)]
    assert len(met) == len(set(met)), "no repeat opponents"
    await check_seating(tournaments, tid)
    standings = await tournaments.standings(tid)
    assert standings.tiebreaks == ("sum_of_places", "opponents_points")
    leader = standings.rows[0]
    assert leader.points == max(r.points for r in standings.rows)
    assert leader.tiebreaks[0] == sum(leader.places)


async def test_twilight_round_robin_of_five(tournaments):
    tid = await open_tournament(tournaments, robots(5), game_key="twilight", format_="round_robin")
    await tournaments.start(tid, ORGANISER)
    tournament = await tournaments.get(tid)
    assert tournament.status == "finished" and tournament.rounds == 5
    tables = await tournaments.store.tables(tid)
    games = [frozenset(t.players) for t in tables if not t.is_bye]
    assert len(games) == len(set(games)) == 10, "every pair exactly once"
    assert sorted(t.players[0] for t in tables if t.is_bye) == sorted(robots(5))
    await check_seating(tournaments, tid)
    assert (await tournaments.standings(tid)).tiebreaks == ("sonneborn_berger",)
