"""What Venezia 2099's pictures and their alt text say, in English (``renderers/venezia2099.py``)."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "venezia2099.img.your_turn": "Your turn · {step}",
    "venezia2099.img.turn": "{player}'s turn: {step}",
    "venezia2099.img.doing.place": "placing a figure",
    "venezia2099.img.doing.move": "moving a figure, buying a treasure or playing a forecast card",
    "venezia2099.img.doing.buy": "buying a treasure or playing a forecast card",
    "venezia2099.img.doing.forecast": "playing one of their lowest forecast cards",
    "venezia2099.img.doing.rescue": "rescuing a figure",
    "venezia2099.img.doing.over": "the game is over",
    "venezia2099.img.rescue": "{player} must answer: rescue the figure on {square}?",
    "venezia2099.img.your_rescue": "Your figure on {square} is in the water: rescue it?",
    "venezia2099.img.win": "{player} wins",
    "venezia2099.img.shared": "Shared victory",
    "venezia2099.img.you_are": "You are {player}",
    "venezia2099.img.public": "Public board",
    "venezia2099.img.last": "Last: {action}",
    "venezia2099.img.you": "{player} (you)",
    "venezia2099.img.stats": "coins {coins} · gondolas {gondolas} · cards {cards}",
    "venezia2099.img.figures": "figures {on_board} on board, {lost} lost",
    "venezia2099.img.figures_to_place": "figures {on_board} placed, {to_place} to place",
    "venezia2099.img.supply": "Treasure supply",
    "venezia2099.img.played": "Forecasts played",
    "venezia2099.img.aside": "Set aside: {count, plural, one {# card} other {# cards}}, hidden until the end",
    "venezia2099.img.aside_revealed": "Set aside (these districts survived)",
    "venezia2099.img.hand": "Your forecast cards (framed: playable)",
    "venezia2099.img.hand_empty": "No forecast cards left",
    "venezia2099.img.playable": "playable",
    "venezia2099.img.score.player": "Player",
    "venezia2099.img.score.treasures": "Treasures",
    "venezia2099.img.score.figures": "Figures",
    "venezia2099.img.score.x": "On X",
    "venezia2099.img.score.coins": "Coins",
    "venezia2099.img.score.total": "Total",
    "venezia2099.img.score.values": "Treasure values",
    "venezia2099.img.legend.frame": "squares of the last turn",
    "venezia2099.img.legend.coins": "coins lying on a square",
    "venezia2099.img.action.place": "{player} placed on {target}",
    "venezia2099.img.action.move": "{player} moved {origin} → {target}",
    "venezia2099.img.action.gondola": "{player} took a gondola {origin} → {target}",
    "venezia2099.img.action.buy": "{player} bought {colour} on {target} for {amount}",
    "venezia2099.img.action.play": "{player} played {card}: {target} sank",
    "venezia2099.img.action.rescue": "{player} rescued a figure {origin} → {target}",
    "venezia2099.img.action.drown": "a figure of {player} drowned on {origin}",
    "venezia2099.alt.title": "Venezia 2099, {board}.",
    "venezia2099.alt.public": "the public board",
    "venezia2099.alt.private": "the board of {player} (yours)",
    "venezia2099.alt.latest": "Latest: {actions}.",
    "venezia2099.alt.player": (
        "{player}: {coins, plural, one {# coin} other {# coins}}, cards: {gondolas} gondola, "
        "{cards} forecast; figures on {squares}{lost, plural, =0 {} one {, # lost} other {, # "
        "lost}}; treasures: {treasures}."
    ),
    "venezia2099.alt.player_final": (
        "{player}: figures on {squares}{lost, plural, =0 {} one {, # lost} other {, # lost}}; treasures: {treasures}."
    ),
    "venezia2099.alt.none": "none",
    "venezia2099.alt.water": "Water: {squares}.",
    "venezia2099.alt.land": "Land (the rest, platforms aside, is water): {squares}.",
    "venezia2099.alt.coins": "Coins on squares: {squares}.",
    "venezia2099.alt.platforms": "Platforms: {squares}.",
    "venezia2099.alt.supply": "Supply: {treasures}.",
    "venezia2099.alt.hand": "Your hand: {cards}.",
    "venezia2099.alt.scores": "Points: {scores}.",
    "venezia2099.alt.score": "{player} {total}",
}
