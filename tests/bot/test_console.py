"""The local console: the same service, store and renderers as the bot, driven by typed lines."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from bot import ai_worker, present
from bot.ai_worker import AiWorker, level_of_user
from bot.console import Console, ConsoleClock
from bot.service import Service
from bot.service_errors import NoSuchMatch
from bot.store import Store
from games.ai import Level
from tests.bot.conftest import fixed_seeds
from tests.bot.test_takebacks import harmless_move


class Screen:
    """What the console printed, line by line."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def __call__(self, text: str) -> None:
        self.lines.extend(text.splitlines())

    def since(self, mark: int) -> str:
        return "\n".join(self.lines[mark:])


@pytest.fixture
def screen() -> Screen:
    return Screen()


def console_for(store: Store, out: Path, screen: Screen, locale: str = "en", players: str = "ana,bo") -> Console:
    service = Service(store, clock=ConsoleClock(), seeds=fixed_seeds(7, 8, 9))
    return Console(service, players.split(","), out, locale, echo=screen)


async def run(console: Console, *lines: str) -> None:
    for line in lines:
        assert await console.handle(line), f"{line!r} stopped the console"


async def test_a_volto_match_is_opened_joined_and_played_by_typed_lines(store, tmp_path, screen):
    console = console_for(store, tmp_path, screen)
    await run(console, "new volto", "as bo", "join")
    match = await console.service.get_match(1)
    assert match.is_running
    assert any(path.name.endswith("-board.png") for path in tmp_path.iterdir()), "the channel's picture is written"
    mark = len(screen.lines)
    await run(console, "moves")
    options = await console.service.move_options(match, console.user_id)
    assert {option.code for option in options} <= set(screen.since(mark).split())
    await run(console, "auto", "ready", "as ana", "auto", "ready")
    match = await console.service.get_match(1)
    assert match.record.ply == 4 and match.state is not None


async def test_bad_lines_get_a_reason_and_change_nothing(store, tmp_path, screen):
    console = console_for(store, tmp_path, screen)
    await run(console, "new volto", "as bo", "join")
    before = (await console.service.get_match(1)).version
    mark = len(screen.lines)
    await run(console, "move definitely-not-a-move", "as nobody", "as ana", "claim")
    printed = screen.since(mark)
    assert printed.count("! ") >= 2, printed
    assert "There is no local player 'nobody'" in printed
    assert "Traceback" not in printed
    assert (await console.service.get_match(1)).version == before


async def test_standing_answers_are_set_and_cleared_from_the_console(store, tmp_path, screen):
    console = console_for(store, tmp_path, screen)
    await run(console, "new rialto 2", "as bo", "join")
    mark = len(screen.lines)
    await run(console, "standing autopass", "standing sometimes", "standing")
    printed = screen.since(mark).splitlines()
    assert printed[0].startswith("Standing answer set: Pass at once")
    assert printed[1].startswith("! ") and "sometimes" in printed[1]
    assert printed[2] == "Standing answer cleared: you will be asked each time."


async def test_waiting_past_a_deadline_plays_the_time_out(store, tmp_path, screen):
    console = console_for(store, tmp_path, screen)
    await run(console, "new volto time=1h", "as bo", "join")
    mark = len(screen.lines)
    await run(console, "wait 2h")
    match = await console.service.get_match(1)
    assert match.record.ply >= 1, "the autopilot answered for the seats whose time ran out"
    assert "The console's clock now reads" in screen.since(mark)


async def test_a_whole_random_match_runs_to_its_end_in_russian(store, tmp_path, screen):
    console = console_for(store, tmp_path, screen, locale="ru")
    await run(console, "help")
    assert screen.lines[0] == "Команды:"
    match = await console.autoplay("volto", seed=3)
    assert not match.is_running and match.outcome is not None
    assert any(path.name.endswith(f"-v{match.version}-board.png") for path in tmp_path.iterdir())


