"""La comunità in italiano: ``/setup``, il registro amministrativo, seguire partite, i DM.

Anche l'esportazione, l'eliminazione e l'oblio dello storico.

The audit log is il registro amministrativo; a server admin is un amministratore del server
(Discord's permission "Gestisci server"); who may organise tournaments is "chi organizza";
quiet hours are le ore di silenzio and a time control l'orologio, as in ``locales/it/bot.py``.
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    # Refusals
    "community.error.admin_only": "Solo un amministratore del server (permesso “Gestisci server”) può farlo.",
    "community.error.bad_kind": "{given!r} non è un tipo di voce del registro amministrativo.",
    "community.error.nothing_to_change": "Non c'è niente da cambiare: indica almeno un'impostazione.",
    "community.error.channel_not_allowed": (
        "Su questo server le partite non si aprono in questo canale. Puoi usare: {channels}"
    ),
    "community.error.organiser_role": (
        "Qui possono organizzare tornei solo i membri con il ruolo {role} (o gli amministratori del server)."
    ),
    "community.error.too_many_channels": "Per le partite si possono indicare al massimo {high} canali.",
    "community.error.bad_locale": (
        "{given!r} non è una lingua dei messaggi pubblici; scegline una tra queste: {locales}."
    ),
    "community.error.bad_level": "{given!r} non è un livello; scegline uno tra {levels}.",
    "community.error.quiet_pair": "Per le ore di silenzio servono sia l'inizio sia la fine.",
    "community.error.not_forum": "Questo non è un canale forum.",
    "community.error.not_text": "Le partite si possono aprire solo nei canali testuali.",
    # /setup
    "community.setup.saved": "Salvato. Ora la configurazione del server è questa:",
    "community.setup.header": "**Configurazione di questo server**",
    "community.setup.channels": "Le partite si aprono in: {channels}",
    "community.setup.anywhere": "qualsiasi canale",
    "community.setup.forum": "Le partite sono post del forum {forum}",
    "community.setup.no_forum": "nessun forum: ogni partita ha un suo thread",
    "community.setup.language": "Messaggi pubblici in: {language}",
    "community.setup.server_language": "la lingua del server",
    "community.setup.clock": "Orologio predefinito: {clock}",
    "community.setup.no_clock": "nessuno (senza orologio)",
    "community.setup.clock_value": "{limit} per mossa, riserva {bank}",
    "community.setup.organisers": "Chi organizza i tornei: {who}",
    "community.setup.anyone": "chiunque",
    "community.setup.autopilot": "Dopo tre tempi scaduti: {what}",
    "community.setup.autopilot_on": "il pilota automatico prende il posto",
    "community.setup.autopilot_off": (
        "il posto resta a chi lo occupa (il pilota automatico gioca solo la mossa scaduta)"
    ),
    "community.setup.stand_in": "Mosse del bot per un giocatore assente (tempi scaduti, vacanze): {level}",
    "community.setup.quiet": "Ore di silenzio predefinite: {quiet}",
    "community.setup.no_quiet": "nessuna",
    "community.setup.quiet_value": "{start}–{end} ({timezone})",
    "community.language.server": "La lingua del server",
    "community.setting.channels": "Canali delle partite",
    "community.setting.forum": "Forum",
    "community.setting.language": "Lingua dei messaggi pubblici",
    "community.setting.clock": "Orologio predefinito",
    "community.setting.organisers": "Chi organizza i tornei",
    "community.setting.autopilot": "Pilota automatico (subentro, livello)",
    "community.setting.quiet": "Ore di silenzio predefinite",
    # The audit log
    "community.audit.header": "**Registro amministrativo** (pagina {page})",
    "community.audit.empty": "Nessuna voce del registro amministrativo corrisponde.",
    "community.audit.row": "{at} {kind} · {actor}{target}{match}{reason}",
    "community.audit.bot": "il bot",
    "community.audit.target": " → {user}",
    "community.audit.match": " · partita n. {match}",
    "community.audit.reason": " · “{reason}”",
    "community.audit.newer": "Più recenti",
    "community.audit.older": "Meno recenti",
    "community.kind.cancel": "annullamento",
    "community.kind.correct": "risultato corretto",
    "community.kind.adjudicate": "partita aggiudicata",
    "community.kind.drop": "ritiro dal torneo",
    "community.kind.kick": "giocatore rimosso",
    "community.kind.pause": "torneo in pausa",
    "community.kind.resume": "torneo ripreso",
    "community.kind.substitute": "sostituto confermato",
    "community.kind.autopilot": "posto ceduto al pilota automatico",
    "community.kind.setup": "configurazione cambiata",
    "community.kind.export": "storico esportato",
    "community.kind.delete": "storico eliminato",
    "community.kind.forget": "utente dimenticato",
    # Retention: export, deletion, forgetting
    "community.error.nothing_to_delete": "Questo server non ha partite finite da eliminare.",
    "community.error.confirm_expired": "Questa conferma è scaduta; chiedi di nuovo.",
    "community.error.still_playing": (
        "Hai ancora un posto in {matches}. Prima esci dalle lobby e finisci le partite, o abbandonale."
    ),
    "community.error.not_your_button": "Questo pulsante è per chi ha fatto la richiesta.",
    "community.export.empty": "Questo server non ha ancora partite.",
    "community.export.part": (
        "Storico di questo server, parte {part}: {matches, plural, one {# partita} many {# partite} other {# partite}}."
    ),
    "community.export.done": (
        "{matches, plural, one {Esportata # partita} many {Esportate # partite} other {Esportate # partite}}, "
        "in {parts, plural, one {# file} many {# file} other {# file}}."
    ),
    "community.delete.ask": (
        "Così elimini per sempre {count, plural, one {# partita finita} many {# partite finite} other {# "
        "partite finite}} di questo server (fino alla n. {match}) e i suoi tornei finiti. Le partite in corso e "
        "le lobby restano. Per averne una copia, usa prima /setup export. Premi il pulsante entro 15 minuti per "
        "confermare."
    ),
    "community.delete.button": "Elimina per sempre",
    "community.delete.done": (
        "{count, plural, one {Eliminata # partita} many {Eliminate # partite} other {Eliminate # partite}}."
    ),
    "community.forget.ask": (
        "Così il bot ti toglie dai suoi archivi: le partite che hai giocato restano rigiocabili, con un ex "
        "giocatore al tuo posto; le tue impostazioni e le partite che segui vengono eliminate. Non si può "
        "tornare indietro. Premi il pulsante entro 15 minuti per confermare."
    ),
    "community.forget.button": "Dimenticami",
    "community.forget.done": (
        "Fatto: il bot ti ha dimenticato. Nelle tue partite ora c'è un ex giocatore al tuo posto."
    ),
    "cmd.setup_export": "esporta",
    "cmd.setup_export.desc": "Tutto lo storico delle partite di questo server in file (JSON lines)",
    "cmd.setup_delete": "elimina",
    "cmd.setup_delete.desc": "Elimina per sempre le partite finite di questo server (chiede conferma)",
    "cmd.privacy": "privacy",
    "cmd.privacy.desc": "I tuoi dati conservati dal bot",
    "cmd.privacy_forget": "dimenticami",
    "cmd.privacy_forget.desc": "Chiedi al bot di dimenticarti (chiede conferma)",
    # Following and DM settings
    "community.error.follow_own": "Giochi in questa partita: le sue novità ti arrivano già.",
    "community.error.follow_limit": "Segui già {high} partite; prima smetti di seguirne una.",
    "community.error.already_following": "Segui già la partita n. {match}.",
    "community.error.not_following": "Non segui la partita n. {match}.",
    "community.error.bad_dm_kind": "{given!r} non è un tipo di messaggio diretto.",
    "community.error.bad_hour": "{given} non è un'ora del giorno (da 0 a 23).",
    "community.follow.done": "Segui la partita n. {match}: i suoi messaggi pubblici ti arrivano per messaggio diretto.",
    "community.follow.in_thread": "Ti ho aggiunto a {thread}.",
    "community.follow.no_thread": ("La partita n. {match} non ha un thread suo; seguila invece per messaggio diretto."),
    "community.follow.stopped": "Non segui più la partita n. {match}.",
    "community.follow.post": "**{game} — partita n. {match}** (seguita)",
    "community.next.heads_up": "Tra poco tocca a te in {game}, partita n. {match}: chi gioca prima di te sta pensando.",
    "community.settings.header": "**I tuoi messaggi diretti**",
    "community.settings.on": "attivo",
    "community.settings.off": "disattivo",
    "community.settings.ping_next": "Avviso quando il prossimo turno è tuo",
    "community.settings.digest": "Promemoria",
    "community.settings.digest_at": "alle {hour} (il tuo fuso orario, vedi /quiet)",
    "community.settings.digest_any": "appena sono dovuti",
    "community.dm.turn": "Tocca a te",
    "community.dm.news": "Novità del tuo posto",
    "community.dm.digest": "Promemoria",
    "community.dm.follow": "Partite che segui",
    "cmd.follow": "segui",
    "cmd.follow.desc": "Segui una partita: i suoi messaggi pubblici per messaggio diretto (o entra nel thread)",
    "cmd.unfollow": "smetti_di_seguire",
    "cmd.unfollow.desc": "Smetti di seguire una partita",
    "cmd.settings": "impostazioni",
    "cmd.settings.desc": "I messaggi diretti che ricevi dal bot",
    "cmd.settings_show": "mostra",
    "cmd.settings_show.desc": "Mostra le tue impostazioni",
    "cmd.settings_dm": "dm",
    "cmd.settings_dm.desc": "Attiva o disattiva un tipo di messaggio diretto",
    "cmd.settings_next": "prossimo_turno",
    "cmd.settings_next.desc": "Un avviso quando chi gioca prima di te comincia il suo turno",
    "cmd.settings_digest": "promemoria",
    "cmd.settings_digest.desc": "L'ora a cui arrivano i promemoria (vuoto: appena sono dovuti)",
    "cmd.param.in_thread": "nel_thread",
    "cmd.param.in_thread.desc": "True: entra nel thread della partita invece dei messaggi diretti",
    "cmd.param.dm_kind": "tipo_dm",
    "cmd.param.dm_kind.desc": "Quali messaggi diretti",
    "cmd.param.on": "attivo",
    "cmd.param.on.desc": "True: attivo; False: disattivo",
    "cmd.param.hour": "ora",
    "cmd.param.hour.desc": "Ora del giorno, da 0 a 23",
    # Command names and descriptions
    "cmd.setup": "configura",
    "cmd.setup.desc": "Come funziona Serenissima su questo server (amministratori del server)",
    "cmd.setup_show.desc": "Mostra la configurazione di questo server",
    "cmd.setup_channel.desc": "Consenti o vieta di aprire partite in un canale",
    "cmd.setup_forum.desc": "Apri le partite come post di un forum (lascia vuoto per smettere)",
    "cmd.setup_language.desc": "La lingua dei messaggi pubblici del bot su questo server",
    "cmd.setup_clock.desc": "L'orologio predefinito delle nuove partite",
    "cmd.setup_organisers.desc": "Chi può organizzare tornei (lascia vuoto: chiunque)",
    "cmd.setup_autopilot.desc": "Se dopo tre tempi scaduti il posto passa al pilota automatico, e come gioca",
    "cmd.setup_quiet.desc": "Ore di silenzio predefinite per chi non ha impostato le sue",
    "cmd.setup_reset.desc": "Riporta un'impostazione al suo valore predefinito",
    "cmd.setup_show": "mostra",
    "cmd.setup_channel": "canale",
    "cmd.setup_forum": "forum",
    "cmd.setup_language": "lingua",
    "cmd.setup_clock": "orologio",
    "cmd.setup_organisers": "chi_organizza",
    "cmd.setup_autopilot": "pilota_automatico",
    "cmd.setup_quiet": "silenzio",
    "cmd.setup_reset": "ripristina",
    "cmd.admin": "admin",
    "cmd.admin.desc": "Strumenti per gli amministratori del server",
    "cmd.admin_log.desc": "Il registro delle azioni amministrative su questo server",
    "cmd.admin_log": "registro",
    "cmd.param.place": "canale",
    "cmd.param.place.desc": "Il canale in cui le partite si possono (o non si possono più) aprire",
    "cmd.param.allow": "consenti",
    "cmd.param.allow.desc": "True: lì si possono aprire partite; False: non più",
    "cmd.param.forum_channel": "canale_forum",
    "cmd.param.forum_channel.desc": "Un canale forum i cui post sono le partite",
    "cmd.param.language": "lingua",
    "cmd.param.language.desc": "La lingua dei messaggi pubblici",
    "cmd.param.organiser_role": "ruolo_tornei",
    "cmd.param.organiser_role.desc": "Il ruolo i cui membri possono organizzare tornei",
    "cmd.param.allowed": "consentito",
    "cmd.param.allowed.desc": "True: consentito; False: non consentito",
    "cmd.param.stand_in_level": "livello",
    "cmd.param.stand_in_level.desc": "Quanto bene il bot gioca per gli assenti (normale, forte: più CPU)",
    "cmd.param.setting": "impostazione",
    "cmd.param.setting.desc": "Quale impostazione",
    "cmd.param.why": "motivo",
    "cmd.param.why.desc": "Perché (resta nel registro amministrativo)",
    "cmd.param.kind": "tipo",
    "cmd.param.kind.desc": "Solo le voci di questo tipo",
    "cmd.param.member": "membro",
    "cmd.param.member.desc": "Solo le voci in cui questo membro agisce o è coinvolto",
}
