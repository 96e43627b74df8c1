"""Ratings through the service: who is rated, once per match, and the line in the end message."""

from __future__ import annotations

import os
import random

import pytest

from bot.clocks import DAY
from bot.service import Service
from bot.tournaments import ratings
from bot.tournaments.service import TournamentService
from games.core import msg
from tests.bot.conftest import fixed_seeds
from tests.bot.tournaments.helpers import GUILD, ORGANISER, open_tournament, robots
from tests.postgres import BOTH_BACKENDS

SOAK = os.environ.get("SERENISSIMA_SOAK") == "1"


@pytest.fixture
def tournaments(service):
    return TournamentService(service)


async def finished_match(service, winner=11, loser=12):
    match = await service.create_match("volto", winner, guild_id=GUILD, channel_id=1)
    await service.join(match.id, loser)
    await service.resign(match.id, loser)
    return match.id


async def test_a_finished_game_between_people_moves_both_ratings_and_says_so(tournaments, store):
    match_id = await finished_match(tournaments.service)
    mine = await tournaments.user_ratings(GUILD, 11)
    theirs = await tournaments.user_ratings(GUILD, 12)
    assert ratings.display(mine["volto"]) > ratings.display(theirs["volto"])
    assert mine["volto"].mu > theirs["volto"].mu and mine["volto"].games == 1
    outbox = await store.due_notifications(tournaments.clock() + 1, limit=500)
    lines = [e for n in outbox if n.match_id == match_id for e in n.payload.get("events", [])]
    changed = [line for line in lines if line["key"] == "rating.event.changed"]
    assert {line["params"]["user"] for line in changed} == {11, 12}
    assert any(n.payload.get("final") for n in outbox if n.match_id == match_id)


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_a_match_is_rated_once(tournaments):
    match_id = await finished_match(tournaments.service)
    again = await tournaments.rate_match(await tournaments.service.get_match(match_id))
    assert again == {}
    assert (await tournaments.user_ratings(GUILD, 11))["volto"].games == 1


async def test_games_against_the_autopilot_are_not_rated(tournaments):
    await tournaments.service.create_match("volto", 11, guild_id=GUILD, channel_id=1, vs_autopilot=True)
    match = (await tournaments.service.user_matches(11))[0]
    await tournaments.service.resign(match.id, 11)
    assert await tournaments.user_ratings(GUILD, 11) == {}


async def test_leaderboard_orders_by_the_conservative_rating(tournaments):
    for _ in range(3):
        await finished_match(tournaments.service, 11, 12)
    await finished_match(tournaments.service, 13, 12)
    board = await tournaments.leaderboard(GUILD, "volto")
    order = [user for user, _ in board]
    assert order[0] == 11 and order[-1] == 12
    assert all(r.provisional for _, r in board)


async def test_unrated_tournaments_leave_ratings_alone(tournaments):
    players = [41, 42]
    tid = await open_tournament(tournaments, players, game_key="volto", format_="elimination", rated=False)
    await tournaments.start(tid, ORGANISER)
    [table] = await tournaments.store.tables(tid, 1)
    await tournaments.service.resign(table.match_id, table.players[1])
    assert (await tournaments.get(tid)).status == "finished"
    assert await tournaments.user_ratings(GUILD, 41) == {}


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_replaying_the_stored_history_reproduces_the_stored_ratings(tournaments):
    for winner, loser in [(11, 12), (12, 13), (13, 11), (11, 13)]:
        await finished_match(tournaments.service, winner, loser)
    history = await tournaments.store.rating_history(GUILD, "volto")
    replayed = ratings.replay(history)
    for user in (11, 12, 13):
        stored = (await tournaments.user_ratings(GUILD, user))["volto"]
        assert replayed[user].mu == pytest.approx(stored.mu) and replayed[user].games == stored.games


async def test_tournament_games_of_autopilot_entrants_are_not_rated(tournaments):
    tid = await open_tournament(tournaments, robots(4), game_key="volto", format_="swiss", rounds=1)
    await tournaments.start(tid, ORGANISER)
    assert await tournaments.leaderboard(GUILD, "volto") == []


async def test_a_match_opened_as_unrated_leaves_ratings_alone(tournaments):
    match = await tournaments.service.create_match("volto", 11, guild_id=GUILD, channel_id=1, rated=False)
    await tournaments.service.join(match.id, 12)
    await tournaments.service.resign(match.id, 12)
    assert not (await tournaments.service.get_match(match.id)).record.rated
    assert await tournaments.user_ratings(GUILD, 11) == {}


