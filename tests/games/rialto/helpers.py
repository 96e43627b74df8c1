"""Test helpers for Rialto: positions built directly, playing codes, random games, ``rehide``.

Importable as ``tests.games.rialto.helpers`` (the renderer tests reuse ``rehide`` and
``random_trail``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games.core import Event, Rng, Seat
from games.i18n import render
from games.rialto import GAME, RialtoOptions, RialtoState, flow
from games.rialto.mechanics import clockwise_from
from games.rialto.model import CARD_LETTERS, CARD_TYPES, Phase
from games.rialto.state import freeze, thaw

STEPS = {letter: index for index, letter in enumerate("ABCDEF")}


def cards(letters: str) -> tuple[int, ...]:
    """``"AAJ"`` -> per-type counts."""
    counts = [0] * CARD_TYPES
    for letter in letters:
        counts[CARD_LETTERS.index(letter)] += 1
    return tuple(counts)


def build(
    num_players: int = 3,
    *,
    neutral: bool = False,
    seed: int = 1,
    options: RialtoOptions | None = None,
    players: dict[int, dict[str, Any]] | None = None,
    **fields: Any,
) -> RialtoState:
    """A position: the setup state of ``seed``, with player fields and state fields replaced.

    Player fields may be given as lists; ``hand`` may be letters (``"AAJ"``).
    """
    state = GAME.initial_state(seed, num_players, options or RialtoOptions(neutral=neutral))
    seats = list(state.players)
    for seat, changes in (players or {}).items():
        fixed = {}
        for name, value in changes.items():
            if name == "hand" and isinstance(value, str):
                value = cards(value)
            fixed[name] = tuple(value) if isinstance(value, list) else value
        seats[seat] = replace(seats[seat], **fixed)
    fixed_fields = {name: tuple(value) if isinstance(value, list) else value for name, value in fields.items()}
    return replace(state, players=tuple(seats), **fixed_fields)


def doge(state: RialtoState, *stack: tuple[int, int]) -> RialtoState:
    """Set the Doge track: ``(actor, space)`` pairs, listed from the top of the order down."""
    space = list(state.doge_space)
    seq = list(state.doge_seq)
    for position, (actor, where) in enumerate(stack):
        space[actor] = where
        seq[actor] = len(stack) - position
    return replace(state, doge_space=tuple(space), doge_seq=tuple(seq), next_seq=len(stack) + 1)


def at_step(state: RialtoState, step: str, *, first: int | None = None, round: int = 1) -> RialtoState:
    """Open card-play turns of ``step`` (A..F) in round ``round``; ``first`` overrides the first player."""
    work = thaw(replace(state, round=round, rows=(), row_owner=()))
    flow.start_step(work, STEPS[step])
    if first is not None:
        work.first = first
        work.queue = clockwise_from(work, first)
    flow.advance(work)  # the neutral player plays at once when it is first
    return freeze(work)


def at_phase(state: RialtoState, phase: Phase, queue: list[int], *, round: int = 1) -> RialtoState:
    """Put ``queue`` (first acts) in ``phase`` of round ``round``."""
    return replace(state, phase=phase, queue=tuple(queue), round=round)


def act(state: RialtoState, seat: Seat, *codes: str) -> tuple[RialtoState, list[Event]]:
    """``seat`` plays ``codes`` in order (through ``parse_move``); returns the events too."""
    events: list[Event] = []
    for code in codes:
        state, new = GAME.apply(state, seat, GAME.parse_move(state, seat, code))
        events.extend(new)
    return state, events


def play(state: RialtoState, *codes: str) -> tuple[RialtoState, list[Event]]:
    """Apply ``codes``, each by the single seat to move."""
    events: list[Event] = []
    for code in codes:
        (seat,) = GAME.to_move(state)
        state, new = act(state, seat, code)
        events.extend(new)
    return state, events


def texts(events: list[Event], seat: Seat | None = None, locale: str = "en") -> list[str]:
    """The events ``seat`` (None: the public) may see, translated."""
    return [render(GAME.messages, locale, e.message) for e in events if e.is_visible_to(seat)]


def conserved(state: RialtoState) -> None:
    """Assert the issue's invariants: 77 cards, 18 councillors per colour, 60 buildings, 30 coins, tiles."""
    card_total = len(state.deck) + sum(state.discard) + sum(len(row) for row in state.rows) + sum(state.np_cards)
    card_total += sum(sum(player.hand) for player in state.players)
    assert card_total == 77
    for player in state.players:
        assert player.pool + player.personal + sum(player.districts) == 18
        assert min(player.pool, player.personal, *player.districts, player.coins, *player.hand) >= 0
        assert len(player.buildings) <= 7
        assert len(player.discard_pick) <= player.discard_need
    assert sum(state.supply) + sum(len(player.buildings) for player in state.players) == 60
    assert min(state.supply) >= 0
    on_buildings = sum(text.endswith("*") for player in state.players for text in player.buildings)
    assert state.coin_supply + sum(player.coins for player in state.players) + on_buildings == 30
    assert state.tiles.count("G") + state.gondolas == 6
    assert sum(1 for tile in state.tiles if tile and tile != "G") + len(state.bridges) == 6


