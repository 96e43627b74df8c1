"""The service without Discord: lobby rules, moves, resign and draws, standing answers."""

from __future__ import annotations

import pytest

from bot.service import Service
from bot.service_errors import LobbyError, NotSeated, ServiceError
from games.core import IllegalMove, InvalidMove, NotYourTurn, Rng
from tests.postgres import BOTH_BACKENDS


async def lobby(service: Service, creator: int = 10) -> int:
    return (await service.create_match("volto", creator, guild_id=1, channel_id=2)).id


async def arranged(service: Service) -> int:
    match_id = await lobby(service)
    await service.join(match_id, 11)
    for user in (10, 11):
        await service.submit_move(match_id, user, "auto")
        await service.submit_move(match_id, user, "ready")
    return match_id


async def test_joining_the_last_seat_starts_the_match(service):
    match_id = await lobby(service)
    change = await service.join(match_id, 11)
    assert change.match.is_running
    assert sorted(change.match.record.seats) == [10, 11]
    assert change.match.to_move() == frozenset({0, 1}), "Volto starts with the secret setup of both seats"


@pytest.mark.parametrize(
    ("steps", "code"),
    [
        ([("join", 10)], "core.error.already_joined"),
        ([("join", 11), ("join", 12)], "core.error.already_started"),
        ([("join", 11), ("start", 10)], "core.error.started_already"),
        ([("start", 10)], "core.error.too_few"),
        ([("start", 11)], "core.error.creator_only"),
        ([("leave", 10)], "core.error.creator_leaves"),
        ([("cancel", 11)], "core.error.cancel_denied"),
        ([("cancel", 10), ("join", 11)], "core.error.cancelled"),
        ([("cancel", 10), ("start", 10)], "core.error.cancelled"),
    ],
    ids=[
        "second-join",
        "join-started",
        "start-started",
        "too-few",
        "not-creator",
        "creator-leaves",
        "cancel-by-stranger",
        "join-cancelled",
        "start-cancelled",
    ],
)
async def test_lobby_refusals(service, steps, code):
    match_id = await lobby(service)
    *setup, (last_action, last_user) = steps
    for action, user in setup:
        await getattr(service, action)(match_id, user)
    version = (await service.get_match(match_id)).version
    with pytest.raises(ServiceError) as raised:
        await getattr(service, last_action)(match_id, last_user)
    assert raised.value.code == code
    assert (await service.get_match(match_id)).version == version


async def test_leaving_a_seat_is_not_possible_for_a_stranger(service):
    match_id = await lobby(service)
    with pytest.raises(NotSeated):
        await service.leave(match_id, 99)


async def test_a_match_with_a_full_lobby_refuses_more(service, store):
    match = await service.create_match("volto", 10, guild_id=1, channel_id=2)
    await service.join(match.id, 11)
    with pytest.raises(LobbyError) as raised:
        await service.join(match.id, 12)
    assert raised.value.code == "core.error.already_started"


async def test_bad_player_counts_and_options_are_refused(service):
    with pytest.raises(LobbyError):
        await service.create_match("volto", 10, guild_id=1, channel_id=2, players=3)
    with pytest.raises(LobbyError) as raised:
        await service.create_match("volto", 10, guild_id=1, channel_id=2, options_text="flying_soldier=yes")
    assert raised.value.params["problem"].params["option"] == "flying_soldier=yes"
    with pytest.raises(ServiceError):
        await service.create_match("chess", 10, guild_id=1, channel_id=2)


async def test_options_are_kept(service):
    match = await service.create_match("volto", 10, guild_id=1, channel_id=2, options_text="rook_soldier=true")
    assert match.record.options["rook_soldier"] is True
    await service.join(match.id, 11)
    running = await service.get_match(match.id)
    assert running.state.options.rook_soldier is True


