"""What Twilight of Venice's pictures and their alt text say, in English (``renderers/twilight.py``)."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "twilight.img.turn": "{seat} to move",
    "twilight.img.your_turn": "Your turn",
    "twilight.img.your_turn_preview": "Your turn · preview of your steps",
    "twilight.img.won": "{seat} wins the match",
    "twilight.img.draw": "The match is drawn",
    "twilight.img.status": "Round {round} · deal {deal} · deck {deck} · rounds won: East {east} – West {west}",
    "twilight.img.you": "{seat} (you)",
    "twilight.img.mansion": "{seat_of} mansion",
    "twilight.img.favourite_track": "Favourite's track",
    "twilight.img.cell.east": "E{n}",
    "twilight.img.cell.west": "W{n}",
    "twilight.img.band.doge": "Doge",
    "twilight.img.band.guards": "Guards",
    "twilight.img.band.merchant": "Merchant",
    "twilight.img.band.harlequin": "Harlequin",
    "twilight.img.abbr.d": "D",
    "twilight.img.abbr.g": "G",
    "twilight.img.abbr.gw": "GW",
    "twilight.img.abbr.ge": "GE",
    "twilight.img.abbr.m": "M",
    "twilight.img.abbr.h": "H",
    "twilight.img.abbr.f": "F",
    "twilight.img.hand_count": "Cards in hand: {count}",
    "twilight.img.merchant_holder": "Holds the Merchant · moves first this round",
    "twilight.img.harlequin_holder": "Holds the Harlequin · moves second",
    "twilight.img.discard": "Discard pile ({count}), newest last:",
    "twilight.img.more": "+{count}",
    "twilight.img.empty": "empty",
    "twilight.img.last_turn": "Last turn · {seat}:",
    "twilight.img.no_last_turn": "No turn has been played yet.",
    "twilight.img.round_result": "Round {round}: {seat} won ({reason})",
    "twilight.img.round_drawn": "Round {round}: drawn ({reason})",
    "twilight.img.revealed": "Shown at this round's deal: {seat} had {cards}",
    "twilight.img.your_hand": "Your hand",
    "twilight.img.your_steps": "Your steps this turn (hidden from your opponent until you end it):",
    "twilight.img.unplayable": "✗ {card}: {reason}",
    "twilight.img.alt.public": "Twilight of Venice, the public board.",
    "twilight.img.alt.private": "Twilight of Venice, the board of {seat} (yours).",
    "twilight.img.alt.preview": "It shows the preview after your steps of this turn.",
    "twilight.img.alt.positions": (
        "Doge {doge}, West Guard {guard_w}, East Guard {guard_e}, Merchant {merchant}, Harlequin "
        "{harlequin}; Favourite {favourite}."
    ),
    "twilight.img.alt.cards": (
        "Deck: {deck, plural, one {# card} other {# cards}}. Cards in hand: East House {east}, West House {west}."
    ),
    "twilight.img.alt.discards": "Discard piles: East House {east}; West House {west}.",
    "twilight.img.alt.hand": "Your hand: {cards}.",
    "twilight.img.alt.last": "Last turn, {seat}: {lines}.",
}