async def test_a_result_the_tournament_finds_through_its_timer_is_rated_once(store, clock, tournaments):
    # Issue 18: a game the tournament only learns about through its timer (a restart, a missed
    # callback) was settled and paired on, but never rated.
    tid = await open_tournament(tournaments, [11, 12, 13, 14], game_key="volto", format_="swiss", rounds=2)
    await tournaments.start(tid, ORGANISER)
    first = await tournaments.store.tables(tid, 1)
    unheard = Service(store, clock=clock, seeds=fixed_seeds())  # nobody listening: the callback is missed
    for table in first:
        await unheard.resign(table.match_id, table.players[1])
    restarted = TournamentService(Service(store, clock=clock, seeds=fixed_seeds()))
    await restarted.tick()
    assert (await restarted.get(tid)).current_round == 2, "the results were taken and round two paired"
    for table in first:
        changes = await restarted.store.rating_changes(table.match_id)
        assert set(changes) == set(table.players), "every result taken is rated"
    await restarted.tick()
    await restarted.on_match_finished(await restarted.service.get_match(first[0].match_id))
    for player in (p for table in first for p in table.players):
        assert (await restarted.user_ratings(GUILD, player))["volto"].games == 1, "and rated once"


async def test_games_the_autopilot_finishes_at_the_round_deadline_are_rated_once(clock, tournaments):
    # The deadline hands every seat to the autopilot by the organiser's rule: no abandonment, so the
    # result the tournament takes is rated (it was settled and paired on unrated). A seat the
    # autopilot held before the deadline still counts as abandoned: a loss, whatever the board says.
    people = [11, 12, 13, 14]
    tid = await open_tournament(tournaments, people, game_key="volto", format_="swiss", rounds=2, round_time="1d")
    await tournaments.start(tid, ORGANISER)
    first = await tournaments.store.tables(tid, 1)
    gone = first[1].players[1]
    await tournaments.service.hand_to_autopilot(first[1].match_id, [1], msg("tournament.event.autopilot_finishes"))
    clock.advance(DAY + 1)
    await tournaments.tick()
    assert (await tournaments.get(tid)).current_round == 2
    for table in first:
        settled = next(t for t in await tournaments.store.tables(tid, 1) if t.table_no == table.table_no)
        assert settled.settled_by == "autopilot"
        changes = await tournaments.store.rating_changes(table.match_id)
        assert set(changes) == set(table.players), "the deadline's result is rated"
        winner = settled.players[settled.places.index(min(settled.places))]
        if table.players[1] != gone and min(settled.places) != max(settled.places):
            assert changes[winner][1].mu > changes[winner][0].mu, "rated by the result the tournament took"
    gone_before, gone_after = (await tournaments.store.rating_changes(first[1].match_id))[gone]
    assert gone_after.mu < gone_before.mu, "the seat left before the deadline is a loss"
    await tournaments.on_match_finished(await tournaments.service.get_match(first[0].match_id))
    await tournaments.tick()
    for player in people:
        assert (await tournaments.user_ratings(GUILD, player))["volto"].games == 1, "and rated once"


class Crash(Exception):
    """The process dying at a chosen point (nothing after it runs)."""


def crash_at(point, tournaments):
    """Make ``tournaments`` die at ``point`` of the round deadline's work."""
    if point.startswith("hand_over_"):  # before the n-th table's hand-over is written
        calls = [0]
        hand_over = tournaments._hand_over

        async def failing(*args, **kwargs):
            calls[0] += 1
            if calls[0] == int(point[-1]):
                raise Crash
            await hand_over(*args, **kwargs)

        tournaments._hand_over = failing
    elif point == "mid_play":  # the hand-over is written, the autopilot has not played yet

        async def failing_play(match, **_):
            raise Crash

        tournaments.service._play_automatic = failing_play
    else:  # the autopilot finished the game; nobody settled or rated it (the callback died too)

        async def failing_settle(*args, **kwargs):
            raise Crash

        tournaments._settle_from_match = failing_settle


async def places_of(store, match_id):
    rows = await store.database.fetch_all("SELECT user_id, place FROM rating_changes WHERE match_id = ?", (match_id,))
    return dict(rows)


