"""Take-backs and substitutes over the wire: the real client, its buttons and its slash options.

A rated Volto match: a move is played with ``/move``, its private answer carries "Take back
my move", the request is posted in the thread and the opponent agrees with a button; an old
answer button then changes nothing. Then a seat is handed over with ``/game sub member:``
(a user option, resolved as Discord sends it) and accepted by its button.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import tr_for
from tests.wire.conftest import running_bot
from tests.wire.fake_discord import FakeDiscord, User, custom_ids
from tests.wire.players import answer, join, newest_with, open_lobby

LONG_MATCH_SEED = 5


async def set_up_volto(fake: FakeDiscord, players: tuple[User, User], thread: Any) -> None:
    """Both players arrange their masks by DM ("random rest", then confirm)."""
    for user in players:
        setup = newest_with(fake.dm_of(user), "pk:")
        await fake.click(user, setup, next(cid for cid in custom_ids(setup) if cid.endswith(":auto")))
        await fake.click(user, setup, next(cid for cid in custom_ids(setup) if cid.endswith(":ready")))


async def harmless_code(bot: Any, user_id: int) -> str:
    from games.takeback import reveals_hidden

    match = await bot.service.get_match(1)
    seat = match.seat_of(user_id)
    for move in match.game.legal_moves(match.state, seat):
        if not reveals_hidden(match.game, match.state, seat, move):
            return str(match.game.move_code(move))
    raise AssertionError("no move that may be taken back")


async def test_a_move_is_taken_back_with_the_opponents_agreement(fake, tmp_path):
    guild = fake.create_guild()
    channel = fake.create_text_channel(guild, "games")
    ana, bo = fake.create_user("ana"), fake.create_user("bo", locale="ru")
    words = {ana.id: tr_for("en"), bo.id: tr_for("ru")}  # each answer in its reader's language
    for user in (ana, bo):
        fake.add_member(guild, user)
    async with running_bot(fake, tmp_path / "db.sqlite3", seeds=lambda: LONG_MATCH_SEED) as bot:
        thread = await open_lobby(fake, ana, channel, "volto")
        await join(fake, bo, thread)
        await set_up_volto(fake, (ana, bo), thread)
        match = await bot.service.get_match(1)
        [mover_id] = match.users_to_move()
        mover, other = (ana, bo) if mover_id == ana.id else (bo, ana)
        ply = match.record.ply

        played = await fake.slash(mover, thread, "move", code=await harmless_code(bot, mover.id))
        panel = answer(played)
        undo = [cid for cid in custom_ids(panel) if cid.startswith("tb:1:") and cid.endswith(":undo")]
        assert played.ephemeral and undo, "the private answer to a move offers to take it back"

        asked = await fake.click(mover, panel, undo[0])
        assert asked.ephemeral and asked.text == words[mover.id]("core.undo.asked")
        # The request's post goes through the outbox, queued with the request: the notifier posts it.
        await fake.wait_for(lambda: any(cid.startswith("tb:1:") for m in thread.messages for cid in custom_ids(m)))
        request = newest_with(thread.messages, "tb:1:")
        assert f"<@{other.id}>" in request["content"], "the opponent is asked in the thread"
        intruder = await fake.click(mover, request, next(cid for cid in custom_ids(request) if cid.endswith(":yes")))
        assert intruder.ephemeral, "the mover cannot agree for the others"
        assert intruder.text == words[mover.id]("core.error.undo_not_asked")

        agreed = await fake.click(other, request, next(cid for cid in custom_ids(request) if cid.endswith(":yes")))
        assert agreed.ephemeral and agreed.text == words[other.id]("core.undo.accepted")
        after = await bot.service.get_match(1)
        assert after.record.ply == ply and after.users_to_move() == [mover.id]
        assert not custom_ids(request), "the answered request loses its buttons"
        await fake.wait_for(lambda: any("took back" in m["content"] for m in thread.messages))

        late = await fake.click(mover, panel, undo[0])
        assert late.ephemeral and late.text == words[mover.id]("core.error.stale"), "an old undo button"
        assert (await bot.service.get_match(1)).version == after.version, "and changes nothing"


async def test_a_seat_is_handed_to_a_member_who_accepts(fake, tmp_path):
    guild = fake.create_guild()
    channel = fake.create_text_channel(guild, "games")
    ana, bo, carla, dave = (fake.create_user(name) for name in ("ana", "bo", "carla", "dave"))
    for user in (ana, bo, carla, dave):
        fake.add_member(guild, user)
    async with running_bot(fake, tmp_path / "db.sqlite3", seeds=lambda: LONG_MATCH_SEED) as bot:
        thread = await open_lobby(fake, ana, channel, "volto")
        await join(fake, bo, thread)
        await set_up_volto(fake, (ana, bo), thread)
        before = await bot.service.get_match(1)
        seat = before.seat_of(bo.id)

        offered = await fake.slash(bo, thread, "game sub", member=carla)
        assert offered.ephemeral and "posted" in offered.text
        await fake.wait_for(lambda: any(cid.startswith("so:") for m in thread.messages for cid in custom_ids(m)))
        post = newest_with(thread.messages, "so:")
        assert f"<@{carla.id}>" in post["content"]

        stranger = await fake.click(dave, post, custom_ids(post)[0])
        assert stranger.ephemeral and "someone else" in stranger.text
        assert bo.id in (await bot.service.get_match(1)).record.seats

        accepted = await fake.click(carla, post, custom_ids(post)[0])
        assert accepted.ephemeral
        after = await bot.service.get_match(1)
        assert after.record.seats[seat] == carla.id and after.state == before.state
        assert not custom_ids(post) and "now plays" in post["content"], "the offer post says it is done"
        await fake.wait_for(lambda: any("You now play" in m["content"] for m in fake.dm_of(carla)))

        again = await fake.slash(bo, thread, "game sub", member=dave)
        assert again.ephemeral, "the leaver no longer holds a seat: a private refusal"
        assert (await bot.service.get_match(1)).record.seats == after.record.seats


async def test_a_volunteer_takes_a_seat_the_autopilot_took_over_once_the_organiser_confirms(fake, tmp_path):
    from games.core import msg

    guild = fake.create_guild()
    channel = fake.create_text_channel(guild, "games")
    ana, bo, carla, dave = (fake.create_user(name) for name in ("ana", "bo", "carla", "dave"))
    for user in (ana, bo, carla, dave):
        fake.add_member(guild, user)
    async with running_bot(fake, tmp_path / "db.sqlite3", seeds=lambda: LONG_MATCH_SEED) as bot:
        thread = await open_lobby(fake, ana, channel, "volto")
        await join(fake, bo, thread)
        await set_up_volto(fake, (ana, bo), thread)
        seat = (await bot.service.get_match(1)).seat_of(bo.id)
        # Three time-outs hand a seat to the autopilot (the scheduler's path, called directly).
        await bot.service.hand_to_autopilot(1, [seat], msg("core.event.handed_over", seat="bo", count=3))

        called = await fake.slash(ana, thread, "game sub", seat=seat + 1)
        assert called.ephemeral and "posted" in called.text
        await fake.wait_for(lambda: any(cid.startswith("so:") for m in thread.messages for cid in custom_ids(m)))
        post = newest_with(thread.messages, "so:")
        assert "substitute is wanted" in post["content"]

        taken = await fake.click(carla, post, custom_ids(post)[0])
        assert taken.ephemeral and "confirm" in taken.text
        assert f"<@{carla.id}>" in post["content"] and custom_ids(post)[0].endswith(":confirm")
        assert bot.service and carla.id not in (await bot.service.get_match(1)).record.seats, "not before confirmation"

        refused = await fake.click(dave, post, custom_ids(post)[0])
        assert refused.ephemeral and "organiser" in refused.text
        confirmed = await fake.click(ana, post, custom_ids(post)[0])
        assert confirmed.ephemeral
        after = await bot.service.get_match(1)
        assert after.record.seats[seat] == carla.id and seat not in after.record.autopilot_seats
        assert not custom_ids(post)


async def test_a_seat_offer_is_posted_and_edited_in_the_language_the_server_chose(fake, tmp_path):
    """The server chose Russian with /setup: the offer's post and its next step read in Russian."""
    guild = fake.create_guild()
    channel = fake.create_text_channel(guild, "games")
    ana, bo, carla = (fake.create_user(name) for name in ("ana", "bo", "carla"))
    for user in (ana, bo, carla):
        fake.add_member(guild, user)
    async with running_bot(fake, tmp_path / "db.sqlite3", seeds=lambda: LONG_MATCH_SEED) as bot:
        await bot.service.change_server_settings(guild.id, ana.id, is_admin=True, locale="ru")
        thread = await open_lobby(fake, ana, channel, "volto")
        await join(fake, bo, thread, tr_for("ru")("core.button.join"))
        await set_up_volto(fake, (ana, bo), thread)
        match = await bot.service.get_match(1)
        seat = match.seat_of(bo.id)
        ru = tr_for("ru")
        await fake.slash(bo, thread, "game sub", member=carla)
        await fake.wait_for(lambda: any(cid.startswith("so:") for m in thread.messages for cid in custom_ids(m)))
        post = newest_with(thread.messages, "so:")
        seat_name = ru(match.game.seat_name(seat, 2))
        offered = ru("core.sub.offer", user=f"<@{bo.id}>", substitute=f"<@{carla.id}>", seat=seat_name, match=1)
        assert post["content"] == offered
        await fake.click(carla, post, custom_ids(post)[0])
        assert post["content"] == ru("core.sub.done", substitute=f"<@{carla.id}>", seat=seat_name, match=1)
