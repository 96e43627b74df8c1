"""Tournament and rating use cases, free of Discord: sign-up, rounds, results, deadlines, ratings.

A tournament is a row, its entrants, and its tables (one per game or bye per round). The
store is the truth: every step is idempotent and resumable, so after a restart ``tick``
finishes whatever was half done (a round paired but some matches not yet created, a result
that arrived while the bot was down).

How a round runs: the pairing of the format gives tables; each table becomes a match of the
main :class:`~bot.service.Service` (so clocks, reminders, DMs and the autopilot all work as
for any match), seated in the order the pairing chose; ``opener`` (the Discord adapter)
gives each match its home before it starts (a thread, or a forum post: where the server's
setup says when the match opens, see :mod:`bot.discord.tournaments`). Results flow back through
``Service.finished_listeners``. When the last table of a round is settled, or at the round
deadline, the next round is paired, until the planned rounds are played.

At the deadline, unfinished games are settled by the organiser's rule: ``adjudicate`` ranks
the seats by the game's current public score where the game keeps one (its
``current_scores``: Rialto's victory points, Twilight's rounds won), ``autopilot`` hands
every seat to the autopilot and plays the game out. Games without a score are always
played out. The tournament announces what it did.

Handing seats to the autopilot and ending a match by adjudication go through the game
service's own calls (``hand_to_autopilot``, ``finish_with``), so its lock and its notices
apply as for any other change.

The tournament service is this module with its parts: :mod:`bot.tournaments.runner`
(running the rounds: sign-up's close, pairing, results, the deadline and the timer),
:mod:`bot.tournaments.tables` (a table's match, from creation to rating),
:mod:`bot.tournaments.rounds` (who meets whom next, pure) and
:mod:`bot.tournaments.settings` (reading the organiser's settings). Only they import the
tournament repository (:mod:`bot.tournaments.store`, built over the main store by
``Service.repository``); the records the adapter reads (``Tournament``,
``Table``, ``LogEntry``) are re-exported from here.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Collection, Mapping
from dataclasses import dataclass, replace
from typing import Any, Final

from bot.clocks import DAY, HOUR, TimeControl, parse_duration
from bot.codec import message_to_json
from bot.records import OPEN_STATUSES
from bot.service import AuditKind, Service, Where, retention
from bot.tournaments import standings as standing
from bot.tournaments.ratings import Rating
from bot.tournaments.rounds import results_of
from bot.tournaments.runner import RoundRunner
from bot.tournaments.settings import TournamentError as TournamentError
from bot.tournaments.settings import computer_level, parse_places, place_points_of, seats_per_table
from bot.tournaments.store import Announcement as Announcement
from bot.tournaments.store import Entrant as Entrant
from bot.tournaments.store import LogEntry as LogEntry
from bot.tournaments.store import NewTournament
from bot.tournaments.store import Table as Table
from bot.tournaments.store import Tournament as Tournament
from bot.tournaments.tables import Opener
from games.core import (
    Message,
    MoveError,
    msg,
    options_to_dict,
    parse_options,
)

log = logging.getLogger(__name__)

SETTLE_RULES: Final = ("autopilot", "adjudicate")
DROP_RULES: Final = ("autopilot", "forfeit")
MIN_ROUND: Final = HOUR
MAX_ROUND: Final = 60 * DAY
MAX_SIGNUP: Final = 60 * DAY
MAX_ROUNDS: Final = 30
MAX_NAME: Final = 80
HOLD_WAIT_SECONDS: Final = 10.0
"""How long a command that changes a tournament waits for another process that holds it (pairing a
round, closing its sign-up) before it answers "busy, try again"."""
ACTIVE: Final = ("signup", "running", "paused")


@dataclass(frozen=True, slots=True)
class Standings:
    """The standings as people read them."""

    tournament: Tournament
    rows: list[standing.Row]
    tiebreaks: tuple[str, ...]
    round: int


class TournamentService(RoundRunner):
    """Tournaments and ratings over the main :class:`Service`."""

    def __init__(self, service: Service, *, opener: Opener | None = None) -> None:
        super().__init__(service, opener=opener)
        service.finished_listeners.append(self.on_match_finished)

    # --- Creating and signing up -----------------------------------------------------------

    async def create(
        self,
        organiser_id: int,
        *,
        guild_id: int | None,
        channel_id: int | None,
        game_key: str,
        format_: str,
        name: str = "",
        options_text: str = "",
        rounds: int | None = None,
        table_size: int | None = None,
        place_points: str = "",
        time_limit: str | None = None,
        bank: str | None = None,
        round_time: str = "7d",
        signup_time: str = "2d",
        settle: str = "autopilot",
        drop_rule: str = "autopilot",
        check_in: bool = False,
        required_role: int | None = None,
        min_completion: int = 0,
        rated: bool = True,
        computer: str = "",
    ) -> Tournament:
        """Open a tournament for sign-up; every option is checked before anything is stored.

        ``computer`` (a level of ``games.ai``, '' for none) lets the computer play the games
        of byes and fill short tables (see :func:`bot.tournaments.rounds.seat_computers`).
        """
        game = self.service.game(game_key)
        if format_ not in standing.FORMATS:
            raise TournamentError("tournament.error.bad_format", given=format_)
        try:
            options = parse_options(game.options_type, options_text) if options_text.strip() else game.options_type()
        except MoveError as error:
            raise TournamentError(error.code, **error.params) from error
        size = seats_per_table(format_, table_size, game.min_players, game.max_players)
        try:
            game.check_options(options, size)
        except MoveError as error:
            raise TournamentError(error.code, **error.params) from error
        if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
            raise TournamentError("tournament.error.bad_rounds", given=rounds, high=MAX_ROUNDS)
        if format_ == "swiss" and rounds is None:
            raise TournamentError("tournament.error.rounds_needed")
        points = place_points_of(place_points, size)
        control = TimeControl.from_text(time_limit, bank)
        round_seconds = parse_duration(round_time)
        if not MIN_ROUND <= round_seconds <= MAX_ROUND:
            raise TournamentError("tournament.error.bad_round_time", given=round_time)
        signup_seconds = parse_duration(signup_time)
        if not 0 < signup_seconds <= MAX_SIGNUP:
            raise TournamentError("tournament.error.bad_signup_time", given=signup_time)
        if settle not in SETTLE_RULES:
            raise TournamentError("tournament.error.bad_settle", given=settle)
        if drop_rule not in DROP_RULES:
            raise TournamentError("tournament.error.bad_drop_rule", given=drop_rule)
        if not 0 <= min_completion <= 100:
            raise TournamentError("core.error.bad_completion", given=min_completion)
        computer = computer_level(computer, format_)
        now = self.clock()
        new = NewTournament(
            guild_id=guild_id,
            channel_id=channel_id,
            organiser_id=organiser_id,
            name=name.strip()[:MAX_NAME],
            game_key=game.key,
            options=options_to_dict(options),
            format=format_,
            rounds=rounds or 0,
            table_size=size,
            place_points=points,
            time_limit=control.limit,
            time_bank=control.bank,
            round_seconds=round_seconds,
            settle=settle,
            drop_rule=drop_rule,
            signup_closes=now + signup_seconds,
            check_in=check_in,
            required_role=required_role,
            min_completion=min_completion,
            rated=rated,
            computer=computer,
        )
        tournament_id = await self.store.create(new, now)
        log.info("tournament created tournament_id=%s game=%s format=%s", tournament_id, game.key, format_)
        return await self.get(tournament_id)

    async def find(self, guild_id: int | None, tournament_id: int | None, *, latest: bool = False) -> Tournament:
        """The tournament a command means: the given one, else this server's only active one.

        With ``latest``, a server with no active tournament means its most recent one (for standings).
        """
        if tournament_id is not None:
            return await self.get(tournament_id, Where(guild_id))
        active = await self.store.in_guild(guild_id, ACTIVE)
        if len(active) == 1:
            return active[0]
        if not active and latest:
            ended = await self.store.in_guild(guild_id, ("finished", "cancelled"))
            if ended:
                return ended[0]
        if not active:
            raise TournamentError("tournament.error.none_here")
        raise TournamentError("tournament.error.which", count=len(active))

    async def join(
        self, tournament_id: int, user_id: int, *, roles: Collection[int] = (), where: Where | None = None
    ) -> Tournament:
        """Sign up, if sign-up is open and the entry requirements are met."""
        tournament = await self.get(tournament_id, where)
        self._require_open(tournament)
        if tournament.required_role is not None and tournament.required_role not in roles:
            raise TournamentError("tournament.error.role_required", role=tournament.required_role)
        if tournament.min_completion:
            rate = await self.service.completion_of(user_id, tournament.guild_id)
            if rate * 100 < tournament.min_completion:
                raise TournamentError(
                    "tournament.error.completion_too_low", need=tournament.min_completion, have=round(rate * 100)
                )
        async with self._held(tournament_id) as tournament:
            self._require_open(tournament)  # another process may have closed the sign-up meanwhile
            if not await self.store.add_entrant(tournament_id, user_id, self.clock()):
                raise TournamentError("tournament.error.already_joined")
        return tournament

    def _require_open(self, tournament: Tournament) -> None:
        if tournament.status != "signup" or self.clock() >= tournament.signup_closes:
            raise TournamentError("tournament.error.signup_closed")

    async def leave(self, tournament_id: int, user_id: int, *, where: Where | None = None) -> Tournament:
        """Leave the list during sign-up, or withdraw (drop) once it runs."""
        tournament = await self.get(tournament_id, where)
        if tournament.status in ("running", "paused"):
            await self.drop(tournament_id, user_id, actor_id=user_id)
            return tournament
        async with self._held(tournament_id) as tournament:
            if tournament.status in ("running", "paused"):
                raise TournamentError("tournament.error.already_started")  # it started while we waited
            if tournament.status != "signup":
                raise TournamentError("tournament.error.over")
            if not await self.store.remove_entrant(tournament_id, user_id):
                raise TournamentError("tournament.error.not_entered")
        return tournament

    async def check_in(self, tournament_id: int, user_id: int, *, where: Where | None = None) -> Tournament:
        """Confirm one will play (tournaments with check-in)."""
        await self.get(tournament_id, where)
        async with self._held(tournament_id) as tournament:
            if not tournament.check_in:
                raise TournamentError("tournament.error.no_check_in")
            if tournament.status != "signup":
                raise TournamentError("tournament.error.signup_closed")
            if user_id not in {e.user_id for e in await self.store.entrants(tournament_id)}:
                raise TournamentError("tournament.error.not_entered")
            await self.store.set_entrant(tournament_id, user_id, checked_in=1)
        return tournament

    # --- The organiser's commands -----------------------------------------------------------

    def _require_organiser(self, tournament: Tournament, actor_id: int, is_admin: bool) -> None:
        if actor_id != tournament.organiser_id and not is_admin:
            raise TournamentError("tournament.error.organiser_only")

    @contextlib.asynccontextmanager
    async def _held(self, tournament_id: int) -> AsyncIterator[Tournament]:
        """The tournament held for one command that changes it, read again once held.

        This process's lock keeps its own runner out; the claim (:meth:`_claim`, as the runner
        takes it to pair a round or close a sign-up) keeps every other process's runner and
        commands out. The command gets the tournament as read once it holds it, so it acts on
        what is true then: a pause never lands while another process pairs the next round, a
        cancel never leaves that round's new matches running, a join never slips in after
        the sign-up closed. Another process holding it is waited for :data:`HOLD_WAIT_SECONDS`
        (its steps take seconds at most); past that the command is refused as busy and
        changes nothing. Not re-entrant: a command that holds calls no other that does.
        """
        async with self._lock(tournament_id):
            if not await self._claim(tournament_id, wait=HOLD_WAIT_SECONDS):
                raise TournamentError("tournament.error.busy")
            try:
                yield await self.get(tournament_id)
            finally:
                await self._release(tournament_id)

    @contextlib.asynccontextmanager
    async def _held_by_organiser(self, tournament_id: int, actor_id: int, is_admin: bool) -> AsyncIterator[Tournament]:
        """:meth:`_held`, for the organiser or an admin; anyone else is refused at once, without waiting."""
        self._require_organiser(await self.get(tournament_id), actor_id, is_admin)
        async with self._held(tournament_id) as tournament:
            yield tournament

    async def start(self, tournament_id: int, actor_id: int, *, is_admin: bool = False) -> Tournament:
        """Close sign-up early and start round one."""
        tournament = await self.get(tournament_id)
        self._require_organiser(tournament, actor_id, is_admin)
        if tournament.status != "signup":
            raise TournamentError("tournament.error.already_started")
        async with self._held(tournament_id) as tournament:  # another process may have closed the sign-up meanwhile
            if tournament.status != "signup":
                raise TournamentError("tournament.error.already_started")
            await self._begin(tournament, raise_if_short=True)
        await self.advance(tournament_id)
        return await self.get(tournament_id)

    async def pause(self, tournament_id: int, actor_id: int, *, is_admin: bool = False, reason: str = "") -> None:
        """Stop the round clock and hold the next round (running games go on)."""
        async with self._held_by_organiser(tournament_id, actor_id, is_admin) as tournament:
            if tournament.status != "running":
                raise TournamentError("tournament.error.not_running")
            left = None if tournament.round_deadline is None else max(0.0, tournament.round_deadline - self.clock())
            await self.store.update(tournament_id, status="paused", round_deadline=None, paused_left=left)
            await self._log_and_announce(tournament, actor_id, "pause", {}, reason, msg("tournament.event.paused"))

    async def resume(self, tournament_id: int, actor_id: int, *, is_admin: bool = False, reason: str = "") -> None:
        """Restart the round clock where it stopped."""
        async with self._held_by_organiser(tournament_id, actor_id, is_admin) as tournament:
            if tournament.status != "paused":
                raise TournamentError("tournament.error.not_paused")
            deadline = None if tournament.paused_left is None else self.clock() + tournament.paused_left
            await self.store.update(tournament_id, status="running", round_deadline=deadline, paused_left=None)
            note = msg("tournament.event.resumed", deadline_at=int(deadline) if deadline else 0)
            await self._log_and_announce(tournament, actor_id, "resume", {}, reason, note)
        await self.advance(tournament_id)

    async def cancel(self, tournament_id: int, actor_id: int, *, is_admin: bool = False, reason: str = "") -> None:
        """End the tournament now; its running games are cancelled."""
        async with self._held_by_organiser(tournament_id, actor_id, is_admin) as tournament:
            if tournament.status not in ACTIVE:
                raise TournamentError("tournament.error.over")
            await self.store.update(tournament_id, status="cancelled", round_deadline=None)
            for table in await self.store.tables(tournament_id):
                if table.match_id is not None and not table.settled:
                    match = await self.service.get_match(table.match_id)
                    if match.record.status in OPEN_STATUSES:
                        await self.service.cancel(table.match_id, actor_id, is_admin=True)
            await self._log_and_announce(
                tournament, actor_id, "cancel", {}, reason, msg("tournament.event.cancelled", user=actor_id)
            )

    async def correct(
        self,
        tournament_id: int,
        actor_id: int,
        match_id: int,
        places_text: str,
        reason: str,
        *,
        is_admin: bool = False,
    ) -> Table:
        """Replace a table's result (places by seat, e.g. ``"2,1"``); logged with who and why."""
        async with self._held_by_organiser(tournament_id, actor_id, is_admin) as tournament:
            if not reason.strip():
                raise TournamentError("tournament.error.reason_needed")
            table = await self.store.table_of_match(match_id)
            if table is None or table.tournament_id != tournament_id:
                raise TournamentError("tournament.error.not_in_tournament", match=match_id)
            if tournament.format == "elimination" and table.round != tournament.current_round:
                raise TournamentError("tournament.error.correct_past_elimination")
            places = parse_places(places_text, len(table.players))
            before = table.places
            await self.store.settle(table, places, "corrected", overwrite=True)
            detail = {"match": match_id, "before": list(before) if before else None, "after": list(places)}
            note = msg(
                "tournament.event.corrected",
                user=actor_id,
                match=match_id,
                places=", ".join(str(p) for p in places),
                reason=reason.strip(),
            )
            await self._log_and_announce(tournament, actor_id, "correct", detail, reason.strip(), note)
            self._dirty.add(tournament_id)
        await self.advance(tournament_id)
        return replace(table, places=tuple(places), settled_by="corrected")

    async def drop(
        self, tournament_id: int, user_id: int, *, actor_id: int, is_admin: bool = False, reason: str = ""
    ) -> None:
        """Withdraw a player: never paired again; their running games go by the organiser's rule."""
        if actor_id != user_id:
            self._require_organiser(await self.get(tournament_id), actor_id, is_admin)
        async with self._held(tournament_id) as tournament:
            if tournament.status not in ("running", "paused"):
                raise TournamentError("tournament.error.not_running")
            entrant = {e.user_id: e for e in await self.store.entrants(tournament_id)}.get(user_id)
            if entrant is None:
                raise TournamentError("tournament.error.not_entered")
            if entrant.status == "dropped":
                raise TournamentError("tournament.error.already_dropped")
            await self.store.set_entrant(tournament_id, user_id, status="dropped")
            rule = tournament.drop_rule
            for table in await self.store.tables(tournament_id, tournament.current_round):
                if table.match_id is None or table.settled or user_id not in table.players:
                    continue
                match = await self.service.get_match(table.match_id)
                if not match.is_running:
                    continue
                if rule == "forfeit":
                    await self.service.resign(table.match_id, user_id)
                else:
                    seat = match.seat_of(user_id)
                    if seat is not None:
                        note = msg("tournament.event.dropped_seat", user=user_id)
                        await self._hand_over(table.match_id, [seat], note)
            note = msg(f"tournament.event.dropped_{rule}", user=user_id)
            await self._log_and_announce(tournament, actor_id, "drop", {"user": user_id}, reason, note)
            self._dirty.add(tournament_id)
        await self.advance(tournament_id)

    async def _log_and_announce(
        self, tournament: Tournament, actor_id: int, action: str, detail: Mapping[str, Any], reason: str, note: Message
    ) -> None:
        now = self.clock()
        await self.store.log(tournament.id, actor_id, action, detail, reason, now)
        kind = AuditKind.KICK if action == "drop" and detail.get("user") != actor_id else AuditKind(action)
        await self.service.audit(
            kind,
            guild_id=tournament.guild_id,
            actor_id=actor_id,
            match_id=detail.get("match"),
            target_id=detail.get("user"),
            detail={"tournament": tournament.id, **detail},
            reason=reason,
        )
        await self.store.announce(tournament.id, {"messages": [message_to_json(note)]}, now)

    # --- Reading ----------------------------------------------------------------------------------

    async def standings(self, tournament_id: int) -> Standings:
        """The standings now, with the names of the tie-breaks in the order they apply."""
        tournament = await self.get(tournament_id)
        entrants = await self.store.entrants(tournament_id)
        results = results_of(await self.store.tables(tournament_id))
        dropped = frozenset(e.user_id for e in entrants if e.status == "dropped")
        rows = standing.compute(
            tournament.format,
            [e.user_id for e in entrants],
            results,
            table_size=tournament.table_size,
            place_points=tournament.place_points,
            dropped=dropped,
        )
        names = standing.tiebreak_names(tournament.format, tournament.table_size)
        return Standings(tournament, rows, names, tournament.current_round)

    async def log(self, tournament_id: int) -> list[LogEntry]:
        """Every organiser action on a tournament (corrections, pauses, drops...), oldest first."""
        await self.get(tournament_id)
        return await self.store.log_entries(tournament_id)

    async def leaderboard(self, guild_id: int | None, game_key: str, limit: int = 15) -> list[tuple[int, Rating]]:
        """The best rated players of a game on a server."""
        self.service.game(game_key)
        return await self.store.leaderboard(guild_id, game_key, limit)

    async def user_ratings(self, guild_id: int | None, user_id: int) -> dict[str, Rating]:
        """A player's ratings on a server, by game."""
        return await self.store.user_ratings(guild_id, user_id)

    # --- What the adapter posts: the sign-up message and the announcements -------------------

    async def entrants(self, tournament_id: int) -> list[Entrant]:
        """Who has signed up, by seed, then sign-up order (the sign-up post lists them)."""
        return await self.store.entrants(tournament_id)

    async def round_tables(self, tournament_id: int, round_: int) -> list[Table]:
        """The tables of one round (a pairing announcement names them)."""
        return await self.store.tables(tournament_id, round_)

    async def set_signup_message(self, tournament_id: int, message_id: int) -> None:
        """Remember the sign-up post, so that it can be kept up to date."""
        await self.store.update(tournament_id, signup_message_id=message_id)

    async def due_announcements(self) -> list[Announcement]:
        """Announcements not yet posted, oldest first."""
        return await self.store.due_announcements()

    async def claim_announcements(self) -> list[Announcement]:
        """Claim announcements not yet posted for this process, oldest first (see :mod:`bot.store.leases`).

        Each ends posted (:meth:`announcement_delivered`), failed (:meth:`announcement_failed`)
        or put off (:meth:`announcement_later`); a killed process's run out with their lease.
        """
        now = self.clock()
        return await self.store.claim_announcements(self.service.worker, now, self.service.lease_until(now))

    async def announcement_later(self, announcement_id: int) -> None:
        """An announcement cannot be posted yet (its games are being created): give back its claim."""
        await self.store.release_announcement(self.service.worker, announcement_id)

    async def announcement_delivered(self, announcement_id: int) -> None:
        """An announcement was posted (or given up): never again."""
        await self.store.delivered(announcement_id, self.clock())

    async def announcement_failed(self, announcement_id: int) -> None:
        """Count a failed attempt at posting an announcement."""
        await self.store.failed(announcement_id)

    # --- Housekeeping: delivered announcements are forgotten after a while -----------------

    async def tick(self) -> int:
        """The rounds' timed work (see :meth:`RoundRunner.tick`), then pruning old announcements."""
        done = await super().tick()
        try:
            await self.prune_announcements()  # housekeeping: not counted as something done
        except Exception:
            log.exception("pruning the tournament outbox failed")
        return done

    async def prune_announcements(self, *, batches: int = retention.PRUNE_BATCHES_PER_TICK) -> int:
        """Delete announcements delivered more than the outbox's retention ago; how many.

        The same retention, batches and yielding as the match outbox
        (:meth:`bot.service.Retention.prune_outbox`): a delivered announcement is read by
        nothing, and kept a week only to check "it was never posted" against what was.
        """
        cutoff = self.clock() - retention.OUTBOX_RETENTION
        pruned = 0
        for _ in range(batches):
            await self.service.wait_for_players()
            deleted = await self.store.prune_announcements(cutoff, retention.PRUNE_BATCH)
            pruned += deleted
            if deleted < retention.PRUNE_BATCH:
                break
        if pruned:
            log.debug("pruned %d delivered tournament announcements", pruned)
        return pruned
