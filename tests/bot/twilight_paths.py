"""Engine-side helpers for the Twilight Discord tests: seeds, a quick policy, expected choices.

The Discord tests drive a match through simcord and compare what the bot offers with what
the engine says, so everything here reads the engine directly (never the bot). The seeds
were found offline with these same helpers (see :func:`masquerade_line`); a test asserts
the situation it needs is really there, so a rules change that moves it fails loudly.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from games.core import Seat
from games.twilight import GAME, TwilightState
from games.twilight.model import Board, kind_of
from games.twilight.moves import Action, Move, favourite_shift, is_doge_home
from games.twilight.rules import is_masquerade_available

QUICK_SEED: Final = 10
"""With :func:`quick_move` pushing toward East, the match ends after two rounds in 26 steps;
round 1 is won by the Favourite, round 2 by the Doge."""

MASQUERADE_SEED: Final = 8
"""East moves first; the Guild's Word ``s.d`` is legal, and West's first hand holds
``h1, h3, hd, hd``: ``hd.d`` is a Masquerade that keeps Masquerade open, then ``h1.d.-``
brings the Doge onto the Harlequin's cell, so the re-check fails with ``h3`` and ``hd`` in hand."""


def _value(board: Board, toward: Seat) -> int:
    sign = 1 if toward == 0 else -1
    score = 10 * sign * board.doge + 3 * sign * favourite_shift(board) + 2 * sign * board.favourite
    if is_doge_home(board):
        score += 1000 if sign * board.doge > 0 else -1000
    return score


def quick_move(state: TwilightState, seat: Seat, toward: Seat = 0) -> Move:
    """A step that hurries the round toward ``toward``'s win: the best card, else ``end``.

    Both seats using it makes a short match (a cooperative push, not a strategy).
    """
    moves = GAME.legal_moves(state, seat)
    best: Move | None = None
    best_value = 0
    for move in moves:
        if move.action not in (Action.PLAY, Action.SUMMON):
            continue
        value = _value(GAME.apply(state, seat, move)[0].board, toward)
        if best is None or value > best_value:
            best, best_value = move, value
    if state.steps:
        if best is not None and best_value > _value(state.board, toward):
            return best
        return next(move for move in moves if move.action is Action.END)
    if best is None:
        return next(move for move in moves if move.action is Action.DISCARD)
    return best


def next_tokens(state: TwilightState, seat: Seat, prefix: tuple[str, ...]) -> list[str]:
    """The engine's distinct next choice tokens after ``prefix``, in legal-move order."""
    found: dict[str, None] = {}
    for move in GAME.legal_moves(state, seat):
        tokens = tuple(choice.token for choice in GAME.choice_path(state, seat, move))
        if tokens[: len(prefix)] == prefix and len(tokens) > len(prefix):
            found.setdefault(tokens[len(prefix)], None)
    return list(found)


def path_of(state: TwilightState, seat: Seat, code: str) -> tuple[str, ...]:
    """The component tokens of the legal move ``code``."""
    move = GAME.parse_move(state, seat, code)
    return tuple(choice.token for choice in GAME.choice_path(state, seat, move))


def hidden_kind_values(state: TwilightState) -> set[str]:
    """Card kinds (notation values) in some hand that nothing public has shown.

    Shown are the cards of the turn just finished (played or discarded) and the single-type
    hands revealed at this round's deal; every other kind in a hand is secret.
    """
    shown: set[str] = set()
    last = state.last_turn
    if last is not None:
        for step in last.steps:
            shown.update(kind_of(card).value for card in step.cards)
        shown.update(kind_of(card).value for card in last.discarded)
    for reveal in state.revealed:
        shown.update(kind_of(card).value for card in reveal.cards)
    held = {kind_of(card).value for hand in state.hands for card in hand}
    return held - shown


def names_in(text: str, names: Iterable[str]) -> list[str]:
    """The card names that occur in ``text`` as whole names ("Guards 1" is not in "Guards 1+1")."""
    return [name for name in names if re.search(re.escape(name) + r"(?![+\d])", text)]


def masquerade_line(seed: int) -> tuple[str, str, str] | None:
    """For ``seed``: a Guild's Word for the first mover, then two Masquerade cards on the Doge.

    The first card keeps Masquerade open, the second ends it while a Harlequin card is left.
    Returns the three codes, or None. This is how :data:`MASQUERADE_SEED` was found.
    """
    start = GAME.initial_state(seed, 2)
    first = start.to_play
    assert first is not None
    for summon in (m for m in GAME.legal_moves(start, first) if m.action is Action.SUMMON):
        state = GAME.apply(start, first, summon)[0]
        state = GAME.apply(state, first, GAME.parse_move(state, first, "end"))[0]
        seat = 1 - first
        if state.to_play != seat:
            continue
        for one in _masquerades_on_doge(state, seat):
            after_one = GAME.apply(state, seat, one)[0]
            if not is_masquerade_available(after_one.board, seat):
                continue
            for two in _masquerades_on_doge(after_one, seat):
                after_two = GAME.apply(after_one, seat, two)[0]
                left = [c for c in after_two.hands[seat] if kind_of(c).value.startswith("h")]
                if left and not is_masquerade_available(after_two.board, seat):
                    return GAME.move_code(summon), GAME.move_code(one), GAME.move_code(two)
    return None


def _masquerades_on_doge(state: TwilightState, seat: Seat) -> list[Move]:
    return [
        move
        for move in GAME.legal_moves(state, seat)
        if move.action is Action.PLAY and move.is_masquerade and move.token is not None and move.token.value == "d"
    ]
