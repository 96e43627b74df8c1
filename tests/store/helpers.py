"""Small builders shared by the contract tests."""

from __future__ import annotations

from bot.store import Store


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
