"""Property tests over seeded random games for every seat count and variant.

Bounded: a few games per configuration (about a second each); ``SERENISSIMA_SOAK=1`` plays
many more.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter

import pytest

from games.core import MAX_CUSTOM_ID, IllegalMove, InvalidMove, NotYourTurn, Rng
from games.i18n import render
from games.venezia2099 import GAME
from games.venezia2099.model import (
    COLOURS,
    GONDOLAS_PER_PLAYER,
    TREASURES_PER_COLOUR,
    Phase,
    deal_size,
    figures_per_player,
)
from games.venezia2099.scoring import surviving_by_colour
from games.venezia2099.setup import components, removed_colour
from games.venezia2099.state import LOST, Options, State
from tests.games.venezia2099.helpers import random_game, rehide

SOAK = os.environ.get("SERENISSIMA_SOAK") == "1"
GAMES = 40 if SOAK else 2
CONFIGS = [
    (players, options)
    for players in (2, 3, 4, 5)
    for options in (Options(), Options(rescue_to_platform=True, gondola_move_additional=True))
]
CONFIG_IDS = [f"{players}p-{'variant' if options != Options() else 'default'}" for players, options in CONFIGS]
PREFIX = len("mv:0000000000:000000:")


def games(players, options):
    for seed in range(GAMES):
        yield random_game(1000 * players + seed, players, options)


def check_conservation(state: State) -> None:
    players = state.num_players
    # Cards: every forecast card exactly once, in a hand, set aside or played.
    _, cards = components(players, removed_colour(state.seed, players))
    everywhere = [card for hand in state.hands for card in hand] + list(state.set_aside)
    everywhere += [card for _, card in state.played]
    assert Counter(everywhere) == Counter(cards)
    assert len(state.set_aside) == len(cards) - players * deal_size(players)
    # Sunk squares are exactly the played cards' districts.
    assert {state.tiles[i] for i, sunk in enumerate(state.sunk) if sunk} == {card for _, card in state.played}
    # Figures: each seat keeps its count; no two on a square; none on water but one awaiting rescue.
    placed = [square for row in state.figures for square in row if square >= 0]
    assert len(placed) == len(set(placed))
    assert all(len(row) == figures_per_player(players) for row in state.figures)
    wet = [square for square in placed if state.sunk[square]]
    assert wet == ([state.rescue.square] if state.rescue else [])
    # Coins: held + on squares + lost to the sea = dealt.
    dealt = players * (deal_size(players) + 1)
    assert sum(state.coins) + sum(state.square_coins) + state.coins_lost == dealt
    assert min(state.coins) >= 0
    # Treasures: supply + held = 10 per colour.
    for colour in range(len(COLOURS)):
        held = sum(row[colour] for row in state.treasures)
        assert held + state.supply[colour] == TREASURES_PER_COLOUR
    # Gondola cards: held + used = 2 each.
    assert sum(state.gondolas) + state.gondolas_used == GONDOLAS_PER_PLAYER * players


def check_choice_paths(state: State, seat: int, moves) -> None:
    labels: dict[tuple[str, ...], object] = {}
    seen_paths = set()
    children: dict[tuple[str, ...], set[str]] = {}
    for move in moves:
        path = GAME.choice_path(state, seat, move)
        tokens = tuple(choice.token for choice in path)
        assert tokens not in seen_paths
        seen_paths.add(tokens)
        for depth, choice in enumerate(path):
            key = tokens[: depth + 1]
            assert labels.setdefault(key, choice.label) == choice.label
            children.setdefault(tokens[:depth], set()).add(choice.token)
    # No path is a prefix of another, and every step offers a short list.
    for tokens in seen_paths:
        assert tokens not in children
    assert max(len(options) for options in children.values()) <= 28


@pytest.mark.parametrize(("players", "options"), CONFIGS, ids=CONFIG_IDS)
def test_random_games_keep_every_invariant(players, options):
    for steps, final in games(players, options):
        for state, seat, move in steps:
            assert GAME.to_move(state) == frozenset({seat})
            assert GAME.outcome(state) is None
            check_conservation(state)
            moves = GAME.legal_moves(state, seat)
            assert move in moves
            assert len(set(moves)) == len(moves)
            for other in range(players):
                if other != seat:
                    assert GAME.legal_moves(state, other) == []
        check_conservation(final)
        assert GAME.to_move(final) == frozenset()
        outcome = GAME.outcome(final)
        assert outcome is not None and outcome.scores is not None
        assert len(outcome.ranks) == players and min(outcome.ranks) == 1
        # Every game ends after the last forecast card: cards per player x players turns.
        plays = sum(1 for _, _, move in steps if move.kind == "play")
        assert plays == deal_size(players) * players
        assert final.phase is Phase.OVER and not any(final.hands)
        # V-EX9: the surviving districts of each colour are its 2 plus its set-aside cards.
        aside = [sum(1 for card in final.set_aside if card.colour == colour) for colour in COLOURS]
        expected = tuple(
            0 if removed_colour(final.seed, players) == colour else 1 + n
            for colour, n in zip(COLOURS, aside, strict=True)
        )
        assert surviving_by_colour(final) == expected


@pytest.mark.parametrize(("players", "options"), CONFIGS, ids=CONFIG_IDS)
def test_apply_never_mutates_round_trips_and_replays(players, options):
    for steps, final in games(players, options):
        replayed = GAME.initial_state(steps[0][0].seed, players, options)
        for state, seat, move in steps:
            before = json.dumps(GAME.encode(state), sort_keys=True)
            code = GAME.move_code(move)
            assert code.isascii() and code.isprintable() and " " not in code
            assert PREFIX + len(code) <= MAX_CUSTOM_ID
            after, events = GAME.apply(state, seat, move)
            assert after.ply == state.ply + 1  # every move is one ply: draws use the ply as their stream
            assert json.dumps(GAME.encode(state), sort_keys=True) == before
            assert GAME.decode(json.loads(json.dumps(GAME.encode(after)))) == after
            replayed, _ = GAME.apply(replayed, seat, GAME.parse_move(replayed, seat, code.upper()))
            for event in events:
                for locale in ("en", "ru"):
                    text = render(GAME.messages, locale, event.message)
                    assert "{" not in text and not text.startswith("venezia2099.")
                assert "seed" not in json.dumps(str(event.message.params))
        assert replayed == final
        assert str(replayed) == str(final)


@pytest.mark.parametrize(("players", "options"), CONFIGS, ids=CONFIG_IDS)
def test_parse_accepts_exactly_the_legal_moves(players, options):
    chooser = random.Random(players)
    for steps, _ in games(players, options):
        for state, seat, _ in steps[:: 9 if not SOAK else 1]:
            legal = {GAME.move_code(move) for move in GAME.legal_moves(state, seat)}
            names = [f"{file}{row}" for file in "abcdefgh"[: state.size] for row in range(1, state.size + 1)]
            cards = [f"{colour.value}{value}" for colour in COLOURS for value in "345678x"]
            candidates = {f"place-{n}" for n in names} | {f"buy-{n}" for n in names} | {f"rescue-{n}" for n in names}
            candidates |= {f"play-{card}" for card in cards} | {"decline"}
            origins = chooser.sample(names, 4) + [code.split("-")[-2] for code in legal if code.count("-") >= 1]
            for origin in set(origins):
                for target in chooser.sample(names, 12):
                    candidates |= {f"{origin}-{target}", f"gondola-{origin}-{target}"}
            candidates |= legal
            for candidate in candidates:
                try:
                    GAME.parse_move(state, seat, candidate)
                except (IllegalMove, InvalidMove) as error:
                    assert candidate not in legal, (candidate, error.code)
                except NotYourTurn:
                    raise AssertionError(candidate) from None
                else:
                    assert candidate in legal, candidate
            check_choice_paths(state, seat, GAME.legal_moves(state, seat))
            for move in GAME.legal_moves(state, seat):
                for locale in ("en", "ru"):
                    label = render(GAME.messages, locale, GAME.describe_move(state, seat, move))
                    assert "{" not in label and not label.startswith("venezia2099.")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_views_do_not_change_when_hidden_cards_are_re_dealt(players):
    for steps, final in games(players, Options()):
        for index, (state, _, _) in enumerate([*steps[::5], (final, -1, None)]):
            for seat in (None, *range(players)):
                hidden = rehide(state, seat, Rng(index, players, seat or 0))
                assert GAME.view(hidden, seat) == GAME.view(state, seat)
                assert GAME.view(hidden, None) == GAME.view(state, None)
            public = GAME.view(state, None)
            assert public.hand is None
            assert public.set_aside is None or state.phase is Phase.OVER
            own = GAME.view(state, 0)
            assert own.hand == state.hands[0]


def test_rehide_really_re_deals():
    state = GAME.initial_state(8, 4)
    hidden = rehide(state, 0, Rng(1, 2, 3))
    assert hidden.hands[0] == state.hands[0]
    assert hidden.hands[1:] != state.hands[1:]


def test_figures_lost_are_counted_in_views():
    for steps, final in games(3, Options()):
        lost = [row.count(LOST) for row in final.figures]
        view = GAME.view(final, None)
        assert [player.figures_lost for player in view.players] == lost
        assert [player.figures_on_board + player.figures_lost for player in view.players] == [4, 4, 4]
        assert steps


def test_random_games_exercise_every_kind_of_move():
    kinds = Counter()
    for players in (2, 3, 4, 5):
        for steps, _ in games(players, Options()):
            kinds.update(str(move.kind) for _, _, move in steps)
    assert {"place", "step", "gondola", "buy", "play", "rescue"} <= set(kinds)
