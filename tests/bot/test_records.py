"""The records' vocabulary: the enums are the very strings the database holds (no migration)."""

from __future__ import annotations

import re

from bot.records import ChosenBy, MatchStatus, NotificationKind
from bot.store import migrations


def schema() -> str:
    return "\n".join(script for _, script in migrations())


def test_match_statuses_are_the_ones_the_schema_allows():
    allowed = re.search(r"status\s+TEXT\s+NOT NULL CHECK \(status IN \(([^)]*)\)\)", schema())
    assert allowed is not None
    assert {value.strip(" '") for value in allowed.group(1).split(",")} == set(MatchStatus)


def test_a_member_is_its_stored_string():
    assert MatchStatus.ACTIVE == "active" and f"{MatchStatus.ACTIVE}" == "active"
    assert ChosenBy("timeout") is ChosenBy.TIMEOUT
    assert "DEFAULT 'player'" in schema() and ChosenBy.PLAYER == "player"
    assert [str(kind) for kind in NotificationKind] == ["board", "lobby", "seat", "offer"]
