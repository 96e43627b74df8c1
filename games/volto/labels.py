"""What the bot shows for Volto things: names of seats and masks, and the mover's labels.

Only :class:`~games.core.Message` values are built here (the sentences live in
:mod:`games.volto.messages`). The labels assume a legal move: :mod:`games.volto.game`
checks the move with :func:`games.volto.rules.check` before asking for its label. The names
of masks and seats are built once and shared (messages are values; every move's events
name a few of them, also in search rollouts).
"""

from __future__ import annotations

import functools

from games.core import Choice, Message, Seat, msg
from games.volto.model import ROSTER, MaskType, cell_name
from games.volto.moves import Place, SetupCommand, Step, VoltoMove, move_code
from games.volto.state import EMPTY, VoltoState, kind_of


@functools.cache
def mask_name(kind: MaskType) -> Message:
    """The translatable name of a mask type."""
    return msg(f"volto.mask.{kind.value}")


@functools.cache
def seat_name(seat: Seat) -> Message:
    """The seat's name: "White" / "Black"."""
    return msg(f"volto.seat.{seat}")


@functools.cache
def owner_name(seat: Seat) -> Message:
    """The possessive form of a seat: "White's" / "Black's"."""
    return msg(f"volto.seat.{seat}.owner")


def describe_move(state: VoltoState, seat: Seat, move: VoltoMove) -> Message:
    """``Noble c3 → c4`` / ``Noble c3 × c4`` for play; the setup step's label otherwise."""
    if isinstance(move, Step):
        key = "volto.label.capture" if state.board[move.target] != EMPTY else "volto.label.move"
        kind = kind_of(state.board[move.origin])
        return msg(key, mask=mask_name(kind), origin=cell_name(move.origin), target=cell_name(move.target))
    return _setup_label(state, seat, move)


def choice_path(state: VoltoState, seat: Seat, move: VoltoMove) -> tuple[Choice, ...]:
    """Play: the mask (token: its cell), then the destination.

    Setup: a placement is the mask type (token: its letter), then any free setup cell
    (token: the cell), so a player puts the masks they care about where they want and lets
    ``auto`` fill the rest; ``auto``, ``undo`` and ``ready`` are one choice each, offered
    beside the types. Type first: at most 5 types + 3 commands on the first row, clearer
    than 10 cells.
    """
    if isinstance(move, Step):
        origin, target = cell_name(move.origin), cell_name(move.target)
        kind = kind_of(state.board[move.origin])
        key = "volto.label.capture_to" if state.board[move.target] != EMPTY else "volto.label.to"
        return (
            Choice(origin, msg("volto.label.mask_on", mask=mask_name(kind), cell=origin)),
            Choice(target, msg(key, cell=target)),
        )
    if isinstance(move, Place):
        left = ROSTER[move.kind] - state.placed[seat].count(move.kind.value)
        return (
            Choice(move.kind.value, msg("volto.label.place_kind", mask=mask_name(move.kind), count=left)),
            Choice(cell_name(move.cell), msg("volto.label.place_on", cell=cell_name(move.cell))),
        )
    return (Choice(move_code(move), _setup_label(state, seat, move)),)


def _setup_label(state: VoltoState, seat: Seat, move: Place | SetupCommand) -> Message:
    if isinstance(move, Place):
        left = ROSTER[move.kind] - state.placed[seat].count(move.kind.value)
        return msg("volto.label.place", cell=cell_name(move.cell), mask=mask_name(move.kind), count=left)
    return msg(f"volto.label.{move.value}")
