"""What one seat (or the public) may know of a Twilight match: the type renderers draw.

Hidden: each hand from the opponent (only its size is public), the deck order from
everyone, and the steps of a turn being built from everyone but the mover (rules §13, and
the Discord turn model: the opponent sees the board as of the start of the turn until the
mover ends it). Everything else is public. Cards appear as kinds, never as physical ids,
so two copies of a card are indistinguishable, as on the table.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core import Message, Outcome, Seat, msg
from games.twilight import rules
from games.twilight.labels import card_list, cell_name, step_lines
from games.twilight.model import (
    EAST,
    FAVOURITE_END,
    FAVOURITE_MANSION_START,
    HAND_SIZE,
    MANSION_START,
    NUM_SEATS,
    TRACK_END,
    WEST,
    Board,
    CardKind,
    CardType,
    Token,
    card_type,
    card_value,
    kind_of,
)
from games.twilight.state import LastTurn, RoundEnd, RoundResult, TwilightState

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


def view_of(state: TwilightState, seat: Seat | None) -> TwilightView:
    """What ``seat`` may know of ``state`` (None: the public); see the module docstring."""
    is_mover = seat is not None and seat == state.to_play
    board = state.board if is_mover else state.public_board
    in_steps = sum(len(step.cards) for step in state.steps)
    hand_sizes = tuple(len(state.hands[s]) + (in_steps if s == state.to_play else 0) for s in range(NUM_SEATS))
    hand = () if seat is None else tuple(kind_of(card) for card in state.hands[seat])
    unplayable: list[tuple[CardKind, Message]] = []
    if is_mover:
        assert seat is not None
        for kind in dict.fromkeys(hand):
            reason = rules.why_unplayable(state, seat, kind)
            if reason is not None:
                unplayable.append((kind, reason))
    return TwilightView(
        viewer=seat,
        board=board,
        is_preview=is_mover and bool(state.steps),
        to_move=rules.to_move(state),
        round=state.round,
        deal=state.deal,
        first=state.first,
        deck_size=len(state.deck),
        hand_sizes=(hand_sizes[0], hand_sizes[1]),
        discards=(
            tuple(kind_of(card) for card in state.discards[0]),
            tuple(kind_of(card) for card in state.discards[1]),
        ),
        hand=hand,
        steps=tuple(step_lines(state.steps, state.board)) if is_mover else (),
        unplayable=tuple(unplayable),
        results=state.results,
        wins=rules.round_wins(state.results),
        revealed=tuple(
            RevealedHand(reveal.seat, tuple(kind_of(card) for card in reveal.cards)) for reveal in state.revealed
        ),
        last_turn=None if state.last_turn is None else summarize(state.last_turn),
        outcome=rules.outcome(state),
    )


def summarize(last: LastTurn) -> TurnSummary:
    """The previous turn in words, as public events told it."""
    lines: list[Message] = []
    if last.discarded or not last.steps:
        lines.append(msg("twilight.line.discard", count=len(last.discarded), cards=card_list(last.discarded)))
    else:
        lines.extend(step_lines(last.steps, last.after))
    if last.favourite_from != last.favourite_to:
        lines.append(
            msg("twilight.line.favourite", start=cell_name(last.favourite_from), end=cell_name(last.favourite_to))
        )
    if last.drawn:
        lines.append(msg("twilight.line.drew", count=last.drawn))
    start = last.steps[0].before if last.steps else last.after
    moved = tuple(
        (token, start.cell(token), last.after.cell(token))
        for token in Token
        if start.cell(token) != last.after.cell(token)
    )
    favourite = (last.favourite_from, last.favourite_to) if last.favourite_from != last.favourite_to else None
    return TurnSummary(last.seat, tuple(lines), moved, favourite)
