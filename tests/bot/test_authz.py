"""Match and tournament ids are global: each is reachable only from its own server.

From another server a match answers exactly as a number that does not exist ("There is no
match #N here"), and nothing changes; in direct messages only the user's own matches are
reachable. These are the service's checks; tests/bot/test_discord_authz.py drives the same
refusals through simulated Discord with two servers.
"""

from __future__ import annotations

import pytest

from bot.i18n import tr_for
from bot.service import Service, Where
from bot.service_errors import NoSuchMatch, ServiceError
from bot.tournaments.service import TournamentError, TournamentService

HOME = Where(1)
ELSEWHERE = Where(2)
DMS = Where(None)
CREATOR, GUEST, STRANGER = 10, 11, 99


async def lobby(service: Service) -> int:
    return (await service.create_match("volto", CREATOR, guild_id=1, channel_id=100)).id


async def running(service: Service) -> int:
    match_id = await lobby(service)
    await service.join(match_id, GUEST, where=HOME)
    return match_id


async def assert_no_match_here(service: Service, match_id: int, call) -> None:  # type: ignore[no-untyped-def]
    """``call`` is refused as if the match did not exist, and the stored match is unchanged."""
    before = (await service.store.get_match(match_id), await service.store.moves(match_id))
    with pytest.raises(NoSuchMatch) as raised:
        await call
    assert raised.value.code == "core.error.no_match"
    assert raised.value.params == {"match": match_id}
    assert tr_for("en")(raised.value.message) == f"There is no match #{match_id} here."
    assert (await service.store.get_match(match_id), await service.store.moves(match_id)) == before


LOBBY_CALLS = {
    "join": lambda s, m, where: s.join(m, STRANGER, where=where),
    "leave": lambda s, m, where: s.leave(m, CREATOR, where=where),
    "start": lambda s, m, where: s.start(m, CREATOR, where=where),
    "cancel-by-admin": lambda s, m, where: s.cancel(m, STRANGER, is_admin=True, where=where),
    "cancel-by-creator": lambda s, m, where: s.cancel(m, CREATOR, where=where),
}
RUNNING_CALLS = {
    "move": lambda s, m, where: s.submit_move(m, CREATOR, "auto", where=where),
    "move-with-version": lambda s, m, where: s.submit_move(m, CREATOR, "auto", expected_version=3, where=where),
    "resign": lambda s, m, where: s.resign(m, CREATOR, where=where),
    "draw": lambda s, m, where: s.offer_draw(m, CREATOR, where=where),
    "claim": lambda s, m, where: s.claim_win(m, CREATOR, where=where),
    "standing": lambda s, m, where: s.set_standing_answer(m, CREATOR, None, where=where),
    "cancel-by-admin": lambda s, m, where: s.cancel(m, STRANGER, is_admin=True, where=where),
    "lookup": lambda s, m, where: s.match_for(m, CREATOR, where),
    "find": lambda s, m, where: s.find_match(match_id=m, channel_id=None, user_id=CREATOR, guild_id=where.guild_id),
    "undo": lambda s, m, where: s.take_back(m, CREATOR, where=where),
    "answer-undo": lambda s, m, where: s.answer_take_back(m, GUEST, 1, agree=True, where=where),
    "offer-seat": lambda s, m, where: s.offer_seat(m, GUEST, to_user=STRANGER, where=where),
    "follow": lambda s, m, where: s.follow(m, STRANGER, where=where),
    "unfollow": lambda s, m, where: s.unfollow(m, STRANGER, where=where),
}


@pytest.mark.parametrize("call", LOBBY_CALLS.values(), ids=LOBBY_CALLS.keys())
async def test_a_lobby_is_not_reachable_from_another_server(service, call):
    match_id = await lobby(service)
    await assert_no_match_here(service, match_id, call(service, match_id, ELSEWHERE))


