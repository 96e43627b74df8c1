"""Determinized Monte Carlo search over the engine contract, for every game and seat count.

Why this shape: a decision has to fit in about a second of pure Python on a shared machine,
and a rollout (today's autopilot playing every seat to the end) costs from a few to a
hundred milliseconds, so a search sees tens to a few hundred rollouts. A deep tree cannot
be grown from so few; what pays is comparing the seat's own candidate moves well. So the
search is a root-level information-set search:

* every iteration draws a **determinization**, a full state the seat cannot tell from the
  real one (the game's :class:`games.core.Determinizer`), so hidden cards and masks are
  sampled consistently with what the seat has seen and never read;
* a rollout applies a candidate and lets the **autopilot** (the rollout and prior policy)
  play every seat, with a small share of random moves so that the samples differ (a game
  whose views cost more than its autopilot's choice reads that choice straight off the
  state, :class:`RolloutPolicy`, with the same result). It plays
  to the end, or, in a game that can estimate the final scores of an unfinished position
  (:class:`ScoreEstimate`: Rialto's rollouts are hundreds of plies long), only ``horizon``
  plies and scores the estimate: four to six times the determinizations for the same work;
* **choosing a challenger**: the legal moves other than the autopilot's (up to
  ``candidates - 1`` of them, "undo" never: the best ranked in a game that ranks its moves
  by the autopilot's estimates, :class:`MoveRanking`, else drawn at random) are compared by
  **sequential halving** on half
  the ply budget: each round plays every remaining move on the same determinizations and
  rollout streams (common random numbers) and keeps the better half, until one is left;
* **verifying it**: the other half of the budget plays the challenger and the autopilot's
  move on fresh determinizations, and the search leaves the autopilot's move only when the
  challenger's paired gain clears ``confidence`` standard errors there. The fresh samples
  matter: the challenger won the halving partly by luck on the samples that picked it, so
  judging it on those would leave a good heuristic for noise (the "winner's curse").

Everything is drawn from :class:`games.core.Rng` streams derived from ``seed``: the same
state, seat, seed and budget give the same move. ``should_stop`` lets the caller add a wall
clock budget (the bot's worker does); tests and benches use iteration budgets only.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, Final, Protocol, cast

from games.core import AnyGame, Outcome, Rng, Seat, autopilot_of, determinizer_of

UNDO_CODE: Final = "undo"
ROLLOUT_PLY_LIMIT: Final = 3000
"""A rollout that has not ended after this many plies counts as a draw (no game gets near)."""

STREAM_SAMPLE: Final = 1
STREAM_ROLLOUT: Final = 10
STREAM_ORDER: Final = 3
PRIOR: Final = 0
"""The autopilot's move is always the first candidate and is never eliminated."""
VERIFY_SAMPLES: Final = 1 << 20
"""Verification draws its determinizations from sample numbers above this, never used by the halving."""
MARGIN_SCALE: Final = 10.0
"""A score margin of this many points is most of the way to the margin's full worth."""


class Level(StrEnum):
    """How hard the computer plays: easy is today's autopilot, the others search."""

    EASY = "easy"
    NORMAL = "normal"
    STRONG = "strong"


class ScoreEstimate(Protocol):
    """Optional game capability for search: each seat's final score as an unfinished position promises.

    Read only on determinized states (so it may look at anything in them). It lets a rollout
    stop after ``Budget.horizon`` plies; games without it are always played to the end.
    """

    def estimated_scores(self, state: Any) -> tuple[float, ...]:
        """Each seat's score if the match ended now, with what it still holds priced in."""
        ...


class MoveRanking(Protocol):
    """Optional game capability for search: the legal moves ordered by the autopilot's own estimates.

    Read on the seat's view only, like the autopilot. Where a seat has many legal moves of
    which most are plainly poor (Venezia 2099's gondola moves to any free square), comparing
    a few drawn at random wastes the budget on them; with a ranking, the search compares the
    autopilot's move with the next best by the same estimates, and lets the rollouts judge
    what the estimates cannot see.
    """

    def ranked_moves(self, view: Any, legal: Sequence[Any]) -> list[Any]:
        """``legal``, best first."""
        ...


