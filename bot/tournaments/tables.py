"""A tournament's tables as matches: creating, housing and starting them, and taking their results.

Each table of a round becomes a match of the main :class:`~bot.service.Service`, seated in
the order the pairing chose; its result comes back here, settles the table and rates the
match. Every change of a match goes through the service (its lock, its version check).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Awaitable, Callable, Collection
from typing import Final, NamedTuple

from bot.clocks import TimeControl
from bot.records import MatchStatus
from bot.service import AuditKind, AuditRow, Match, Service
from bot.service_errors import LobbyError
from bot.tournaments import ratings
from bot.tournaments.ratings import Rating
from bot.tournaments.store import Table, Tournament, TournamentStore
from games.ai import Level
from games.core import Message, Outcome, current_scores_of, msg, options_from_dict, options_to_dict

log = logging.getLogger(__name__)

Opener = Callable[[Tournament, Match], Awaitable[None]]
"""Gives a new tournament match its home before it starts (where the setup says: :mod:`bot.discord.tournaments`)."""

DEADLINE_REASON: Final = "round deadline"
"""The reason of the audit row the round's deadline writes with its act on a match."""


class DeadlineAct(NamedTuple):
    """What the round's deadline did to a match: its table's ``settled_by``, and who had left before."""

    how: str
    left_before: frozenset[int] | None


