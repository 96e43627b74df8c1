"""A server's setup over the wire: ``/setup`` by an admin, obeyed by ``/game new`` and ``/tournament create``,
matches (a tournament's games too) as forum posts, and ``/admin log`` paged by its buttons."""

from __future__ import annotations

from tests.wire.conftest import running_bot
from tests.wire.fake_discord import FakeDiscord, custom_ids, labels
from tests.wire.players import cyrillic, join


def world(fake: FakeDiscord):
    guild = fake.create_guild()
    games = fake.create_text_channel(guild, "games")
    chat = fake.create_text_channel(guild, "chat")
    admin, ana, bo = fake.create_user("admin"), fake.create_user("ana"), fake.create_user("bo")
    fake.add_member(guild, admin, admin=True)
    for user in (ana, bo):
        fake.add_member(guild, user)
    return guild, games, chat, admin, ana, bo


async def test_setup_is_for_admins_and_new_matches_obey_it(fake, tmp_path):
    guild, games, chat, admin, ana, bo = world(fake)
    async with running_bot(fake, tmp_path / "db.sqlite3") as bot:
        refused = await fake.slash(ana, games, "setup language", language="ru")
        assert refused.ephemeral and "Only a server admin" in refused.text
        assert (await bot.service.server_settings(guild.id)).locale is None, "nothing changed"

        saved = await fake.slash(admin, games, "setup channel", place=str(games.id), allow=True)
        assert saved.ephemeral and "Saved" in saved.text and f"<#{games.id}>" in saved.text
        await fake.slash(admin, games, "setup language", language="ru", why="our players read Russian")
        await fake.slash(admin, games, "setup clock", time_limit="1d")

        elsewhere = await fake.slash(ana, chat, "game new", game="volto")
        assert elsewhere.ephemeral and "not opened in this channel" in elsewhere.text
        assert f"<#{games.id}>" in elsewhere.text
        assert not fake.threads_of(chat) and not chat.messages, "no match was opened there"

        created = await fake.slash(ana, games, "game new", game="volto")
        assert created.ephemeral and not cyrillic(created.text), "Ana's own answer stays in her language"
        [thread] = fake.threads_of(games)
        lobby = thread.messages[0]
        assert cyrillic(lobby["content"]), f"the public lobby speaks the server's language: {lobby['content']!r}"
        match = await bot.service.get_match(1)
        assert match.record.time_limit == 86400, "the server's default clock"
        await join(fake, bo, thread, button=next(label for label in labels(lobby) if label != "Join"))
        assert cyrillic(thread.messages[-1]["content"]), "the posts after the start too"

        shown = await fake.slash(ana, games, "setup show")
        assert "1d" in shown.text and f"<#{games.id}>" in shown.text
    assert not fake.rejections, fake.rejections


async def test_matches_as_forum_posts(fake, tmp_path):
    guild, games, _chat, admin, ana, bo = world(fake)
    forum = fake.create_forum_channel(guild, "matches")
    async with running_bot(fake, tmp_path / "db.sqlite3") as bot:
        await fake.slash(admin, games, "setup forum", forum_channel=str(forum.id))
        created = await fake.slash(ana, games, "game new", game="volto")
        assert created.ephemeral
        [post] = fake.threads_of(forum)
        assert not fake.threads_of(games), "no thread in the channel where the command was typed"
        starter = post.messages[0]
        assert starter["id"] == str(post.id), "the lobby is the post's starter message"
        assert any(cid.startswith("lb:1:") for cid in custom_ids(starter))
        assert f"<#{post.id}>" in created.text
        await join(fake, bo, post)
        match = await bot.service.get_match(1)
        assert match.is_running and match.record.thread_id == post.id
        assert "has started" in post.messages[-1]["content"], "the match is played in the post"
        # Inside a post, a match may be opened again (the forum is an allowed place).
        await fake.slash(admin, games, "setup channel", place=str(games.id), allow=True)
        again = await fake.slash(bo, post, "game new", game="volto")
        assert "#2" in again.text and len(fake.threads_of(forum)) == 2
    assert not fake.rejections, fake.rejections


