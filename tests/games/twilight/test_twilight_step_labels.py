"""The labels of a turn's component choices name the right rule: Masquerade only for a Harlequin."""

from __future__ import annotations

from games.twilight import GAME
from games.twilight.model import CardType, card_type
from tests.games.twilight.helpers import random_states


def _target_labels():
    """(card type, is masquerade, label key) of every token choice in many random positions."""
    found = set()
    for state in random_states(range(15)):
        for seat in GAME.to_move(state):
            for move in GAME.legal_moves(state, seat):
                if move.card is None:
                    continue
                for choice in GAME.choice_path(state, seat, move)[1:-1]:
                    found.add((card_type(move.card), move.is_masquerade, choice.label.key))
    return found


def test_only_a_harlequin_card_moving_another_token_is_called_masquerade():
    found = _target_labels()
    assert any(kind is CardType.GUARDS for kind, _, _ in found), "a Guards card chose its Guard"
    for kind, masquerade, key in found:
        if key == "twilight.choice.target":
            assert masquerade and kind is CardType.HARLEQUIN
        if kind is CardType.GUARDS:
            assert key == "twilight.choice.token"
