"""What the pickers offer in a card step, and which lone moves the bot plays by itself.

Offered (``offered_moves``): every legal move except the card-play components after which
no play can be made at all (checked here against a search over the engine's own legal
moves, three components deep). Forced (``forced_move``): a lone legal move, and only in a
decision whose choices everyone can see (never a card step, a discard or a green action,
where a lone pass would tell the table what the seat holds).
"""

from __future__ import annotations

from games.core import Rng
from games.rialto import GAME, RialtoState
from games.rialto.model import Phase

NOT_COMPONENTS = ("undo", "pass", "Y1", "ok")


def _can_play(state: RialtoState, seat: int, depth: int) -> bool:
    """Whether some components (at most ``depth`` more) lead to a legal "ok"."""
    legal = GAME.legal_moves(state, seat)
    if "ok" in legal:
        return True
    if depth == 0:
        return False
    return any(
        _can_play(GAME.apply(state, seat, code)[0], seat, depth - 1) for code in legal if code not in NOT_COMPONENTS
    )


def _lines(seeds: range, players: int) -> list[tuple[RialtoState, int]]:
    """Every decision (state, seat) of random matches."""
    decisions = []
    for seed in seeds:
        state = GAME.initial_state(seed, players)
        ply = 0
        while seats := sorted(GAME.to_move(state)):
            seat = seats[0]
            decisions.append((state, seat))
            offered = GAME.offered_moves(state, seat)
            state, _ = GAME.apply(state, seat, offered[Rng(seed, ply).below(len(offered))])
            ply += 1
    return decisions


def test_a_card_step_offers_exactly_the_components_that_can_still_become_a_play() -> None:
    dropped = 0
    for state, seat in _lines(range(3), 4):
        if state.phase is not Phase.PLAY:
            assert list(GAME.offered_moves(state, seat)) == list(GAME.legal_moves(state, seat))
            continue
        offered = set(GAME.offered_moves(state, seat))
        for code in GAME.legal_moves(state, seat):
            if code in NOT_COMPONENTS:
                assert code in offered
                continue
            leads = _can_play(GAME.apply(state, seat, code)[0], seat, 3)
            assert (code in offered) == leads, (code, state.draft)
            dropped += not leads
    assert dropped, "no dead-end component came up: the check proved nothing"


def test_only_a_lone_move_everyone_can_see_is_forced() -> None:
    forced = 0
    for state, seat in _lines(range(6), 3):
        legal = GAME.legal_moves(state, seat)
        move = GAME.forced_move(state, seat)
        if state.phase in (Phase.PLAY, Phase.DISCARD, Phase.GREEN) or len(legal) != 1:
            assert move is None, (state.phase, legal)
        else:
            assert move == legal[0]
            forced += 1
    assert forced, "no lone public move came up: the check proved nothing"
