"""Le scritte delle immagini di Venezia 2099 e il loro testo alternativo (``renderers/venezia2099.py``)."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "venezia2099.img.your_turn": "Tocca a te · {step}",
    "venezia2099.img.turn": "Tocca a {player}: {step}",
    "venezia2099.img.doing.place": "piazza una pedina",
    "venezia2099.img.doing.move": "sposta una pedina, compra un tesoro o gioca una carta previsione",
    "venezia2099.img.doing.buy": "compra un tesoro o gioca una carta previsione",
    "venezia2099.img.doing.forecast": "gioca una delle sue carte previsione più basse",
    "venezia2099.img.doing.rescue": "salva una pedina",
    "venezia2099.img.doing.over": "la partita è finita",
    "venezia2099.img.rescue": "{player} deve rispondere: salvare la pedina su {square}?",
    "venezia2099.img.your_rescue": "La tua pedina su {square} è in acqua: la salvi?",
    "venezia2099.img.win": "Vince {player}",
    "venezia2099.img.shared": "Vittoria condivisa",
    "venezia2099.img.you_are": "Sei {player}",
    "venezia2099.img.public": "Plancia pubblica",
    "venezia2099.img.last": "Ultima: {action}",
    "venezia2099.img.you": "{player} (tu)",
    "venezia2099.img.stats": "monete {coins} · gondole {gondolas} · carte {cards}",
    "venezia2099.img.figures": "pedine {on_board} in gioco, {lost} perse",
    "venezia2099.img.figures_to_place": "pedine {on_board} piazzate, {to_place} da piazzare",
    "venezia2099.img.supply": "Riserva dei tesori",
    "venezia2099.img.played": "Previsioni giocate",
    "venezia2099.img.aside": (
        "Messe da parte: {count, plural, one {# carta} many {# carte} other {# carte}}, nascoste fino alla fine"
    ),
    "venezia2099.img.aside_revealed": "Messe da parte (questi quartieri si sono salvati)",
    "venezia2099.img.hand": "Carte previsione (in cornice: giocabili)",
    "venezia2099.img.hand_empty": "Nessuna carta previsione rimasta",
    "venezia2099.img.playable": "giocabile",
    "venezia2099.img.score.player": "Giocatore",
    "venezia2099.img.score.treasures": "Tesori",
    "venezia2099.img.score.figures": "Pedine",
    "venezia2099.img.score.x": "Su X",
    "venezia2099.img.score.coins": "Monete",
    "venezia2099.img.score.total": "Totale",
    "venezia2099.img.score.values": "Valore dei tesori",
    "venezia2099.img.legend.frame": "caselle dell'ultimo turno",
    "venezia2099.img.legend.coins": "monete su una casella",
    "venezia2099.img.action.place": "{player} ha piazzato su {target}",
    "venezia2099.img.action.move": "{player} ha spostato {origin} → {target}",
    "venezia2099.img.action.gondola": "{player} ha preso una gondola {origin} → {target}",
    "venezia2099.img.action.buy": "{player} ha comprato {colour} su {target} per {amount}",
    "venezia2099.img.action.play": "{player} ha giocato {card}: {target} è sprofondato",
    "venezia2099.img.action.rescue": "{player} ha salvato una pedina {origin} → {target}",
    "venezia2099.img.action.drown": "una pedina di {player} è affogata su {origin}",
    "venezia2099.alt.title": "Venezia 2099, {board}.",
    "venezia2099.alt.public": "la plancia pubblica",
    "venezia2099.alt.private": "la plancia di {player} (la tua)",
    "venezia2099.alt.latest": "Ultime azioni: {actions}.",
    "venezia2099.alt.player": (
        "{player}: {coins, plural, one {# moneta} many {# monete} other {# monete}}, carte: {gondolas} gondola, "
        "{cards} previsione; pedine su {squares}{lost, plural, =0 {} one {, # persa} many {, # perse} other "
        "{, # perse}}; tesori: {treasures}."
    ),
    "venezia2099.alt.player_final": (
        "{player}: pedine su {squares}{lost, plural, =0 {} one {, # persa} many {, # perse} other {, # perse}}; "
        "tesori: {treasures}."
    ),
    "venezia2099.alt.none": "nessuno",
    "venezia2099.alt.water": "Acqua: {squares}.",
    "venezia2099.alt.land": "Terra (il resto, piattaforme a parte, è acqua): {squares}.",
    "venezia2099.alt.coins": "Monete sulle caselle: {squares}.",
    "venezia2099.alt.platforms": "Piattaforme: {squares}.",
    "venezia2099.alt.supply": "Riserva: {treasures}.",
    "venezia2099.alt.hand": "La tua mano: {cards}.",
    "venezia2099.alt.scores": "Punti: {scores}.",
    "venezia2099.alt.score": "{player} {total}",
}
