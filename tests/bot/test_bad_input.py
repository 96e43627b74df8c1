"""Bad input gets a clear answer and changes nothing: game options, points, durations, vacations.

Options are the game's to judge (``check_options`` in the engine contract): when a match is
created, with the seat count when it is known, and again before it starts, so that a lobby
never gets stuck on a start that fails. Numbers typed by people are bounded before they
reach arithmetic that could overflow.
"""

from __future__ import annotations

import asyncio

import pytest

from bot.clocks import DAY, MAX_DURATION, TimeControl, parse_duration
from bot.console import Console, ConsoleClock
from bot.i18n import tr_for
from bot.service import Service
from bot.service_errors import LobbyError, ServiceError
from bot.tournaments.service import TournamentService
from games.core import InvalidMove
from tests.bot.conftest import fixed_seeds

RIALTO_HELP = "neutral=true/false · y4_any_source=true/false · bridges=pairs/mirror"


async def no_matches(service: Service) -> bool:
    return await service.store.matches_in_guild(1, ("lobby", "active", "finished", "cancelled")) == []


# --- Game options at creation -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "players", "options", "problem"),
    [
        ("rialto", None, "bridges=nope", "core.error.bad_option"),
        ("rialto", 3, "neutral=true", "rialto.error.neutral_players"),
        ("rialto", 5, "neutral=yes bridges=mirror", "rialto.error.neutral_players"),
        ("rialto", None, "colour=red", "core.error.bad_option"),
        ("rialto", None, "neutral=perhaps", "core.error.bad_option"),
        ("volto", None, "ply_cap=0", "core.error.bad_option"),
        ("volto", None, "ply_cap=99999999", "core.error.bad_option"),
        ("volto", None, "no_capture_limit=" + "9" * 190, "core.error.bad_option"),
        ("volto", None, "repetition_limit=" + "9" * 5000, "core.error.bad_option"),
        ("twilight", None, "diamond_masquerade=2", "core.error.bad_option"),
        ("venezia2099", None, "rescue_to_platform=", "core.error.bad_option"),
    ],
    ids=[
        "unknown-bridges",
        "neutral-3",
        "neutral-5",
        "unknown-option",
        "bad-bool",
        "ply-cap-0",
        "ply-cap-huge",
        "hundreds-of-digits",
        "beyond-int-parsing",
        "twilight-bad-bool",
        "venezia-empty",
    ],
)
async def test_bad_options_are_refused_at_creation_with_the_games_options_listed(
    service, game, players, options, problem
):
    with pytest.raises(LobbyError) as raised:
        await service.create_match(game, 10, guild_id=1, channel_id=2, players=players, options_text=options)
    error = raised.value
    assert error.code == "core.error.bad_options"
    assert error.params["problem"].key == problem
    listing = error.params["options"]
    for name in service.game(game).options_type.__dataclass_fields__:
        assert f"{name}=" in listing, "every option of the game is listed with its values"
    assert await no_matches(service)


async def test_the_refusal_reads_well_in_both_languages(service):
    with pytest.raises(LobbyError) as raised:
        await service.create_match("rialto", 10, guild_id=1, channel_id=2, options_text="bridges=nope")
    english = tr_for("en")(raised.value.message)
    russian = tr_for("ru")(raised.value.message)
    assert english == f"'bridges=nope' is not a valid option for this game.\nThe options of Rialto: {RIALTO_HELP}."
    assert russian == (
        f"'bridges=nope' — недопустимая настройка для этой игры.\nНастройки игры «Риальто»: {RIALTO_HELP}."
    )
    with pytest.raises(LobbyError) as raised:
        await service.create_match("rialto", 10, guild_id=1, channel_id=2, players=3, options_text="neutral=true")
    assert tr_for("en")(raised.value.message).startswith(
        "The neutral player (neutral=true) plays only in a two-player match.\nThe options of Rialto:"
    )


async def test_neutral_without_a_seat_count_opens_a_two_player_lobby_that_starts(service):
    match = await service.create_match("rialto", 10, guild_id=1, channel_id=2, options_text="neutral=true")
    assert match.record.max_seats == 2
    change = await service.join(match.id, 11)
    assert change.match.is_running and change.match.state.options.neutral


