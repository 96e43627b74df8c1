"""Le scritte delle immagini di Crepuscolo a Venezia e il loro testo alternativo (``renderers/twilight.py``)."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "twilight.img.turn": "Muove {seat}",
    "twilight.img.your_turn": "Tocca a te",
    "twilight.img.your_turn_preview": "Tocca a te · anteprima dei tuoi passi",
    "twilight.img.won": "{seat} vince la partita",
    "twilight.img.draw": "La partita è pari",
    "twilight.img.status": (
        "Round {round} · distribuzione {deal} · mazzo {deck} · round vinti: Est {east} – Ovest {west}"
    ),
    "twilight.img.you": "{seat} (tu)",
    "twilight.img.mansion": "Palazzo {seat_of}",
    "twilight.img.favourite_track": "Percorso della Favorita",
    "twilight.img.cell.east": "E{n}",
    "twilight.img.cell.west": "O{n}",
    "twilight.img.band.doge": "Doge",
    "twilight.img.band.guards": "Guardie",
    "twilight.img.band.merchant": "Mercante",
    "twilight.img.band.harlequin": "Arlecchino",
    "twilight.img.abbr.d": "D",
    "twilight.img.abbr.g": "G",
    "twilight.img.abbr.gw": "GO",
    "twilight.img.abbr.ge": "GE",
    "twilight.img.abbr.m": "M",
    "twilight.img.abbr.h": "A",
    "twilight.img.abbr.f": "F",
    "twilight.img.hand_count": "Carte in mano: {count}",
    "twilight.img.merchant_holder": "Ha il Mercante · nel round muove per prima",
    "twilight.img.harlequin_holder": "Ha l'Arlecchino · muove per seconda",
    "twilight.img.discard": "Scarti ({count}), i più recenti in fondo:",
    "twilight.img.more": "+{count}",
    "twilight.img.empty": "vuota",
    "twilight.img.last_turn": "Ultimo turno · {seat}:",
    "twilight.img.no_last_turn": "Non è ancora stato giocato nessun turno.",
    "twilight.img.round_result": "Round {round}: vince {seat} ({reason})",
    "twilight.img.round_drawn": "Round {round}: pari ({reason})",
    "twilight.img.revealed": "Mostrata alla distribuzione di questo round: {seat} aveva {cards}",
    "twilight.img.your_hand": "La tua mano",
    "twilight.img.your_steps": "I tuoi passi di questo turno (nascosti all'avversario finché non lo concludi):",
    "twilight.img.unplayable": "✗ {card}: {reason}",
    "twilight.img.alt.public": "Crepuscolo a Venezia, la plancia pubblica.",
    "twilight.img.alt.private": "Crepuscolo a Venezia, la plancia della {seat} (la tua).",
    "twilight.img.alt.preview": "Mostra l'anteprima dopo i tuoi passi di questo turno.",
    "twilight.img.alt.positions": (
        "Doge {doge}, Guardia Ovest {guard_w}, Guardia Est {guard_e}, Mercante {merchant}, "
        "Arlecchino {harlequin}; Favorita {favourite}."
    ),
    "twilight.img.alt.cards": (
        "Mazzo: {deck, plural, one {# carta} many {# carte} other {# carte}}. Carte in mano: Casata "
        "Est {east}, Casata Ovest {west}."
    ),
    "twilight.img.alt.discards": "Scarti: Casata Est {east}; Casata Ovest {west}.",
    "twilight.img.alt.hand": "La tua mano: {cards}.",
    "twilight.img.alt.last": "Ultimo turno, {seat}: {lines}.",
}
