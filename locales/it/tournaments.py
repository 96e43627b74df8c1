"""Tornei e classifiche Elo in italiano (``bot/tournaments/``), con i nomi dei comandi.

A command's or option's name is 1-32 lowercase characters without spaces, unique among its
siblings (the subcommands of ``/torneo``, the options of one command).
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    "tournament.error.bad_format": "{given!r} non è un formato di torneo.",
    "tournament.error.needs_two_seats": "Il formato {format} richiede un gioco per due giocatori.",
    "tournament.error.needs_tables": "Lo svizzero a tavoli richiede un gioco per tre o più giocatori.",
    "tournament.error.bad_table_size": (
        "Tavoli da {given} non vanno bene per questo gioco e questo formato; scegli da {low} a {high}."
    ),
    "tournament.error.bad_rounds": (
        "{given, plural, one {# turno non è possibile} many {# turni non sono possibili} other {# turni non sono "
        "possibili}}; scegli da 1 a {high}."
    ),
    "tournament.error.rounds_needed": "Un torneo svizzero richiede un numero di turni.",
    "tournament.error.bad_points": (
        "{given!r} non è un elenco di punti per posizione: indica un numero da 0 a 1000 per posizione, "
        "dalla migliore, mai crescente (per esempio 4,2,1,0)."
    ),
    "tournament.error.bad_round_time": "{given!r} non è una durata del turno tra 1 ora e 60 giorni.",
    "tournament.error.bad_signup_time": "{given!r} non è un periodo di iscrizione di al massimo 60 giorni.",
    "tournament.error.bad_settle": "{given!r} non è una regola per la scadenza; scegli autopilot o adjudicate.",
    "tournament.error.bad_drop_rule": "{given!r} non è una regola per i ritiri; scegli autopilot o forfeit.",
    "tournament.error.bad_computer": "{given!r} non è un livello del computer; scegli none oppure uno tra: {levels}.",
    "tournament.error.computer_elimination": (
        "In un'eliminazione diretta il computer non può sedersi: i turni di riposo fanno parte del "
        "tabellone e il computer non può passare il turno."
    ),
    "tournament.error.no_tournament": "Su questo server non c'è il torneo n. {tournament}.",
    "tournament.error.none_here": "Su questo server non è in corso nessun torneo.",
    "tournament.error.which": (
        "Qui {count, plural, one {è aperto # torneo} many {sono aperti # tornei} other {sono aperti # tornei}}; "
        "indica quale con l'opzione torneo."
    ),
    "tournament.error.signup_closed": "Le iscrizioni a questo torneo sono chiuse.",
    "tournament.error.role_required": "Questo torneo è aperto solo ai giocatori con il ruolo <@&{role}>.",
    "tournament.error.completion_too_low": (
        "Questo torneo richiede un tasso di completamento del {need}%; il tuo è {have}%."
    ),
    "tournament.error.already_joined": "La tua iscrizione c'è già.",
    "tournament.error.over": "Questo torneo è finito.",
    "tournament.error.busy": (
        "Il torneo è in corso di modifica"
        " (si preparano gli abbinamenti di un turno o c'è un altro comando); riprova tra poco."
    ),
    "tournament.error.not_entered": "Non risulta nessuna tua iscrizione a questo torneo.",
    "tournament.error.no_check_in": "Questo torneo non prevede la conferma di presenza; basta l'iscrizione.",
    "tournament.error.organiser_only": "Solo l'organizzatore o un amministratore del server può farlo.",
    "tournament.error.already_started": "Questo torneo è già cominciato.",
    "tournament.error.not_running": "Questo torneo non è in corso.",
    "tournament.error.not_paused": "Questo torneo non è in pausa.",
    "tournament.error.reason_needed": "Indica il motivo: ogni correzione viene registrata con il suo motivo.",
    "tournament.error.not_in_tournament": "La partita n. {match} non fa parte di questo torneo.",
    "tournament.error.correct_past_elimination": (
        "In un'eliminazione diretta si possono correggere solo le partite del turno in corso: i turni "
        "successivi si basano sugli altri."
    ),
    "tournament.error.bad_places": (
        "{given!r} non è un risultato: indica una posizione per ciascuno dei {count} posti, come 2,1."
    ),
    "tournament.error.already_dropped": "Quel giocatore ha già lasciato il torneo.",
    "tournament.error.too_few": "Per cominciare il torneo servono almeno {need} giocatori; ce ne sono {have}.",
    # Names
    "tournament.format.swiss": "Svizzero",
    "tournament.format.pods": "Svizzero a tavoli",
    "tournament.format.round_robin": "Girone all'italiana",
    "tournament.format.elimination": "Eliminazione diretta",
    "tournament.settle.autopilot": "il pilota automatico conclude le partite non finite",
    "tournament.settle.adjudicate": "le partite non finite vengono aggiudicate in base al punteggio attuale",
    "tournament.status.signup": "iscrizioni aperte",
    "tournament.status.running": "turno {round} di {rounds}",
    "tournament.status.paused": "in pausa",
    "tournament.status.finished": "finito",
    "tournament.status.cancelled": "annullato",
    # Events
    "tournament.event.paused": (
        "Il torneo è in pausa: l'orologio del turno si ferma e non comincia nessun nuovo turno."
    ),
    "tournament.event.resumed": "Il torneo riprende; questo turno finisce {deadline_at}.",
    "tournament.event.cancelled": "{user} ha annullato il torneo; le sue partite in corso sono annullate.",
    "tournament.event.corrected": "{user} ha corretto la partita n. {match}: posizioni {places}. Motivo: {reason}",
    "tournament.event.dropped_seat": "{user} ha lasciato il torneo; il pilota automatico gioca al suo posto.",
    "tournament.event.dropped_autopilot": (
        "{user} ha lasciato il torneo; il pilota automatico conclude le sue partite e non avrà più abbinamenti."
    ),
    "tournament.event.dropped_forfeit": (
        "{user} ha lasciato il torneo; le sue partite in corso sono perse a tavolino e non avrà più abbinamenti."
    ),
    "tournament.event.not_checked_in": (
        "{count, plural, one {# giocatore non ha confermato la presenza e non gioca} many {# giocatori non "
        "hanno confermato la presenza e non giocano} other {# giocatori non hanno confermato la presenza e non "
        "giocano}}."
    ),
    "tournament.event.too_few": (
        "Le iscrizioni si sono chiuse con {have, plural, one {# giocatore} many {# giocatori} other {# "
        "giocatori}}, ma il torneo ne richiede {need}: è annullato."
    ),
    "tournament.event.finished": "Il torneo è finito! Classifica finale:",
    "tournament.event.round": "È cominciato il turno {round}; finisce {deadline_at}.",
    "tournament.event.deadline": "Il tempo del turno è scaduto.",
    "tournament.event.adjudicated": "La partita n. {match} è stata aggiudicata in base al punteggio attuale.",
    "tournament.event.autopilot_finishes": (
        "Il turno del torneo è finito: il pilota automatico conclude questa partita per tutti i posti."
    ),
    "tournament.event.autopilot_finished": "La partita n. {match} è stata conclusa dal pilota automatico.",
    "tournament.reason.adjudicated": "Aggiudicata alla scadenza del turno in base al punteggio attuale.",
    # Posts
    "tournament.signup.title": "🏆 **{name}** — torneo n. {tournament}",
    "tournament.signup.details": "{game} · {format} · {rounds} · organizzatore {organiser}",
    "tournament.signup.rounds": "{count, plural, one {# turno} many {# turni} other {# turni}}",
    "tournament.signup.rounds_auto": "turni secondo il formato",
    "tournament.signup.clock": "Partite: {clock}. Ogni turno dura al massimo {round}; poi {settle}.",
    "tournament.signup.untimed": "senza orologio",
    "tournament.signup.closes": "Le iscrizioni si chiudono {closes_at}.",
    "tournament.signup.role": "Aperto a: <@&{role}>.",
    "tournament.signup.completion": "Tasso minimo di completamento: {need}%.",
    "tournament.signup.computer": "I turni di riposo e i tavoli incompleti giocano contro il computer ({level}).",
    "tournament.signup.check_in": (
        "Conferma di presenza obbligatoria: premi Conferma presenza prima che si chiudano le iscrizioni."
    ),
    "tournament.signup.rated": "Valido per il rating.",
    "tournament.signup.unrated": "Non valido per il rating.",
    "tournament.signup.entrants": "Giocatori ({count}): {players}",
    "tournament.signup.nobody": "Giocatori: ancora nessuno.",
    "tournament.signup.checked": "✅",
    "tournament.signup.closed": "Le iscrizioni sono chiuse: {status}.",
    "tournament.button.join": "Iscriviti",
    "tournament.button.leave": "Esci",
    "tournament.button.check_in": "Conferma presenza",
    "tournament.reply.created": "Il torneo n. {tournament} è aperto alle iscrizioni in {where}.",
    "tournament.reply.joined": "Iscrizione a {name} confermata.",
    "tournament.reply.left": "Hai lasciato {name}.",
    "tournament.reply.checked_in": "Hai confermato la presenza a {name}.",
    "tournament.reply.started": "Il torneo n. {tournament} è cominciato.",
    "tournament.reply.done": "Fatto.",
    "tournament.pairing.table": "Tavolo {table}: {players} — {where}",
    "tournament.pairing.bye": "Turno di riposo (un punto): {user}",
    "tournament.pairing.vs": " contro ",
    "tournament.standings.title": "{name} — classifica dopo il turno {round}",
    "tournament.standings.header": "#  Giocatore  Punti  Partite",
    "tournament.standings.row": (
        "{rank}. {player} — {points, plural, one {# pt} many {# pt} other {# pt}}, {games, plural, one {# "
        "partita} many {# partite} other {# partite}}{tiebreaks}{dropped}"
    ),
    "tournament.standings.dropped": " (ritiro)",
    "tournament.standings.empty": "Ancora nessun risultato.",
    "tournament.log.title": "Registro del torneo n. {tournament}",
    "tournament.log.row": "{at} · {actor} · {action} · motivo: {reason}",
    "tournament.log.empty": "Nulla è stato cambiato a mano.",
    "tournament.action.pause": "ha messo in pausa",
    "tournament.action.resume": "ha ripreso",
    "tournament.action.cancel": "ha annullato",
    "tournament.action.correct": "ha corretto un risultato",
    "tournament.action.drop": "ha ritirato un giocatore",
    "cmd.tlog.desc": "Chi ha cambiato cosa nel torneo, e perché",
    "tournament.column.rank": "#",
    "tournament.column.player": "Giocatore",
    "tournament.column.points": "Pt",
    "tournament.column.games": "Partite",
    "tournament.tiebreak.buchholz": "Buchholz",
    "tournament.tiebreak.median_buchholz": "Buchholz mediano",
    "tournament.tiebreak.sonneborn_berger": "Sonneborn–Berger",
    "tournament.tiebreak.sum_of_places": "Somma delle posizioni",
    "tournament.tiebreak.opponents_points": "Punti degli avversari",
    "tournament.tiebreak.short.buchholz": "Bh",
    "tournament.tiebreak.short.median_buchholz": "BhM",
    "tournament.tiebreak.short.sonneborn_berger": "SB",
    "tournament.tiebreak.short.sum_of_places": "ΣPos",
    "tournament.tiebreak.short.opponents_points": "PtAvv",
    "tournament.footer.pairs": "Vittoria 1, patta ½, sconfitta 0, riposo 1.",
    "tournament.footer.tables": "Punti per posizione: {points}.",
    "tournament.footer.elimination": (
        "Ordine: il turno raggiunto (campione, finalista, semifinalisti…), poi la testa di serie. "
        "Punti: vittoria 1, patta ½ (passa la testa di serie migliore), riposo o vittoria a tavolino 1."
    ),
    "tournament.footer.buchholz": "Bh: la somma dei punti dei tuoi avversari.",
    "tournament.footer.median_buchholz": "BhM: lo stesso senza il tuo avversario migliore e il peggiore.",
    "tournament.footer.sonneborn_berger": (
        "SB: i punti degli avversari che hai battuto, più metà di quelli con cui hai pattato."
    ),
    "tournament.footer.sum_of_places": "ΣPos: la somma delle tue posizioni (più bassa è meglio).",
    "tournament.footer.opponents_points": "PtAvv: i punti di tutti quelli con cui hai giocato al tavolo.",
    "tournament.footer.order": "Gli spareggi seguono l'ordine delle colonne.",
    "tournament.standings.alt": (
        "Tabella della classifica di {name}: {count, plural, one {# giocatore} many {# giocatori} other {# giocatori}}."
    ),
    # Ratings
    "rating.event.changed": "Rating di {user}: {before} → {after} ({delta}).",
    "rating.leaderboard.title": "{game}: i giocatori con il rating più alto qui",
    "rating.leaderboard.row": (
        "{rank}. {user} — {rating}{provisional} · {games, plural, one {# partita} many {# partite} other {# partite}}"
    ),
    "rating.leaderboard.empty": "Qui nessuno ha ancora un rating in {game}.",
    "rating.provisional": " (provvisorio)",
    "rating.profile.title": "Rating di {user}",
    "rating.profile.row": (
        "{game}: {rating}{provisional} · {games, plural, one {# partita} many {# partite} other {# partite}}"
    ),
    "rating.profile.empty": "Ancora nessuna partita valida per il rating.",
    "rating.profile.note": "I rating sono OpenSkill (Plackett–Luce), mostrati come 1000 + 40 × (μ − 3σ).",
    # Commands
    "cmd.tournament": "torneo",
    "cmd.tournament.desc": "Tornei della comunità",
    "cmd.create": "crea",
    "cmd.create.desc": "Apri le iscrizioni a un torneo in questo canale",
    "cmd.checkin": "presenza",
    "cmd.checkin.desc": "Conferma che giocherai (tornei con conferma di presenza)",
    "cmd.pause": "pausa",
    "cmd.pause.desc": "Metti in pausa il torneo (organizzatore)",
    "cmd.resume": "riprendi",
    "cmd.resume.desc": "Riprendi il torneo (organizzatore)",
    "cmd.drop": "ritira",
    "cmd.drop.desc": "Ritira un giocatore dal torneo (organizzatore)",
    "cmd.correct": "correggi",
    "cmd.correct.desc": "Correggi il risultato di una partita (organizzatore; registrato)",
    "cmd.standings": "classifica",
    "cmd.standings.desc": "La classifica del torneo, come tabella e come testo",
    "cmd.tjoin.desc": "Iscriviti al torneo",
    "cmd.tleave.desc": "Lascia il torneo (durante le iscrizioni) o ritirati",
    "cmd.tstart.desc": "Chiudi le iscrizioni e avvia il primo turno (organizzatore)",
    "cmd.tcancel.desc": "Annulla il torneo (organizzatore)",
    "cmd.leaderboard": "migliori",
    "cmd.leaderboard.desc": "I giocatori con il rating più alto in un gioco su questo server",
    "cmd.rating": "rating",
    "cmd.rating.desc": "I rating di un giocatore su questo server",
    "cmd.param.format": "formato",
    "cmd.param.format.desc": "Svizzero, svizzero a tavoli, girone all'italiana o eliminazione diretta",
    "cmd.param.name": "nome",
    "cmd.param.name.desc": "Il nome del torneo",
    "cmd.param.rounds": "turni",
    "cmd.param.rounds.desc": "Numero di turni (svizzero, a tavoli)",
    "cmd.param.table_size": "giocatori_per_tavolo",
    "cmd.param.table_size.desc": "Giocatori per tavolo (a tavoli e gironi a tavoli: da 3 a 5)",
    "cmd.param.points": "punti",
    "cmd.param.points.desc": "Punti per posizione, dalla migliore, es. 4,2,1,0",
    "cmd.param.round_time": "durata_turno",
    "cmd.param.round_time.desc": "Quanto può durare un turno, es. 7d",
    "cmd.param.signup_time": "durata_iscrizioni",
    "cmd.param.signup_time.desc": "Per quanto restano aperte le iscrizioni, es. 2d",
    "cmd.param.settle": "regola_scadenza",
    "cmd.param.settle.desc": "Che cosa succede alle partite non finite alla scadenza del turno",
    "cmd.param.drop_rule": "regola_ritiro",
    "cmd.param.drop_rule.desc": "Che cosa succede alle partite in corso di chi si ritira",
    "cmd.param.check_in": "conferma_presenza",
    "cmd.param.check_in.desc": "Chiedi ai giocatori di confermare la presenza prima dell'inizio",
    "cmd.param.role": "ruolo",
    "cmd.param.role.desc": "Possono iscriversi solo i giocatori con questo ruolo",
    "cmd.param.tournament": "torneo",
    "cmd.param.tournament.desc": "Numero del torneo (di norma l'unico in corso qui)",
    "cmd.param.reason": "motivo",
    "cmd.param.reason.desc": "Perché (resta nel registro del torneo)",
    "cmd.param.places": "posizioni",
    "cmd.param.places.desc": "Posizioni per posto, es. 2,1 (1 è il vincitore; 1,1 è una patta)",
    "cmd.param.player": "giocatore",
    "cmd.param.player.desc": "Il giocatore",
    "tournament.choice.autopilot": "pilota automatico",
    "tournament.choice.adjudicate": "aggiudica in base al punteggio",
    "tournament.choice.forfeit": "sconfitta a tavolino",
    "tournament.choice.no_computer": "senza computer",
}
