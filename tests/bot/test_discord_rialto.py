"""Rialto on simulated Discord: a whole seeded 3-player game, a 2-player game against the
neutral player, the simultaneous hand-limit discards, restarts in the middle of a step, and
the standing answer ``autopass`` set with ``/game standing``.

The generic bot offers every decision as a chain of components built from the engine's
legal moves; these tests follow a seeded line of play (``tests.bot.rialto_paths``) through
the bot and check what each player sees: at every clicked step the DM picker offers exactly
the engine's next tokens; typed ``/move`` codes and clicks play the same moves; the
simultaneous discard pings everyone who must still choose (a mention in the thread and a
DM each) and the game goes on as soon as the last one has; public posts never carry a hand
(no private event text, and the image is the public view's).

Rialto games are long (about 300 decisions for three players), so not every decision goes
through Discord. Which do:

- the whole first round (starting buildings, rows, green buildings, the discards, steps
  A-F with a yellow-building play, a bridge and a gondola, Phase III): every decision, by
  DM clicks and by ``/move`` in turn (two-token choices such as a bridge's connection and
  district are always clicked);
- in rounds 2-6, the first decision of each round (typed), every yellow-building component
  of a card play and every bridge or gondola placement (clicked).

Everything else (the routine card plays, buildings and councillor moves of rounds 2-6) goes
straight through the service (``bot.service.submit_move``), with the notifications
delivered once per round, which keeps each whole game well under a minute.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
import pytest
from simcord import Env

from bot import present
from bot.discord.client import SerenissimaBot
from bot.i18n import tr_for
from bot.store import Store
from games.rialto import GAME, RialtoOptions, RialtoState
from games.rialto.model import Phase
from tests.bot.discord_helpers import (
    Player,
    Table,
    custom_ids,
    message_by_id,
    offered,
    picker_message,
    seat_table,
)
from tests.bot.rialto_paths import (
    NEUTRAL_SEED,
    WHOLE_GAME_SEED,
    Line,
    kind,
    next_tokens,
    path_of,
    play_line,
    plies_of,
)

EN = tr_for("en")
MATCH = 1
LINE = play_line(WHOLE_GAME_SEED)
NEUTRAL = RialtoOptions(neutral=True)
NEUTRAL_LINE = play_line(NEUTRAL_SEED, 2, NEUTRAL)


@pytest.fixture
def simcord_bot(make_bot: Callable[..., SerenissimaBot]) -> SerenissimaBot:
    """The bot under test; its service hands out the seed of :data:`LINE`."""
    return make_bot(seeds=(WHOLE_GAME_SEED,))


# --- A table: players seated in a Rialto match ---------------------------------------------


async def open_table(env: Env, bot: SerenissimaBot, seed: int, names: tuple[str, ...], options: str = "") -> Table:
    """The first player opens a Rialto match; the others join, which starts it."""
    return await seat_table(env, bot, "rialto", names, seed, options)


# --- Pickers: what a DM offers, and clicking a move through it -------------------------------


def newest_picker(player: Player) -> discord.Message:
    """The player's newest DM carrying any picker."""
    for message in reversed(player.dms):
        if any(cid.startswith(("pk:", "ps:")) for cid in custom_ids(message)):
            return message
    raise AssertionError(f"{player.name} has no picker")


async def current_picker(table: Table, player: Player) -> discord.Message:
    """The player's DM picker for the current version.

    After a typed move the actor's next choices come in the ephemeral reply, not by DM; a
    click on the DM's outdated picker then answers with the current one in the same DM.
    """
    version = (await table.match()).version
    try:
        return picker_message(player, version)
    except AssertionError:
        old = newest_picker(player)
    button = next(cid for cid in custom_ids(old) if cid.startswith(f"pk:{MATCH}:"))
    result = await player.user.click(old, custom_id=button)
    assert result.acknowledged
    refreshed = message_by_id(player.user.dm_channel, old.id)
    assert "board changed" in refreshed.content
    assert (await table.match()).version == version, "an outdated click plays nothing"
    return refreshed


def picker_version(message: discord.Message) -> int:
    """The version a DM's picker was drawn for."""
    [version] = {int(cid.split(":")[2]) for cid in custom_ids(message) if cid.startswith(("pk:", "ps:"))}
    return version


