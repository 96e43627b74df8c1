"""Le stringhe del bot in italiano (chiavi ``core.*`` e ``cmd.*`` dei comandi slash).

Players are addressed with "tu", as Italian Discord communities do. A match is una partita,
a thread un thread, a direct message un messaggio diretto (DM), the autopilot il pilota
automatico, the seed la chiave del mescolamento and its fingerprint l'impronta. A command's
or option's name is 1-32 lowercase characters without spaces or accents, unique among its
siblings; a description (``*.desc``) is 1-100 characters.
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    # Errors of the service
    "core.error.unknown_game": "Non esiste un gioco chiamato {game!r}.",
    "core.error.no_match": "Qui non c'è la partita n. {match}.",
    "core.error.no_match_here": (
        "In questo canale non c'è nessuna partita. Indica il numero della partita, o usa /game list."
    ),
    "core.error.which_match": (
        "Qui giochi in {count, plural, one {# partita} many {# partite} other {# partite}}; indica quale con "
        "l'opzione partita."
    ),
    "core.error.not_started": "La partita n. {match} non è ancora cominciata.",
    "core.error.bad_players": "Questo gioco è per {low}-{high} giocatori.",
    "core.error.bad_level": "{given!r} non è un livello del computer; scegli tra: {levels}.",
    "core.error.already_started": "Questa partita è già cominciata; non puoi più entrare né uscire.",
    "core.error.started_already": "Questa partita è già cominciata.",
    "core.error.cancelled": "La partita n. {match} è stata annullata; aprine una nuova con /game new.",
    "core.error.already_joined": "Hai già un posto in questa partita.",
    "core.error.full": "Questa partita è al completo.",
    "core.error.leave_running": "La partita è in corso; per lasciarla, abbandona con /game resign.",
    "core.error.not_seated": "Non giochi in questa partita.",
    "core.error.creator_leaves": "Hai creato tu questa partita; annullala con /game cancel invece di uscire.",
    "core.error.creator_only": "Solo chi ha creato la partita può avviarla.",
    "core.error.too_few": "Per cominciare la partita servono almeno {need} giocatori; ce ne sono {have}.",
    "core.error.cancel_denied": (
        "Solo chi l'ha creata (prima dell'inizio) o un amministratore del server può annullare questa partita."
    ),
    "core.error.over": "Questa partita è già finita.",
    "core.error.not_running": "Questa partita non è in corso.",
    "core.error.draw_already_offered": "Hai già proposto il pareggio; si attendono gli altri.",
    "core.error.stale": "Nel frattempo la plancia è cambiata; ecco quella attuale.",
    "core.error.not_your_turn": "Non è il tuo turno.",
    "core.error.internal": "Qualcosa è andato storto da parte nostra; la partita non è cambiata. Riprova.",
    "core.error.no_permission_thread": ("Qui non posso creare thread, quindi la partita si gioca in questo canale."),
    "core.error.no_permission_post": (
        "Non posso scrivere in questo canale (mi serve poter inviare messaggi, allegare file e incorporare link)."
    ),
    "core.error.bad_option": "{option!r} non è un'opzione valida per questo gioco.",
    "core.error.bad_options": "{problem}\nLe opzioni di {game}: {options}.",
    "core.error.options_block_start": (
        "{problem} Con queste opzioni e questo numero di giocatori la partita non può cominciare; chi l'ha "
        "creata può annullarla."
    ),
    "core.error.too_long": "È troppo lungo per essere una mossa.",
    # Lobby and match events
    "core.lobby.title": "{game} — partita n. {match}",
    "core.lobby.created": "{user} ha aperto una partita a {game}. Posti: {taken}/{seats}.",
    "core.lobby.players": "Giocatori: {players}",
    "core.lobby.options": "Opzioni: {options}",
    "core.lobby.waiting": "In attesa di giocatori: entra con il pulsante o con /game join.",
    "core.lobby.joined": "{user} entra nella partita.",
    "core.lobby.left": "{user} lascia la partita.",
    "core.lobby.created_reply": "La partita n. {match} è aperta in {where}.",
    "core.event.started": "La partita a {game} è cominciata!",
    "core.event.cancelled": "La partita è stata annullata da {user}.",
    "core.event.standing_played": "{seat} ha risposto con la sua risposta preimpostata.",
    "core.error.no_standing": (
        "{game} non ha domande a cui rispondere in anticipo, quindi non c'è nessuna risposta da preimpostare."
    ),
    "core.error.bad_standing": "{given!r} non è una risposta preimpostata di questo gioco; scegline una dall'elenco.",
    "core.standing.set": "Risposta preimpostata: {answer}.",
    "core.standing.cleared": "Risposta preimpostata tolta: ti verrà chiesto ogni volta.",
    "core.event.draw_offered": (
        "{user} propone il pareggio. Tutti gli altri: /game draw per accettare, oppure continuate a giocare."
    ),
    "core.reason.resigned": "{user} ({seat}) ha abbandonato.",
    "core.reason.agreed_draw": "Pareggio concordato.",
    # Status lines
    "core.status.to_move": "Tocca a {who}.",
    "core.status.to_move_many": "In attesa di: {who}.",
    "core.status.winner": "Ha vinto {who}.",
    "core.status.winners": "Vincitori: {who}.",
    "core.status.draw": "La partita è finita in pareggio.",
    "core.status.cancelled": "La partita è stata annullata.",
    "core.status.lobby": "In attesa di giocatori ({taken}/{seats}).",
    "core.status.match": "{game} · partita n. {match}",
    "core.turn.your_turn": "Tocca a te in {game} (partita n. {match}).",
    "core.turn.news": "Che cosa è successo:",
    "core.turn.pick": "Scegli la tua mossa:",
    "core.turn.pick_next": "Ora scegli:",
    "core.turn.done": "Mossa giocata: {move}.",
    "core.turn.wait": "In attesa degli altri.",
    "core.turn.go_to_match": "Vai alla partita: {link}",
    "core.dm.closed": (
        "{user}, non sono riuscito a mandarti un messaggio diretto. Usa qui il pulsante “La mia vista” (o /game "
        "mine) per vedere la tua vista privata e muovere; per ricevere i DM, apri il menu di questo server → "
        "Impostazioni privacy → consenti i messaggi diretti."
    ),
    # Buttons and menus
    "core.button.join": "Entra",
    "core.button.leave": "Esci",
    "core.button.start": "Avvia",
    "core.button.cancel": "Annulla partita",
    "core.button.play": "Gioca la mia mossa",
    "core.button.mine": "La mia vista",
    "core.button.back": "Indietro",
    "core.button.more": "Altro…",
    "core.select.placeholder": "Scegli…",
    # Listing
    "core.list.empty": "Nessuna partita aperta o in corso su questo server. Iniziane una con /game new.",
    "core.list.header": "Partite su questo server (prima le tue):",
    "core.list.row": "Partita n. {match} · {game} · {status} · {players}",
    "core.list.status.lobby": "in attesa di giocatori",
    "core.list.status.active": "in corso",
    "core.list.your_turn": "tocca a te",
    "core.list.more": "…e altre {count}.",
    "core.show.public_only": (
        "Questa è la plancia pubblica. La tua vista privata arriva per DM (o con il pulsante “La mia vista”)."
    ),
    "core.not_a_player": "Non giochi in questa partita; puoi seguire la plancia nel thread.",
    "core.options.none": "regole standard",
    "core.alt.board": "Plancia di {game}, partita n. {match}.",
    "core.console.help": (
        "Comandi:\n"
        "  as <giocatore>                 agisci come un altro giocatore locale\n"
        "  new <gioco> [giocatori] [opz.] apri una partita (giochi: {games})\n"
        "  join | leave | start | cancel [partita]  entra, esci, avvia, annulla\n"
        "  moves                          elenca le tue mosse legali (codice e descrizione)\n"
        "  standing [risposta]            rispondi in anticipo (es. autopass); senza risposta: togli\n"
        "  <codice> | move <codice>       gioca una mossa, es. a1=N, auto, ready, c2-c4\n"
        "  <numero>                       scegli per numero, passo dopo passo, come con i pulsanti\n"
        "  new volto time=1d bank=2d      una partita con l'orologio; vs=autopilot per giocare da solo\n"
        "  new volto level=strong         da solo contro il computer a un livello: easy, normal, strong\n"
        "  wait <durata>                  manda avanti il tempo (es. wait 1d) e applica ciò che scade\n"
        "  show                           mostra lo stato e scrive le immagini\n"
        "  undo | agree | refuse          annulla la tua ultima mossa, o rispondi a chi chiede di farlo\n"
        "  sub [giocatore] [seat=N]       cedi il tuo posto (o quello N dell'autopilota) a un giocatore o a chiunque\n"
        "  accept | take | confirm        accetta il posto offerto; offriti come sostituto; conferma il sostituto\n"
        "  resign | draw | claim | list | help | quit  abbandona, pareggio, vittoria a tempo, elenco, aiuto, esci"
    ),
    "core.console.now": "L'orologio della console ora segna {now_at}.",
    "core.console.lobby": "[partita n. {match}, messaggio della lobby]",
    "core.console.channel": "[partita n. {match}, canale]",
    "core.console.dm": "[DM a {name}]",
    "core.console.image": "immagine: {path}",
    "core.console.replay": "replay: {path}",
    "core.console.choices": "Scelte (scrivi il numero, come offrono i pulsanti):",
    "core.console.choices_next": "Poi (scrivi il numero; 0 torna indietro):",
    "core.console.no_choice": "Non c'è la scelta {number}: scrivi un numero dell'elenco, o moves.",
    "core.console.game_options": "Opzioni di {game} (aggiungile a new): {options}",
    "core.console.unknown_player": "Non c'è nessun giocatore locale {name!r}; i giocatori sono: {players}.",
    # Slow play
    "core.replay.alt": "Replay animato di {game}, partita n. {match}, dalle plance pubbliche.",
    "core.error.not_finished": "La partita n. {match} non è ancora finita.",
    "core.digest.header": (
        "Promemoria: {count, plural, one {# partita attende} many {# partite attendono} other {# partite "
        "attendono}} la tua mossa."
    ),
    "core.digest.play": "Gioca n. {match} · {game}",
    "core.post.earlier": (
        "… {count, plural, one {# riga precedente} many {# righe precedenti} other {# righe precedenti}}: vedi "
        "/game log."
    ),
    "core.duration.days": "{count, plural, one {# giorno} many {# giorni} other {# giorni}}",
    "core.duration.hours": "{count, plural, one {# ora} many {# ore} other {# ore}}",
    "core.duration.minutes": "{count, plural, one {# minuto} many {# minuti} other {# minuti}}",
    "core.export.final": (
        "Il verbale della partita: la chiave del mescolamento e tutte le mosse; verificalo con python -m bot.verify."
    ),
    "core.export.running": (
        "Il verbale della partita finora: solo informazioni pubbliche (la chiave del mescolamento e le mosse "
        "arrivano alla fine)."
    ),
    "core.log.attached": (
        "Il registro ha {count, plural, one {# voce} many {# voci} other {# voci}}; eccolo come file."
    ),
    "core.log.empty": "Non è ancora successo nulla di pubblico.",
    "core.mygames.deadline": "il tempo scade {deadline_at}",
    "core.mygames.header": "Le tue partite su questo server (prima quelle che aspettano te):",
    "core.mygames.none": "Non hai partite in corso su questo server.",
    "core.mygames.row": "Partita n. {match} · {game} · {state}",
    "core.mygames.waiting_others": "in attesa degli altri",
    "core.mygames.your_turn": "**tocca a te**",
    "core.profile.empty": "Ancora nessuna partita finita.",
    "core.profile.header": "Statistiche di {user} su questo server:",
    "core.profile.row": (
        "{game}: {finished} finite · {won} vinte · {drawn} pareggiate · {abandoned} abbandonate · {timeouts, "
        "plural, one {# tempo scaduto} many {# tempi scaduti} other {# tempi scaduti}} · completamento "
        "{completion}% · tempo medio per mossa {think}"
    ),
    "core.quiet.off": "Le ore di silenzio sono disattivate: i promemoria possono arrivare a qualsiasi ora.",
    "core.quiet.set": "Ore di silenzio: nessun promemoria dalle {start} alle {end} ({timezone}).",
    "core.vacation.ended": "Rieccoti! I tuoi orologi ripartono.",
    "core.vacation.mode.autopilot": "il pilota automatico gioca per me",
    "core.vacation.mode.clock": "il mio orologio continua a scorrere",
    "core.vacation.not_away": "Non sei in vacanza.",
    "core.vacation.started": (
        "Buona vacanza fino a {until_at}. Gli orologi delle partite a due sono fermi; nelle partite più grandi "
        "{mode}. Qualsiasi mossa, o /vacation end, ti riporta in gioco."
    ),
    "core.autopilot.name": "Pilota automatico",
    "core.level.easy": "facile (il pilota automatico)",
    "core.level.normal": "normale",
    "core.level.strong": "forte",
    "core.error.already_on_vacation": "Sei già in vacanza; prima rientra con /vacation end.",
    "core.error.bad_clock_time": "{given!r} non è un'ora del giorno; scrivila come 22:30.",
    "core.error.bad_completion": "{given} non è una percentuale tra 0 e 100.",
    "core.error.bad_duration": "{given!r} non è una durata; scrivila come 12h, 3d o 1w.",
    "core.error.duration_too_long": "{given!r} è troppo lungo; una durata è al massimo {high}.",
    "core.error.bad_timezone": ("{given!r} non è un fuso orario; usa un nome come Europe/Rome o America/New_York."),
    "core.error.bad_vacation_mode": "{given!r} non è una modalità di vacanza; scegli autopilot o clock.",
    "core.error.bank_range": "Una riserva di tempo di {given!r} è fuori dai limiti: al massimo {high}.",
    "core.error.bank_without_limit": "Una riserva di tempo richiede un tempo limite per mossa.",
    "core.error.claim_not_due": (
        "Non c'è nessuna vittoria da reclamare: l'ultima mossa dell'avversario non era per tempo scaduto."
    ),
    "core.error.completion_too_low": (
        "Questa partita richiede un tasso di completamento di almeno il {need}%; il tuo è {have}%."
    ),
    "core.error.limit_range": "Un tempo limite di {given!r} è fuori dai limiti: da {low} a {high}.",
    "core.error.vacation_days": (
        "Hai chiesto {asked, plural, one {# giorno} many {# giorni} other {# giorni}} di vacanza; quest'anno "
        "te ne {left, plural, one {resta #} many {restano #} other {restano #}}."
    ),
    "core.event.back": "{user} è di nuovo in gioco dopo la vacanza.",
    "core.event.downtime_grace": (
        "Il bot era offline quando è scaduto il tempo di {seat}; ha tempo fino a {until_at} per muovere."
    ),
    "core.event.handed_over": (
        "{seat} ha esaurito il tempo {count, plural, one {una volta} many {# volte} other {# volte}}: il pilota "
        "automatico gioca al suo posto fino alla fine della partita."
    ),
    "core.event.may_claim": "{seat} può invece reclamare la vittoria: /game claim.",
    "core.event.seed_commitment": (
        "Mescolamenti onesti: la chiave del mescolamento di questa partita ha l'impronta {commitment}; viene "
        "rivelata alla fine."
    ),
    "core.event.seed_revealed": (
        "La chiave del mescolamento era {seed}: verifica l'impronta e rigioca la partita con /game export."
    ),
    "core.event.timed_out": "Il tempo di {seat} è scaduto ({user}); la mossa è stata giocata al suo posto.",
    "core.event.vacation": "{user} è in vacanza fino a {until_at}.",
    "core.event.autopilot_played": "Il pilota automatico muove per {seat}.",
    "core.event.forced_played": "{seat} aveva una sola mossa possibile, quindi il bot l'ha giocata al suo posto.",
    "core.event.vacation_played": "{seat} è in vacanza: il pilota automatico muove al suo posto.",
    "core.reason.claimed_timeout": "{seat} ha esaurito il tempo e la vittoria è stata reclamata.",
    "core.turn.timed_out_you": "Il tuo tempo è scaduto, quindi è stata giocata al tuo posto: {move}.",
    # Slash commands (translated at sync time)
    "cmd.claim": "reclama",
    "cmd.claim.desc": "Reclama la vittoria dopo che all'avversario è scaduto il tempo",
    "cmd.log": "registro",
    "cmd.log.desc": "Tutte le mosse finora, a parole",
    "cmd.export": "esporta",
    "cmd.export.desc": "Il verbale della partita come file (completo a partita finita)",
    "cmd.mygames": "miepartite",
    "cmd.mygames.desc": "Tutte le tue partite in corso qui, prima quelle che aspettano te",
    "cmd.vacation": "vacanza",
    "cmd.vacation.desc": "Assentati per qualche giorno senza perdere le tue partite",
    "cmd.vacation_start.desc": "Comincia una vacanza",
    "cmd.vacation_end.desc": "Rientra dalla vacanza",
    "cmd.end": "fine",
    "cmd.quiet": "silenzio",
    "cmd.quiet.desc": "Ore di silenzio: niente promemoria di notte",
    "cmd.set": "imposta",
    "cmd.quiet_set.desc": "Imposta le tue ore di silenzio",
    "cmd.off": "disattiva",
    "cmd.quiet_off.desc": "Disattiva le ore di silenzio",
    "cmd.profile": "profilo",
    "cmd.profile.desc": "Le statistiche di un giocatore su questo server",
    "cmd.param.time_limit": "tempo",
    "cmd.param.time_limit.desc": "Tempo per mossa, es. 12h, 1d, 3d, 7d (vuoto: senza orologio)",
    "cmd.param.bank": "riserva",
    "cmd.param.bank.desc": "Tempo extra che ogni giocatore può usare oltre il limite, es. 2d",
    "cmd.param.rated": "rating",
    "cmd.param.rated.desc": "Se le partite contano per il rating",
    "cmd.param.computer": "computer",
    "cmd.param.computer.desc": "Il computer gioca i turni di riposo e completa i tavoli, a questo livello",
    "cmd.param.vs_autopilot": "contro_pilota",
    "cmd.param.vs_autopilot.desc": "Gioca da solo contro il pilota automatico",
    "cmd.param.level": "livello",
    "cmd.param.level.desc": "Con contro_pilota: quanto bene gioca il computer",
    "cmd.param.min_completion": "completamento_min",
    "cmd.param.min_completion.desc": "Entra solo chi finisce almeno questa % delle sue partite",
    "cmd.param.days": "giorni",
    "cmd.param.days.desc": "Per quanti giorni sarai via",
    "cmd.param.mode": "modalita",
    "cmd.param.mode.desc": (
        "Nelle partite da tre o più: gioca per te il pilota automatico, o il tuo orologio continua a scorrere"
    ),
    "cmd.param.start": "inizio",
    "cmd.param.start.desc": "Quando cominciano le ore di silenzio, es. 22:30",
    "cmd.param.end": "fine",
    "cmd.param.end.desc": "Quando finiscono le ore di silenzio, es. 08:00",
    "cmd.param.timezone": "fuso_orario",
    "cmd.param.timezone.desc": "Il tuo fuso orario, es. Europe/Rome",
    "cmd.param.user": "utente",
    "cmd.param.user.desc": "Di chi (predefinito: tue)",
    "cmd.game": "partita",
    "cmd.game.desc": "Gioca ai giochi da tavolo veneziani: apri, unisciti e gestisci le partite",
    "cmd.new": "nuova",
    "cmd.new.desc": "Apri una nuova partita in questo canale",
    "cmd.join": "entra",
    "cmd.join.desc": "Prendi posto in una partita che attende giocatori",
    "cmd.leave": "esci",
    "cmd.leave.desc": "Lascia il tuo posto prima che la partita cominci",
    "cmd.start": "avvia",
    "cmd.start.desc": "Avvia la tua partita prima che tutti i posti siano presi",
    "cmd.cancel": "annulla",
    "cmd.cancel.desc": "Annulla una partita (chi l'ha creata prima dell'inizio, o un amministratore)",
    "cmd.resign": "abbandona",
    "cmd.resign.desc": "Abbandona una partita in corso",
    "cmd.draw": "pareggio",
    "cmd.draw.desc": "Proponi il pareggio, o accetta quello proposto",
    "cmd.show": "plancia",
    "cmd.show.desc": "Mostra la plancia attuale",
    "cmd.standing": "preimposta",
    "cmd.standing.desc": (
        "Rispondi in anticipo a una domanda ricorrente (un salvataggio, passare senza nulla da giocare)"
    ),
    "cmd.param.answer": "risposta",
    "cmd.param.answer.desc": "La tua risposta; lascia vuoto perché ti venga chiesto ogni volta",
    "cmd.mine": "mia",
    "cmd.mine.desc": "La tua vista privata e le tue mosse, visibili solo a te",
    "cmd.list": "elenco",
    "cmd.list.desc": "Le partite di questo server, prima le tue",
    "cmd.move": "mossa",
    "cmd.move.desc": "Gioca una mossa con il suo codice",
    "cmd.param.game": "gioco",
    "cmd.param.game.desc": "A quale gioco giocare",
    "cmd.param.players": "giocatori",
    "cmd.param.players.desc": "Numero di posti (dove il gioco lascia scegliere)",
    "cmd.param.options": "opzioni",
    "cmd.param.options.desc": "Opzioni di variante, es. rook_soldier=true",
    "cmd.param.match": "partita",
    "cmd.param.match.desc": "Il numero della partita (predefinito: la partita di questo thread)",
    "cmd.param.code": "codice",
    "cmd.param.code.desc": "La mossa, es. c2-c4; inizia a scrivere per vedere le tue mosse legali",
}