async def test_tournaments_need_the_organiser_role(fake, tmp_path):
    guild, games, _chat, admin, ana, bo = world(fake)
    organisers = fake.create_role(guild, "organisers")
    guild.member_roles[bo.id] = [organisers]
    async with running_bot(fake, tmp_path / "db.sqlite3") as bot:
        await fake.slash(admin, games, "setup organisers", organiser_role=str(organisers))
        assert (await bot.service.server_settings(guild.id)).organiser_role == organisers
        refused = await fake.slash(ana, games, "tournament create", game="volto", format="round_robin")
        assert refused.ephemeral and "organise tournaments" in refused.text
        allowed = await fake.slash(bo, games, "tournament create", game="volto", format="round_robin")
        assert "organise tournaments" not in allowed.text
        assert await bot.tournaments.service.find(guild.id, None)
    assert not fake.rejections, fake.rejections


async def test_tournaments_open_where_matches_may_and_their_games_as_forum_posts(fake, tmp_path):
    guild, games, chat, admin, ana, bo = world(fake)
    forum = fake.create_forum_channel(guild, "matches")
    async with running_bot(fake, tmp_path / "db.sqlite3") as bot:
        await fake.slash(admin, games, "setup channel", place=str(games.id), allow=True)
        await fake.slash(admin, games, "setup forum", forum_channel=str(forum.id))
        refused = await fake.slash(ana, chat, "tournament create", game="volto", format="swiss", rounds=1)
        assert refused.ephemeral and "not opened in this channel" in refused.text and f"<#{games.id}>" in refused.text
        assert not chat.messages, "no sign-up post where matches may not open"

        created = await fake.slash(ana, games, "tournament create", game="volto", format="swiss", rounds=1)
        assert created.ephemeral and "Tournament #1" in created.text
        signup = next(m for m in games.messages if any(c.startswith("tn:1:") for c in custom_ids(m)))
        for user in (ana, bo):
            await fake.click(user, signup, "tn:1:join")
        started = await fake.slash(ana, games, "tournament start")
        assert "has started" in started.text
        await fake.wait_for(lambda: any("Round 1 has started" in m["content"] for m in games.messages))
        [post] = fake.threads_of(forum)
        assert not fake.threads_of(games), "the game is a post of the forum, not a thread of the channel"
        starter = post.messages[0]
        assert starter["id"] == str(post.id), "the game's lobby is the post's starter message"
        match = await bot.service.get_match(1)
        assert match.is_running and match.record.thread_id == post.id
        assert match.record.lobby_message_id == post.id
        announcement = next(m for m in games.messages if "Round 1 has started" in m["content"])
        assert f"<#{post.id}>" in announcement["content"]
    assert not fake.rejections, fake.rejections


async def test_the_audit_log_is_private_paged_and_filtered(fake, tmp_path):
    _guild, games, _chat, admin, ana, _bo = world(fake)
    async with running_bot(fake, tmp_path / "db.sqlite3"):
        for hours in range(1, 13):
            await fake.slash(admin, games, "setup clock", time_limit=f"{hours}h", why=f"try {hours}")
        await fake.slash(ana, games, "game new", game="volto")
        [thread] = fake.threads_of(games)
        await fake.slash(admin, thread, "game cancel", why="test match")

        refused = await fake.slash(ana, games, "admin log")
        assert refused.ephemeral and "Only a server admin" in refused.text

        shown = await fake.slash(admin, games, "admin log")
        assert shown.ephemeral
        page = shown.messages[-1]
        assert "cancelled" in page["content"] and "test match" in page["content"], "newest first"
        assert page["content"].count("\n") == 10, "a header and ten rows"
        older = next(cid for cid in custom_ids(page) if cid.startswith("al:1:"))
        clicked = await fake.click(admin, page, older)
        assert clicked.response_type == 7, "the page is replaced in place"
        assert "try 1”" in page["content"] and "test match" not in page["content"]
        stranger = await fake.click(ana, page, next(cid for cid in custom_ids(page) if cid.startswith("al:0:")))
        assert "Only a server admin" in stranger.text

        filtered = await fake.slash(admin, games, "admin log", kind="cancel")
        assert filtered.messages[-1]["content"].count("\n") == 1
        by_match = await fake.slash(admin, games, "admin log", match=1)
        assert "test match" in by_match.text and "try" not in by_match.text
    assert not fake.rejections, fake.rejections


