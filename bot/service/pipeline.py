"""The one move pipeline: apply a move, then commit it with its clocks and notifications.

Every move of every match comes through :meth:`Pipeline._play`, whoever chose it (a person,
a standing answer, the autopilot, a player's vacation, a time-out): the engine applies it,
the move row, the snapshot, the clocks and the notifications are written in one guarded
transaction, and a finished match is announced. This is the service's one master update,
in the manner of boardgame.io's; the use cases only decide *which* move and *who chose it*.

A match that ends outside the rules (resignation, agreed draw, claimed time-out,
adjudication) goes through the other commit, :meth:`Pipeline._finish`.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, Final

from bot import ai_worker, outbox
from bot.clocks import bank_after, start_turn, time_control_of
from bot.codec import event_to_json, outcome_to_json
from bot.records import ChosenBy, ClockRecord, MatchRecord, MatchStatus, MoveRow, NewNotification, VacationMode
from bot.service.model import Change, Match
from bot.service.servers import Servers
from bot.service.vacations import Vacations
from bot.store import AuditRow
from games.ai import Level
from games.core import (
    AnyGame,
    Event,
    Message,
    Outcome,
    Seat,
    forced_moves_of,
    msg,
    quiet_moves_of,
    standing_answers_of,
    turn_ends_of,
    turn_status_of,
)

log = logging.getLogger(__name__)

MAX_AUTOMATIC_MOVES: Final = 100_000
"""A safety bound: automatic moves stop (with a log line) if a match never needs a person."""


class Pipeline(Vacations, Servers):
    """Applying and committing moves, and the automatic moves that follow them.

    It stands on :class:`~bot.service.vacations.Vacations` because a person's own move
    ends their vacation inside the pipeline, before the clocks are worked out, and on
    :class:`~bot.service.servers.Servers` because the server chooses how well the bot
    plays for its absent players (:meth:`_computer_move`).
    """

    async def _play(
        self,
        match: Match,
        seat: Seat,
        move: Any,
        chosen_by: ChosenBy,
        *,
        notes: Sequence[Message] = (),
        extra: Iterable[NewNotification] = (),
        autopilot_seats: Iterable[Seat] | None = None,
        returning: int | None = None,
        audit: AuditRow | None = None,
    ) -> Change:
        """Apply ``move`` for ``seat`` and commit it (the match's lock held).

        ``notes`` go before the engine's events (who chose the move, and why); ``extra``
        are further notifications of the same write; ``autopilot_seats`` replaces the
        seats the autopilot plays. ``returning`` is a player on vacation whose own move
        this is: the move ends the vacation, here before the clocks are worked out.
        ``audit`` is the administrative act that goes with the move (a seat handed over).

        Raises:
            MoveError: the engine refuses the move; nothing is written.
        """
        game = match.game
        state, engine_events = game.apply(match.state, seat, move)
        if returning is not None:
            await self._leave_vacation(returning)
            await self._come_back(match.record, returning)
        noted = [Event(note) for note in notes]
        code = game.move_code(move)
        quiet = (quieting := quiet_moves_of(game)) is not None and quieting.is_quiet(match.state, seat, code)
        # A forced move closes the post of the turn that led to it: when its seat then acts
        # itself, the channel hears the turn before (and whom it waits for) now, not once
        # that seat has made up its mind, maybe days later.
        ends = chosen_by is ChosenBy.FORCED or (
            (ending := turn_ends_of(game)) is not None and ending.ends_turn(match.state, seat, code)
        )
        forced = forced_seats(game, state)
        played = game.describe_move(match.state, seat, move)
        change = await self._commit(
            match,
            seat,
            code,
            state,
            noted,
            engine_events,
            chosen_by,
            extra,
            autopilot_seats,
            quiet=quiet or bool(forced),
            ends_turn=ends,
            forced=forced,
            audit=audit,
        )
        return replace(change, played=played)

    async def _commit(
        self,
        match: Match,
        seat: Seat,
        code: str,
        state: Any,
        notes: list[Event],
        engine_events: list[Event],
        chosen_by: ChosenBy,
        extra: Iterable[NewNotification],
        autopilot_seats: Iterable[Seat] | None,
        *,
        quiet: bool = False,
        ends_turn: bool = False,
        forced: frozenset[Seat] = frozenset(),
        audit: AuditRow | None = None,
    ) -> Change:
        """Write one applied move: the log row, the snapshot, the clocks and the notifications.

        The log row keeps the notes apart from the engine's events: once the match ends, the
        engine's events are dropped from the log (replay gives them back), the notes are not.

        ``quiet``: the move changed nothing on the public board (a pass), so its news waits
        for the next post that shows a change. ``ends_turn``: the move closes the seat's
        turn even if the same seat acts next (a new round). ``forced``: the seats now due
        whose lone move the automatic moves play next; they are not asked to act, and the
        news waits to go out with that move's post.
        """
        game, record = match.game, match.record
        events = [*notes, *engine_events]
        before = game.to_move(match.state)
        after = game.to_move(state)
        outcome = game.outcome(state)
        now = self.clock()
        fields: dict[str, Any] = {"state_json": dump_state(game, state), "ply": record.ply + 1, "draw_offers": 0}
        if outcome is not None:
            fields.update(status=MatchStatus.FINISHED, outcome=outcome_to_json(outcome))
        old_clocks = await self.store.clocks(record.id)
        clocks = await self._turn_clocks(record, old_clocks, before, after if outcome is None else frozenset(), now)
        mover = old_clocks.get(seat)
        think = None if mover is None or mover.turn_started is None else max(0.0, now - mover.turn_started)
        actor = seat if chosen_by == ChosenBy.PLAYER else None
        notifications = move_notifications(
            events,
            before,
            after,
            actor,
            len(record.seats),
            outcome,
            chosen_for=None if actor is not None else seat,
            quiet=quiet,
            ends_turn=ends_turn,
            forced=forced,
        )
        if outcome is not None:
            notifications.append(outbox.board([msg("core.event.seed_revealed", seed=str(record.seed))], final=True))
        elif after == before and status_changed(game, match.state, state):
            notifications.append(outbox.lobby())
        row = MoveRow(
            record.ply,
            seat,
            code,
            [event_to_json(e) for e in engine_events],
            chosen_by,
            think,
            [event_to_json(e) for e in notes],
        )
        version = await self._write(
            match,
            move=row,
            clocks=clocks,
            notifications=[*notifications, *extra],
            autopilot_seats=autopilot_seats,
            audit=audit,
            **fields,
        )
        self._remember(record.id, version, state)
        self._remember_previous(record.id, version, match.state)
        after_match = await self.get_match(record.id)
        if outcome is not None:
            await self._announce_finished(after_match)
        return Change(after_match, tuple(events), seat)

    async def _finish(
        self, match: Match, outcome: Outcome, actor: Seat | None, *, audit: AuditRow | None = None
    ) -> Change:
        """End a match outside the rules (resignation, agreed draw, claimed time-out, adjudication)."""
        note = outcome.reason
        reveal = msg("core.event.seed_revealed", seed=str(match.record.seed))
        stopped = [stopped_clock(c) for c in (await self.store.clocks(match.id)).values()]
        await self._write(
            match,
            status=MatchStatus.FINISHED,
            outcome=outcome_to_json(outcome),
            draw_offers=0,
            clocks=stopped,
            notifications=[outbox.board([note, reveal], final=True), outbox.lobby()],
            audit=audit,
        )
        finished = await self.get_match(match.id)
        await self._announce_finished(finished)
        return Change(finished, actor_seat=actor, messages=(note,))

    # --- Moves nobody clicks -------------------------------------------------------------

    async def _play_automatic(self, match: Match, *, stand_in: Level | None = None) -> Match:
        """Play every decision nobody needs to click, until only people are left to act.

        Those are: standing answers, autopilot seats, and seats whose player is on vacation
        with the autopilot (in matches of three or more). ``stand_in``: the level people's
        seats play at, in place of the server's (:meth:`_computer_move`).
        """
        answers = await self.store.standing_answers(match.id) if standing_answers_of(match.game) else {}
        for _ in range(MAX_AUTOMATIC_MOVES):
            if not match.is_running:
                return match
            chosen = await self._automatic_choice(match, answers, stand_in)
            if chosen is None:
                return match
            seat, move, chosen_by, note = chosen
            match = (await self._play(match, seat, move, chosen_by, notes=[note])).match
        log.error("automatic moves did not settle match_id=%s", match.id)
        return match

    async def _automatic_choice(
        self, match: Match, answers: Mapping[Seat, str], stand_in: Level | None = None
    ) -> tuple[Seat, Any, ChosenBy, Message] | None:
        """The first automatic move due now, with who chose it and the note that says so."""
        seat_count = len(match.record.seats)
        away = await self._away_with_autopilot(match)
        answering = standing_answers_of(match.game)
        for seat in sorted(match.to_move()):
            name = match.game.seat_name(seat, seat_count)
            code = answers.get(seat)
            if answering is not None and code is not None:
                move = answering.standing_move(match.state, seat, code)
                if move is not None:
                    return seat, move, ChosenBy.STANDING, msg("core.event.standing_played", seat=name)
            if seat in match.record.autopilot_seats or seat in away:
                reason = ChosenBy.AUTOPILOT if seat in match.record.autopilot_seats else ChosenBy.VACATION
                move = await self._computer_move(match, seat, stand_in)
                return seat, move, reason, msg(f"core.event.{reason}_played", seat=name)
            forcing = forced_moves_of(match.game)
            move = None if forcing is None else forcing.forced_move(match.state, seat)
            if move is not None:
                return seat, move, ChosenBy.FORCED, msg("core.event.forced_played", seat=name)
        return None

    async def _away_with_autopilot(self, match: Match) -> set[Seat]:
        """Seats whose player is on vacation and asked the autopilot to play (3+ seats only)."""
        if len(match.record.seats) <= 2:
            return set()
        users = await self.store.users(u for u in match.record.seats if u > 0)
        now = self.clock()
        return {
            seat
            for seat, user in enumerate(match.record.seats)
            if user in users and users[user].is_on_vacation(now) and users[user].vacation_mode == VacationMode.AUTOPILOT
        }

    async def _computer_move(self, match: Match, seat: Seat, stand_in: Level | None = None) -> Any:
        """The move the bot chooses for ``seat``: a computer opponent, or a person who is absent.

        A computer opponent plays at the level its user id holds. A person's seat plays at
        the server's stand-in level (``/setup autopilot level:``, easy unless it chose
        otherwise), one rule for every move the bot chooses in a person's place because they
        did not: a single time-out (unless the rules give the time-out's answer), the seat
        handed to the autopilot after three, a vacation with the autopilot (3+ seats), and a
        player dropped from a tournament. ``stand_in`` overrides the server's level: a
        tournament's deadline settles every seat of its unfinished tables alike with the quick
        autopilot (easy), see :meth:`bot.tournaments.runner.RoundRunner._settle_deadline`.

        Every level goes through ``bot.ai_worker.WORKER``: easy is the autopilot, answered on
        the loop in a millisecond; searches run in its process (never on the loop) from the
        seat's own view.
        """
        user = match.record.seats[seat]
        level = ai_worker.level_of_user(user) if user < 0 else stand_in or await self._stand_in_level(match)
        seed = ai_worker.decision_seed(match.record.seed, match.record.ply)
        return await ai_worker.WORKER.choose(match.game, match.state, seat, level, seed)

    async def _stand_in_level(self, match: Match) -> Level:
        """The level the match's server chose for the moves the bot plays for an absent person."""
        return (await self.server_settings(match.record.guild_id)).autopilot_level

    # --- Clocks ---------------------------------------------------------------------------------

    async def _turn_clocks(
        self,
        record: MatchRecord,
        old: Mapping[Seat, ClockRecord],
        before: frozenset[Seat],
        after: frozenset[Seat],
        now: float,
    ) -> list[ClockRecord]:
        """The clocks after a change of who must act: stop the seats done, start the seats due.

        A seat that stays due keeps its running turn (a decision of several steps is one
        turn). Untimed matches keep clocks too, without deadlines: they time the moves for
        the player record.
        """
        control = time_control_of(record)
        paused = control.is_timed and len(record.seats) == 2 and await self._anyone_away(record, now)
        changed = []
        for seat in range(len(record.seats)):
            clock = old.get(seat, ClockRecord(record.id, seat, bank_left=float(control.bank)))
            if seat in before and seat not in after:
                bank = (
                    clock.bank_left
                    if clock.turn_started is None
                    else bank_after(control, clock.turn_started, clock.bank_left, now)
                )
                changed.append(replace(stopped_clock(clock), bank_left=bank, reminders=0))
            elif seat in after and (seat not in before or clock.turn_started is None):
                changed.append(start_turn(control, clock, now, paused=paused))
        return changed


def forced_seats(game: AnyGame, state: Any) -> frozenset[Seat]:
    """The seats due in ``state`` whose lone move the bot will play for them (``ForcedMoves``)."""
    forcing = forced_moves_of(game)
    if forcing is None or game.outcome(state) is not None:
        return frozenset()
    return frozenset(seat for seat in game.to_move(state) if forcing.forced_move(state, seat) is not None)


def status_changed(game: AnyGame, before: Any, after: Any) -> bool:
    """Whether the game's own status line (``TurnStatus``) differs between two states.

    The same seats may stay due while it changes (Volto's secret setup over, the same seat
    now moving); the lobby post, which shows it, must then follow.
    """
    wording = turn_status_of(game)
    return wording is not None and wording.turn_status(before) != wording.turn_status(after)


def stopped_clock(clock: ClockRecord) -> ClockRecord:
    """``clock`` with no running turn, deadline or reminder (its bank and time-outs kept)."""
    return replace(clock, turn_started=None, deadline=None, remind_at=None, paused_left=None)


def dump_state(game: AnyGame, state: Any) -> str:
    """The snapshot of ``state`` as stored (compact JSON of the engine's ``encode``)."""
    return json.dumps(game.encode(state), separators=(",", ":"))


def turn_goes_on(
    before: frozenset[Seat], after: frozenset[Seat], outcome: Outcome | None, *, ends_turn: bool = False
) -> bool:
    """Whether a move leaves a player's turn open: nobody new must act and the match goes on.

    The steps one seat takes in a row (a Twilight turn of several cards, a Venezia 2099
    move then its forecast) and the seats of a simultaneous decision finishing one by one
    (Rialto's discards) keep the turn open; their public news waits for the post that
    ends it, so the channel gets one board post per player turn. ``ends_turn``: the game
    says the move closes the turn (the same seat then starts a new one).
    """
    return outcome is None and bool(after) and after <= before and not ends_turn


def move_notifications(
    events: Sequence[Event],
    before: frozenset[Seat],
    after: frozenset[Seat],
    actor: Seat | None,
    num_seats: int,
    outcome: Outcome | None,
    *,
    chosen_for: Seat | None = None,
    quiet: bool = False,
    ends_turn: bool = False,
    forced: frozenset[Seat] = frozenset(),
) -> list[NewNotification]:
    """The notifications a move causes.

    The public news of a step inside a turn, or of a quiet move (a pass that leaves the
    board as it was), is held: it goes out with the next board post that is not held.

    The channel hears the public events (and who must act); a seat gets a direct message
    when something private happened to it or when it must newly act. The actor gets
    nothing here: the adapter answers the actor directly with its new view (a move played
    for a seat by its standing answer has no actor: that seat is told by DM). The ``forced``
    seats are not told it is their turn: their lone move is played for them next, and that
    move tells them.
    """
    public = [e.message for e in events if e.audience is None]
    notifications = []
    if turn_goes_on(before, after, outcome, ends_turn=ends_turn) or (quiet and outcome is None and bool(after)):
        if public:
            notifications.append(outbox.board(public, sorted(after), held=True))
    else:
        # The turn ends here: this post also carries the held news of the turn's earlier
        # steps (the notifier folds them), so it is queued even when this step said nothing.
        notifications.append(outbox.board(public, sorted(after), final=outcome is not None))
    if after != before or outcome is not None:
        notifications.append(outbox.lobby())
    for seat in range(num_seats):
        if seat == actor:
            continue
        if seat == chosen_for:
            # A move made for the seat (standing answer, autopilot, time-out): tell it all it did.
            private = [e.message for e in events if e.is_visible_to(seat)]
        else:
            private = [e.message for e in events if e.audience is not None and seat in e.audience]
        newly_to_move = seat in after and seat not in before and seat not in forced
        if private or newly_to_move or (outcome is not None):
            notifications.append(outbox.seat_note(seat, private, turn=seat in after))
    return notifications
