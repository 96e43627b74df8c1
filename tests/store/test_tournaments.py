"""The store's contract for tournaments and ratings (the tournament repository), on every backend."""

from __future__ import annotations

import asyncio

from bot.store import Store
from bot.tournaments.ratings import Rating
from bot.tournaments.store import NewTournament, TournamentStore
from tests.store.helpers import new_match


def settings(guild_id: int | None = 1) -> NewTournament:
    return NewTournament(
        guild_id=guild_id,
        channel_id=2,
        organiser_id=42,
        name="Carnevale",
        game_key="volto",
        options={},
        format="swiss",
        rounds=3,
        table_size=2,
        place_points=(1.0, 0.0),
        time_limit=3600,
        time_bank=0,
        round_seconds=86400,
        settle="autopilot",
        drop_rule="autopilot",
        signup_closes=100.0,
        check_in=True,
        required_role=None,
        min_completion=0,
        rated=True,
        computer="",
    )


async def test_a_tournament_its_entrants_tables_and_announcements(store):
    woken: list[int] = []
    store.set_outbox_listener(lambda: woken.append(1))
    repo = TournamentStore(store)
    tid = await repo.create(settings(), 5.0)
    other = await repo.create(settings(None), 6.0)
    assert other == tid + 1
    found = await repo.get(tid)
    assert found is not None and (found.name, found.status, found.check_in, found.place_points) == (
        "Carnevale",
        "signup",
        True,
        (1.0, 0.0),
    )
    assert [t.id for t in await repo.in_guild(None, ("signup",))] == [other], "NULL matches NULL"
    for user in (30, 31, 32):
        assert await repo.add_entrant(tid, user, 7.0), "three sign up at the same moment"
    assert not await repo.add_entrant(tid, 31, 8.0), "a second sign-up is refused"
    assert [e.user_id for e in await repo.entrants(tid)] == [30, 31, 32], "sign-up order breaks the tie"
    await repo.set_entrant(tid, 30, checked_in=1)
    assert sorted(await repo.drop_unchecked(tid)) == [31, 32]
    assert await repo.add_entrant(tid, 33, 9.0) and await repo.remove_entrant(tid, 33)
    assert not await repo.remove_entrant(tid, 33)
    await repo.update(tid, status="running", current_round=1)
    await repo.start_round(tid, 1, [(30, 34), (35,)], deadline=500.0, announcement={"round": 1}, now=10.0)
    assert woken, "an announcement wakes the deliverer"
    pair, bye = await repo.tables(tid, 1)
    assert pair.players == (30, 34) and not pair.settled and bye.is_bye and bye.settled
    match_id = await new_match(store)
    await repo.set_table_match(pair, match_id)
    assert (table := await repo.table_of_match(match_id)) is not None and table.table_no == 1
    assert await repo.settle(table, [1, 2], "game")
    assert not await repo.settle(table, [2, 1], "game"), "a settled table keeps its result"
    assert await repo.settle(table, [2, 1], "corrected", overwrite=True)
    [announcement] = await repo.due_announcements()
    assert announcement.payload == {"round": 1}
    await repo.failed(announcement.id)
    assert (await repo.due_announcements())[0].attempts == 1
    await repo.delivered(announcement.id, 11.0)
    assert await repo.due_announcements() == []
    await repo.log(tid, 42, "drop", {"user": 31}, "late", 12.0)
    [entry] = await repo.log_entries(tid)
    assert (entry.action, entry.detail, entry.reason) == ("drop", {"user": 31}, "late")


async def test_ratings_are_recorded_once_and_kept_per_server_and_game(store):
    repo = TournamentStore(store)
    first, second = await new_match(store, guild_id=None), await new_match(store, guild_id=None)
    before = {10: Rating(25.0, 8.3, 0), 11: Rating(25.0, 8.3, 0)}
    after = {10: Rating(29.0, 7.0, 1), 11: Rating(21.0, 7.0, 1)}
    assert await repo.record_rating(first, None, "volto", {10: 1, 11: 2}, before, after, 5.0)
    assert not await repo.record_rating(first, None, "volto", {10: 1, 11: 2}, before, after, 6.0), "rated once"
    later = {10: Rating(27.0, 6.0, 2), 11: Rating(23.0, 6.0, 2)}
    assert await repo.record_rating(second, None, "volto", {10: 2, 11: 1}, after, later, 7.0)
    assert await repo.ratings(None, "volto", [10, 11, 12]) == {10: later[10], 11: later[11]}
    assert await repo.user_ratings(None, 10) == {"volto": later[10]}
    assert [user for user, _ in await repo.leaderboard(None, "volto", 5)] == [10, 11]
    changes = await repo.rating_changes(first)
    assert {user: (b.mu, a.mu) for user, (b, a) in changes.items()} == {10: (25.0, 29.0), 11: (25.0, 21.0)}
    assert await repo.rating_history(None, "volto") == [{10: 1, 11: 2}, {10: 2, 11: 1}]
    assert await repo.ratings(1, "volto", [10]) == {}, "another server has its own ratings"


async def test_concurrent_raters_of_one_match_rate_it_once(database):
    """Two stores (two processes' worth) rate the same match at the same moment: one wins, nothing fails."""
    async with Store.open(database) as first, Store.open(database) as second:
        match_id = await new_match(first)
        before = {10: Rating(25.0, 8.3, 0), 11: Rating(25.0, 8.3, 0)}
        after = {10: Rating(29.0, 7.0, 1), 11: Rating(21.0, 7.0, 1)}
        results = await asyncio.gather(
            *(
                TournamentStore(store).record_rating(match_id, 1, "volto", {10: 1, 11: 2}, before, after, 5.0)
                for store in (first, second, first, second)
            )
        )
        assert sorted(results) == [False, False, False, True]
        assert len(await TournamentStore(second).rating_changes(match_id)) == 2


async def test_delivered_announcements_are_pruned_before_the_cutoff_in_batches(store):
    repo = TournamentStore(store)
    tid = await repo.create(settings(), 1.0)
    for n in range(5):
        await repo.announce(tid, {"n": n}, 1.0)
    ids = [a.id for a in await repo.due_announcements()]
    for announcement_id in ids[:3]:
        await repo.delivered(announcement_id, 10.0)
    await repo.delivered(ids[3], 50.0)
    assert await repo.prune_announcements(20.0, limit=2) == 2
    assert await repo.prune_announcements(20.0, limit=2) == 1
    assert await repo.prune_announcements(20.0, limit=2) == 0, "the one delivered later and the pending one stay"
    assert [a.id for a in await repo.due_announcements()] == ids[4:]
    [[left]] = await store.fetch_all("SELECT count(*) FROM tournament_outbox")
    assert left == 2
