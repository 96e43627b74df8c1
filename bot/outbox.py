"""The outbox's payloads: what a queued notification says, and its one JSON codec.

The service queues notifications in the same transaction as the change that causes them
(design.md, "Notifications after commit"); the notifier reads them back and delivers them.
Both sides speak these frozen dataclasses; only :func:`to_row` and :func:`from_row` know
the stored JSON, so a payload is built in one shape and parsed in the same one.

The JSON is the one the bot has always stored (``{"events": [...], "mention": [...],
"final": ...}`` for a board post, ``{"events": [...], "turn": ...}`` for a seat), so rows
queued before an upgrade are still delivered after it; a take-back request's post adds
``"ask"``, which older rows lack. A seat offer's post (``{}``) names its seat in the row.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from bot.codec import message_from_json, message_to_json
from bot.records import NewNotification, Notification, NotificationKind
from games.core import Message, Seat


@dataclass(frozen=True, slots=True)
class UndoAsk:
    """A player's request to take back their move, for the seats whose agreement it needs.

    Posted in the match's channel with Agree / Refuse; good while the match stays at
    ``version`` (any move makes it void, and its buttons then say so).
    """

    seat: Seat
    version: int
    asked: tuple[Seat, ...]


@dataclass(frozen=True, slots=True)
class BoardPost:
    """A post in the match's channel: what happened, the public board, and who must act.

    ``ask``: a take-back request, posted with its buttons (queued in the transaction that
    opens it, so a request is never open without its post).
    """

    events: tuple[Message, ...] = ()
    mention: tuple[Seat, ...] = ()
    final: bool = False
    ask: UndoAsk | None = None


@dataclass(frozen=True, slots=True)
class LobbyEdit:
    """An edit of the lobby post at the top of the match's thread: it follows the match.

    Queued when the players, whose turn it is, or the match's status change; the notifier
    folds those of one round into one edit, so a decision costs at most one.
    """


@dataclass(frozen=True, slots=True)
class SeatNote:
    """A direct message to one seat: private news, its own view, and its choices if it must act."""

    seat: Seat
    events: tuple[Message, ...] = ()
    turn: bool = False


@dataclass(frozen=True, slots=True)
class OfferPost:
    """The post of a seat offer in the match's channel, with its button.

    It names the seat, not the offer: what is posted is the seat's offer that stands when it
    is delivered (a newer offer of the seat withdraws the older; one taken or void by then
    is not posted).
    """

    seat: Seat


Payload = BoardPost | LobbyEdit | SeatNote | OfferPost


def board(
    messages: Iterable[Message],
    mention: Iterable[Seat] = (),
    *,
    final: bool = False,
    held: bool = False,
    ask: UndoAsk | None = None,
) -> NewNotification:
    """A queued :class:`BoardPost`; ``held``: it waits for the end of the player's turn.

    A held post is not delivered alone: the store keeps it until the next post of the
    match that is not held, and the notifier folds both into one (one post per turn).
    """
    row = to_row(BoardPost(tuple(messages), tuple(mention), final, ask))
    return replace(row, held=held) if held else row


def lobby() -> NewNotification:
    """A queued :class:`LobbyEdit`."""
    return to_row(LobbyEdit())


def seat_note(seat: Seat, messages: Iterable[Message], *, turn: bool) -> NewNotification:
    """A queued :class:`SeatNote`."""
    return to_row(SeatNote(seat, tuple(messages), turn))


def offer_post(seat: Seat) -> NewNotification:
    """A queued :class:`OfferPost`."""
    return to_row(OfferPost(seat))


def to_row(payload: Payload) -> NewNotification:
    """The outbox row of ``payload``: its kind, its seat (for a DM) and its JSON."""
    if isinstance(payload, BoardPost):
        data: dict[str, Any] = {
            "events": [message_to_json(m) for m in payload.events],
            "mention": list(payload.mention),
            "final": payload.final,
        }
        if payload.ask is not None:
            ask = payload.ask
            data["ask"] = {"seat": ask.seat, "version": ask.version, "asked": list(ask.asked)}
        return NewNotification(NotificationKind.BOARD, None, data)
    if isinstance(payload, SeatNote):
        data = {"events": [message_to_json(m) for m in payload.events], "turn": payload.turn}
        return NewNotification(NotificationKind.SEAT, payload.seat, data)
    if isinstance(payload, OfferPost):
        return NewNotification(NotificationKind.OFFER, payload.seat, {})
    return NewNotification(NotificationKind.LOBBY, None, {"events": []})


def from_row(row: Notification) -> Payload:
    """The payload of a stored notification (the inverse of :func:`to_row`)."""
    data = row.payload
    events = tuple(message_from_json(event) for event in data.get("events", []))
    if row.kind == NotificationKind.BOARD:
        asked = data.get("ask")
        ask = None if asked is None else UndoAsk(int(asked["seat"]), int(asked["version"]), tuple(asked["asked"]))
        return BoardPost(events, tuple(data.get("mention", [])), bool(data.get("final")), ask)
    if row.kind == NotificationKind.SEAT:
        if row.seat is None:
            raise ValueError(f"seat notification {row.id} names no seat")
        return SeatNote(row.seat, events, bool(data.get("turn")))
    if row.kind == NotificationKind.OFFER:
        if row.seat is None:
            raise ValueError(f"offer notification {row.id} names no seat")
        return OfferPost(row.seat)
    return LobbyEdit()