async def click_move(table: Table, player: Player, code: str, *, message: discord.Message | None = None) -> Any:
    """Play ``code`` from the player's DM picker, checking every step offers exactly the engine's tokens.

    ``message`` may be an older DM whose picker is still valid (drawn before other seats moved).
    Returns the DM message as it is after the move (the actor's new panel).
    """
    match = await table.match()
    state = await table.state()
    seat = player.seat
    message = message or await current_picker(table, player)
    version = picker_version(message)
    path = path_of(state, seat, code)
    for depth in range(len(path)):
        prefix = path[:depth]
        assert offered(message, version, prefix) == next_tokens(state, seat, prefix), (code, prefix)
        button = f"pk:{MATCH}:{version}:" + "|".join(path[: depth + 1])
        if button in custom_ids(message):
            result = await player.user.click(message, custom_id=button)
        else:
            [menu] = [cid for cid in custom_ids(message) if cid.startswith(f"ps:{MATCH}:{version}:")]
            result = await player.user.select(message, [path[depth]], custom_id=menu)
        assert result.acknowledged
        message = message_by_id(player.user.dm_channel, message.id)
        if depth < len(path) - 1:
            assert picker_version(message) == version, "choosing a first token plays nothing yet"
    after = await table.match()
    assert after.record.ply == match.record.ply + plies_of(state, seat, code), f"{code} was played"
    assert "Move played" in message.content
    return message


def reply_of(result: Any) -> Any:
    """The private answer of a deferred command (the first followup replaces "thinking")."""
    assert result.ephemeral
    return result.followups[-1] if result.followups else result.response


async def type_move(table: Table, player: Player, code: str) -> Any:
    """``/move code:...`` in the thread; returns the private answer."""
    before = (await table.match()).record.ply
    plies = plies_of(await table.state(), player.seat, code)
    reply = reply_of(await player.member.slash(table.thread, "move", code=code))
    assert "went wrong" not in reply.content
    assert (await table.match()).record.ply == before + plies, f"{code} was played"
    return reply


async def play_through_service(table: Table, line: Line, stop: int, start: int = 0) -> None:
    """Play the line's decisions ``start`` to ``stop`` (excluded) straight through the service, then deliver.

    The line's forced decisions are the bot's: it played them after the decision before.
    """
    for index, (seat, code, expected) in enumerate(line.decisions[start:stop], start=start):
        if index in line.forced:
            continue
        assert GAME.encode(await table.state()) == GAME.encode(expected)
        await table.bot.service.submit_move(MATCH, table.players[seat].member.id, code)
    await table.bot.flush_notifications()
    if stop < len(line.decisions):
        assert GAME.encode(await table.state()) == GAME.encode(line.decisions[stop][2])


def private_texts(state: RialtoState, seat: int, code: str) -> list[str]:
    """The texts of the private events ``code`` causes (drawn cards, discards)."""
    _, events = GAME.apply(state, seat, code)
    return [EN(event.message) for event in events if event.audience is not None]


def public_texts(state: RialtoState, seat: int, code: str) -> list[str]:
    """The texts of the public events ``code`` causes."""
    _, events = GAME.apply(state, seat, code)
    return [EN(event.message) for event in events if event.audience is None]


def mentioned(post: discord.Message, table: Table) -> set[int]:
    """The seats a thread post mentions."""
    return {player.seat for player in table.players if f"<@{player.member.id}>" in post.content}


async def assert_public_image(table: Table, post: discord.Message) -> None:
    """The post's image is the public view's picture (no hand can be on it)."""
    match = await table.match()
    assert GAME.view(match.state, None).hand == ()
    expected = present.picture(match, None, "en")
    assert post.attachments
    assert await post.attachments[0].read() == expected.png
    assert (post.attachments[0].description or "") == expected.alt


# --- Deciding how each decision of a line is played -------------------------------------------


def through_discord(line: Line, index: int, round_one_end: int) -> str:
    """``click``, ``type`` or ``service`` for decision ``index`` (see the module docstring)."""
    seat, code, state = line.decisions[index]
    two_tokens = len(path_of(state, seat, code)) > 1
    if index < round_one_end:
        return "click" if two_tokens or index % 2 == 0 else "type"
    if kind(state, seat, code) in ("bridge", "gondola", "yellow"):
        return "click"
    previous = line.decisions[index - 1][2]
    if previous.round != state.round:
        return "type"
    return "service"


def round_end(line: Line, round_: int) -> int:
    """The index of the first decision after round ``round_``."""
    return next(i for i, (_, _, state) in enumerate(line.decisions) if state.round > round_)


