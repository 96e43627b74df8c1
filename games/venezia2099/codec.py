"""The state to and from JSON-ready data, for snapshots in the store.

Cards and districts travel as their codes (``"k5"``), platforms as None, enums as their
values; the format carries a ``"v"`` number so a later change can read older snapshots.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from games.core import options_from_dict, options_to_dict
from games.venezia2099.model import District
from games.venezia2099.state import Action, ActionKind, Options, Phase, Rescue, State

FORMAT: Final = 1


def _card(code: str) -> District:
    return District.from_code(code)


def _cards(codes: list[str]) -> tuple[District, ...]:
    return tuple(_card(code) for code in codes)


def _action_to_dict(action: Action) -> dict[str, Any]:
    return {
        "kind": action.kind.value,
        "seat": action.seat,
        "origin": action.origin,
        "target": action.target,
        "district": None if action.district is None else action.district.code,
        "amount": action.amount,
    }


def _action_from_dict(data: Mapping[str, Any]) -> Action:
    district = data["district"]
    return Action(
        ActionKind(data["kind"]),
        int(data["seat"]),
        data["origin"],
        data["target"],
        None if district is None else _card(district),
        int(data["amount"]),
    )


def encode(state: State) -> dict[str, Any]:
    """``state`` as JSON-ready data."""
    rescue = state.rescue
    return {
        "v": FORMAT,
        "seed": state.seed,
        "num_players": state.num_players,
        "options": options_to_dict(state.options),
        "size": state.size,
        "tiles": [None if tile is None else tile.code for tile in state.tiles],
        "sunk": [int(flag) for flag in state.sunk],
        "square_coins": list(state.square_coins),
        "figures": [list(row) for row in state.figures],
        "hands": [[card.code for card in hand] for hand in state.hands],
        "set_aside": [card.code for card in state.set_aside],
        "played": [[seat, card.code] for seat, card in state.played],
        "coins": list(state.coins),
        "gondolas": list(state.gondolas),
        "treasures": [list(row) for row in state.treasures],
        "supply": list(state.supply),
        "coins_lost": state.coins_lost,
        "gondolas_used": state.gondolas_used,
        "phase": state.phase.value,
        "turn": state.turn,
        "moved": state.moved,
        "gondola_moved": state.gondola_moved,
        "bought": state.bought,
        "rescue": None if rescue is None else [rescue.seat, rescue.figure, rescue.square],
        "ply": state.ply,
        "this_turn": [_action_to_dict(action) for action in state.this_turn],
        "last_turn": [_action_to_dict(action) for action in state.last_turn],
    }


def decode(data: Mapping[str, Any]) -> State:
    """The inverse of :func:`encode`."""
    if data.get("v") != FORMAT:
        raise ValueError(f"Unknown Venezia 2099 snapshot format {data.get('v')!r}.")
    rescue = data["rescue"]
    return State(
        seed=int(data["seed"]),
        num_players=int(data["num_players"]),
        options=options_from_dict(Options, data["options"]),
        size=int(data["size"]),
        tiles=tuple(None if code is None else _card(code) for code in data["tiles"]),
        sunk=tuple(bool(flag) for flag in data["sunk"]),
        square_coins=tuple(int(n) for n in data["square_coins"]),
        figures=tuple(tuple(int(square) for square in row) for row in data["figures"]),
        hands=tuple(_cards(hand) for hand in data["hands"]),
        set_aside=_cards(data["set_aside"]),
        played=tuple((int(seat), _card(code)) for seat, code in data["played"]),
        coins=tuple(int(n) for n in data["coins"]),
        gondolas=tuple(int(n) for n in data["gondolas"]),
        treasures=tuple(tuple(int(n) for n in row) for row in data["treasures"]),
        supply=tuple(int(n) for n in data["supply"]),
        coins_lost=int(data["coins_lost"]),
        gondolas_used=int(data["gondolas_used"]),
        phase=Phase(data["phase"]),
        turn=int(data["turn"]),
        moved=bool(data["moved"]),
        gondola_moved=bool(data["gondola_moved"]),
        bought=bool(data["bought"]),
        rescue=None if rescue is None else Rescue(int(rescue[0]), int(rescue[1]), int(rescue[2])),
        ply=int(data["ply"]),
        this_turn=tuple(_action_from_dict(action) for action in data["this_turn"]),
        last_turn=tuple(_action_from_dict(action) for action in data["last_turn"]),
    )
