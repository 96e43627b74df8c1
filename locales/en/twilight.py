"""Twilight of Venice in English (``games/twilight``): names, errors, events, move labels."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "twilight.title": "Twilight of Venice",
    "twilight.summary": (
        "Reiner Knizia's two-player tug of war: play cards of one type each turn to lead the Doge, "
        "or his Favourite, into your mansion."
    ),
    "twilight.seat.0": "East House",
    "twilight.seat.1": "West House",
    "twilight.seat_of.0": "East House's",
    "twilight.seat_of.1": "West House's",
    "twilight.cell.east": "E{n}",
    "twilight.cell.west": "W{n}",
    "twilight.cell.centre": "0",
    "twilight.card.d": "Doge 1",
    "twilight.card.g1": "Guards 1",
    "twilight.card.g11": "Guards 1+1",
    "twilight.card.gx": "Guards ►◄",
    "twilight.card.m1": "Merchant 1",
    "twilight.card.m2": "Merchant 2",
    "twilight.card.m3": "Merchant 3",
    "twilight.card.h1": "Harlequin 1",
    "twilight.card.h2": "Harlequin 2",
    "twilight.card.h3": "Harlequin 3",
    "twilight.card.h4": "Harlequin 4",
    "twilight.card.h5": "Harlequin 5",
    "twilight.card.hd": "Harlequin ◊",
    "twilight.type.doge": "Doge",
    "twilight.type.guards": "Guards",
    "twilight.type.merchant": "Merchant",
    "twilight.type.harlequin": "Harlequin",
    "twilight.token.d": "Doge",
    "twilight.token.gw": "West Guard",
    "twilight.token.ge": "East Guard",
    "twilight.token.m": "Merchant",
    "twilight.token.h": "Harlequin",
    "twilight.token.f": "Favourite",
    "twilight.token_of.d": "Doge",
    "twilight.token_of.gw": "West Guard",
    "twilight.token_of.ge": "East Guard",
    "twilight.token_of.guards": "Guards",
    "twilight.token_of.m": "Merchant",
    "twilight.token_of.h": "Harlequin",
    "twilight.dir.east": "east",
    "twilight.dir.west": "west",
    "twilight.list.0": "nothing",
    "twilight.list.1": "{i1}",
    "twilight.list.2": "{i1}, {i2}",
    "twilight.list.3": "{i1}, {i2}, {i3}",
    "twilight.list.4": "{i1}, {i2}, {i3}, {i4}",
    "twilight.list.5": "{i1}, {i2}, {i3}, {i4}, {i5}",
    "twilight.list.6": "{i1}, {i2}, {i3}, {i4}, {i5}, {i6}",
    "twilight.list.7": "{i1}, {i2}, {i3}, {i4}, {i5}, {i6}, {i7}",
    "twilight.list.8": "{i1}, {i2}, {i3}, {i4}, {i5}, {i6}, {i7}, {i8}",
    "twilight.line.moved": "{token} {start} → {end}",
    "twilight.line.card": "{card}: {moves}",
    "twilight.line.masquerade": "{card}, Masquerade on the {target_of}: {moves}",
    "twilight.line.cortege": "Cortège (two Doge cards): {moves}",
    "twilight.line.summon": "Guild's Word: {moves}",
    "twilight.line.discard": (
        "Whole hand discarded ({count, plural, one {# card} other {# cards}}: {cards}) and 8 drawn"
    ),
    "twilight.line.favourite": "Favourite {start} → {end}",
    "twilight.line.drew": "Drew {count, plural, one {# card} other {# cards}}",
    "twilight.event.step": "Preview: {step}. Your opponent sees it when you end the turn.",
    "twilight.event.doge_home_preview": (
        "The Doge stands in {seat_of} mansion: end the turn to finish the round, or take the step back."
    ),
    "twilight.event.undone": "Taken back: {step}.",
    "twilight.event.played": "{seat}: {step}.",
    "twilight.event.doge_home": "The Doge enters {seat_of} mansion!",
    "twilight.event.favourite": (
        "The Favourite moves {cells, plural, one {# cell} other {# cells}} toward {seat_of} mansion, to {cell}."
    ),
    "twilight.event.favourite_home": "The Favourite reaches {seat_of} mansion!",
    "twilight.event.second_deal": (
        "The deck ran out: both discard piles were shuffled into a new deck of {size, plural, one {# card} "
        "other {# cards}}. The second deal begins."
    ),
    "twilight.event.drew": "{seat} drew {count, plural, one {# card} other {# cards}}.",
    "twilight.event.you_drew": "You drew: {cards}.",
    "twilight.event.no_draw": "{seat} cannot draw: the deck is empty.",
    "twilight.event.discarded": (
        "{seat} discarded the whole hand ({count, plural, one {# card} other {# cards}}: {cards}) and drew new cards."
    ),
    "twilight.event.last_turn": "The deck is exhausted: {seat} takes one last turn, then the round is checked.",
    "twilight.event.check": "The deck is exhausted in deal {deal}: checking the end of the round.",
    "twilight.event.third_deal": (
        "The Doge and the Favourite both stand on 0: the discards were shuffled into a new deck of {size, "
        "plural, one {# card} other {# cards}}, both players drew up to 8, and the third deal begins."
    ),
    "twilight.event.round_won": "{seat} wins round {round}: {reason}.",
    "twilight.event.round_drawn": "Round {round} is drawn: {reason}.",
    "twilight.event.round_starts": (
        "Round {round} begins (rounds won: East House {wins_east}, West House {wins_west}). "
        "{seat} holds the Merchant and moves first."
    ),
    "twilight.event.revealed": (
        "{seat} was dealt a hand of one type, shown to both: {cards}. The cards are dealt again."
    ),
    "twilight.event.new_hand": "Your hand for this round: {cards}.",
    "twilight.reason.doge": "the Doge entered the mansion",
    "twilight.reason.favourite": "the Favourite reached the mansion",
    "twilight.reason.check_doge": "the deck ran out with the Doge on the winner's half",
    "twilight.reason.check_favourite": "the deck ran out with the Doge on 0 and the Favourite on the winner's side",
    "twilight.reason.draw": "after the third deal the Doge and the Favourite both stood on 0",
    "twilight.outcome.won": "{seat} wins the match (rounds won: East House {east}, West House {west}).",
    "twilight.outcome.draw": "The match is drawn (rounds won: East House {east}, West House {west}).",
    "twilight.error.syntax": (
        "'{code_text}' is not a Twilight move; try codes such as d.+, m2.-, h3.d.+, g11.+-, s.d, discard, end or undo."
    ),
    "twilight.error.not_your_turn": "'{code_text}': it is {seat}'s turn, not yours.",
    "twilight.error.match_over": "'{code_text}': the match is over.",
    "twilight.error.nothing_to_undo": "'{code_text}': there is nothing to take back this turn.",
    "twilight.error.nothing_played": (
        "'{code_text}': play a card, use the Guild's Word or discard your hand before ending the turn."
    ),
    "twilight.error.start_only": (
        "'{code_text}': the Guild's Word and discarding your hand are allowed only at the start of a turn, "
        "before any card is played."
    ),
    "twilight.error.summon_target": (
        "'{code_text}': the Guild's Word summons only the Doge or a Guard, never the {token_of}."
    ),
    "twilight.error.turn_done": "'{code_text}': you used the Guild's Word this turn; end the turn or take it back.",
    "twilight.error.doge_home": (
        "'{code_text}': the Doge has entered a mansion; end the turn to finish the round, or take the step back."
    ),
    "twilight.error.no_card": "'{code_text}': you have no {card} card in your hand.",
    "twilight.error.cortege_needs_two": "'{code_text}': a Cortège needs two Doge cards.",
    "twilight.error.second_type": (
        "'{code_text}': only one type of card may be played per turn; this turn it is {type}, "
        "and {card} is another type."
    ),
    "twilight.error.target_locked": (
        "'{code_text}': this turn's Harlequin cards move the {token_of}; the target cannot change within a turn."
    ),
    "twilight.error.diamond_off": "'{code_text}': in this match the Harlequin ◊ card moves only the Harlequin.",
    "twilight.error.masquerade_over": (
        "'{code_text}': the Doge has reached or passed the Harlequin, so no more Masquerade cards can be played "
        "this turn."
    ),
    "twilight.error.masquerade_unavailable": (
        "'{code_text}': Masquerade works only while the Harlequin stands between you and the Doge "
        "(not on the Doge's cell)."
    ),
    "twilight.error.off_track": "'{code_text}': that would move the {token_of} off the track.",
    "twilight.error.nobility": (
        "'{code_text}': the Doge must always stand strictly between the two Guards (Nobility and Valour)."
    ),
    "twilight.error.no_effect": (
        "'{code_text}': that would not move anything, and a card without effect cannot be played."
    ),
    "twilight.why.not_your_turn": "It is not your turn.",
    "twilight.why.not_in_hand": "You have no {card} card.",
    "twilight.why.blocked": (
        "No way to play {card} now: every option leaves the track, breaks Nobility and Valour or changes nothing."
    ),
    "twilight.why.summon_target": "The Guild's Word summons only the Doge or a Guard.",
    "twilight.why.turn_done": "You used the Guild's Word this turn.",
    "twilight.why.doge_home": "The Doge is in a mansion: the round ends when you end the turn.",
    "twilight.why.no_card": "You have no {card} card.",
    "twilight.why.cortege_needs_two": "A Cortège needs two Doge cards.",
    "twilight.why.second_type": "This turn you play {type} cards only.",
    "twilight.why.target_locked": "This turn's Harlequin cards move the {token_of}.",
    "twilight.why.diamond_off": "In this match ◊ moves only the Harlequin.",
    "twilight.why.masquerade_over": "The Doge has reached or passed the Harlequin: Masquerade is over for this turn.",
    "twilight.why.masquerade_unavailable": "Masquerade needs the Harlequin between you and the Doge.",
    "twilight.why.off_track": "It would move the {token_of} off the track.",
    "twilight.why.nobility": "The Doge must stay strictly between the two Guards (Nobility and Valour).",
    "twilight.why.no_effect": "It would not move anything.",
    "twilight.move.end": "End the turn ({shift}, then draw up to 8)",
    "twilight.move.end_round": "End the turn: the Doge is in {seat_of} mansion, which wins the round",
    "twilight.move.favourite_stays": "the Favourite stays",
    "twilight.move.favourite_moves": "the Favourite moves {cells, plural, one {# cell} other {# cells}} {dir}",
    "twilight.move.undo": "Take back: {step}",
    "twilight.move.undo_nothing": "Take back the last step",
    "twilight.move.discard": (
        "Discard your whole hand ({count, plural, one {# card} other {# cards}}), draw 8 and end the turn; the "
        "Favourite stays"
    ),
    "twilight.choice.cortege": "Cortège (two Doge cards)",
    "twilight.choice.summon": "Guild's Word (summon to the Merchant)",
    "twilight.choice.harlequin_self": "Move the Harlequin",
    "twilight.choice.target": "Masquerade: move the {token_of}",
    "twilight.choice.token": "Move the {token_of}",
    "twilight.choice.direction": "Move {dir} ({effect})",
}