class TableKeeper:
    """The tables' matches, over the main service and the tournament repository."""

    def __init__(self, service: Service, *, opener: Opener | None = None) -> None:
        self.service = service
        self.store = service.repository(TournamentStore)
        self.opener = opener

    def clock(self) -> float:
        """Now, by the service's clock."""
        return self.service.clock()

    async def _open_table(self, tournament: Tournament, table: Table) -> None:
        """Create, house and start the match of a table, its seats in the pairing's order."""
        game = self.service.game(tournament.game_key)
        options = options_from_dict(game.options_type, tournament.options)
        options_text = " ".join(f"{k}={v}" for k, v in options_to_dict(options).items())
        wanted = table.players
        match = await self.service.create_match(
            game.key,
            next((player for player in wanted if player >= 0), wanted[0]),  # a person, when the computer sits first
            guild_id=tournament.guild_id,
            channel_id=tournament.channel_id,
            players=len(wanted),
            options_text=options_text,
            time_control=TimeControl(tournament.time_limit, tournament.time_bank),
            rated=tournament.rated,
            seat_order=wanted,
        )
        await self.store.set_table_match(table, match.id)
        await self._house_and_start(tournament, table, match)

    async def _house_and_start(self, tournament: Tournament, table: Table, match: Match) -> None:
        """Give a table's match its home, then start it with the pairing's seat order."""
        if self.opener is not None:
            try:
                await self.opener(tournament, match)
            except Exception:
                log.exception("opening a home failed tournament_id=%s match_id=%s", tournament.id, match.id)
        await self.service.start(match.id, match.record.creator_id, keep_order=True)
        log.info(
            "tournament match started tournament_id=%s match_id=%s seats=%s", tournament.id, match.id, table.players
        )

    async def _collect(self, tournament: Tournament, table: Table) -> None:
        """Settle a table whose match ended without us hearing (a restart), or half-created."""
        assert table.match_id is not None
        match = await self.service.get_match(table.match_id)
        if match.record.status == MatchStatus.LOBBY:
            if tuple(match.record.seats) != tuple(table.players):
                match = await self.service.seat_lobby(match.id, table.players)
            await self._house_and_start(tournament, table, match)
        elif match.record.status == MatchStatus.FINISHED:
            await self._settle_from_match(table, match, "game")
        elif match.record.status == MatchStatus.CANCELLED:
            await self.store.settle(table, [len(table.players)] * len(table.players), "cancelled")

    async def _settle_from_match(self, table: Table, match: Match, how: str, *, overwrite: bool = False) -> bool:
        """Take a finished match's result: rate it, then settle its table.

        Every path that learns a result comes here (the finished callback, the timer after a
        restart or a crash, the round deadline), so none is paired on unrated; the store
        rates a match at most once, whichever path comes first. Rating comes first: a crash
        between the two leaves the table unsettled, so the timer takes it again (and rates
        nothing twice), where a settled table is never looked at again. A result the round's
        deadline brought about is rated and labelled by the act's durable record
        (:meth:`deadline_act`), whichever path takes it.
        """
        if match.outcome is None:
            return False
        act = await self.deadline_act(match.id)
        await self._rate_if_rated(match, act)
        if act is not None and how == "game":
            how = act.how
        seats, _handed = await self.service.rating_seats(match.record)
        return await self.store.settle(table, self._places_of(table, match, seats), how, overwrite=overwrite)

    async def _rate_finished(self, match: Match) -> None:
        """Rate a finished match whose table (if any) already has its result."""
        if match.record.rated and match.outcome is not None:
            await self._rate_if_rated(match, await self.deadline_act(match.id))

    async def _rate_if_rated(self, match: Match, act: DeadlineAct | None) -> None:
        if match.record.rated and match.record.guild_id is not None:
            await self.rate_match(match, left_before=act.left_before if act is not None else None)

    async def deadline_act(self, match_id: int) -> DeadlineAct | None:
        """How the round's deadline ended a match, from the audit row written with the act; None if it did not.

        The row is written in the same transaction as the hand-over (or the adjudicated
        result), so it exists exactly when the act happened, and it keeps the seats the
        autopilot held before the deadline: after a crash, whichever path later takes the
        result rates it as the deadline would have (issue 18 §5).
        """
        for entry in await self.service.match_audit(match_id):
            if entry.reason != DEADLINE_REASON:
                continue
            if entry.kind == AuditKind.ADJUDICATE:
                return DeadlineAct("adjudicated", None)
            if entry.kind == AuditKind.AUTOPILOT and "left_before" in entry.detail:
                return DeadlineAct("autopilot", frozenset(int(seat) for seat in entry.detail["left_before"]))
        return None

    async def rate_match(
        self, match: Match, *, left_before: Collection[int] | None = None
    ) -> dict[int, tuple[Rating, Rating]]:
        """Rate a finished match once; tell the table each rating change (in the end message).

        A person whose seat the autopilot took over counts as having abandoned it. At a
        round's deadline the tournament hands every seat to the autopilot by the organiser's
        rule, which is no abandonment: for such a match ``left_before`` names the seats the
        autopilot held before the deadline, and only those count as abandoned (issue 18: a
        result the tournament takes is rated, as an adjudicated one is).
        """
        outcome = match.outcome
        record = match.record
        if outcome is None:
            return {}
        # A seat that changed hands is rated for its first person, as abandoned; its
        # substitute is not rated for the match (issue 16).
        seats, handed = await self.service.rating_seats(record)
        robot_seats = record.autopilot_seats if left_before is None else left_before
        abandoned = {seat for seat in robot_seats if seats[seat] > 0} | handed
        places = ratings.rated_places(seats, outcome.ranks, abandoned)
        if not places:
            return {}
        known = await self.store.ratings(record.guild_id, record.game_key, places)
        before = {user: known.get(user, Rating()) for user in places}
        after = ratings.rate(before, places)
        if not await self.store.record_rating(
            record.id, record.guild_id, record.game_key, places, before, after, self.clock()
        ):
            return {}
        lines = [
            msg(
                "rating.event.changed",
                user=user,
                before=ratings.display(before[user]),
                after=ratings.display(after[user]),
                delta=f"{ratings.display(after[user]) - ratings.display(before[user]):+d}",
            )
            for user in places
        ]
        await self.service.post_to_board(record.id, lines, final=True)
        return {user: (before[user], after[user]) for user in places}

    def _places_of(self, table: Table, match: Match, seats: tuple[int, ...]) -> list[int]:
        """The table's places by entrant; ``seats`` name each seat's entrant (a substitute plays for them)."""
        outcome = match.outcome
        assert outcome is not None
        by_user = {user: outcome.ranks[seat] for seat, user in enumerate(seats)}
        return [by_user[p] for p in table.players]

    async def _hand_over(
        self,
        match_id: int,
        seats: Collection[int],
        note: Message,
        *,
        audit: AuditRow | None = None,
        stand_in: Level | None = None,
    ) -> None:
        """Give ``seats`` to the autopilot and let it play (``audit``: written with the hand-over).

        ``stand_in``: the level people's seats play at, in place of the server's stand-in level.
        """
        await self.service.hand_to_autopilot(match_id, seats, note, audit=audit, stand_in=stand_in)

    async def _adjudicate(self, match: Match, audit: AuditRow | None = None) -> bool:
        """End a running match by its current public score; False when the game shows none.

        ``audit``: written with the result, when this call ends the match.
        """
        seats = len(match.record.seats)
        scoring = current_scores_of(match.game)
        scores = scoring.current_scores(match.state) if scoring is not None else None
        if scores is None:
            return False
        ranks = tuple(1 + sum(1 for other in scores if other > mine) for mine in scores)
        outcome = Outcome(
            frozenset(s for s in range(seats) if ranks[s] == 1),
            ranks,
            msg("tournament.reason.adjudicated"),
            tuple(int(s) for s in scores),
        )
        with contextlib.suppress(LobbyError):  # it may have ended on its own meanwhile
            await self.service.finish_with(match.id, outcome, audit=audit)
        return True
