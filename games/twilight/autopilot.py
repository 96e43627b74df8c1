"""The Twilight of Venice autopilot: a greedy step-by-step turn from what one seat may see.

Why this shape: a turn is built one step at a time (each card is its own move), so a greedy
player is natural: at every step take the card (or summon) that improves the position most,
and end the turn as soon as nothing improves on ending it now. The autopilot sees only the
seat's :class:`TwilightView`: its own hand, the public board (with its own steps applied)
and the public piles; it never sees the opponent's hand or the deck.

How a position is judged, for the seat ``s`` (``rel`` is a cell seen from ``s``):

* the Doge in a mansion, or the Favourite pushed into one, decides the round at once;
* otherwise the Doge's cell weighs most, then the Favourite after this turn's shift, the
  shift itself (the board keeps pushing the Favourite each turn it stays), and both Guards
  (a Guard far on our side leaves the Doge room to come to us; one close on the other side
  blocks the Doge from leaving);
* the opponent moves next: the Harlequin on the opponent's side of the Doge gives them
  Masquerade, a Merchant between the Guards on their side of the Doge lets them summon the
  Doge to it, and a Guard on their mansion's last cell lets the Doge walk home to them;
* when the deck runs low in the second or third deal, the side the Doge stands on (or the
  Favourite, with the Doge on the centre) is about to decide the round.

Discarding the hand keeps the board and stops the Favourite this turn: it is chosen when no
card or summon beats leaving things as they are. ``undo`` is never chosen. Ties go to the
first move in legal-move order, so the choice is deterministic.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from games.core import Seat
from games.twilight.model import (
    EAST,
    FAVOURITE_MANSION_START,
    MANSION_START,
    TRACK_END,
    Board,
)
from games.twilight.moves import Action, Cells, Move, effect_cells, shift_of
from games.twilight.state import TwilightState
from games.twilight.view import TwilightView

WIN: Final = 1000.0
"""The value of winning the round now."""
LOSS: Final = -1000.0
"""The value of losing the round now."""
DOGE_CELL: Final = 12.0
FAVOURITE_CELL: Final = 6.0
SHIFT_CELL: Final = 3.0
GUARD_CELL: Final = 2.0
MASQUERADE: Final = 8.0
"""Worth of holding Masquerade over the Doge (the Harlequin on our side of it), or cost of
the opponent holding it."""
SUMMON_THREAT: Final = 4.0
"""Cost per cell the opponent could pull the Doge toward them with the Guild's Word."""
CARD_COST: Final = 0.3
"""A played card must improve the position by more than this: no aimless shuffling."""
DISCARD_COST: Final = 1.0
"""Discarding is a last resort; it gives up the turn's play."""
HOME_RUN: Final[dict[int, float]] = {1: 0.7, 2: 0.4, 3: 0.2, 4: 0.08}
"""Chance the opponent walks the Doge this many cells into their mansion next turn."""
ROUND_END: Final = 40.0
"""Worth of the Doge (or Favourite) standing on our side when the round-end check is near."""
LOW_DECK: Final = 20
"""Below this many cards in the second or third deal, the round-end check is near."""


def autopilot_move(view: TwilightView, legal: Sequence[Move]) -> Move:
    """One of ``legal``, chosen from ``view`` alone (see the module docstring)."""
    if not legal:
        raise ValueError("the autopilot needs at least one legal move")
    seat = view.viewer if view.viewer is not None else next(iter(sorted(view.to_move)), EAST)
    return _best(legal, view.board, seat, _endgame_weight(view.deal, view.deck_size))


def rollout_move(state: TwilightState, seat: Seat, legal: Sequence[Move]) -> Move:
    """:func:`autopilot_move` of ``view_of(state, seat)``, without building the rest of the view.

    The autopilot reads only the seat's board (the preview for the mover, else the public
    board), the deal and the deck's size, so search rollouts read them off the state.
    """
    if not legal:
        raise ValueError("the autopilot needs at least one legal move")
    board = state.board if seat == state.to_play else state.public_board
    return _best(legal, board, seat, _endgame_weight(state.deal, len(state.deck)))


def _best(legal: Sequence[Move], board: Board, seat: Seat, endgame: float) -> Move:
    """The first move of ``legal`` with the best score (never ``undo``), else the first move."""
    best: Move | None = None
    best_score = -float("inf")
    sign = 1 if seat == EAST else -1
    here = (board.doge, board.guard_w, board.guard_e, board.merchant, board.harlequin)
    favourite = board.favourite
    for move in legal:
        action = move.action
        if action is Action.UNDO:
            continue
        if action is Action.END:
            score = _position(here, favourite, sign, endgame, shift=True)
        elif action is Action.DISCARD:
            score = _position(here, favourite, sign, endgame, shift=False) - DISCARD_COST
        else:
            after = effect_cells(board, move)
            cost = CARD_COST * move.cards_needed
            score = _position(after, favourite, sign, endgame, shift=True) - cost
        if score > best_score:
            best, best_score = move, score
    return best if best is not None else legal[0]


def _endgame_weight(deal: int, deck_size: int) -> float:
    """How near the round-end check is: 0 early, up to 1 with the last deal's deck empty."""
    if deal < 2 or deck_size >= LOW_DECK:
        return 0.0
    return 1.0 - deck_size / LOW_DECK


def _position(cells: Cells, favourite_cell: int, sign: int, endgame: float, *, shift: bool) -> float:
    """How good the board (main-track ``cells``, the Favourite on ``favourite_cell``) is once the turn ends.

    Seen from the seat whose side is ``sign`` (+1 East, -1 West; every cell times ``sign``
    is :func:`~games.twilight.model.rel`), with the opponent to move.
    """
    doge_cell, guard_w, guard_e, merchant_cell, harlequin_cell = cells
    doge = doge_cell * sign
    if abs(doge) >= MANSION_START:
        return WIN if doge > 0 else LOSS
    moved = shift_of(doge_cell, guard_w, guard_e, merchant_cell, harlequin_cell)
    favourite = (favourite_cell + (moved if shift else 0)) * sign
    if favourite >= FAVOURITE_MANSION_START:
        return WIN
    if favourite <= -FAVOURITE_MANSION_START:
        return LOSS
    ours, theirs = (guard_e, guard_w) if sign == 1 else (guard_w, guard_e)
    guard_ours, guard_theirs = ours * sign, theirs * sign
    harlequin, merchant = harlequin_cell * sign, merchant_cell * sign
    value = DOGE_CELL * doge + FAVOURITE_CELL * favourite + SHIFT_CELL * (moved * sign)
    value += GUARD_CELL * (guard_ours + guard_theirs)
    # Masquerade belongs to whoever has the Harlequin between them and the Doge.
    if harlequin > doge:
        value += MASQUERADE
    elif harlequin < doge:
        value -= MASQUERADE
    # The Guild's Word: the opponent may summon the Doge to a Merchant on their side of it.
    if guard_theirs < merchant < doge:
        if merchant <= -MANSION_START:
            value += LOSS * 0.9
        else:
            value -= SUMMON_THREAT * (doge - merchant)
    # A Guard on the opponent's last cell lets the Doge walk into their mansion.
    if guard_theirs <= -TRACK_END:
        value += LOSS * HOME_RUN.get(doge + MANSION_START, 0.0)
    if endgame > 0:
        side = doge if doge != 0 else favourite
        value += ROUND_END * endgame * ((side > 0) - (side < 0))
    return value