class RolloutPolicy(Protocol):
    """Optional game capability for search: the autopilot's rollout move read straight off a state.

    ``rollout_move(state, seat, legal)`` must equal ``autopilot_move(view(state, seat), legal)``
    on every state (each game's suite checks it), so it reads only what ``seat`` may see and
    the search's choices are the same with it or without it. Why: a rollout needs only the
    autopilot's choice, while a whole view also builds what renderers show (Twilight's step
    lines, the last turn in words, why each card cannot be played), which costs more than
    the choice itself.
    """

    def rollout_move(self, state: Any, seat: Seat, legal: Sequence[Any]) -> Any:
        """The autopilot's move for ``seat`` in ``state`` among ``legal``."""
        ...


def rollout_policy_of(game: object) -> RolloutPolicy | None:
    """``game`` as :class:`RolloutPolicy` when it reads the autopilot's move off a state, else None."""
    return cast("RolloutPolicy", game) if callable(getattr(game, "rollout_move", None)) else None


def ranking_of(game: object) -> MoveRanking | None:
    """``game`` as :class:`MoveRanking` when it can rank moves, else None."""
    return cast("MoveRanking", game) if callable(getattr(game, "ranked_moves", None)) else None


def estimator_of(game: object) -> ScoreEstimate | None:
    """``game`` as :class:`ScoreEstimate` when it can estimate unfinished positions, else None."""
    return cast("ScoreEstimate", game) if callable(getattr(game, "estimated_scores", None)) else None


@dataclass(frozen=True, slots=True)
class Budget:
    """What one decision may spend, counted in simulated plies so that it is deterministic.

    A simulated ply (one ``legal_moves``, ``view``, autopilot and ``apply`` in a rollout)
    costs a roughly constant fraction of a millisecond in each game, so a ply budget is a
    time budget that does not depend on the machine's load: late in a match, when rollouts
    are short, the same budget buys more of them. :data:`PLY_COST` evens out the games.

    Attributes:
        plies: simulated plies in total over all rollouts (for a game of ply cost 1).
        candidates: at most this many of the legal moves are compared (the autopilot's is
            always one of them).
        noise: the share of rollout moves chosen uniformly at random instead of by the
            autopilot, so that rollouts of one determinization are not all alike.
        confidence: how many standard errors the challenger's paired gain over the
            autopilot's move must clear in verification before the search plays it.
        horizon: in a game with a :class:`ScoreEstimate`, rollouts stop after this many
            plies and score the estimate (0: always to the end); :func:`level_budget` scales
            it with the seats in the games of :data:`SEAT_SCALED`.
    """

    plies: int
    candidates: int
    noise: float = 0.05
    confidence: float = 1.0
    horizon: int = 0


BUDGETS: Final[dict[Level, Budget]] = {
    Level.NORMAL: Budget(plies=700, candidates=4, horizon=40),
    Level.STRONG: Budget(plies=2000, candidates=10, horizon=60),
}
"""The budget of each searching level (easy does not search)."""

PLY_COST: Final[dict[str, tuple[float, float]]] = {
    "rialto": (0.5, 0.03),
    "twilight": (1.0, 0.0),
    "venezia2099": (1.0, 0.2),
    "volto": (1.3, 0.0),
}
"""A simulated ply's CPU cost in each game, relative to two-seat Venezia 2099's, as a search
spends it (rollout plies with the determinizations and estimates between them; Volto's early
plies on a full board are the dearest, Rialto's short-horizon ones the cheapest), and what
each seat beyond two adds to it (a Venezia 2099 ply at five seats costs 1.6 times one at two).
A budget's plies are divided by it, so that every game and seat count thinks for about the
same time. These were measured when strong took 0.5-0.7 s of CPU on this project's machine;
since then every game's engine got 2.3-4 times faster with the very same decisions, unevenly
(``python -m bench.bench_ai speed strong``: 0.17-0.28 s a strong decision, 0.04-0.10 s a
normal one). They are kept as they are, because a change would change every decision and
void the strength runs in ``bench/results``."""


