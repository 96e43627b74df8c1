"""Tournaments and ratings in English (``bot/tournaments/``), with their command names."""

from __future__ import annotations

from typing import Final

MESSAGES: Final[dict[str, str]] = {
    # Refusals
    "tournament.error.bad_format": "{given!r} is not a tournament format.",
    "tournament.error.needs_two_seats": "{format} needs a game for two players.",
    "tournament.error.needs_tables": "Swiss pods need a game for three or more players.",
    "tournament.error.bad_table_size": ("Tables of {given} do not suit this game and format; choose {low} to {high}."),
    "tournament.error.bad_rounds": (
        "{given, plural, one {# round is} other {# rounds is}} not possible; choose 1 to {high}."
    ),
    "tournament.error.rounds_needed": "A Swiss tournament needs a number of rounds.",
    "tournament.error.bad_points": (
        "{given!r} is not a list of points per place: give one number from 0 to 1000 per place, "
        "best place first, never increasing (for example 4,2,1,0)."
    ),
    "tournament.error.bad_round_time": "{given!r} is not a round length between 1 hour and 60 days.",
    "tournament.error.bad_signup_time": "{given!r} is not a sign-up period of at most 60 days.",
    "tournament.error.bad_settle": "{given!r} is not a deadline rule; choose autopilot or adjudicate.",
    "tournament.error.bad_drop_rule": "{given!r} is not a rule for drops; choose autopilot or forfeit.",
    "tournament.error.bad_computer": "{given!r} is not a level of the computer; choose none or one of: {levels}.",
    "tournament.error.computer_elimination": (
        "A single elimination cannot seat the computer: its byes are the bracket's, and the computer cannot go through."
    ),
    "tournament.error.no_tournament": "There is no tournament #{tournament} on this server.",
    "tournament.error.none_here": "There is no tournament running on this server.",
    "tournament.error.which": (
        "{count, plural, one {# tournament is} other {# tournaments are}} open here; say which one with "
        "the tournament option."
    ),
    "tournament.error.signup_closed": "Sign-up for this tournament is closed.",
    "tournament.error.role_required": "This tournament is open only to players with the <@&{role}> role.",
    "tournament.error.completion_too_low": ("This tournament asks for a completion rate of {need}%; yours is {have}%."),
    "tournament.error.already_joined": "You are already signed up.",
    "tournament.error.over": "This tournament is over.",
    "tournament.error.busy": (
        "This tournament is being changed right now (a round being paired, or another command); try again in a moment."
    ),
    "tournament.error.not_entered": "You are not signed up for this tournament.",
    "tournament.error.no_check_in": "This tournament has no check-in; being signed up is enough.",
    "tournament.error.organiser_only": "Only the organiser or a server admin can do that.",
    "tournament.error.already_started": "This tournament has already started.",
    "tournament.error.not_running": "This tournament is not running.",
    "tournament.error.not_paused": "This tournament is not paused.",
    "tournament.error.reason_needed": "Say why: every correction is logged with its reason.",
    "tournament.error.not_in_tournament": "Match #{match} is not a game of this tournament.",
    "tournament.error.correct_past_elimination": (
        "In a knockout only games of the current round can be corrected: later rounds are built on the others."
    ),
    "tournament.error.bad_places": ("{given!r} is not a result: give a place for each of the {count} seats, like 2,1."),
    "tournament.error.already_dropped": "That player has already left the tournament.",
    "tournament.error.too_few": "The tournament needs at least {need} players to start; it has {have}.",
    # Names
    "tournament.format.swiss": "Swiss",
    "tournament.format.pods": "Swiss pods",
    "tournament.format.round_robin": "Round robin",
    "tournament.format.elimination": "Single elimination",
    "tournament.settle.autopilot": "the autopilot finishes unfinished games",
    "tournament.settle.adjudicate": "unfinished games are adjudicated by the current score",
    "tournament.status.signup": "sign-up open",
    "tournament.status.running": "round {round} of {rounds}",
    "tournament.status.paused": "paused",
    "tournament.status.finished": "finished",
    "tournament.status.cancelled": "cancelled",
    # Events
    "tournament.event.paused": "The tournament is paused: the round clock stops and no new round starts.",
    "tournament.event.resumed": "The tournament goes on; this round ends {deadline_at}.",
    "tournament.event.cancelled": "{user} cancelled the tournament; its running games are cancelled.",
    "tournament.event.corrected": "{user} corrected match #{match}: places {places}. Reason: {reason}",
    "tournament.event.dropped_seat": "{user} left the tournament; the autopilot plays their seat.",
    "tournament.event.dropped_autopilot": (
        "{user} left the tournament; the autopilot finishes their games and they will not be paired again."
    ),
    "tournament.event.dropped_forfeit": (
        "{user} left the tournament; their running games are forfeited and they will not be paired again."
    ),
    "tournament.event.not_checked_in": (
        "{count, plural, one {# player} other {# players}} did not check in and {count, plural, one {is} "
        "other {are}} not playing."
    ),
    "tournament.event.too_few": (
        "Sign-up has closed with {have, plural, one {# player} other {# players}}, but the tournament "
        "needs {need}: it is cancelled."
    ),
    "tournament.event.finished": "The tournament is over! Final standings:",
    "tournament.event.round": "Round {round} has started; it ends {deadline_at}.",
    "tournament.event.deadline": "The round's time is up.",
    "tournament.event.adjudicated": "Match #{match} was adjudicated by its current score.",
    "tournament.event.autopilot_finishes": (
        "The tournament round is over: the autopilot finishes this game for every seat."
    ),
    "tournament.event.autopilot_finished": "Match #{match} was finished by the autopilot.",
    "tournament.reason.adjudicated": "Adjudicated at the round deadline by the current score.",
    # Posts
    "tournament.signup.title": "🏆 **{name}** — tournament #{tournament}",
    "tournament.signup.details": "{game} · {format} · {rounds} · organiser {organiser}",
    "tournament.signup.rounds": "{count, plural, one {# round} other {# rounds}}",
    "tournament.signup.rounds_auto": "rounds by the format",
    "tournament.signup.clock": "Games: {clock}. Each round lasts up to {round}; then {settle}.",
    "tournament.signup.untimed": "no clock",
    "tournament.signup.closes": "Sign-up closes {closes_at}.",
    "tournament.signup.role": "Open to: <@&{role}>.",
    "tournament.signup.completion": "Minimum completion rate: {need}%.",
    "tournament.signup.computer": "Byes and short tables play against the computer ({level}).",
    "tournament.signup.check_in": "Check-in required: press Check in before sign-up closes.",
    "tournament.signup.rated": "Rated.",
    "tournament.signup.unrated": "Not rated.",
    "tournament.signup.entrants": "Players ({count}): {players}",
    "tournament.signup.nobody": "Players: nobody yet.",
    "tournament.signup.checked": "✅",
    "tournament.signup.closed": "Sign-up is closed: {status}.",
    "tournament.button.join": "Join",
    "tournament.button.leave": "Leave",
    "tournament.button.check_in": "Check in",
    "tournament.reply.created": "Tournament #{tournament} is open for sign-up in {where}.",
    "tournament.reply.joined": "You are signed up for {name}.",
    "tournament.reply.left": "You have left {name}.",
    "tournament.reply.checked_in": "You are checked in for {name}.",
    "tournament.reply.started": "Tournament #{tournament} has started.",
    "tournament.reply.done": "Done.",
    "tournament.pairing.table": "Table {table}: {players} — {where}",
    "tournament.pairing.bye": "Bye (one point): {user}",
    "tournament.pairing.vs": " vs ",
    "tournament.standings.title": "{name} — standings after round {round}",
    "tournament.standings.header": "#  Player  Points  Games",
    "tournament.standings.row": (
        "{rank}. {player} — {points, plural, one {# pt} other {# pts}}, {games, plural, one {# game} other "
        "{# games}}{tiebreaks}{dropped}"
    ),
    "tournament.standings.dropped": " (left)",
    "tournament.standings.empty": "No results yet.",
    "tournament.log.title": "Log of tournament #{tournament}",
    "tournament.log.row": "{at} · {actor} · {action} · reason: {reason}",
    "tournament.log.empty": "Nothing has been changed by hand.",
    "tournament.action.pause": "paused",
    "tournament.action.resume": "resumed",
    "tournament.action.cancel": "cancelled",
    "tournament.action.correct": "corrected a result",
    "tournament.action.drop": "dropped a player",
    "cmd.tlog.desc": "Who changed what in the tournament, and why",
    "tournament.column.rank": "#",
    "tournament.column.player": "Player",
    "tournament.column.points": "Pts",
    "tournament.column.games": "Games",
    "tournament.tiebreak.buchholz": "Buchholz",
    "tournament.tiebreak.median_buchholz": "Median Buchholz",
    "tournament.tiebreak.sonneborn_berger": "Sonneborn–Berger",
    "tournament.tiebreak.sum_of_places": "Sum of places",
    "tournament.tiebreak.opponents_points": "Opponents' points",
    "tournament.tiebreak.short.buchholz": "Bh",
    "tournament.tiebreak.short.median_buchholz": "MBh",
    "tournament.tiebreak.short.sonneborn_berger": "SB",
    "tournament.tiebreak.short.sum_of_places": "ΣPl",
    "tournament.tiebreak.short.opponents_points": "OpP",
    "tournament.footer.pairs": "Win 1, draw ½, loss 0, bye 1.",
    "tournament.footer.tables": "Points per place: {points}.",
    "tournament.footer.elimination": (
        "Order: the round reached (champion, finalist, semi-finalists…), then seed. "
        "Points: win 1, draw ½ (the better seed goes on), bye or walkover 1."
    ),
    "tournament.footer.buchholz": "Bh: the sum of your opponents' points.",
    "tournament.footer.median_buchholz": "MBh: the same without your best and worst opponent.",
    "tournament.footer.sonneborn_berger": "SB: points of the opponents you beat, plus half of those you drew with.",
    "tournament.footer.sum_of_places": "ΣPl: the sum of your places (lower is better).",
    "tournament.footer.opponents_points": "OpP: the points of everyone you sat with.",
    "tournament.footer.order": "Ties are broken in the order of the columns.",
    "tournament.standings.alt": "Standings table of {name}: {count, plural, one {# player} other {# players}}.",
    # Ratings
    "rating.event.changed": "Rating of {user}: {before} → {after} ({delta}).",
    "rating.leaderboard.title": "{game}: the best rated players here",
    "rating.leaderboard.row": (
        "{rank}. {user} — {rating}{provisional} · {games, plural, one {# game} other {# games}}"
    ),
    "rating.leaderboard.empty": "Nobody has a rating in {game} here yet.",
    "rating.provisional": " (provisional)",
    "rating.profile.title": "Ratings of {user}",
    "rating.profile.row": "{game}: {rating}{provisional} · {games, plural, one {# game} other {# games}}",
    "rating.profile.empty": "No rated games yet.",
    "rating.profile.note": "Ratings are OpenSkill (Plackett–Luce), shown as 1000 + 40 × (μ − 3σ).",
    # Commands
    "cmd.tournament": "tournament",
    "cmd.tournament.desc": "Community tournaments",
    "cmd.create": "create",
    "cmd.create.desc": "Open a tournament for sign-up in this channel",
    "cmd.checkin": "checkin",
    "cmd.checkin.desc": "Confirm you will play (tournaments with check-in)",
    "cmd.pause": "pause",
    "cmd.pause.desc": "Pause the tournament (organiser)",
    "cmd.resume": "resume",
    "cmd.resume.desc": "Resume the tournament (organiser)",
    "cmd.drop": "drop",
    "cmd.drop.desc": "Withdraw a player from the tournament (organiser)",
    "cmd.correct": "correct",
    "cmd.correct.desc": "Correct a game's result (organiser; logged)",
    "cmd.standings": "standings",
    "cmd.standings.desc": "The tournament standings, as a table and as text",
    "cmd.tjoin.desc": "Sign up for the tournament",
    "cmd.tleave.desc": "Leave the tournament (during sign-up), or withdraw from it",
    "cmd.tstart.desc": "Close sign-up and start round one (organiser)",
    "cmd.tcancel.desc": "Cancel the tournament (organiser)",
    "cmd.leaderboard": "leaderboard",
    "cmd.leaderboard.desc": "The best rated players of a game on this server",
    "cmd.rating": "rating",
    "cmd.rating.desc": "A player's ratings on this server",
    "cmd.param.format": "format",
    "cmd.param.format.desc": "Swiss, Swiss pods, round robin or single elimination",
    "cmd.param.name": "name",
    "cmd.param.name.desc": "The tournament's name",
    "cmd.param.rounds": "rounds",
    "cmd.param.rounds.desc": "Number of rounds (Swiss, pods)",
    "cmd.param.table_size": "table_size",
    "cmd.param.table_size.desc": "Players per table (pods and table round robins: 3 to 5)",
    "cmd.param.points": "points",
    "cmd.param.points.desc": "Points per place, best first, e.g. 4,2,1,0",
    "cmd.param.round_time": "round_time",
    "cmd.param.round_time.desc": "How long a round may last, e.g. 7d",
    "cmd.param.signup_time": "signup_time",
    "cmd.param.signup_time.desc": "How long sign-up stays open, e.g. 2d",
    "cmd.param.settle": "deadline_rule",
    "cmd.param.settle.desc": "What happens to unfinished games at the round deadline",
    "cmd.param.drop_rule": "drop_rule",
    "cmd.param.drop_rule.desc": "What happens to the running games of a player who leaves",
    "cmd.param.check_in": "check_in",
    "cmd.param.check_in.desc": "Ask players to check in before the start",
    "cmd.param.role": "role",
    "cmd.param.role.desc": "Only players with this role may join",
    "cmd.param.tournament": "tournament",
    "cmd.param.tournament.desc": "Tournament number (by default the only one running here)",
    "cmd.param.reason": "reason",
    "cmd.param.reason.desc": "Why (kept in the tournament log)",
    "cmd.param.places": "places",
    "cmd.param.places.desc": "Places by seat, e.g. 2,1 (1 is the winner; 1,1 is a draw)",
    "cmd.param.player": "player",
    "cmd.param.player.desc": "The player",
    "tournament.choice.autopilot": "autopilot",
    "tournament.choice.adjudicate": "adjudicate by score",
    "tournament.choice.forfeit": "forfeit",
    "tournament.choice.no_computer": "no computer",
}
