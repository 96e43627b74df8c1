"""A tournament's life with people: restarts, drops, deadlines, corrections, refusals, ratings."""

from __future__ import annotations

import pytest

from bot.clocks import DAY
from bot.service import Service
from bot.tournaments.service import TournamentError, TournamentService
from tests.bot.conftest import fixed_seeds
from tests.bot.tournaments.helpers import GUILD, ORGANISER, open_tournament, robots

PEOPLE = [11, 12, 13, 14]


@pytest.fixture
def tournaments(service):
    return TournamentService(service)


async def running_games(tournaments, tid):
    tournament = await tournaments.get(tid)
    return [t for t in await tournaments.store.tables(tid, tournament.current_round) if not t.settled]


async def resign_all(tournaments, tables, loser_index=1):
    for table in tables:
        await tournaments.service.resign(table.match_id, table.players[loser_index])


async def test_results_flow_back_and_the_next_round_starts_after_a_restart(store, clock, tournaments):
    tid = await open_tournament(tournaments, PEOPLE, game_key="volto", format_="swiss", rounds=2)
    await tournaments.start(tid, ORGANISER)
    first = await running_games(tournaments, tid)
    assert len(first) == 2
    await tournaments.service.resign(first[0].match_id, first[0].players[1])
    # Restart: new service objects over the same store; one result arrives while "down".
    bare = Service(store, clock=clock, seeds=fixed_seeds())
    await bare.resign(first[1].match_id, first[1].players[1])
    restarted = TournamentService(Service(store, clock=clock, seeds=fixed_seeds()))
    assert (await restarted.get(tid)).current_round == 1
    await restarted.tick()
    tournament = await restarted.get(tid)
    assert tournament.current_round == 2, "the missed result was collected and round two paired"
    second = await running_games(restarted, tid)
    assert len(second) == 2 and all(t.match_id for t in second)
    await resign_all(restarted, second)
    assert (await restarted.get(tid)).status == "finished"
    rows = (await restarted.standings(tid)).rows
    assert rows[0].points == 2.0


async def test_a_round_half_created_is_finished_after_a_restart(store, clock, tournaments):
    tid = await open_tournament(tournaments, PEOPLE, game_key="volto", format_="swiss", rounds=1)
    original = tournaments._open_table
    opened = 0

    async def crash_after_one(tournament, table):
        nonlocal opened
        if opened:
            raise RuntimeError("power cut")
        opened += 1
        await original(tournament, table)

    tournaments._open_table = crash_after_one
    with pytest.raises(RuntimeError):
        await tournaments.start(tid, ORGANISER)
    restarted = TournamentService(Service(store, clock=clock, seeds=fixed_seeds()))
    await restarted.tick()
    tables = await restarted.store.tables(tid, 1)
    assert all(t.match_id is not None for t in tables)
    for table in tables:
        assert (await restarted.service.get_match(table.match_id)).is_running


async def test_a_player_who_drops_is_not_paired_again_and_the_autopilot_takes_their_seat(tournaments):
    tid = await open_tournament(tournaments, PEOPLE, game_key="volto", format_="swiss", rounds=3)
    await tournaments.start(tid, ORGANISER)
    await resign_all(tournaments, await running_games(tournaments, tid))
    second = await running_games(tournaments, tid)
    leaving = second[0].players[0]
    await tournaments.leave(tid, leaving)
    match = await tournaments.service.get_match(second[0].match_id)
    assert match.record.autopilot_seats == {match.seat_of(leaving)}, "the autopilot plays the dropped seat"
    assert match.is_running, "the opponent still plays their own seat"
    await tournaments.service.resign(second[0].match_id, second[0].players[1])
    await resign_all(tournaments, [t for t in await running_games(tournaments, tid) if t.round == 2])
    third = await tournaments.store.tables(tid, 3)
    assert leaving not in {p for t in third for p in t.players}
    assert [len(t.players) for t in third].count(1) == 1, "three players left: one bye"
    standings = await tournaments.standings(tid)
    assert next(r for r in standings.rows if r.player == leaving).dropped
    log = await tournaments.store.log_entries(tid)
    assert log[-1].action == "drop" and log[-1].detail == {"user": leaving}


