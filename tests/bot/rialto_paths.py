"""Engine-side helpers for the Rialto Discord tests: a seeded line of play and what each step offers.

The Discord tests drive a match through simcord and compare what the bot offers with what
the engine says, so everything here reads the engine directly (never the bot). The line is
played by the autopilot, nudged to make the situations the tests need happen: buildings
taken in step C are yellow when one is affordable (so yellow conversions and virtual Jokers
get played), and a seat holding Y1 postpones its first card play of a step now and then.
In the hand-limit discards every seat discarding acts in seat order, one whole discard
after another. Each test asserts that the situation it needs really happens, so a rules
change that moves it fails loudly instead of testing nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from games.core import Rng, Seat
from games.rialto import GAME, RialtoOptions, RialtoState
from games.rialto.model import Decision, Phase

WHOLE_GAME_SEED: Final = 11
NEUTRAL_SEED: Final = 5
YELLOW_TAKES: Final = ("tY4", "tY3", "tY2")


def policy(state: RialtoState, seat: Seat, seed: int) -> str:
    """The move the test players make: the autopilot's, nudged toward yellow buildings."""
    legal = GAME.legal_moves(state, seat)
    if state.phase is Phase.ACTION and state.decision is Decision.TAKE:
        for code in YELLOW_TAKES:
            if code in legal:
                return code
    if state.phase is Phase.PLAY and "Y1" in legal and Rng(seed, state.ply, 3).random() < 0.3:
        return "Y1"
    return GAME.autopilot_move(GAME.view(state, seat), legal)


def is_yellow_play(state: RialtoState, code: str) -> bool:
    """Whether ``code`` is a yellow building used in a card play (a conversion, a virtual Joker, a postponement)."""
    return state.phase is Phase.PLAY and (code in ("Y1", "Y3") or code.startswith(("Y2-", "Y4-")))


@dataclass
class Line:
    """A whole game played by :func:`policy`: each decision as (seat, code, state before)."""

    seed: int
    decisions: list[tuple[Seat, str, RialtoState]] = field(default_factory=list)
    final: RialtoState | None = None
    forced: set[int] = field(default_factory=set)
    """The decisions that were a seat's lone, publicly forced move: the bot plays those itself."""

    def first(self, wanted: str, after: int = 0) -> int:
        """The index of the first decision of a kind (see :func:`kind`) at or after ``after``."""
        for index, (seat, code, state) in enumerate(self.decisions[after:], start=after):
            if kind(state, seat, code) == wanted:
                return index
        raise AssertionError(f"no {wanted} decision in the line of seed {self.seed}")


def kind(state: RialtoState, seat: Seat, code: str) -> str:
    """What a decision is, in the words of the tests."""
    if is_yellow_play(state, code):
        return "yellow"
    if state.phase is Phase.ACTION and state.decision is Decision.BRIDGE:
        return "bridge"
    if state.phase is Phase.ACTION and state.decision is Decision.GONDOLA:
        return "gondola"
    if state.phase is Phase.DISCARD:
        return "discard"
    if state.phase is Phase.PLAY and code == "ok":
        return "play"
    return state.phase.value


def play_line(seed: int, num_players: int = 3, options: RialtoOptions | None = None) -> Line:
    """Play a whole game from ``seed`` with :func:`policy`."""
    state = GAME.initial_state(seed, num_players, options)
    line = Line(seed)
    while GAME.to_move(state):
        seat = min(GAME.to_move(state))
        code = GAME.move_code(policy(state, seat, seed))
        if GAME.forced_move(state, seat) is not None:
            line.forced.add(len(line.decisions))
        line.decisions.append((seat, code, state))
        state, _ = GAME.apply(state, seat, code)
        assert len(line.decisions) < 3000
    line.final = state
    return line


def plies_of(state: RialtoState, seat: Seat, code: str) -> int:
    """How many moves one decision of ``seat`` writes: its own, then the forced moves the bot plays after it."""
    state, _ = GAME.apply(state, seat, code)
    plies = 1
    while forced := [s for s in sorted(GAME.to_move(state)) if GAME.forced_move(state, s) is not None]:
        state, _ = GAME.apply(state, forced[0], GAME.forced_move(state, forced[0]))
        plies += 1
    return plies


def path_of(state: RialtoState, seat: Seat, code: str) -> tuple[str, ...]:
    """The component tokens of ``code`` for ``seat`` now."""
    return tuple(choice.token for choice in GAME.choice_path(state, seat, code))


def next_tokens(state: RialtoState, seat: Seat, prefix: tuple[str, ...]) -> list[str]:
    """The distinct next tokens after ``prefix``, in the engine's order (what a picker must offer).

    Those of the moves the engine offers: card-play components after which no play can be
    made are legal but not offered.
    """
    found: list[str] = []
    for move in GAME.offered_moves(state, seat):
        path = path_of(state, seat, move)
        if path[: len(prefix)] == prefix and len(path) > len(prefix) and path[len(prefix)] not in found:
            found.append(path[len(prefix)])
    return found


def private_texts(events_by_seat: dict[Seat, list[str]]) -> list[str]:
    """Every private event text, flattened (for "public posts never show them")."""
    return [text for texts in events_by_seat.values() for text in texts]
