"""Properties over seeded random matches: every legal move applies, nothing mutates, replay is
exact, the 54 cards are all accounted for, Nobility and Valour holds, every match ends,
views do not change when hidden cards are re-dealt, and the legal moves are exactly the
steps the rules' check accepts.

Bounded for the shared 2-core machine; ``SERENISSIMA_SOAK=1`` runs many more matches.
"""

from __future__ import annotations

import json
import os
import re

import pytest

from games.core import IllegalMove, Rng
from games.i18n import translator
from games.twilight import GAME, TwilightOptions, rules
from games.twilight.model import FAVOURITE_END, MANSION_START, TRACK_END, Board, CardKind
from games.twilight.moves import (
    DISCARD,
    END,
    SUMMON_TARGETS,
    UNDO,
    Action,
    Move,
    favourite_score,
    favourite_shift,
    play_candidates,
)
from tests.games.twilight.helpers import every_card, random_game, random_states, rehide

SOAK = os.environ.get("SERENISSIMA_SOAK") == "1"
SEEDS = range(400) if SOAK else range(10)
VARIANTS = [TwilightOptions(), TwilightOptions(diamond_masquerade=False)]
MAX_PLIES = 5000
TRANSLATORS = [translator(GAME.messages, locale) for locale in ("en", "ru")]


def check_board(state):
    for board in (state.board, state.public_board):
        if state.to_play is not None:
            assert -TRACK_END <= board.guard_w < board.doge < board.guard_e <= TRACK_END, str(state)
            assert -TRACK_END <= board.merchant <= TRACK_END and -TRACK_END <= board.harlequin <= TRACK_END
            assert abs(board.favourite) < 7
        assert abs(board.favourite) <= FAVOURITE_END


def check_translated(message):
    for tr in TRANSLATORS:
        text = tr(message)
        assert "twilight." not in text and not re.search(r"\{[a-z_0-9]+\}", text), text
        assert "None" not in text, text  # a parameter the sentence needs was left out


@pytest.mark.parametrize("options", VARIANTS, ids=["default", "no-diamond-masquerade"])
@pytest.mark.parametrize("seed", SEEDS)
def test_random_matches_keep_every_invariant(seed, options):
    for plies, (state, seat, move) in enumerate(random_game(seed, options)):
        assert every_card(state) == list(range(54))
        check_board(state)
        assert all(len(hand) <= 8 for hand in state.hands)
        if move is None:
            assert GAME.to_move(state) == frozenset() and GAME.outcome(state) is not None
            check_translated(GAME.outcome(state).reason)
            break
        assert GAME.outcome(state) is None and GAME.to_move(state) == frozenset({seat})
        assert GAME.legal_moves(state, 1 - seat) == []
        code = GAME.move_code(move)
        assert GAME.parse_move(state, seat, f" {code.upper()} ") == move
        before = json.dumps(GAME.encode(state), sort_keys=True)
        after, events = GAME.apply(state, seat, move)
        # every move is one ply, round starts included: draws use the ply as their random stream
        assert after.ply == state.ply + 1
        assert json.dumps(GAME.encode(state), sort_keys=True) == before
        assert GAME.decode(json.loads(json.dumps(GAME.encode(after)))) == after
        for event in events:
            check_translated(event.message)
        assert plies < MAX_PLIES


@pytest.mark.parametrize("seed", SEEDS)
def test_replay_from_seed_and_codes_is_identical(seed):
    played = []
    final = None
    for state, seat, move in random_game(seed):
        if move is None:
            final = state
            break
        played.append((seat, GAME.move_code(move)))
    replayed = GAME.initial_state(seed, 2)
    for seat, code in played:
        replayed, _ = GAME.apply(replayed, seat, GAME.parse_move(replayed, seat, code))
    assert replayed == final
    assert str(replayed) == str(final)