LEVEL_SCALE: Final[dict[tuple[str, Level], float]] = {
    ("venezia2099", Level.STRONG): 2.0,
}
"""A game's level that thinks longer than :data:`BUDGETS` says, by this factor (others: 1).

Why: in two-seat Venezia 2099, strong on the common budget won only 57 % (95 % CI 44-68 %,
60 matches) against normal, no clear step, while it spent 0.30 s CPU per decision at p50 and
0.39 s at p95 (bench/results/venezia_strong_normal.jsonl): there was room under the goal of
1 s p95 to double it. Other games keep the common budget until a measurement asks otherwise."""


SEAT_SCALED: Final[dict[str, int]] = {
    "rialto": 5,
}
"""Games whose rollouts look about as many rounds ahead at every seat count, from this seat count up.

There a level's ``horizon`` and plies are both multiplied by ``seats / 2`` (:func:`seat_scale`):
the horizon, because the plies of a round grow with the seats (a Rialto round is about 17 plies
a seat: 35 at two seats, 80 at five), so 60 plies saw 1.7 rounds at two seats but 0.75 of one
at five, where the seat itself plays only a dozen of them and a candidate's worth mostly lies
beyond (over 81 autopilot rollouts from five-seat positions, the estimate after 60 plies
correlated 0.30 with the final reward, after 150 plies 0.63); the plies, so that a decision
still buys as many rollouts (about 60) as at two seats, not a third as many.

Why: with one strong seat among easy seats, Rialto's strong was no better than chance at 4
and 5 seats on the common budget (first 13/40 = 32 % and 9/40 = 22 %, mean rank 2.52 and 3.17,
chance 2.5 and 3.0; bench/results/superseded/rialto_multi_strong_h60.jsonl) while it took
0.18 s of CPU per decision. Scaled, on the same seeds: 5 seats first 5/13, mean rank 2.00
(3.23 on those seeds before; better in 11 matches, worse in 1), a clear step; 4 seats first
6/20, mean rank 2.35 (2.40 before; better in 7, worse in 8): no step, for twice the CPU, so
the scaling starts at five seats and four keep the common budget (their logs stand; the
scaled 4-seat run is in bench/results/superseded/rialto_multi_strong_4_scaled.jsonl).
It costs 2.8 times the CPU at five seats (``python -m bench.bench_ai speed strong --games
rialto`` on the same machine and load: 1.38 s against 0.50 s a decision, where the old logs'
machine gave 0.18 s, so about 0.5 s there; on a slower machine, whose two-seat decision takes
0.53 s against those logs' 0.23, a five-seat one took 1.46 s; the bot's worker caps a search
at ``bot.ai_worker.THINK_SECONDS``). Three seats (60 % first places, chance 33 %) and two are
left as they were, and so are the other games (Venezia 2099 plays its rollouts to the end, and
won 45-48 % at 4-5 seats)."""


def seat_scale(key: str, seats: int) -> float:
    """What game ``key``'s horizon and plies are multiplied by at ``seats`` seats (see :data:`SEAT_SCALED`)."""
    start = SEAT_SCALED.get(key)
    return seats / 2 if start is not None and seats >= start else 1.0


def level_plies(key: str, seats: int, level: Level) -> int:
    """The simulated plies a ``level`` decision of game ``key`` at ``seats`` seats may spend.

    The level's :data:`BUDGETS` plies, scaled by :data:`LEVEL_SCALE` and :func:`seat_scale` and
    divided by :func:`ply_cost`.
    """
    scale = LEVEL_SCALE.get((key, level), 1.0) * seat_scale(key, seats)
    return round(BUDGETS[level].plies * scale / ply_cost(key, seats))