async def test_the_console_prints_the_lobby_post_when_the_match_starts_and_ends(store, tmp_path, screen):
    console = console_for(store, tmp_path, screen)
    await run(console, "new volto", "as bo", "join")
    match = await console.service.get_match(1)
    white, black = (console.name_of(user) for user in match.record.seats)
    started = screen.since(0)
    assert "[match #1, lobby post]" in started
    assert f"Players: White ({white}), Black ({black})" in started, "the lobby post names the seats"
    mark = len(screen.lines)
    await run(console, "auto", "ready")
    assert "[match #1, lobby post]" not in screen.since(mark), "a turn change alone is shown by the board posts"
    await run(console, "resign")
    ended = screen.since(mark)
    assert "[match #1, lobby post]" in ended and "resigned" in ended


async def test_new_lists_the_games_options(store, tmp_path, screen):
    console = console_for(store, tmp_path, screen)
    await run(console, "new rialto 3")
    printed = screen.since(0)
    assert "Options of Rialto (add them to new): neutral=true/false" in printed
    assert "bridges=pairs/mirror" in printed


async def test_the_dm_numbers_the_choices_as_the_buttons_and_numbers_play_them(store, tmp_path, screen):
    console = console_for(store, tmp_path, screen)
    await run(console, "new volto", "as bo", "join")
    match = await console.service.get_match(1)
    printed = screen.since(0)
    options = await console.service.move_options(match, match.record.seats[0])
    first = list(present.next_choices(options, ()).values())
    assert "Choices (type the number, as the buttons offer them):" in printed
    assert f"  1. {console.tr(first[0])}" in printed and f"  {len(first)}. {console.tr(first[-1])}" in printed
    mover = console.name_of(next(iter(match.users_to_move())))
    mark = len(screen.lines)
    await run(console, f"as {mover}", "1")
    after = await console.service.get_match(1)
    path: tuple[str, ...] = (next(iter(present.next_choices(options, ()))),)
    while present.complete_move(options, path) is None or present.next_choices(options, path):
        assert after.version == match.version, "a step of several choices is not played before its end"
        assert "Next (type the number; 0 goes back):" in screen.since(mark)
        path = (*path, next(iter(present.next_choices(options, path))))
        await run(console, "1")
        after = await console.service.get_match(1)
    assert after.record.ply == match.record.ply + 1, "the last number played the move its path names"
    await run(console, "99")
    assert "There is no choice 99" in screen.since(mark)


async def test_the_turn_dm_catches_up_since_the_last_move(store, tmp_path, screen):
    console = console_for(store, tmp_path, screen, players="ana,bo,cy")
    await run(console, "new rialto 3", "as bo", "join", "as cy", "join", "as ana", "start")
    for _ in range(12):
        match = await console.service.get_match(1)
        user = match.users_to_move()[0]
        await run(console, f"as {console.name_of(user)}")
        mark = len(screen.lines)
        options = await console.service.move_options(match, user)
        await run(console, f"move {options[0].code}")
        if "What happened:" in screen.since(mark):
            break
    else:
        pytest.fail("no turn DM caught up on the others' moves")


async def test_the_replay_gif_is_written_at_the_end(store, tmp_path, screen):
    console = console_for(store, tmp_path, screen)
    match = await console.autoplay("volto", seed=3)
    assert match.outcome is not None
    gif = tmp_path / f"match{match.id}-replay.gif"
    assert gif.read_bytes()[:6] in (b"GIF87a", b"GIF89a")
    assert f"replay: {gif}" in screen.since(0)


