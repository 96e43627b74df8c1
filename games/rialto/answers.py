"""The one answer a Rialto player may give in advance: pass when there is nothing to play.

The rules (§12, implementation note) warn that passing a player automatically whenever they
have no card play gives away that they hold no card of the step's type, so it is only
offered as a player's own setting: ``/game standing autopass``. With it set, the service
passes for the seat at once in each card-play step (Phase II) where no play can be made
at all: no card of the step's type, no yellow building that could make one, fewer than two
Jokers (hand Jokers plus Y3 virtual Jokers the seat's coins can pay for). A seat that could
postpone with Y1 still has a choice, so it is asked; so is a seat that has begun a play.
"""

from __future__ import annotations

from typing import Final

from games.core import Choice, InvalidMove, Seat, msg
from games.rialto.mechanics import usable
from games.rialto.model import CARD_TYPES, JOKER, Phase
from games.rialto.rules import check, to_move
from games.rialto.state import PlayerState, RialtoState, thaw

AUTOPASS: Final = "autopass"
"""The code of the standing answer."""

PASS: Final = "pass"
POSTPONE: Final = "Y1"
"""Postponing with Y1 is a choice a seat without a play may still make, so such a seat is asked."""


def standing_answers() -> list[Choice]:
    """Every answer a player may set in advance (one: pass when nothing can be played)."""
    return [Choice(AUTOPASS, msg("rialto.standing.autopass"))]


def standing_move(state: RialtoState, seat: Seat, code: str) -> str | None:
    """``pass`` when ``seat`` must play cards now and has no play and no other choice.

    Raises:
        InvalidMove: ``rialto.error.standing`` for a code that is not :data:`AUTOPASS`.
    """
    if code.strip().lower() != AUTOPASS:
        raise InvalidMove("rialto.error.standing", f"{code!r} is not a Rialto standing answer.", given=code)
    if state.phase is not Phase.PLAY or seat not in to_move(state) or state.draft:
        return None
    if has_play(state, state.players[seat]) or check(thaw(state), seat, POSTPONE) is None:
        return None
    return PASS


def has_play(state: RialtoState, player: PlayerState) -> bool:
    """Whether ``player`` could commit any card play of this step's type (§7.2.2).

    A play counts when it holds at least one card of the type (natural, or converted by Y2
    or Y4 from another card), or, with none of the type in hand, two Jokers or more.
    """
    step, hand, coins = state.step, player.hand, player.coins
    if hand[step]:
        return True
    if coins >= 1 and (usable(player, "Y2") or usable(player, "Y4")) and _holds_other(hand, step):
        return True
    return hand[JOKER] + min(usable(player, "Y3"), coins) >= 2


def _holds_other(hand: tuple[int, ...], step: int) -> bool:
    """A non-Joker card of another type than the step's, which Y2 or Y4 could convert."""
    return any(hand[card] for card in range(CARD_TYPES) if card not in (step, JOKER))
