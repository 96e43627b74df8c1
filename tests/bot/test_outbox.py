"""The outbox payloads: one codec, the same JSON as before, every kind round-trips."""

from __future__ import annotations

import pytest

from bot import outbox
from bot.records import Notification, NotificationKind
from games.core import msg

NEWS = (msg("core.event.started", game=msg("x.title")), msg("core.event.back", user=7))


def stored(row):
    """The notification as the store hands it back."""
    return Notification(1, 5, row.kind, row.seat, 3, row.payload, 0)


@pytest.mark.parametrize(
    "payload",
    [
        outbox.BoardPost(NEWS, (0, 2), final=True),
        outbox.BoardPost(),
        outbox.BoardPost(ask=outbox.UndoAsk(1, 12, (0, 2))),
        outbox.LobbyEdit(),
        outbox.SeatNote(1, NEWS, turn=True),
        outbox.SeatNote(0),
        outbox.OfferPost(2),
    ],
)
def test_every_payload_round_trips(payload):
    assert outbox.from_row(stored(outbox.to_row(payload))) == payload


def test_the_stored_json_is_the_one_rows_already_hold():
    """Rows queued before the payloads were typed are still delivered after."""
    board = outbox.board([msg("core.event.back", user=7)], [1], final=False)
    assert (board.kind, board.seat) == (NotificationKind.BOARD, None)
    assert board.payload == {
        "events": [{"key": "core.event.back", "params": {"user": 7}}],
        "mention": [1],
        "final": False,
    }
    seat = outbox.seat_note(2, [], turn=True)
    assert (seat.kind, seat.seat, seat.payload) == (NotificationKind.SEAT, 2, {"events": [], "turn": True})
    lobby = outbox.lobby()
    assert (lobby.kind, lobby.seat, lobby.payload) == (NotificationKind.LOBBY, None, {"events": []})


def test_an_offer_post_names_its_seat_in_the_row():
    """The seat is the row's: the outbox's line per destination keeps one seat's offers in order."""
    offer = outbox.offer_post(3)
    assert (offer.kind, offer.seat, offer.payload) == (NotificationKind.OFFER, 3, {})
    with pytest.raises(ValueError):
        outbox.from_row(Notification(1, 5, NotificationKind.OFFER, None, 3, {}, 0))


def test_an_old_row_without_optional_fields_decodes_with_defaults():
    old = Notification(1, 5, NotificationKind.BOARD, None, 3, {"events": []}, 0)
    assert outbox.from_row(old) == outbox.BoardPost()
