"""Small helpers for driving Serenissima through simcord like a player would."""

from __future__ import annotations

from typing import Any

import discord


def custom_ids(message: discord.Message) -> list[str]:
    """Every component custom_id of a message, in display order."""
    found = []
    for row in message.components:
        for child in getattr(row, "children", []):
            custom_id = getattr(child, "custom_id", None)
            if custom_id:
                found.append(custom_id)
    return found


def labels(message: discord.Message) -> list[str]:
    """Every button label of a message."""
    return [
        child.label
        for row in message.components
        for child in getattr(row, "children", [])
        if getattr(child, "label", None)
    ]


def message_by_id(channel: Any, message_id: int) -> discord.Message:
    """The current state of a message (after edits)."""
    for message in channel.history():
        if message.id == message_id:
            return message
    raise AssertionError(f"message {message_id} not found")


def newest_with_components(channel: Any, prefix: str) -> discord.Message:
    """The newest message of a channel carrying a component whose id starts with ``prefix``."""
    for message in reversed(channel.history()):
        if any(cid.startswith(prefix) for cid in custom_ids(message)):
            return message
    raise AssertionError(f"no message with a {prefix!r} component")
