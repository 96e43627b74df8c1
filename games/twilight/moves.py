"""Twilight moves as values, their codes, and what each does to the board.

A move is one step of a turn: one card (or a Cortège pair), a Guild's Word summon,
discarding the hand, ending the turn, or taking back the last step. The code is the move's
components joined by dots, so the UI's successive choices are simply the code's parts
(``h3`` then ``d`` then ``+``). Directions are absolute: ``+`` toward East (+8), ``-``
toward West (-8). Card kinds name the card; the engine picks which physical copy.

=================  =====================================================================
code               move
=================  =====================================================================
``d.+``            Doge 1: the Doge one cell east
``dd.-``           Cortège (two Doge cards): Doge and both Guards one cell west
``g1.gw.+``        Guards 1: the west Guard one cell east
``g11.+-``         Guards 1+1 split: west Guard east, east Guard west
``g11.ge.+``       Guards 1+1 double: the east Guard two cells east
``gx``             Guards ►◄: both Guards next to the Doge
``m3.-``           Merchant 3: the Merchant three cells west
``h2.h.+``         Harlequin 2 on the Harlequin; ``h2.d.+`` / ``h2.m.-`` / ``h2.gw.+``
                   are Masquerade on the Doge / Merchant / a Guard
``hd.h``           Harlequin ◊: the Harlequin to cell 0; ``hd.d`` etc. under Masquerade
``s.d``            Guild's Word: summon the Doge (``s.gw``, ``s.ge``: a Guard) to the Merchant
``discard``        discard the whole hand and draw 8; ends the turn
``end``            end the turn (Favourite, then draw)
``undo``           take back the last step of this turn
=================  =====================================================================

What ``end`` does to the board is here too (:func:`favourite_shift`, §9), so the mover's
labels can preview it without reaching into the rules.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from games.core import InvalidMove, Seat
from games.twilight.model import MANSION_START, Board, CardKind, CardType, Token, card_type, card_value, rel


class Action(StrEnum):
    """What kind of step a move is."""

    PLAY = "play"
    SUMMON = "s"
    DISCARD = "discard"
    END = "end"
    UNDO = "undo"


GUARDS: Final = (Token.GUARD_W, Token.GUARD_E)
HARLEQUIN_TARGETS: Final = (Token.HARLEQUIN, Token.DOGE, Token.GUARD_W, Token.GUARD_E, Token.MERCHANT)
"""The Harlequin's own token first, then the Masquerade targets, in legal-move order."""
SUMMON_TARGETS: Final = (Token.DOGE, Token.GUARD_W, Token.GUARD_E)
DIRECTIONS: Final = (1, -1)


@dataclass(frozen=True, slots=True)
class Move:
    """One step of a turn.

    ``token`` is the token the card moves (the chosen Guard, the Masquerade target, the
    summoned token); ``delta`` its signed displacement, 0 for ◊ ("to cell 0"). A Guards 1+1
    split has no ``token``: ``delta`` is the west Guard's direction and ``delta_e`` the east
    Guard's. ``cortege`` marks two Doge cards played together.
    """

    action: Action
    card: CardKind | None = None
    token: Token | None = None
    delta: int = 0
    delta_e: int = 0
    cortege: bool = False

    @property
    def cards_needed(self) -> int:
        """How many cards of ``card`` the move spends."""
        if self.action is not Action.PLAY:
            return 0
        return 2 if self.cortege else 1

    @property
    def is_masquerade(self) -> bool:
        """A Harlequin card used on another token."""
        return (
            self.card is not None and card_type(self.card) is CardType.HARLEQUIN and self.token is not Token.HARLEQUIN
        )


END: Final = Move(Action.END)
UNDO: Final = Move(Action.UNDO)
DISCARD: Final = Move(Action.DISCARD)


def _sign(delta: int) -> str:
    return "+" if delta > 0 else "-"


def format_move(move: Move) -> str:
    """The canonical code of ``move`` (see the module docstring)."""
    return ".".join(move_tokens(move))


def move_tokens(move: Move) -> tuple[str, ...]:
    """The code's components: the successive choices that make the move."""
    if move.action is Action.SUMMON:
        assert move.token is not None
        return ("s", move.token.value)
    if move.action is not Action.PLAY:
        return (move.action.value,)
    card = move.card
    assert card is not None
    if card is CardKind.DOGE:
        return ("dd" if move.cortege else "d", _sign(move.delta))
    if card is CardKind.GUARDS_CLOSE:
        return (card.value,)
    if card is CardKind.GUARDS_11 and move.token is None:
        return (card.value, _sign(move.delta) + _sign(move.delta_e))
    if card_type(card) is CardType.MERCHANT:
        return (card.value, _sign(move.delta))
    assert move.token is not None
    if card is CardKind.HARLEQUIN_ZERO:
        return (card.value, move.token.value)
    return (card.value, move.token.value, _sign(move.delta))


