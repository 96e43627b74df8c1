"""A server's setup and the audit log, through the service (no Discord)."""

from __future__ import annotations

import sqlite3

import psycopg
import pytest

from bot.clocks import HOUR
from bot.scheduler import Scheduler
from bot.service import AdminOnly, AuditKind, Service
from bot.service_errors import ServiceError
from bot.tournaments.service import TournamentService
from tests.bot.test_clocks import Digests, timed_volto
from tests.postgres import BOTH_BACKENDS

ON_BOTH = pytest.mark.parametrize("backend", BOTH_BACKENDS, indirect=True)
"""The tests of the store's community rows run on SQLite and on PostgreSQL (both hold them)."""

GUILD = 1


@ON_BOTH
async def test_a_server_without_setup_has_the_defaults(service: Service):
    settings = await service.server_settings(GUILD)
    assert settings.match_channels == ()
    assert settings.allows(123, None)
    assert settings.autopilot_takeover
    assert settings.time_control.limit is None
    assert await service.public_locale_of(GUILD) is None


@ON_BOTH
async def test_a_change_is_stored_checked_and_audited(service: Service, store):
    after = await service.change_server_settings(
        GUILD, 99, is_admin=True, reason="new season", match_channels=(5, 6), locale="ru", time_limit=86400
    )
    assert after.match_channels == (5, 6) and after.locale == "ru" and after.time_limit == 86400
    fresh = Service(store)  # a restart: read from the store, not from memory
    assert (await fresh.server_settings(GUILD)).match_channels == (5, 6)
    assert await fresh.public_locale_of(GUILD) == "ru"
    [entry], more = await service.audit_log(GUILD, is_admin=True)
    assert not more
    assert (entry.kind, entry.actor_id, entry.reason) == ("setup", 99, "new season")
    assert entry.detail["match_channels"] == [[], [5, 6]]
    assert entry.detail["locale"] == [None, "ru"]
    assert (await service.server_settings(2)).match_channels == (), "another server is untouched"


@pytest.mark.parametrize(
    ("changes", "code"),
    [
        ({"locale": "fr"}, "community.error.bad_locale"),
        ({"quiet_start": 60}, "community.error.quiet_pair"),
        ({"timezone": "Mars/Olympus"}, "core.error.bad_timezone"),
        ({"match_channels": tuple(range(11))}, "community.error.too_many_channels"),
        ({"no_such_setting": 1}, "community.error.nothing_to_change"),
        ({}, "community.error.nothing_to_change"),
    ],
)
@ON_BOTH
async def test_bad_settings_change_nothing(service: Service, changes, code):
    with pytest.raises(ServiceError) as raised:
        await service.change_server_settings(GUILD, 99, is_admin=True, **changes)
    assert raised.value.code == code
    assert await service.server_settings(GUILD) == await Service(service.store).server_settings(GUILD)
    assert (await service.audit_log(GUILD, is_admin=True))[0] == [], "a refused change writes no audit row"


@ON_BOTH
async def test_only_admins_change_or_read(service: Service):
    with pytest.raises(AdminOnly):
        await service.change_server_settings(GUILD, 5, is_admin=False, locale="ru")
    with pytest.raises(AdminOnly):
        await service.audit_log(GUILD, is_admin=False)
    assert (await service.server_settings(GUILD)).locale is None


@ON_BOTH
async def test_matches_open_only_where_allowed(service: Service):
    await service.change_server_settings(GUILD, 99, is_admin=True, match_channels=(5,))
    await service.check_match_place(GUILD, 5, None)
    await service.check_match_place(GUILD, 77, 5)  # a thread of an allowed channel
    with pytest.raises(ServiceError) as raised:
        await service.check_match_place(GUILD, 6, None)
    assert raised.value.code == "community.error.channel_not_allowed"
    assert "<#5>" in raised.value.params["channels"]
    await service.change_server_settings(GUILD, 99, is_admin=True, forum_channel_id=8)
    await service.check_match_place(GUILD, 300, 8)  # a post of the matches' forum


