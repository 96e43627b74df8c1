"""Annullare una mossa e i sostituti in italiano (``/undo``, ``/sub``, i sostituti nei tornei).

A take-back is "annullare l'ultima mossa"; a substitute is un sostituto (the word names the
role, not the person, so it stays the same for anyone); a seat is un posto.
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "core.user": "{user}",
    "cmd.substitutes": "sostituti",
    "cmd.substitutes.desc": "Consenti o vieta i sostituti nelle partite di questo torneo (organizzatore)",
    "core.sub.allowed": "Ora i sostituti sono ammessi nelle partite di questo torneo.",
    "core.sub.forbidden": "I sostituti non sono più ammessi nelle partite di questo torneo.",
    "core.log.taken_back": "[mossa annullata] {seat}:",
    "core.error.undo_nothing": (
        "Non hai nessuna mossa da annullare: la tua ultima decisione deve essere l'ultima mossa della partita, "
        "scelta da te."
    ),
    "core.error.undo_reveals": (
        "Questa mossa non si può annullare: ha mostrato qualcosa di nascosto (una carta, una maschera, un "
        "mescolamento)."
    ),
    "core.error.undo_too_late": "È tardi per annullare questa mossa: il suo tempo è scaduto.",
    "core.error.undo_already_asked": (
        "Hai già chiesto di annullare questa mossa; si attendono le risposte degli altri giocatori."
    ),
    "core.error.undo_expired": (
        "Questa richiesta di annullare una mossa non è più aperta: ha già avuto risposta, o la partita è andata avanti."
    ),
    "core.error.undo_not_asked": "Per questo annullamento non serve il tuo consenso.",
    "core.event.taken_back": "{user} ({seat}) ha annullato la sua ultima mossa.",
    "core.event.undo_refused": "{user} ({seat}) non ha acconsentito ad annullare l'ultima mossa.",
    "core.undo.done": "La tua ultima mossa è stata annullata. Scegli di nuovo:",
    "core.undo.asked": (
        "Questa partita vale per il rating: serve il consenso degli altri giocatori, a cui è stato chiesto."
    ),
    "core.undo.request": (
        "{user} chiede di annullare la sua ultima mossa nella partita n. {match}. {players}: accettate o "
        "rifiutate (qualsiasi mossa annulla la richiesta)."
    ),
    "core.undo.agreed": "Hai accettato. Si attende ancora: {players}.",
    "core.undo.refused": "Hai rifiutato; la mossa resta.",
    "core.undo.accepted": "Tutti hanno accettato: la mossa è stata annullata.",
    "core.button.undo": "Annulla la mia mossa",
    "core.button.undo_agree": "Accetta",
    "core.button.undo_refuse": "Rifiuta",
    "core.error.sub_not_allowed": (
        "Solo un giocatore di questa partita, chi la organizza o un amministratore del server può offrire quel posto."
    ),
    "core.error.sub_bad_seat": "Il posto {seat} non è un posto che il pilota automatico ha preso a un giocatore.",
    "core.error.sub_bad_user": "Questo membro non può prendere un posto.",
    "core.error.sub_already_seated": "Questo membro gioca già in questa partita.",
    "core.error.sub_not_for_you": "Questo posto è offerto a qualcun altro.",
    "core.error.sub_taken": "Qualcun altro si è già offerto per questo posto.",
    "core.error.sub_no_volunteer": "Per questo posto non si è ancora offerto nessuno.",
    "core.error.sub_organiser_only": (
        "Solo chi organizza la partita o un amministratore del server può confermare un sostituto."
    ),
    "core.error.sub_tournament": ("Questo torneo non ammette sostituti (chi lo organizza può consentirli)."),
    "core.error.sub_gone": "Questa offerta di posto non è più aperta.",
    "core.event.substituted": "{substitute} subentra a {leaver} nel posto {seat}.",
    "core.sub.welcome": (
        "Ora occupi il posto {seat} nella partita n. {match}. In allegato, il tavolo visto dal tuo posto."
    ),
    "core.sub.news": "Le ultime novità di questo posto:",
    "core.sub.offer": (
        "{user} offre il posto {seat} nella partita n. {match} a {substitute}. {substitute}: premi “Accetta il "
        "posto” per subentrare."
    ),
    "core.sub.call": (
        "Si cerca un sostituto per il posto {seat} nella partita n. {match}. Premi “Prendi questo posto”; chi "
        "organizza la partita o un amministratore del server conferma."
    ),
    "core.sub.volunteered": (
        "{volunteer} si offre per il posto {seat} nella partita n. {match}. Chi organizza la partita o un "
        "amministratore del server: premi “Conferma”."
    ),
    "core.sub.done": "Ora {substitute} occupa il posto {seat} nella partita n. {match}.",
    "core.sub.posted": "La tua offerta è stata pubblicata nel thread della partita.",
    "core.sub.volunteer_noted": "Grazie: chi organizza la partita o un amministratore del server ti confermerà.",
    "core.button.sub_accept": "Accetta il posto",
    "core.button.sub_take": "Prendi questo posto",
    "core.button.sub_confirm": "Conferma",
    "cmd.undo": "annulla_mossa",
    "cmd.undo.desc": "Annulla la tua ultima mossa (nelle partite con rating serve il consenso degli altri)",
    "cmd.sub": "sostituto",
    "cmd.sub.desc": "Cedi il tuo posto (o un posto preso dal pilota automatico) a un sostituto",
    "cmd.param.seat": "posto",
    "cmd.param.seat.desc": "Un posto preso dal pilota automatico (il suo numero); vuoto: il tuo posto",
    "cmd.param.sub_member": "membro",
    "cmd.param.sub_member.desc": "Chi prende il posto (vuoto: si cerca una riserva volontaria)",
    "cmd.param.sub_allow": "consenti",
    "cmd.param.sub_allow.desc": "True: chi gioca può cedere il posto a una riserva",
}
