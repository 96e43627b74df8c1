"""Reading what users saw on the fake Discord, and playing the way a player clicks."""

from __future__ import annotations

import re
from typing import Any

from tests.wire.fake_discord import Channel, FakeDiscord, Interaction, User, custom_ids, labels


def newest_with(messages: list[dict[str, Any]], prefix: str) -> dict[str, Any]:
    """The newest message carrying a component whose custom_id starts with ``prefix``."""
    for message in reversed(messages):
        if any(cid.startswith(prefix) for cid in custom_ids(message)):
            return message
    raise AssertionError(f"no message with a {prefix!r} component")


def has_image(message: dict[str, Any]) -> bool:
    return any(a["content_type"].startswith("image/") and a["size"] > 0 for a in message["attachments"])


def answer(interaction: Interaction) -> dict[str, Any]:
    """The message the user saw as the answer (the filled "thinking" message, or the first followup)."""
    assert interaction.acknowledged, "the interaction was not answered"
    messages = interaction.messages
    assert messages, "nothing was shown"
    return messages[-1]


async def open_lobby(fake: FakeDiscord, creator: User, channel: Channel, game: str, **options: Any) -> Channel:
    """``creator`` opens a match of ``game``; returns its thread (checked: private answer, lobby post)."""
    created = await fake.slash(creator, channel, "game new", game=game, **options)
    assert created.ephemeral, "the creator's answer is private"
    assert "#" in created.text
    [thread] = [t for t in fake.threads_of(channel) if t.messages and custom_ids(t.messages[0])]
    return thread


async def join(fake: FakeDiscord, user: User, thread: Channel, button: str = "Join") -> Interaction:
    """``user`` presses the lobby's Join button (its label in the server's language)."""
    lobby = thread.messages[0]
    joined = await fake.click(user, lobby, labels(lobby)[button])
    assert joined.ephemeral, "joining answers privately"
    return joined


def _select_for(message: dict[str, Any], head: str, prefix: tuple[str, ...], token: str) -> str | None:
    """The select of ``message`` (``ps``, ``ps1``...) offering ``token`` after ``prefix``."""
    pattern = re.compile(rf"ps\d*:{re.escape(head)}{re.escape('|'.join(prefix))}")
    for row in message.get("components", []):
        for child in row["components"]:
            if pattern.fullmatch(child.get("custom_id", "")) and token in [o["value"] for o in child["options"]]:
                return str(child["custom_id"])
    return None


async def play_by_dm(fake: FakeDiscord, user: User, picker: dict[str, Any], head: str, tokens: tuple[str, ...]) -> None:
    """Build a move token by token in the DM picker, by buttons or selects as offered.

    ``head`` is ``"{match}:{version}:"``. Every click edits the DM in place (the fake keeps
    the same message), so the next step is read from the same message.
    """
    for depth, token in enumerate(tokens):
        path = "|".join(tokens[: depth + 1])
        button = f"pk:{head}{path}"
        if button in custom_ids(picker):
            clicked = await fake.click(user, picker, button)
        else:
            select = _select_for(picker, head, tokens[:depth], token)
            assert select is not None, f"{token!r} is offered neither as a button nor in a select: {custom_ids(picker)}"
            clicked = await fake.select(user, picker, select, [token])
        assert clicked.response_type in (6, 7), "a DM click updates the DM itself"


def cyrillic(text: str) -> bool:
    return any("а" <= ch.lower() <= "я" or ch in "ёЁ" for ch in text)


def said_once(text: str) -> bool:
    """No sentence of a post (mentions and all) is said twice."""
    found = [part.strip() for line in text.splitlines() for part in re.split(r"(?<=[.!?])\s+", line) if part.strip()]
    return len(found) == len(set(found))
