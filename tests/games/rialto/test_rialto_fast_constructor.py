"""``games.builders.fast_constructor`` builds the same frozen objects as the dataclass's own ``__init__``."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass, fields

import pytest

from games.builders import fast_constructor
from games.rialto import GAME
from games.rialto.state import PlayerState, RialtoState
from games.rialto.view import PlayerView, RialtoView, view_of


@pytest.mark.parametrize("cls", [RialtoState, PlayerState, RialtoView, PlayerView])
def test_fast_objects_equal_the_dataclass_ones_and_stay_frozen(cls):
    state = GAME.initial_state(9, 4)
    for _ in range(40):
        (seat, *_) = sorted(GAME.to_move(state))
        state, _ = GAME.apply(state, seat, GAME.legal_moves(state, seat)[-1])
    sample = {
        RialtoState: state,
        PlayerState: state.players[1],
        RialtoView: view_of(state, 2),
        PlayerView: view_of(state, 2).players[3],
    }[cls]
    values = {field.name: getattr(sample, field.name) for field in fields(cls)}
    fast = fast_constructor(cls)
    by_name, by_position = fast(**values), fast(*values.values())
    slow = cls(**values)
    for built in (by_name, by_position):
        assert type(built) is cls
        assert built == slow and hash(built) == hash(slow)
        assert all(getattr(built, name) is value for name, value in values.items())
        with pytest.raises(FrozenInstanceError):
            built.__setattr__(next(iter(values)), None)


def test_fast_constructor_refuses_what_it_would_build_wrong():
    @dataclass(frozen=True)
    class Unslotted:
        a: int

    @dataclass(frozen=True, slots=True)
    class Checked:
        a: int

        def __post_init__(self) -> None:
            raise ValueError

    for cls in (Unslotted, Checked):
        with pytest.raises(TypeError):
            fast_constructor(cls)