def choose(state: RialtoState, seed: int, ply: int) -> tuple[Seat, str]:
    """A seeded (seat, move); ``undo`` is picked rarely so that games move on."""
    active = sorted(GAME.to_move(state))
    rng = Rng(seed, ply, 7)
    seat = active[rng.below(len(active))]
    moves = list(GAME.legal_moves(state, seat))
    move = moves[rng.below(len(moves))]
    if move == "undo" and len(moves) > 1 and rng.random() < 0.9:
        move = [m for m in moves if m != "undo"][rng.below(len(moves) - 1)]
    return seat, move


def random_trail(
    seed: int, num_players: int, options: RialtoOptions | None = None, max_plies: int = 4000
) -> list[tuple[RialtoState, Seat, str]]:
    """Every (state, seat, code applied to it) of one seeded random game, then (final, -1, "")."""
    state = GAME.initial_state(seed, num_players, options)
    trail: list[tuple[RialtoState, Seat, str]] = []
    for ply in range(max_plies):
        if not GAME.to_move(state):
            break
        seat, move = choose(state, seed, ply)
        trail.append((state, seat, move))
        state, _ = GAME.apply(state, seat, move)
    trail.append((state, -1, ""))
    return trail


def rehide(state: RialtoState, seat: Seat | None, rng: Rng) -> RialtoState:
    """Re-deal everything ``seat`` (None: the public) cannot see, keeping every public count.

    Hidden: other hands (sizes kept), their pending hand-limit choices (re-chosen from the
    new hand), another seat's card play in progress (dropped), the deck order and the
    discard contents (sizes kept), and the bridges below the top one.
    """
    others = [index for index in range(state.num_players) if index != seat]
    pool: list[int] = list(state.deck)
    pool += [card for card, n in enumerate(state.discard) for _ in range(n)]
    for index in others:
        pool += [card for card, n in enumerate(state.players[index].hand) for _ in range(n)]
    pool = list(rng.shuffled(pool))
    deck = tuple(pool[: len(state.deck)])
    del pool[: len(state.deck)]
    discard = [0] * CARD_TYPES
    for card in pool[: sum(state.discard)]:
        discard[card] += 1
    del pool[: sum(state.discard)]
    players = list(state.players)
    for index in others:
        size = sum(players[index].hand)
        dealt = pool[:size]
        del pool[:size]
        picks = tuple(rng.shuffled(dealt)[: len(players[index].discard_pick)])
        players[index] = replace(
            players[index], hand=cards("".join(CARD_LETTERS[c] for c in dealt)), discard_pick=picks
        )
    draft = state.draft if state.queue[:1] == (seat,) else ()
    bridges = state.bridges[:1] + tuple(rng.shuffled(state.bridges[1:]))
    return replace(state, deck=deck, discard=tuple(discard), players=tuple(players), draft=draft, bridges=bridges)
