"""Take-backs and substitutes in English (``/undo``, ``/sub``, the tournaments' substitutes setting).

The keys follow the bot's ``core.*`` and ``cmd.*`` families; the options ``member`` and ``allow``
are shared with ``/setup`` and ``/admin log`` and live in the ``community`` domain.
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "core.user": "{user}",
    "cmd.substitutes": "substitutes",
    "cmd.substitutes.desc": "Allow or forbid substitutes in this tournament's games (organiser)",
    "core.sub.allowed": "Substitutes are now allowed in this tournament's games.",
    "core.sub.forbidden": "Substitutes are no longer allowed in this tournament's games.",
    "core.log.taken_back": "[taken back] {seat}:",
    "core.error.undo_nothing": (
        "There is no move of yours to take back: your last decision must be the match's last move, chosen by you."
    ),
    "core.error.undo_reveals": (
        "That move cannot be taken back: it showed something that was hidden (a card, a mask, a shuffle)."
    ),
    "core.error.undo_too_late": "Too late to take that move back: its time has run out.",
    "core.error.undo_already_asked": (
        "You have already asked to take that move back; the other players' answers are awaited."
    ),
    "core.error.undo_expired": (
        "That request to take a move back is no longer open: it was answered, or the match has moved on."
    ),
    "core.error.undo_not_asked": "Your agreement is not needed for this take-back.",
    "core.event.taken_back": "{user} ({seat}) took back their last move.",
    "core.event.undo_refused": "{user} ({seat}) refused to let the last move be taken back.",
    "core.undo.done": "Your last move was taken back. Choose again:",
    "core.undo.asked": "This match is rated: the other players must agree. They have been asked.",
    "core.undo.request": (
        "{user} asks to take back their last move in match #{match}. {players}: agree or refuse (any move "
        "cancels the request)."
    ),
    "core.undo.agreed": "You agreed. Still waiting for: {players}.",
    "core.undo.refused": "You refused; the move stays.",
    "core.undo.accepted": "Everyone agreed: the move was taken back.",
    "core.button.undo": "Take back my move",
    "core.button.undo_agree": "Agree",
    "core.button.undo_refuse": "Refuse",
    "core.error.sub_not_allowed": ("Only a player of this match, its organiser or a server admin can offer that seat."),
    "core.error.sub_bad_seat": "Seat {seat} is not a seat the autopilot took over from a player.",
    "core.error.sub_bad_user": "That member cannot take a seat.",
    "core.error.sub_already_seated": "That member already plays in this match.",
    "core.error.sub_not_for_you": "This seat is offered to someone else.",
    "core.error.sub_taken": "Someone else has already volunteered for this seat.",
    "core.error.sub_no_volunteer": "Nobody has volunteered for this seat yet.",
    "core.error.sub_organiser_only": "Only the match's organiser or a server admin can confirm a substitute.",
    "core.error.sub_tournament": "This tournament does not allow substitutes (its organiser can allow them).",
    "core.error.sub_gone": "That seat offer is no longer open.",
    "core.event.substituted": "{substitute} takes over {seat} from {leaver}.",
    "core.sub.welcome": "You now play {seat} in match #{match}. Your seat's view of the board is attached.",
    "core.sub.news": "The seat's latest news:",
    "core.sub.offer": (
        "{user} offers the seat {seat} in match #{match} to {substitute}. {substitute}: press Accept to take it over."
    ),
    "core.sub.call": (
        'A substitute is wanted for {seat} in match #{match}. Press "Take this seat"; the organiser or a '
        "server admin confirms."
    ),
    "core.sub.volunteered": (
        "{volunteer} volunteers for {seat} in match #{match}. The organiser or a server admin: press Confirm."
    ),
    "core.sub.done": "{substitute} now plays {seat} in match #{match}.",
    "core.sub.posted": "Your offer is posted in the match's thread.",
    "core.sub.volunteer_noted": "Thank you: the organiser or a server admin will confirm you.",
    "core.button.sub_accept": "Accept the seat",
    "core.button.sub_take": "Take this seat",
    "core.button.sub_confirm": "Confirm",
    "cmd.undo": "undo",
    "cmd.undo.desc": "Take back your last move (the other players agree in rated matches)",
    "cmd.sub": "sub",
    "cmd.sub.desc": "Hand your seat (or a seat the autopilot took over) to a substitute",
    "cmd.param.seat": "seat",
    "cmd.param.seat.desc": "A seat the autopilot took over (its number); empty: your own seat",
    "cmd.param.sub_member": "member",
    "cmd.param.sub_member.desc": "Who takes the seat (leave empty to ask for a volunteer)",
    "cmd.param.sub_allow": "allow",
    "cmd.param.sub_allow.desc": "True: players may hand their seat to a substitute",
}