async def test_a_drop_with_the_forfeit_rule_resigns_the_running_game(tournaments):
    tid = await open_tournament(tournaments, PEOPLE, game_key="volto", format_="swiss", rounds=2, drop_rule="forfeit")
    await tournaments.start(tid, ORGANISER)
    table = (await running_games(tournaments, tid))[0]
    await tournaments.drop(tid, table.players[0], actor_id=ORGANISER, reason="no-show")
    settled = next(t for t in await tournaments.store.tables(tid, 1) if t.table_no == table.table_no)
    assert settled.places == (2, 1)
    with pytest.raises(TournamentError) as refused:
        await tournaments.drop(tid, table.players[0], actor_id=ORGANISER)
    assert refused.value.code == "tournament.error.already_dropped"


async def test_the_round_deadline_hands_unfinished_games_to_the_autopilot(clock, tournaments):
    tid = await open_tournament(tournaments, PEOPLE, game_key="volto", format_="swiss", rounds=2, round_time="2d")
    await tournaments.start(tid, ORGANISER)
    first = await running_games(tournaments, tid)
    await tournaments.service.resign(first[0].match_id, first[0].players[1])
    clock.advance(DAY)
    await tournaments.tick()
    assert (await tournaments.get(tid)).current_round == 1, "not yet"
    clock.advance(DAY + 1)
    await tournaments.tick()
    settled = next(t for t in await tournaments.store.tables(tid, 1) if t.table_no == first[1].table_no)
    assert settled.settled_by == "autopilot"
    assert (await tournaments.get(tid)).current_round == 2
    posts = [a.payload for a in await tournaments.store.due_announcements()]
    said = [m["key"] for p in posts for m in p.get("messages", [])]
    assert "tournament.event.deadline" in said and "tournament.event.autopilot_finished" in said


@pytest.mark.parametrize(("game", "how"), [("rialto", "adjudicated"), ("venezia2099", "autopilot")])
async def test_adjudication_by_score_where_the_game_shows_one(clock, tournaments, game, how):
    tid = await open_tournament(
        tournaments, [21, 22, 23], game_key=game, format_="pods", rounds=1, table_size=3, settle="adjudicate"
    )
    await tournaments.start(tid, ORGANISER)
    clock.advance(7 * DAY + 1)
    await tournaments.tick()
    [table] = await tournaments.store.tables(tid, 1)
    assert table.settled_by == how, "Venezia 2099 hides its treasures: no score to adjudicate by"
    match = await tournaments.service.get_match(table.match_id)
    assert match.record.status == "finished"
    if how == "adjudicated":
        assert match.outcome.reason.key == "tournament.reason.adjudicated"
        assert match.outcome.scores is not None
    assert (await tournaments.get(tid)).status == "finished"


async def test_pause_holds_the_clock_and_resume_restores_it(clock, tournaments):
    tid = await open_tournament(tournaments, PEOPLE, game_key="volto", format_="swiss", rounds=1, round_time="2d")
    await tournaments.start(tid, ORGANISER)
    with pytest.raises(TournamentError):
        await tournaments.pause(tid, PEOPLE[0])
    await tournaments.pause(tid, ORGANISER, reason="holidays")
    clock.advance(10 * DAY)
    await tournaments.tick()
    assert (await tournaments.get(tid)).status == "paused"
    await tournaments.resume(tid, ORGANISER)
    tournament = await tournaments.get(tid)
    assert tournament.round_deadline == pytest.approx(clock.now + 2 * DAY)


async def test_a_correction_is_logged_with_who_and_why(tournaments):
    tid = await open_tournament(tournaments, robots(4), game_key="volto", format_="swiss", rounds=1)
    await tournaments.start(tid, ORGANISER)
    table = (await tournaments.store.tables(tid, 1))[0]
    with pytest.raises(TournamentError) as refused:
        await tournaments.correct(tid, ORGANISER, table.match_id, "2,1", "")
    assert refused.value.code == "tournament.error.reason_needed"
    flipped = "2,1" if table.places == (1, 2) else "1,2"
    await tournaments.correct(tid, ORGANISER, table.match_id, flipped, "wrong result reported")
    after = (await tournaments.store.tables(tid, 1))[0]
    assert after.settled_by == "corrected" and after.places == tuple(int(p) for p in flipped.split(","))
    [entry] = [e for e in await tournaments.store.log_entries(tid) if e.action == "correct"]
    assert entry.actor == ORGANISER and entry.reason == "wrong result reported"
    assert entry.detail["before"] == list(table.places)