async def test_after_a_step_the_player_reads_what_it_did_and_what_comes_next(store, tmp_path, screen):
    console = console_for(store, tmp_path, screen)
    await run(console, "new volto", "as bo", "join")
    match = await console.service.get_match(1)
    status = present.status(match, console.tr, console.name_of)
    assert status.startswith(console.tr("volto.status.arranging")), "the setup is an arrangement, not a move"
    mover = next(iter(match.users_to_move()))
    options = await console.service.move_options(match, mover)
    place = options[0]  # a placement of the secret setup: a step, the seat goes on arranging
    mark = len(screen.lines)
    await run(console, f"as {console.name_of(mover)}", f"move {place.code}")
    printed = screen.since(mark)
    assert console.tr("core.turn.done", move=console.tr(place.label)) in printed, "what the step did, in words"
    assert f": {place.code}\n" not in printed + "\n", "not an echo of the code"
    after = await console.service.get_match(1)
    following = list(present.next_choices(await console.service.move_options(after, mover), ()).values())
    assert f"  1. {console.tr(following[0])}" in printed, "what comes next, numbered as the buttons"


async def test_new_with_a_level_seats_the_computer_at_that_level(store, tmp_path, screen, monkeypatch):
    executor = ThreadPoolExecutor(max_workers=1)
    monkeypatch.setattr(ai_worker, "WORKER", AiWorker(seconds=0.0, executor=executor))
    console = console_for(store, tmp_path, screen)
    await run(console, "new volto level=strong")
    match = await console.service.get_match(1)
    assert match.is_running, "a match against the computer starts at once"
    robots = [user for user in match.record.seats if user < 0]
    assert [level_of_user(user) for user in robots] == [Level.STRONG]
    executor.shutdown()


async def test_an_unknown_level_is_refused_and_opens_no_match(store, tmp_path, screen):
    console = console_for(store, tmp_path, screen)
    mark = len(screen.lines)
    await run(console, "new volto level=grandmaster")
    printed = screen.since(mark)
    assert "'grandmaster' is not a level of the computer" in printed and "strong" in printed, printed
    with pytest.raises(NoSuchMatch):
        await console.service.get_match(1)


async def test_a_placed_mask_is_told_as_where_it_went_without_a_stale_count(store, tmp_path, screen):
    console = console_for(store, tmp_path, screen)
    await run(console, "new volto", "as bo", "join", "as ana")
    mark = len(screen.lines)
    await run(console, "1", "1")  # the first mask type offered, on the first free cell
    printed = screen.since(mark)
    played = printed.split("Move played: ")[1].splitlines()[0]
    assert re.fullmatch(r"Noble on [a-e][1-7]\.", played), played


async def test_undo_in_a_rated_match_prints_the_request_and_the_other_player_agrees(store, tmp_path, screen):
    """The console takes a move back as the buttons do: asked, the request's post printed, agreed."""
    console = console_for(store, tmp_path, screen)
    await run(console, "new volto", "as bo", "join", "auto", "ready", "as ana", "auto", "ready")
    match = await console.service.get_match(1)
    user, code = await harmless_move(console.service, match.id)
    mover, other = ("ana", "bo") if user == console.ids["ana"] else ("bo", "ana")
    await run(console, f"as {mover}", code)
    played = await console.service.get_match(1)
    mark = len(screen.lines)
    await run(console, "undo")
    printed = screen.since(mark)
    assert console.tr("core.undo.asked") in printed
    assert f"{mover} asks to take back" in printed and other in printed, "the request's post, as the channel reads it"
    mark = len(screen.lines)
    await run(console, "agree")
    assert "! " in screen.since(mark), "the mover cannot agree for the others"
    await run(console, f"as {other}", "agree")
    assert console.tr("core.undo.accepted") in screen.since(mark)
    after = await console.service.get_match(1)
    assert after.record.ply == played.record.ply - 1 and after.users_to_move() == [user]


async def test_refuse_keeps_the_move(store, tmp_path, screen):
    console = console_for(store, tmp_path, screen)
    await run(console, "new volto", "as bo", "join", "auto", "ready", "as ana", "auto", "ready")
    user, code = await harmless_move(console.service, 1)
    mover, other = ("ana", "bo") if user == console.ids["ana"] else ("bo", "ana")
    await run(console, f"as {mover}", code, "undo", f"as {other}")
    played = await console.service.get_match(1)
    mark = len(screen.lines)
    await run(console, "refuse")
    assert console.tr("core.undo.refused") in screen.since(mark)
    assert (await console.service.get_match(1)).record.ply == played.record.ply


