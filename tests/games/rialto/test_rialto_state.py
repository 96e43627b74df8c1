"""``thaw`` and ``freeze``, written out field by field for speed, against the fields themselves.

A field added to the state but not to them fails at construction (no field has a default);
this test checks that each one is copied, and copied into the right place and type.
"""

from __future__ import annotations

from dataclasses import fields

from games.rialto import RialtoOptions
from games.rialto.state import PlayerState, PlayerWork, RialtoState, Work, freeze, thaw
from tests.games.rialto.helpers import random_trail


def _plain(value: object) -> object:
    """Tuples and lists alike as nested lists, a player as the dict of its fields."""
    if isinstance(value, tuple | list):
        return [_plain(item) for item in value]
    if isinstance(value, PlayerState | PlayerWork):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(PlayerState)}
    return value


def test_thaw_and_freeze_copy_every_field_into_its_own_place():
    trail = random_trail(5, 3, RialtoOptions(y4_any_source=True))
    trail += random_trail(6, 2, RialtoOptions(neutral=True))
    assert len(trail) > 200
    for state, _, _ in trail:
        work = thaw(state)
        assert isinstance(work, Work)
        for f in fields(RialtoState):
            assert _plain(getattr(work, f.name)) == _plain(getattr(state, f.name)), f.name
            if isinstance(getattr(state, f.name), tuple):
                assert isinstance(getattr(work, f.name), list), f.name
        assert all(isinstance(player.hand, list) and isinstance(player.buildings, list) for player in work.players)
        assert work.stream == 0 and work.events == []
        assert freeze(work) == state
        assert isinstance(freeze(work).players[0].hand, tuple)