async def test_bad_setup_input_is_refused_in_the_admins_language(fake, tmp_path):
    guild, games, _chat, _admin, _ana, _bo = world(fake)
    boss = fake.create_user("boss", locale="ru")
    fake.add_member(guild, boss, admin=True)
    async with running_bot(fake, tmp_path / "db.sqlite3") as bot:
        await fake.slash(boss, games, "setup clock", time_limit="2d")
        before = await bot.service.server_settings(guild.id)
        for path, options in (
            ("setup clock", {"time_limit": "soon"}),
            ("setup clock", {"bank": "1d"}),
            ("setup quiet", {"start": "25:00", "end": "08:00"}),
            ("setup quiet", {"start": "22:00", "end": "08:00", "timezone": "Mars/Olympus"}),
        ):
            refused = await fake.slash(boss, games, path, **options)
            assert refused.ephemeral and cyrillic(refused.text), (path, options, refused.text)
            assert "Traceback" not in refused.text
        assert await bot.service.server_settings(guild.id) == before, "nothing changed"
        reset = await fake.slash(boss, games, "setup reset", setting="clock")
        assert cyrillic(reset.text)
        assert (await bot.service.server_settings(guild.id)).time_limit is None
        await fake.slash(boss, games, "setup autopilot", allowed=False)
        assert not (await bot.service.server_settings(guild.id)).autopilot_takeover
        entries, _ = await bot.service.audit_log(guild.id, is_admin=True, kind="setup")
        assert [e.actor_id for e in entries] == [boss.id] * 3, "three changes, three rows; refusals none"
    assert not fake.rejections, fake.rejections


async def test_the_stand_in_level_syncs_answers_shows_resets_and_is_audited(fake, tmp_path):
    guild, games, _chat, admin, ana, _bo = world(fake)
    boss = fake.create_user("boss", locale="ru")
    fake.add_member(guild, boss, admin=True)
    async with running_bot(fake, tmp_path / "db.sqlite3") as bot:
        [(_, commands)] = fake.command_puts
        setup = next(c for c in commands if c["name"] == "setup")
        autopilot = next(o for o in setup["options"] if o["name"] == "autopilot")
        options = {o["name"]: o for o in autopilot["options"]}
        assert [c["value"] for c in options["level"]["choices"]] == ["easy", "normal", "strong"]
        assert options["level"]["name_localizations"] == {"ru": "уровень", "it": "livello"}
        assert not options["level"].get("required") and not options["allowed"].get("required"), "either alone"

        refused = await fake.slash(ana, games, "setup autopilot", level="strong")
        assert refused.ephemeral and "Only a server admin" in refused.text
        assert (await bot.service.server_settings(guild.id)).autopilot_level == "easy", "nothing changed"

        saved = await fake.slash(admin, games, "setup autopilot", level="strong", why="worthy stand-ins")
        assert saved.ephemeral and "Saved" in saved.text
        assert "Moves the bot plays for an absent player (time-outs, vacations): strong" in saved.text
        settings = await bot.service.server_settings(guild.id)
        assert settings.autopilot_level == "strong" and settings.autopilot_takeover, "the level alone changed"

        shown = await fake.slash(boss, games, "setup show")
        assert "сильный" in shown.text, "shown in the admin's own language"
        nothing = await fake.slash(admin, games, "setup autopilot")
        assert "Nothing to change" in nothing.text

        await fake.slash(admin, games, "setup autopilot", allowed=False)
        reset = await fake.slash(admin, games, "setup reset", setting="autopilot")
        assert "After three time-outs: the autopilot takes over the seat" in reset.text
        assert "(time-outs, vacations): easy (the autopilot)" in reset.text
        settings = await bot.service.server_settings(guild.id)
        assert settings.autopilot_level == "easy" and settings.autopilot_takeover

        entries, _ = await bot.service.audit_log(guild.id, is_admin=True, kind="setup")
        assert [(e.actor_id, e.detail) for e in reversed(entries)] == [
            (admin.id, {"autopilot_level": ["easy", "strong"]}),
            (admin.id, {"autopilot_takeover": [True, False]}),
            (admin.id, {"autopilot_takeover": [False, True], "autopilot_level": ["strong", "easy"]}),
        ]
        assert entries[-1].reason == "worthy stand-ins"
    assert not fake.rejections, fake.rejections