@pytest.mark.parametrize(
    ("options", "code"),
    [
        (
            {"game_key": "volto", "format_": "swiss", "rounds": 3, "options_text": "ply_cap=banana"},
            "core.error.bad_option",
        ),
        ({"game_key": "volto", "format_": "pods", "rounds": 3}, "tournament.error.needs_tables"),
        ({"game_key": "rialto", "format_": "pods", "table_size": 6}, "tournament.error.bad_table_size"),
        ({"game_key": "volto", "format_": "swiss"}, "tournament.error.rounds_needed"),
        ({"game_key": "volto", "format_": "knockout"}, "tournament.error.bad_format"),
        ({"game_key": "rialto", "format_": "pods", "place_points": "1,2,3,4"}, "tournament.error.bad_points"),
        ({"game_key": "volto", "format_": "elimination", "round_time": "10m"}, "tournament.error.bad_round_time"),
        ({"game_key": "volto", "format_": "elimination", "settle": "coin"}, "tournament.error.bad_settle"),
    ],
)
async def test_creating_with_options_that_do_not_fit_is_refused(tournaments, options, code):
    with pytest.raises(Exception) as refused:
        await tournaments.create(ORGANISER, guild_id=GUILD, channel_id=1, **options)
    assert getattr(refused.value, "code", None) == code
    assert await tournaments.store.in_guild(GUILD, ("signup",)) == []


async def test_joining_is_refused_twice_without_the_role_without_the_record_and_after_closing(clock, tournaments):
    tid = await open_tournament(tournaments, [], game_key="volto", format_="elimination", required_role=77)
    with pytest.raises(TournamentError) as refused:
        await tournaments.join(tid, 11, roles=[5])
    assert refused.value.code == "tournament.error.role_required"
    await tournaments.join(tid, 11, roles=[77])
    with pytest.raises(TournamentError) as refused:
        await tournaments.join(tid, 11, roles=[77])
    assert refused.value.code == "tournament.error.already_joined"
    clock.advance(2 * DAY)
    with pytest.raises(TournamentError) as refused:
        await tournaments.join(tid, 12, roles=[77])
    assert refused.value.code == "tournament.error.signup_closed"
    assert [e.user_id for e in await tournaments.store.entrants(tid)] == [11]


async def test_joining_needs_the_minimum_completion_rate(tournaments):
    service = tournaments.service
    match = await service.create_match("volto", 31, guild_id=GUILD, channel_id=1)
    await service.join(match.id, 32)
    await service.resign(match.id, 31)
    tid = await open_tournament(tournaments, [], game_key="volto", format_="elimination", min_completion=80)
    with pytest.raises(TournamentError) as refused:
        await tournaments.join(tid, 31)
    assert refused.value.code == "tournament.error.completion_too_low"
    await tournaments.join(tid, 32)


async def test_starting_with_too_few_and_by_someone_else_is_refused(tournaments):
    tid = await open_tournament(tournaments, [11, 12], game_key="volto", format_="swiss", rounds=3)
    with pytest.raises(TournamentError) as refused:
        await tournaments.start(tid, 11)
    assert refused.value.code == "tournament.error.organiser_only"
    with pytest.raises(TournamentError) as refused:
        await tournaments.start(tid, ORGANISER)
    assert refused.value.code == "tournament.error.too_few"
    assert (await tournaments.get(tid)).status == "signup"


async def test_sign_up_closing_with_too_few_cancels_and_says_so(clock, tournaments):
    tid = await open_tournament(tournaments, [11], game_key="volto", format_="elimination")
    clock.advance(DAY + 1)
    await tournaments.tick()
    assert (await tournaments.get(tid)).status == "cancelled"
    [post] = await tournaments.store.due_announcements()
    assert post.payload["messages"][0]["key"] == "tournament.event.too_few"


async def test_a_result_for_a_game_not_in_the_tournament_is_refused(tournaments):
    tid = await open_tournament(tournaments, robots(4), game_key="volto", format_="swiss", rounds=1)
    await tournaments.start(tid, ORGANISER)
    other = await tournaments.service.create_match("volto", 11, guild_id=GUILD, channel_id=1)
    with pytest.raises(TournamentError) as refused:
        await tournaments.correct(tid, ORGANISER, other.id, "1,2", "typo")
    assert refused.value.code == "tournament.error.not_in_tournament"
    with pytest.raises(TournamentError) as refused:
        await tournaments.correct(tid, 11, other.id, "1,2", "typo")
    assert refused.value.code == "tournament.error.organiser_only"