_DIRECTION_OF: Final = {"+": 1, "-": -1}
_GUARD_TOKENS: Final = {token.value: token for token in GUARDS}
_TARGET_TOKENS: Final = {token.value: token for token in Token}


def parse_code(text: str) -> Move:
    """The move a code names (syntax only: whether it is legal is the rules' business).

    Raises:
        InvalidMove: ``twilight.error.syntax`` when ``text`` is not a Twilight move code.
    """
    raw = text.strip().lower()
    move = _parse_parts(raw.split(".")) if raw else None
    if move is None:
        raise InvalidMove(
            "twilight.error.syntax",
            f"{text!r} is not a Twilight move; try codes such as 'd.+', 'm2.-', 'h3.d.+', 's.d', 'end'.",
            code_text=text,
        )
    return move


def _parse_parts(parts: list[str]) -> Move | None:
    head, rest = parts[0], parts[1:]
    if head in ("end", "undo", "discard") and not rest:
        return Move(Action(head))
    if head == "s":
        if len(rest) == 1 and rest[0] in _TARGET_TOKENS:
            return Move(Action.SUMMON, token=_TARGET_TOKENS[rest[0]])
        return None
    if head in ("d", "dd"):
        if len(rest) == 1 and rest[0] in _DIRECTION_OF:
            return Move(Action.PLAY, CardKind.DOGE, Token.DOGE, _DIRECTION_OF[rest[0]], cortege=head == "dd")
        return None
    try:
        card = CardKind(head)
    except ValueError:
        return None
    family = card_type(card)
    value = card_value(card)
    if card is CardKind.GUARDS_CLOSE:
        return Move(Action.PLAY, card) if not rest else None
    if card is CardKind.GUARDS_11:
        return _parse_guards_11(rest)
    if family is CardType.GUARDS:
        if len(rest) == 2 and rest[0] in _GUARD_TOKENS and rest[1] in _DIRECTION_OF:
            return Move(Action.PLAY, card, _GUARD_TOKENS[rest[0]], _DIRECTION_OF[rest[1]])
        return None
    if family is CardType.MERCHANT:
        assert value is not None
        if len(rest) == 1 and rest[0] in _DIRECTION_OF:
            return Move(Action.PLAY, card, Token.MERCHANT, value * _DIRECTION_OF[rest[0]])
        return None
    if card is CardKind.HARLEQUIN_ZERO:
        if len(rest) == 1 and rest[0] in _TARGET_TOKENS:
            return Move(Action.PLAY, card, _TARGET_TOKENS[rest[0]], 0)
        return None
    assert value is not None
    if len(rest) == 2 and rest[0] in _TARGET_TOKENS and rest[1] in _DIRECTION_OF:
        return Move(Action.PLAY, card, _TARGET_TOKENS[rest[0]], value * _DIRECTION_OF[rest[1]])
    return None


def _parse_guards_11(rest: list[str]) -> Move | None:
    if len(rest) == 1 and len(rest[0]) == 2 and all(char in _DIRECTION_OF for char in rest[0]):
        return Move(Action.PLAY, CardKind.GUARDS_11, None, _DIRECTION_OF[rest[0][0]], _DIRECTION_OF[rest[0][1]])
    if len(rest) == 2 and rest[0] in _GUARD_TOKENS and rest[1] in _DIRECTION_OF:
        return Move(Action.PLAY, CardKind.GUARDS_11, _GUARD_TOKENS[rest[0]], 2 * _DIRECTION_OF[rest[1]])
    return None


@functools.cache
def play_candidates(card: CardKind, count: int) -> tuple[Move, ...]:
    """Every syntactically possible play of ``card`` (``count`` copies in hand), in legal-move order."""
    if card is CardKind.DOGE:
        singles = tuple(Move(Action.PLAY, card, Token.DOGE, d) for d in DIRECTIONS)
        pairs = tuple(Move(Action.PLAY, card, Token.DOGE, d, cortege=True) for d in DIRECTIONS) if count >= 2 else ()
        return singles + pairs
    if card is CardKind.GUARDS_CLOSE:
        return (Move(Action.PLAY, card),)
    if card is CardKind.GUARDS_1:
        return tuple(Move(Action.PLAY, card, guard, d) for guard in GUARDS for d in DIRECTIONS)
    if card is CardKind.GUARDS_11:
        splits = tuple(Move(Action.PLAY, card, None, dw, de) for dw in DIRECTIONS for de in DIRECTIONS)
        doubles = tuple(Move(Action.PLAY, card, guard, 2 * d) for guard in GUARDS for d in DIRECTIONS)
        return splits + doubles
    value = card_value(card)
    if card_type(card) is CardType.MERCHANT:
        assert value is not None
        return tuple(Move(Action.PLAY, card, Token.MERCHANT, value * d) for d in DIRECTIONS)
    if card is CardKind.HARLEQUIN_ZERO:
        return tuple(Move(Action.PLAY, card, target, 0) for target in HARLEQUIN_TARGETS)
    assert value is not None
    return tuple(Move(Action.PLAY, card, target, value * d) for target in HARLEQUIN_TARGETS for d in DIRECTIONS)


