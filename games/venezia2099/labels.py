"""What the bot shows for Venezia 2099 things: seat, tile and district names, and the mover's labels.

Only :class:`~games.core.Message` values are built here (the sentences live in
:mod:`games.venezia2099.messages`). The mover's labels assume a legal move:
:mod:`games.venezia2099.game` checks it first.
"""

from __future__ import annotations

from games.core import Choice, Message, Seat, msg
from games.venezia2099.board import price
from games.venezia2099.model import District, square_index, square_name
from games.venezia2099.moves import Move, MoveKind
from games.venezia2099.state import State


def seat_label(seat: Seat) -> Message:
    """The seat's name as a message."""
    return msg(f"venezia2099.seat.{seat}")


def tile_label(state: State, square: int) -> Message:
    """``black 5``, ``platform`` or ``water``, as a message."""
    tile = state.tiles[square]
    if tile is None:
        return msg("venezia2099.tile.platform")
    if state.sunk[square]:
        return msg("venezia2099.tile.water")
    return district_label(tile)


def district_label(district: District) -> Message:
    """The district's (or card's) name, e.g. ``black 5``."""
    return msg(f"venezia2099.district.{district.code}")


def describe_move(state: State, seat: Seat, move: Move) -> Message:
    """What the move does, in words: the label of its button."""
    size = state.size
    match move.kind:
        case MoveKind.PLACE | MoveKind.RESCUE:
            target = _index(move.target, size)
            key = "place" if move.kind is MoveKind.PLACE else "rescue"
            return msg(f"venezia2099.describe.{key}", square=move.target, tile=tile_label(state, target))
        case MoveKind.STEP | MoveKind.GONDOLA:
            target = _index(move.target, size)
            return msg(
                f"venezia2099.describe.{move.kind.value}",
                origin=move.origin,
                target=move.target,
                tile=tile_label(state, target),
            )
        case MoveKind.BUY:
            square = _index(move.target, size)
            tile = state.tiles[square]
            assert tile is not None
            return msg(
                "venezia2099.describe.buy",
                treasure=msg(f"venezia2099.treasure.{tile.colour.value}"),
                square=move.target,
                cost=price(state, square),
            )
        case MoveKind.PLAY:
            assert move.card is not None
            square = state.square_of(move.card)
            key = "play_own" if state.occupant(square) == seat else "play"
            return msg(
                f"venezia2099.describe.{key}",
                card=district_label(move.card),
                square=square_name(square, size),
            )
        case _:
            return msg("venezia2099.describe.decline")


def choice_path(state: State, seat: Seat, move: Move) -> tuple[Choice, ...]:
    """Figure then destination; gondola, placement and rescue squares go by row first.

    Purchases, forecast cards and ``decline`` are one choice each.
    """
    size = state.size
    match move.kind:
        case MoveKind.STEP | MoveKind.GONDOLA:
            origin = _index(move.origin, size)
            target = _index(move.target, size)
            figure = Choice(
                str(move.origin),
                msg("venezia2099.choice.figure", square=move.origin, tile=tile_label(state, origin)),
            )
            destination = Choice(
                str(move.target),
                msg("venezia2099.choice.to", square=move.target, tile=tile_label(state, target)),
            )
            if move.kind is MoveKind.STEP:
                return (figure, destination)
            by_gondola = Choice("gondola", msg("venezia2099.choice.gondola", left=state.gondolas[seat]))
            return (figure, by_gondola, _row_choice(target, size), destination)
        case MoveKind.PLACE | MoveKind.RESCUE:
            target = _index(move.target, size)
            return (_row_choice(target, size), Choice(move.code, describe_move(state, seat, move)))
        case _:
            return (Choice(move.code, describe_move(state, seat, move)),)


def _row_choice(square: int, size: int) -> Choice:
    row = square // size + 1
    return Choice(f"row{row}", msg("venezia2099.choice.row", row=row))


def _index(name: str | None, size: int) -> int:
    assert name is not None
    return square_index(name, size)
