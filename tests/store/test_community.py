"""The store's contract for the community rows (issue 16 §3-5), on every backend.

Server settings with their audit row, the audit log's filters, followers, notification
settings, deleting a server's history, and forgetting a user: the dynamic updates of every
column that names them and the rewriting of the JSON that mentions them.
"""

from __future__ import annotations

import json

from bot.records import MatchStatus, MoveRow, NewNotification, NotificationKind
from bot.store import Store
from bot.store.community import SETTINGS_COLUMNS, AuditRow, CommunityRows
from tests.store.helpers import new_match

USER = 4_000_000_000_123
"""A Discord-sized id (beyond 32 bits)."""


def audit(
    kind: str,
    *,
    guild_id: int | None = 1,
    actor: int | None = 5,
    match_id: int | None = None,
    target_id: int | None = None,
    detail: dict[str, object] | None = None,
    reason: str = "",
) -> AuditRow:
    return AuditRow(guild_id, 1.0, actor, kind, match_id, target_id, detail, reason)


async def test_server_settings_are_saved_whole_with_their_audit_row(store):
    rows = CommunityRows(store)
    assert await rows.server_settings(1) is None
    values = ["[7, 8]", 9, "ru", 3600, 60, 11, 0, 60, 420, "Europe/Rome", "strong"]
    assert len(values) == len(SETTINGS_COLUMNS)
    await rows.save_server_settings(1, values, 2.0, audit("setup"))
    assert await rows.server_settings(1) == tuple(values)
    changed = [*values[:2], None, *values[3:]]
    await rows.save_server_settings(1, changed, 3.0, audit("setup"))
    assert await rows.server_settings(1) == tuple(changed)
    assert [row[4] for row in await rows.audit_rows(1)] == ["setup", "setup"]


async def test_the_audit_log_filters_and_pages_newest_first(store):
    rows = CommunityRows(store)
    first = await rows.add_audit(audit("kick", match_id=3, target_id=USER, detail={"why": "x"}, reason="spam"))
    second = await rows.add_audit(audit("setup", actor=USER))
    third = await rows.add_audit(audit("timeout", actor=None, match_id=3))
    await rows.add_audit(audit("dm", guild_id=None))
    await rows.add_audit(audit("other", guild_id=2))
    assert first < second < third
    assert [r[0] for r in await rows.audit_rows(1)] == [third, second, first]
    assert [r[0] for r in await rows.audit_rows(1, limit=1, offset=1)] == [second]
    assert [r[0] for r in await rows.audit_rows(1, match_id=3)] == [third, first]
    assert [r[0] for r in await rows.audit_rows(1, user_id=USER)] == [second, first], "as actor or as target"
    assert [r[0] for r in await rows.audit_rows(1, kind="timeout")] == [third]
    assert [r[4] for r in await rows.audit_rows(None)] == ["dm"]
    [kick, timeout] = await rows.audit_of_match(3)
    assert kick[1:] == (1, 1.0, 5, "kick", 3, USER, '{"why": "x"}', "spam")
    assert timeout[3] is None


async def test_followers_and_notification_settings(store):
    rows = CommunityRows(store)
    match_id = await new_match(store)
    assert await rows.add_follower(match_id, USER, 1.0)
    assert not await rows.add_follower(match_id, USER, 2.0), "already following"
    assert await rows.add_follower(match_id, 7, 3.0)
    assert await rows.followers(match_id) == [USER, 7]
    assert await rows.followed_count(USER) == 1
    assert await rows.remove_follower(match_id, USER)
    assert not await rows.remove_follower(match_id, USER)
    assert await rows.followers(match_id) == [7]
    assert await rows.notification_rows([USER]) == []
    await rows.save_notification_settings(USER, '["seat"]', 1, 9)
    await rows.save_notification_settings(USER, '["board"]', 0, None)
    assert await rows.notification_rows([USER, 7]) == [(USER, '["board"]', 0, None)]
    assert await rows.notification_rows([]) == []


async def test_a_servers_ended_history_is_deleted_with_its_rows(store):
    rows = CommunityRows(store)
    ended = await new_match(store)
    await store.update_match(ended, 0, now=2.0, status=MatchStatus.FINISHED)
    await rows.add_follower(ended, 7, 1.0)
    running = await new_match(store)
    elsewhere = await new_match(store, guild_id=2)
    await store.update_match(elsewhere, 0, now=2.0, status=MatchStatus.CANCELLED)
    assert await rows.guild_match_ids(1, 0, 10) == [ended, running]
    assert await rows.guild_match_ids(1, ended, 10) == [running]
    assert await rows.last_match_id(1) == running and await rows.last_match_id(9) == 0
    assert await rows.guild_history_size(1, running) == 1
    assert await rows.delete_guild_history(1, running, audit("delete_history")) == 1
    assert await store.get_match(ended) is None and await rows.followers(ended) == []
    assert await store.get_match(running) is not None and await store.get_match(elsewhere) is not None
    assert [r[4] for r in await rows.audit_rows(1)] == ["delete_history"]


async def test_forgetting_a_user_replaces_them_everywhere_and_drops_their_own_rows(store: Store):
    rows = CommunityRows(store)
    match_id = await new_match(store, creator=USER)
    version = await store.update_match(match_id, 0, now=2.0, seats=[USER, 11], status="active")
    note = {"winner": USER, "others": [11, USER], "text": f"id {USER}", "flag": True}
    await store.update_match(
        match_id,
        version,
        now=3.0,
        ply=1,
        move=MoveRow(0, 0, "m0", [{"seat": 0, "user": USER}], notes=[{"by": USER}]),
        notifications=[NewNotification(NotificationKind.SEAT, 0, {"user": USER})],
        outcome=note,
    )
    offer = await store.create_seat_offer(match_id, 0, USER, USER, 11, 4.0)
    await rows.add_audit(audit("kick", target_id=USER, match_id=match_id, detail={"user": USER, "n": 11}))
    await rows.add_follower(match_id, USER, 1.0)
    await rows.save_notification_settings(USER, "[]", 1, None)
    await store.remember_user(USER, locale="ru")
    assert await rows.open_seats_of(USER) == [match_id]

    alias = await rows.forget_user(USER, 9.0, audit("forget", actor=USER, target_id=USER))
    assert 0 < alias < 1_000_000, "a small alias, never a Discord id"
    assert await rows.open_seats_of(USER) == [] and await rows.open_seats_of(alias) == [match_id]
    record = await store.get_match(match_id)
    assert record is not None and record.seats == (alias, 11) and record.creator_id == alias
    assert record.outcome == {"winner": alias, "others": [11, alias], "text": f"id {USER}", "flag": True}
    [move] = await store.moves(match_id)
    assert move.events == [{"seat": 0, "user": alias}] and move.notes == [{"by": alias}]
    assert [n.payload for n in await store.due_notifications(10.0)] == [{"user": alias}]
    offered = await store.seat_offer(offer.id)
    assert offered is not None and (offered.from_user, offered.offered_by, offered.to_user) == (alias, alias, 11)
    kick = (await rows.audit_rows(1, kind="kick"))[0]
    assert kick[6] == alias and json.loads(kick[7]) == {"user": alias, "n": 11}
    forget = (await rows.audit_rows(1, kind="forget"))[0]
    assert (forget[3], forget[6]) == (alias, alias)
    assert await rows.followers(match_id) == [] and await rows.notification_rows([USER]) == []
    assert (await store.get_user(USER)).locale is None
    assert await rows.audit_rows(1, user_id=USER) == []
    second = await rows.forget_user(11, 10.0, audit("forget", actor=11, target_id=11))
    assert second == alias + 1
