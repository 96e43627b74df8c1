"""Messages that name Twilight things (seats, cells, cards, tokens, what a step did) and the mover's labels.

Only :class:`~games.core.Message` values are built here; the sentences themselves live in
the catalog (``messages.py``). Cells are named as on the printed board: the centre ``0``,
then ``E1``..``E8`` toward East's mansion and ``W1``..``W8`` toward West's (in Russian
``вост. 1`` / ``зап. 1``: a capital З is too easily read as the digit 3), the same on the
Favourite's track.

The names of seats, cells, cards and tokens are built once and shared (``functools.cache``):
messages are values, and every step's event names a few of them, also in search rollouts.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final

from games.core import Choice, Message, Seat, msg
from games.twilight.model import Board, CardKind, CardType, Token, kind_of
from games.twilight.moves import Action, Move, effect, favourite_shift, is_doge_home, move_tokens
from games.twilight.state import Step, TwilightState

MAX_LIST: Final = 8
"""The longest list one catalog template joins; longer lists nest."""


@functools.cache
def seat_label(seat: Seat) -> Message:
    """The seat's name: East (seat 0) or West (seat 1)."""
    return msg(f"twilight.seat.{seat}")


@functools.cache
def seat_possessive(seat: Seat) -> Message:
    """The seat's name as an owner: "East House's" ("Восточного дома")."""
    return msg(f"twilight.seat_of.{seat}")


@functools.cache
def cell_name(cell: int) -> Message:
    """``4`` -> "E4", ``-2`` -> "W2", ``0`` -> "0"."""
    if cell > 0:
        return msg("twilight.cell.east", n=cell)
    if cell < 0:
        return msg("twilight.cell.west", n=-cell)
    return msg("twilight.cell.centre")


@functools.cache
def card_name(kind: CardKind) -> Message:
    """The printed name of a card, e.g. "Harlequin 3"."""
    return msg(f"twilight.card.{kind.value}")


def type_name(kind: CardType) -> Message:
    """The name of a card type, e.g. "Guards"."""
    return msg(f"twilight.type.{kind.value}")


@functools.cache
def token_name(token: Token) -> Message:
    """The name of a token, nominative ("the Merchant")."""
    return msg(f"twilight.token.{token.value}")


@functools.cache
def token_genitive(token: Token) -> Message:
    """The token's name in the genitive (Russian needs it after "фишка"); English repeats the name."""
    return msg(f"twilight.token_of.{token.value}")


def direction_name(delta: int) -> Message:
    """The direction of a displacement: east when positive, west when negative."""
    return msg("twilight.dir.east" if delta > 0 else "twilight.dir.west")


def joined(items: Sequence[Message]) -> Message:
    """A comma-separated list of messages (nested beyond :data:`MAX_LIST` items)."""
    if len(items) > MAX_LIST:
        items = [*items[: MAX_LIST - 1], joined(items[MAX_LIST - 1 :])]
    if not items:
        return msg("twilight.list.0")
    return msg(f"twilight.list.{len(items)}", **{f"i{n + 1}": item for n, item in enumerate(items)})


def card_list(cards: Sequence[int]) -> Message:
    """The names of physical cards, in the given order."""
    return joined([card_name(kind_of(card)) for card in cards])


_TRACK_TOKENS: Final = (Token.DOGE, Token.GUARD_W, Token.GUARD_E, Token.MERCHANT, Token.HARLEQUIN)
"""The main-track tokens in board order (the order of :class:`Board`'s fields)."""


def movements(before: Board, after: Board) -> Message:
    """Every token that moved, "Doge E1 → E2", in board order."""
    starts = (before.doge, before.guard_w, before.guard_e, before.merchant, before.harlequin)
    ends = (after.doge, after.guard_w, after.guard_e, after.merchant, after.harlequin)
    moved = [
        msg("twilight.line.moved", token=token_name(token), start=cell_name(start), end=cell_name(end))
        for token, start, end in zip(_TRACK_TOKENS, starts, ends, strict=True)
        if start != end
    ]
    return joined(moved)