async def play_whole_line(table: Table, line: Line) -> dict[str, int]:
    """Play every decision of ``line`` as :func:`through_discord` says; returns what was checked."""
    first_round_end = round_end(line, 1)
    seen = {
        "click": 0,
        "type": 0,
        "yellow": 0,
        "bridge": 0,
        "gondola": 0,
        "discard_rounds": 0,
        "posts": 0,
        "forced": 0,
    }
    index = 0
    while index < len(line.decisions):
        seat, code, expected = line.decisions[index]
        if index in line.forced:
            # The bot played this lone move after the decision before; its post says so.
            assert GAME.encode(await table.state()) != GAME.encode(expected), f"decision {index} was played"
            seen["forced"] += 1
            index += 1
            continue
        how = through_discord(line, index, first_round_end)
        if how == "service":
            stop = index + 1
            while stop < len(line.decisions) and through_discord(line, stop, first_round_end) == "service":
                stop += 1
            await play_through_service(table, line, stop, index)
            index = stop
            continue
        match = await table.match()
        assert GAME.encode(await table.state()) == GAME.encode(expected), f"decision {index}"
        assert seat in match.to_move()
        player = table.players[seat]
        secrets = private_texts(expected, seat, code)
        posts = len(table.posts())
        if how == "click":
            await click_move(table, player, code)
        else:
            await type_move(table, player, code)
        seen[how] += 1
        what = kind(expected, seat, code)
        if what in seen:
            seen[what] += 1
        new = table.posts()[posts:]
        for post in new:
            for secret in secrets:
                assert secret not in post.content, "a public post shows a hand"
        if new and index < first_round_end:
            await assert_public_image(table, new[-1])
            seen["posts"] += 1
        after = await table.match()
        if new and after.is_running:
            assert mentioned(new[-1], table) == set(after.to_move()), "the post pings exactly who must act"
        index += 1
    return seen


# --- The whole 3-player game ---------------------------------------------------------------------


async def test_a_whole_three_player_game_by_components_and_typed_moves(
    simcord_env: Env, simcord_bot: SerenissimaBot
) -> None:
    table = await open_table(simcord_env, simcord_bot, WHOLE_GAME_SEED, ("ana", "bo", "cy"))
    start = table.posts()[-1]
    assert "has started" in start.content and start.attachments
    seen = await play_whole_line(table, LINE)
    assert seen["click"] >= 20 and seen["type"] >= 20, seen
    assert seen["yellow"] >= 1 and seen["bridge"] >= 2 and seen["gondola"] >= 1, seen
    assert seen["posts"] >= 15, seen
    # The last starting building left is taken for its seat, and the post says so.
    assert seen["forced"] >= 1, seen
    forced = [post for post in table.posts() if "had only one possible move" in post.content]
    assert len(forced) == seen["forced"] and all("as a starting building" in post.content for post in forced)
    match = await table.match()
    assert not match.is_running and match.outcome is not None
    final = table.posts()[-1]
    assert not any(cid.startswith(("pk:", "ps:", "bd:")) for cid in custom_ids(final)), "no buttons after the end"
    assert "wins" in " ".join(post.content for post in table.posts()[-3:])
    state = await table.state()
    assert LINE.final is not None and GAME.encode(state) == GAME.encode(LINE.final)
    replayed = await simcord_bot.service.replay(MATCH)
    assert GAME.encode(replayed) == GAME.encode(state)


# --- The simultaneous discard -----------------------------------------------------------------------


