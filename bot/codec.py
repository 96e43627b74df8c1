"""JSON forms of the engine's messages and outcomes, for the store and the outbox."""

from __future__ import annotations

from typing import Any

from games.core import Event, Message, Outcome


def message_to_json(message: Message) -> dict[str, Any]:
    """A message (with nested messages) as JSON-ready data."""
    return {
        "key": message.key,
        "params": {
            name: message_to_json(value) if isinstance(value, Message) else value
            for name, value in message.params.items()
        },
    }


def message_from_json(data: dict[str, Any]) -> Message:
    """The inverse of :func:`message_to_json`."""
    params = {
        name: message_from_json(value) if isinstance(value, dict) and "key" in value else value
        for name, value in data.get("params", {}).items()
    }
    return Message(data["key"], params)


def outcome_to_json(outcome: Outcome) -> dict[str, Any]:
    """An outcome as JSON-ready data."""
    return {
        "winners": sorted(outcome.winners),
        "ranks": list(outcome.ranks),
        "reason": message_to_json(outcome.reason),
        "scores": None if outcome.scores is None else list(outcome.scores),
    }


def outcome_from_json(data: dict[str, Any]) -> Outcome:
    """The inverse of :func:`outcome_to_json`."""
    scores = data.get("scores")
    return Outcome(
        winners=frozenset(data["winners"]),
        ranks=tuple(data["ranks"]),
        reason=message_from_json(data["reason"]),
        scores=None if scores is None else tuple(scores),
    )


def event_to_json(event: Event) -> dict[str, Any]:
    """An event (message and audience) as JSON-ready data, for the move log."""
    audience = None if event.audience is None else sorted(event.audience)
    return {"message": message_to_json(event.message), "audience": audience}


def event_from_json(data: dict[str, Any]) -> Event:
    """The inverse of :func:`event_to_json`."""
    audience = data.get("audience")
    return Event(message_from_json(data["message"]), None if audience is None else frozenset(audience))
