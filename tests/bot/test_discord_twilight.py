"""Twilight of Venice on simulated Discord: turns built privately, step by step, and shown at ``end``.

A Twilight turn is several moves of the engine (cards, ``undo``, ``end``), so these tests
check what the generic bot makes of it: every step's picker offers exactly the engine's
next tokens and answers with the private preview; the opponent's DMs and the thread learn
nothing until ``end``; a public post never names a card still hidden in a hand; round and
match ends are announced with their reason. Then the special turns (Guild's Word,
Masquerade with its fixed target and re-check, a take-back), bad input, closed DMs, and a
restart while a turn is half built. Seeds come from ``tests.bot.twilight_paths``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from simcord import Env

from bot.discord.client import SerenissimaBot
from bot.i18n import tr_for
from bot.service import Match, Service
from bot.store import Store
from games.twilight import GAME, TwilightState
from tests.bot.discord_helpers import Player, Table, custom_ids, message_by_id, newest_with_components
from tests.bot.twilight_paths import (
    MASQUERADE_SEED,
    QUICK_SEED,
    hidden_kind_values,
    masquerade_line,
    names_in,
    next_tokens,
    path_of,
    quick_move,
)

EN = tr_for("en")
MATCH = 1


# --- A table: two players seated in a Twilight match ---------------------------------------


def state_of(match: Match) -> TwilightState:
    """The live Twilight state of a running or finished match."""
    assert isinstance(match.state, TwilightState)
    return match.state


def use_seed(client: SerenissimaBot, monkeypatch: pytest.MonkeyPatch, seed: int) -> None:
    """Make the next match of ``client`` use ``seed``."""
    monkeypatch.setattr(client.service, "seeds", lambda: seed)


async def open_table(env: Any, bot: Any, *, closed_dms: str | None = None) -> Table:
    """Ana opens a Twilight match, Bo joins; ``closed_dms`` names a user whose DMs fail."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    users = {name: env.create_user(name) for name in ("ana", "bo")}
    members = {name: guild.add_member(user) for name, user in users.items()}
    if closed_dms is not None:
        env.inject_error(
            "POST",
            f"/channels/{users[closed_dms].dm_channel.id}/messages",
            status=403,
            code=50007,
            message="Cannot send messages to this user",
            times=None,
        )
    created = await members["ana"].slash(channel, "game new", game="twilight")
    assert created.ephemeral
    [thread] = channel.threads
    joined = await members["bo"].click(thread.history()[0], label="Join")
    assert joined.acknowledged and joined.ephemeral
    match = await bot.service.get_match(MATCH)
    assert match.is_running and match.game.key == "twilight"
    by_id = {member.id: name for name, member in members.items()}
    names = [by_id[user_id] for user_id in match.record.seats]
    players = [Player(name, members[name], users[name], seat) for seat, name in enumerate(names)]
    return Table(env, bot, thread, players)


# --- Private panels: a DM or an ephemeral message with the move picker ---------------------


class Panel:
    """A private message with a picker that a player clicks through (DM or ephemeral)."""

    def __init__(self, player: Player, message: Any, *, in_dm: bool) -> None:
        self.player, self.message, self.in_dm = player, message, in_dm

    @property
    def ids(self) -> list[str]:
        if self.in_dm:
            return custom_ids(self.message)
        return [c["custom_id"] for row in self.message.components for c in row.get("components", [])]

    @property
    def content(self) -> str:
        return str(self.message.content)

    @property
    def alt(self) -> str:
        [picture] = self.message.attachments
        return str(picture.description)

    def offered(self, version: int, prefix: tuple[str, ...]) -> list[str]:
        """The tokens this panel offers after ``prefix`` (its pick buttons for ``version``)."""
        head = f"pk:{MATCH}:{version}:"
        tokens = []
        for custom_id in self.ids:
            if custom_id.startswith(head):
                path = tuple(custom_id[len(head) :].split("|"))
                if path[:-1] == prefix:
                    tokens.append(path[-1])
        return tokens

    async def click(self, custom_id: str) -> None:
        assert custom_id in self.ids, (custom_id, self.ids)
        actor = self.player.user if self.in_dm else self.player.member
        result = await actor.click(self.message, custom_id=custom_id)
        assert result.acknowledged
        if self.in_dm:
            self.message = message_by_id(self.player.user.dm_channel, self.message.id)
        else:
            self.message = result.response