async def test_moves_out_of_turn_illegal_or_malformed_change_nothing(service):
    match_id = await arranged(service)
    match = await service.get_match(match_id)
    [mover] = match.users_to_move()
    other = 11 if mover == 10 else 10
    version = match.version
    with pytest.raises(NotYourTurn):
        await service.submit_move(match_id, other, "a7-a6")
    with pytest.raises(InvalidMove):
        await service.submit_move(match_id, mover, "hello")
    with pytest.raises(IllegalMove):
        await service.submit_move(match_id, mover, "a1-e5")
    with pytest.raises(NotSeated):
        await service.submit_move(match_id, 99, "a1-a2")
    assert (await service.get_match(match_id)).version == version


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_resign_gives_the_win_to_the_other_seat(service):
    match_id = await arranged(service)
    change = await service.resign(match_id, 10)
    outcome = change.match.outcome
    assert outcome is not None
    winner = change.match.record.seats[next(iter(outcome.winners))]
    assert winner == 11
    assert outcome.reason.key == "core.reason.resigned"
    with pytest.raises(LobbyError):
        await service.submit_move(match_id, 11, "a1-a2")


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_a_draw_needs_both_and_a_move_withdraws_the_offer(service):
    match_id = await arranged(service)
    await service.offer_draw(match_id, 10)
    with pytest.raises(LobbyError):
        await service.offer_draw(match_id, 10)
    match = await service.get_match(match_id)
    [mover] = match.users_to_move()
    option = (await service.move_options(match, mover))[0]
    await service.submit_move(match_id, mover, option.code)
    assert (await service.get_match(match_id)).record.draw_offers == 0
    await service.offer_draw(match_id, 10)
    change = await service.offer_draw(match_id, 11)
    assert change.match.outcome is not None and change.match.outcome.is_draw


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_find_match_by_thread_or_by_the_only_one(service, store):
    match_id = await lobby(service)
    await store.set_location(match_id, thread_id=77)
    found = await service.find_match(match_id=None, channel_id=77, user_id=10, guild_id=1)
    assert found.id == match_id
    elsewhere = await service.find_match(match_id=None, channel_id=5, user_id=10, guild_id=1)
    assert elsewhere.id == match_id
    await lobby(service)
    with pytest.raises(ServiceError) as raised:
        await service.find_match(match_id=None, channel_id=5, user_id=10, guild_id=1)
    assert raised.value.code == "core.error.which_match"


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_standing_answers_are_played_when_the_seat_is_asked(service, store):
    match = await service.create_match("venezia2099", 10, guild_id=1, channel_id=2, players=3)
    await service.join(match.id, 11)
    await service.join(match.id, 12)
    with pytest.raises(ServiceError) as raised:
        await service.set_standing_answer(match.id, 10, "sometimes")
    assert raised.value.code == "core.error.bad_standing"
    for user in (10, 11, 12):
        label = await service.set_standing_answer(match.id, user, "always")
        assert label.key == "venezia2099.standing.always"
    step = 0
    while (current := await service.get_match(match.id)).is_running:
        assert current.state.phase.value != "rescue", "nobody is ever left waiting on a rescue"
        users = current.users_to_move()
        options = await service.move_options(current, users[0])
        await service.submit_move(match.id, users[0], options[step % len(options)].code)
        step += 1
    codes = [move.code for move in await store.moves(match.id)]
    assert any(code.startswith(("rescue-", "decline")) for code in codes), "a rescue happened and was answered"


async def test_games_without_standing_answers_refuse_them(service):
    match_id = await arranged(service)
    with pytest.raises(ServiceError) as raised:
        await service.set_standing_answer(match_id, 10, "always")
    assert raised.value.code == "core.error.no_standing"


def test_long_button_labels_are_cut_at_a_word():
    from bot.discord.components import fit_label

    label = "Кортеж: Дож 0 → зап. 1, Стражник Запада зап. 2 → зап. 3, Стражник Востока вост. 3 → вост. 2"
    cut = fit_label(label)
    assert len(cut) <= 80 and cut.endswith("…")
    assert label.startswith(cut[:-1]) and label[len(cut) - 1] == " "
    assert fit_label("short") == "short"


async def test_a_long_board_post_keeps_whose_turn_and_the_mentions(service):
    from bot.discord.payloads import board_message
    from bot.i18n import tr_for

    match_id = await arranged(service)
    match = await service.get_match(match_id)
    news = [f"Event number {n} happened on the board." for n in range(400)]
    body = board_message(match, tr_for("en"), news, [10])
    content = body["content"]
    assert len(content) <= 2000
    assert content.endswith("<@10>") and "to move" in content
    assert "earlier lines" in content and "Event number 399" in content


@pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
async def test_rialto_autopass_passes_for_a_seat_with_nothing_to_play(service, store):
    from games.rialto.answers import has_play
    from games.rialto.model import Phase

    match = await service.create_match("rialto", 10, guild_id=1, channel_id=2, players=2)
    await service.join(match.id, 11)
    for user in (10, 11):
        label = await service.set_standing_answer(match.id, user, "autopass")
        assert label.key == "rialto.standing.autopass"
    step = 0
    while (current := await service.get_match(match.id)).is_running and step < 400:
        users = current.users_to_move()
        state = current.state
        if state.phase is Phase.PLAY and not state.draft:
            seat = current.seat_of(users[0])
            legal = current.game.legal_moves(state, seat)
            assert has_play(state, state.players[seat]) or "Y1" in legal, "asked with nothing to play"
        options = await service.move_options(current, users[0])
        await service.submit_move(match.id, users[0], options[Rng(5, step).below(len(options))].code)
        step += 1
    automatic = [move for move in await store.moves(match.id) if move.chosen_by == "standing"]
    assert automatic and all(move.code == "pass" for move in automatic)