def move_line(move: Move, before: Board, after: Board) -> Message:
    """What a card or summon step does, e.g. "Merchant 3: Merchant E1 → E4"."""
    moves = movements(before, after)
    if move.action is Action.SUMMON:
        return msg("twilight.line.summon", moves=moves)
    assert move.card is not None
    if move.cortege:
        return msg("twilight.line.cortege", moves=moves)
    if move.is_masquerade:
        assert move.token is not None
        return msg(
            "twilight.line.masquerade",
            card=card_name(move.card),
            target_of=token_genitive(move.token),
            moves=moves,
        )
    return msg("twilight.line.card", card=card_name(move.card), moves=moves)


def step_line(step: Step, after: Board) -> Message:
    """:func:`move_line` for a recorded step whose result is ``after``."""
    return move_line(step.move, step.before, after)


def step_lines(steps: Sequence[Step], final: Board) -> list[Message]:
    """One line per step of a turn that ended on ``final``."""
    if not steps:
        return []
    afters = [*(step.before for step in steps[1:]), final]
    return [step_line(step, after) for step, after in zip(steps, afters, strict=True)]


# --- The mover's labels ---------------------------------------------------------------------


_FIRST_TOKEN_LABELS: Final[dict[str, Message]] = {
    "dd": msg("twilight.choice.cortege"),
    "s": msg("twilight.choice.summon"),
}


def describe_move(state: TwilightState, seat: Seat, move: Move) -> Message:
    """What the step does, in words: the label of its button."""
    if move.action is Action.END:
        if is_doge_home(state.board):
            owner = 0 if state.board.doge > 0 else 1
            return msg("twilight.move.end_round", seat_of=seat_possessive(owner))
        return msg("twilight.move.end", shift=_favourite_preview(state))
    if move.action is Action.UNDO:
        if not state.steps:
            return msg("twilight.move.undo_nothing")
        return msg("twilight.move.undo", step=step_lines(state.steps[-1:], state.board)[0])
    if move.action is Action.DISCARD:
        return msg("twilight.move.discard", count=len(state.hands[seat]))
    return move_line(move, state.board, effect(state.board, move))


def choice_path(state: TwilightState, seat: Seat, move: Move) -> tuple[Choice, ...]:
    """The step's code split into the successive choices of the Discord picker, each labelled."""
    tokens = move_tokens(move)
    full = describe_move(state, seat, move)
    if len(tokens) == 1:
        return (Choice(tokens[0], full),)
    labels: list[Message] = [_first_label(tokens[0])]
    for token in tokens[1:-1]:
        labels.append(_target_label(move, token))
    labels.append(_last_label(move, tokens[-1], full))
    return tuple(Choice(token, label) for token, label in zip(tokens, labels, strict=True))


def _favourite_preview(state: TwilightState) -> Message:
    shift = favourite_shift(state.board)
    if shift == 0:
        return msg("twilight.move.favourite_stays")
    return msg("twilight.move.favourite_moves", cells=abs(shift), dir=direction_name(shift))


def _first_label(token: str) -> Message:
    if token in _FIRST_TOKEN_LABELS:
        return _FIRST_TOKEN_LABELS[token]
    return card_name(CardKind(token))


def _target_label(move: Move, token: str) -> Message:
    """Which token a step moves: "Masquerade" only for a Harlequin card moving another token."""
    target = Token(token)
    if target is Token.HARLEQUIN:
        return msg("twilight.choice.harlequin_self")
    if move.is_masquerade:
        return msg("twilight.choice.target", token_of=token_genitive(target))
    return msg("twilight.choice.token", token_of=token_genitive(target))


def _last_label(move: Move, token: str, full: Message) -> Message:
    if token in ("+", "-"):
        return msg("twilight.choice.direction", dir=direction_name(1 if token == "+" else -1), effect=full)
    return full
