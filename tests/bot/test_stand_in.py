"""The level the bot plays at for a person who is absent (``/setup autopilot level:``), through the service.

A server chooses it once (easy, today's autopilot, by default); every move the bot chooses in
a person's place because they did not (a single time-out, the seat handed over after three,
a vacation with the autopilot) goes through the worker at that level. A tournament's round
deadline finishes its games with the quick autopilot whatever the server chose. The worker
here is a recording one: a real :class:`~bot.ai_worker.AiWorker` whose searches run in a
counted thread with no time to spare, so the tests stay quick.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot import ai_worker
from bot.ai_worker import AiWorker
from bot.clocks import DAY
from bot.discord.cogs.setup import SETTING_FIELDS
from bot.discord.community_payloads import settings_lines
from bot.i18n import CATALOG, tr_for
from bot.records import ChosenBy
from bot.service import ServerSettings, Service
from bot.service_errors import ServiceError
from bot.tournaments.service import TournamentService
from games.ai import Level
from games.core import Seat
from tests.bot.test_ai_worker import CountingExecutor
from tests.bot.test_clocks import timed_volto
from tests.bot.test_community_setup import time_out_thrice
from tests.bot.tournaments.helpers import GUILD as TOURNAMENT_GUILD
from tests.bot.tournaments.helpers import ORGANISER, open_tournament
from tests.postgres import BOTH_BACKENDS

ON_BOTH = pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
GUILD = 1
"""The server of ``timed_volto``'s matches."""


class RecordingWorker(AiWorker):
    """The real worker, writing down each decision it is asked for: (match ply, seat, level)."""

    def __init__(self) -> None:
        self.searches = CountingExecutor()
        super().__init__(seconds=0.0, executor=self.searches)
        self.asked: list[tuple[Seat, Level]] = []

    async def choose(self, game: Any, state: Any, seat: Seat, level: Level, seed: int) -> Any:
        self.asked.append((seat, level))
        return await super().choose(game, state, seat, level, seed)


@pytest.fixture
def worker(monkeypatch):
    recording = RecordingWorker()
    monkeypatch.setattr(ai_worker, "WORKER", recording)
    yield recording
    recording.searches.shutdown()


async def play_on(service: Service, match_id: int, steps: int = 30) -> None:
    """The people left at the table move (their first option) until the match ends or ``steps`` run out."""
    for _ in range(steps):
        match = await service.get_match(match_id)
        people = [user for user in match.users_to_move() if user > 0]
        if not match.is_running or not people:
            return
        options = await service.move_options(match, people[0])
        await service.submit_move(match_id, people[0], options[0].code)


async def played_for_people(service: Service, match_id: int) -> list[tuple[Seat, str]]:
    """The moves the bot chose in a person's place (time-outs and the autopilot): (seat, chosen by)."""
    return [
        (move.seat, move.chosen_by)
        for move in await service.store.moves(match_id)
        if move.chosen_by in (ChosenBy.TIMEOUT, ChosenBy.AUTOPILOT)
    ]


@ON_BOTH
async def test_the_level_is_easy_by_default_stored_audited_and_reset(service: Service):
    assert (await service.server_settings(GUILD)).autopilot_level is Level.EASY, "today's autopilot"
    after = await service.change_server_settings(GUILD, 99, is_admin=True, reason="tougher", autopilot_level="strong")
    assert after.autopilot_level is Level.STRONG and after.autopilot_takeover, "only the level changed"
    fresh = Service(service.store)  # a restart: read from the store, not from memory
    assert (await fresh.server_settings(GUILD)).autopilot_level is Level.STRONG
    [entry], _ = await service.audit_log(GUILD, is_admin=True, kind="setup")
    assert (entry.actor_id, entry.reason, entry.detail) == (99, "tougher", {"autopilot_level": ["easy", "strong"]})

    await service.change_server_settings(GUILD, 99, is_admin=True, autopilot_takeover=False)
    reset = await service.change_server_settings(GUILD, 99, is_admin=True, **dict.fromkeys(SETTING_FIELDS["autopilot"]))
    assert reset.autopilot_level is Level.EASY and reset.autopilot_takeover, "/setup reset autopilot: both back"
    assert (await Service(service.store).server_settings(GUILD)).autopilot_level is Level.EASY
    newest, *_ = (await service.audit_log(GUILD, is_admin=True, kind="setup"))[0]
    assert newest.detail == {"autopilot_takeover": [False, True], "autopilot_level": ["strong", "easy"]}


@ON_BOTH
async def test_a_level_that_is_none_is_refused_and_changes_nothing(service: Service):
    with pytest.raises(ServiceError) as raised:
        await service.change_server_settings(GUILD, 99, is_admin=True, autopilot_level="grandmaster")
    assert raised.value.code == "community.error.bad_level"
    assert "strong" in raised.value.params["levels"]
    assert (await Service(service.store).server_settings(GUILD)).autopilot_level is Level.EASY
    assert (await service.audit_log(GUILD, is_admin=True))[0] == [], "a refused change writes no audit row"


