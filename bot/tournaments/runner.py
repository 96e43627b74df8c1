"""Running a tournament's rounds: sign-up's close, pairing, results, deadlines, the timer.

Starting each round, taking results, settling the round deadline, and the timer that
resumes whatever was half done after a restart. One lock per tournament serialises its
steps; a result that arrives while a round is being started marks the tournament dirty and
the lock holder goes round again, so no result is left waiting (see
:meth:`RoundRunner.advance`). The tables' matches themselves are
:class:`~bot.tournaments.tables.TableKeeper`'s; the organiser's commands and the reading
use cases are :class:`~bot.tournaments.service.TournamentService`, built on this.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Final

from bot.codec import message_to_json
from bot.service import AuditKind, AuditRow, Match, Service, Where
from bot.tournaments import ratings
from bot.tournaments.rounds import min_entrants, pair_round, planned_rounds, seat_computers
from bot.tournaments.settings import TournamentError
from bot.tournaments.store import Tournament
from bot.tournaments.tables import DEADLINE_REASON, Opener, TableKeeper
from games.ai import Level
from games.core import Message, msg

log = logging.getLogger(__name__)

CLAIM_RETRY_SECONDS: Final = 0.2
"""How often a command that changes a tournament asks again for it while another process holds it."""


class RoundRunner(TableKeeper):
    """A tournament's rounds, from the close of sign-up to the last result."""

    def __init__(self, service: Service, *, opener: Opener | None = None) -> None:
        super().__init__(service, opener=opener)
        self._locks: dict[int, asyncio.Lock] = {}
        self._dirty: set[int] = set()

    async def get(self, tournament_id: int, where: Where | None = None) -> Tournament:
        """The tournament, or a refusal naming it; from ``where``, only that server's (ids are global)."""
        found = await self.store.get(tournament_id)
        if found is None or (where is not None and found.guild_id != where.guild_id):
            raise TournamentError("tournament.error.no_tournament", tournament=tournament_id)
        return found

    # --- Rounds -------------------------------------------------------------------------------

    def _lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    async def advance(self, tournament_id: int) -> None:
        """Do whatever the tournament is due to do now (matches to create, a round to pair).

        Results arrive while a round is being started (autopilot games can end at once);
        they mark the tournament dirty, and whoever holds its lock goes round again, so no
        result is left waiting. Across processes the tournament is claimed first
        (:meth:`_claim`): while another process is stepping it, this one leaves it, and the
        result it brought is taken up by that process's next tick at the latest.
        """
        self._dirty.add(tournament_id)
        lock = self._lock(tournament_id)
        if lock.locked():
            return
        async with lock:
            if not await self._claim(tournament_id):
                return
            try:
                while tournament_id in self._dirty:
                    self._dirty.discard(tournament_id)
                    await self._step(tournament_id)
            finally:
                await self._release(tournament_id)

    async def _claim(self, tournament_id: int, *, wait: float = 0.0) -> bool:
        """Claim the tournament's work for this process (its in-process lock held); whether it is ours.

        A claim (:mod:`bot.store.leases`) keeps two processes from pairing the same round
        or settling the same deadline; a killed process's claim runs out after the lease.
        ``wait``: seconds to keep asking while another process holds it.
        """
        loop = asyncio.get_running_loop()
        give_up = loop.time() + wait
        while True:
            now = self.clock()
            if await self.store.claim_tournament(
                self.service.worker, tournament_id, now, self.service.lease_until(now)
            ):
                return True
            if loop.time() >= give_up:
                return False
            await asyncio.sleep(CLAIM_RETRY_SECONDS)

    async def _release(self, tournament_id: int) -> None:
        """Give back this process's claim on the tournament's work."""
        await self.store.release_tournament(self.service.worker, tournament_id)

    async def _step(self, tournament_id: int) -> None:
        tournament = await self.get(tournament_id)
        if tournament.status != "running":
            return
        tables = await self.store.tables(tournament_id, tournament.current_round)
        for table in tables:
            if table.settled:
                continue
            if table.match_id is None:
                await self._open_table(tournament, table)
            else:
                await self._collect(tournament, table)
        tables = await self.store.tables(tournament_id, tournament.current_round)
        if tournament.current_round == 0 or all(t.settled for t in tables):
            await self._next_round(await self.get(tournament_id))

    async def _begin(self, tournament: Tournament, *, raise_if_short: bool) -> bool:
        """Close sign-up: check-in, the entrant minimum, seeds, planned rounds; False if cancelled."""
        now = self.clock()
        if tournament.check_in:
            gone = await self.store.drop_unchecked(tournament.id)
            if gone:
                await self.store.announce(
                    tournament.id,
                    {"messages": [message_to_json(msg("tournament.event.not_checked_in", count=len(gone)))]},
                    now,
                )
        entrants = await self.store.entrants(tournament.id)
        need = min_entrants(tournament)
        if len(entrants) < need:
            if raise_if_short:
                raise TournamentError("tournament.error.too_few", need=need, have=len(entrants))
            await self.store.update(tournament.id, status="cancelled")
            await self.store.announce(
                tournament.id,
                {"messages": [message_to_json(msg("tournament.event.too_few", need=need, have=len(entrants)))]},
                now,
            )
            return False
        known = await self.store.ratings(tournament.guild_id, tournament.game_key, [e.user_id for e in entrants])
        seeded = sorted(
            (e.user_id for e in entrants),
            key=lambda u: -known[u].ordinal if u in known else -ratings.Rating().ordinal,
        )
        await self.store.set_seeds(tournament.id, seeded)
        await self.store.update(tournament.id, status="running", rounds=planned_rounds(tournament, len(seeded)))
        log.info("tournament started tournament_id=%s entrants=%s", tournament.id, len(seeded))
        return True

    async def _next_round(self, tournament: Tournament) -> None:
        """Pair and start the next round, or finish the tournament."""
        entrants = await self.store.entrants(tournament.id)
        history = await self.store.tables(tournament.id)
        playing = [e.user_id for e in entrants if e.status == "in"]
        number = tournament.current_round + 1
        game = self.service.game(tournament.game_key)
        if number > tournament.rounds:
            slots: list[tuple[int, ...]] = []
        else:
            slots = pair_round(tournament, game.min_players, game.max_players, entrants, history, playing, number)
            slots = seat_computers(tournament, slots, number)
        now = self.clock()
        if not slots:
            await self.store.update(tournament.id, status="finished", round_deadline=None)
            await self.store.announce(
                tournament.id,
                {"messages": [message_to_json(msg("tournament.event.finished"))], "standings": True},
                now,
            )
            log.info("tournament finished tournament_id=%s", tournament.id)
            return
        deadline = now + tournament.round_seconds
        announcement = {
            "messages": [message_to_json(msg("tournament.event.round", round=number, deadline_at=int(deadline)))],
            "pairings": number,
        }
        await self.store.start_round(
            tournament.id, number, slots, deadline=deadline, announcement=announcement, now=now
        )
        self._dirty.add(tournament.id)

    # --- Results, deadlines, the timer -----------------------------------------------------------

    async def on_match_finished(self, match: Match) -> None:
        """A match ended: settle its tournament table, rate it, and move the tournament on."""
        table = await self.store.table_of_match(match.id)
        tournament = await self.store.get(table.tournament_id) if table is not None else None
        if table is not None and not table.settled:
            await self._settle_from_match(table, match, "game")
        elif table is not None:
            await self._rate_finished(match)
        else:
            await self._rate_if_rated(match, None)  # no tournament's deadline acted on it
        if tournament is not None:
            await self.advance(tournament.id)

    async def tick(self) -> int:
        """Sign-ups that close, rounds whose deadline came, and any unfinished step; returns how many acted.

        Each tournament's timed work is claimed first (:meth:`_claim`): with several
        processes on one database, exactly one closes a sign-up or settles a deadline.
        """
        done = 0
        now = self.clock()
        for tournament in await self.store.with_status(("signup", "running")):
            try:
                if tournament.status == "signup" and tournament.signup_closes <= now:
                    async with self._lock(tournament.id):
                        if not await self._claim(tournament.id):
                            continue
                        try:
                            current = await self.get(tournament.id)
                            if current.status == "signup":
                                await self._begin(current, raise_if_short=False)
                                done += 1
                        finally:
                            await self._release(tournament.id)
                elif (
                    tournament.status == "running"
                    and tournament.round_deadline is not None
                    and tournament.round_deadline <= now
                    and await self.settle_deadline(tournament.id) is not None
                ):
                    done += 1
                await self.advance(tournament.id)
            except Exception:
                log.exception("tournament tick failed tournament_id=%s", tournament.id)
        return done

    async def settle_deadline(self, tournament_id: int) -> list[Message] | None:
        """The round's time is up: settle every unfinished game by the organiser's rule, and say how.

        None when there was nothing to settle here: not due, or another process holds the
        tournament (it settles it).
        """
        async with self._lock(tournament_id):
            if not await self._claim(tournament_id):
                return None
            try:
                return await self._settle_deadline(tournament_id)
            finally:
                await self._release(tournament_id)

    async def _settle_deadline(self, tournament_id: int) -> list[Message] | None:
        """:meth:`settle_deadline`, its lock and claim held.

        Safe to run again after a crash at any point (by this process or another claimer): the
        deadline is cleared only once every table was dealt with, so the timer comes back for
        the rest; each act on a match is written with its audit row in one transaction (the
        durable record that the deadline acted, and who had left before it, see
        :meth:`deadline_act`); seats the autopilot already holds are not handed over twice; and
        a game that ended without its table being settled is left to :meth:`_collect`, which
        rates it as the deadline would have.

        The autopilot that finishes a table plays people's seats easy (the quick autopilot),
        whatever level the server chose for absent players (``/setup autopilot level:``): the
        deadline is not a player's absence but the organiser's rule to end the round now, so
        every person's seat of the table, present or not, is played alike (the level favours
        nobody) and at once. At strong, the remaining decisions of a round's tables could take
        minutes of the one worker process (0.2-0.3 s of CPU each), past the tournament's
        claim (``LEASE_SECONDS``, two minutes), and hold up every computer opponent's move
        meanwhile. Seats handed over before the deadline played at the server's level until then.
        """
        notes: list[Message] = []
        tournament = await self.get(tournament_id)
        deadline = tournament.round_deadline
        if tournament.status != "running" or deadline is None or deadline > self.clock():
            return None
        for table in await self.store.tables(tournament_id, tournament.current_round):
            if table.settled or table.match_id is None:
                continue
            match = await self.service.get_match(table.match_id)
            if not match.is_running:
                continue
            detail: dict[str, Any] = {"tournament": tournament_id, "round": tournament.current_round}
            how = "adjudicated"
            if tournament.settle == "adjudicate" and await self._adjudicate(
                match, self._deadline_audit(AuditKind.ADJUDICATE, match, detail)
            ):
                notes.append(msg("tournament.event.adjudicated", match=match.id))
            else:
                left_before = sorted(match.record.autopilot_seats)  # abandoned before the deadline
                audit = self._deadline_audit(AuditKind.AUTOPILOT, match, {**detail, "left_before": left_before})
                note = msg("tournament.event.autopilot_finishes")
                seats = range(len(match.record.seats))
                await self._hand_over(match.id, seats, note, audit=audit, stand_in=Level.EASY)
                notes.append(msg("tournament.event.autopilot_finished", match=match.id))
                how = "autopilot"
            finished = await self.service.get_match(match.id)
            await self._settle_from_match(table, finished, how, overwrite=True)
        if notes:
            await self.store.announce(
                tournament_id,
                {"messages": [message_to_json(m) for m in (msg("tournament.event.deadline"), *notes)]},
                self.clock(),
            )
        # Cleared last: a process killed half-way leaves the deadline due, and the next claimer
        # settles the tables still open (those settled already are skipped).
        await self.store.update(tournament_id, round_deadline=None)
        self._dirty.add(tournament_id)
        return notes

    def _deadline_audit(self, kind: AuditKind, match: Match, detail: dict[str, Any]) -> AuditRow:
        """The audit row of the deadline's act on a match, written in the act's own transaction."""
        return self.service.audit_row(
            kind,
            guild_id=match.record.guild_id,
            actor_id=None,
            match_id=match.id,
            detail=detail,
            reason=DEADLINE_REASON,
        )