async def test_the_hand_limit_discard_pings_everyone_still_choosing(
    simcord_env: Env, simcord_bot: SerenissimaBot
) -> None:
    table = await open_table(simcord_env, simcord_bot, WHOLE_GAME_SEED, ("ana", "bo", "cy"))
    first = LINE.first("discard")
    await play_through_service(table, LINE, first - 1)
    # The last decision before the discards, clicked: it opens the simultaneous phase.
    seat, code, _ = LINE.decisions[first - 1]
    posts = len(table.posts())
    await click_move(table, table.players[seat], code)
    state = await table.state()
    assert state.phase is Phase.DISCARD
    discarding = {s for s, p in enumerate(state.players) if p.discard_need}
    assert len(discarding) == 3 and GAME.to_move(state) == frozenset(discarding), "everyone discards at once"
    [post] = table.posts()[posts:]
    assert mentioned(post, table) == discarding, "one post pings every seat that must discard"
    version = (await table.match()).version
    pickers = {s: picker_message(table.players[s], version) for s in discarding}
    for s, message in pickers.items():
        tokens = offered(message, version, ())
        assert tokens and all(token.startswith("d-") for token in tokens), "only cards to discard at first"
        told = "Move played" if s == seat else "Your turn"
        assert told in message.content, "the others are asked by a DM of their own; the actor in its panel"

    # The seats discard in seat order; each from the DM drawn when the phase opened, even
    # though other seats have moved since. The channel hears of the discards once, when
    # the last seat is done (one post per turn of the table, not one per seat).
    index = first
    waiting = set(discarding)
    told: list[str] = []
    secrets: list[str] = []
    while index < len(LINE.decisions) and LINE.decisions[index][2].phase is Phase.DISCARD:
        seat, code, _ = LINE.decisions[index]
        player = table.players[seat]
        message = pickers[seat] if code != "ok" else newest_picker(player)
        posts = len(table.posts())
        pickers[seat] = await click_move(table, player, code, message=message)
        new = table.posts()[posts:]
        if code != "ok":
            assert not new, "choosing a card is private: nothing is posted"
            index += 1
            continue
        waiting.discard(seat)
        told.append(public_texts(LINE.decisions[index][2], seat, code)[0])
        secrets.extend(private_texts(LINE.decisions[index][2], seat, code))
        state = await table.state()
        if waiting:
            assert GAME.to_move(state) == frozenset(waiting)
            assert not new, "a seat done discarding is told in the post that ends the discards, not alone"
        else:
            [post] = new
            assert all(text in post.content for text in told), "one post tells every seat's discard"
            assert not any(secret in post.content for secret in secrets), "and none of the cards"
            assert state.phase is Phase.PLAY and state.step == 0, "the game goes on after the last discard"
            assert mentioned(post, table) == set(GAME.to_move(state))
        index += 1
    assert not waiting


# --- Restarts in the middle of a step -------------------------------------------------------------


async def test_a_restart_in_the_middle_of_a_card_play_keeps_old_dm_buttons_working(
    simcord_env: Env, simcord_bot: SerenissimaBot, make_bot: Callable[..., SerenissimaBot], db_path: Path
) -> None:
    table = await open_table(simcord_env, simcord_bot, WHOLE_GAME_SEED, ("ana", "bo", "cy"))
    yellow = LINE.first("yellow")
    seat = LINE.decisions[yellow][0]
    # The yellow play's first component: the seat's turn in this step starts there.
    start = yellow
    while LINE.decisions[start - 1][0] == seat and LINE.decisions[start - 1][2].phase is Phase.PLAY:
        start -= 1
    end = next(i for i in range(yellow, len(LINE.decisions)) if LINE.decisions[i][1] in ("ok", "pass"))
    assert end - start >= 2, "a play of several components, so the restart falls inside it"
    await play_through_service(table, LINE, start)
    player = table.players[seat]
    dm = picker_message(player, (await table.match()).version)
    dm = await click_move(table, player, LINE.decisions[start][1], message=dm)
    assert (await table.state()).draft, "a card play is in progress"

    async with Store.open(db_path) as reopened:
        fresh = make_bot(reopened, seeds=(WHOLE_GAME_SEED,))
        await simcord_env.restart_bot(fresh)
        table.bot = fresh
        for index in range(start + 1, end + 1):
            assert GAME.encode(await table.state()) == GAME.encode(LINE.decisions[index][2])
            posts = len(table.posts())
            dm = await click_move(table, player, LINE.decisions[index][1], message=dm)
            if index < end:
                assert len(table.posts()) == posts, "building a play is private"
        state = await table.state()
        assert GAME.encode(state) == GAME.encode(LINE.decisions[end + 1][2]), "the pre-restart DM finished the play"
        played = public_texts(LINE.decisions[end][2], seat, LINE.decisions[end][1])[0]
        assert "Yellow" in played, played
        assert played in "\n".join(post.content for post in table.posts()[-2:]), "the play is announced"


