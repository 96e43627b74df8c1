"""Computer opponents: search-based play at three levels, from the seat's view only.

Pure like the rest of ``games/``: no clock, no I/O. The bot runs decisions in a worker
process (``bot/ai_worker.py``) and may pass a wall-clock ``should_stop``.
"""

from __future__ import annotations

from games.ai.search import (
    BUDGETS,
    LEVEL_SCALE,
    PLY_COST,
    SEAT_SCALED,
    Budget,
    Level,
    ScoreEstimate,
    choose_move,
    estimate_reward,
    estimator_of,
    level_budget,
    level_plies,
    reward,
)

__all__ = [
    "BUDGETS",
    "LEVEL_SCALE",
    "PLY_COST",
    "SEAT_SCALED",
    "Budget",
    "Level",
    "ScoreEstimate",
    "choose_move",
    "estimate_reward",
    "estimator_of",
    "level_budget",
    "level_plies",
    "reward",
]
