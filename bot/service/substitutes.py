"""Substitutes: a seat handed to another member of the server while its match runs.

A seated player offers their seat to one member (who accepts by button) or to any volunteer
(who presses "Take this seat"; the organiser or a server admin then confirms). A seat the
autopilot took over after repeated time-outs is offered the same way, by anyone playing in
the match, its organiser or an admin. The seat keeps everything (hand, history, clock bank);
only its user changes, and the substitute gets the seat's private catch-up by DM. The
offer's post is queued in the transaction that opens the offer (:func:`bot.outbox.offer_post`)
and delivered by the notifier, as every post is.

Decisions (issue 16 leaves them to us):

- The organiser is the match's creator, or for a tournament game the tournament's
  organiser; a tournament game takes substitutes only when its organiser allowed them.
- The leaver's record counts the match as finished and abandoned at once (they will not
  finish it); their rating, when the match is rated at its end, counts it as abandoned (a
  loss, as when the autopilot took a seat over). The substitute's rating is not changed by
  that match; their record counts it (they played its end).
- The seat's clock keeps its bank; if the seat must act, the substitute starts a fresh turn.
  Its time-out count restarts: three of the leaver's time-outs must not hand the newcomer's
  seat back to the autopilot at their first slip. A standing answer of the leaver is dropped.
- An offer is void once the seat changed hands or the match ended; a newer offer of the
  same seat withdraws the older one.

Every confirmation of a substitute, and a tournament's choice to take substitutes, is an
administrative act: each writes its row in the audit log (:meth:`~bot.service.audit.Audit.audit`).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, replace
from typing import Final

from bot import outbox
from bot.clocks import start_turn, time_control_of
from bot.records import ClockRecord, MatchRecord, OfferStatus, SeatOffer
from bot.service.audit import Audit, AuditKind
from bot.service.model import Match, Where
from bot.service.pipeline import Pipeline
from bot.service.replays import History
from bot.service_errors import LobbyError, NoSuchMatch, NotSeated, ServiceError, StaleMove
from bot.store import VersionConflict
from games.core import Message, Seat, msg

log = logging.getLogger(__name__)

CATCH_UP_MESSAGES: Final = 15
"""The newest private news of the seat sent to its substitute (the rest is in /game log)."""


@dataclass(frozen=True, slots=True)
class Offer:
    """A seat offer with its match as it is now (what the adapter shows and where)."""

    offer: SeatOffer
    match: Match


class Substitutes(Pipeline, History, Audit):
    """``/game sub``: offers, volunteers, confirmations, and what substitutions change in records."""

    async def offer_seat(
        self,
        match_id: int,
        user_id: int,
        *,
        to_user: int | None = None,
        seat_number: int | None = None,
        is_admin: bool = False,
        where: Where | None = None,
    ) -> Offer:
        """Offer a seat: ``user_id``'s own, or (``seat_number``, 1-based) one the autopilot took over.

        ``to_user`` names the substitute; None calls for a volunteer.

        Raises:
            ServiceError: the match does not take substitutes, the seat cannot be offered, or
                ``to_user`` cannot take it (``core.error.sub_*``); nothing changed.
        """
        async with self._lock(match_id):
            match = await self.match_for(match_id, user_id, where)
            if not match.is_running:
                raise LobbyError("core.error.not_running")
            record = match.record
            seat = self._offered_seat(match, user_id, seat_number)
            organiser = await self._organiser(record)
            allowed = user_id in record.seats or user_id == organiser or is_admin
            if seat_number is not None and not allowed:
                raise ServiceError("core.error.sub_not_allowed")
            if to_user is not None:
                self._check_substitute(record, to_user)
            offer = await self.store.create_seat_offer(
                match.id, seat, record.seats[seat], user_id, to_user, self.clock(), [outbox.offer_post(seat)]
            )
            return Offer(offer, match)

    async def standing_offer(self, match: Match, seat: Seat) -> Offer | None:
        """The open offer of ``seat`` if it still stands (its user unchanged, the match running), else None.

        What an offer's post shows when it is delivered: an offer withdrawn by a newer one,
        taken, or made void since is not posted.
        """
        offer = await self.store.open_seat_offer(match.id, seat)
        return Offer(offer, match) if offer is not None and _stands(offer, match) else None

    async def accept_seat(self, offer_id: int, user_id: int, *, where: Where | None = None) -> Offer:
        """The member an offer names accepts it: the seat is theirs."""
        offer, _match = await self._open_offer(offer_id, where, user_id)
        if offer.to_user != user_id:
            raise ServiceError("core.error.sub_not_for_you")
        return await self._substitute(offer, user_id, confirmed_by=None, where=where)

    async def volunteer(self, offer_id: int, user_id: int, *, where: Where | None = None) -> Offer:
        """``user_id`` presses "Take this seat" under a call for a volunteer; the organiser confirms."""
        offer, match = await self._open_offer(offer_id, where, user_id)
        if offer.to_user is not None:
            raise ServiceError("core.error.sub_not_for_you")
        self._check_substitute(match.record, user_id)
        if offer.volunteer is not None and offer.volunteer != user_id:
            raise ServiceError("core.error.sub_taken")
        if offer.volunteer is None and not await self.store.volunteer_for(offer_id, user_id):
            raise ServiceError("core.error.sub_taken")
        refreshed = await self.store.seat_offer(offer_id)
        assert refreshed is not None
        return Offer(refreshed, match)

    async def confirm_volunteer(
        self, offer_id: int, user_id: int, *, is_admin: bool = False, where: Where | None = None
    ) -> Offer:
        """The organiser (or a server admin) confirms the volunteer: the seat is theirs."""
        offer, match = await self._open_offer(offer_id, where, user_id)
        if offer.volunteer is None:
            raise ServiceError("core.error.sub_no_volunteer")
        if user_id != await self._organiser(match.record) and not is_admin:
            raise ServiceError("core.error.sub_organiser_only")
        return await self._substitute(offer, offer.volunteer, confirmed_by=user_id, where=where)

    async def allow_substitutes(
        self, tournament_id: int, actor_id: int, allowed: bool, *, is_admin: bool = False, where: Where | None = None
    ) -> None:
        """The organiser (or a server admin) says whether a tournament's games take substitutes.

        Raises:
            ServiceError: no such tournament on this server, or the actor is not its organiser.
        """
        guild_id = None if where is None else where.guild_id
        organiser = await self.store.tournament_organiser(tournament_id, guild_id)
        if organiser is None:
            raise ServiceError("tournament.error.no_tournament", tournament=tournament_id)
        if actor_id != organiser and not is_admin:
            raise ServiceError("tournament.error.organiser_only")
        await self.store.allow_tournament_substitutes(tournament_id, allowed)
        await self.audit(
            AuditKind.SETUP,
            guild_id=guild_id,
            actor_id=actor_id,
            detail={"tournament": tournament_id, "substitutes_allowed": allowed},
        )

    async def rating_seats(self, record: MatchRecord) -> tuple[tuple[int, ...], frozenset[Seat]]:
        """The users to rate by seat (each seat's first person) and the seats that changed hands.

        A seat that changed hands is rated as abandoned by its first person; its substitutes
        are not rated for the match.
        """
        seats = list(record.seats)
        changed: set[Seat] = set()
        for change in await self.store.substitutions(record.id):
            if change.seat not in changed:
                seats[change.seat] = change.leaver
                changed.add(change.seat)
        return tuple(seats), frozenset(changed)

    # --- The steps ----------------------------------------------------------------------------

    @staticmethod
    def _offered_seat(match: Match, user_id: int, seat_number: int | None) -> Seat:
        record = match.record
        if seat_number is None:
            seat = record.seat_of(user_id)
            if seat is None:
                raise NotSeated("core.error.not_seated")
            return seat
        seat = seat_number - 1
        if not 0 <= seat < len(record.seats) or seat not in record.autopilot_seats or record.seats[seat] <= 0:
            raise ServiceError("core.error.sub_bad_seat", seat=seat_number)
        return seat

    @staticmethod
    def _check_substitute(record: MatchRecord, user_id: int) -> None:
        if user_id <= 0:
            raise ServiceError("core.error.sub_bad_user")
        if user_id in record.seats:
            raise ServiceError("core.error.sub_already_seated")

    async def _organiser(self, record: MatchRecord) -> int:
        """Who confirms volunteers: the tournament's organiser for its games, else the creator.

        Raises:
            ServiceError: ``core.error.sub_tournament`` for a tournament that does not allow them.
        """
        tournament = await self.store.tournament_of_match(record.id)
        if tournament is None:
            return record.creator_id
        _tournament_id, organiser, allowed = tournament
        if not allowed:
            raise ServiceError("core.error.sub_tournament")
        return organiser

    async def _open_offer(self, offer_id: int, where: Where | None, user_id: int) -> tuple[SeatOffer, Match]:
        """An open offer that still stands (the seat's user unchanged, the match running)."""
        offer = await self.store.seat_offer(offer_id)
        if offer is None:
            raise ServiceError("core.error.sub_gone")
        try:
            match = await self.match_for(offer.match_id, user_id, where)
        except NoSuchMatch:
            raise ServiceError("core.error.sub_gone") from None
        if not _stands(offer, match):
            raise ServiceError("core.error.sub_gone")
        return offer, match

    async def _substitute(
        self, offer: SeatOffer, substitute: int, *, confirmed_by: int | None, where: Where | None
    ) -> Offer:
        """Give the offered seat to ``substitute``: one guarded write, then the catch-up by DM."""
        async with self._lock(offer.match_id):
            offer, match = await self._open_offer(offer.id, where, substitute)
            record = match.record
            self._check_substitute(record, substitute)
            seat = offer.seat
            count = len(record.seats)
            name = match.game.seat_name(seat, count)
            note = msg(
                "core.event.substituted",
                seat=name,
                leaver=msg("core.user", user=offer.from_user),
                substitute=msg("core.user", user=substitute),
            )
            welcome = msg("core.sub.welcome", match=match.id, seat=name)
            catch_up = await self._catch_up_of(match, seat)
            news = [msg("core.sub.news"), *catch_up] if catch_up else []  # no header over no news
            notifications = [
                outbox.board([note], sorted(match.to_move() & {seat})),
                outbox.lobby(),
                outbox.seat_note(seat, [welcome, *news], turn=False),
            ]
            try:
                version = await self.store.substitute_seat(
                    match.id,
                    match.version,
                    now=self.clock(),
                    offer_id=offer.id,
                    seat=seat,
                    leaver=offer.from_user,
                    substitute=substitute,
                    confirmed_by=confirmed_by,
                    clocks=await self._newcomer_clock(match, seat),
                    notifications=notifications,
                )
            except VersionConflict:
                self.forget(match.id)
                raise StaleMove("core.error.stale") from None
            self._remember(match.id, version, match.state)
            if confirmed_by is not None:
                await self.audit(
                    AuditKind.SUBSTITUTE,
                    guild_id=match.record.guild_id,
                    actor_id=confirmed_by,
                    match_id=match.id,
                    target_id=substitute,
                    detail={"seat": seat, "leaver": offer.from_user},
                )
            after = await self.get_match(match.id)
            done = await self.store.seat_offer(offer.id)
            assert done is not None
            return Offer(done, after)

    async def _newcomer_clock(self, match: Match, seat: Seat) -> list[ClockRecord]:
        """The seat's clock for its substitute: time-outs restart; a due seat starts a fresh turn."""
        control = time_control_of(match.record)
        clock = (await self.store.clocks(match.id)).get(seat) or ClockRecord(match.id, seat, float(control.bank))
        clock = replace(clock, timeouts=0)
        if seat in match.to_move():
            clock = start_turn(control, clock, self.clock())
        return [clock]

    async def _catch_up_of(self, match: Match, seat: Seat) -> list[Message]:
        """The newest news the seat may know, for its substitute."""
        seen = [
            event.message
            for _move, events in await self.logged_events(match.id)
            for event in events
            if event.is_visible_to(seat)
        ]
        return seen[-CATCH_UP_MESSAGES:]


def _stands(offer: SeatOffer, match: Match) -> bool:
    """Whether ``offer`` still stands: open, its match running, its seat still the offerer's."""
    return offer.status == OfferStatus.OPEN and match.is_running and match.record.seats[offer.seat] == offer.from_user