async def test_a_seat_is_offered_and_accepted_as_the_post_and_its_button_do(store, tmp_path, screen):
    """``sub cy``: the offer's post printed from the outbox; only cy accepts; cy then holds the seat."""
    console = console_for(store, tmp_path, screen, players="ana,bo,cy")
    await run(console, "new volto", "as bo", "join", "auto", "ready", "as ana", "auto", "ready")
    before = await console.service.get_match(1)
    seat = before.seat_of(console.ids["bo"])
    mark = len(screen.lines)
    await run(console, "as bo", "sub cy")
    printed = screen.since(mark)
    assert console.tr("core.sub.posted") in printed
    assert "[match #1, channel] bo offers the seat" in printed and "to cy" in printed, "the offer's post"
    mark = len(screen.lines)
    await run(console, "as ana", "accept")
    assert "! " + console.tr("core.error.sub_gone") in screen.since(mark), "the offer is not ana's to accept"
    await run(console, "as cy", "accept")
    after = await console.service.get_match(1)
    assert after.record.seats[seat] == console.ids["cy"] and after.state == before.state
    assert "cy now plays" in screen.since(mark)
    assert "[DM to cy] " + console.tr("core.sub.welcome", match=1, seat="Black" if seat else "White") in screen.lines


async def test_a_call_for_a_volunteer_is_taken_and_confirmed_by_the_organiser(store, tmp_path, screen):
    console = console_for(store, tmp_path, screen, players="ana,bo,cy")
    await run(console, "new volto", "as bo", "join", "auto", "ready", "as ana", "auto", "ready")
    seat = (await console.service.get_match(1)).seat_of(console.ids["bo"])
    mark = len(screen.lines)
    await run(console, "as bo", "sub", "as cy", "confirm")
    printed = screen.since(mark)
    assert console.tr("core.sub.call", seat="Black" if seat else "White", match=1) in printed
    assert "! " + console.tr("core.error.sub_gone") in printed, "nothing to confirm before a volunteer"
    mark = len(screen.lines)
    await run(console, "take", "confirm")
    printed = screen.since(mark)
    assert "cy volunteers" in printed and console.tr("core.sub.volunteer_noted") in printed
    assert "! " in printed, "the volunteer cannot confirm themselves"
    assert console.ids["cy"] not in (await console.service.get_match(1)).record.seats
    await run(console, "as ana", "confirm")
    assert (await console.service.get_match(1)).record.seats[seat] == console.ids["cy"]


async def test_sub_names_only_local_players_and_changes_nothing_otherwise(store, tmp_path, screen):
    console = console_for(store, tmp_path, screen, players="ana,bo,cy")
    await run(console, "new volto", "as bo", "join")
    mark = len(screen.lines)
    await run(console, "sub zed", "sub seat=x")
    printed = screen.since(mark)
    assert "zed" in printed and "! " in printed
    assert "offers the seat" not in printed and "wanted" not in printed
    assert not [n for n in await console.service.store.due_notifications(1e17) if n.kind == "offer"]


async def test_a_number_typed_out_of_turn_is_told_it_is_not_your_turn(store, tmp_path, screen):
    console = console_for(store, tmp_path, screen, players="ana,bo,cy")
    await run(console, "new rialto 3", "as bo", "join", "as cy", "join")
    match = await console.service.get_match(1)
    [waiting] = [name for name in ("ana", "bo", "cy") if console.ids[name] not in match.users_to_move()][:1]
    mark = len(screen.lines)
    await run(console, f"as {waiting}", "1")
    assert "! " + console.tr("core.error.not_your_turn") in screen.since(mark)
    assert (await console.service.get_match(1)).version == match.version
