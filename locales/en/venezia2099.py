"""Venezia 2099 in English (``games/venezia2099``).

Names that need translating inside sentences (seats, districts, colours, treasures) are
their own keys, passed as nested messages; a district's name is built from its colour
(``venezia2099.colour.*``) and its value.
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "venezia2099.title": "Venezia 2099",
    "venezia2099.summary": (
        "Lead your art experts through a sinking Venice, buy its treasures and keep your figures dry: "
        "every forecast card sends one district under water."
    ),
    "venezia2099.seat.0": "Blue",
    "venezia2099.seat.1": "Yellow",
    "venezia2099.seat.2": "Red",
    "venezia2099.seat.3": "White",
    "venezia2099.seat.4": "Orange",
    "venezia2099.tile.platform": "platform",
    "venezia2099.tile.water": "water",
    # Events.
    "venezia2099.event.placed": "{player} placed a figure on {square} ({tile}).",
    "venezia2099.event.setup_done": "All figures are placed; {player} begins.",
    "venezia2099.event.moved": "{player} moved a figure from {origin} to {target} ({tile}).",
    "venezia2099.event.gondola": (
        "{player} played a gondola card and moved a figure from {origin} to {target} ({tile}); {left, plural, "
        "one {# gondola card} other {# gondola cards}} left."
    ),
    "venezia2099.event.bought": (
        "{player} bought the {treasure} on {square} for {cost, plural, one {# coin} other {# coins}} ({coins, "
        "plural, one {# coin} other {# coins}} left)."
    ),
    "venezia2099.event.played": "{player} played the forecast card {card}: the district on {square} sinks.",
    "venezia2099.event.coins_lost": (
        "{count, plural, one {# coin} other {# coins}} on {square} went down with the water."
    ),
    "venezia2099.event.falls": (
        "A figure of {player} fell into the water on {square}; {player} may rescue it with a gondola card."
    ),
    "venezia2099.event.rescue_prompt": (
        "Your figure on {square} is in the water! Rescue it with a gondola card (you have {left, plural, one "
        "{#} other {#}}) onto a free district, or let it drown."
    ),
    "venezia2099.event.drowned_no_gondola": "The figure of {player} on {square} drowned: no gondola card was left.",
    "venezia2099.event.drowned_no_room": (
        "The figure of {player} on {square} drowned: no free district was left to rescue it to."
    ),
    "venezia2099.event.drowned_declined": "{player} let the figure on {square} drown.",
    "venezia2099.event.rescued": (
        "{player} played a gondola card and rescued the figure from {origin} to {target} ({tile}); {left, "
        "plural, one {# gondola card} other {# gondola cards}} left."
    ),
    "venezia2099.event.turn": "Now it is {player}'s turn.",
    "venezia2099.event.game_over": "The last forecast card has been played: the game is over.",
    # Outcome.
    "venezia2099.outcome.points": "{player} wins with {points, plural, one {# point} other {# points}}.",
    "venezia2099.outcome.tiebreak": (
        "{player} wins: tied on {points, plural, one {# point} other {# points}}, but with more figures on the "
        "board ({figures})."
    ),
    "venezia2099.outcome.shared": (
        "Shared victory: {count} players tied on {points, plural, one {# point} other {# points}} and "
        "{figures, plural, one {# figure} other {# figures}} on the board."
    ),
    # Errors.
    "venezia2099.error.syntax": (
        "'{given}' is not a Venezia 2099 move; try d4-d6, gondola-d4-h8, buy-d4, play-g3, rescue-h8 or decline."
    ),
    "venezia2099.error.not_a_square": "'{given}' is not a square of this board (a1 to {last}).",
    "venezia2099.error.no_such_card": (
        "'{given}' names no forecast card; a card is a colour letter (k p g t r b) and a value from 3 to 8 or x."
    ),
    "venezia2099.error.not_your_turn": "It is not your turn: {player} must decide now.",
    "venezia2099.error.not_asked": "Only {player}'s answer to the rescue is awaited now.",
    "venezia2099.error.over": "The game is over.",
    "venezia2099.error.placing": "'{move}' is not possible yet: the figures are still being placed.",
    "venezia2099.error.rescuing": "'{move}' is not possible now: the rescue must be answered first.",
    "venezia2099.error.placed": "'{move}' is not possible: every figure is already placed.",
    "venezia2099.error.no_rescue": "'{move}' is not possible: no figure is waiting to be rescued.",
    "venezia2099.error.occupied": "'{move}': a figure already stands on {square}.",
    "venezia2099.error.same_value": (
        "'{move}': you already have a figure on a district of value {value}; "
        "your figures must start on different values."
    ),
    "venezia2099.error.no_figure": "'{move}': you have no figure on {square}.",
    "venezia2099.error.move_after_buy": "'{move}': a figure cannot move after you have bought a treasure.",
    "venezia2099.error.no_gondola": "'{move}': you have no gondola card left.",
    "venezia2099.error.already_moved": "'{move}': you have already moved a figure this turn.",
    "venezia2099.error.same_square": "'{move}': the figure must move to another square.",
    "venezia2099.error.water": "'{move}': {square} is water.",
    "venezia2099.error.not_a_line": (
        "'{move}': the destination is not in a straight line (across, up, down or diagonal) from the figure."
    ),
    "venezia2099.error.path_water": "'{move}': the way crosses water on {square}; only a gondola crosses water.",
    "venezia2099.error.path_blocked": "'{move}': a figure on {square} is in the way.",
    "venezia2099.error.already_bought": "'{move}': you have already bought a treasure this turn.",
    "venezia2099.error.buy_platform": "'{move}': {square} is a platform; nothing can be bought there.",
    "venezia2099.error.supply_empty": "'{move}': no {colour} treasure is left in the supply.",
    "venezia2099.error.coins": (
        "'{move}': this treasure costs {cost, plural, one {# coin} other {# coins}} and you have {coins, "
        "plural, one {# coin} other {# coins}}."
    ),
    "venezia2099.error.not_in_hand": "'{move}': you do not hold the forecast card {card}.",
    "venezia2099.error.not_lowest": "'{move}': you must play a card of your lowest value, {value}.",
    "venezia2099.error.rescue_platform": "'{move}': a rescued figure must go to a free district, not a platform.",
    "venezia2099.error.standing": (
        "'{given}' is not a rescue preference; use never, always or always- and a colour letter (k p g t r b)."
    ),
    # Move labels and component choices.
    "venezia2099.describe.place": "Place a figure on {square} ({tile})",
    "venezia2099.describe.step": "Move {origin} → {target} ({tile})",
    "venezia2099.describe.gondola": "Gondola {origin} → {target} ({tile})",
    "venezia2099.describe.buy": "Buy the {treasure} on {square} for {cost, plural, one {# coin} other {# coins}}",
    "venezia2099.describe.play": "Play forecast {card} (sinks {square})",
    "venezia2099.describe.play_own": "Play forecast {card} (sinks {square}, where your own figure stands!)",
    "venezia2099.describe.rescue": "Rescue to {square} ({tile})",
    "venezia2099.describe.decline": "Let the figure drown",
    "venezia2099.choice.figure": "Figure on {square} ({tile})",
    "venezia2099.choice.to": "To {square} ({tile})",
    "venezia2099.choice.gondola": "By gondola, to any free square ({left, plural, one {# card} other {# cards}} left)",
    "venezia2099.choice.row": "Row {row}",
    # Standing rescue answers.
    "venezia2099.standing.never": "Never rescue",
    "venezia2099.standing.always": "Always rescue (onto a value-2 district if free, else the highest)",
    "venezia2099.standing.colour": "Always rescue, onto a {colour} district when one is free",
    # Steps of a turn, as a prompt.
    "venezia2099.step.place": "Place a figure",
    "venezia2099.step.move": "Move a figure, buy a treasure, or play a forecast card",
    "venezia2099.step.buy": "Buy a treasure or play a forecast card",
    "venezia2099.step.forecast": "Play one of your lowest forecast cards",
    "venezia2099.step.rescue": "Rescue the figure in the water, or let it drown",
    "venezia2099.step.over": "The game is over",
    # The final breakdown.
    "venezia2099.score.line": (
        "{player}: treasures {treasures}, figures {figures}, X districts {x}, coins {coins}; total {total}"
    ),
    # Colours (districts are named from them: games/venezia2099/messages.py) and treasures.
    "venezia2099.colour.k": "black",
    "venezia2099.treasure.k": "black treasure",
    "venezia2099.colour.p": "purple",
    "venezia2099.treasure.p": "purple treasure",
    "venezia2099.colour.g": "green",
    "venezia2099.treasure.g": "green treasure",
    "venezia2099.colour.t": "turquoise",
    "venezia2099.treasure.t": "turquoise treasure",
    "venezia2099.colour.r": "red",
    "venezia2099.treasure.r": "red treasure",
    "venezia2099.colour.b": "brown",
    "venezia2099.treasure.b": "brown treasure",
}
