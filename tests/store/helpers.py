"""Small builders shared by the contract tests."""

from __future__ import annotations

import random

from bot.codec import outcome_to_json
from bot.service.pipeline import dump_state
from bot.store import Store
from games import REGISTRY
from games.core import Rng


async def new_match(store: Store, *, creator: int = 10, guild_id: int | None = 1, channel_id: int | None = 2) -> int:
    """A Volto lobby with ``creator`` in seat 0."""
    return await store.create_match(
        game_key="volto",
        rules_version=1,
        options={"variant": "x"},
        seed=(1 << 62) + 5,
        max_seats=2,
        guild_id=guild_id,
        channel_id=channel_id,
        creator_id=creator,
        now=1.0,
    )


async def finished_rialto_for_five(store: Store, seed: int = 5) -> tuple[int, list[tuple[int, str]]]:
    """A whole Rialto match for five, random legal moves at a human pace, finished; (id, moves).

    The engine plays it (quick), and its log is written in one transaction: each decision
    took between two seconds and half a day (log-uniform), which packs worse than a bench's
    decisions milliseconds apart. The match ends as the service ends one, with its final
    state and outcome, so its log is packed.
    """
    game = REGISTRY["rialto"]
    state = game.initial_state(seed, 5, game.options_type())
    moves: list[tuple[int, str]] = []
    while game.outcome(state) is None:
        seat = min(game.to_move(state))
        move = Rng(seed, len(moves)).choice(game.legal_moves(state, seat))
        moves.append((seat, game.move_code(move)))
        state, _ = game.apply(state, seat, move)
    match_id = await store.create_match(
        game_key="rialto",
        rules_version=game.rules_version,
        options={},
        seed=seed,
        max_seats=5,
        guild_id=1,
        channel_id=2,
        creator_id=100,
        now=1.0,
    )
    version = await store.update_match(match_id, 0, now=2.0, seats=[100, 101, 102, 103, 104], status="active")
    pace = random.Random(seed)
    now, rows = 1_795_000_000.0, []
    for ply, (seat, code) in enumerate(moves):
        think = 2 * 21_600 ** pace.random()
        now += think
        rows.append((match_id, ply, seat, code, version + 1 + ply, now, "[]", "player", think))
    async with store.database.transaction() as db:
        await db.executemany(
            "INSERT INTO moves (match_id, ply, seat, code, version, created_at, events_json, chosen_by, think_seconds)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            rows,
        )
    outcome = game.outcome(state)
    assert outcome is not None
    await store.update_match(
        match_id,
        version,
        now=now,
        ply=len(moves),
        status="finished",
        state_json=dump_state(game, state),
        outcome=outcome_to_json(outcome),
    )
    return match_id, moves