@ON_BOTH
async def test_tournaments_need_the_organiser_role(service: Service):
    await service.check_organiser(GUILD, [], is_admin=False)  # nobody chose a role: anyone
    await service.change_server_settings(GUILD, 99, is_admin=True, organiser_role=40)
    with pytest.raises(ServiceError) as raised:
        await service.check_organiser(GUILD, [41], is_admin=False)
    assert raised.value.code == "community.error.organiser_role"
    await service.check_organiser(GUILD, [40, 41], is_admin=False)
    await service.check_organiser(GUILD, [], is_admin=True)


async def time_out_thrice(service: Service, clock, match_id: int) -> None:
    scheduler = Scheduler(service, Digests())
    for _ in range(12):
        clock.advance(HOUR + 1)
        await scheduler.tick()
        match = await service.get_match(match_id)
        if not match.is_running or match.record.autopilot_seats:
            break


@ON_BOTH
async def test_no_takeover_when_the_server_says_so(service: Service, clock, store):
    await service.change_server_settings(GUILD, 99, is_admin=True, autopilot_takeover=False)
    match_id = await timed_volto(service, "1h")
    await time_out_thrice(service, clock, match_id)
    match = await service.get_match(match_id)
    assert not match.record.autopilot_seats, "the seat stays with its player"
    notes = [e["message"]["key"] for m in await store.moves(match_id) for e in m.notes]
    assert notes.count("core.event.timed_out") >= 3, "yet every time-out was played for the seat"
    assert "core.event.handed_over" not in notes
    assert (await service.audit_log(GUILD, is_admin=True, kind="autopilot"))[0] == []


@ON_BOTH
async def test_a_takeover_is_audited(service: Service, clock):
    match_id = await timed_volto(service, "1h")
    await time_out_thrice(service, clock, match_id)
    assert (await service.get_match(match_id)).record.autopilot_seats
    [entry], _ = await service.audit_log(GUILD, is_admin=True, kind="autopilot")
    assert entry.actor_id is None and entry.match_id == match_id and entry.target_id in (10, 11)
    assert [e.kind for e in await service.match_audit(match_id)] == ["autopilot"]


