"""What the bot posts about take-back requests and seat offers (pure builders).

The posts go to the match's thread, so they say nothing hidden: who asks, which seat, who
is asked; never the move itself.
"""

from __future__ import annotations

from typing import Any

from bot.discord.components import offer_view, takeback_request_view
from bot.discord.payloads import mention, people_at
from bot.outbox import UndoAsk
from bot.records import OfferStatus
from bot.service import Match, Offer
from games.i18n import Translate


def takeback_request_message(match: Match, ask: UndoAsk, tr: Translate) -> dict[str, Any]:
    """The request to the seats asked, with Agree / Refuse (good while the match stays at its version)."""
    content = tr(
        "core.undo.request",
        user=mention(match.record.seats[ask.seat]),
        match=match.id,
        players=" ".join(mention(user) for user in people_at(match, ask.asked)),
    )
    return {"content": content, "view": takeback_request_view(match.id, ask.version, tr)}


def offer_message(offer: Offer, tr: Translate) -> dict[str, Any]:
    """A seat offer at its stage: offered to a member, calling for a volunteer, awaiting confirmation, done."""
    record = offer.match.record
    seat = tr(offer.match.game.seat_name(offer.offer.seat, len(record.seats)))
    common = {"seat": seat, "match": record.id}
    if offer.offer.status is OfferStatus.DONE:
        return {
            "content": tr("core.sub.done", substitute=mention(record.seats[offer.offer.seat]), **common),
            "view": None,
        }
    if offer.offer.to_user is not None:
        text = tr(
            "core.sub.offer", user=mention(offer.offer.offered_by), substitute=mention(offer.offer.to_user), **common
        )
        return {"content": text, "view": offer_view(offer.offer.id, "accept", tr)}
    if offer.offer.volunteer is None:
        return {"content": tr("core.sub.call", **common), "view": offer_view(offer.offer.id, "take", tr)}
    text = tr("core.sub.volunteered", volunteer=mention(offer.offer.volunteer), **common)
    return {"content": text, "view": offer_view(offer.offer.id, "confirm", tr)}