def level_budget(key: str, seats: int, level: Level) -> Budget:
    """The :class:`Budget` of a ``level`` decision of game ``key`` at ``seats`` seats.

    :data:`BUDGETS`' with the plies of :func:`level_plies` and the horizon scaled by :func:`seat_scale`.
    """
    common = BUDGETS[level]
    horizon = round(common.horizon * seat_scale(key, seats))
    return replace(common, plies=level_plies(key, seats, level), horizon=horizon)


def ply_cost(key: str, seats: int) -> float:
    """What a simulated ply of game ``key`` at ``seats`` seats costs (see :data:`PLY_COST`)."""
    base, per_seat = PLY_COST.get(key, (1.0, 0.0))
    return base * (1 + per_seat * max(0, seats - 2))


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

    ``state`` is read only through the game's determinizer, the seat's own view and legal
    moves, and its (public) seat count, so the choice depends on what ``seat`` may know and
    on ``seed`` alone.
    ``budget`` overrides the level's (and is taken as it is, without :func:`level_budget`);
    ``should_stop`` (checked between determinizations) ends the search early with the best
    move found so far.

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
    if budget is None:
        budget = level_budget(game.key, _seats(game, state), level)
    ranking = ranking_of(game)
    ranked = None if ranking is None else ranking.ranked_moves(game.view(state, seat), legal)
    candidates = _candidates(game, legal, prior, budget.candidates, Rng(seed, 0, STREAM_ORDER), ranked)
    if len(candidates) == 1:
        return candidates[0]
    search = _Search(game, state, seat, seed, budget, should_stop)
    challenger = search.halve(candidates, budget.plies // 2)
    return candidates[challenger] if search.verify(candidates, challenger) else prior


class _Search:
    """One decision's rollouts: determinizations, common random numbers, the plies spent."""

    def __init__(
        self,
        game: AnyGame,
        state: Any,
        seat: Seat,
        seed: int,
        budget: Budget,
        should_stop: Callable[[], bool] | None,
    ) -> None:
        determinizer = determinizer_of(game)
        assert determinizer is not None
        self.game, self.state, self.seat, self.seed, self.budget = game, state, seat, seed, budget
        self.determinizer = determinizer
        self.estimator = estimator_of(game) if budget.horizon > 0 else None
        self.should_stop = should_stop
        self.stopped = False
        self.spent = 0

    def _stop(self) -> bool:
        if not self.stopped and self.should_stop is not None and self.should_stop():
            self.stopped = True
        return self.stopped

    def _sample(self, candidates: Sequence[Any], indices: Sequence[int], sample: int) -> list[float]:
        """Every candidate in ``indices`` played on determinization ``sample`` with one rollout stream."""
        world = self.determinizer.determinize(self.state, self.seat, Rng(self.seed, sample, STREAM_SAMPLE))
        values = []
        for index in indices:
            rng = Rng(self.seed, sample, STREAM_ROLLOUT)
            value, plies = self._rollout(world, candidates[index], rng)
            values.append(value)
            self.spent += plies
        return values

    def halve(self, candidates: Sequence[Any], plies: int) -> int:
        """Sequential halving over the candidates other than the prior, on about ``plies``: the best of them.

        The prior need not be played here: the others are ranked against each other on common
        random numbers, and the prior meets the one left in :meth:`verify`.
        """
        alive = list(range(1, len(candidates)))
        if len(alive) == 1:
            return alive[0]
        values: list[list[float]] = [[] for _ in candidates]
        rounds = math.ceil(math.log2(len(alive)))
        sample = 0
        for round_number in range(rounds):
            share = self.spent + (plies - self.spent) // (rounds - round_number)
            while True:
                for index, value in zip(alive, self._sample(candidates, alive, sample), strict=True):
                    values[index].append(value)
                sample += 1
                if self._stop() or self.spent >= share:
                    break
            ranked = sorted(alive, key=lambda index: (-statistics.fmean(values[index]), index))
            if self.stopped:
                return ranked[0]
            alive = sorted(ranked[: math.ceil(len(ranked) / 2)])
        return alive[0]

    def verify(self, candidates: Sequence[Any], challenger: int) -> bool:
        """Whether ``challenger`` beats the prior on fresh determinizations by ``confidence`` standard errors."""
        if self.stopped:
            return False
        gains: list[float] = []
        sample = VERIFY_SAMPLES
        while self.spent < self.budget.plies and not self._stop():
            mine, theirs = self._sample(candidates, (challenger, PRIOR), sample)
            gains.append(mine - theirs)
            sample += 1
        if len(gains) < 2:
            return False
        error = statistics.stdev(gains) / math.sqrt(len(gains))
        return statistics.fmean(gains) - self.budget.confidence * error > 0

    def _rollout(self, world: Any, move: Any, rng: Rng) -> tuple[float, int]:
        """``move`` for the seat in ``world``, then the autopilot everywhere to the end or the horizon.

        Returns the outcome (or the estimate at the horizon) scored for the seat, and the plies played.
        """
        game = self.game
        pilot = autopilot_of(game)
        assert pilot is not None
        policy = rollout_policy_of(game)
        state, _ = game.apply(world, self.seat, move)
        plies = 1
        limit = self.budget.horizon if self.estimator is not None else ROLLOUT_PLY_LIMIT
        noise = self.budget.noise
        for _ in range(limit):
            active = game.to_move(state)
            if not active:
                break
            actor = min(active) if len(active) == 1 else sorted(active)[rng.below(len(active))]
            legal = game.legal_moves(state, actor)
            if noise and rng.random() < noise:
                choices = [option for option in legal if game.move_code(option) != UNDO_CODE] or list(legal)
                chosen = choices[rng.below(len(choices))]
            elif policy is not None:
                chosen = policy.rollout_move(state, actor, legal)
            else:
                chosen = pilot.autopilot_move(game.view(state, actor), legal)
            state, _ = game.apply(state, actor, chosen)
            plies += 1
        outcome = game.outcome(state)
        if outcome is not None:
            return reward(outcome, self.seat), plies
        if self.estimator is not None:
            return estimate_reward(self.estimator.estimated_scores(state), self.seat), plies
        return 0.5, plies


def _seats(game: AnyGame, state: Any) -> int:
    """The seat count of ``state`` (the contract has none: a state's ``num_players``, else the fewest)."""
    seats = getattr(state, "num_players", None)
    return seats if isinstance(seats, int) else game.min_players


def _candidates(
    game: AnyGame, legal: Sequence[Any], prior: Any, limit: int, rng: Rng, ranked: Sequence[Any] | None = None
) -> list[Any]:
    """The autopilot's move (index :data:`PRIOR`), then up to ``limit - 1`` other legal moves.

    The best of them by the game's ranking (:class:`MoveRanking`) when it has one, else drawn with ``rng``.
    """
    pool = legal if ranked is None else ranked
    others = [move for move in pool if move != prior and game.move_code(move) != UNDO_CODE]
    if ranked is None:
        others = list(rng.shuffled(others))
    return [prior, *others[: max(0, limit - 1)]]


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
    return 0.9 * rank_part + 0.1 * _margin_part(outcome.scores, seat)


def estimate_reward(scores: Sequence[float], seat: Seat) -> float:
    """How good estimated final ``scores`` are for ``seat``, in [0, 1], on the scale of :func:`reward`.

    The rank the estimate gives, and, since an estimate's rank is less sure than a final one,
    half of the worth on the margin over the best other seat.
    """
    if len(scores) < 2:
        return 0.5
    above = sum(1 for score in scores if score > scores[seat])
    tied = sum(1 for score in scores if score == scores[seat]) - 1
    rank_part = 1 - (above + tied / 2) / (len(scores) - 1)
    return 0.5 * rank_part + 0.5 * _margin_part(scores, seat)


def _margin_part(scores: Sequence[float], seat: Seat) -> float:
    """The margin of ``seat``'s score over the best other seat's, squashed into [0, 1] (a tie is a half)."""
    best_other = max(score for other, score in enumerate(scores) if other != seat)
    return (math.tanh((scores[seat] - best_other) / MARGIN_SCALE) + 1) / 2