@pytest.mark.parametrize("level", [Level.NORMAL, Level.STRONG])
@ON_BOTH
async def test_a_taken_over_seat_plays_at_the_servers_level_through_the_worker(service, clock, worker, level):
    await service.change_server_settings(GUILD, 99, is_admin=True, autopilot_level=level.value)
    match_id = await timed_volto(service, "1h")
    await time_out_thrice(service, clock, match_id)
    handed = set((await service.get_match(match_id)).record.autopilot_seats)
    assert handed, "three time-outs handed a seat over"
    await play_on(service, match_id)
    played = await played_for_people(service, match_id)
    assert {chosen for _, chosen in played} == {ChosenBy.TIMEOUT, ChosenBy.AUTOPILOT}
    assert {seat for seat, chosen in played if chosen == ChosenBy.AUTOPILOT} <= handed
    assert len(worker.asked) == len(played), "every move chosen for an absent person went through the worker"
    assert {asked_level for _, asked_level in worker.asked} == {level}
    assert worker.searches.calls == len(played), "each of them searched in the worker's pool"


@ON_BOTH
async def test_by_default_the_absent_person_gets_todays_autopilot(service, clock, worker):
    match_id = await timed_volto(service, "1h")
    await time_out_thrice(service, clock, match_id)
    assert (await service.get_match(match_id)).record.autopilot_seats
    await play_on(service, match_id)
    played = await played_for_people(service, match_id)
    assert played and len(worker.asked) == len(played)
    assert {asked_level for _, asked_level in worker.asked} == {Level.EASY}
    assert worker.searches.calls == 0, "easy is the autopilot on the loop: no search"


async def test_a_vacation_with_the_autopilot_plays_at_the_servers_level(service, worker):
    await service.change_server_settings(GUILD, 99, is_admin=True, autopilot_level="normal")
    match = await service.create_match("venezia2099", 10, guild_id=GUILD, channel_id=2, players=3)
    await service.join(match.id, 11)
    await service.join(match.id, 12)
    await service.start_vacation(12, 5, "autopilot")
    for step in range(12):
        current = await service.get_match(match.id)
        if not current.is_running:
            break
        users = current.users_to_move()
        assert 12 not in users, "the player on vacation is never waited for"
        options = await service.move_options(current, users[0])
        await service.submit_move(match.id, users[0], options[step % len(options)].code)
    seat = (await service.get_match(match.id)).seat_of(12)
    theirs = [move for move in await service.store.moves(match.id) if move.chosen_by == ChosenBy.VACATION]
    assert theirs and {move.seat for move in theirs} == {seat}
    assert worker.asked == [(seat, Level.NORMAL)] * len(theirs), "each vacation move searched at normal"
    assert worker.searches.calls == len(theirs)


async def test_a_computer_opponent_keeps_its_own_level_on_a_strong_server(service, worker):
    await service.change_server_settings(GUILD, 99, is_admin=True, autopilot_level="strong")
    match = await service.create_match("volto", 10, guild_id=GUILD, channel_id=2, vs_autopilot=True)
    await play_on(service, match.id, steps=3)
    assert worker.asked and {asked_level for _, asked_level in worker.asked} == {Level.EASY}, (
        "the opponent chosen at /game new plays at its level, not the server's stand-in level"
    )


async def test_a_round_deadline_finishes_games_with_the_quick_autopilot_on_a_strong_server(service, clock, worker):
    await service.change_server_settings(TOURNAMENT_GUILD, 99, is_admin=True, autopilot_level="strong")
    tournaments = TournamentService(service)
    tid = await open_tournament(
        tournaments, [11, 12, 13, 14], game_key="volto", format_="swiss", rounds=2, round_time="1d"
    )
    await tournaments.start(tid, ORGANISER)
    first = await tournaments.store.tables(tid, 1)
    assert not worker.asked, "nobody was absent yet"
    clock.advance(DAY + 1)
    await tournaments.tick()
    for table in first:
        settled = next(t for t in await tournaments.store.tables(tid, 1) if t.table_no == table.table_no)
        assert settled.settled_by == "autopilot"
        assert not (await service.get_match(table.match_id)).is_running
    assert worker.asked and {asked_level for _, asked_level in worker.asked} == {Level.EASY}
    assert worker.searches.calls == 0, "the deadline did not search"


@pytest.mark.parametrize("language", ["en", "ru", "it"])
def test_setup_show_names_the_level_in_the_readers_language(language):
    tr = tr_for(language)
    strong = settings_lines(ServerSettings(GUILD, autopilot_level=Level.STRONG), tr)
    line = CATALOG[language]["community.setup.stand_in"].format(level=CATALOG[language]["core.level.strong"])
    assert line in strong.splitlines()[-2]
    default = settings_lines(ServerSettings(GUILD), tr)
    assert CATALOG[language]["core.level.easy"] in default and CATALOG[language]["core.level.strong"] not in default


@ON_BOTH
async def test_a_stored_level_this_bot_does_not_know_plays_todays_autopilot(service: Service):
    # A row written by a newer bot (a level added later), read after a rollback: the server still works.
    await service.change_server_settings(GUILD, 99, is_admin=True, autopilot_level="strong")
    async with service.store.database.transaction() as db:
        await db.execute("UPDATE server_settings SET autopilot_level = ? WHERE guild_id = ?", ("grandmaster", GUILD))
    assert (await Service(service.store).server_settings(GUILD)).autopilot_level is Level.EASY
