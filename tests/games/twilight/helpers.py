"""Test helpers for Twilight: positions built directly, playing codes, random games, ``rehide``.

Importable as ``tests.games.twilight.helpers`` (the renderer tests reuse ``rehide`` and
``random_states``).
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

from games.core import Event, Rng, Seat
from games.twilight import GAME, TwilightOptions, TwilightState
from games.twilight.model import CARD_KINDS, DECK_SIZE, Board, CardKind
from games.twilight.state import Step


def cards_of(text: str, pool: list[int]) -> tuple[int, ...]:
    """Take physical cards of the kinds in ``text`` ("h2 h4 hd m1") out of ``pool``."""
    taken: list[int] = []
    for code in text.split():
        kind = CardKind(code)
        card = next(card for card in pool if CARD_KINDS[card] is kind)
        pool.remove(card)
        taken.append(card)
    return tuple(sorted(taken))


def position(
    *,
    doge: int = 0,
    guard_w: int = -2,
    guard_e: int = 2,
    merchant: int = 1,
    harlequin: int = -1,
    favourite: int = 0,
    to_play: Seat = 0,
    first: Seat = 0,
    east: str = "",
    west: str = "",
    deck: int | None = None,
    deal: int = 1,
    round_number: int = 1,
    options: TwilightOptions | None = None,
    seed: int = 5,
) -> TwilightState:
    """A position from its parts; hands are kind codes, the other cards fill the deck.

    ``deck`` limits the deck to that many cards (the rest go to the discard piles, half
    each). Hands not given are filled with Doge-free filler so that they hold 8 cards.
    """
    pool = list(range(DECK_SIZE))
    hands = [cards_of(east, pool), cards_of(west, pool)]
    for seat in (0, 1):
        while len(hands[seat]) < 8:
            filler = next(card for card in pool if CARD_KINDS[card] is not CardKind.DOGE)
            pool.remove(filler)
            hands[seat] = tuple(sorted((*hands[seat], filler)))
    rest = list(Rng(seed, 99).shuffled(pool))
    size = len(rest) if deck is None else deck
    the_deck, discarded = tuple(rest[:size]), rest[size:]
    board = Board(doge, guard_w, guard_e, merchant, harlequin, favourite)
    return TwilightState(
        seed=seed,
        ply=0,
        options=options or TwilightOptions(),
        round=round_number,
        first=first,
        deal=deal,
        deck=the_deck,
        hands=(hands[0], hands[1]),
        discards=(tuple(discarded[::2]), tuple(discarded[1::2])),
        board=board,
        to_play=to_play,
    )


def play(state: TwilightState, *codes: str) -> tuple[TwilightState, list[Event]]:
    """Apply ``codes`` in order, each by the seat to move; returns the events too."""
    events: list[Event] = []
    for code in codes:
        seat = state.to_play
        assert seat is not None, f"the match is over before {code!r}"
        state, new = GAME.apply(state, seat, GAME.parse_move(state, seat, code))
        events.extend(new)
    return state, events


def codes(state: TwilightState) -> list[str]:
    """The codes of the legal moves of the seat to move."""
    if state.to_play is None:
        return []
    return [GAME.move_code(move) for move in GAME.legal_moves(state, state.to_play)]


def every_card(state: TwilightState) -> list[int]:
    """All physical cards of the state, wherever they are (deck, hands, discards, steps)."""
    cards = [*state.deck, *state.hands[0], *state.hands[1], *state.discards[0], *state.discards[1]]
    for step in state.steps:
        cards.extend(step.cards)
    return sorted(cards)


def random_game(
    seed: int, options: TwilightOptions | None = None, *, undo_weight: float = 0.2
) -> Iterator[tuple[TwilightState, Seat, object]]:
    """Yield (state, seat, move) for every move of a seeded random match until it ends.

    ``undo`` is picked with at most ``undo_weight`` probability, so that random matches
    still take back steps often without wandering for long.
    """
    chooser = random.Random(seed)
    state = GAME.initial_state(seed, 2, options)
    while state.to_play is not None:
        seat = state.to_play
        moves = GAME.legal_moves(state, seat)
        others = [move for move in moves if GAME.move_code(move) != "undo"]
        if len(others) < len(moves) and chooser.random() < undo_weight:
            move = next(move for move in moves if GAME.move_code(move) == "undo")
        else:
            move = chooser.choice(others)
        yield state, seat, move
        state, _ = GAME.apply(state, seat, move)
    yield state, -1, None


def random_states(seeds: range, options: TwilightOptions | None = None, *, every: int = 7) -> Iterator[TwilightState]:
    """Every ``every``-th state (and the final one) of the random matches of ``seeds``."""
    for seed in seeds:
        for index, (state, _, move) in enumerate(random_game(seed, options)):
            if move is None or index % every == 0:
                yield state


def rehide(state: TwilightState, seat: Seat, rng: Rng) -> TwilightState:
    """Re-deal what ``seat`` cannot see: the opponent's hand and the deck order.

    When the opponent is building a turn, its steps are taken back first (``seat`` knows
    only the start of that turn); the opponent's hand keeps its size.
    """
    opponent = 1 - seat
    if state.to_play == opponent and state.steps:
        spent = tuple(card for step in state.steps for card in step.cards)
        hands = list(state.hands)
        hands[opponent] = tuple(sorted(hands[opponent] + spent))
        state = dataclasses.replace(
            state, board=state.public_board, hands=(hands[0], hands[1]), steps=(), ply=state.ply
        )
    pool = list(rng.shuffled([*state.deck, *state.hands[opponent]]))
    size = len(state.hands[opponent])
    hands = list(state.hands)
    hands[opponent] = tuple(sorted(pool[:size]))
    return dataclasses.replace(state, deck=tuple(pool[size:]), hands=(hands[0], hands[1]))


def with_steps(state: TwilightState, steps: tuple[Step, ...]) -> TwilightState:
    """``state`` with its turn's steps replaced (for building unusual turns directly)."""
    return dataclasses.replace(state, steps=steps)
