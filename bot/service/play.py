"""Play: a person's move, standing answers, resigning, draws, and endings decided outside the rules.

Decisions the engines leave to the platform (design.md: "match events"):
- Resigning: in a two-seat match the other seat wins; with more seats the match ends with
  the resigning seat last and the others sharing first place.
- A draw by agreement needs every seat: offers are collected until all have agreed; any
  move withdraws every standing offer.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from bot import outbox
from bot.records import ChosenBy, MatchStatus
from bot.service.model import Change, Match, Where
from bot.service.pipeline import Pipeline
from bot.service_errors import LobbyError, ServiceError, StaleMove
from bot.store import AuditRow
from games.ai import Level
from games.core import Choice, Message, NotYourTurn, Outcome, Seat, msg, standing_answers_of


class Play(Pipeline):
    """The moves and decisions of seated players."""

    async def submit_move(
        self,
        match_id: int,
        user_id: int,
        text: str,
        *,
        expected_version: int | None = None,
        where: Where | None = None,
    ) -> Change:
        """Parse, check and apply one move of ``user_id``, and store it durably.

        A move the engine accepts ends the player's vacation; a refused one changes nothing.

        Raises:
            NoSuchMatch: the match does not exist, or not ``where``.
            StaleMove: ``expected_version`` is given and the match has moved on.
            NotSeated: the user holds no seat.
            MoveError: the engine refuses the move (not your turn, illegal, malformed).
        """
        async with self._player_waiting():
            return await self._submit_move(match_id, user_id, text, expected_version, where)

    async def _submit_move(
        self, match_id: int, user_id: int, text: str, expected_version: int | None, where: Where | None
    ) -> Change:
        away = False
        async with self._lock(match_id):
            match = await self.match_for(match_id, user_id, where)
            seat = self._running_seat(match, user_id)
            if expected_version is not None and await self.is_stale(match, seat, expected_version):
                raise StaleMove("core.error.stale")
            game, state = match.game, match.state
            if seat not in game.to_move(state):
                game.parse_move(state, seat, text)  # the engine's own reason when it has one
                raise NotYourTurn("core.error.not_your_turn", "It is not your turn.")
            move = game.parse_move(state, seat, text)
            away = (await self.store.get_user(user_id)).vacation_until is not None
            change = await self._play(match, seat, move, ChosenBy.PLAYER, returning=user_id if away else None)
            # The actor sees the match after the moves nobody clicks (a forced move of their own included).
            change = replace(change, match=await self._play_automatic(change.match))
        if away:
            # The move was good and ended the vacation in this match; the player's other
            # matches hear of it once this lock is released (never two match locks at once:
            # two players coming back together would deadlock).
            for record in await self.store.matches_of_user(user_id, (MatchStatus.ACTIVE,)):
                if record.id != match_id:
                    async with self._lock(record.id):
                        await self._come_back(record, user_id)
        return change

    async def is_stale(self, match: Match, seat: Seat, version: int) -> bool:
        """Whether a choice drawn for ``seat`` at ``version`` is outdated.

        It is when the seat itself has moved since (a double click, an old turn's button).
        Other seats' moves do not outdate it: choices are only drawn for seats that must
        act, so another seat can only have moved meanwhile in a simultaneous decision (the
        engine still checks that the move is legal now).
        """
        if version == match.version:
            return False
        if version > match.version:
            return True
        return await self.store.has_moved_since(match.id, seat, version)

    async def set_standing_answer(
        self, match_id: int, user_id: int, code: str | None, *, where: Where | None = None
    ) -> Message:
        """Set (or clear, with None) the user's standing answer in a match; returns its label."""
        async with self._lock(match_id):
            match = await self.match_for(match_id, user_id, where)
            seat = self._running_seat(match, user_id)
            answering = standing_answers_of(match.game)
            if answering is None:
                raise ServiceError("core.error.no_standing", game=msg(f"{match.game.key}.title"))
            if code is None:
                await self.store.set_standing_answer(match_id, seat, None)
                label = msg("core.standing.cleared")
            else:
                choices = {choice.token: choice.label for choice in answering.standing_answers()}
                if code not in choices:
                    raise ServiceError("core.error.bad_standing", given=code)
                await self.store.set_standing_answer(match_id, seat, code)
                label = choices[code]
            await self._play_automatic(match)
            return label

    async def standing_choices(self, match: Match) -> list[Choice]:
        """The standing answers the match's game offers (none for most games)."""
        answering = standing_answers_of(match.game)
        return list(answering.standing_answers()) if answering is not None else []

    async def resign(self, match_id: int, user_id: int, *, where: Where | None = None) -> Change:
        """End the match as a loss for ``user_id``."""
        async with self._lock(match_id):
            match = await self.match_for(match_id, user_id, where)
            seat = self._running_seat(match, user_id)
            count = len(match.record.seats)
            reason = msg("core.reason.resigned", seat=match.game.seat_name(seat, count), user=user_id)
            if count == 2:
                outcome = Outcome.from_winner(1 - seat, 2, reason)
            else:
                ranks = tuple(2 if s == seat else 1 for s in range(count))
                outcome = Outcome(frozenset(s for s in range(count) if s != seat), ranks, reason)
            return await self._finish(match, outcome, seat)

    async def offer_draw(self, match_id: int, user_id: int, *, where: Where | None = None) -> Change:
        """Offer a draw, or accept the standing offer; the match is drawn once every seat agrees."""
        async with self._lock(match_id):
            match = await self.match_for(match_id, user_id, where)
            seat = self._running_seat(match, user_id)
            offers = match.record.draw_offers | (1 << seat)
            count = len(match.record.seats)
            if offers == (1 << count) - 1:
                return await self._finish(match, Outcome.from_draw(count, msg("core.reason.agreed_draw")), seat)
            if offers == match.record.draw_offers:
                raise LobbyError("core.error.draw_already_offered")
            note = msg("core.event.draw_offered", user=user_id)
            await self._write(match, draw_offers=offers, notifications=[outbox.board([note], [])])
            return Change(await self.get_match(match_id), actor_seat=seat, messages=(note,))

    async def finish_with(self, match_id: int, outcome: Outcome, *, audit: AuditRow | None = None) -> Change:
        """End a running match with an outcome decided outside the rules (an adjudication).

        ``audit``: the act's audit row, written in the same transaction as the result.
        """
        async with self._lock(match_id):
            match = await self.get_match(match_id)
            if not match.is_running:
                raise LobbyError("core.error.not_running")
            return await self._finish(match, outcome, None, audit=audit)

    async def hand_to_autopilot(
        self,
        match_id: int,
        seats: Iterable[Seat],
        note: Message,
        *,
        audit: AuditRow | None = None,
        stand_in: Level | None = None,
    ) -> Match:
        """Give ``seats`` to the autopilot for the rest of the match and let it play at once.

        ``audit``: the act's audit row, written in the same transaction as the hand-over. Seats
        the autopilot already holds change nothing: no second note, no second audit row (a
        caller re-running after a crash only lets the autopilot play on). ``stand_in``: the
        level people's seats play at now, in place of the server's (``Pipeline._computer_move``).
        """
        async with self._lock(match_id):
            match = await self.get_match(match_id)
            if not match.is_running:
                return match
            robots = set(match.record.autopilot_seats) | set(seats)
            if robots != set(match.record.autopilot_seats):
                notes = [outbox.board([note], [])]
                await self._write(match, autopilot_seats=robots, notifications=notes, audit=audit)
                match = await self.get_match(match_id)
            return await self._play_automatic(match, stand_in=stand_in)
