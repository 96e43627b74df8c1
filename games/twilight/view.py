"""What one seat (or the public) may know of a Twilight match: the type renderers draw.

Hidden: each hand from the opponent (only its size is public), the deck order from
everyone, and the steps of a turn being built from everyone but the mover (rules §13, and
the Discord turn model: the opponent sees the board as of the start of the turn until the
mover ends it). Everything else is public. Cards appear as kinds, never as physical ids,
so two copies of a card are indistinguishable, as on the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core import Message, Outcome, Seat
from games.twilight.pieces import (
    EAST,
    FAVOURITE_END,
    FAVOURITE_MANSION_START,
    HAND_SIZE,
    MANSION_START,
    TRACK_END,
    WEST,
    Board,
    CardKind,
    CardType,
    Token,
    card_type,
    card_value,
)
from games.twilight.state import RoundEnd, RoundResult

__all__ = [
    "EAST",
    "FAVOURITE_END",
    "FAVOURITE_MANSION_START",
    "HAND_SIZE",
    "MANSION_START",
    "TRACK_END",
    "WEST",
    "Board",
    "CardKind",
    "CardType",
    "RevealedHand",
    "RoundEnd",
    "RoundResult",
    "Token",
    "TurnSummary",
    "TwilightView",
    "card_type",
    "card_value",
]


@dataclass(frozen=True, slots=True)
class TurnSummary:
    """The previous finished turn in words: who played, one line per step (or the discard)."""

    seat: Seat
    lines: tuple[Message, ...]
    moved: tuple[tuple[Token, int, int], ...] = ()
    """Each main-track token the turn moved: (token, cell before, cell after), for the
    picture's marks of the last move."""
    favourite_moved: tuple[int, int] | None = None
    """The Favourite's (cell before, cell after) when the turn moved her."""


@dataclass(frozen=True, slots=True)
class RevealedHand:
    """A single-type opening hand shown to both players before this round's redeal."""

    seat: Seat
    cards: tuple[CardKind, ...]


@dataclass(frozen=True, slots=True)
class TwilightView:
    """Exactly what ``viewer`` may know (``viewer`` None: the public, the channel).

    ``board`` is the public board (as of the start of the turn), except for the mover's own
    view, which shows the preview after their steps (``is_preview``). ``hand_sizes`` are the
    public counts as of the start of the turn. ``hand`` is the viewer's hand now (empty for
    the public); ``steps`` the viewer's steps of the turn being built; ``unplayable`` the
    viewer's cards that cannot be played now, each with its reason. ``first`` is this round's
    Merchant holder, who moved first.
    """

    viewer: Seat | None
    board: Board
    is_preview: bool
    to_move: frozenset[Seat]
    round: int
    deal: int
    first: Seat
    deck_size: int
    hand_sizes: tuple[int, int]
    discards: tuple[tuple[CardKind, ...], tuple[CardKind, ...]]
    hand: tuple[CardKind, ...]
    steps: tuple[Message, ...]
    unplayable: tuple[tuple[CardKind, Message], ...]
    results: tuple[RoundResult, ...]
    wins: tuple[int, int]
    revealed: tuple[RevealedHand, ...]
    last_turn: TurnSummary | None
    outcome: Outcome | None
