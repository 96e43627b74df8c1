"""Rialto in English (``games/rialto``): names, events, move labels, errors.

Error templates quote the move with ``{move}``, which the engine fills with ``repr`` of the input.
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "rialto.title": "Rialto",
    "rialto.summary": (
        "Over six rounds, draft cards to play them in six steps for the Doge, gold, buildings, "
        "bridges, gondolas and councillors, and win the most influence in the districts of Venice."
    ),
    # Seats
    "rialto.seat.0": "Orange",
    "rialto.seat.1": "Sky",
    "rialto.seat.2": "Teal",
    "rialto.seat.3": "Lemon",
    "rialto.seat.4": "Pink",
    "rialto.seat.neutral": "The neutral player",
    # Cards
    "rialto.card.A": "Doge",
    "rialto.card.B": "Gold",
    "rialto.card.C": "Building",
    "rialto.card.D": "Bridge",
    "rialto.card.E": "Gondola",
    "rialto.card.F": "Councillor",
    "rialto.card.J": "Joker",
    "rialto.cards.some": "{n}× {card}",
    "rialto.cards.none": "no cards",
    "rialto.cards.no_buildings": "no buildings",
    "rialto.cards.with_buildings": "with {buildings}",
    "rialto.list": "{a}, {b}",
    "rialto.supply": "their supply",
    # Buildings
    "rialto.colour.G": "green",
    "rialto.colour.Y": "yellow",
    "rialto.colour.U": "blue",
    "rialto.building.G1": "Green 1 (card)",
    "rialto.building.G2": "Green 2 (hand +1)",
    "rialto.building.G3": "Green 3 (card, hand +1)",
    "rialto.building.G4": "Green 4 (card, hand +2)",
    "rialto.building.Y1": "Yellow 1 (postpone)",
    "rialto.building.Y2": "Yellow 2 (convert)",
    "rialto.building.Y3": "Yellow 3 (Joker)",
    "rialto.building.Y4": "Yellow 4 (double)",
    "rialto.building.U1": "Blue 1 (upgrade)",
    "rialto.building.U2": "Blue 2 (councillor)",
    "rialto.building.U3": "Blue 3 (Doge)",
    "rialto.building.U4": "Blue 4 (3 VP)",
    "rialto.effect.G1": "Phase I: take 1 card from the leftover row or 3 cards from the deck.",
    "rialto.effect.G2": "Phase I: hand limit +1 this round.",
    "rialto.effect.G3": "Phase I: 1 leftover-row card or 3 deck cards, and hand limit +1.",
    "rialto.effect.G4": "Phase I: 1 leftover-row card or 3 deck cards, and hand limit +2.",
    "rialto.effect.Y1": "Phase II: postpone your turn in a step; take 1 coin.",
    "rialto.effect.Y2": "Phase II: play 1 card as 1 card of the step's type.",
    "rialto.effect.Y3": "Phase II: counts as a Joker.",
    "rialto.effect.Y4": "Phase II: play 1 card as 2 cards of the step's type.",
    "rialto.effect.U1": "Phase III: swap one of your buildings for the next higher of its colour.",
    "rialto.effect.U2": "Phase III: 1 VP and a councillor from the pool to your supply.",
    "rialto.effect.U3": "Phase III: advance on the Doge track by your rank.",
    "rialto.effect.U4": "Phase III: 3 VP.",
    # Districts and sides
    "rialto.district.CAN": "Cannaregio",
    "rialto.district.CAS": "Castello",
    "rialto.district.SMA": "San Marco",
    "rialto.district.SCR": "Santa Croce",
    "rialto.district.SPO": "San Polo",
    "rialto.district.DOR": "Dorsoduro",
    "rialto.side.north": "the north bank",
    "rialto.side.south": "the south bank",
    # Steps and phases
    "rialto.step.A": "A (Doge)",
    "rialto.step.B": "B (Gold)",
    "rialto.step.C": "C (Buildings)",
    "rialto.step.D": "D (Bridges)",
    "rialto.step.E": "E (Gondolas)",
    "rialto.step.F": "F (Councillors)",
    "rialto.phase.setup": "Starting buildings",
    "rialto.phase.rows": "Phase I: card rows",
    "rialto.phase.green": "Phase I: green buildings",
    "rialto.phase.discard": "Phase I: hand limit",
    "rialto.phase.play": "Phase II: playing cards",
    "rialto.phase.action": "Phase II: actions",
    "rialto.phase.blue": "Phase III: blue buildings",
    "rialto.phase.over": "Game over",
    # Events
    "rialto.event.start_building": "{player} takes {building} as a starting building.",
    "rialto.event.round": "Round {round} begins; the current district is {district}.",
    "rialto.event.row": "Row {row}: {cards}.",
    "rialto.event.take_row": (
        "{player} takes row {row} ({cards}) and draws {n, plural, one {# card} other {# cards}} from the deck."
    ),
    "rialto.event.you_draw": "You draw {cards}.",
    "rialto.event.reshuffle": (
        "The deck is empty: {n, plural, one {# discarded card is} other {# discarded cards are}} shuffled into "
        "a new deck."
    ),
    "rialto.event.green_limit": "{player} activates {building}: hand limit +{n} this round.",
    "rialto.event.green_deck": (
        "{player} activates {building} and draws {n, plural, one {# card} other {# cards}} from the deck."
    ),
    "rialto.event.green_row": "{player} activates {building} and takes a {card} card from the leftover row.",
    "rialto.event.done": "{player} is done.",
    "rialto.event.discard": "{player} discards {n, plural, one {# card} other {# cards}} for the hand limit.",
    "rialto.event.you_discard": "You discard {cards}.",
    "rialto.event.leftover": "The leftover row is discarded: {cards}.",
    "rialto.event.neutral_draw": "The neutral player draws {cards}.",
    "rialto.event.step": "Step {step}. {player} plays first.",
    "rialto.event.pass": "{player} passes.",
    "rialto.event.postpone": "{player} activates {building}, postpones their turn and takes 1 coin.",
    "rialto.event.play": "{player} plays {n}× {card}: {cards}, {buildings}.",
    "rialto.event.neutral_play": "The neutral player plays {n}× {card}.",
    "rialto.event.bonus": "{player} gets the bonus with {n}.",
    "rialto.event.no_bonus": "Nobody played a card; there is no bonus.",
    "rialto.event.doge": (
        "{player} moves {n, plural, one {# space} other {# spaces}} on the Doge track, to space {space}."
    ),
    "rialto.event.gold": "{player} gains {n, plural, one {# coin} other {# coins}}.",
    "rialto.event.take": "{player} takes {building}.",
    "rialto.event.return": "{player} returns {building} and gains {n} VP.",
    "rialto.event.bridge_vp": "{player} gains {n} VP for bridge cards.",
    "rialto.event.bridge_penalty": "{player} played no bridge cards and loses 1 VP.",
    "rialto.event.bonus_vp": "{player} gains {n} VP for the bonus.",
    "rialto.event.bridge": ("{player} places a bridge between {high_district} ({high}) and {low_district} ({low})."),
    "rialto.event.next_bridge": "The next bridge is {low}|{high}.",
    "rialto.event.to_supply": (
        "{player} moves {n, plural, one {# councillor} other {# councillors}} from the pool to their supply."
    ),
    "rialto.event.pool_vp": "{player}'s pool is empty: {n} VP instead.",
    "rialto.event.gondola": "{player} places a gondola between {a} and {b}.",
    "rialto.event.gondola_councillor": "{player} puts a councillor from the pool in {district}.",
    "rialto.event.neutral_gondola": "The neutral player puts a councillor in {a} and one in {b}.",
    "rialto.event.councillors": "{player} places {n, plural, one {# councillor} other {# councillors}} in {district}.",
    "rialto.event.move": "{player} moves a councillor from {origin} to {district}.",
    "rialto.event.side_bonus": "{player} has councillors in all three districts of {side} and gains {vp} VP.",
    "rialto.event.side_neutral": "The neutral player has councillors in all three districts of {side}.",
    "rialto.event.side_flip": "The bonus tile of {side} is claimed.",
    "rialto.event.marker": "The neutral player's marker moves to the connection {a}–{b}.",
    "rialto.event.phase_three": "Phase III: blue buildings, in Doge order.",
    "rialto.event.upgrade": "{player} activates {building}: returns {old} and takes {new}.",
    "rialto.event.u2_take": "{player} activates {building}: 1 VP and a councillor to their supply.",
    "rialto.event.u2_empty": "{player} activates {building}: the pool is empty, so 2 VP.",
    "rialto.event.u2_decline": "{player} activates {building}: 1 VP.",
    "rialto.event.u3": "{player} activates {building} in Doge rank {rank}.",
    "rialto.event.u4": "{player} activates {building}: {n} VP.",
    "rialto.event.round_end": (
        "Round {round} ends; {coins, plural, one {# coin returns} other {# coins return}} from the buildings "
        "to the bank."
    ),
    "rialto.event.game_over": "The sixth round is over: final scoring.",
    # Moves (labels for the mover)
    "rialto.move.start": "Take {building} as your starting building",
    "rialto.move.row": "Take row {row}: {cards}",
    "rialto.move.green_limit": "Activate {building}: hand limit +{n}",
    "rialto.move.green_deck": "Activate {building}: draw 3 cards from the deck",
    "rialto.move.green_row": "Activate {building}: take {card} from the leftover row",
    "rialto.move.done": "Done: activate nothing more",
    "rialto.move.discard": (
        "Discard a {card} card{left, plural, =0 {} one { (# more to choose)} other { (# more to choose)}}"
    ),
    "rialto.move.undo": "Undo the last choice",
    "rialto.move.confirm_discard": "Confirm: discard {cards}",
    "rialto.move.naturals": "{n}× {card} from your hand — {total}",
    "rialto.move.jokers": "{n}× Joker — {total}",
    "rialto.move.convert": "{building}: play a {card} card as {n}× {target} — {total}",
    "rialto.move.virtual_joker": "{building}: one more Joker — {total}",
    "rialto.move.postpone": "{building}: postpone your turn and take 1 coin",
    "rialto.move.total": "count {n}",
    "rialto.move.no_total": "not playable yet",
    "rialto.move.play": "Play {n}× {card}: {cards}, {buildings}",
    "rialto.move.pass_play": "Pass: play no cards",
    "rialto.move.take": "Take {building}",
    "rialto.move.take_return": "Take {building} (you hold 7: give one back next)",
    "rialto.move.pass_take": "Take no building",
    "rialto.move.return": "Give back {building} for {n} VP",
    "rialto.move.bridge": "Bridge {low}|{high}: {high} to {a}, {low} to {b}",
    "rialto.move.gondola": "Gondola {a}–{b}: councillor to {a}",
    "rialto.move.from_supply": "Move a councillor from your supply",
    "rialto.move.from_district": "Move a councillor from {district}",
    "rialto.move.pass_fallback": "Move no councillor",
    "rialto.move.pass_move": "Place no more councillors",
    "rialto.move.upgrade": "{building}: return {old}, take {new}",
    "rialto.move.u2_take": "{building}: 1 VP and a councillor to your supply",
    "rialto.move.u2_empty": "{building}: 2 VP (your pool is empty)",
    "rialto.move.u2_decline": "{building}: 1 VP, no councillor",
    "rialto.move.u3": "{building}: {n, plural, one {# step} other {# steps}} on the Doge track",
    "rialto.move.u4": "{building}: 3 VP",
    "rialto.choice.connection": "{a}–{b}",
    # Outcome
    "rialto.outcome.win": "{player} wins with {n} VP.",
    "rialto.outcome.win_doge": "{player} wins with {n} VP, ahead on the Doge track in a tie.",
    # Standing answers
    "rialto.standing.autopass": (
        "Pass at once in a card step when I have nothing to play (the others see you passed without delay)"
    ),
    # Errors
    "rialto.error.bad_code": "{move} is not a Rialto move; see the list of moves.",
    "rialto.error.standing": "{given!r} is not a Rialto standing answer; the one answer is autopass.",
    "rialto.error.neutral_players": "The neutral player (neutral=true) plays only in a two-player match.",
    "rialto.error.not_your_turn": "{move}: it is not your turn to decide.",
    "rialto.error.not_now": "{move} is not a choice in this decision.",
    "rialto.error.row_taken": "{move}: that row is already taken.",
    "rialto.error.not_start_building": "{move}: a starting building must be G1, Y1 or U1.",
    "rialto.error.start_taken": (
        "{move}: {building} is already taken by {limit, plural, one {# player} other {# players}} at the start."
    ),
    "rialto.error.no_building": "{move}: you have no unused {building}.",
    "rialto.error.no_coin": "{move}: you need a coin to activate a building.",
    "rialto.error.no_card_choice": "{move}: this building takes no card.",
    "rialto.error.needs_card_choice": "{move}: choose a card from the leftover row or the deck.",
    "rialto.error.not_in_row": "{move}: there is no {card} card in the leftover row.",
    "rialto.error.nothing_to_undo": "{move}: there is nothing to undo.",
    "rialto.error.discard_count": (
        "{move}: you must discard {need, plural, one {# card} other {# cards}}, and have chosen {chosen}."
    ),
    "rialto.error.discard_too_many": (
        "{move}: you discard exactly {need, plural, one {# card} other {# cards}}; confirm or undo."
    ),
    "rialto.error.not_enough_cards": "{move}: you do not hold enough {card} cards.",
    "rialto.error.empty_play": "{move}: choose cards first, or pass.",
    "rialto.error.joker_alone": "{move}: a Joker cannot be played on its own.",
    "rialto.error.jokers_with_card": "{move}: two Jokers stand for a {card} card only if you hold none.",
    "rialto.error.postpone_with_cards": "{move}: postponing replaces your play; undo your cards first.",
    "rialto.error.already_postponed": "{move}: you have already postponed in this step.",
    "rialto.error.convert_joker": "{move}: a Joker cannot be converted.",
    "rialto.error.convert_same": "{move}: convert a card of another type than {card}.",
    "rialto.error.wrong_type": "{move}: this step plays {card} cards.",
    "rialto.error.unchanged": "{move}: that is already your choice.",
    "rialto.error.not_owned": "{move}: you do not own {building}.",
    "rialto.error.sold_out": "{move}: {building} is sold out.",
    "rialto.error.take_returned": "{move}: you may not give back and take {building} in the same action.",
    "rialto.error.top_value": "{move}: {building} has the highest value; there is nothing to upgrade to.",
    "rialto.error.pool_empty": "{move}: your pool is empty, so there is no councillor to decline.",
    "rialto.error.over_budget": "{move}: {building} is over your budget of {budget}.",
    "rialto.error.occupied": "{move}: that connection already has a tile.",
    "rialto.error.same_bridge": "{move}: both ends of this bridge are equal; choose the other district.",
    "rialto.error.no_personal": "{move}: your supply has no councillor.",
    "rialto.error.same_district": "{move}: the councillor is already in {district}.",
    "rialto.error.no_councillor": "{move}: you have no councillor in {district}.",
}
