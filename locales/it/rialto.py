"""Rialto in italiano (``games/rialto``).

Terms follow the Italian rulebook: il Doge, l'Oro, gli Edifici, i Ponti, le Gondole, i
Consiglieri, il Jolly; punti vittoria are PV, the Doge track il tracciato del Doge, the six
districts are the sestieri of Venice under their own names. ``{player}`` is a seat's colour
or a person's name, so sentences use it as a singular subject without an article. The
picture's alt text of a five-player match is near Discord's 1,024 characters, so seat names
are short ("Turchese", not "Verde acqua") and the alt text abbreviates "val.".
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "rialto.title": "Rialto",
    "rialto.summary": (
        "In sei round, scegli carte da giocare in sei passi per il Doge, l'oro, gli edifici, i ponti, le "
        "gondole e i consiglieri, e conquista la maggiore influenza nei sestieri di Venezia."
    ),
    # Seats
    "rialto.seat.0": "Arancione",
    "rialto.seat.1": "Celeste",
    "rialto.seat.2": "Turchese",
    "rialto.seat.3": "Limone",
    "rialto.seat.4": "Rosa",
    "rialto.seat.neutral": "Il giocatore neutrale",
    # Cards
    "rialto.card.A": "Doge",
    "rialto.card.B": "Oro",
    "rialto.card.C": "Edificio",
    "rialto.card.D": "Ponte",
    "rialto.card.E": "Gondola",
    "rialto.card.F": "Consigliere",
    "rialto.card.J": "Jolly",
    "rialto.cards.some": "{n}× {card}",
    "rialto.cards.none": "nessuna carta",
    "rialto.cards.no_buildings": "nessun edificio",
    "rialto.cards.with_buildings": "con {buildings}",
    "rialto.list": "{a}, {b}",
    "rialto.supply": "riserva personale",
    # Buildings
    "rialto.colour.G": "verde",
    "rialto.colour.Y": "giallo",
    "rialto.colour.U": "blu",
    "rialto.building.G1": "Verde 1 (carta)",
    "rialto.building.G2": "Verde 2 (mano +1)",
    "rialto.building.G3": "Verde 3 (carta, mano +1)",
    "rialto.building.G4": "Verde 4 (carta, mano +2)",
    "rialto.building.Y1": "Giallo 1 (rinvio)",
    "rialto.building.Y2": "Giallo 2 (conversione)",
    "rialto.building.Y3": "Giallo 3 (Jolly)",
    "rialto.building.Y4": "Giallo 4 (doppio)",
    "rialto.building.U1": "Blu 1 (miglioria)",
    "rialto.building.U2": "Blu 2 (consigliere)",
    "rialto.building.U3": "Blu 3 (Doge)",
    "rialto.building.U4": "Blu 4 (3 PV)",
    "rialto.effect.G1": "Fase I: prendi 1 carta dalla fila avanzata o 3 carte dal mazzo.",
    "rialto.effect.G2": "Fase I: limite di mano +1 in questo round.",
    "rialto.effect.G3": "Fase I: 1 carta dalla fila avanzata o 3 dal mazzo, e limite di mano +1.",
    "rialto.effect.G4": "Fase I: 1 carta dalla fila avanzata o 3 dal mazzo, e limite di mano +2.",
    "rialto.effect.Y1": "Fase II: rinvia il tuo turno in un passo; prendi 1 moneta.",
    "rialto.effect.Y2": "Fase II: gioca 1 carta come 1 carta del tipo del passo.",
    "rialto.effect.Y3": "Fase II: vale come un Jolly.",
    "rialto.effect.Y4": "Fase II: gioca 1 carta come 2 carte del tipo del passo.",
    "rialto.effect.U1": "Fase III: scambia un tuo edificio con quello superiore dello stesso colore.",
    "rialto.effect.U2": "Fase III: 1 PV e un consigliere dalla scorta alla tua riserva personale.",
    "rialto.effect.U3": "Fase III: avanza sul tracciato del Doge di quanto vale il tuo rango.",
    "rialto.effect.U4": "Fase III: 3 PV.",
    # Districts and sides
    "rialto.district.CAN": "Cannaregio",
    "rialto.district.CAS": "Castello",
    "rialto.district.SMA": "San Marco",
    "rialto.district.SCR": "Santa Croce",
    "rialto.district.SPO": "San Polo",
    "rialto.district.DOR": "Dorsoduro",
    "rialto.side.north": "riva nord",
    "rialto.side.south": "riva sud",
    # Steps and phases
    "rialto.step.A": "A (Doge)",
    "rialto.step.B": "B (Oro)",
    "rialto.step.C": "C (Edifici)",
    "rialto.step.D": "D (Ponti)",
    "rialto.step.E": "E (Gondole)",
    "rialto.step.F": "F (Consiglieri)",
    "rialto.phase.setup": "Edifici iniziali",
    "rialto.phase.rows": "Fase I: file di carte",
    "rialto.phase.green": "Fase I: edifici verdi",
    "rialto.phase.discard": "Fase I: limite di mano",
    "rialto.phase.play": "Fase II: si giocano le carte",
    "rialto.phase.action": "Fase II: azioni",
    "rialto.phase.blue": "Fase III: edifici blu",
    "rialto.phase.over": "Partita finita",
    # Events
    "rialto.event.start_building": "{player} prende {building} come edificio iniziale.",
    "rialto.event.round": "Comincia il round {round}; il sestiere di turno è {district}.",
    "rialto.event.row": "Fila {row}: {cards}.",
    "rialto.event.take_row": (
        "{player} prende la fila {row} ({cards}) e pesca {n, plural, one {# carta} many {# carte} other "
        "{# carte}} dal mazzo."
    ),
    "rialto.event.you_draw": "Peschi {cards}.",
    "rialto.event.reshuffle": (
        "Il mazzo è vuoto: {n, plural, one {# carta scartata viene mescolata} many {# carte scartate vengono "
        "mescolate} other {# carte scartate vengono mescolate}} in un nuovo mazzo."
    ),
    "rialto.event.green_limit": "{player} attiva {building}: limite di mano +{n} in questo round.",
    "rialto.event.green_deck": (
        "{player} attiva {building} e pesca {n, plural, one {# carta} many {# carte} other {# carte}} dal mazzo."
    ),
    "rialto.event.green_row": "{player} attiva {building} e prende una carta {card} dalla fila avanzata.",
    "rialto.event.done": "{player} ha finito.",
    "rialto.event.discard": (
        "{player} scarta {n, plural, one {# carta} many {# carte} other {# carte}} per il limite di mano."
    ),
    "rialto.event.you_discard": "Scarti {cards}.",
    "rialto.event.leftover": "La fila avanzata viene scartata: {cards}.",
    "rialto.event.neutral_draw": "Il giocatore neutrale pesca {cards}.",
    "rialto.event.step": "Passo {step}. {player} gioca per primo.",
    "rialto.event.pass": "{player} passa.",
    "rialto.event.postpone": "{player} attiva {building}, rinvia il suo turno e prende 1 moneta.",
    "rialto.event.play": "{player} gioca {n}× {card}: {cards}, {buildings}.",
    "rialto.event.neutral_play": "Il giocatore neutrale gioca {n}× {card}.",
    "rialto.event.bonus": "{player} ottiene il bonus con {n}.",
    "rialto.event.no_bonus": "Nessuno ha giocato carte; non c'è bonus.",
    "rialto.event.doge": (
        "{player} avanza di {n, plural, one {# casella} many {# caselle} other {# caselle}} sul tracciato del "
        "Doge, fino alla casella {space}."
    ),
    "rialto.event.gold": "{player} guadagna {n, plural, one {# moneta} many {# monete} other {# monete}}.",
    "rialto.event.take": "{player} prende {building}.",
    "rialto.event.return": "{player} restituisce {building} e guadagna {n} PV.",
    "rialto.event.bridge_vp": "{player} guadagna {n} PV per le carte Ponte.",
    "rialto.event.bridge_penalty": "{player} non ha giocato carte Ponte e perde 1 PV.",
    "rialto.event.bonus_vp": "{player} guadagna {n} PV per il bonus.",
    "rialto.event.bridge": "{player} posa un ponte tra {high_district} ({high}) e {low_district} ({low}).",
    "rialto.event.next_bridge": "Il prossimo ponte è {low}|{high}.",
    "rialto.event.to_supply": (
        "{player} sposta {n, plural, one {# consigliere} many {# consiglieri} other {# consiglieri}} dalla "
        "scorta alla sua riserva personale."
    ),
    "rialto.event.pool_vp": "La scorta di {player} è vuota: invece ottiene {n} PV.",
    "rialto.event.gondola": "{player} posa una gondola tra {a} e {b}.",
    "rialto.event.gondola_councillor": "{player} mette un consigliere della scorta in {district}.",
    "rialto.event.neutral_gondola": "Il giocatore neutrale mette un consigliere in {a} e uno in {b}.",
    "rialto.event.councillors": (
        "{player} piazza {n, plural, one {# consigliere} many {# consiglieri} other {# consiglieri}} in {district}."
    ),
    "rialto.event.move": "{player} sposta un consigliere: {origin} → {district}.",
    "rialto.event.side_bonus": "{player} ha consiglieri in tutti e tre i sestieri della {side} e guadagna {vp} PV.",
    "rialto.event.side_neutral": "Il giocatore neutrale ha consiglieri in tutti e tre i sestieri della {side}.",
    "rialto.event.side_flip": "La tessera bonus della {side} è stata riscossa.",
    "rialto.event.marker": "Il segnalino del giocatore neutrale passa al collegamento {a}–{b}.",
    "rialto.event.phase_three": "Fase III: edifici blu, nell'ordine del Doge.",
    "rialto.event.upgrade": "{player} attiva {building}: restituisce {old} e prende {new}.",
    "rialto.event.u2_take": "{player} attiva {building}: 1 PV e un consigliere nella sua riserva personale.",
    "rialto.event.u2_empty": "{player} attiva {building}: la scorta è vuota, quindi 2 PV.",
    "rialto.event.u2_decline": "{player} attiva {building}: 1 PV.",
    "rialto.event.u3": "{player} attiva {building} con il rango {rank} nell'ordine del Doge.",
    "rialto.event.u4": "{player} attiva {building}: {n} PV.",
    "rialto.event.round_end": (
        "Finisce il round {round}; {coins, plural, one {# moneta torna} many {# monete tornano} other {# monete "
        "tornano}} dagli edifici alla banca."
    ),
    "rialto.event.game_over": "Il sesto round è finito: punteggio finale.",
    # Moves (labels for the mover)
    "rialto.move.start": "Prendi {building} come edificio iniziale",
    "rialto.move.row": "Prendi la fila {row}: {cards}",
    "rialto.move.green_limit": "Attiva {building}: limite di mano +{n}",
    "rialto.move.green_deck": "Attiva {building}: pesca 3 carte dal mazzo",
    "rialto.move.green_row": "Attiva {building}: prendi {card} dalla fila avanzata",
    "rialto.move.done": "Fatto: non attivare altro",
    "rialto.move.discard": (
        "Scarta una carta {card}{left, plural, =0 {} one { (ancora # da scegliere)} many { (ancora # da "
        "scegliere)} other { (ancora # da scegliere)}}"
    ),
    "rialto.move.undo": "Annulla l'ultima scelta",
    "rialto.move.confirm_discard": "Conferma: scarta {cards}",
    "rialto.move.naturals": "{n}× {card} dalla mano — {total}",
    "rialto.move.jokers": "{n}× Jolly — {total}",
    "rialto.move.convert": "{building}: gioca una carta {card} come {n}× {target} — {total}",
    "rialto.move.virtual_joker": "{building}: un Jolly in più — {total}",
    "rialto.move.postpone": "{building}: rinvia il tuo turno e prendi 1 moneta",
    "rialto.move.total": "conta {n}",
    "rialto.move.no_total": "non ancora giocabile",
    "rialto.move.play": "Gioca {n}× {card}: {cards}, {buildings}",
    "rialto.move.pass_play": "Passa: non giocare carte",
    "rialto.move.take": "Prendi {building}",
    "rialto.move.take_return": "Prendi {building} (ne hai 7: poi ne restituisci uno)",
    "rialto.move.pass_take": "Non prendere edifici",
    "rialto.move.return": "Restituisci {building} per {n} PV",
    "rialto.move.bridge": "Ponte {low}|{high}: {high} a {a}, {low} a {b}",
    "rialto.move.gondola": "Gondola {a}–{b}: consigliere in {a}",
    "rialto.move.from_supply": "Sposta un consigliere dalla tua riserva personale",
    "rialto.move.from_district": "Sposta un consigliere da {district}",
    "rialto.move.pass_fallback": "Non spostare consiglieri",
    "rialto.move.pass_move": "Non piazzare altri consiglieri",
    "rialto.move.upgrade": "{building}: restituisci {old}, prendi {new}",
    "rialto.move.u2_take": "{building}: 1 PV e un consigliere nella tua riserva personale",
    "rialto.move.u2_empty": "{building}: 2 PV (la tua scorta è vuota)",
    "rialto.move.u2_decline": "{building}: 1 PV, nessun consigliere",
    "rialto.move.u3": (
        "{building}: {n, plural, one {# casella} many {# caselle} other {# caselle}} sul tracciato del Doge"
    ),
    "rialto.move.u4": "{building}: 3 PV",
    "rialto.choice.connection": "{a}–{b}",
    # Outcome
    "rialto.outcome.win": "{player} vince con {n} PV.",
    "rialto.outcome.win_doge": "{player} vince con {n} PV, in testa sul tracciato del Doge nello spareggio.",
    # Standing answers
    "rialto.standing.autopass": (
        "Passa subito in un passo di carte quando non ho nulla da giocare (gli altri vedono che hai passato "
        "senza attesa)"
    ),
    # Errors
    "rialto.error.bad_code": "{move} non è una mossa di Rialto; guarda l'elenco delle mosse.",
    "rialto.error.standing": "{given!r} non è una risposta permanente di Rialto; l'unica è autopass.",
    "rialto.error.neutral_players": (
        "Il giocatore neutrale (neutral=true) partecipa solo alle partite a due giocatori."
    ),
    "rialto.error.not_your_turn": "{move}: non tocca a te decidere.",
    "rialto.error.not_now": "{move} non è una scelta di questa decisione.",
    "rialto.error.row_taken": "{move}: quella fila è già presa.",
    "rialto.error.not_start_building": "{move}: l'edificio iniziale deve essere G1, Y1 o U1.",
    "rialto.error.start_taken": (
        "{move}: {building} è già stato preso all'inizio da {limit, plural, one {# giocatore} many {# giocatori} "
        "other {# giocatori}}."
    ),
    "rialto.error.no_building": "{move}: non hai nessun {building} inutilizzato.",
    "rialto.error.no_coin": "{move}: serve una moneta per attivare un edificio.",
    "rialto.error.no_card_choice": "{move}: questo edificio non prende carte.",
    "rialto.error.needs_card_choice": "{move}: scegli una carta dalla fila avanzata o dal mazzo.",
    "rialto.error.not_in_row": "{move}: nella fila avanzata non c'è nessuna carta {card}.",
    "rialto.error.nothing_to_undo": "{move}: non c'è nulla da annullare.",
    "rialto.error.discard_count": (
        "{move}: devi scartare {need, plural, one {# carta} many {# carte} other {# carte}}, e ne hai scelte {chosen}."
    ),
    "rialto.error.discard_too_many": (
        "{move}: scarti esattamente {need, plural, one {# carta} many {# carte} other {# carte}}; conferma o annulla."
    ),
    "rialto.error.not_enough_cards": "{move}: non hai abbastanza carte {card}.",
    "rialto.error.empty_play": "{move}: prima scegli le carte, oppure passa.",
    "rialto.error.joker_alone": "{move}: un Jolly non si può giocare da solo.",
    "rialto.error.jokers_with_card": "{move}: due Jolly valgono una carta {card} solo se non ne hai.",
    "rialto.error.postpone_with_cards": "{move}: il rinvio sostituisce la giocata; prima annulla le tue carte.",
    "rialto.error.already_postponed": "{move}: in questo passo hai già rinviato.",
    "rialto.error.convert_joker": "{move}: un Jolly non si può convertire.",
    "rialto.error.convert_same": "{move}: converti una carta di un tipo diverso da {card}.",
    "rialto.error.wrong_type": "{move}: in questo passo si giocano carte {card}.",
    "rialto.error.unchanged": "{move}: è già la tua scelta.",
    "rialto.error.not_owned": "{move}: non possiedi {building}.",
    "rialto.error.sold_out": "{move}: {building} è esaurito.",
    "rialto.error.take_returned": "{move}: non puoi restituire e prendere {building} nella stessa azione.",
    "rialto.error.top_value": "{move}: {building} ha il valore più alto; non c'è nulla di superiore.",
    "rialto.error.pool_empty": "{move}: la tua scorta è vuota, quindi non c'è nessun consigliere da rifiutare.",
    "rialto.error.over_budget": "{move}: {building} supera il tuo budget di {budget}.",
    "rialto.error.occupied": "{move}: quel collegamento ha già una tessera.",
    "rialto.error.same_bridge": "{move}: i due lati di questo ponte sono uguali; scegli l'altro sestiere.",
    "rialto.error.no_personal": "{move}: nella tua riserva personale non ci sono consiglieri.",
    "rialto.error.same_district": "{move}: il consigliere è già in {district}.",
    "rialto.error.no_councillor": "{move}: non hai consiglieri in {district}.",
}
