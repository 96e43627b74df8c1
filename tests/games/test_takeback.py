"""The take-back check (``games.takeback.reveals_hidden``) on every game, with known cases.

For each game an autopilot match is played and every move judged: the moves the rules say
show something hidden (a card drawn, a mask captured, a random arrangement) must be judged
revealing, the plain ones harmless; and every move judged harmless is checked again against
fresh re-deals the check itself never drew, so a leak the samples missed would fail here.
"""

from __future__ import annotations

from typing import Any

import pytest

from games import REGISTRY
from games.core import AnyGame, Rng, autopilot_of, determinizer_of
from games.takeback import reveals_hidden

# Per game: move codes (by prefix) that always reveal something, and some that never do.
KNOWN: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "volto": (("auto",), ()),  # a random arrangement draws on the seed; plain moves are checked below
    "twilight": ((), ()),  # by events: see REVEALING_EVENTS
    "venezia2099": ((), ("place-",)),  # placing a figure at the start shows nothing
    "rialto": (("row",), ("d-",)),  # taking a card row deals the display again; a discard shows only its own card
}

REVEALING_EVENTS = frozenset(
    {"twilight.event.you_drew", "twilight.event.new_hand", "twilight.event.revealed", "rialto.event.you_draw"}
)
"""Events that tell the mover a card they could not see before."""


def played(game: AnyGame, seed: int, steps: int = 150) -> list[tuple[Any, int, Any]]:
    """(state, seat, move) of the first ``steps`` moves of an autopilot match."""
    seats = max(2, game.min_players)
    state = game.initial_state(seed, seats, game.options_type())
    pilot = autopilot_of(game)
    assert pilot is not None
    out = []
    for _ in range(steps):
        if not game.to_move(state):
            break
        seat = min(game.to_move(state))
        move = pilot.autopilot_move(game.view(state, seat), game.legal_moves(state, seat))
        out.append((state, seat, move))
        state, _ = game.apply(state, seat, move)
    return out


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_known_moves_are_judged_as_the_rules_say(key: str) -> None:
    game = REGISTRY[key]
    revealing, harmless = KNOWN[key]
    judged = {True: 0, False: 0}
    for state, seat, move in played(game, 4242):
        code = game.move_code(move)
        verdict = reveals_hidden(game, state, seat, move)
        judged[verdict] += 1
        _, events = game.apply(state, seat, move)
        if (revealing and code.startswith(revealing)) or {e.message.key for e in events} & REVEALING_EVENTS:
            assert verdict, f"{key}: {code} shows something hidden"
        if harmless and code.startswith(harmless):
            assert not verdict, f"{key}: {code} shows nothing hidden"
    assert judged[True] and judged[False], f"{key}: both kinds occur in a match ({judged})"


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_a_harmless_move_leaves_the_movers_view_the_same_under_fresh_re_deals(key: str) -> None:
    game = REGISTRY[key]
    determinizer = determinizer_of(game)
    assert determinizer is not None
    for state, seat, move in played(game, 777, steps=80):
        if reveals_hidden(game, state, seat, move):
            continue
        after, _ = game.apply(state, seat, move)
        code = game.move_code(move)
        for sample_no in range(8):
            sample = determinizer.determinize(state, seat, Rng(99, sample_no, 31337))
            sample_after, _ = game.apply(sample, seat, game.parse_move(sample, seat, code))
            assert game.view(sample_after, seat) == game.view(after, seat), f"{key}: {code} leaked"


def test_a_volto_capture_is_revealing_and_a_plain_step_is_not() -> None:
    game = REGISTRY["volto"]
    captures = plain = 0
    for state, seat, move in played(game, 4242, steps=200):
        if game.view(state, None).phase.value == "setup":
            continue
        after, _ = game.apply(state, seat, move)
        before_masks = sum(1 for cell in game.view(state, None).board if cell is not None)
        after_masks = sum(1 for cell in game.view(after, None).board if cell is not None)
        if after_masks < before_masks:
            captures += 1
            assert reveals_hidden(game, state, seat, move), f"capture {game.move_code(move)} shows the taken mask"
        else:
            plain += int(not reveals_hidden(game, state, seat, move))
    assert captures, "the match has captures"
    assert plain, "some plain steps may be taken back"
