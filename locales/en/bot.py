"""The bot's own strings in English (keys ``core.*`` and the slash commands' ``cmd.*``).

Used by ``bot/`` (the service's errors, the Discord adapter, the console). A command's name
(``cmd.<name>``, ``cmd.param.<name>``) is 1-32 lowercase characters; a description
(``*.desc``) 1-100 characters: Discord refuses the whole sync otherwise.
"""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    # Errors of the service
    "core.error.unknown_game": "There is no game called {game!r}.",
    "core.error.no_match": "There is no match #{match} here.",
    "core.error.no_match_here": "There is no match in this channel. Give the match number, or use /game list.",
    "core.error.which_match": (
        "You are in {count, plural, one {# match} other {# matches}} here; say which one with the match option."
    ),
    "core.error.not_started": "Match #{match} has not started yet.",
    "core.error.bad_players": "This game is for {low} to {high} players.",
    "core.error.bad_level": "{given!r} is not a level of the computer; choose one of: {levels}.",
    "core.error.already_started": "This match has already started; you can no longer join or leave it.",
    "core.error.started_already": "This match has already started.",
    "core.error.cancelled": "Match #{match} was cancelled; open a new one with /game new.",
    "core.error.already_joined": "You already have a seat in this match.",
    "core.error.full": "This match is full.",
    "core.error.leave_running": "The match is running; to leave it, resign with /game resign.",
    "core.error.not_seated": "You are not playing in this match.",
    "core.error.creator_leaves": "You created this match; cancel it with /game cancel instead of leaving.",
    "core.error.creator_only": "Only the player who created the match can start it.",
    "core.error.too_few": "The match needs at least {need} players to start; it has {have}.",
    "core.error.cancel_denied": "Only the creator (before the start) or a server admin can cancel this match.",
    "core.error.over": "This match is already over.",
    "core.error.not_running": "This match is not running.",
    "core.error.draw_already_offered": "You have already offered a draw; waiting for the others.",
    "core.error.stale": "The board changed in the meantime; here is the current one.",
    "core.error.not_your_turn": "It is not your turn.",
    "core.error.internal": "Something went wrong on our side; the match is unchanged. Please try again.",
    "core.error.no_permission_thread": ("I cannot create threads here, so the match is played in this channel."),
    "core.error.no_permission_post": (
        "I cannot post in this channel (I need to send messages, attach files and embed links)."
    ),
    "core.error.bad_option": "{option!r} is not a valid option for this game.",
    "core.error.bad_options": "{problem}\nThe options of {game}: {options}.",
    "core.error.options_block_start": (
        "{problem} With these options and this many players the match cannot start; its creator can cancel it."
    ),
    "core.error.too_long": "That is too long to be a move.",
    # Lobby and match events
    "core.lobby.title": "{game} — match #{match}",
    "core.lobby.created": "{user} opened a match of {game}. Seats: {taken}/{seats}.",
    "core.lobby.players": "Players: {players}",
    "core.lobby.options": "Options: {options}",
    "core.lobby.waiting": "Waiting for players: join with the button or /game join.",
    "core.lobby.joined": "{user} joined the match.",
    "core.lobby.left": "{user} left the match.",
    "core.lobby.created_reply": "Match #{match} is open in {where}.",
    "core.event.started": "The match of {game} has started!",
    "core.event.cancelled": "The match was cancelled by {user}.",
    "core.event.standing_played": "{seat} answered with their standing answer.",
    "core.error.no_standing": "{game} has no answer to give in advance, so there is no standing answer to set.",
    "core.error.bad_standing": "{given!r} is not a standing answer of this game; pick one from the list.",
    "core.standing.set": "Standing answer set: {answer}.",
    "core.standing.cleared": "Standing answer cleared: you will be asked each time.",
    "core.event.draw_offered": "{user} offers a draw. Everyone else: /game draw to accept, or just move on.",
    "core.reason.resigned": "{user} ({seat}) resigned.",
    "core.reason.agreed_draw": "Draw by agreement.",
    # Status lines
    "core.status.to_move": "{who} to move.",
    "core.status.to_move_many": "Waiting for: {who}.",
    "core.status.winner": "{who} won.",
    "core.status.winners": "Winners: {who}.",
    "core.status.draw": "The match is drawn.",
    "core.status.cancelled": "The match was cancelled.",
    "core.status.lobby": "Waiting for players ({taken}/{seats}).",
    "core.status.match": "{game} · match #{match}",
    "core.turn.your_turn": "Your turn in {game} (match #{match}).",
    "core.turn.news": "What happened:",
    "core.turn.pick": "Choose your move:",
    "core.turn.pick_next": "Now choose:",
    "core.turn.done": "Move played: {move}.",
    "core.turn.wait": "Waiting for the others.",
    "core.turn.go_to_match": "Go to the match: {link}",
    "core.dm.closed": (
        "{user}, I could not send you a direct message. Use the “My view” button here (or /game mine) to "
        "see your private view and move; to get DMs, open this server's menu → Privacy settings → allow "
        "direct messages."
    ),
    # Buttons and menus
    "core.button.join": "Join",
    "core.button.leave": "Leave",
    "core.button.start": "Start",
    "core.button.cancel": "Cancel match",
    "core.button.play": "Play my move",
    "core.button.mine": "My view",
    "core.button.back": "Back",
    "core.button.more": "More…",
    "core.select.placeholder": "Choose…",
    # Listing
    "core.list.empty": "No open or running matches on this server. Start one with /game new.",
    "core.list.header": "Matches on this server (yours first):",
    "core.list.row": "Match #{match} · {game} · {status} · {players}",
    "core.list.status.lobby": "waiting for players",
    "core.list.status.active": "running",
    "core.list.your_turn": "your turn",
    "core.list.more": "…and {count} more.",
    "core.show.public_only": "This is the public board. Your private view comes by DM (or the “My view” button).",
    "core.not_a_player": "You are not playing in this match; you can watch the board in the thread.",
    "core.options.none": "standard rules",
    "core.alt.board": "Board of {game}, match #{match}.",
    "core.console.help": (
        "Commands:\n"
        "  as <player>                  act as another local player\n"
        "  new <game> [players] [opts]  open a match (games: {games})\n"
        "  join | leave | start | cancel [match]\n"
        "  moves                        list your legal moves (code and label)\n"
        "  standing [answer]            answer a recurring question in advance (e.g. autopass); none: clear\n"
        "  <code> | move <code>         play a move, e.g. a1=N, auto, ready, c2-c4\n"
        "  <number>                     pick a numbered choice, step by step, as the buttons do\n"
        "  new volto time=1d bank=2d    a match with a clock; vs=autopilot to play alone\n"
        "  new volto level=strong       alone against the computer at a level: easy, normal, strong\n"
        "  wait <duration>              move time forward (e.g. wait 1d) and apply what came due\n"
        "  show                         print the status and write the images\n"
        "  undo | agree | refuse        take back your last move; in a rated match, answer a request\n"
        "  sub [player] [seat=N]        hand your seat (or autopilot seat N) to a player, or call for one\n"
        "  accept | take | confirm      accept a seat offered to you; volunteer for one; confirm the volunteer\n"
        "  resign | draw | claim | list | help | quit"
    ),
    "core.console.now": "The console's clock now reads {now_at}.",
    "core.console.lobby": "[match #{match}, lobby post]",
    "core.console.channel": "[match #{match}, channel]",
    "core.console.dm": "[DM to {name}]",
    "core.console.image": "image: {path}",
    "core.console.replay": "replay: {path}",
    "core.console.choices": "Choices (type the number, as the buttons offer them):",
    "core.console.choices_next": "Next (type the number; 0 goes back):",
    "core.console.no_choice": "There is no choice {number}: type a number from the list, or moves.",
    "core.console.game_options": "Options of {game} (add them to new): {options}",
    "core.console.unknown_player": "There is no local player {name!r}; the players are: {players}.",
    # Slow play
    "core.replay.alt": "Animated replay of {game}, match #{match}, from the public boards.",
    "core.error.not_finished": "Match #{match} is not over yet.",
    "core.digest.header": "Reminder: {count, plural, one {# game is} other {# games are}} waiting for your move.",
    "core.digest.play": "Play #{match} · {game}",
    "core.post.earlier": "… {count, plural, one {# earlier line} other {# earlier lines}}: see /game log.",
    "core.duration.days": "{count, plural, one {# day} other {# days}}",
    "core.duration.hours": "{count, plural, one {# hour} other {# hours}}",
    "core.duration.minutes": "{count, plural, one {# minute} other {# minutes}}",
    "core.export.final": "The record of the match: the seed and every move; check it with python -m bot.verify.",
    "core.export.running": (
        "The record of the match so far: public information only (the seed and the moves come at the end)."
    ),
    "core.log.attached": "The log has {count, plural, one {# entry} other {# entries}}; here it is as a file.",
    "core.log.empty": "Nothing public has happened yet.",
    "core.mygames.deadline": "time runs out {deadline_at}",
    "core.mygames.header": "Your matches on this server (waiting on you first):",
    "core.mygames.none": "You have no running matches on this server.",
    "core.mygames.row": "Match #{match} · {game} · {state}",
    "core.mygames.waiting_others": "waiting for the others",
    "core.mygames.your_turn": "**your move**",
    "core.profile.empty": "No finished matches yet.",
    "core.profile.header": "Record of {user} on this server:",
    "core.profile.row": (
        "{game}: {finished} finished · {won} won · {drawn} drawn · {abandoned} abandoned · {timeouts, "
        "plural, one {# time-out} other {# time-outs}} · completion {completion}% · average time to move "
        "{think}"
    ),
    "core.quiet.off": "Quiet hours are off: reminders may come at any hour.",
    "core.quiet.set": "Quiet hours: no reminders from {start} to {end} ({timezone}).",
    "core.vacation.ended": "Welcome back! Your clocks run again.",
    "core.vacation.mode.autopilot": "the autopilot plays for me",
    "core.vacation.mode.clock": "my clock keeps running",
    "core.vacation.not_away": "You are not on vacation.",
    "core.vacation.started": (
        "Enjoy your vacation until {until_at}. Two-player clocks are paused; in larger matches {mode}."
        " Any move, or /vacation end, brings you back."
    ),
    "core.autopilot.name": "Autopilot",
    "core.level.easy": "easy (the autopilot)",
    "core.level.normal": "normal",
    "core.level.strong": "strong",
    "core.error.already_on_vacation": "You are already on vacation; come back first with /vacation end.",
    "core.error.bad_clock_time": "{given!r} is not a time of day; write it like 22:30.",
    "core.error.bad_completion": "{given} is not a percentage between 0 and 100.",
    "core.error.bad_duration": "{given!r} is not a duration; write it like 12h, 3d or 1w.",
    "core.error.duration_too_long": "{given!r} is too long; a duration is at most {high}.",
    "core.error.bad_timezone": "{given!r} is not a time zone; use a name like Europe/Moscow or America/New_York.",
    "core.error.bad_vacation_mode": "{given!r} is not a vacation mode; choose autopilot or clock.",
    "core.error.bank_range": "A time bank of {given!r} is out of range: at most {high}.",
    "core.error.bank_without_limit": "A time bank needs a time limit per move.",
    "core.error.claim_not_due": "There is no win to claim: your opponent's last move was not a time-out.",
    "core.error.completion_too_low": ("This match asks for a completion rate of at least {need}%; yours is {have}%."),
    "core.error.limit_range": "A time limit of {given!r} is out of range: from {low} to {high}.",
    "core.error.vacation_days": (
        "You asked for {asked, plural, one {# day} other {# days}} of vacation; you have {left, plural, "
        "one {# day} other {# days}} left this year."
    ),
    "core.event.back": "{user} is back from vacation.",
    "core.event.downtime_grace": (
        "The bot was offline when {seat}'s time ran out; they have until {until_at} to move."
    ),
    "core.event.handed_over": (
        "{seat} has run out of time {count, plural, one {once} other {# times}}: the autopilot plays for "
        "them for the rest of the match."
    ),
    "core.event.may_claim": "{seat} may claim the win instead: /game claim.",
    "core.event.seed_commitment": (
        "Fair shuffles: the seed of this match has the fingerprint {commitment}; it is revealed at the end."
    ),
    "core.event.seed_revealed": ("The seed was {seed}: check the fingerprint and replay the match with /game export."),
    "core.event.timed_out": "{seat}'s time ran out ({user}); the move was played for them.",
    "core.event.vacation": "{user} is on vacation until {until_at}.",
    "core.event.autopilot_played": "The autopilot moves for {seat}.",
    "core.event.forced_played": "{seat} had only one possible move, so the bot made it for them.",
    "core.event.vacation_played": "{seat} is on vacation: the autopilot moves for them.",
    "core.reason.claimed_timeout": "{seat} ran out of time and the win was claimed.",
    "core.turn.timed_out_you": "Your time ran out, so this was played for you: {move}.",
    # Slash commands (translated at sync time)
    "cmd.claim": "claim",
    "cmd.claim.desc": "Claim the win after your opponent's time ran out",
    "cmd.log": "log",
    "cmd.log.desc": "Every move so far, in words",
    "cmd.export": "export",
    "cmd.export.desc": "The match record as a file (complete once the match is over)",
    "cmd.mygames": "mygames",
    "cmd.mygames.desc": "All your running matches here, those waiting on you first",
    "cmd.vacation": "vacation",
    "cmd.vacation.desc": "Go away for a few days without losing your matches",
    "cmd.vacation_start.desc": "Start a vacation",
    "cmd.vacation_end.desc": "Come back from vacation",
    "cmd.end": "end",
    "cmd.quiet": "quiet",
    "cmd.quiet.desc": "Quiet hours: no reminders at night",
    "cmd.set": "set",
    "cmd.quiet_set.desc": "Set your quiet hours",
    "cmd.off": "off",
    "cmd.quiet_off.desc": "Turn quiet hours off",
    "cmd.profile": "profile",
    "cmd.profile.desc": "A player's record on this server",
    "cmd.param.time_limit": "time_limit",
    "cmd.param.time_limit.desc": "Time per move, e.g. 12h, 1d, 3d, 7d (empty: no clock)",
    "cmd.param.bank": "bank",
    "cmd.param.bank.desc": "Extra time each player may spend over the limit, e.g. 2d",
    "cmd.param.rated": "rated",
    "cmd.param.rated.desc": "Whether the games count for the ratings",
    "cmd.param.computer": "computer",
    "cmd.param.computer.desc": "The computer plays byes and fills short tables, at this level",
    "cmd.param.vs_autopilot": "vs_autopilot",
    "cmd.param.vs_autopilot.desc": "Play alone against the autopilot",
    "cmd.param.level": "level",
    "cmd.param.level.desc": "With vs_autopilot: how well the computer plays",
    "cmd.param.min_completion": "min_completion",
    "cmd.param.min_completion.desc": "Only players who finish at least this % of their matches may join",
    "cmd.param.days": "days",
    "cmd.param.days.desc": "How many days you will be away",
    "cmd.param.mode": "mode",
    "cmd.param.mode.desc": "In matches of three or more: autopilot plays for you, or your clock keeps running",
    "cmd.param.start": "start",
    "cmd.param.start.desc": "When quiet hours begin, e.g. 22:30",
    "cmd.param.end": "end",
    "cmd.param.end.desc": "When quiet hours end, e.g. 08:00",
    "cmd.param.timezone": "timezone",
    "cmd.param.timezone.desc": "Your time zone, e.g. Europe/Moscow",
    "cmd.param.user": "user",
    "cmd.param.user.desc": "Whose record (default: yours)",
    "cmd.game": "game",
    "cmd.game.desc": "Play Venetian board games: open, join and manage matches",
    "cmd.new": "new",
    "cmd.new.desc": "Open a new match in this channel",
    "cmd.join": "join",
    "cmd.join.desc": "Take a seat in a match that is waiting for players",
    "cmd.leave": "leave",
    "cmd.leave.desc": "Give up your seat before the match starts",
    "cmd.start": "start",
    "cmd.start.desc": "Start your match before every seat is taken",
    "cmd.cancel": "cancel",
    "cmd.cancel.desc": "Cancel a match (its creator before the start, or an admin)",
    "cmd.resign": "resign",
    "cmd.resign.desc": "Resign from a running match",
    "cmd.draw": "draw",
    "cmd.draw.desc": "Offer a draw, or accept the one offered",
    "cmd.show": "show",
    "cmd.show.desc": "Show the current board",
    "cmd.standing": "standing",
    "cmd.standing.desc": "Answer a recurring question in advance (a rescue, passing with nothing to play)",
    "cmd.param.answer": "answer",
    "cmd.param.answer.desc": "Your answer; leave empty to be asked each time",
    "cmd.mine": "mine",
    "cmd.mine.desc": "Your private view and your moves, visible only to you",
    "cmd.list": "list",
    "cmd.list.desc": "This server's matches, yours first",
    "cmd.move": "move",
    "cmd.move.desc": "Play a move by its code",
    "cmd.param.game": "game",
    "cmd.param.game.desc": "Which game to play",
    "cmd.param.players": "players",
    "cmd.param.players.desc": "Number of seats (where the game allows a choice)",
    "cmd.param.options": "options",
    "cmd.param.options.desc": "Variant options, e.g. rook_soldier=true",
    "cmd.param.match": "match",
    "cmd.param.match.desc": "The match number (default: the match of this thread)",
    "cmd.param.code": "code",
    "cmd.param.code.desc": "The move, e.g. c2-c4; start typing to see your legal moves",
}
