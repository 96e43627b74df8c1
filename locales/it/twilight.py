"""Crepuscolo a Venezia in italiano (``games/twilight``).

The pieces keep the Venetian names of the Zvezda edition, in Italian: il Doge, le Guardie,
il Mercante, l'Arlecchino, la Favorita; the Cortège is il Corteo, the Masquerade la
Mascherata, the Guild's Word la Parola della Gilda, "Nobility and Valour" Nobiltà e Valore.
The two seats are la Casata Est and la Casata Ovest ("della Casata Est" as possessive);
cells east and west of the centre are E1…E8 and O1…O8.
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "twilight.title": "Crepuscolo a Venezia",
    "twilight.summary": (
        "Il tiro alla fune per due di Reiner Knizia: ogni turno gioca carte di un solo tipo per condurre il "
        "Doge, o la sua Favorita, nel tuo palazzo."
    ),
    "twilight.seat.0": "Casata Est",
    "twilight.seat.1": "Casata Ovest",
    "twilight.seat_of.0": "della Casata Est",
    "twilight.seat_of.1": "della Casata Ovest",
    "twilight.cell.east": "E{n}",
    "twilight.cell.west": "O{n}",
    "twilight.cell.centre": "0",
    "twilight.card.d": "Doge 1",
    "twilight.card.g1": "Guardie 1",
    "twilight.card.g11": "Guardie 1+1",
    "twilight.card.gx": "Guardie ►◄",
    "twilight.card.m1": "Mercante 1",
    "twilight.card.m2": "Mercante 2",
    "twilight.card.m3": "Mercante 3",
    "twilight.card.h1": "Arlecchino 1",
    "twilight.card.h2": "Arlecchino 2",
    "twilight.card.h3": "Arlecchino 3",
    "twilight.card.h4": "Arlecchino 4",
    "twilight.card.h5": "Arlecchino 5",
    "twilight.card.hd": "Arlecchino ◊",
    "twilight.type.doge": "Doge",
    "twilight.type.guards": "Guardie",
    "twilight.type.merchant": "Mercante",
    "twilight.type.harlequin": "Arlecchino",
    "twilight.token.d": "Doge",
    "twilight.token.gw": "Guardia Ovest",
    "twilight.token.ge": "Guardia Est",
    "twilight.token.m": "Mercante",
    "twilight.token.h": "Arlecchino",
    "twilight.token.f": "Favorita",
    "twilight.token_of.d": "Doge",
    "twilight.token_of.gw": "Guardia Ovest",
    "twilight.token_of.ge": "Guardia Est",
    "twilight.token_of.guards": "Guardie",
    "twilight.token_of.m": "Mercante",
    "twilight.token_of.h": "Arlecchino",
    "twilight.dir.east": "verso est",
    "twilight.dir.west": "verso ovest",
    "twilight.list.0": "niente",
    "twilight.list.1": "{i1}",
    "twilight.list.2": "{i1}, {i2}",
    "twilight.list.3": "{i1}, {i2}, {i3}",
    "twilight.list.4": "{i1}, {i2}, {i3}, {i4}",
    "twilight.list.5": "{i1}, {i2}, {i3}, {i4}, {i5}",
    "twilight.list.6": "{i1}, {i2}, {i3}, {i4}, {i5}, {i6}",
    "twilight.list.7": "{i1}, {i2}, {i3}, {i4}, {i5}, {i6}, {i7}",
    "twilight.list.8": "{i1}, {i2}, {i3}, {i4}, {i5}, {i6}, {i7}, {i8}",
    "twilight.line.moved": "{token} {start} → {end}",
    "twilight.line.card": "{card}: {moves}",
    "twilight.line.masquerade": "{card}, Mascherata sulla pedina {target_of}: {moves}",
    "twilight.line.cortege": "Corteo (due carte Doge): {moves}",
    "twilight.line.summon": "Parola della Gilda: {moves}",
    "twilight.line.discard": (
        "Scartata tutta la mano ({count, plural, one {# carta} many {# carte} other {# carte}}: {cards}) e pescate 8"
    ),
    "twilight.line.favourite": "Favorita {start} → {end}",
    "twilight.line.drew": "{count, plural, one {Pescata # carta} many {Pescate # carte} other {Pescate # carte}}",
    "twilight.event.step": "Anteprima: {step}. L'avversario la vede quando concludi il turno.",
    "twilight.event.doge_home_preview": (
        "Il Doge è nel palazzo {seat_of}: concludi il turno per chiudere il round, o annulla il passo."
    ),
    "twilight.event.undone": "Annullato: {step}.",
    "twilight.event.played": "{seat}: {step}.",
    "twilight.event.doge_home": "Il Doge entra nel palazzo {seat_of}!",
    "twilight.event.favourite": (
        "La Favorita avanza di {cells, plural, one {# casella} many {# caselle} other {# caselle}} verso il "
        "palazzo {seat_of}, fino a {cell}."
    ),
    "twilight.event.favourite_home": "La Favorita raggiunge il palazzo {seat_of}!",
    "twilight.event.second_deal": (
        "Il mazzo è finito: le due pile degli scarti sono state mescolate in un nuovo mazzo di {size, plural, "
        "one {# carta} many {# carte} other {# carte}}. Comincia la seconda distribuzione."
    ),
    "twilight.event.drew": ("{seat} pesca {count, plural, one {# carta} many {# carte} other {# carte}}."),
    "twilight.event.you_drew": "Hai pescato: {cards}.",
    "twilight.event.no_draw": "{seat} non può pescare: il mazzo è vuoto.",
    "twilight.event.discarded": (
        "{seat} scarta tutta la mano ({count, plural, one {# carta} many {# carte} other {# carte}}: {cards}) e "
        "pesca carte nuove."
    ),
    "twilight.event.last_turn": "Il mazzo è esaurito: {seat} gioca un ultimo turno, poi si verifica il round.",
    "twilight.event.check": "Il mazzo è esaurito nella distribuzione {deal}: si verifica la fine del round.",
    "twilight.event.third_deal": (
        "Il Doge e la Favorita sono entrambi sullo 0: gli scarti sono stati mescolati in un nuovo mazzo di "
        "{size, plural, one {# carta} many {# carte} other {# carte}}, entrambi i giocatori hanno pescato fino a "
        "8 e comincia la terza distribuzione."
    ),
    "twilight.event.round_won": "{seat} vince il round {round}: {reason}.",
    "twilight.event.round_drawn": "Il round {round} è pari: {reason}.",
    "twilight.event.round_starts": (
        "Comincia il round {round} (round vinti: Casata Est {wins_east}, Casata Ovest {wins_west}). "
        "{seat} ha il Mercante e muove per prima."
    ),
    "twilight.event.revealed": (
        "{seat} ha ricevuto una mano di un solo tipo, mostrata a entrambi: {cards}. Le carte vengono "
        "distribuite di nuovo."
    ),
    "twilight.event.new_hand": "La tua mano per questo round: {cards}.",
    "twilight.reason.doge": "il Doge è entrato nel palazzo",
    "twilight.reason.favourite": "la Favorita ha raggiunto il palazzo",
    "twilight.reason.check_doge": "il mazzo è finito con il Doge nella metà del vincitore",
    "twilight.reason.check_favourite": (
        "il mazzo è finito con il Doge sullo 0 e la Favorita dalla parte del vincitore"
    ),
    "twilight.reason.draw": "dopo la terza distribuzione il Doge e la Favorita erano entrambi sullo 0",
    "twilight.outcome.won": "{seat} vince la partita (round vinti: Casata Est {east}, Casata Ovest {west}).",
    "twilight.outcome.draw": "La partita è pari (round vinti: Casata Est {east}, Casata Ovest {west}).",
    "twilight.error.syntax": (
        "'{code_text}' non è una mossa di Crepuscolo a Venezia; prova codici come d.+, m2.-, h3.d.+, g11.+-, "
        "s.d, discard, end o undo."
    ),
    "twilight.error.not_your_turn": "'{code_text}': è il turno della {seat}, non il tuo.",
    "twilight.error.match_over": "'{code_text}': la partita è finita.",
    "twilight.error.nothing_to_undo": "'{code_text}': in questo turno non c'è nulla da annullare.",
    "twilight.error.nothing_played": (
        "'{code_text}': gioca una carta, usa la Parola della Gilda o scarta la mano prima di concludere il turno."
    ),
    "twilight.error.start_only": (
        "'{code_text}': la Parola della Gilda e lo scarto della mano sono permessi solo all'inizio del turno, "
        "prima di giocare qualsiasi carta."
    ),
    "twilight.error.summon_target": (
        "'{code_text}': la Parola della Gilda richiama solo il Doge o una Guardia, mai la pedina {token_of}."
    ),
    "twilight.error.turn_done": (
        "'{code_text}': in questo turno hai usato la Parola della Gilda; concludi il turno o annullala."
    ),
    "twilight.error.doge_home": (
        "'{code_text}': il Doge è entrato in un palazzo; concludi il turno per chiudere il round, o annulla il passo."
    ),
    "twilight.error.no_card": "'{code_text}': non hai in mano la carta {card}.",
    "twilight.error.cortege_needs_two": "'{code_text}': per il Corteo servono due carte Doge.",
    "twilight.error.second_type": (
        "'{code_text}': in un turno si gioca un solo tipo di carta; in questo turno è {type}, e {card} è di un "
        "altro tipo."
    ),
    "twilight.error.target_locked": (
        "'{code_text}': le carte Arlecchino di questo turno muovono la pedina {token_of}; il bersaglio non può "
        "cambiare nel turno."
    ),
    "twilight.error.diamond_off": ("'{code_text}': in questa partita la carta Arlecchino ◊ muove solo l'Arlecchino."),
    "twilight.error.masquerade_over": (
        "'{code_text}': il Doge ha raggiunto o superato l'Arlecchino, quindi in questo turno non si possono "
        "giocare altre carte Mascherata."
    ),
    "twilight.error.masquerade_unavailable": (
        "'{code_text}': la Mascherata funziona solo finché l'Arlecchino sta tra te e il Doge (non sulla casella "
        "del Doge)."
    ),
    "twilight.error.off_track": "'{code_text}': così la pedina {token_of} uscirebbe dal percorso.",
    "twilight.error.nobility": (
        "'{code_text}': il Doge deve sempre stare strettamente tra le due Guardie (Nobiltà e Valore)."
    ),
    "twilight.error.no_effect": (
        "'{code_text}': così non si muoverebbe nulla, e una carta senza effetto non si può giocare."
    ),
    "twilight.why.not_your_turn": "Non è il tuo turno.",
    "twilight.why.not_in_hand": "Non hai la carta {card}.",
    "twilight.why.blocked": (
        "Ora non puoi giocare {card}: ogni opzione esce dal percorso, viola Nobiltà e Valore o non cambia nulla."
    ),
    "twilight.why.summon_target": "La Parola della Gilda richiama solo il Doge o una Guardia.",
    "twilight.why.turn_done": "In questo turno hai usato la Parola della Gilda.",
    "twilight.why.doge_home": "Il Doge è in un palazzo: il round finisce quando concludi il turno.",
    "twilight.why.no_card": "Non hai la carta {card}.",
    "twilight.why.cortege_needs_two": "Per il Corteo servono due carte Doge.",
    "twilight.why.second_type": "In questo turno giochi solo carte {type}.",
    "twilight.why.target_locked": "Le carte Arlecchino di questo turno muovono la pedina {token_of}.",
    "twilight.why.diamond_off": "In questa partita ◊ muove solo l'Arlecchino.",
    "twilight.why.masquerade_over": (
        "Il Doge ha raggiunto o superato l'Arlecchino: per questo turno la Mascherata è finita."
    ),
    "twilight.why.masquerade_unavailable": "La Mascherata richiede l'Arlecchino tra te e il Doge.",
    "twilight.why.off_track": "La pedina {token_of} uscirebbe dal percorso.",
    "twilight.why.nobility": "Il Doge deve restare strettamente tra le due Guardie (Nobiltà e Valore).",
    "twilight.why.no_effect": "Non si muoverebbe nulla.",
    "twilight.move.end": "Concludi il turno ({shift}, poi peschi fino a 8)",
    "twilight.move.end_round": "Concludi il turno: il Doge è nel palazzo {seat_of}, che vince il round",
    "twilight.move.favourite_stays": "la Favorita resta ferma",
    "twilight.move.favourite_moves": (
        "la Favorita avanza di {cells, plural, one {# casella} many {# caselle} other {# caselle}} {dir}"
    ),
    "twilight.move.undo": "Annulla: {step}",
    "twilight.move.undo_nothing": "Annulla l'ultimo passo",
    "twilight.move.discard": (
        "Scarta tutta la mano ({count, plural, one {# carta} many {# carte} other {# carte}}), pesca 8 e "
        "concludi il turno; la Favorita resta ferma"
    ),
    "twilight.choice.cortege": "Corteo (due carte Doge)",
    "twilight.choice.summon": "Parola della Gilda (richiama al Mercante)",
    "twilight.choice.harlequin_self": "Muovi l'Arlecchino",
    "twilight.choice.target": "Mascherata: muovi la pedina {token_of}",
    "twilight.choice.token": "Muovi la pedina {token_of}",
    "twilight.choice.direction": "Muovi {dir} ({effect})",
}