def test_every_legal_move_of_sampled_states_applies_and_labels():
    for state in random_states(range(3), every=11):
        if state.to_play is None:
            continue
        seat = state.to_play
        labels = {}
        for move in GAME.legal_moves(state, seat):
            GAME.apply(state, seat, move)
            check_translated(GAME.describe_move(state, seat, move))
            path = GAME.choice_path(state, seat, move)
            assert ".".join(choice.token for choice in path) == GAME.move_code(move)
            for depth in range(len(path) - 1):
                prefix = tuple(choice.token for choice in path[: depth + 1])
                # moves sharing a prefix share its label
                assert labels.setdefault(prefix, path[depth].label) == path[depth].label
            for choice in path:
                check_translated(choice.label)


@pytest.mark.parametrize("seed", range(40) if SOAK else range(3))
def test_views_do_not_change_when_hidden_cards_are_redealt(seed):
    for index, state in enumerate(random_states(range(seed, seed + 1), every=5)):
        for seat in (0, 1):
            rng = Rng(seed, index, seat)
            hidden = rehide(state, seat, rng)
            assert every_card(hidden) == list(range(54))
            assert GAME.view(hidden, seat) == GAME.view(state, seat)
            assert GAME.view(hidden, None) == GAME.view(state, None)


def test_public_view_holds_no_seed_and_no_hand():
    state = GAME.initial_state(123456789, 2)
    view = GAME.view(state, None)
    assert view.hand == () and view.steps == () and view.unplayable == ()
    assert "123456789" not in repr(view)
    mine = GAME.view(state, state.first)
    assert len(mine.hand) == 8 and "123456789" not in repr(mine)


def test_a_doge_in_a_mansion_leaves_only_end_and_undo():
    # Random play rarely walks the Doge home within a turn (about one match in 13), so the
    # test plays enough matches and insists that it saw the position.
    seen = 0
    for seed in range(40):
        if seen >= 2:
            break
        for state, _, move in random_game(seed):
            if move is None:
                break
            if state.steps and abs(state.board.doge) >= MANSION_START:
                seen += 1
                assert [GAME.move_code(m) for m in GAME.legal_moves(state, state.to_play)] == ["end", "undo"]
    assert seen >= 2


def _every_candidate() -> list[Move]:
    """Every syntactically possible step, in the documented legal-move order."""
    plays = [move for kind in CardKind for move in play_candidates(kind, 2)]
    summons = [Move(Action.SUMMON, token=token) for token in SUMMON_TARGETS]
    return [*plays, *summons, DISCARD, END, UNDO]


@pytest.mark.parametrize("options", VARIANTS)
def test_legal_moves_are_exactly_the_steps_the_rules_accept_in_order(options):
    # legal_moves checks turn-wide refusals once and remembers card plays by position;
    # here every possible step goes through the rules' own check instead, one by one.
    candidates = _every_candidate()
    checked = 0
    for state in random_states(range(4), options, every=2):
        if state.to_play is None:
            continue
        seat = state.to_play
        accepted = []
        for move in candidates:
            try:
                rules.check_move(state, seat, move)
            except IllegalMove:
                continue
            accepted.append(move)
        assert GAME.legal_moves(state, seat) == accepted, str(state)
        assert GAME.legal_moves(state, 1 - seat) == []
        checked += 1
    assert checked > 200


def test_the_favourites_shift_is_easts_score_minus_wests_on_every_board():
    # shift_of counts both houses in one pass; favourite_score is §9 read for one house
    for doge in range(-6, 7):
        for guard_w, guard_e in ((-8, 8), (doge - 1, doge + 1), (-7, 7), (1, 8), (-8, -1)):
            for merchant in range(-8, 9):
                for harlequin in (-8, -7, -1, 0, 1, 7, 8):
                    board = Board(doge, guard_w, guard_e, merchant, harlequin, 0)
                    expected = favourite_score(board, 0) - favourite_score(board, 1)
                    assert favourite_shift(board) == expected, board
