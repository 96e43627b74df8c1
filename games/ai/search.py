"""Determinized Monte Carlo search over the engine contract, for every game and seat count.

Why this shape: a decision has to fit in about a second of pure Python on a shared machine,
and a rollout (today's autopilot playing every seat to the end) costs from a few to a
hundred milliseconds, so a search sees tens to a few hundred rollouts. A deep tree cannot
be grown from so few; what pays is comparing the seat's own candidate moves well. So the
search is a root-level information-set search:

* every iteration draws a **determinization**, a full state the seat cannot tell from the
  real one (the game's :class:`games.core.Determinizer`), so hidden cards and masks are
  sampled consistently with what the seat has seen and never read;
* the candidates (the autopilot's move first, then other legal moves; "undo" never) are
  compared by **sequential halving** on those samples: each round spends its share of the
  ply budget playing every remaining candidate on the same determinizations and rollout
  streams (common random numbers), then keeps the better half of the others, always with
  the autopilot's move beside them;
* a rollout applies the candidate and lets the **autopilot** (the rollout and prior policy)
  play every seat to the end, with a small share of random moves so that the samples differ,
  and scores the outcome from the seat's side.

The search leaves the autopilot's move only for a move that beats it in paired comparisons
by more than their standard error: with few rollouts, noise must not undo the heuristic.
Everything is drawn from :class:`games.core.Rng` streams derived from ``seed``: the same
state, seat, seed and budget give the same move. ``should_stop`` lets the caller add a wall
clock budget (the bot's worker does); tests and benches use iteration budgets only.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from games.core import AnyGame, Outcome, Rng, Seat, autopilot_of, determinizer_of

UNDO_CODE: Final = "undo"
ROLLOUT_PLY_LIMIT: Final = 3000
"""A rollout that has not ended after this many plies counts as a draw (no game gets near)."""

STREAM_SAMPLE: Final = 1
STREAM_ROLLOUT: Final = 10
STREAM_ORDER: Final = 3
PRIOR: Final = 0
"""The autopilot's move is always the first candidate and is never eliminated."""


class Level(StrEnum):
    """How hard the computer plays: easy is today's autopilot, the others search."""

    EASY = "easy"
    NORMAL = "normal"
    STRONG = "strong"


@dataclass(frozen=True, slots=True)
class Budget:
    """What one decision may spend, counted in simulated plies so that it is deterministic.

    A simulated ply (one ``legal_moves``, ``view``, autopilot and ``apply`` in a rollout)
    costs a roughly constant fraction of a millisecond in every game, so a ply budget is a
    time budget that does not depend on the machine's load: late in a match, when rollouts
    are short, the same budget buys more of them.

    Attributes:
        plies: simulated plies in total over all rollouts.
        candidates: at most this many of the legal moves are compared (the autopilot's is
            always one of them).
        noise: the share of rollout moves chosen uniformly at random instead of by the
            autopilot, so that rollouts of one determinization are not all alike.
        confidence: how many standard errors a move's paired gain over the autopilot's
            move must clear before the search plays it instead (see :func:`_choice`).
    """

    plies: int
    candidates: int
    noise: float = 0.05
    confidence: float = 1.0


BUDGETS: Final[dict[Level, Budget]] = {
    Level.NORMAL: Budget(plies=600, candidates=3),
    Level.STRONG: Budget(plies=2500, candidates=6),
}
"""The budget of each searching level (easy does not search)."""