@pytest.mark.parametrize("call", RUNNING_CALLS.values(), ids=RUNNING_CALLS.keys())
async def test_a_running_match_is_not_reachable_from_another_server(service, call):
    match_id = await running(service)
    await assert_no_match_here(service, match_id, call(service, match_id, ELSEWHERE))


async def test_a_match_that_does_not_exist_gets_the_same_answer(service):
    await running(service)
    with pytest.raises(NoSuchMatch) as raised:
        await service.resign(42, CREATOR, where=HOME)
    assert (raised.value.code, raised.value.params) == ("core.error.no_match", {"match": 42})


async def test_the_home_server_reaches_its_match(service):
    match_id = await lobby(service)
    change = await service.join(match_id, GUEST, where=HOME)
    assert change.match.is_running
    moved = await service.submit_move(match_id, CREATOR, "auto", where=HOME)
    assert moved.match.record.ply == 1
    cancelled = await service.cancel(match_id, STRANGER, is_admin=True, where=HOME)
    assert cancelled.match.record.status == "cancelled"


async def test_a_seat_offer_is_not_taken_from_another_server(service):
    """Offers are found by their own id: from another server they are gone, and no seat moves."""
    match_id = await running(service)
    for user in (CREATOR, GUEST):
        await service.submit_move(match_id, user, "auto", where=HOME)
        await service.submit_move(match_id, user, "ready", where=HOME)
    seats = (await service.get_match(match_id)).record.seats
    named = await service.offer_seat(match_id, GUEST, to_user=STRANGER, where=HOME)
    with pytest.raises(ServiceError) as raised:
        await service.accept_seat(named.offer.id, STRANGER, where=ELSEWHERE)
    assert raised.value.code == "core.error.sub_gone"
    call = await service.offer_seat(match_id, GUEST, where=HOME)
    with pytest.raises(ServiceError) as raised:
        await service.volunteer(call.offer.id, STRANGER, where=ELSEWHERE)
    assert raised.value.code == "core.error.sub_gone"
    await service.volunteer(call.offer.id, STRANGER, where=HOME)
    with pytest.raises(ServiceError) as raised:
        await service.confirm_volunteer(call.offer.id, 77, is_admin=True, where=ELSEWHERE)
    assert raised.value.code == "core.error.sub_gone"
    assert (await service.get_match(match_id)).record.seats == seats
    done = await service.confirm_volunteer(call.offer.id, 77, is_admin=True, where=HOME)
    assert STRANGER in done.match.record.seats, "and from its own server the same confirmation goes through"


STRANGER_CALLS = {
    "move": lambda s, m: s.submit_move(m, STRANGER, "auto", where=DMS),
    "resign": lambda s, m: s.resign(m, STRANGER, where=DMS),
    "draw": lambda s, m: s.offer_draw(m, STRANGER, where=DMS),
    "lookup": lambda s, m: s.match_for(m, STRANGER, DMS),
}


@pytest.mark.parametrize("call", STRANGER_CALLS.values(), ids=STRANGER_CALLS.keys())
async def test_in_direct_messages_only_the_players_reach_a_match(service, call):
    match_id = await running(service)
    await assert_no_match_here(service, match_id, call(service, match_id))
    moved = await service.submit_move(match_id, CREATOR, "auto", where=DMS)
    assert moved.match.record.ply == 1, "a player reaches their own match from direct messages"


async def test_a_lobby_cannot_be_joined_from_direct_messages(service):
    match_id = await lobby(service)
    await assert_no_match_here(service, match_id, service.join(match_id, GUEST, where=DMS))


async def test_match_lists_hold_only_what_is_reachable_from_where_they_are_asked(service):
    here = await lobby(service)
    there = (await service.create_match("volto", CREATOR, guild_id=2, channel_id=200)).id
    assert [r.id for r in await service.user_matches(CREATOR, HOME)] == [here]
    assert [r.id for r in await service.user_matches(CREATOR, ELSEWHERE)] == [there]
    assert [r.id for r in await service.user_matches(CREATOR, DMS)] == [there, here]
    assert [r.id for r in await service.open_lobbies(1)] == [here]
    assert [r.id for r in await service.user_matches(STRANGER, DMS)] == []