def dm_panel(player: Player, version: int) -> Panel | None:
    """The player's DM carrying a picker for ``version``, if there is one."""
    try:
        message = newest_with_components(player.user.dm_channel, f"pk:{MATCH}:{version}:")
    except AssertionError:
        return None
    return Panel(player, message, in_dm=True)


def reply_of(result: Any) -> Any:
    """The private answer of a deferred command (the first followup replaces "thinking")."""
    assert result.ephemeral
    return result.followups[-1] if result.followups else result.response


async def play_by_buttons(table: Table, panel: Panel, code: str) -> None:
    """Click ``code`` through, checking at each step that exactly the engine's tokens are offered."""
    match = await table.match()
    seat = panel.player.seat
    path = path_of(state_of(match), seat, code)
    for depth in range(len(path)):
        prefix = path[:depth]
        assert panel.offered(match.version, prefix) == next_tokens(state_of(match), seat, prefix), (code, prefix)
        await panel.click(f"pk:{MATCH}:{match.version}:" + "|".join(path[: depth + 1]))
    assert (await table.match()).version == match.version + 1, f"{code} was played"


async def type_move(table: Table, player: Player, code: str) -> Any:
    """``/move code:...`` in the thread; returns the private answer."""
    return reply_of(await player.member.slash(table.thread, "move", code=code))


async def refused(table: Table, player: Player, code: str, reason: str) -> None:
    """A typed move is refused privately with the rule's reason, and nothing changes."""
    version = (await table.match()).version
    posts, other_dms = len(table.posts()), table.other(player).dm_count
    reply = await type_move(table, player, code)
    assert reason in reply.content, reply.content
    assert repr(code) in reply.content, "the reason quotes the input"
    assert "went wrong" not in reply.content
    assert (await table.match()).version == version, f"{code} changed the match"
    assert len(table.posts()) == posts and table.other(player).dm_count == other_dms


def seen_by_others(table: Table, mover: Player) -> tuple[int, int, int]:
    """What the others can see now: thread posts, the thread as the opponent sees it, their DMs."""
    other = table.other(mover)
    return len(table.posts()), len(table.thread.history(viewer=other.member)), other.dm_count


def assert_nothing_public(table: Table, mover: Player, before: tuple[int, int, int]) -> None:
    """Nothing of the turn being built reached the thread or the opponent since ``before``."""
    posts, seen, dms = seen_by_others(table, mover)
    assert posts == before[0], "a step of an unfinished turn was posted"
    assert seen == before[1], "the opponent saw something in the thread"
    assert dms == before[2], "the opponent was told about an unfinished turn"


def assert_no_hidden_cards(text: str, state: Any) -> None:
    """No card kind still secret in a hand is named in public ``text``."""
    hidden = [EN(f"twilight.card.{kind}") for kind in sorted(hidden_kind_values(state))]
    assert not names_in(text, hidden), (names_in(text, hidden), text)


# --- A whole match ---------------------------------------------------------------------------