def choose_move(
    game: AnyGame,
    state: Any,
    seat: Seat,
    level: Level,
    seed: int,
    *,
    budget: Budget | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> Any:
    """The move ``level`` plays for ``seat`` in ``state``, which must be ``seat``'s to decide.

    ``state`` is read only through the game's determinizer and the seat's own view and legal
    moves, so the choice depends on what ``seat`` may know and on ``seed`` alone.
    ``budget`` overrides the level's; ``should_stop`` (checked between rollouts) ends the
    search early with the best move found so far.

    Raises:
        ValueError: ``seat`` has no legal move now, or the game has no autopilot.
    """
    pilot = autopilot_of(game)
    if pilot is None:
        raise ValueError(f"{game.key} has no autopilot")
    legal = list(game.legal_moves(state, seat))
    if not legal:
        raise ValueError(f"seat {seat} has no legal move")
    prior = pilot.autopilot_move(game.view(state, seat), legal)
    determinizer = determinizer_of(game)
    if level is Level.EASY or determinizer is None or len(legal) == 1:
        return prior
    spend = budget or BUDGETS[level]
    candidates = _candidates(game, legal, prior, spend.candidates, Rng(seed, 0, STREAM_ORDER))
    if len(candidates) == 1:
        return candidates[0]
    values: list[list[float]] = [[] for _ in candidates]
    alive = list(range(len(candidates)))
    rounds = max(1, math.ceil(math.log2(len(candidates))))
    spent = 0
    sample = 0
    for round_number in range(rounds):
        share = spent + (spend.plies - spent) // (rounds - round_number)
        while True:
            world = determinizer.determinize(state, seat, Rng(seed, sample, STREAM_SAMPLE))
            for index in alive:
                rng = Rng(seed, sample, STREAM_ROLLOUT)
                value, plies = _rollout(game, world, seat, candidates[index], rng, spend.noise)
                values[index].append(value)
                spent += plies
            sample += 1
            if should_stop is not None and should_stop():
                return candidates[_choice(alive, values, spend.confidence)]
            if spent >= share:
                break
        if len(alive) > 2:
            ranked = sorted(alive[1:], key=lambda index: (-statistics.fmean(values[index]), index))
            alive = [PRIOR, *sorted(ranked[: max(1, math.ceil(len(alive) / 2) - 1)])]
    return candidates[_choice(alive, values, spend.confidence)]


def _candidates(game: AnyGame, legal: Sequence[Any], prior: Any, limit: int, rng: Rng) -> list[Any]:
    """The autopilot's move (index :data:`PRIOR`), then up to ``limit - 1`` other legal moves drawn with ``rng``."""
    others = [move for move in legal if move != prior and game.move_code(move) != UNDO_CODE]
    return [prior, *rng.shuffled(others)[: max(0, limit - 1)]]


def _choice(alive: Sequence[int], values: Sequence[Sequence[float]], confidence: float) -> int:
    """The candidate to play: another move only when it beats the autopilot's with confidence.

    The autopilot's move was played on the same determinizations and rollout streams as every
    surviving candidate, so their results are compared in pairs. A candidate qualifies when its
    mean paired gain minus ``confidence`` standard errors is still positive; the one with the
    best such bound is played, else the autopilot's move.
    """
    best, best_bound = PRIOR, 0.0
    prior_values = values[PRIOR]
    for index in alive:
        if index == PRIOR:
            continue
        gains = [mine - theirs for mine, theirs in zip(values[index], prior_values, strict=False)]
        if len(gains) < 2:
            continue
        error = statistics.stdev(gains) / math.sqrt(len(gains))
        bound = statistics.fmean(gains) - confidence * error
        if bound > best_bound:
            best, best_bound = index, bound
    return best


def _rollout(game: AnyGame, world: Any, seat: Seat, move: Any, rng: Rng, noise: float) -> tuple[float, int]:
    """``move`` for ``seat`` in ``world``, then the autopilot everywhere to the end.

    Returns the outcome scored for ``seat`` and the number of plies played.
    """
    pilot = autopilot_of(game)
    assert pilot is not None
    state, _ = game.apply(world, seat, move)
    plies = 1
    for _ in range(ROLLOUT_PLY_LIMIT):
        active = game.to_move(state)
        if not active:
            break
        actor = min(active) if len(active) == 1 else sorted(active)[rng.below(len(active))]
        legal = game.legal_moves(state, actor)
        if noise and rng.random() < noise:
            choices = [option for option in legal if game.move_code(option) != UNDO_CODE] or list(legal)
            chosen = choices[rng.below(len(choices))]
        else:
            chosen = pilot.autopilot_move(game.view(state, actor), legal)
        state, _ = game.apply(state, actor, chosen)
        plies += 1
    outcome = game.outcome(state)
    return (0.5 if outcome is None else reward(outcome, seat)), plies


def reward(outcome: Outcome, seat: Seat) -> float:
    """How good ``outcome`` is for ``seat``, in [0, 1].

    Mostly the rank (first 1, last 0, a shared place in between); with scores, a tenth of it
    is the margin over the best other seat (a draw is worth a half), so that among wins a bigger one counts more.
    """
    seats = len(outcome.ranks)
    places = max(outcome.ranks)
    rank_part = 0.5 if places == 1 else (places - outcome.ranks[seat]) / (places - 1)
    if outcome.scores is None or seats < 2:
        return rank_part
    best_other = max(score for other, score in enumerate(outcome.scores) if other != seat)
    margin = math.tanh((outcome.scores[seat] - best_other) / 10)
    return 0.9 * rank_part + 0.1 * (margin + 1) / 2
