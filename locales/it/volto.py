"""Volto in italiano (``games/volto``).

Seats are "il Bianco" / "il Nero"; possessive forms (``volto.seat.N.owner``) are "del
Bianco" / "del Nero", placed after the noun. Mask names differ in gender (la Dama, il
Nobile), so templates name a mask after "maschera" or as a subject without an adjective
that would have to agree with it.
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "volto.title": "Volto",
    "volto.summary": (
        "Due giocatori nascondono chi si cela dietro ciascuna delle loro dieci maschere e cercano di catturare "
        "il Candidato avversario, portare il proprio Candidato nel palazzo avversario o far catturare "
        "all'avversario entrambe le proprie Dame."
    ),
    "volto.seat.0": "Bianco",
    "volto.seat.1": "Nero",
    "volto.seat.0.owner": "del Bianco",
    "volto.seat.1.owner": "del Nero",
    "volto.mask.N": "Nobile",
    "volto.mask.A": "Consigliere",
    "volto.mask.C": "Candidato",
    "volto.mask.L": "Dama",
    "volto.mask.S": "Soldato",
    "volto.mask.hidden": "maschera sconosciuta",
    # Errors.
    "volto.error.syntax": (
        "'{move}' non è una mossa di Volto: scrivi una mossa come c2-c4 o, durante la disposizione, a1=N, "
        "undo, auto o ready."
    ),
    "volto.error.not_your_turn": "'{move}': non è il tuo turno.",
    "volto.error.match_over": "'{move}': la partita è finita.",
    "volto.error.setup_confirmed": (
        "'{move}': hai confermato la tua disposizione; il gioco inizia quando l'avversario conferma la sua."
    ),
    "volto.error.in_setup": (
        "'{move}': le maschere si stanno ancora disponendo; piazza le tue con a1=N, undo, auto e ready."
    ),
    "volto.error.not_in_setup": (
        "'{move}': la disposizione è finita; sposta una maschera da una casella a un'altra, come c2-c3."
    ),
    "volto.error.setup_full": (
        "'{move}': tutte le 10 maschere sono piazzate; conferma con ready o riprendine una con undo."
    ),
    "volto.error.setup_wrong_cell": "'{move}': {cell} non è nelle tue due file posteriori; piazza lì le tue maschere.",
    "volto.error.setup_cell_taken": (
        "'{move}': in {cell} c'è già la tua maschera {mask}; "
        "scegli una casella libera (undo riprende l'ultimo piazzamento)."
    ),
    "volto.error.setup_no_more": "'{move}': non ti resta nessuna maschera {mask} da piazzare.",
    "volto.error.setup_nothing_to_undo": "'{move}': non c'è nessun piazzamento da annullare.",
    "volto.error.setup_incomplete": (
        "'{move}': prima piazza tutte le tue maschere (ne mancano ancora {count, plural, one {#} many {#} other {#}})."
    ),
    "volto.error.no_own_mask": "'{move}': non hai nessuna maschera in {cell}.",
    "volto.error.own_mask_blocks": "'{move}': in {cell} c'è già una tua maschera.",
    "volto.error.lady_cannot_capture": "'{move}': la Dama non cattura mai, quindi non può andare in {cell}.",
    "volto.error.soldier_frozen": (
        "'{move}': il tuo Soldato in {cell} ha raggiunto il palazzo avversario e non può più muoversi."
    ),
    "volto.error.soldier_blocked": (
        "'{move}': il cammino del Soldato da {origin} a {target} è ostruito; non può saltare."
    ),
    "volto.error.unreachable": "'{move}': la tua maschera {mask} in {origin} non può raggiungere {target}.",
    # Events.
    "volto.event.placed": (
        "Hai messo la tua maschera {mask} in {cell}; {count, plural, one {resta # casella} many {restano # "
        "caselle} other {restano # caselle}} da riempire."
    ),
    "volto.event.undone": "Hai ripreso la maschera {mask} da {cell}.",
    "volto.event.auto": (
        "{count, plural, one {# maschera è stata piazzata} many {# maschere sono state piazzate} other {# "
        "maschere sono state piazzate}} a caso."
    ),
    "volto.event.ready": "Il {seat} ha disposto le sue maschere.",
    "volto.status.arranging": "Preparazione: i giocatori stanno disponendo in segreto le loro maschere.",
    "volto.event.play_starts": (
        "Entrambe le disposizioni sono pronte e le maschere sono sulla plancia. Muove per primo il {seat}."
    ),
    "volto.event.moved": "Il {seat} muove {origin} → {target}.",
    "volto.event.captured": "Il {seat} cattura {origin} × {target}: la maschera {mask} {victim} lascia la plancia.",
    "volto.event.lady_captured": (
        "Il {seat} cattura {origin} × {target}: la Dama {victim} e la maschera che l'ha presa lasciano "
        "entrambe la plancia. Dame {victim} catturate: {count} su 2."
    ),
    "volto.event.your_capture": "La tua maschera {mask} ha catturato la maschera {victim_mask} in {target}.",
    "volto.event.your_capturer_fell": "La tua maschera {mask} ha lasciato la plancia insieme alla Dama in {target}.",
    "volto.event.capturer_revealed": "La maschera che ha preso la Dama era: {mask} {owner}.",
    "volto.event.palace": "Il Candidato {owner} raggiunge {cell} nel palazzo avversario e si rivela.",
    "volto.event.won": "Vince il {winner}. {reason}",
    "volto.event.draw": "La partita è patta. {reason}",
    "volto.event.revealed": "La partita è finita: tutte le maschere si rivelano.",
    # Why a match ended.
    "volto.reason.candidate_captured": "Il {winner} ha catturato il Candidato {loser_owner}.",
    "volto.reason.candidate_took_lady": (
        "Il Candidato {loser_owner} ha catturato una Dama ed è uscito dalla plancia con lei."
    ),
    "volto.reason.both_ladies": "Il {loser} ha catturato entrambe le Dame {winner_owner}.",
    "volto.reason.palace": "Il Candidato {winner_owner} ha raggiunto il palazzo avversario.",
    "volto.reason.no_moves": "Il {loser} non aveva mosse legali.",
    "volto.reason.repetition": (
        "La stessa posizione si è ripetuta {count, plural, one {# volta} many {# volte} other {# volte}}."
    ),
    "volto.reason.no_capture": ("{count, plural, one {# mossa} many {# mosse} other {# mosse}} di fila senza catture."),
    "volto.reason.ply_cap": (
        "È stato raggiunto il limite di {count, plural, one {# mossa} many {# mosse} other {# mosse}}."
    ),
    # Labels for buttons and autocomplete.
    "volto.label.move": "{mask} {origin} → {target}",
    "volto.label.capture": "{mask} {origin} × {target}",
    "volto.label.mask_on": "{mask} in {cell}",
    "volto.label.to": "→ {cell}",
    "volto.label.capture_to": "× {cell}",
    "volto.label.place": "{mask} in {cell}",
    "volto.label.place_kind": "{mask} (ne restano {count})",
    "volto.label.place_on": "in {cell}",
    "volto.label.undo": "Annulla",
    "volto.label.auto": "Resto a caso",
    "volto.label.ready": "Conferma la disposizione",
}
