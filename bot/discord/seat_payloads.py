"""What the bot posts about take-back requests and seat offers (pure builders).

The posts go to the match's thread, so they say nothing hidden: who asks, which seat, who
is asked; never the move itself.
"""

from __future__ import annotations

from typing import Any

from bot import present
from bot.discord.components import offer_view, takeback_request_view
from bot.discord.payloads import mention, people_at
from bot.outbox import UndoAsk
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
    """A seat offer at its step (:func:`bot.present.offer_step`), with the button that does it; none once done."""
    step = present.offer_step(offer)
    view = None if step is None else offer_view(offer.offer.id, step, tr)
    return {"content": present.offer_text(offer, tr, mention), "view": view}
