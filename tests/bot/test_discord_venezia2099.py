"""Venezia 2099 on simulated Discord: a whole three-player game, rescues out of turn, a restart.

The generic bot offers every decision as a chain of components built from the engine's
legal moves, so these tests follow a seeded game (``tests.bot.venezia_paths``) through the
bot and check what each player sees: at every step the picker offers exactly the engine's
next tokens (buttons, or a select menu when a step has more than 20 choices); typed
``/move`` codes and clicks play the same moves; the owner of a figure that falls into the
water is asked privately, at once, out of turn, and answers from that DM. Then the failure
paths: a restart while a rescue is pending (the DM's buttons still work), a standing answer
played for its seat, and rescue answers from players who were not asked.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
import pytest
from simcord import Env

from bot.discord.client import SerenissimaBot
from bot.i18n import tr_for
from bot.store import Store
from games.core import msg
from games.venezia2099 import GAME
from games.venezia2099.model import Phase, square_name
from games.venezia2099.moves import MoveKind
from games.venezia2099.state import State
from tests.bot.discord_helpers import (
    Player,
    Table,
    custom_ids,
    message_by_id,
    offered,
    picker_ids,
    picker_message,
    seat_table,
    select_menus,
)
from tests.bot.venezia_paths import WHOLE_GAME_SEED, WIDE_SEED, Line, next_tokens, path_of, play_line, plies_of

EN = tr_for("en")
MATCH = 1
SEED = WHOLE_GAME_SEED
LINE = play_line(SEED)
RESCUES = LINE.out_of_turn_rescues()


@pytest.fixture
def simcord_bot(make_bot: Callable[..., SerenissimaBot]) -> SerenissimaBot:
    """The bot under test; its service hands out the seed of :data:`LINE`."""
    return make_bot(seeds=(SEED,))


# --- A table: three players seated in a Venezia 2099 match ----------------------------------


async def open_table(env: Env, bot: SerenissimaBot, seed: int = SEED) -> Table:
    """Ana opens a three-player Venezia 2099 match; Bo and Cy join, which starts it."""
    return await seat_table(env, bot, "venezia2099", ("ana", "bo", "cy"), seed)


# --- Pickers: what a DM offers, and clicking a move through it -------------------------------


async def click_move(
    table: Table, player: Player, code: str, *, message: discord.Message | None = None, back_once: bool = False
) -> Any:
    """Play ``code`` from the player's DM picker, checking every step offers exactly the engine's tokens.

    With ``back_once``, the first step is taken back with the "back" button and taken again.
    Returns the DM message as it is after the move (the actor's new panel) and how many of
    the steps were select menus.
    """
    match = await table.match()
    state = await table.state()
    seat = player.seat
    message = message or picker_message(player, match.version)
    path = path_of(state, seat, code)
    selects = 0
    for depth in range(len(path)):
        prefix = path[:depth]
        expected = next_tokens(state, seat, prefix)
        assert offered(message, match.version, prefix) == expected, (code, prefix)
        button = f"pk:{MATCH}:{match.version}:" + "|".join(path[: depth + 1])
        if button in custom_ids(message):
            result = await player.user.click(message, custom_id=button)
        else:
            assert len(expected) > 20, "buttons while they fit, a select beyond"
            menus = select_menus(message, match.version, prefix)
            [menu] = [m for m in menus if any(option.value == path[depth] for option in m.options)]
            result = await player.user.select(message, [path[depth]], custom_id=menu.custom_id)
            selects += 1
        assert result.acknowledged
        message = message_by_id(player.user.dm_channel, message.id)
        if back_once and depth == 0 and len(path) > 1:
            back_once = False
            await player.user.click(message, custom_id=f"pb:{MATCH}:{match.version}:")
            message = message_by_id(player.user.dm_channel, message.id)
            assert offered(message, match.version, ()) == next_tokens(state, seat, ()), "back to the first step"
            assert (await table.match()).version == match.version, "going back plays nothing"
            await player.user.click(message, custom_id=f"pk:{MATCH}:{match.version}:{path[0]}")
            message = message_by_id(player.user.dm_channel, message.id)
    after = await table.match()
    assert after.record.ply == match.record.ply + 1, f"{code} was played"
    assert GAME.move_code(GAME.parse_move(state, seat, code)) == code
    return message, selects


def reply_of(result: Any) -> Any:
    """The private answer of a deferred command (the first followup replaces "thinking")."""
    assert result.ephemeral
    return result.followups[-1] if result.followups else result.response


async def type_move(table: Table, player: Player, code: str) -> Any:
    """``/move code:...`` in the thread; returns the private answer."""
    return reply_of(await player.member.slash(table.thread, "move", code=code))


async def play_through_service(table: Table, line: Line, stop: int, start: int = 0) -> None:
    """Play the line's decisions ``start`` to ``stop`` (excluded) straight through the service, then deliver."""
    for seat, code, expected in line.decisions[start:stop]:
        assert GAME.encode(await table.state()) == GAME.encode(expected)
        await table.bot.service.submit_move(MATCH, table.players[seat].member.id, code)
    await table.bot.flush_notifications()
    if stop < len(line.decisions):
        assert GAME.encode(await table.state()) == GAME.encode(line.decisions[stop][2])


def prompt_text(state: State) -> str:
    """The private question to the owner of the figure waiting in the water."""
    assert state.rescue is not None
    square = square_name(state.rescue.square, state.size)
    return EN(msg("venezia2099.event.rescue_prompt", square=square, left=state.gondolas[state.rescue.seat]))


def turn_index(state: State) -> int:
    """Which turn ``state`` is in: each placement is one, then each forecast card played."""
    return state.ply if state.phase is Phase.PLACE else 100 + len(state.played)


def turns_with_selects(line: Line) -> set[int]:
    """The turns of ``line`` with a step of more than 20 choices (played by clicks, to test selects)."""
    found = set()
    for seat, code, state in line.decisions:
        path = path_of(state, seat, code)
        if any(len(next_tokens(state, seat, path[:depth])) > 20 for depth in range(len(path))):
            found.add(turn_index(state))
    return found


# --- The whole game -------------------------------------------------------------------------------


async def test_a_whole_game_by_components_and_typed_moves(simcord_env: Env, simcord_bot: SerenissimaBot) -> None:
    bot = simcord_bot
    table = await open_table(simcord_env, bot)
    start = table.posts()[-1]
    assert "has started" in start.content and start.attachments

    by_select_turns = turns_with_selects(LINE)
    clicked: list[MoveKind] = []
    typed: list[MoveKind] = []
    rescued_by_dm = selects = forced = 0
    for index, (seat, code, expected) in enumerate(LINE.decisions):
        if index in LINE.forced:
            forced += 1  # a hand's last card: the bot played it after the decision before
            continue
        match = await table.match()
        assert GAME.encode(await table.state()) == GAME.encode(expected), f"decision {index}"
        assert match.to_move() == frozenset({seat})
        player = table.players[seat]
        kind = GAME.parse_move(expected, seat, code).kind
        posts = len(table.posts())
        events = [EN(event.message) for event in GAME.apply(expected, seat, GAME.parse_move(expected, seat, code))[1]]
        if index in RESCUES:
            # Asked at once, privately, out of turn: the DM says where the figure fell and
            # offers the rows of free districts and "decline"; nobody else reads it.
            assert expected.rescue is not None and expected.turn != seat
            message = picker_message(player, match.version)
            assert prompt_text(expected) in message.content
            assert message.attachments and "is in the water" in (message.attachments[0].description or "")
            assert offered(message, match.version, ())[-1] == "decline"
            for other in table.players:
                if other is not player:
                    assert not any(prompt_text(expected) in dm.content for dm in other.dms)
            message, used = await click_move(table, player, code, message=message)
            assert events[0] in message.content, "the DM tells the rescuer what happened"
            rescued_by_dm += 1
        elif turn_index(expected) % 2 == 0 or turn_index(expected) in by_select_turns:
            back = kind is MoveKind.STEP and MoveKind.STEP not in clicked
            message, used = await click_move(table, player, code, back_once=back)
            assert "Move played" in message.content and events[0] in message.content
            clicked.append(kind)
        else:
            reply = await type_move(table, player, code)
            assert events[0] in reply.content, (events[0], reply.content)
            used = 0
            typed.append(kind)
        selects += used
        assert (await table.match()).record.ply == match.record.ply + plies_of(expected, seat, code)
        new = table.posts()[posts:]
        after = await table.match()
        if after.is_running and after.to_move() <= match.to_move() and expected.rescue is None:
            assert not new, "a step inside a turn is told in the post that ends the turn"
            continue
        assert len(new) == 1, "one public post per turn"
        [post] = new
        assert post.attachments and (post.attachments[0].description or "").startswith("Venezia 2099, the public board")
        if after.is_running:
            [next_user] = after.users_to_move()
            assert f"<@{next_user}>" in post.content, "the post mentions who must act"

    assert rescued_by_dm >= 2 and selects >= 1, (rescued_by_dm, selects)
    said = [post for post in table.posts() if "had only one possible move" in post.content]
    assert forced >= 1 and len(said) == forced, "each hand's last card is played for its seat, and the post says so"
    for wanted in (MoveKind.PLACE, MoveKind.STEP, MoveKind.BUY, MoveKind.PLAY):
        assert wanted in clicked and wanted in typed, wanted
    assert MoveKind.GONDOLA in clicked + typed
    match = await table.match()
    assert not match.is_running and match.outcome is not None
    final = table.posts()[-1]
    assert not any(cid.startswith(("pk:", "ps:", "bd:")) for cid in custom_ids(final)), "no buttons after the end"
    assert "wins" in final.content or "won" in final.content
    state = await table.state()
    assert LINE.final is not None and GAME.encode(state) == GAME.encode(LINE.final)
    replayed = await bot.service.replay(MATCH)
    assert GAME.encode(replayed) == GAME.encode(state)


# --- Rescues: a restart while one is pending, standing answers, answers from others ------------


async def test_a_restart_while_a_rescue_is_pending_keeps_its_dm_buttons_working(
    simcord_env: Env, simcord_bot: SerenissimaBot, make_bot: Callable[..., SerenissimaBot], db_path: Path
) -> None:
    table = await open_table(simcord_env, simcord_bot)
    first = RESCUES[0]
    seat, code, waiting = LINE.decisions[first]
    await play_through_service(table, LINE, first)
    asked = table.players[seat]
    match = await table.match()
    assert match.to_move() == frozenset({seat}) and waiting.turn != seat, "a rescue out of turn is pending"
    message = picker_message(asked, match.version)
    assert prompt_text(waiting) in message.content

    async with Store.open(db_path) as reopened:
        fresh = make_bot(reopened, seeds=(SEED,))
        await simcord_env.restart_bot(fresh)
        table.bot = fresh
        posts = len(table.posts())
        message, _ = await click_move(table, asked, code, message=message)
        assert "Move played" in message.content
        state = await table.state()
        assert GAME.encode(state) == GAME.encode(LINE.decisions[first + 1][2]), "the pre-restart DM answered"
        assert len(table.posts()) == posts + 1 and "rescued the figure" in table.posts()[-1].content
        [next_seat] = (await table.match()).to_move()
        assert picker_message(table.players[next_seat], (await table.match()).version), "the next turn is asked"


async def test_a_standing_answer_is_played_when_the_rescue_comes(simcord_env: Env, simcord_bot: SerenissimaBot) -> None:
    table = await open_table(simcord_env, simcord_bot)
    first = RESCUES[0]
    seat, code, _ = LINE.decisions[first]
    assert code.startswith("rescue-"), "the policy's answer is the rules' default, as 'always'"
    mover_seat, card, before = LINE.decisions[first - 1]
    assert GAME.parse_move(before, mover_seat, card).kind is MoveKind.PLAY
    await play_through_service(table, LINE, first - 1)
    asked, mover = table.players[seat], table.players[mover_seat]

    answer = reply_of(await asked.member.slash(table.thread, "game standing", answer="always"))
    assert "Standing answer set: Always rescue" in answer.content
    dms = len(asked.dms)
    posts = len(table.posts())
    reply = await type_move(table, mover, card)
    assert "went wrong" not in reply.content

    match = await table.match()
    assert match.record.ply == before.ply + 2, "the card and the rescue, nobody clicked"
    assert GAME.encode(await table.state()) == GAME.encode(LINE.decisions[first + 1][2])
    public = "\n".join(post.content for post in table.posts()[posts:])
    seat_name = EN(GAME.seat_name(seat, 3))
    assert f"{seat_name} answered with their standing answer." in public
    assert "rescued the figure" in public
    news = "\n".join(dm.content for dm in asked.dms[dms:])
    assert f"{seat_name} answered with their standing answer." in news, "the seat is told by DM"
    assert not any(picker_ids(dm, match.version - 1) for dm in asked.dms[dms:]), "nothing left to answer"


async def test_rescue_answers_from_players_not_asked_are_refused_privately(
    simcord_env: Env, simcord_bot: SerenissimaBot
) -> None:
    table = await open_table(simcord_env, simcord_bot)
    first, later = RESCUES[0], next(i for i in RESCUES if LINE.decisions[i][0] != LINE.decisions[RESCUES[0]][0])
    seat, code, _ = LINE.decisions[first]
    await play_through_service(table, LINE, first)
    early = table.players[seat]
    old_dm = picker_message(early, (await table.match()).version)
    # The first rescue is answered by typing, so its DM keeps its buttons.
    reply = await type_move(table, early, code)
    assert "rescued the figure" in reply.content
    await play_through_service(table, LINE, later, start=first + 1)

    asked_seat = LINE.decisions[later][0]
    asked = table.players[asked_seat]
    bystander = next(p for p in table.players if p.seat not in (asked_seat, LINE.decisions[later][2].turn))
    match = await table.match()
    version, posts = match.version, len(table.posts())

    # An old rescue button from another rescue: refused in that DM, nothing changes.
    row = next(cid for cid in picker_ids(old_dm, old_dm_version(old_dm)) if cid.split(":")[-1].startswith("row"))
    clicked = await early.user.click(old_dm, custom_id=row)
    assert clicked.acknowledged
    refreshed = message_by_id(early.user.dm_channel, old_dm.id)
    assert "The board changed" in refreshed.content
    assert not picker_ids(refreshed, version), "no rescue choices for a player who is not asked"
    # Typed answers from the player whose card sank the figure, and from a bystander.
    for player in (table.players[LINE.decisions[later][2].turn], bystander):
        for text in ("decline", LINE.decisions[later][1]):
            refusal = await type_move(table, player, text)
            assert "not your turn" in refusal.content.lower() or "awaited" in refusal.content, refusal.content
            assert "went wrong" not in refusal.content
    match = await table.match()
    assert match.version == version and match.to_move() == frozenset({asked_seat}), "nothing changed"
    assert len(table.posts()) == posts, "nothing was posted"
    # The player who is asked still can answer from the DM.
    await click_move(table, asked, LINE.decisions[later][1])
    assert GAME.encode(await table.state()) == GAME.encode(LINE.decisions[later + 1][2])


def old_dm_version(message: discord.Message) -> int:
    """The version a DM's picker was drawn for."""
    [version] = {int(cid.split(":")[2]) for cid in custom_ids(message) if cid.startswith(("pk:", "ps:"))}
    return version


# --- A step with more choices than one select holds -------------------------------------------


async def test_a_step_with_more_than_25_choices_fits_in_select_menus(
    simcord_env: Env, make_bot: Callable[..., SerenissimaBot]
) -> None:
    bot = make_bot(seeds=(WIDE_SEED,))
    await simcord_env.restart_bot(bot)
    table = await open_table(simcord_env, bot, WIDE_SEED)
    line = play_line(WIDE_SEED, until=Phase.TURN)
    await play_through_service(table, line, len(line.decisions))
    state = await table.state()
    assert line.final is not None and GAME.encode(state) == GAME.encode(line.final)
    seat = state.turn
    destinations = next_tokens(state, seat, ("e4",))
    assert len(destinations) > 25 and destinations[-1] == "gondola", "more than one select menu holds"
    last_step = [m for m in GAME.legal_moves(state, seat) if m.origin == "e4" and m.kind is MoveKind.STEP][-1]
    message, selects = await click_move(table, table.players[seat], GAME.move_code(last_step))
    assert selects == 1 and "Move played" in message.content, "chosen from the second select menu"
