"""Two bot processes on one database: a command that changes a tournament holds it against the other.

Each process's runner claims a tournament to pair a round or close a sign-up (``bot.store.leases``).
Every command that changes a tournament (the organiser's, and a player's join, leave, check-in
and drop) takes the same claim, so it never lands in the middle of the other process's step:
it waits for it, and a step that holds on too long gets a clear "busy" and changes nothing.
Two stores over one database are two processes' worth (on SQLite and on PostgreSQL, where
several processes really do share one); each service has its own worker id.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

import pytest
import pytest_asyncio

from bot.service import Service
from bot.store import Store
from bot.tournaments import service as tournament_service
from bot.tournaments.service import TournamentError, TournamentService
from tests.bot.conftest import FakeClock, fixed_seeds
from tests.bot.tournaments.helpers import ORGANISER, open_tournament
from tests.postgres import BOTH_BACKENDS

PEOPLE = [11, 12, 13, 14]
NEWCOMER = 15


@dataclass
class Processes:
    here: TournamentService
    there: TournamentService
    clock: FakeClock

    async def hold_there(self, tournament_id: int) -> None:
        """The other process claims the tournament, as its runner does to step it."""
        now = self.clock()
        service = self.there.service
        assert await self.there.store.claim_tournament(service.worker, tournament_id, now, service.lease_until(now))

    async def release_there(self, tournament_id: int) -> None:
        await self.there.store.release_tournament(self.there.service.worker, tournament_id)


@pytest_asyncio.fixture
async def processes(store: Store, database, clock: FakeClock) -> AsyncIterator[Processes]:
    async with Store.open(database) as other:
        here = TournamentService(Service(store, clock=clock, seeds=fixed_seeds(7, 8, 9)))
        there = TournamentService(Service(other, clock=clock, seeds=fixed_seeds(7, 8, 9)))
        assert here.service.worker != there.service.worker
        yield Processes(here, there, clock)


async def snapshot(tournaments: TournamentService, tournament_id: int) -> tuple[object, ...]:
    """Everything a command could change: the tournament, its entrants, tables and log."""
    store = tournaments.store
    return (
        await store.get(tournament_id),
        await store.entrants(tournament_id),
        await store.tables(tournament_id),
        await tournaments.log(tournament_id),
    )


async def running(processes: Processes, **options: object) -> int:
    tid = await open_tournament(processes.here, PEOPLE, game_key="volto", format_="swiss", rounds=2, **options)
    await processes.here.start(tid, ORGANISER)
    return tid


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_a_pause_waits_while_the_other_process_steps_the_tournament_then_lands(processes):
    tid = await running(processes)
    await processes.hold_there(tid)
    pausing = asyncio.create_task(processes.here.pause(tid, ORGANISER, reason="holidays"))
    await asyncio.sleep(0.5)
    assert not pausing.done(), "the pause waits for the other process"
    assert (await processes.here.get(tid)).status == "running"
    await processes.release_there(tid)
    await asyncio.wait_for(pausing, 5)
    assert (await processes.there.get(tid)).status == "paused", "the other process sees it"
    assert await processes.there.store.claim_tournament("third", tid, processes.clock(), processes.clock() + 60), (
        "the pause gave the tournament back"
    )


Command = Callable[[TournamentService, int], Awaitable[object]]

ON_A_RUNNING_TOURNAMENT: dict[str, Command] = {
    "pause": lambda t, tid: t.pause(tid, ORGANISER),
    "cancel": lambda t, tid: t.cancel(tid, ORGANISER),
    "drop": lambda t, tid: t.drop(tid, PEOPLE[0], actor_id=ORGANISER),
    "leave": lambda t, tid: t.leave(tid, PEOPLE[1]),
}

DURING_SIGN_UP: dict[str, Command] = {
    "start": lambda t, tid: t.start(tid, ORGANISER),
    "join": lambda t, tid: t.join(tid, NEWCOMER),
    "leave": lambda t, tid: t.leave(tid, PEOPLE[0]),
    "check in": lambda t, tid: t.check_in(tid, PEOPLE[0]),
}


async def refused_as_busy(processes: Processes, tid: int, command: Command, monkeypatch) -> None:
    """``command`` in this process while the other holds ``tid`` too long: "busy", and nothing changed."""
    monkeypatch.setattr(tournament_service, "HOLD_WAIT_SECONDS", 0.3)
    await processes.hold_there(tid)
    before = await snapshot(processes.here, tid)
    with pytest.raises(TournamentError) as refused:
        await command(processes.here, tid)
    assert refused.value.code == "tournament.error.busy"
    assert await snapshot(processes.here, tid) == before


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
@pytest.mark.parametrize("name", sorted(ON_A_RUNNING_TOURNAMENT))
async def test_a_command_on_a_running_tournament_held_too_long_elsewhere_is_busy_and_changes_nothing(
    processes, name, monkeypatch
):
    tid = await running(processes)
    await refused_as_busy(processes, tid, ON_A_RUNNING_TOURNAMENT[name], monkeypatch)


@pytest.mark.parametrize("name", sorted(DURING_SIGN_UP))
async def test_a_command_during_sign_up_held_too_long_elsewhere_is_busy_and_changes_nothing(
    processes, name, monkeypatch
):
    tid = await open_tournament(processes.here, PEOPLE, game_key="volto", format_="swiss", rounds=2, check_in=True)
    await refused_as_busy(processes, tid, DURING_SIGN_UP[name], monkeypatch)


async def test_resume_and_correct_held_too_long_elsewhere_are_busy_and_change_nothing(processes, monkeypatch):
    tid = await running(processes)
    await processes.here.pause(tid, ORGANISER)
    await refused_as_busy(processes, tid, lambda t, tid: t.resume(tid, ORGANISER), monkeypatch)
    table = (await processes.here.store.tables(tid))[0]
    assert table.match_id is not None
    await processes.release_there(tid)
    await refused_as_busy(
        processes, tid, lambda t, tid: t.correct(tid, ORGANISER, table.match_id, "2,1", "typo"), monkeypatch
    )


async def test_a_join_waits_for_the_sign_up_closing_elsewhere_and_is_refused_once_it_closed(processes):
    """The other process closes the sign-up (and pairs round one) while a player joins here."""
    tid = await open_tournament(processes.here, PEOPLE, game_key="volto", format_="swiss", rounds=2)
    await processes.hold_there(tid)
    joining = asyncio.create_task(processes.here.join(tid, NEWCOMER))
    await asyncio.sleep(0.3)
    assert not joining.done()
    await processes.there.store.update(tid, status="running")  # what closing the sign-up writes first
    await processes.release_there(tid)
    with pytest.raises(TournamentError) as refused:
        await asyncio.wait_for(joining, 5)
    assert refused.value.code == "tournament.error.signup_closed"
    assert NEWCOMER not in {entrant.user_id for entrant in await processes.there.store.entrants(tid)}


async def test_a_refused_non_organiser_does_not_wait_for_the_tournament(processes, monkeypatch):
    monkeypatch.setattr(tournament_service, "HOLD_WAIT_SECONDS", 30.0)
    tid = await running(processes)
    await processes.hold_there(tid)
    with pytest.raises(TournamentError) as refused:
        await asyncio.wait_for(processes.here.pause(tid, PEOPLE[0]), 2)
    assert refused.value.code == "tournament.error.organiser_only"