@pytest.mark.parametrize("point", ["hand_over_1", "hand_over_2", "mid_play", "before_settle"])
async def test_a_crash_at_the_round_deadline_leaves_every_game_rated_once_by_who_left_before(
    store, clock, tournaments, point
):
    # Issue 18 §5: a crash after the deadline handed the seats over but before the table was
    # settled left the game to the timer, which rated it as if every seat had been abandoned
    # (so not at all); and the deadline was cleared before the hand-over, so a crash in between
    # left games running with no deadline. Whatever the crash point, the timer of a restarted
    # process finishes the job: every game rated once, only the seat left before counts as
    # abandoned, one audit row per match.
    people = [11, 12, 13, 14]
    tid = await open_tournament(tournaments, people, game_key="volto", format_="swiss", rounds=2, round_time="1d")
    await tournaments.start(tid, ORGANISER)
    first = await tournaments.store.tables(tid, 1)
    left = {first[0].match_id: [1], first[1].match_id: []}  # seats the autopilot held before the deadline
    await tournaments.service.hand_to_autopilot(first[0].match_id, [1], msg("tournament.event.autopilot_finishes"))
    clock.advance(DAY + 1)
    crash_at(point, tournaments)
    await tournaments.tick()  # dies (the timer logs it)
    crashed = await tournaments.get(tid)
    assert crashed.current_round == 1 and crashed.round_deadline is not None, "the timer will come back"
    restarted = TournamentService(Service(store, clock=clock, seeds=fixed_seeds()))
    await restarted.tick()
    await restarted.tick()
    assert (await restarted.get(tid)).current_round == 2, "round one was settled and round two paired"
    for table in first:
        settled = next(t for t in await restarted.store.tables(tid, 1) if t.table_no == table.table_no)
        assert settled.settled_by == "autopilot"
        match = await restarted.service.get_match(table.match_id)
        acts = [e for e in await restarted.service.match_audit(table.match_id) if e.reason == "round deadline"]
        assert [(e.kind, e.detail["left_before"]) for e in acts] == [("autopilot", left[table.match_id])]
        expected = ratings.rated_places(match.record.seats, match.outcome.ranks, left[table.match_id])
        assert expected and await places_of(store, table.match_id) == expected, "rated, by who left before"
    gone = first[0].players[1]
    gone_before, gone_after = (await restarted.store.rating_changes(first[0].match_id))[gone]
    assert gone_after.mu < gone_before.mu, "the seat left before the deadline is a loss"
    for player in people:
        assert (await restarted.user_ratings(GUILD, player))["volto"].games == 1, "and rated once"


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_the_round_deadline_run_twice_hands_over_and_rates_nothing_twice(store, clock, tournaments):
    # Another process (or a re-run after a crash) acting on the same deadline: seats already
    # handed over are not handed over again (no second note, no second audit row), and the
    # deadline's result is rated once.
    people = [11, 12, 13, 14]
    tid = await open_tournament(tournaments, people, game_key="volto", format_="swiss", rounds=2, round_time="1d")
    await tournaments.start(tid, ORGANISER)
    first = await tournaments.store.tables(tid, 1)
    clock.advance(DAY + 1)
    crash_at("mid_play", tournaments)
    await tournaments.tick()
    handed = await tournaments.service.get_match(first[0].match_id)
    assert handed.is_running and set(handed.record.autopilot_seats) == {0, 1}, "handed over, not yet played"
    other = TournamentService(Service(store, clock=clock, seeds=fixed_seeds()))
    await other.settle_deadline(tid)
    await other.settle_deadline(tid)  # nothing left to do
    for table in first:
        audit = await other.service.match_audit(table.match_id)
        assert [e.kind for e in audit if e.reason == "round deadline"] == ["autopilot"]
        assert len(await places_of(store, table.match_id)) == 2
    for player in people:
        assert (await other.user_ratings(GUILD, player))["volto"].games == 1


async def test_a_crash_between_rating_and_settling_a_result_leaves_it_to_the_timer(store, clock, tournaments):
    # A table is settled only after its game was rated: a settled table is never looked at
    # again, so a crash between the two must leave the table unsettled, for the timer.
    tid = await open_tournament(tournaments, [11, 12, 13, 14], game_key="volto", format_="swiss", rounds=2)
    await tournaments.start(tid, ORGANISER)
    first = await tournaments.store.tables(tid, 1)

    async def dying(*args, **kwargs):
        raise Crash

    tournaments.rate_match = dying
    for table in first:
        await tournaments.service.resign(table.match_id, table.players[1])  # the callback dies rating
    assert not any(t.settled for t in await tournaments.store.tables(tid, 1)), "not settled unrated"
    restarted = TournamentService(Service(store, clock=clock, seeds=fixed_seeds()))
    await restarted.tick()
    assert (await restarted.get(tid)).current_round == 2
    for table in first:
        assert set(await places_of(store, table.match_id)) == set(table.players)


