"""The standing answer ``autopass`` (§12's user setting): pass at once when nothing can be played."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.core import InvalidMove, Rng, standing_answers_of
from games.rialto import GAME, RialtoOptions
from games.rialto.answers import AUTOPASS, has_play
from games.rialto.model import CARD_TYPES, Phase
from games.rialto.state import RialtoState
from tests.games.rialto.helpers import at_step, build, play, random_trail

ORANGE, SKY, TEAL = 0, 1, 2
FORMS_OF_A_PLAY = ("pass", "undo", "ok", "Y1")


def can_commit_a_play(state: RialtoState, seat: int, depth: int = 3) -> bool:
    """By the engine alone: some sequence of play components that ``ok`` then accepts."""
    legal = GAME.legal_moves(state, seat)
    if "ok" in legal:
        return True
    if depth == 0:
        return False
    return any(
        can_commit_a_play(GAME.apply(state, seat, code)[0], seat, depth - 1)
        for code in legal
        if code not in FORMS_OF_A_PLAY
    )


def card_steps() -> list[tuple[RialtoState, int]]:
    """Card-play decisions with an empty draft from random games, then with their seat's hand,
    buildings and coins varied (fewer cards, yellow buildings, no coin)."""
    found: list[tuple[RialtoState, int]] = []
    for seed, players, options in ((3, 3, RialtoOptions()), (4, 5, RialtoOptions(y4_any_source=True))):
        for state, seat, _ in random_trail(seed, players, options):
            if state.phase is Phase.PLAY and not state.draft and seat >= 0:
                found.append((state, seat))
    varied: list[tuple[RialtoState, int]] = []
    for index, (state, seat) in enumerate(found[::3]):
        rng = Rng(index, 0, 5)
        player = state.players[seat]
        for _ in range(4):
            hand = tuple(rng.below(2) if rng.below(3) == 0 else 0 for _ in range(CARD_TYPES))
            yellow = tuple(kind for kind in ("Y1", "Y2", "Y3", "Y3", "Y4") if rng.below(2))
            others = tuple(text for text in player.buildings if not text.startswith("Y"))
            changed = replace(player, hand=hand, buildings=others + yellow, coins=rng.below(3))
            players = tuple(changed if other == seat else p for other, p in enumerate(state.players))
            varied.append((replace(state, players=players), seat))
    return found[::7] + varied


STEPS = card_steps()


def test_there_are_decisions_with_and_without_a_play():
    outcomes = {has_play(state, state.players[seat]) for state, seat in STEPS}
    assert outcomes == {True, False}
    assert len(STEPS) > 200


@pytest.mark.parametrize("index", range(0, len(STEPS), max(1, len(STEPS) // 150)))
def test_has_play_agrees_with_searching_the_engines_moves(index):
    state, seat = STEPS[index]
    assert has_play(state, state.players[seat]) == can_commit_a_play(state, seat)


def test_autopass_passes_only_when_nothing_can_be_played_or_postponed():
    game = standing_answers_of(GAME)
    assert game is not None
    passed = 0
    for state, seat in STEPS:
        move = game.standing_move(state, seat, AUTOPASS)
        legal = GAME.legal_moves(state, seat)
        if move is None:
            assert has_play(state, state.players[seat]) or "Y1" in legal
        else:
            passed += 1
            assert move == "pass" and "pass" in legal and "Y1" not in legal
            assert not can_commit_a_play(state, seat), "a seat that could play was passed"
    assert passed > 20


def test_autopass_passes_a_seat_without_a_card_of_the_type_and_waits_for_one_with():
    state = build(3, players={ORANGE: {"hand": "B"}, SKY: {"hand": "AJ"}, TEAL: {"hand": "AA"}})
    state = at_step(state, "A", first=ORANGE)
    assert GAME.standing_move(state, ORANGE, AUTOPASS) == "pass"
    assert GAME.standing_move(state, SKY, AUTOPASS) is None, "not Sky's turn"
    state, _ = play(state, "pass")
    assert GAME.standing_move(state, SKY, AUTOPASS) is None, "Sky holds an A"
    state, _ = play(state, "A1")
    assert GAME.standing_move(state, SKY, AUTOPASS) is None, "Sky has begun a play"
    state, _ = play(state, "ok")
    assert GAME.standing_move(state, TEAL, AUTOPASS) is None


def test_two_jokers_or_a_yellow_building_are_a_play_one_joker_is_not():
    for hand, buildings, expected in (
        ("J", (), "pass"),
        ("JJ", (), None),
        ("J", ("Y3",), None),
        ("B", ("Y2",), None),
        ("B", ("Y4",), None),
        ("J", ("Y2",), "pass"),
        ("C", ("Y1",), None),
    ):
        state = build(3, players={ORANGE: {"hand": hand, "buildings": buildings, "coins": 2}})
        state = at_step(state, "A", first=ORANGE)
        assert GAME.standing_move(state, ORANGE, AUTOPASS) == expected, (hand, buildings)


def test_a_yellow_building_needs_a_coin():
    state = build(3, players={ORANGE: {"hand": "B", "buildings": ("Y2",), "coins": 0}})
    state = at_step(state, "A", first=ORANGE)
    assert GAME.standing_move(state, ORANGE, AUTOPASS) == "pass"


def test_autopass_never_answers_outside_a_card_step():
    state = build(3)
    assert state.phase is Phase.SETUP
    assert all(GAME.standing_move(state, seat, AUTOPASS) is None for seat in range(3))


def test_an_unknown_standing_answer_is_refused_with_a_reason():
    state = at_step(build(3), "A", first=ORANGE)
    with pytest.raises(InvalidMove) as raised:
        GAME.standing_move(state, ORANGE, "always")
    assert raised.value.code == "rialto.error.standing"
    assert [choice.token for choice in GAME.standing_answers()] == [AUTOPASS]