async def test_join_finds_a_lobby_only_on_its_own_server(service):
    match_id = await lobby(service)
    found = await service.find_lobby(match_id=None, channel_id=100, user_id=GUEST, guild_id=1)
    assert found.id == match_id
    await assert_no_match_here(
        service, match_id, service.find_lobby(match_id=match_id, channel_id=300, user_id=GUEST, guild_id=2)
    )
    with pytest.raises(NoSuchMatch) as raised:
        await service.find_lobby(match_id=None, channel_id=300, user_id=GUEST, guild_id=2)
    assert raised.value.code == "core.error.no_match_here"


# --- Tournaments ------------------------------------------------------------------------------


@pytest.fixture
def tournaments(service):
    return TournamentService(service)


async def open_cup(tournaments: TournamentService) -> int:
    cup = await tournaments.create(
        42, guild_id=1, channel_id=100, game_key="volto", format_="swiss", rounds=1, check_in=True
    )
    return cup.id


TOURNAMENT_CALLS = {
    "join": lambda t, c, where: t.join(c, STRANGER, where=where),
    "leave": lambda t, c, where: t.leave(c, GUEST, where=where),
    "check-in": lambda t, c, where: t.check_in(c, GUEST, where=where),
    "lookup": lambda t, c, where: t.get(c, where),
    "find": lambda t, c, where: t.find(where.guild_id, c),
}


@pytest.mark.parametrize("call", TOURNAMENT_CALLS.values(), ids=TOURNAMENT_CALLS.keys())
async def test_a_tournament_is_not_reachable_from_another_server(tournaments, call):
    cup = await open_cup(tournaments)
    await tournaments.join(cup, GUEST, where=HOME)
    before = await tournaments.store.entrants(cup)
    with pytest.raises(TournamentError) as raised:
        await call(tournaments, cup, ELSEWHERE)
    assert (raised.value.code, raised.value.params) == ("tournament.error.no_tournament", {"tournament": cup})
    assert await tournaments.store.entrants(cup) == before
    await call(tournaments, cup, HOME)  # and from its own server the same call goes through


# --- The adapters always say where they are ---------------------------------------------------

SCOPED_CALLS = {"join", "leave", "start", "cancel", "resign", "offer_draw", "claim_win", "submit_move"}
SCOPED_CALLS |= {"set_standing_answer", "match_for", "user_matches"}
SCOPED_CALLS |= {"take_back", "answer_take_back", "offer_seat", "accept_seat", "volunteer", "confirm_volunteer"}
SCOPED_CALLS |= {"follow", "unfollow", "allow_substitutes"}
MATCH_ADAPTERS = ("bot/discord/cogs/play.py", "bot/discord/cogs/seats.py", "bot/discord/cogs/following.py")


def test_the_discord_adapters_pass_where_to_every_call_that_names_a_match():
    """A new command or button that forgot ``where`` would reach other servers' matches."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    checked = 0
    for name in MATCH_ADAPTERS:
        before = checked
        tree = ast.parse((root / name).read_text())
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            receiver = ast.unparse(node.func.value)
            if node.func.attr not in SCOPED_CALLS or not receiver.endswith("service"):
                continue
            checked += 1
            has_where = any(k.arg == "where" for k in node.keywords) or node.func.attr in ("match_for", "user_matches")
            assert has_where, f"{name}:{node.lineno}: {receiver}.{node.func.attr}(...) without where="
            if node.func.attr in ("match_for", "user_matches"):
                assert len(node.args) + len(node.keywords) >= (3 if node.func.attr == "match_for" else 2), node.lineno
        assert checked > before, f"{name} was read"
    assert checked >= 20, "the adapters were read"