async def test_a_crash_after_the_deadline_adjudicated_a_game_leaves_it_rated_once_and_labelled(
    store, clock, tournaments
):
    # The adjudicated result is written with its audit row: the timer of a restarted process
    # settles the table as adjudicated (not as a game that ended on its own) and rates it once.
    people = [21, 22, 23]
    tid = await open_tournament(
        tournaments, people, game_key="rialto", format_="pods", rounds=1, table_size=3, settle="adjudicate"
    )
    await tournaments.start(tid, ORGANISER)
    clock.advance(7 * DAY + 1)
    crash_at("before_settle", tournaments)
    await tournaments.tick()
    [table] = await tournaments.store.tables(tid, 1)
    assert not table.settled and (await tournaments.service.get_match(table.match_id)).record.status == "finished"
    restarted = TournamentService(Service(store, clock=clock, seeds=fixed_seeds()))
    await restarted.tick()
    [table] = await restarted.store.tables(tid, 1)
    assert table.settled_by == "adjudicated"
    audit = await restarted.service.match_audit(table.match_id)
    assert [e.kind for e in audit if e.reason == "round deadline"] == ["adjudicate"]
    assert set(await places_of(store, table.match_id)) == set(people)
    for player in people:
        assert (await restarted.user_ratings(GUILD, player))["rialto"].games == 1


FORMATS = {
    "swiss": {"game_key": "volto", "rounds": 3},
    "elimination": {"game_key": "volto"},
    "round_robin": {"game_key": "volto"},
    "pods": {"game_key": "rialto", "rounds": 2, "table_size": 3, "place_points": "3,1,0"},
}


@pytest.mark.parametrize("seed", range(8 if not SOAK else 80))
async def test_every_result_of_a_random_event_is_rated_exactly_once_however_it_arrives(store, clock, seed):
    # Each game ends by a resignation the tournament hears of, one it only finds by its timer
    # (another service: nobody listening), or not at all before the round deadline (the
    # autopilot finishes it). Pods leave nothing to the deadline on purpose (Rialto's autopilot is
    # slow), but a resignation at a table of three can leave the game to the other two, so some do.
    rnd = random.Random(seed)
    format_ = list(FORMATS)[seed % len(FORMATS)]
    people = list(range(11, 11 + rnd.randint(4 if format_ != "pods" else 6, 7)))
    tournaments = TournamentService(Service(store, clock=clock, seeds=fixed_seeds()))
    unheard = Service(store, clock=clock, seeds=fixed_seeds())
    tid = await open_tournament(tournaments, people, format_=format_, round_time="1d", **FORMATS[format_])
    await tournaments.start(tid, ORGANISER)
    ways = ["heard", "unheard"] + (["deadline"] if format_ != "pods" else [])
    for _ in range(20):
        tournament = await tournaments.get(tid)
        if tournament.status != "running":
            break
        for table in await tournaments.store.tables(tid, tournament.current_round):
            way = rnd.choice(ways)
            if not table.settled and way != "deadline":
                service = tournaments.service if way == "heard" else unheard
                await service.resign(table.match_id, rnd.choice(table.players))
        clock.advance(DAY + 1)
        await tournaments.tick()
    assert (await tournaments.get(tid)).status == "finished"
    games = [t for t in await tournaments.store.tables(tid) if t.match_id is not None]
    played: dict[int, int] = dict.fromkeys(people, 0)
    for table in games:
        assert set(await tournaments.store.rating_changes(table.match_id)) == set(table.players), table.settled_by
        for player in table.players:
            played[player] += 1
    for player in people:
        assert (await tournaments.user_ratings(GUILD, player))[FORMATS[format_]["game_key"]].games == played[player]
    replayed = ratings.replay(await tournaments.store.rating_history(GUILD, FORMATS[format_]["game_key"]))
    for player in people:
        stored = (await tournaments.user_ratings(GUILD, player))[FORMATS[format_]["game_key"]]
        assert replayed[player].mu == pytest.approx(stored.mu)
