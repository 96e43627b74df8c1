"""Properties over seeded random games, and the hidden-information property (style.md §9.6).

Bounded: a few dozen short random games (about 5 ms each) and Hypothesis with small
``max_examples``. Longer runs: ``SERENISSIMA_SOAK=1``.
"""

from __future__ import annotations

import json
import os
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import MoveError, Rng
from games.volto import GAME, MaskType, Phase, Step, VoltoOptions, VoltoState
from games.volto.model import ROSTER
from games.volto.state import position_from_text
from tests.games.volto.helpers import random_game, random_states, rehide

SOAK = os.environ.get("SERENISSIMA_SOAK") == "1"
GAMES = range(400) if SOAK else range(24)
VARIANTS = [
    VoltoOptions(),
    VoltoOptions(rook_soldier=True, reveal_removed_capturer=True),
    VoltoOptions(no_capture_limit=10, repetition_limit=2, ply_cap=40),
]
SMALL = settings(max_examples=200 if SOAK else 12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@cache
def sample_states() -> tuple[VoltoState, ...]:
    states: list[VoltoState] = []
    for number, options in enumerate(VARIANTS):
        states.extend(
            random_states(range(number * 1000, number * 1000 + (40 if SOAK else 6)), every=5, options=options)
        )
    return tuple(states)


@pytest.mark.parametrize("options", VARIANTS, ids=["default", "rook-reveal", "short-limits"])
def test_random_games_apply_legal_moves_end_and_replay(options):
    for seed in GAMES:
        trail = random_game(seed, options)
        final, _ = trail[-1]
        assert GAME.outcome(final) is not None, seed
        assert GAME.to_move(final) == frozenset()
        assert final.play_ply <= options.ply_cap
        # Replay from (seed, codes) through parse_move reaches the identical state.
        state = GAME.initial_state(seed, 2, options)
        for before, code in trail[:-1]:
            assert state == before
            seat = min(GAME.to_move(state))
            state, _ = GAME.apply(state, seat, GAME.parse_move(state, seat, code))
        assert state == final
        assert GAME.encode(state) == GAME.encode(final)


@pytest.mark.parametrize("options", VARIANTS, ids=["default", "rook-reveal", "short-limits"])
def test_every_state_keeps_its_invariants(options):
    for seed in GAMES[:8]:
        for state, code in random_game(seed, options):
            encoded = GAME.encode(state)
            assert GAME.decode(json.loads(json.dumps(encoded))) == state
            if state.phase is not Phase.SETUP:
                for seat in (0, 1):
                    on_board = sum(1 for letter in state.board if letter != "." and letter.isupper() == (seat == 0))
                    off = sum(1 for mask in state.removed if mask.owner == seat)
                    assert on_board + off == 10
                    for kind, count in ROSTER.items():
                        letter = kind.value if seat == 0 else kind.value.lower()
                        gone = sum(1 for mask in state.removed if mask.owner == seat and mask.kind is kind)
                        assert state.board.count(letter) + gone == count
                    assert state.ladies_captured[seat] == sum(
                        1 for mask in state.removed if mask.owner == seat and mask.kind is MaskType.LADY
                    )
                board_text = str(state).split()[0]
                assert position_from_text(board_text).board == state.board
            if code:
                seat = min(GAME.to_move(state))
                moves = GAME.legal_moves(state, seat)
                assert len(set(moves)) == len(moves)
                assert GAME.legal_moves(state, seat) == moves  # a fixed order
                for move in moves:
                    after, _ = GAME.apply(state, seat, move)
                    assert after.ply == state.ply + 1
                assert GAME.encode(state) == encoded  # apply never mutates its input


def test_play_moves_are_listed_by_origin_then_target():
    for state in sample_states():
        if state.phase is Phase.PLAY:
            moves = GAME.legal_moves(state, state.side)
            assert all(isinstance(m, Step) for m in moves)
            assert [(m.origin, m.target) for m in moves] == sorted((m.origin, m.target) for m in moves)


@SMALL
@given(seed=st.integers(0, 2**40))
def test_hypothesis_random_games_end(seed):
    final, _ = random_game(seed)[-1]
    assert GAME.outcome(final) is not None


# --- Hidden information ------------------------------------------------------------------------


def test_rehide_really_changes_hidden_types():
    changed = 0
    for index, state in enumerate(sample_states()):
        for seat in (0, 1):
            other = rehide(state, seat, Rng(index, seat))
            changed += other != state
            own = "ABCLNS" if seat == 0 else "abclns"
            for mine, theirs in zip(state.board, other.board, strict=True):
                assert (mine == ".") == (theirs == ".") and mine.isupper() == theirs.isupper()
                assert mine == theirs or mine not in own
    assert changed > len(sample_states()) // 2


def test_views_are_unchanged_by_rehiding_what_the_seat_cannot_see():
    for index, state in enumerate(sample_states()):
        for seat in (0, 1):
            for attempt in range(3):
                other = rehide(state, seat, Rng(index, attempt, seat))
                assert GAME.view(other, seat) == GAME.view(state, seat), str(state)
                assert GAME.view(other, None) == GAME.view(state, None), str(state)


def test_moves_labels_and_errors_do_not_depend_on_hidden_types():
    for index, state in enumerate(sample_states()):
        if state.phase is not Phase.PLAY:
            continue
        seat = state.side
        other = rehide(state, seat, Rng(index, 9))
        assert GAME.legal_moves(other, seat) == GAME.legal_moves(state, seat)
        for move in GAME.legal_moves(state, seat):
            assert GAME.describe_move(other, seat, move) == GAME.describe_move(state, seat, move)
            assert GAME.choice_path(other, seat, move) == GAME.choice_path(state, seat, move)
        accepted = set()
        for origin in range(35):
            for target in range(35):
                text = f"{'abcde'[origin % 5]}{origin // 5 + 1}-{'abcde'[target % 5]}{target // 5 + 1}"
                error = _error(state, seat, text)
                assert error == _error(other, seat, text), text
                if error is None:
                    accepted.add(text)
        # legal_moves is complete and exact: it lists precisely the moves parse_move accepts.
        assert accepted == {GAME.move_code(move) for move in GAME.legal_moves(state, seat)}


def _error(state: VoltoState, seat: int, text: str) -> tuple[str, str, dict] | None:
    try:
        GAME.parse_move(state, seat, text)
    except MoveError as error:
        return type(error).__name__, str(error), dict(error.params)
    return None


def test_own_types_are_visible_to_the_owner_only_and_everything_once_over():
    seen_over = 0
    for state in sample_states():
        if state.phase is Phase.SETUP:
            continue
        over = state.phase is Phase.OVER
        seen_over += over
        for viewer in (0, 1, None):
            view = GAME.view(state, viewer)
            for cell, letter in enumerate(state.board):
                mask = view.board[cell]
                if letter == ".":
                    assert mask is None
                    continue
                owner = 0 if letter.isupper() else 1
                assert mask is not None and mask.owner == owner
                expected = MaskType(letter.upper()) if over or owner == viewer else None
                assert mask.kind == expected
            for seen, true in zip(view.removed, state.removed, strict=True):
                visible = over or true.captured or true.owner == viewer or state.options.reveal_removed_capturer
                assert seen.kind == (true.kind if visible else None)
    assert seen_over > 0


def test_setup_steps_stay_private_and_the_seed_never_shows():
    for seed in range(987_654_321_000, 987_654_321_004):
        for state, code in random_game(seed)[:40]:
            for viewer in (0, 1, None):
                assert str(seed) not in repr(GAME.view(state, viewer))
            if not code or state.phase is not Phase.SETUP:
                continue
            seat = min(GAME.to_move(state))
            _, events = GAME.apply(state, seat, GAME.parse_move(state, seat, code))
            for event in events:
                assert str(seed) not in repr(event)
                if code != "ready":
                    assert event.audience == frozenset({seat})


def reference_moves(state: VoltoState, seat: int) -> set[str]:
    """Rules §5 written out again, independently of games.volto.board, as an oracle."""
    board = {(cell % 5, cell // 5): letter for cell, letter in enumerate(state.board)}
    forward = 1 if seat == 0 else -1
    found = set()

    def name(file: int, rank: int) -> str:
        return f"{'abcde'[file]}{rank + 1}"

    def mine(letter: str) -> bool:
        return letter != "." and letter.isupper() == (seat == 0)

    for (file, rank), letter in board.items():
        if not mine(letter):
            continue
        kind = letter.upper()
        targets = []
        if kind == "S":
            if rank == (6 if seat == 0 else 0):
                continue  # frozen on the opponent's palace row
            ways = [(0, 1), (0, -1), (1, 0), (-1, 0)] if state.options.rook_soldier else [(0, forward)]
            for df, dr in ways:
                f, r = file + df, rank + dr
                while (f, r) in board:
                    if board[f, r] == ".":
                        targets.append((f, r))
                    else:
                        if not mine(board[f, r]):
                            targets.append((f, r))
                        break
                    f, r = f + df, r + dr
        else:
            steps = {
                "N": [(0, 1), (0, -1), (1, 0), (-1, 0)],
                "A": [(1, 1), (1, -1), (-1, 1), (-1, -1)],
            }.get(kind, [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)])
            for df, dr in steps:
                cell = (file + df, rank + dr)
                if cell not in board or mine(board[cell]):
                    continue
                if kind == "L" and board[cell] != ".":
                    continue
                targets.append(cell)
        found.update(f"{name(file, rank)}-{name(*target)}" for target in targets)
    return found


def test_legal_moves_match_an_independent_reading_of_the_rules():
    checked = 0
    for state in sample_states():
        if state.phase is Phase.PLAY:
            codes = [GAME.move_code(m) for m in GAME.legal_moves(state, state.side)]
            assert set(codes) == reference_moves(state, state.side), str(state)
            checked += 1
    assert checked > 20
