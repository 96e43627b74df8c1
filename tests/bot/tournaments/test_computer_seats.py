"""The computer in tournaments: it plays byes and fills short tables when the organiser allows it.

Off by default (byes stay free points and short tables play short, as the other suites
check). With ``computer`` set, a bye of a two-seat format becomes a game against the
computer at that level, and a pod short of the table size gets computer seats; the
computer is no entrant (no standings row, never rated), and in Swiss a game against it
counts as the player's bye, so nobody meets it twice.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from bot import ai_worker
from bot.ai_worker import AiWorker, level_of_user
from bot.tournaments.rounds import seat_computers
from bot.tournaments.service import TournamentError, TournamentService
from games.ai import Level
from tests.bot.tournaments.helpers import CHANNEL, GUILD, ORGANISER, open_tournament

PEOPLE = [21, 22, 23, 24, 25]


@pytest.fixture
def tournaments(service, monkeypatch):
    """Searching computer seats think in a thread with no time to spare, so the tests stay quick."""
    executor = ThreadPoolExecutor(max_workers=1)
    monkeypatch.setattr(ai_worker, "WORKER", AiWorker(seconds=0.0, executor=executor))
    yield TournamentService(service)
    executor.shutdown()


async def finish_round(tournaments, tid):
    """Every unsettled table of the current round: a person resigns (the first one seated)."""
    tournament = await tournaments.get(tid)
    for table in await tournaments.store.tables(tid, tournament.current_round):
        if not table.settled:
            person = next(p for p in table.players if p > 0)
            await tournaments.service.resign(table.match_id, person)


async def test_an_odd_swiss_field_plays_the_computer_instead_of_a_bye(tournaments):
    tid = await open_tournament(tournaments, PEOPLE, game_key="volto", format_="swiss", rounds=3, computer="strong")
    await tournaments.start(tid, ORGANISER)
    faced_computer: list[int] = []
    for number in (1, 2, 3):
        tables = await tournaments.store.tables(tid, number)
        assert all(len(t.players) == 2 for t in tables), "no table of one: the bye is a game"
        [with_computer] = [t for t in tables if any(p < 0 for p in t.players)]
        [robot] = [p for p in with_computer.players if p < 0]
        [person] = [p for p in with_computer.players if p > 0]
        assert level_of_user(robot) is Level.STRONG
        match = await tournaments.service.get_match(with_computer.match_id)
        assert match.is_running and match.record.seats == with_computer.players
        assert with_computer.players.index(person) in (0, 1)
        faced_computer.append(person)
        await finish_round(tournaments, tid)
    assert len(set(faced_computer)) == 3, "a game against the computer counts as the bye: nobody gets two"
    assert (await tournaments.get(tid)).status == "finished"
    standings = await tournaments.standings(tid)
    assert sorted(row.player for row in standings.rows) == PEOPLE, "the computer is no entrant"
    assert await tournaments.user_ratings(GUILD, faced_computer[0]) != {}, "the person's other games are rated"


async def test_a_short_pod_gets_computer_seats_up_to_the_table_size(tournaments):
    people = list(range(31, 38))  # seven people at tables of four: a pod of four and one of three
    tid = await open_tournament(
        tournaments, people, game_key="rialto", format_="pods", rounds=1, table_size=4, computer="normal"
    )
    await tournaments.start(tid, ORGANISER)
    tables = await tournaments.store.tables(tid, 1)
    assert sorted(len(t.players) for t in tables) == [4, 4]
    [short] = [t for t in tables if any(p < 0 for p in t.players)]
    assert [level_of_user(p) for p in short.players if p < 0] == [Level.NORMAL]
    assert short.players[-1] < 0, "the computer sits after the people"
    assert sorted(p for t in tables for p in t.players if p > 0) == people
    match = await tournaments.service.get_match(short.match_id)
    assert match.is_running and match.record.seats == short.players
    assert short.players.index(min(short.players)) in match.record.autopilot_seats


async def test_without_the_setting_a_bye_is_still_a_table_of_one(tournaments):
    tid = await open_tournament(tournaments, PEOPLE, game_key="volto", format_="swiss", rounds=3)
    await tournaments.start(tid, ORGANISER)
    tables = await tournaments.store.tables(tid, 1)
    assert sorted(len(t.players) for t in tables) == [1, 2, 2]
    assert all(p > 0 for t in tables for p in t.players)


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"format_": "swiss", "rounds": 3, "computer": "grandmaster"}, "tournament.error.bad_computer"),
        ({"format_": "elimination", "computer": "easy"}, "tournament.error.computer_elimination"),
    ],
)
async def test_a_computer_setting_that_cannot_work_is_refused(tournaments, options, code):
    with pytest.raises(TournamentError) as refused:
        await tournaments.create(ORGANISER, guild_id=GUILD, channel_id=CHANNEL, game_key="volto", **options)
    assert refused.value.code == code
    assert await tournaments.store.in_guild(GUILD, ("signup",)) == []


async def test_none_means_no_computer(tournaments):
    tournament = await tournaments.create(
        ORGANISER, guild_id=GUILD, channel_id=CHANNEL, game_key="volto", format_="swiss", rounds=2, computer="none"
    )
    assert tournament.computer == ""
    assert (await tournaments.get(tournament.id)).computer == ""


async def test_the_person_takes_the_second_seat_against_the_computer_in_even_rounds(tournaments):
    tournament = await tournaments.create(
        ORGANISER, guild_id=GUILD, channel_id=CHANNEL, game_key="volto", format_="swiss", rounds=2, computer="easy"
    )
    slots = [(1, 2), (3,)]
    assert seat_computers(tournament, slots, 1) == [(1, 2), (3, -1)]
    assert seat_computers(tournament, slots, 2) == [(1, 2), (-1, 3)]
