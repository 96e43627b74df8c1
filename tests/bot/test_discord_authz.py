"""Two servers on simulated Discord: match and tournament ids do not reach across them.

Server A plays match #1 (and runs tournament #1); from server B, an admin's /game cancel,
a member's /game join, a click on a button naming match #1, /move's autocomplete and a
tournament command all answer as if there were no such match here, and change nothing.
"""

from __future__ import annotations

import discord

from bot.discord.components import board_view, lobby_view, signup_view
from bot.i18n import tr_for

NO_MATCH = "There is no match #1 here."
NO_TOURNAMENT = "There is no tournament #1 on this server."


class Servers:
    """Server A (ana, bo) with match #1 in a thread; server B (an admin and eve), where ana is a member too."""

    def __init__(self, env, bot) -> None:  # type: ignore[no-untyped-def]
        self.env, self.bot = env, bot
        self.a = env.create_guild("A")
        self.a_channel = self.a.create_text_channel("games")
        self.ana_user, self.bo_user, self.eve_user = (
            env.create_user("ana"),
            env.create_user("bo"),
            env.create_user("eve"),
        )
        self.ana, self.bo = self.a.add_member(self.ana_user), self.a.add_member(self.bo_user)
        self.b = env.create_guild("B")
        self.b_channel = self.b.create_text_channel("games")
        admins = self.b.create_role("mods", permissions=discord.Permissions(manage_guild=True))
        self.admin_b = self.b.add_member(env.create_user("mod"), roles=[admins])
        self.eve_b = self.b.add_member(self.eve_user)
        self.ana_b = self.b.add_member(self.ana_user)

    async def open_lobby(self) -> object:
        created = await self.ana.slash(self.a_channel, "game new", game="volto")
        assert created.ephemeral and "Match #1" in created.response.content
        [thread] = self.a_channel.threads
        return thread

    async def running_match(self) -> object:
        thread = await self.open_lobby()
        await self.bo.click(thread.history()[0], label="Join")  # type: ignore[attr-defined]
        assert (await self.bot.service.get_match(1)).is_running
        return thread

    async def post_in_b(self, view: discord.ui.View) -> discord.Message:
        """A message in server B carrying ``view`` (as a crafted or misplaced button would)."""
        channel = self.bot.get_channel(self.b_channel.id)
        await channel.send("buttons", view=view)
        return self.b_channel.history()[-1]


async def test_an_admin_of_another_server_cannot_cancel_a_running_match(simcord_env, simcord_bot):
    servers = Servers(simcord_env, simcord_bot)
    await servers.running_match()
    before = (await simcord_bot.service.get_match(1)).record
    refused = await servers.admin_b.slash(servers.b_channel, "game cancel", match=1)
    assert refused.ephemeral and refused.response.content == NO_MATCH
    after = (await simcord_bot.service.get_match(1)).record
    assert after == before and after.status == "active"


async def test_a_member_of_another_server_cannot_join_a_lobby(simcord_env, simcord_bot):
    servers = Servers(simcord_env, simcord_bot)
    await servers.open_lobby()
    refused = await servers.eve_b.slash(servers.b_channel, "game join", match=1)
    assert refused.ephemeral and refused.response.content == NO_MATCH
    record = (await simcord_bot.service.get_match(1)).record
    assert record.status == "lobby" and record.seats == (servers.ana.id,)
    offered = await servers.eve_b.autocomplete(servers.b_channel, "game join", "match", "")
    assert offered == [], "server B's join autocomplete does not list server A's lobby"
    assert [c["value"] for c in await servers.bo.autocomplete(servers.a_channel, "game join", "match", "")] == [1]


async def test_a_button_naming_another_servers_match_changes_nothing(simcord_env, simcord_bot):
    servers = Servers(simcord_env, simcord_bot)
    thread = await servers.open_lobby()
    match = await simcord_bot.service.get_match(1)
    tr = tr_for("en")
    message = await servers.post_in_b(lobby_view(match, tr))
    joined = await servers.eve_b.click(message, custom_id="lb:1:join")
    assert joined.ephemeral and joined.response.content == NO_MATCH
    cancelled = await servers.admin_b.click(message, custom_id="lb:1:cancel")
    assert cancelled.ephemeral and cancelled.response.content == NO_MATCH
    assert (await simcord_bot.service.get_match(1)).record == match.record
    # Once it runs, its board buttons answer the same in server B, even to one of its players.
    await servers.bo.click(thread.history()[0], label="Join")
    running = await simcord_bot.service.get_match(1)
    board = await servers.post_in_b(board_view(running, tr))
    [play_id] = [c.custom_id for row in board.components for c in row.children if c.custom_id.startswith("bd:1:")][:1]
    clicked = await servers.ana_b.click(board, custom_id=play_id)
    assert clicked.ephemeral and clicked.response.content == NO_MATCH


