"""Ratings through the service: who is rated, once per match, and the line in the end message."""

from __future__ import annotations

import pytest

from bot.tournaments import ratings
from bot.tournaments.service import TournamentService
from tests.bot.tournaments.helpers import GUILD, ORGANISER, open_tournament, robots


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