Cells = tuple[int, int, int, int, int]
"""The main-track tokens' cells in :class:`Board` order: Doge, west Guard, east Guard, Merchant, Harlequin."""


def effect(board: Board, move: Move) -> Board:
    """The board after ``move``'s card or summon, unchecked (may leave the track or break Nobility)."""
    doge, guard_w, guard_e, merchant, harlequin = effect_cells(board, move)
    return Board(doge, guard_w, guard_e, merchant, harlequin, board.favourite)


def effect_cells(board: Board, move: Move) -> Cells:
    """:func:`effect` as the five main-track cells (the Favourite never moves by a step).

    Why apart: legality checks and the autopilot's look-ahead try every candidate step, and
    a tuple costs far less to build than a frozen :class:`Board`.
    """
    doge, guard_w, guard_e, merchant, harlequin = (
        board.doge,
        board.guard_w,
        board.guard_e,
        board.merchant,
        board.harlequin,
    )
    token = move.token
    if move.action is Action.SUMMON:
        assert token is not None
        cell = merchant
    else:
        card = move.card
        assert card is not None
        if move.cortege:
            delta = move.delta
            return (doge + delta, guard_w + delta, guard_e + delta, merchant, harlequin)
        if card is CardKind.GUARDS_CLOSE:
            return (doge, doge - 1, doge + 1, merchant, harlequin)
        if card is CardKind.GUARDS_11 and token is None:
            return (doge, guard_w + move.delta, guard_e + move.delta_e, merchant, harlequin)
        assert token is not None
        if card is CardKind.HARLEQUIN_ZERO:
            cell = 0
        elif token is Token.DOGE:
            cell = doge + move.delta
        elif token is Token.GUARD_W:
            cell = guard_w + move.delta
        elif token is Token.GUARD_E:
            cell = guard_e + move.delta
        elif token is Token.MERCHANT:
            cell = merchant + move.delta
        else:
            cell = harlequin + move.delta
    if token is Token.DOGE:
        return (cell, guard_w, guard_e, merchant, harlequin)
    if token is Token.GUARD_W:
        return (doge, cell, guard_e, merchant, harlequin)
    if token is Token.GUARD_E:
        return (doge, guard_w, cell, merchant, harlequin)
    if token is Token.MERCHANT:
        return (doge, guard_w, guard_e, cell, harlequin)
    return (doge, guard_w, guard_e, merchant, cell)


def is_doge_home(board: Board) -> bool:
    """The Doge stands in a mansion: the round is won."""
    return abs(board.doge) >= MANSION_START


def favourite_score(board: Board, seat: Seat) -> int:
    """§9: tokens in ``seat``'s mansion (not the Doge), +1 when the Doge and both Guards are on its half."""
    in_mansion = sum(
        1
        for cell in (board.guard_w, board.guard_e, board.merchant, board.harlequin)
        if rel(seat, cell) >= MANSION_START
    )
    court = all(rel(seat, cell) >= 1 for cell in (board.doge, board.guard_w, board.guard_e))
    return in_mansion + (1 if court else 0)


def favourite_shift(board: Board) -> int:
    """How far the Favourite moves at the end of a turn (positive: toward East)."""
    return shift_of(board.doge, board.guard_w, board.guard_e, board.merchant, board.harlequin)


def shift_of(doge: int, guard_w: int, guard_e: int, merchant: int, harlequin: int) -> int:
    """:func:`favourite_shift` from the five main-track cells: East's :func:`favourite_score` minus West's.

    Written out for the two seats because the autopilot asks it for every candidate step.
    """
    shift = 0
    for cell in (guard_w, guard_e, merchant, harlequin):
        if cell >= MANSION_START:
            shift += 1
        elif cell <= -MANSION_START:
            shift -= 1
    if doge >= 1 and guard_w >= 1 and guard_e >= 1:
        shift += 1
    elif doge <= -1 and guard_w <= -1 and guard_e <= -1:
        shift -= 1
    return shift