async def test_a_restart_during_the_discards_keeps_every_discard_dm_working(
    simcord_env: Env, simcord_bot: SerenissimaBot, make_bot: Callable[..., SerenissimaBot], db_path: Path
) -> None:
    table = await open_table(simcord_env, simcord_bot, WHOLE_GAME_SEED, ("ana", "bo", "cy"))
    first = LINE.first("discard")
    await play_through_service(table, LINE, first)
    version = (await table.match()).version
    pickers = {player.seat: picker_message(player, version) for player in table.players}
    # The first seat finishes its discard by typing; then the bot restarts.
    index = first
    first_seat = LINE.decisions[first][0]
    while LINE.decisions[index][0] == first_seat:
        await type_move(table, table.players[first_seat], LINE.decisions[index][1])
        index += 1
    async with Store.open(db_path) as reopened:
        fresh = make_bot(reopened, seeds=(WHOLE_GAME_SEED,))
        await simcord_env.restart_bot(fresh)
        table.bot = fresh
        # The others answer from the DMs drawn before the restart and before the first seat moved.
        while LINE.decisions[index][2].phase is Phase.DISCARD:
            seat, code, _ = LINE.decisions[index]
            pickers[seat] = await click_move(table, table.players[seat], code, message=pickers[seat])
            index += 1
        state = await table.state()
        assert state.phase is Phase.PLAY
        assert GAME.encode(state) == GAME.encode(LINE.decisions[index][2])


# --- Two players against the neutral player ----------------------------------------------------------


async def test_a_whole_two_player_game_against_the_neutral_player(
    simcord_env: Env, make_bot: Callable[..., SerenissimaBot]
) -> None:
    bot = make_bot(seeds=(NEUTRAL_SEED,))
    await simcord_env.restart_bot(bot)
    table = await open_table(simcord_env, bot, NEUTRAL_SEED, ("ana", "bo"), options="neutral=true")
    state = await table.state()
    assert state.options.neutral and state.num_actors == 3
    seen = await play_whole_line(table, NEUTRAL_LINE)
    assert seen["click"] >= 10 and seen["type"] >= 10, seen
    assert seen["yellow"] >= 1 and seen["bridge"] >= 1, seen
    public = "\n".join(post.content for post in table.posts())
    assert "The neutral player plays" in public, "the neutral player acts by itself, in public"
    match = await table.match()
    assert not match.is_running and match.outcome is not None
    assert len(match.outcome.ranks) == 2, "the neutral player is no candidate to win"
    assert NEUTRAL_LINE.final is not None and GAME.encode(await table.state()) == GAME.encode(NEUTRAL_LINE.final)


# --- The standing answer autopass --------------------------------------------------------------------


def autopass_decision(line: Line) -> int:
    """The first decision where the line passes a seat that has nothing to play, after another seat's move."""
    for index, (seat, code, state) in enumerate(line.decisions):
        previous_seat = line.decisions[index - 1][0] if index else seat
        if code == "pass" and previous_seat != seat and GAME.standing_move(state, seat, "autopass") == "pass":
            return index
    raise AssertionError("the line never passes a seat with nothing to play")


async def test_autopass_set_with_a_command_passes_a_seat_with_nothing_to_play(
    simcord_env: Env, simcord_bot: SerenissimaBot
) -> None:
    table = await open_table(simcord_env, simcord_bot, WHOLE_GAME_SEED, ("ana", "bo", "cy"))
    index = autopass_decision(LINE)
    seat, _, waiting = LINE.decisions[index]
    previous_seat, previous_code, _ = LINE.decisions[index - 1]
    await play_through_service(table, LINE, index - 1)
    player = table.players[seat]

    choices = await player.member.autocomplete(table.thread, "game standing", "answer", "")
    assert [choice["value"] for choice in choices] == ["autopass"]
    answer = reply_of(await player.member.slash(table.thread, "game standing", answer="autopass"))
    assert "Standing answer set: Pass at once" in answer.content
    posts, dms = len(table.posts()), len(player.dms)
    await table.bot.service.submit_move(MATCH, table.players[previous_seat].member.id, previous_code)
    await table.bot.flush_notifications()

    state = await table.state()
    assert GAME.encode(state) == GAME.encode(LINE.decisions[index + 1][2]), "the seat passed without a click"
    assert waiting.phase is Phase.PLAY
    note = f"{EN(GAME.seat_name(seat, 3))} answered with their standing answer."
    # A pass leaves the board as it was: it is told in the next post that shows a change.
    following = index + 1
    while note not in (public := "\n".join(post.content for post in table.posts()[posts:])):
        assert following < index + 12, "the autopass is told in a post soon after"
        await play_through_service(table, LINE, following + 1, following)
        following += 1
    assert note in public
    news = [dm for dm in player.dms[dms:] if note in dm.content]
    assert news, "the seat is told by DM"
    assert not any(cid.startswith(("pk:", "ps:")) for dm in news for cid in custom_ids(dm)), "nor asked to choose"