async def test_good_options_are_kept(service):
    match = await service.create_match(
        "volto", 10, guild_id=1, channel_id=2, options_text="ply_cap=120 rook_soldier=on"
    )
    assert match.record.options["ply_cap"] == 120 and match.record.options["rook_soldier"] is True


async def stuck_lobby(service: Service, seats: int) -> int:
    """A lobby stored with options its seat count cannot play (as one opened before options were checked)."""
    match_id = await service.store.create_match(
        game_key="rialto",
        rules_version=1,
        options={"neutral": True, "y4_any_source": False, "bridges": "pairs"},
        seed=5,
        max_seats=seats,
        guild_id=1,
        channel_id=2,
        creator_id=10,
        now=service.clock(),
    )
    return match_id


async def test_the_last_join_is_refused_clearly_and_the_lobby_can_still_be_cancelled(service):
    match_id = await stuck_lobby(service, 3)
    await service.join(match_id, 11)
    before = await service.store.get_match(match_id)
    with pytest.raises(LobbyError) as raised:
        await service.join(match_id, 12)
    assert raised.value.code == "core.error.options_block_start"
    assert raised.value.params["problem"].key == "rialto.error.neutral_players"
    assert tr_for("en")(raised.value.message).endswith("the match cannot start; its creator can cancel it.")
    assert await service.store.get_match(match_id) == before, "the lobby is as it was"
    cancelled = await service.cancel(match_id, 10)
    assert cancelled.match.record.status == "cancelled"


async def test_an_early_start_is_refused_when_the_options_do_not_fit_the_seats(service):
    match_id = await stuck_lobby(service, 4)
    for user in (11, 12):
        await service.join(match_id, user)
    before = await service.store.get_match(match_id)
    with pytest.raises(LobbyError) as raised:
        await service.start(match_id, 10)
    assert raised.value.code == "core.error.options_block_start"
    assert await service.store.get_match(match_id) == before


# --- Tournaments: options, points, durations ------------------------------------------------------


@pytest.fixture
def tournaments(service):
    return TournamentService(service)


async def create_cup(tournaments: TournamentService, **options):  # type: ignore[no-untyped-def]
    options.setdefault("game_key", "volto")
    options.setdefault("format_", "swiss")
    options.setdefault("rounds", 1)
    return await tournaments.create(42, guild_id=1, channel_id=2, **options)


@pytest.mark.parametrize(
    ("options", "code"),
    [
        ({"place_points": "nan,nan,nan,nan"}, "tournament.error.bad_points"),
        ({"place_points": "inf,2,1,0"}, "tournament.error.bad_points"),
        ({"place_points": "1e400,2,1,0"}, "tournament.error.bad_points"),
        ({"place_points": "4,nan,1,0"}, "tournament.error.bad_points"),
        ({"place_points": "5000,2,1,0"}, "tournament.error.bad_points"),
        ({"round_time": "9" * 400 + "d"}, "core.error.duration_too_long"),
        ({"signup_time": "9" * 300}, "core.error.duration_too_long"),
        ({"time_limit": "1" + "0" * 200 + "h"}, "core.error.duration_too_long"),
        ({"game_key": "rialto", "options_text": "neutral=true"}, "rialto.error.neutral_players"),
        ({"game_key": "rialto", "options_text": "bridges=nope"}, "core.error.bad_option"),
    ],
    ids=[
        "nan",
        "inf",
        "overflowing-float",
        "one-nan",
        "too-many-points",
        "round",
        "signup",
        "limit",
        "neutral",
        "bridges",
    ],
)
async def test_tournaments_refuse_bad_numbers_and_options_and_store_nothing(tournaments, options, code):
    if options.get("game_key") == "rialto":
        options.update(format_="pods", rounds=2)
    elif "place_points" in options:
        options.update(format_="pods", game_key="rialto", rounds=2)
    with pytest.raises(ServiceError) as raised:
        await create_cup(tournaments, **options)
    assert raised.value.code == code
    assert await tournaments.store.in_guild(1, ("signup", "running", "paused", "finished", "cancelled")) == []


