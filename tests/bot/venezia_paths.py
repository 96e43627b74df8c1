"""Engine-side helpers for the Venezia 2099 Discord tests: a seeded policy, its seeds, expected choices.

The Discord tests drive a match through simcord and compare what the bot offers with what
the engine says, so everything here reads the engine directly (never the bot). The policy
is a deterministic function of the state and a seed; it is biased to make the situations
the tests need happen: it sinks districts under other players' figures (out-of-turn
rescues), buys now and then, and makes one gondola move per player. The seeds below were
found offline with :func:`find_seed`; each test asserts that the situation it needs really
happens, so a rules change that moves it fails loudly instead of testing nothing.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Final

from games.core import Rng, Seat
from games.venezia2099 import GAME
from games.venezia2099.answers import default_rescue_answer
from games.venezia2099.model import Phase
from games.venezia2099.moves import Move, MoveKind
from games.venezia2099.state import State

PLAYERS: Final = 3

WHOLE_GAME_SEED: Final = 19
"""82 decisions (among the shortest rich games of :func:`find_seed`): 15 purchases, 2 gondola
moves, out-of-turn rescues by seat 2 (twice, answered ``rescue-c1`` and ``rescue-h2``) and by
seat 0, and two steps of more than 20 choices (select menus)."""

WIDE_SEED: Final = 281
"""After the policy's placements, the first player's figure on e4 reaches 27 squares: with
"by gondola" that step has 28 choices, more than one select menu holds."""


def policy(state: State, seat: Seat, seed: int) -> Move:
    """The move the test players make: deterministic in ``state`` and ``seed``."""
    moves = GAME.legal_moves(state, seat)
    rng = Rng(seed, state.ply, 7)
    if state.phase is Phase.PLACE:
        return rng.choice(moves)  # type: ignore[no-any-return]
    if state.phase is Phase.RESCUE:
        answer = default_rescue_answer(state, seat)
        assert answer is not None
        return answer
    by_kind: dict[MoveKind, list[Move]] = {}
    for move in moves:
        by_kind.setdefault(move.kind, []).append(move)
    gondola_moves = by_kind.get(MoveKind.GONDOLA, [])
    if gondola_moves and state.gondolas[seat] == 2 and rng.random() < 0.2:
        return rng.choice(gondola_moves)  # type: ignore[no-any-return]
    steps = by_kind.get(MoveKind.STEP, [])
    if steps and rng.random() < 0.6:
        return rng.choice(steps)  # type: ignore[no-any-return]
    buys = by_kind.get(MoveKind.BUY, [])
    if buys and rng.random() < 0.5:
        return buys[0]
    cards = by_kind[MoveKind.PLAY]
    for card in cards:
        assert card.card is not None
        owner = state.occupant(state.square_of(card.card))
        if owner is not None and owner != seat and state.gondolas[owner] > 0:
            return card
    return rng.choice(cards)  # type: ignore[no-any-return]


@dataclass
class Line:
    """A whole game played by :func:`policy`: each decision as (seat, code, state before)."""

    seed: int
    decisions: list[tuple[Seat, str, State]] = field(default_factory=list)
    final: State | None = None
    forced: set[int] = field(default_factory=set)
    """The decisions that were a hand's last forecast card: the bot plays those itself."""

    def kinds(self) -> list[tuple[Seat, MoveKind]]:
        """Each decision's seat and kind."""
        return [(seat, GAME.parse_move(state, seat, code).kind) for seat, code, state in self.decisions]

    def out_of_turn_rescues(self) -> list[int]:
        """Indexes of the rescue answers of a seat whose turn it was not."""
        return [
            index
            for index, (seat, code, state) in enumerate(self.decisions)
            if state.phase is Phase.RESCUE and seat != state.turn
        ]


def play_line(seed: int, num_players: int = PLAYERS, *, until: Phase = Phase.OVER) -> Line:
    """The game of the policy from the match seed ``seed``, to its end or to the phase ``until``."""
    line = Line(seed)
    state = GAME.initial_state(seed, num_players)
    while (seats := GAME.to_move(state)) and state.phase is not until:
        [seat] = seats
        move = policy(state, seat, seed)
        if GAME.forced_move(state, seat) is not None:
            line.forced.add(len(line.decisions))
        line.decisions.append((seat, GAME.move_code(move), state))
        state, _ = GAME.apply(state, seat, move)
    line.final = state
    return line


def is_rich(line: Line) -> bool:
    """Whether the line has what the tests need: purchases, gondola moves, out-of-turn rescues."""
    kinds = [kind for _, kind in line.kinds()]
    rescues = line.out_of_turn_rescues()
    rescuers = {line.decisions[index][0] for index in rescues}
    answered = [line.decisions[index][1] for index in rescues]
    return (
        MoveKind.BUY in kinds
        and MoveKind.GONDOLA in kinds
        and len(rescuers) >= 2
        and any(code.startswith("rescue-") for code in answered)
    )


def find_seed(start: int = 1, count: int = 200) -> Iterator[tuple[int, int]]:
    """Rich seeds with their number of decisions (shortest games make the fastest tests)."""
    for seed in range(start, start + count):
        line = play_line(seed)
        if is_rich(line):
            yield seed, len(line.decisions)


# --- What the picker must offer ----------------------------------------------------------------


def plies_of(state: State, seat: Seat, code: str) -> int:
    """How many moves one decision of ``seat`` writes: its own, then the forced moves the bot plays after it."""
    state, _ = GAME.apply(state, seat, GAME.parse_move(state, seat, code))
    plies = 1
    while forced := [s for s in sorted(GAME.to_move(state)) if GAME.forced_move(state, s) is not None]:
        move = GAME.forced_move(state, forced[0])
        assert move is not None
        state, _ = GAME.apply(state, forced[0], move)
        plies += 1
    return plies


def path_of(state: State, seat: Seat, code: str) -> tuple[str, ...]:
    """The component tokens of the move ``code``."""
    move = GAME.parse_move(state, seat, code)
    return tuple(choice.token for choice in GAME.choice_path(state, seat, move))


def next_tokens(state: State, seat: Seat, prefix: tuple[str, ...]) -> list[str]:
    """The distinct tokens after ``prefix`` over every legal move, in the engine's order."""
    found: list[str] = []
    for move in GAME.legal_moves(state, seat):
        tokens = tuple(choice.token for choice in GAME.choice_path(state, seat, move))
        if tokens[: len(prefix)] == prefix and len(tokens) > len(prefix) and tokens[len(prefix)] not in found:
            found.append(tokens[len(prefix)])
    return found