async def test_a_whole_match_by_buttons_and_typed_moves(
    simcord_env: Env, simcord_bot: SerenissimaBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_seed(simcord_bot, monkeypatch, QUICK_SEED)
    table = await open_table(simcord_env, simcord_bot)
    match = await table.match()
    assert match.record.seed == QUICK_SEED
    start_post = table.posts()[-1]
    assert "has started" in start_post.content and start_post.attachments

    turns = by_buttons = steps = rounds_seen = 0
    while match.is_running:
        mover = await table.mover()
        panel = dm_panel(mover, match.version) if turns % 2 == 0 else None
        by_buttons += panel is not None
        before = seen_by_others(table, mover)
        posts = before[0]
        while True:
            code = GAME.move_code(quick_move(state_of(match), mover.seat))
            if panel is not None:
                await play_by_buttons(table, panel, code)
                answer: Any = panel
            else:
                answer = Panel(mover, await type_move(table, mover, code), in_dm=False)
            match = await table.match()
            steps += 1
            assert steps < 120
            if code in ("end", "discard"):
                break
            assert "Preview: " in answer.content, "the step is told to the mover"
            assert "preview" in answer.alt, "every step answers with the private preview"
            assert_nothing_public(table, mover, before)
        turns += 1

        new_posts = table.posts()[posts:]
        assert len(new_posts) == 1, "one public post per finished turn"
        [post] = new_posts
        assert post.attachments and post.attachments[0].description.startswith("Twilight of Venice, the public board")
        assert f"{EN(f'twilight.seat.{mover.seat}')}: " in post.content, "the post says what was played"
        assert_no_hidden_cards(post.content, state_of(match))
        results = state_of(match).results
        for number in range(rounds_seen + 1, len(results) + 1):
            result = results[number - 1]
            assert f"wins round {number}: {EN(f'twilight.reason.{result.reason.value}')}" in post.content
            if match.is_running:
                assert f"Round {number + 1} begins" in post.content, "the next round starts by itself"
        rounds_seen = len(results)
        if match.is_running:
            [next_user] = match.users_to_move()
            assert f"<@{next_user}>" in post.content

    assert by_buttons >= 3 and turns - by_buttons >= 3, (turns, by_buttons)
    assert rounds_seen >= 2
    assert {result.reason.value for result in state_of(match).results} == {"favourite", "doge"}
    final = table.posts()[-1]
    assert "wins the match" in final.content and "won." in final.content
    assert not custom_ids(final), "no buttons under a finished match"
    replayed = await table.bot.service.replay(MATCH)
    assert GAME.encode(replayed) == GAME.encode(state_of(match))


# --- The special turns -------------------------------------------------------------------------


async def test_guilds_word_then_masquerade_with_its_target_and_recheck(
    simcord_env: Env, simcord_bot: SerenissimaBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_seed(simcord_bot, monkeypatch, MASQUERADE_SEED)
    summon, first_mask, last_mask = masquerade_line(MASQUERADE_SEED) or ("", "", "")
    assert (summon, first_mask, last_mask) == ("s.d", "hd.d", "h1.d.-")
    table = await open_table(simcord_env, simcord_bot)
    east, west = table.players
    assert (await table.mover()) is east

    # East: the Guild's Word, by buttons; after it, no card is offered, only end or undo.
    match = await table.match()
    panel = dm_panel(east, match.version)
    assert panel is not None and "s" in panel.offered(match.version, ())
    before = seen_by_others(table, east)
    await play_by_buttons(table, panel, summon)
    assert "Guild's Word: Doge 0 → E1" in panel.content and "preview" in panel.alt
    match = await table.match()
    assert panel.offered(match.version, ()) == next_tokens(state_of(match), 0, ()) == ["end", "undo"]
    await refused(table, east, "d.+", "you used the Guild's Word this turn")
    await refused(table, east, "s.gw", "only at the start of a turn")
    assert_nothing_public(table, east, before)
    await play_by_buttons(table, panel, "end")
    assert "East House: Guild's Word: Doge 0 → E1." in table.posts()[-1].content

    # West: Harlequin ◊ as Masquerade on the Doge; the turn's target is then fixed.
    match = await table.match()
    panel = dm_panel(west, match.version)
    assert panel is not None
    before = seen_by_others(table, west)
    posts = before[0]
    await panel.click(f"pk:{MATCH}:{match.version}:hd")
    assert panel.offered(match.version, ("hd",)) == next_tokens(state_of(match), 1, ("hd",))
    assert "d" in panel.offered(match.version, ("hd",)), "Masquerade on the Doge is offered"
    await panel.click(f"pk:{MATCH}:{match.version}:hd|d")
    assert "Masquerade on the Doge: Doge E1 → 0" in panel.content and "preview" in panel.alt
    match = await table.match()
    assert panel.offered(match.version, ()) == next_tokens(state_of(match), 1, ()) == ["h1", "end", "undo"]
    await panel.click(f"pk:{MATCH}:{match.version}:h1")
    assert panel.offered(match.version, ("h1",)) == next_tokens(state_of(match), 1, ("h1",)) == ["d"]
    await panel.click(f"pb:{MATCH}:{match.version}:")
    assert panel.offered(match.version, ()) == next_tokens(state_of(match), 1, ()), "Back returns to the first choice"
    await refused(table, west, "h3.gw.-", "this turn's Harlequin cards move the Doge")
    await refused(table, west, "g11.+-", "only one type of card may be played per turn")
    await refused(table, west, "s.d", "only at the start of a turn")

    # The second Masquerade card brings the Doge onto the Harlequin: the re-check fails.
    await play_by_buttons(table, panel, last_mask)
    match = await table.match()
    assert panel.offered(match.version, ()) == next_tokens(state_of(match), 1, ()) == ["end", "undo"]
    # The alt text groups the cards refused for one reason: "✗ Harlequin 3, …: The Doge has …".
    crossed = [part for part in panel.alt.split("✗ ")[1:] if "The Doge has reached or passed the Harlequin" in part]
    assert crossed and "Harlequin 3" in crossed[0].split(":")[0].split(", ")
    await refused(table, west, "h3.d.-", "no more Masquerade cards can be played")
    await refused(table, west, "hd.h", "this turn's Harlequin cards move the Doge")
    assert_nothing_public(table, west, before)
    await play_by_buttons(table, panel, "end")
    [post] = table.posts()[posts:]
    assert "West House: Harlequin ◊, Masquerade on the Doge: Doge E1 → 0." in post.content
    assert "West House: Harlequin 1, Masquerade on the Doge: Doge 0 → W1." in post.content
    assert_no_hidden_cards(post.content, state_of(await table.match()))
    assert "Harlequin 3" not in post.content


async def test_take_back_shows_nothing_to_the_opponent(
    simcord_env: Env, simcord_bot: SerenissimaBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_seed(simcord_bot, monkeypatch, MASQUERADE_SEED)
    table = await open_table(simcord_env, simcord_bot)
    east, west = table.players
    match = await table.match()
    panel = dm_panel(east, match.version)
    assert panel is not None
    before = seen_by_others(table, east)
    posts, west_dms = before[0], before[2]

    await play_by_buttons(table, panel, "d.+")
    assert "Preview: Doge 1: Doge 0 → E1" in panel.content and "preview" in panel.alt
    await refused(table, east, "m2.+", "only one type of card may be played per turn")
    await refused(table, east, "discard", "only at the start of a turn")
    match = await table.match()
    undo = f"pk:{MATCH}:{match.version}:undo"
    assert panel.offered(match.version, ()) == next_tokens(state_of(match), 0, ())
    await panel.click(undo)
    assert "Taken back: Doge 1: Doge 0 → E1" in panel.content
    assert "preview" not in panel.alt, "after the take-back the private board is the turn's start again"
    match = await table.match()
    assert state_of(match).steps == () and state_of(match).board == state_of(match).public_board
    assert {"s", "discard"} <= set(panel.offered(match.version, ())), "the turn starts over"
    assert_nothing_public(table, east, before)

    await play_by_buttons(table, panel, "m2.+")
    assert_nothing_public(table, east, before)
    await play_by_buttons(table, panel, "end")
    [post] = table.posts()[posts:]
    assert "East House: Merchant 2: Merchant E1 → E3." in post.content
    assert "Doge 0 → E1" not in post.content and "Taken back" not in post.content
    latest = west.user.dm_channel.history()[-1]
    assert "Your turn" in latest.content and "Doge 0 → E1" not in latest.content
    assert west.dm_count == west_dms + 1, "the opponent hears once, when the turn ends"


# --- Closed DMs and a restart ----------------------------------------------------------------


async def test_closed_dms_play_a_turn_from_ephemeral_panels(
    simcord_env: Env, simcord_bot: SerenissimaBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_seed(simcord_bot, monkeypatch, MASQUERADE_SEED)
    table = await open_table(simcord_env, simcord_bot, closed_dms="bo")
    bo = next(player for player in table.players if player.name == "bo")
    ana = table.other(bo)
    while (await table.mover()) is ana:
        await type_move(table, ana, GAME.move_code(quick_move(state_of(await table.match()), ana.seat)))
    notice = "could not send you a direct message"
    notices = [post for post in table.posts() if notice in post.content]
    assert len(notices) == 1 and f"<@{bo.member.id}>" in notices[0].content
    assert f"bd:{MATCH}:mine" in custom_ids(notices[0])
    assert bo.dm_count == 0

    board = newest_with_components(table.thread, f"bd:{MATCH}:play")
    opened = reply_of(await bo.member.click(board, custom_id=f"bd:{MATCH}:play"))
    panel = Panel(bo, opened, in_dm=False)
    assert panel.alt.startswith(f"Twilight of Venice, the board of {EN(f'twilight.seat.{bo.seat}')}")
    before = seen_by_others(table, bo)
    posts, ana_dms = before[0], before[2]
    while True:
        match = await table.match()
        code = GAME.move_code(quick_move(state_of(match), bo.seat))
        await play_by_buttons(table, panel, code)
        assert panel.message.ephemeral
        if code in ("end", "discard"):
            break
        assert "preview" in panel.alt
        assert_nothing_public(table, bo, before)
    assert len(table.posts()) == posts + 1 and ana.dm_count == ana_dms + 1
    assert_no_hidden_cards(table.posts()[-1].content, state_of(await table.match()))

    # Bo's next turn: the DM is tried and fails again, and the thread is not told a second time.
    dm_path = f"/channels/{bo.user.dm_channel.id}/messages"
    tried = sum(1 for request in simcord_env.http_requests if request.path == dm_path)
    while (await table.mover()) is ana:
        await type_move(table, ana, GAME.move_code(quick_move(state_of(await table.match()), ana.seat)))
    assert sum(1 for request in simcord_env.http_requests if request.path == dm_path) == tried + 1
    assert len([post for post in table.posts() if notice in post.content]) == 1
    assert bo.dm_count == 0
    assert (await table.bot.service.store.get_user(bo.member.id)).dm_closed


async def test_restart_mid_turn_keeps_the_steps_and_the_old_buttons(
    simcord_env: Env,
    simcord_bot: SerenissimaBot,
    make_bot: Callable[..., SerenissimaBot],
    db_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    use_seed(simcord_bot, monkeypatch, MASQUERADE_SEED)
    table = await open_table(simcord_env, simcord_bot)
    east = table.players[0]
    match = await table.match()
    panel = dm_panel(east, match.version)
    assert panel is not None
    before = seen_by_others(table, east)
    posts = before[0]
    await play_by_buttons(table, panel, "m2.+")
    built = await table.match()
    old_ids = panel.ids

    async with Store.open(db_path) as reopened:
        fresh = make_bot(reopened)
        await simcord_env.restart_bot(fresh)
        table.bot = fresh
        after = await table.match()
        assert after.version == built.version
        assert [GAME.move_code(step.move) for step in state_of(after).steps] == ["m2.+"], (
            "the half-built turn is intact"
        )
        assert state_of(after).board == state_of(built).board and state_of(after).hands == state_of(built).hands

        # The picker drawn before the restart still plays the next step and ends the turn.
        panel.message = message_by_id(east.user.dm_channel, panel.message.id)
        assert panel.ids == old_ids
        await play_by_buttons(table, panel, "m2.+")
        assert "Merchant 2: Merchant E3 → E5" in panel.content and "preview" in panel.alt
        assert_nothing_public(table, east, before)
        await play_by_buttons(table, panel, "end")
        [post] = table.posts()[posts:]
        assert "East House: Merchant 2: Merchant E1 → E3." in post.content
        assert "East House: Merchant 2: Merchant E3 → E5." in post.content
        replayed = await fresh.service.replay(MATCH)
        assert GAME.encode(replayed) == GAME.encode(state_of(await table.match()))


# --- The seeds these tests rely on ----------------------------------------------------------


async def test_the_service_seeds_decide_the_match_seed(store: Store, clock: Callable[[], float]) -> None:
    """``Service(seeds=...)`` must decide the seed of new matches (tests and the bench rely on it)."""
    service = Service(store, clock=clock, seeds=lambda: MASQUERADE_SEED)
    match = await service.create_match("twilight", 1, guild_id=1, channel_id=1)
    assert match.record.seed == MASQUERADE_SEED