async def test_finite_points_are_kept(tournaments):
    cup = await create_cup(tournaments, game_key="rialto", format_="pods", rounds=2, place_points="4,2.5,1,0")
    assert cup.place_points == (4.0, 2.5, 1.0, 0.0)


def test_durations_are_bounded():
    assert parse_duration("366d") == MAX_DURATION
    assert parse_duration("1.5h") == 5400
    for text in ("367d", "53w", "9" * 400, "9" * 400 + "m", "1" + "0" * 320 + ".5d"):
        with pytest.raises(ServiceError) as raised:
            parse_duration(text)
        assert raised.value.code == "core.error.duration_too_long"
        assert raised.value.params["given"] == text
    with pytest.raises(ServiceError) as raised:
        TimeControl.from_text("9" * 500)
    assert raised.value.code == "core.error.duration_too_long"
    assert tr_for("en")(raised.value.message).endswith("is too long; a duration is at most 366d.")


# --- The console --------------------------------------------------------------------------------


class Screen(list[str]):
    def __call__(self, text: str) -> None:
        self.extend(text.splitlines())


async def test_the_console_answers_huge_numbers_and_stray_quotes_without_crashing(store, tmp_path):
    screen = Screen()
    console = Console(Service(store, clock=ConsoleClock(), seeds=fixed_seeds(7)), ["ana", "bo"], tmp_path, "en", screen)
    before = console.clock()
    for line in (
        "wait " + "9" * 400,
        "wait " + "9" * 400 + "d",
        "join " + "9" * 40,
        "resign " + "9" * 5000,
        "new volto " + "9" * 5000,
        "new rialto ²",
        'new "volto',
    ):
        mark = len(screen)
        assert await console.handle(line), line
        assert screen[mark:], f"{line[:20]!r} got an answer"
    assert abs(console.clock() - before) < 60, "the console's clock did not move"
    answers = "\n".join(screen)
    assert "is too long; a duration is at most 366d." in answers
    assert "There is no match #" + "9" * 40 + " here." in answers


# --- Vacations --------------------------------------------------------------------------------


async def running_volto(service: Service) -> int:
    match = await service.create_match("volto", 10, guild_id=1, channel_id=2, time_control=TimeControl(DAY))
    await service.join(match.id, 11)
    return match.id


@pytest.mark.parametrize("text", ["garbage", "", "Z9", "\x07 ?!"], ids=["word", "empty", "not-a-square", "control"])
async def test_a_refused_move_does_not_end_a_vacation(service, store, clock, text):
    match_id = await running_volto(service)
    await service.start_vacation(10, 3, "clock")
    clock.advance(DAY / 2)
    user_before = await store.get_user(10)
    clocks_before = await store.clocks(match_id)
    with pytest.raises(InvalidMove):
        await service.submit_move(match_id, 10, text)
    user = await store.get_user(10)
    assert user == user_before, "still away, and no day charged"
    assert user.is_on_vacation(clock.now) and user.vacation_days_used == 3
    assert await store.clocks(match_id) == clocks_before, "the paused clocks stay paused"


async def test_an_applied_move_ends_the_vacation_and_refunds_the_unused_days(service, store, clock):
    match_id = await running_volto(service)
    await service.start_vacation(10, 3, "clock")
    clock.advance(DAY / 2)
    await service.submit_move(match_id, 10, "auto")
    user = await store.get_user(10)
    assert not user.is_on_vacation(clock.now)
    assert user.vacation_days_used == 1, "two unused whole days return to the bank"
    clocks = await store.clocks(match_id)
    assert all(c.paused_left is None for c in clocks.values()), "the match's clocks run again"


async def test_two_players_coming_back_at_once_in_shared_matches_do_not_wait_on_each_other(service, store, clock):
    first, second = await running_volto(service), await running_volto(service)
    for user in (10, 11):
        await service.start_vacation(user, 3, "clock")
    moves = asyncio.gather(service.submit_move(first, 10, "auto"), service.submit_move(second, 11, "auto"))
    await asyncio.wait_for(moves, timeout=30)  # a deadlock would hang here; the moves take milliseconds
    for user in (10, 11):
        assert not (await store.get_user(user)).is_on_vacation(clock.now)
    for match_id in (first, second):
        assert all(c.paused_left is None for c in (await store.clocks(match_id)).values())