async def test_move_autocomplete_offers_nothing_of_another_servers_match(simcord_env, simcord_bot):
    servers = Servers(simcord_env, simcord_bot)
    thread = await servers.running_match()
    at_home = await servers.ana.autocomplete(thread, "move", "code", "")
    assert at_home, "ana has setup moves to make in her own server"
    assert await servers.ana_b.autocomplete(servers.b_channel, "move", "code", "", match=1) == []
    assert await servers.ana_b.autocomplete(servers.b_channel, "move", "match", "") == []
    assert [c["value"] for c in await servers.ana.autocomplete(thread, "move", "match", "")] == [1]
    played = await servers.ana_b.slash(servers.b_channel, "move", code="auto", match=1)
    assert played.ephemeral and played.response.content == NO_MATCH
    assert (await simcord_bot.service.get_match(1)).record.ply == 0


async def test_tournament_commands_and_buttons_do_not_reach_across_servers(simcord_env, simcord_bot):
    servers = Servers(simcord_env, simcord_bot)
    created = await servers.ana.slash(servers.a_channel, "tournament create", game="volto", format="swiss", rounds=1)
    assert created.ephemeral and "Tournament #1" in created.response.content
    cancelled = await servers.admin_b.slash(servers.b_channel, "tournament cancel", tournament=1)
    assert cancelled.ephemeral and cancelled.response.content == NO_TOURNAMENT
    joined = await servers.eve_b.slash(servers.b_channel, "tournament join", tournament=1)
    assert joined.ephemeral and joined.response.content == NO_TOURNAMENT
    tournaments = simcord_bot.tournaments.service
    cup = await tournaments.get(1)
    message = await servers.post_in_b(signup_view(cup, tr_for("en")))
    clicked = await servers.eve_b.click(message, custom_id="tn:1:join")
    assert clicked.ephemeral and clicked.response.content == NO_TOURNAMENT
    assert (await tournaments.get(1)).status == "signup"
    assert await tournaments.store.entrants(1) == []


async def test_every_game_command_naming_another_servers_match_answers_the_same(simcord_env, simcord_bot):
    servers = Servers(simcord_env, simcord_bot)
    await servers.running_match()
    before = (await simcord_bot.service.get_match(1)).record
    commands = ["resign", "draw", "claim", "show", "mine", "log", "export", "standing", "leave", "start", "join"]
    commands += ["undo", "sub", "follow", "unfollow"]
    for command in commands:
        refused = await servers.ana_b.slash(servers.b_channel, f"game {command}", match=1)
        assert refused.ephemeral and refused.response.content == NO_MATCH, command
        assert not refused.response.attachments, command
    assert (await simcord_bot.service.get_match(1)).record == before


async def test_every_tournament_command_naming_another_servers_tournament_answers_the_same(simcord_env, simcord_bot):
    servers = Servers(simcord_env, simcord_bot)
    await servers.ana.slash(servers.a_channel, "tournament create", game="volto", format="swiss", rounds=1)
    await servers.bo.slash(servers.a_channel, "tournament join", tournament=1)
    tournaments = simcord_bot.tournaments.service
    before = (await tournaments.get(1), await tournaments.store.entrants(1))
    commands = {
        "leave": {},
        "checkin": {},
        "start": {},
        "pause": {"reason": "x"},
        "resume": {"reason": "x"},
        "substitutes": {"allow": True},
        "correct": {"match": 1, "places": "1,2", "reason": "x"},
        "drop": {"player": servers.eve_b},
        "standings": {},
        "log": {},
    }
    for command, options in commands.items():
        refused = await servers.admin_b.slash(servers.b_channel, f"tournament {command}", tournament=1, **options)
        assert refused.ephemeral and refused.response.content == NO_TOURNAMENT, command
        assert not refused.response.attachments, command
    assert (await tournaments.get(1), await tournaments.store.entrants(1)) == before
