"""Volto in English (``games/volto``): names, errors, events, move labels.

Parameters named ``seat``, ``winner``, ``loser`` are seat names (``volto.seat.N``);
``owner``, ``victim``, ``winner_owner``, ``loser_owner`` possessive forms
(``volto.seat.N.owner``); ``mask`` / ``victim_mask`` mask names (``volto.mask.X``).
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "volto.title": "Volto",
    "volto.summary": (
        "Two players hide who is behind each of their ten masks and try to capture the rival Candidate, "
        "walk their own Candidate into the rival palace, or see the rival capture both of their Ladies."
    ),
    "volto.seat.0": "White",
    "volto.seat.1": "Black",
    "volto.seat.0.owner": "White's",
    "volto.seat.1.owner": "Black's",
    "volto.mask.N": "Noble",
    "volto.mask.A": "Advisor",
    "volto.mask.C": "Candidate",
    "volto.mask.L": "Lady",
    "volto.mask.S": "Soldier",
    "volto.mask.hidden": "unknown mask",
    # Errors.
    "volto.error.syntax": (
        "'{move}' is not a Volto move: write a move as c2-c4, or during setup a1=N, undo, auto or ready."
    ),
    "volto.error.not_your_turn": "'{move}': it is not your turn.",
    "volto.error.match_over": "'{move}': the match is over.",
    "volto.error.setup_confirmed": (
        "'{move}': you have confirmed your arrangement; play starts when your opponent confirms theirs."
    ),
    "volto.error.in_setup": (
        "'{move}': the masks are still being arranged; place yours with a1=N, undo, auto and ready."
    ),
    "volto.error.not_in_setup": "'{move}': the arrangement is over; move a mask from one cell to another, like c2-c3.",
    "volto.error.setup_full": "'{move}': all 10 masks are placed; confirm with ready or take one back with undo.",
    "volto.error.setup_wrong_cell": "'{move}': {cell} is not on your two back rows; place your masks there.",
    "volto.error.setup_cell_taken": (
        "'{move}': {cell} already holds your {mask}; choose a free cell (undo takes your last placement back)."
    ),
    "volto.error.setup_no_more": "'{move}': you have no {mask} left to place.",
    "volto.error.setup_nothing_to_undo": "'{move}': there is no placement to take back.",
    "volto.error.setup_incomplete": (
        "'{move}': place all your masks first ({count, plural, one {# mask} other {# masks}} still to go)."
    ),
    "volto.error.no_own_mask": "'{move}': you have no mask on {cell}.",
    "volto.error.own_mask_blocks": "'{move}': your own mask stands on {cell}.",
    "volto.error.lady_cannot_capture": "'{move}': a Lady never captures, so she cannot move onto {cell}.",
    "volto.error.soldier_frozen": (
        "'{move}': your Soldier on {cell} has reached the opponent's palace and can no longer move."
    ),
    "volto.error.soldier_blocked": "'{move}': the Soldier's path from {origin} to {target} is blocked; it cannot jump.",
    "volto.error.unreachable": "'{move}': your {mask} on {origin} cannot reach {target}.",
    # Events.
    "volto.event.placed": "You put your {mask} on {cell}; {count, plural, one {# cell} other {# cells}} left to fill.",
    "volto.event.undone": "You took the {mask} back from {cell}.",
    "volto.event.auto": "{count, plural, one {# mask was} other {# masks were}} placed at random.",
    "volto.event.ready": "{seat} has arranged their masks.",
    "volto.status.arranging": "Setup: the players are arranging their masks in secret.",
    "volto.event.play_starts": "Both arrangements are in and the masks are on the board. {seat} moves first.",
    "volto.event.moved": "{seat} moved {origin} → {target}.",
    "volto.event.captured": "{seat} captured {origin} × {target}: {victim} {mask} leaves the board.",
    "volto.event.lady_captured": (
        "{seat} captured {origin} × {target}: {victim} Lady and the mask that took her both leave the board. "
        "{victim} Ladies captured: {count} of 2."
    ),
    "volto.event.your_capture": "Your {mask} captured the {victim_mask} on {target}.",
    "volto.event.your_capturer_fell": "Your {mask} left the board together with the Lady on {target}.",
    "volto.event.capturer_revealed": "The mask that took the Lady was {owner} {mask}.",
    "volto.event.palace": "{owner} Candidate reaches {cell} in the opponent's palace and is revealed.",
    "volto.event.won": "{winner} wins. {reason}",
    "volto.event.draw": "The match is a draw. {reason}",
    "volto.event.revealed": "The match is over: every mask is revealed.",
    # Why a match ended.
    "volto.reason.candidate_captured": "{winner} captured {loser_owner} Candidate.",
    "volto.reason.candidate_took_lady": "{loser_owner} Candidate captured a Lady and left the board with her.",
    "volto.reason.both_ladies": "{loser} captured both of {winner_owner} Ladies.",
    "volto.reason.palace": "{winner_owner} Candidate reached the opponent's palace.",
    "volto.reason.no_moves": "{loser} had no legal move.",
    "volto.reason.repetition": "The same position occurred {count, plural, one {# time} other {# times}}.",
    "volto.reason.no_capture": "{count, plural, one {# move} other {# moves}} in a row without a capture.",
    "volto.reason.ply_cap": "The limit of {count, plural, one {# move} other {# moves}} was reached.",
    # Labels for buttons and autocomplete.
    "volto.label.move": "{mask} {origin} → {target}",
    "volto.label.capture": "{mask} {origin} × {target}",
    "volto.label.mask_on": "{mask} on {cell}",
    "volto.label.to": "→ {cell}",
    "volto.label.capture_to": "× {cell}",
    "volto.label.place": "{mask} on {cell}",
    "volto.label.place_kind": "{mask} ({count} left)",
    "volto.label.place_on": "on {cell}",
    "volto.label.undo": "Undo",
    "volto.label.auto": "Random rest",
    "volto.label.ready": "Confirm arrangement",
}
