"""Venezia 2099 in italiano (``games/venezia2099``).

A district is un quartiere and a treasure un tesoro, both masculine, so one colour
adjective (``colour.*``: "nero", "rosso") fits both; a district's name is its colour and
value ("rosso 5"). ``{player}`` is a seat's colour or a person's name, used without an
article.
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "venezia2099.title": "Venezia 2099",
    "venezia2099.summary": (
        "Guida i tuoi esperti d'arte in una Venezia che sprofonda, compra i suoi tesori e tieni all'asciutto le "
        "tue pedine: ogni carta previsione manda sott'acqua un quartiere."
    ),
    "venezia2099.seat.0": "Blu",
    "venezia2099.seat.1": "Giallo",
    "venezia2099.seat.2": "Rosso",
    "venezia2099.seat.3": "Bianco",
    "venezia2099.seat.4": "Arancione",
    "venezia2099.tile.platform": "piattaforma",
    "venezia2099.tile.water": "acqua",
    # Events.
    "venezia2099.event.placed": "{player} ha piazzato una pedina su {square} ({tile}).",
    "venezia2099.event.setup_done": "Tutte le pedine sono piazzate; comincia {player}.",
    "venezia2099.event.moved": "{player} ha spostato una pedina da {origin} a {target} ({tile}).",
    "venezia2099.event.gondola": (
        "{player} ha giocato una carta gondola e ha spostato una pedina da {origin} a {target} ({tile}); "
        "{left, plural, one {resta # carta gondola} many {restano # carte gondola} other {restano # carte "
        "gondola}}."
    ),
    "venezia2099.event.bought": (
        "{player} ha comprato il {treasure} su {square} per {cost, plural, one {# moneta} many {# monete} other "
        "{# monete}} ({coins, plural, one {resta # moneta} many {restano # monete} other {restano # monete}})."
    ),
    "venezia2099.event.played": ("{player} ha giocato la carta previsione {card}: il quartiere su {square} sprofonda."),
    "venezia2099.event.coins_lost": (
        "{count, plural, one {# moneta su {square} è finita} many {# monete su {square} sono finite} other "
        "{# monete su {square} sono finite}} sott'acqua."
    ),
    "venezia2099.event.falls": (
        "Una pedina di {player} è caduta in acqua su {square}; {player} può salvarla con una carta gondola."
    ),
    "venezia2099.event.rescue_prompt": (
        "La tua pedina su {square} è in acqua! Salvala con una carta gondola (ne hai {left, plural, one {#} "
        "many {#} other {#}}) su un quartiere libero, o lasciala affogare."
    ),
    "venezia2099.event.drowned_no_gondola": (
        "La pedina di {player} su {square} è affogata: non restavano carte gondola."
    ),
    "venezia2099.event.drowned_no_room": (
        "La pedina di {player} su {square} è affogata: non restava nessun quartiere libero dove salvarla."
    ),
    "venezia2099.event.drowned_declined": "{player} ha lasciato affogare la pedina su {square}.",
    "venezia2099.event.rescued": (
        "{player} ha giocato una carta gondola e ha salvato la pedina da {origin} a {target} ({tile}); {left, "
        "plural, one {resta # carta gondola} many {restano # carte gondola} other {restano # carte gondola}}."
    ),
    "venezia2099.event.turn": "Ora tocca a {player}.",
    "venezia2099.event.game_over": "È stata giocata l'ultima carta previsione: la partita è finita.",
    # Outcome.
    "venezia2099.outcome.points": (
        "Vince {player} con {points, plural, one {# punto} many {# punti} other {# punti}}."
    ),
    "venezia2099.outcome.tiebreak": (
        "Vince {player}: pari a {points, plural, one {# punto} many {# punti} other {# punti}}, ma con più "
        "pedine sulla plancia ({figures})."
    ),
    "venezia2099.outcome.shared": (
        "Vittoria condivisa: {count} giocatori pari a {points, plural, one {# punto} many {# punti} other "
        "{# punti}} e {figures, plural, one {# pedina} many {# pedine} other {# pedine}} sulla plancia."
    ),
    # Errors.
    "venezia2099.error.syntax": (
        "'{given}' non è una mossa di Venezia 2099; prova d4-d6, gondola-d4-h8, buy-d4, play-g3, rescue-h8 o decline."
    ),
    "venezia2099.error.not_a_square": "'{given}' non è una casella di questa plancia (da a1 a {last}).",
    "venezia2099.error.no_such_card": (
        "'{given}' non indica nessuna carta previsione; una carta è una lettera di colore (k p g t r b) e un "
        "valore da 3 a 8 o x."
    ),
    "venezia2099.error.not_your_turn": "Non è il tuo turno: ora deve decidere {player}.",
    "venezia2099.error.not_asked": "Ora si attende solo la risposta di {player} sul salvataggio.",
    "venezia2099.error.over": "La partita è finita.",
    "venezia2099.error.placing": "'{move}' non è ancora possibile: si stanno ancora piazzando le pedine.",
    "venezia2099.error.rescuing": "'{move}' ora non è possibile: prima bisogna rispondere sul salvataggio.",
    "venezia2099.error.placed": "'{move}' non è possibile: tutte le pedine sono già piazzate.",
    "venezia2099.error.no_rescue": "'{move}' non è possibile: nessuna pedina attende di essere salvata.",
    "venezia2099.error.occupied": "'{move}': su {square} c'è già una pedina.",
    "venezia2099.error.same_value": (
        "'{move}': hai già una pedina su un quartiere di valore {value}; "
        "le tue pedine devono partire da valori diversi."
    ),
    "venezia2099.error.no_figure": "'{move}': non hai nessuna pedina su {square}.",
    "venezia2099.error.move_after_buy": "'{move}': una pedina non può muoversi dopo che hai comprato un tesoro.",
    "venezia2099.error.no_gondola": "'{move}': non ti restano carte gondola.",
    "venezia2099.error.already_moved": "'{move}': in questo turno hai già spostato una pedina.",
    "venezia2099.error.same_square": "'{move}': la pedina deve spostarsi su un'altra casella.",
    "venezia2099.error.water": "'{move}': {square} è acqua.",
    "venezia2099.error.not_a_line": (
        "'{move}': la destinazione non è in linea retta (orizzontale, verticale o diagonale) dalla pedina."
    ),
    "venezia2099.error.path_water": (
        "'{move}': il percorso attraversa l'acqua su {square}; solo una gondola attraversa l'acqua."
    ),
    "venezia2099.error.path_blocked": "'{move}': una pedina su {square} sbarra la strada.",
    "venezia2099.error.already_bought": "'{move}': in questo turno hai già comprato un tesoro.",
    "venezia2099.error.buy_platform": "'{move}': {square} è una piattaforma, lì non si compra nulla.",
    "venezia2099.error.supply_empty": "'{move}': nella riserva non resta nessun tesoro {colour}.",
    "venezia2099.error.coins": (
        "'{move}': questo tesoro costa {cost, plural, one {# moneta} many {# monete} other {# monete}} e tu ne "
        "hai {coins, plural, one {#} many {#} other {#}}."
    ),
    "venezia2099.error.not_in_hand": "'{move}': non hai la carta previsione {card}.",
    "venezia2099.error.not_lowest": "'{move}': devi giocare una carta del tuo valore più basso, {value}.",
    "venezia2099.error.rescue_platform": (
        "'{move}': una pedina salvata deve andare su un quartiere libero, non su una piattaforma."
    ),
    "venezia2099.error.standing": (
        "'{given}' non è una preferenza di salvataggio; usa never, always o always- e una lettera di colore "
        "(k p g t r b)."
    ),
    # Move labels and component choices.
    "venezia2099.describe.place": "Piazza una pedina su {square} ({tile})",
    "venezia2099.describe.step": "Sposta {origin} → {target} ({tile})",
    "venezia2099.describe.gondola": "Gondola {origin} → {target} ({tile})",
    "venezia2099.describe.buy": (
        "Compra il {treasure} su {square} per {cost, plural, one {# moneta} many {# monete} other {# monete}}"
    ),
    "venezia2099.describe.play": "Gioca la previsione {card} (sprofonda {square})",
    "venezia2099.describe.play_own": "Gioca la previsione {card} (sprofonda {square}, dove sta una tua pedina!)",
    "venezia2099.describe.rescue": "Salva su {square} ({tile})",
    "venezia2099.describe.decline": "Lascia affogare la pedina",
    "venezia2099.choice.figure": "Pedina su {square} ({tile})",
    "venezia2099.choice.to": "Verso {square} ({tile})",
    "venezia2099.choice.gondola": (
        "In gondola, su una casella libera qualsiasi ({left, plural, one {resta # carta} many {restano # carte} "
        "other {restano # carte}})"
    ),
    "venezia2099.choice.row": "Riga {row}",
    # Standing rescue answers.
    "venezia2099.standing.never": "Non salvare mai",
    "venezia2099.standing.always": "Salva sempre (su un quartiere di valore 2 se libero, altrimenti sul più alto)",
    "venezia2099.standing.colour": "Salva sempre, su un quartiere {colour} quando ce n'è uno libero",
    # Steps of a turn, as a prompt.
    "venezia2099.step.place": "Piazza una pedina",
    "venezia2099.step.move": "Sposta una pedina, compra un tesoro o gioca una carta previsione",
    "venezia2099.step.buy": "Compra un tesoro o gioca una carta previsione",
    "venezia2099.step.forecast": "Gioca una delle tue carte previsione più basse",
    "venezia2099.step.rescue": "Salva la pedina in acqua, o lasciala affogare",
    "venezia2099.step.over": "La partita è finita",
    # The final breakdown.
    "venezia2099.score.line": (
        "{player}: tesori {treasures}, pedine {figures}, quartieri X {x}, monete {coins}; totale {total}"
    ),
    # Colours (districts are named from them: games/venezia2099/messages.py) and treasures.
    "venezia2099.colour.k": "nero",
    "venezia2099.treasure.k": "tesoro nero",
    "venezia2099.colour.p": "viola",
    "venezia2099.treasure.p": "tesoro viola",
    "venezia2099.colour.g": "verde",
    "venezia2099.treasure.g": "tesoro verde",
    "venezia2099.colour.t": "turchese",
    "venezia2099.treasure.t": "tesoro turchese",
    "venezia2099.colour.r": "rosso",
    "venezia2099.treasure.r": "tesoro rosso",
    "venezia2099.colour.b": "marrone",
    "venezia2099.treasure.b": "tesoro marrone",
}