@ON_BOTH
async def test_the_server_default_quiet_hours_postpone_reminders(service: Service, clock, store):
    start_minute = int((clock.now % 86400) // 60)
    await service.change_server_settings(
        GUILD, 99, is_admin=True, quiet_start=start_minute, quiet_end=(start_minute + 600) % 1440, timezone="UTC"
    )
    match_id = await timed_volto(service, "2d")
    for clock_row in (await store.clocks(match_id)).values():
        await service.remind(clock_row)
    due = [u for u in await store.users_due(clock.now + 9 * HOUR) if u.user_id in (10, 11)]
    assert not due, "nobody's digest falls inside the server's quiet hours"
    due = [u for u in await store.users_due(clock.now + 10 * HOUR + 60) if u.user_id in (10, 11)]
    assert {u.user_id for u in due} == {10, 11}


@ON_BOTH
async def test_cancel_is_audited_with_who_and_why(service: Service):
    match = await service.create_match("volto", 10, guild_id=GUILD, channel_id=2)
    await service.join(match.id, 11)
    with pytest.raises(ServiceError):
        await service.cancel(match.id, 11, reason="x")
    assert await service.match_audit(match.id) == [], "a refused cancel writes nothing"
    await service.cancel(match.id, 99, is_admin=True, reason="both players asked")
    [entry] = await service.match_audit(match.id)
    assert (entry.kind, entry.actor_id, entry.reason, entry.detail["status"]) == (
        "cancel",
        99,
        "both players asked",
        "active",
    )


@ON_BOTH
async def test_a_cancel_and_its_audit_row_are_one_write(service: Service, monkeypatch):
    match = await service.create_match("volto", 10, guild_id=GUILD, channel_id=2)
    await service.join(match.id, 11)

    def broken(write, row):  # the audit row's statement fails in the database, after the cancel's
        write.execute("INSERT INTO no_audit_log (reason) VALUES (?)", (row.reason,))

    monkeypatch.setattr("bot.store.matches.add_audit", broken)
    with pytest.raises((sqlite3.Error, psycopg.Error)):
        await service.cancel(match.id, 99, is_admin=True, reason="spam")
    service.forget(match.id)
    assert (await service.get_match(match.id)).record.status == "active", "no cancel without its audit row"


@ON_BOTH
async def test_the_log_pages_and_filters(service: Service):
    for n in range(23):
        await service.audit(AuditKind.KICK if n % 2 else AuditKind.DROP, guild_id=GUILD, actor_id=n, match_id=n)
    await service.audit(AuditKind.KICK, guild_id=2, actor_id=1000, match_id=1000)
    first, more = await service.audit_log(GUILD, is_admin=True)
    assert len(first) == 10 and more and first[0].actor_id == 22, "newest first"
    third, more = await service.audit_log(GUILD, is_admin=True, page=2)
    assert [e.actor_id for e in third] == [2, 1, 0] and not more
    kicks, _ = await service.audit_log(GUILD, is_admin=True, kind="kick")
    assert {e.kind for e in kicks} == {"kick"} and 1000 not in [e.actor_id for e in kicks]
    assert [e.actor_id for e in (await service.audit_log(GUILD, is_admin=True, match_id=4))[0]] == [4]
    assert [e.actor_id for e in (await service.audit_log(GUILD, is_admin=True, user_id=7))[0]] == [7]
    assert (await service.audit_log(GUILD, is_admin=True, match_id=1000))[0] == [], "another server's rows"
    with pytest.raises(ServiceError) as raised:
        await service.audit_log(GUILD, is_admin=True, kind="nope")
    assert raised.value.code == "community.error.bad_kind"


@ON_BOTH
async def test_tournament_acts_are_audited(service: Service, clock):
    tournaments = TournamentService(service)
    tournament = await tournaments.create(
        10, guild_id=GUILD, channel_id=2, game_key="volto", format_="round_robin", signup_time="1h"
    )
    for user in (10, 11, 12):
        await tournaments.join(tournament.id, user)
    await tournaments.start(tournament.id, 10)
    await tournaments.pause(tournament.id, 10, reason="holiday")
    await tournaments.resume(tournament.id, 10)
    await tournaments.drop(tournament.id, 12, actor_id=10, reason="no-show")
    await tournaments.drop(tournament.id, 11, actor_id=11)
    entries, _ = await service.audit_log(GUILD, is_admin=True)
    kinds = [e.kind for e in reversed(entries)]
    assert kinds[:2] == ["pause", "resume"]
    assert ("kick", 10, 12, "no-show") in [(e.kind, e.actor_id, e.target_id, e.reason) for e in entries]
    assert ("drop", 11, 11) in [(e.kind, e.actor_id, e.target_id) for e in entries]
    assert all(e.detail["tournament"] == tournament.id for e in entries if e.kind != "autopilot")


@ON_BOTH
async def test_the_audit_travels_with_the_match_export(service: Service, clock):
    from bot import history
    from bot.verify import verify_export

    match_id = await timed_volto(service, "1h")
    await time_out_thrice(service, clock, match_id)
    for _ in range(400):
        if not (await service.get_match(match_id)).is_running:
            break
        clock.advance(HOUR + 1)
        await Scheduler(service, Digests()).tick()
    match = await service.get_match(match_id)
    assert not match.is_running
    data = await history.export(service, match_id)
    rows = data["audit"]
    assert {(row["kind"], row["actor"], row["match"]) for row in rows} == {("autopilot", None, match_id)}
    assert {row["target"] for row in rows} <= {10, 11} and rows
    assert "seed" in data, "the match finished"
    report = verify_export(data)
    assert report.commitment_ok and report.replay_ok, "the audit does not disturb the replay check"
    other = await service.create_match("volto", 10, guild_id=GUILD, channel_id=2)
    await service.cancel(other.id, 99, is_admin=True, reason="spam")
    assert [r["reason"] for r in (await history.export(service, other.id))["audit"]] == ["spam"]
    assert "audit" not in await history.export(service, await timed_volto(service)), "no acts: no key"


def test_every_community_key_the_bot_uses_is_in_both_catalogs():
    import re
    from pathlib import Path

    from bot.i18n import CATALOG

    used = set()
    for path in Path("bot").rglob("*.py"):
        used |= set(re.findall(r'"(community\.[a-z_.]+[a-z])"', path.read_text(encoding="utf-8")))
    assert len(used) > 40
    for locale in ("en", "ru"):
        assert used - set(CATALOG[locale]) == set(), locale
