"""Whole tournaments of autopilot entrants on a fake clock, one per format."""

from __future__ import annotations

import os

import pytest

from bot.tournaments import pairing
from bot.tournaments.service import TournamentService
from tests.bot.tournaments.helpers import ORGANISER, open_tournament, robots
from tests.postgres import BOTH_BACKENDS


@pytest.fixture
def tournaments(service):
    return TournamentService(service)


async def check_seating(tournaments, tournament_id):
    """Every match seats its players exactly as the pairing asked."""
    for table in await tournaments.store.tables(tournament_id):
        if table.match_id is not None:
            match = await tournaments.service.get_match(table.match_id)
            assert match.record.seats == table.players
            assert match.record.status == "finished"


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_volto_swiss_of_eight_players_three_rounds(tournaments):
    tid = await open_tournament(tournaments, robots(8), game_key="volto", format_="swiss", rounds=3)
    await tournaments.start(tid, ORGANISER)
    tournament = await tournaments.get(tid)
    assert tournament.status == "finished" and tournament.current_round == 3
    tables = await tournaments.store.tables(tid)
    assert len(tables) == 12 and all(t.settled_by == "game" for t in tables)
    pairs = [frozenset(t.players) for t in tables]
    assert len(pairs) == len(set(pairs)), "no rematch"
    firsts = {p: sum(1 for t in tables if t.players[0] == p) for p in robots(8)}
    assert all(1 <= n <= 2 for n in firsts.values()), "first seats are balanced"
    await check_seating(tournaments, tid)
    standings = await tournaments.standings(tid)
    assert standings.tiebreaks == ("buchholz", "median_buchholz")
    assert sum(r.points for r in standings.rows) == 12, "one point per game"
    points = {r.player: r.points for r in standings.rows}
    for row in standings.rows:
        opponents = [p for t in tables if row.player in t.players for p in t.players if p != row.player]
        assert row.tiebreaks[0] == sum(points[o] for o in opponents)
    assert [r.rank for r in standings.rows] == sorted(r.rank for r in standings.rows)


async def test_swiss_with_an_odd_field_gives_one_bye_a_round_worth_a_point(tournaments):
    tid = await open_tournament(tournaments, robots(7), game_key="volto", format_="swiss", rounds=3)
    await tournaments.start(tid, ORGANISER)
    tables = await tournaments.store.tables(tid)
    byes = [t for t in tables if t.is_bye]
    assert [t.round for t in byes] == [1, 2, 3]
    assert len({t.players[0] for t in byes}) == 3, "nobody has two byes"
    standings = await tournaments.standings(tid)
    assert sum(r.points for r in standings.rows) == 9 + 3


async def test_single_elimination_of_eight_with_one_no_show_and_a_bye(tournaments):
    players = robots(8)
    tid = await open_tournament(tournaments, players, game_key="volto", format_="elimination", check_in=True)
    for player in players[:7]:
        await tournaments.check_in(tid, player)
    await tournaments.start(tid, ORGANISER)
    tournament = await tournaments.get(tid)
    assert tournament.status == "finished" and tournament.rounds == 3
    entrants = await tournaments.store.entrants(tid)
    assert players[7] not in {e.user_id for e in entrants}, "who did not check in does not play"
    first = [t for t in await tournaments.store.tables(tid, 1)]
    assert [t.players for t in first if t.is_bye] == [(entrants[0].user_id,)], "the top seed has the bye"
    final = await tournaments.store.tables(tid, 3)
    assert len(final) == 1 and not final[0].is_bye
    champion = final[0].players[final[0].places.index(1)]
    standings = await tournaments.standings(tid)
    assert standings.rows[0].player == champion and standings.rows[0].points == 3


@pytest.mark.soak
@pytest.mark.skipif(os.environ.get("SERENISSIMA_SOAK") != "1", reason="long: SERENISSIMA_SOAK=1")
async def test_a_swiss_above_the_dutch_limit_through_the_service(tournaments):
    count = pairing.DUTCH_MAX_PLAYERS + 5
    tid = await open_tournament(tournaments, robots(count), game_key="volto", format_="swiss", rounds=4)
    await tournaments.start(tid, ORGANISER)
    assert (await tournaments.get(tid)).status == "finished"
    tables = await tournaments.store.tables(tid)
    for number in range(1, 5):
        assert sum(1 for t in tables if t.round == number and t.is_bye) == 1, "one bye a round"
    pairs = [frozenset(t.players) for t in tables if not t.is_bye]
    assert len(pairs) == len(set(pairs)), "no rematch"
    for player in robots(count):
        seats = "".join("w" if t.players[0] == player else "b" for t in tables if not t.is_bye and player in t.players)
        assert abs(seats.count("w") - seats.count("b")) <= 2 and "www" not in seats and "bbb" not in seats


@pytest.mark.parametrize("count", [3, 6, 7] if os.environ.get("SERENISSIMA_SOAK") != "1" else range(3, 17))
async def test_round_robin_first_seats_alternate_through_the_service(tournaments, count):
    # Issue 18: 7 players gave first-seat histories such as WB-BBWB. The games are seated as the
    # Berger tables say: nobody ends more than one first seat over their second seats (or the
    # reverse), and in an odd field every player's seats alternate, across the bye too.
    people = list(range(11, 11 + count))
    tid = await open_tournament(tournaments, people, game_key="volto", format_="round_robin")
    await tournaments.start(tid, ORGANISER)
    for _ in range(count + 1):
        tournament = await tournaments.get(tid)
        if tournament.status != "running":
            break
        for table in await tournaments.store.tables(tid, tournament.current_round):
            if not table.settled:
                await tournaments.service.resign(table.match_id, table.players[tournament.current_round % 2])
    assert (await tournaments.get(tid)).status == "finished"
    await check_seating(tournaments, tid)
    tables = [t for t in await tournaments.store.tables(tid) if not t.is_bye]
    assert len({frozenset(t.players) for t in tables}) == len(tables) == count * (count - 1) // 2
    for player in people:
        seats = "".join(
            "W" if t.players[0] == player else "B" for t in sorted(tables, key=lambda t: t.round) if player in t.players
        )
        assert abs(seats.count("W") - seats.count("B")) <= 1, (player, seats)
        assert "WWW" not in seats and "BBB" not in seats, (player, seats)
        if count % 2:
            assert "WW" not in seats and "BB" not in seats, (player, seats)
