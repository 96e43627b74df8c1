"""The use cases of Serenissima, free of Discord: lobby, moves, resign, draws, queries.

Every adapter (the Discord cogs, the local console, the benchmarks) calls these and nothing
else. The service reads games only through the registry and the engine contract, so no game
is named here.

One match at a time: moves of a match go through that match's ``asyncio.Lock``; different
matches never wait for each other. The current state is cached in memory and rebuilt from
the store (snapshot, or replay of the move log) whenever it is missing or out of date, so a
restart or a second process never leaves a stale board. Each change is written with a
compare-and-swap on the match version together with the notifications it causes
(see :mod:`bot.store`).

Decisions the engines leave to the platform (design.md: "match events"):
- Seat order is drawn from the match seed (``Rng(seed, -1)``) when the match starts, which
  is how a random first player is chosen.
- Resigning: in a two-seat match the other seat wins; with more seats the match ends with
  the resigning seat last and the others sharing first place.
- A draw by agreement needs every seat: offers are collected until all have agreed; any
  move withdraws every standing offer.
- Leaving is possible only in the lobby; a seated player leaves a running match by resigning.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from bot.clocks import (
    DAY,
    DIGEST_DELAY,
    DOWNTIME_GRACE,
    HANDOVER_AFTER_TIMEOUTS,
    TimeControl,
    bank_after,
    next_reminder,
    quiet_until,
    start_turn,
    time_control_of,
)
from bot.codec import event_to_json, message_to_json, outcome_from_json, outcome_to_json
from bot.service_errors import LobbyError, NoSuchMatch, NotSeated, ServiceError, StaleMove
from bot.store import ClockRecord, MatchRecord, MoveRow, NewNotification, PlayerRecord, Store, VersionConflict
from bot.verify import seed_commitment
from games import REGISTRY
from games.core import (
    AnyGame,
    Choice,
    Event,
    Message,
    MoveError,
    NotYourTurn,
    Outcome,
    Rng,
    Seat,
    autopilot_of,
    msg,
    new_seed,
    options_from_dict,
    options_to_dict,
    parse_options,
    standing_answers_of,
    timeout_answer_of,
)

log = logging.getLogger(__name__)

MAX_CACHED_STATES: Final = 2048
AUTOPILOT_USER: Final = -1
"""Seats of the autopilot opponent hold negative user ids: -1, -2, ..."""
UNTIMED: Final = TimeControl()
VACATION_DAYS_PER_YEAR: Final = 21
"""Each player's bank of vacation days per calendar year."""
MAX_AUTOMATIC_MOVES: Final = 100_000
"""A safety bound: automatic moves stop (with a log line) if a match never needs a person."""


@dataclass(frozen=True, slots=True)
class Match:
    """A match as the adapters see it: the stored record plus its live state."""

    record: MatchRecord
    game: AnyGame
    state: Any | None

    @property
    def id(self) -> int:
        """The match id."""
        return self.record.id

    @property
    def version(self) -> int:
        """The number of writes so far (the stale-click check)."""
        return self.record.version

    @property
    def is_running(self) -> bool:
        """True while moves may be made."""
        return self.record.status == "active"

    @property
    def outcome(self) -> Outcome | None:
        """How the match ended, once it has."""
        if self.record.outcome is not None:
            return outcome_from_json(self.record.outcome)
        return None

    def to_move(self) -> frozenset[Seat]:
        """The seats that must act now (none unless running)."""
        if not self.is_running or self.state is None:
            return frozenset()
        return self.game.to_move(self.state)

    def users_to_move(self) -> list[int]:
        """The user ids of the seats that must act now, in seat order."""
        return [self.record.seats[seat] for seat in sorted(self.to_move())]

    def seat_of(self, user_id: int) -> Seat | None:
        """The seat of ``user_id``, or None."""
        return self.record.seat_of(user_id)

    def view(self, seat: Seat | None) -> Any:
        """The engine view of ``seat`` (None: public). Only for running or finished matches."""
        if self.state is None:
            raise NoSuchMatch("core.error.not_started", match=self.id)
        return self.game.view(self.state, seat)


@dataclass(frozen=True, slots=True)
class WaitingGame:
    """One of a player's running matches: whether it waits on them, and until when."""

    match: Match
    waiting: bool
    deadline: float | None


@dataclass(frozen=True, slots=True)
class MoveOption:
    """A legal move offered to a user: its code, a label, and its component path."""

    code: str
    label: Message
    path: tuple[Choice, ...]


@dataclass(frozen=True, slots=True)
class Change:
    """What a service call did: the match after it and the events the caller may show."""

    match: Match
    events: tuple[Event, ...] = ()
    actor_seat: Seat | None = None
    messages: tuple[Message, ...] = field(default=())

    def events_for(self, seat: Seat | None) -> list[Message]:
        """The messages of the events ``seat`` (None: public) may see, in order."""
        return [event.message for event in self.events if event.is_visible_to(seat)]


class Service:
    """The use cases over a :class:`~bot.store.Store` and the game registry."""

    def __init__(
        self,
        store: Store,
        *,
        registry: Mapping[str, AnyGame] = REGISTRY,
        clock: Callable[[], float] = time.time,
        seeds: Callable[[], int] = new_seed,
    ) -> None:
        self.store = store
        self.registry = registry
        self.clock = clock
        self.seeds = seeds
        self._locks: dict[int, asyncio.Lock] = {}
        self._moves_in_flight = 0
        self._idle = asyncio.Event()
        self._idle.set()
        self.finished_listeners: list[Callable[[Match], Awaitable[None]]] = []
        """Called with every match that has just ended (tournaments, ratings); errors are logged.

        They run while that match's lock is held: they may read it and act on other matches,
        but must not change the ended match through the service.
        """
        self._states: dict[int, tuple[int, Any]] = {}

    # --- Lookups -----------------------------------------------------------------------------

    def game(self, key: str) -> AnyGame:
        """The registered game ``key``."""
        try:
            return self.registry[key]
        except KeyError:
            raise ServiceError("core.error.unknown_game", game=key) from None

    async def get_match(self, match_id: int) -> Match:
        """The match with its current state (rebuilt from the store when needed)."""
        record = await self.store.get_match(match_id)
        if record is None:
            raise NoSuchMatch("core.error.no_match", match=match_id)
        return await self._with_state(record)

    async def find_match(
        self, *, match_id: int | None, channel_id: int | None, user_id: int, guild_id: int | None
    ) -> Match:
        """The match a command means: the given id, else this thread's, else the user's only one here."""
        if match_id is not None:
            return await self.get_match(match_id)
        if channel_id is not None:
            record = await self.store.match_in_channel(channel_id)
            if record is not None:
                return await self._with_state(record)
        mine = [r for r in await self.store.matches_of_user(user_id) if r.guild_id == guild_id]
        if len(mine) == 1:
            return await self._with_state(mine[0])
        if len(mine) > 1:
            raise NoSuchMatch("core.error.which_match", count=len(mine))
        raise NoSuchMatch("core.error.no_match_here")

    async def list_matches(self, guild_id: int | None, user_id: int) -> list[MatchRecord]:
        """This server's open and running matches, the user's own first, then newest first."""
        records = await self.store.matches_in_guild(guild_id)
        return sorted(records, key=lambda r: (user_id not in r.seats, -r.id))

    async def user_matches(self, user_id: int) -> list[MatchRecord]:
        """The user's open and running matches, newest first."""
        return await self.store.matches_of_user(user_id)

    async def move_options(self, match: Match, user_id: int) -> list[MoveOption]:
        """Every legal move of ``user_id`` now, labelled, in the engine's order."""
        seat = match.seat_of(user_id)
        if seat is None or seat not in match.to_move():
            return []
        game, state = match.game, match.state
        return [
            MoveOption(game.move_code(move), game.describe_move(state, seat, move), game.choice_path(state, seat, move))
            for move in game.legal_moves(state, seat)
        ]

    # --- Lobby -------------------------------------------------------------------------------

    async def create_match(
        self,
        game_key: str,
        creator_id: int,
        *,
        guild_id: int | None,
        channel_id: int | None,
        players: int | None = None,
        options_text: str = "",
        time_control: TimeControl = UNTIMED,
        min_completion: int = 0,
        vs_autopilot: bool = False,
        rated: bool = True,
        seat_order: Sequence[int] | None = None,
    ) -> Match:
        """Open a lobby for ``game_key`` with the creator seated.

        ``vs_autopilot`` fills every other seat with the autopilot and starts at once, for
        someone who wants to try a game alone. ``min_completion`` (percent) keeps out
        players whose record shows they abandon matches. ``seat_order`` seats these users
        at once, in this order (a tournament's pairing); start it with ``keep_order``.
        """
        game = self.game(game_key)
        default = game.min_players if vs_autopilot else game.max_players
        seats = players if players is not None else default
        if not game.min_players <= seats <= game.max_players:
            raise LobbyError("core.error.bad_players", low=game.min_players, high=game.max_players)
        if not 0 <= min_completion <= 100:
            raise LobbyError("core.error.bad_completion", given=min_completion)
        try:
            options = parse_options(game.options_type, options_text) if options_text.strip() else game.options_type()
        except MoveError as error:
            raise LobbyError(error.code, **error.params) from error
        match_id = await self.store.create_match(
            game_key=game.key,
            rules_version=game.rules_version,
            options=options_to_dict(options),
            seed=self.seeds(),
            max_seats=seats,
            guild_id=guild_id,
            channel_id=channel_id,
            creator_id=creator_id,
            now=self.clock(),
            time_limit=time_control.limit,
            time_bank=time_control.bank,
            min_completion=min_completion,
            rated=rated,
        )
        log.info("match created match_id=%s game=%s by=%s", match_id, game.key, creator_id)
        match = await self.get_match(match_id)
        if seat_order is not None:
            async with self._lock(match_id):
                await self._write(match, seats=list(seat_order))
            match = await self.get_match(match_id)
        if vs_autopilot:
            async with self._lock(match_id):
                robots = tuple(AUTOPILOT_USER - n for n in range(seats - 1))
                await self._start(match, (creator_id, *robots))
            match = await self.get_match(match_id)
        return match

    async def join(self, match_id: int, user_id: int) -> Change:
        """Take a free seat; the match starts by itself when the last seat is taken."""
        async with self._lock(match_id):
            match = await self.get_match(match_id)
            record = match.record
            if record.status != "lobby":
                raise LobbyError("core.error.already_started")
            if user_id in record.seats:
                raise LobbyError("core.error.already_joined")
            if len(record.seats) >= record.max_seats:
                raise LobbyError("core.error.full")
            if record.min_completion:
                rate = completion_rate(await self.store.player_record(user_id, record.guild_id))
                if rate * 100 < record.min_completion:
                    raise LobbyError(
                        "core.error.completion_too_low", need=record.min_completion, have=round(rate * 100)
                    )
            seats = (*record.seats, user_id)
            if len(seats) == record.max_seats:
                return await self._start(match, seats)
            await self._write(match, seats=seats)
            return Change(await self.get_match(match_id), messages=(msg("core.lobby.joined", user=user_id),))

    async def leave(self, match_id: int, user_id: int) -> Change:
        """Give up a seat in the lobby (the creator cancels instead)."""
        async with self._lock(match_id):
            match = await self.get_match(match_id)
            record = match.record
            if record.status != "lobby":
                raise LobbyError("core.error.leave_running")
            if user_id not in record.seats:
                raise NotSeated("core.error.not_seated")
            if user_id == record.creator_id:
                raise LobbyError("core.error.creator_leaves")
            await self._write(match, seats=tuple(u for u in record.seats if u != user_id))
            return Change(await self.get_match(match_id), messages=(msg("core.lobby.left", user=user_id),))

    async def start(self, match_id: int, user_id: int, *, keep_order: bool = False) -> Change:
        """Start a lobby early (by its creator) once it has enough players.

        ``keep_order`` keeps the seats as they are instead of drawing them from the seed.
        """
        async with self._lock(match_id):
            match = await self.get_match(match_id)
            record = match.record
            if record.status != "lobby":
                raise LobbyError("core.error.already_started")
            if user_id != record.creator_id:
                raise LobbyError("core.error.creator_only")
            if len(record.seats) < match.game.min_players:
                raise LobbyError("core.error.too_few", need=match.game.min_players, have=len(record.seats))
            return await self._start(match, record.seats, shuffle=not keep_order)

    async def cancel(self, match_id: int, user_id: int, *, is_admin: bool = False) -> Change:
        """Cancel a match: its creator while in the lobby, a server admin at any time."""
        async with self._lock(match_id):
            match = await self.get_match(match_id)
            record = match.record
            if record.status not in ("lobby", "active"):
                raise LobbyError("core.error.over")
            allowed = is_admin or (user_id == record.creator_id and record.status == "lobby")
            if not allowed:
                raise LobbyError("core.error.cancel_denied")
            note = msg("core.event.cancelled", user=user_id)
            stopped = [_stopped(c) for c in (await self.store.clocks(match_id)).values()]
            await self._write(match, status="cancelled", clocks=stopped, notifications=[_board([note], [], final=True)])
            return Change(await self.get_match(match_id), messages=(note,))

    async def _start(self, match: Match, seats: Sequence[int], *, shuffle: bool = True) -> Change:
        record, game = match.record, match.game
        order = Rng(record.seed, -1).shuffled(seats) if shuffle else tuple(seats)
        options = options_from_dict(game.options_type, record.options)
        state = game.initial_state(record.seed, len(order), options)
        started = msg("core.event.started", game=msg(f"{game.key}.title"))
        commitment = msg("core.event.seed_commitment", commitment=seed_commitment(record.seed))
        to_move = game.to_move(state)
        robots = [seat for seat, user in enumerate(order) if user < 0]
        notifications = [_board([started, commitment], sorted(to_move))]
        notifications += [_seat(seat, [], turn=True) for seat in sorted(to_move) if order[seat] > 0]
        started_record = replace(record, seats=tuple(order))
        clocks = await self._turn_clocks(started_record, {}, frozenset(), to_move, self.clock())
        version = await self._write(
            match,
            seats=order,
            status="active",
            state_json=_dump(game, state),
            notifications=notifications,
            clocks=clocks,
            autopilot_seats=robots,
        )
        self._states[record.id] = (version, state)
        log.info("match started match_id=%s seats=%s", record.id, order)
        running = await self._play_automatic(await self.get_match(record.id))
        return Change(running, messages=(started,))

    # --- Play ---------------------------------------------------------------------------------

    async def submit_move(
        self, match_id: int, user_id: int, text: str, *, expected_version: int | None = None
    ) -> Change:
        """Parse, check and apply one move of ``user_id``, and store it durably.

        Raises:
            StaleMove: ``expected_version`` is given and the match has moved on.
            NotSeated: the user holds no seat.
            MoveError: the engine refuses the move (not your turn, illegal, malformed).
        """
        async with self._player_waiting():
            return await self._submit_move(match_id, user_id, text, expected_version)

    async def _submit_move(self, match_id: int, user_id: int, text: str, expected_version: int | None) -> Change:
        if (await self.store.get_user(user_id)).vacation_until is not None:
            await self.end_vacation(user_id)  # any move ends a vacation
        async with self._lock(match_id):
            match = await self.get_match(match_id)
            seat = self._running_seat(match, user_id)
            if expected_version is not None and await self.is_stale(match, seat, expected_version):
                raise StaleMove("core.error.stale")
            game, state = match.game, match.state
            if seat not in game.to_move(state):
                game.parse_move(state, seat, text)  # the engine's own reason when it has one
                raise NotYourTurn("core.error.not_your_turn", "It is not your turn.")
            move = game.parse_move(state, seat, text)
            new_state, events = game.apply(state, seat, move)
            change = await self._commit_move(match, seat, game.move_code(move), new_state, events)
            await self._play_automatic(change.match)
            return change

    async def _play_automatic(self, match: Match) -> Match:
        """Play every decision nobody needs to click, until only people are left to act.

        Those are: standing answers, autopilot seats, and seats whose player is on vacation
        with the autopilot (in matches of three or more).
        """
        answers = await self.store.standing_answers(match.id) if standing_answers_of(match.game) else {}
        for _ in range(MAX_AUTOMATIC_MOVES):
            if not match.is_running:
                return match
            chosen = await self._automatic_choice(match, answers)
            if chosen is None:
                return match
            seat, move, chosen_by, note = chosen
            state, events = match.game.apply(match.state, seat, move)
            events = [Event(note), *events]
            change = await self._commit_move(
                match, seat, match.game.move_code(move), state, events, chosen_by=chosen_by
            )
            match = change.match
        log.error("automatic moves did not settle match_id=%s", match.id)
        return match

    async def _automatic_choice(
        self, match: Match, answers: Mapping[Seat, str]
    ) -> tuple[Seat, Any, str, Message] | None:
        """The first automatic move due now, with who chose it and the note that says so."""
        seat_count = len(match.record.seats)
        away = await self._away_with_autopilot(match)
        for seat in sorted(match.to_move()):
            name = match.game.seat_name(seat, seat_count)
            answering = standing_answers_of(match.game)
            code = answers.get(seat)
            if answering is not None and code is not None:
                move = answering.standing_move(match.state, seat, code)
                if move is not None:
                    return seat, move, "standing", msg("core.event.standing_played", seat=name)
            if seat in match.record.autopilot_seats or seat in away:
                reason = "autopilot" if seat in match.record.autopilot_seats else "vacation"
                return seat, self._autopilot_move(match, seat), reason, msg(f"core.event.{reason}_played", seat=name)
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
            if user in users and users[user].is_on_vacation(now) and users[user].vacation_mode == "autopilot"
        }

    def _autopilot_move(self, match: Match, seat: Seat) -> Any:
        """The autopilot's move for ``seat``: from its own view and legal moves only."""
        legal = match.game.legal_moves(match.state, seat)
        pilot = autopilot_of(match.game)
        if pilot is None:
            return legal[0]
        return pilot.autopilot_move(match.game.view(match.state, seat), legal)

    async def set_standing_answer(self, match_id: int, user_id: int, code: str | None) -> Message:
        """Set (or clear, with None) the user's standing answer in a match; returns its label."""
        async with self._lock(match_id):
            match = await self.get_match(match_id)
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

    async def _commit_move(
        self,
        match: Match,
        seat: Seat,
        code: str,
        state: Any,
        events: list[Event],
        *,
        chosen_by: str = "player",
        extra: Iterable[NewNotification] = (),
        autopilot_seats: Iterable[Seat] | None = None,
    ) -> Change:
        """Write one applied move: the log row, the snapshot, the clocks and the notifications."""
        game, record = match.game, match.record
        before = game.to_move(match.state)
        after = game.to_move(state)
        outcome = game.outcome(state)
        now = self.clock()
        fields: dict[str, Any] = {"state_json": _dump(game, state), "ply": record.ply + 1, "draw_offers": 0}
        if outcome is not None:
            fields.update(status="finished", outcome=outcome_to_json(outcome))
        old_clocks = await self.store.clocks(record.id)
        clocks = await self._turn_clocks(record, old_clocks, before, after if outcome is None else frozenset(), now)
        mover = old_clocks.get(seat)
        think = None if mover is None or mover.turn_started is None else max(0.0, now - mover.turn_started)
        actor = seat if chosen_by == "player" else None
        notifications = _move_notifications(
            events, before, after, actor, len(record.seats), outcome, chosen_for=None if actor is not None else seat
        )
        if outcome is not None:
            notifications.append(_board([msg("core.event.seed_revealed", seed=str(record.seed))], [], final=True))
        row = MoveRow(record.ply, seat, code, [event_to_json(e) for e in events], chosen_by, think)
        version = await self._write(
            match,
            move=row,
            clocks=clocks,
            notifications=[*notifications, *extra],
            autopilot_seats=autopilot_seats,
            **fields,
        )
        self._states[record.id] = (version, state)
        after_match = await self.get_match(record.id)
        if outcome is not None:
            await self._announce_finished(after_match)
        return Change(after_match, tuple(events), seat)

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
                changed.append(
                    replace(
                        clock,
                        bank_left=bank,
                        turn_started=None,
                        deadline=None,
                        reminders=0,
                        remind_at=None,
                        paused_left=None,
                    )
                )
            elif seat in after and (seat not in before or clock.turn_started is None):
                changed.append(start_turn(control, clock, now, paused=paused))
        return changed

    async def _anyone_away(self, record: MatchRecord, now: float) -> bool:
        users = await self.store.users(u for u in record.seats if u > 0)
        return any(user.is_on_vacation(now) for user in users.values())

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

    async def resign(self, match_id: int, user_id: int) -> Change:
        """End the match as a loss for ``user_id``."""
        async with self._lock(match_id):
            match = await self.get_match(match_id)
            seat = self._running_seat(match, user_id)
            count = len(match.record.seats)
            reason = msg("core.reason.resigned", seat=match.game.seat_name(seat, count), user=user_id)
            if count == 2:
                outcome = Outcome.from_winner(1 - seat, 2, reason)
            else:
                ranks = tuple(2 if s == seat else 1 for s in range(count))
                outcome = Outcome(frozenset(s for s in range(count) if s != seat), ranks, reason)
            return await self._finish(match, outcome, seat)

    async def offer_draw(self, match_id: int, user_id: int) -> Change:
        """Offer a draw, or accept the standing offer; the match is drawn once every seat agrees."""
        async with self._lock(match_id):
            match = await self.get_match(match_id)
            seat = self._running_seat(match, user_id)
            offers = match.record.draw_offers | (1 << seat)
            count = len(match.record.seats)
            if offers == (1 << count) - 1:
                return await self._finish(match, Outcome.from_draw(count, msg("core.reason.agreed_draw")), seat)
            if offers == match.record.draw_offers:
                raise LobbyError("core.error.draw_already_offered")
            note = msg("core.event.draw_offered", user=user_id)
            await self._write(match, draw_offers=offers, notifications=[_board([note], [])])
            return Change(await self.get_match(match_id), actor_seat=seat, messages=(note,))

    async def finish_with(self, match_id: int, outcome: Outcome) -> Change:
        """End a running match with an outcome decided outside the rules (an adjudication)."""
        async with self._lock(match_id):
            match = await self.get_match(match_id)
            if not match.is_running:
                raise LobbyError("core.error.not_running")
            return await self._finish(match, outcome, None)

    async def hand_to_autopilot(self, match_id: int, seats: Iterable[Seat], note: Message) -> Match:
        """Give ``seats`` to the autopilot for the rest of the match and let it play at once."""
        async with self._lock(match_id):
            match = await self.get_match(match_id)
            if not match.is_running:
                return match
            robots = set(match.record.autopilot_seats) | set(seats)
            await self._write(match, autopilot_seats=robots, notifications=[_board([note], [])])
            return await self._play_automatic(await self.get_match(match_id))

    async def _finish(self, match: Match, outcome: Outcome, actor: Seat | None) -> Change:
        """End a match outside the rules (resignation, agreed draw, claimed time-out)."""
        note = outcome.reason
        reveal = msg("core.event.seed_revealed", seed=str(match.record.seed))
        stopped = [_stopped(c) for c in (await self.store.clocks(match.id)).values()]
        await self._write(
            match,
            status="finished",
            outcome=outcome_to_json(outcome),
            draw_offers=0,
            clocks=stopped,
            notifications=[_board([note, reveal], [], final=True)],
        )
        finished = await self.get_match(match.id)
        await self._announce_finished(finished)
        return Change(finished, actor_seat=actor, messages=(note,))

    async def _announce_finished(self, match: Match) -> None:
        for listener in self.finished_listeners:
            try:
                await listener(match)
            except Exception:
                log.exception("a finished-match listener failed match_id=%s", match.id)

    def _running_seat(self, match: Match, user_id: int) -> Seat:
        seat = match.seat_of(user_id)
        if seat is None:
            raise NotSeated("core.error.not_seated")
        if not match.is_running:
            raise LobbyError("core.error.not_running")
        return seat

    # --- Time ------------------------------------------------------------------------------

    async def time_out(self, match_id: int, seat: Seat) -> Change | None:
        """Act for a seat whose time ran out; None when nothing is due any more.

        The rules' own answer (e.g. Venezia's rescue default) is played when the game has
        one, else the autopilot's move. The seat is told, the table is told, and a seat that
        times out repeatedly is handed to the autopilot for the rest of the match. In a
        two-seat match the opponent may claim the win instead (``claim_win``).
        """
        async with self._lock(match_id):
            match = await self.get_match(match_id)
            now = self.clock()
            clock = (await self.store.clocks(match_id)).get(seat)
            due = clock is not None and clock.deadline is not None and clock.deadline <= now
            if clock is not None and due and (not match.is_running or seat not in match.to_move()):
                # A stale deadline (the match ended or moved on without clearing it): drop it.
                await self.store.write_clocks(match_id, [_stopped(clock)])
                return None
            if not match.is_running or seat not in match.to_move() or not due or clock is None:
                return None
            game = match.game
            answer = timeout_answer_of(game)
            move = answer.timeout_move(match.state, seat) if answer is not None else None
            if move is None:
                move = self._autopilot_move(match, seat)
            timeouts = clock.timeouts + 1
            name = game.seat_name(seat, len(match.record.seats))
            notes = [msg("core.event.timed_out", seat=name, user=match.record.seats[seat])]
            robots = set(match.record.autopilot_seats)
            if timeouts >= HANDOVER_AFTER_TIMEOUTS:
                robots.add(seat)
                notes.append(msg("core.event.handed_over", seat=name, count=timeouts))
            elif len(match.record.seats) == 2:
                notes.append(msg("core.event.may_claim", seat=game.seat_name(1 - seat, 2)))
            state, events = game.apply(match.state, seat, move)
            await self.store.write_clocks(match_id, [replace(clock, timeouts=timeouts)])
            change = await self._commit_move(
                match,
                seat,
                game.move_code(move),
                state,
                [*(Event(n) for n in notes), *events],
                chosen_by="timeout",
                extra=[
                    _seat(
                        seat,
                        [msg("core.turn.timed_out_you", move=game.describe_move(match.state, seat, move))],
                        turn=False,
                    )
                ],
                autopilot_seats=robots if seat in robots else None,
            )
            # The timed-out decision is finished for the seat (a turn of several steps included).
            match = change.match
            for _ in range(MAX_AUTOMATIC_MOVES):
                if not match.is_running or seat not in match.to_move():
                    break
                move = self._autopilot_move(match, seat)
                state, events = game.apply(match.state, seat, move)
                match = (
                    await self._commit_move(match, seat, game.move_code(move), state, events, chosen_by="timeout")
                ).match
            log.info("timeout match_id=%s seat=%s timeouts=%s", match_id, seat, timeouts)
            running = await self._play_automatic(match)
            return Change(running, change.events, seat)

    async def claim_win(self, match_id: int, user_id: int) -> Change:
        """In a two-seat match, win because the opponent's last decision timed out.

        Raises:
            LobbyError: ``core.error.claim_not_due`` unless the opponent's latest move was
                played for them on time-out and the claimant has not moved since.
        """
        async with self._lock(match_id):
            match = await self.get_match(match_id)
            seat = self._running_seat(match, user_id)
            if len(match.record.seats) != 2:
                raise LobbyError("core.error.claim_not_due")
            moves = await self.store.moves(match_id, since_ply=max(0, match.record.ply - 50))
            opponent_moves = [m for m in moves if m.seat != seat]
            last = opponent_moves[-1] if opponent_moves else None
            mine_since = last is not None and any(m.seat == seat and m.ply > last.ply for m in moves)
            if last is None or last.chosen_by != "timeout" or mine_since:
                raise LobbyError("core.error.claim_not_due")
            reason = msg("core.reason.claimed_timeout", seat=match.game.seat_name(1 - seat, 2))
            return await self._finish(match, Outcome.from_winner(seat, 2, reason), seat)

    async def due_clocks(self) -> list[ClockRecord]:
        """Clocks whose deadline or next reminder has come."""
        return await self.store.due_clocks(self.clock())

    async def remind(self, clock: ClockRecord) -> None:
        """A rung of the reminder ladder has come: queue the player's digest, climb the ladder.

        Nothing is sent to a seat that has nothing to do; quiet hours postpone the digest.
        """
        match = await self.get_match(clock.match_id)
        now = self.clock()
        climbed = replace(clock, reminders=clock.reminders + 1, remind_at=None)
        if clock.turn_started is not None and clock.deadline is not None:
            following = next_reminder(clock.turn_started, clock.deadline, clock.reminders + 1)
            climbed = replace(climbed, remind_at=following)
        user_id = match.record.seats[clock.seat] if clock.seat < len(match.record.seats) else 0
        if user_id <= 0 or not match.is_running or clock.seat not in match.to_move():
            await self.store.write_clocks(clock.match_id, [climbed])
            return
        user = await self.store.get_user(user_id)
        when = quiet_until(now, user.timezone, user.quiet_start, user.quiet_end) or now + DIGEST_DELAY
        if clock.deadline is not None:
            when = min(when, max(now, clock.deadline - DIGEST_DELAY))
        await self.store.climb_reminder(climbed, user_id, when)

    async def waiting_games(self, user_id: int, guild_id: int | None = None) -> list[WaitingGame]:
        """The user's running matches (of one server, or all), those waiting on them first by time left."""
        records = [
            r
            for r in await self.store.matches_of_user(user_id, ("active",))
            if guild_id is None or r.guild_id == guild_id
        ]
        games = []
        for record in records:
            match = await self._with_state(record)
            seat = match.seat_of(user_id)
            clock = (await self.store.clocks(record.id)).get(seat) if seat is not None else None
            waiting = seat is not None and seat in match.to_move()
            games.append(WaitingGame(match, waiting, clock.deadline if clock and waiting else None))
        return sorted(games, key=lambda g: (not g.waiting, g.deadline is None, g.deadline or 0.0, -g.match.id))

    async def take_digest(self, user_id: int) -> list[WaitingGame]:
        """The games a due digest lists (those waiting on the user), and clear the digest."""
        await self.store.update_user(user_id, next_digest_at=None)
        return [game for game in await self.waiting_games(user_id) if game.waiting]

    async def catch_up_after_downtime(self) -> int:
        """Deadlines missed while the bot was down move to a grace period after now, in order.

        Returns how many clocks were given grace; the players affected are told why.
        """
        now = self.clock()
        missed = [
            c for c in await self.store.due_clocks(now, limit=100_000) if c.deadline is not None and c.deadline <= now
        ]
        for order, clock in enumerate(sorted(missed, key=lambda c: c.deadline or 0.0)):
            match = await self.get_match(clock.match_id)
            if not match.is_running:
                continue
            deadline = now + DOWNTIME_GRACE + order
            await self.store.write_clocks(clock.match_id, [replace(clock, deadline=deadline)])
            name = match.game.seat_name(clock.seat, len(match.record.seats))
            note = msg("core.event.downtime_grace", seat=name, until_at=int(deadline))
            await self.store.add_notifications(clock.match_id, [_board([note], [clock.seat])], now)
        return len(missed)

    # --- Vacation ---------------------------------------------------------------------------

    async def start_vacation(self, user_id: int, days: int, mode: str) -> float:
        """Go away for ``days`` from the yearly bank; returns when the vacation ends.

        Two-seat matches pause their clocks; in larger matches ``mode`` says whether the
        autopilot plays for the player (``autopilot``) or the clock keeps running (``clock``).
        """
        if mode not in ("autopilot", "clock"):
            raise ServiceError("core.error.bad_vacation_mode", given=mode)
        now = self.clock()
        user = await self.store.get_user(user_id)
        if user.is_on_vacation(now):
            raise ServiceError("core.error.already_on_vacation")
        used = user.vacation_days_used if user.vacation_year == _year(now) else 0.0
        left = VACATION_DAYS_PER_YEAR - used
        if days < 1 or days > left:
            raise ServiceError("core.error.vacation_days", asked=days, left=int(left))
        until = now + days * DAY
        await self.store.update_user(
            user_id, vacation_until=until, vacation_mode=mode, vacation_days_used=used + days, vacation_year=_year(now)
        )
        for record in await self.store.matches_of_user(user_id, ("active",)):
            async with self._lock(record.id):
                if len(record.seats) == 2:
                    await self._pause_clocks(record.id)
                await self.store.add_notifications(
                    record.id, [_board([msg("core.event.vacation", user=user_id, until_at=int(until))], [])], now
                )
        return until

    async def end_vacation(self, user_id: int) -> bool:
        """Come back (early, or when the time is up); unused whole days return to the bank."""
        now = self.clock()
        user = await self.store.get_user(user_id)
        if user.vacation_until is None:
            return False
        refund = max(0, int((user.vacation_until - now) // DAY))
        await self.store.update_user(
            user_id,
            vacation_until=None,
            vacation_mode=None,
            vacation_days_used=max(0.0, user.vacation_days_used - refund),
        )
        for record in await self.store.matches_of_user(user_id, ("active",)):
            async with self._lock(record.id):
                if len(record.seats) == 2 and not await self._anyone_away(record, now):
                    await self._resume_clocks(record.id)
                await self.store.add_notifications(record.id, [_board([msg("core.event.back", user=user_id)], [])], now)
        return True

    async def _pause_clocks(self, match_id: int) -> None:
        now = self.clock()
        paused = [
            replace(c, deadline=None, remind_at=None, paused_left=c.deadline - now)
            for c in (await self.store.clocks(match_id)).values()
            if c.deadline is not None
        ]
        await self.store.write_clocks(match_id, paused)

    async def _resume_clocks(self, match_id: int) -> None:
        now = self.clock()
        resumed = []
        for clock in (await self.store.clocks(match_id)).values():
            if clock.paused_left is not None:
                deadline = now + clock.paused_left
                resumed.append(
                    replace(
                        clock,
                        turn_started=now,
                        deadline=deadline,
                        paused_left=None,
                        reminders=0,
                        remind_at=next_reminder(now, deadline, 0),
                    )
                )
        await self.store.write_clocks(match_id, resumed)

    # --- Rebuilding -----------------------------------------------------------------------------

    async def replay(self, match_id: int) -> Any:
        """The state rebuilt from the seed and the move log alone (for audits and tests)."""
        record = await self.store.get_match(match_id)
        if record is None:
            raise NoSuchMatch("core.error.no_match", match=match_id)
        return await self._replay(record)

    async def _replay(self, record: MatchRecord) -> Any:
        game = self.game(record.game_key)
        options = options_from_dict(game.options_type, record.options)
        state = game.initial_state(record.seed, len(record.seats), options)
        for move in await self.store.moves(record.id):
            state, _ = game.apply(state, move.seat, game.parse_move(state, move.seat, move.code))
        return state

    async def _with_state(self, record: MatchRecord) -> Match:
        game = self.game(record.game_key)
        if record.status not in ("active", "finished"):
            return Match(record, game, None)
        cached = self._states.get(record.id)
        if cached is not None and cached[0] == record.version:
            return Match(record, game, cached[1])
        if record.state_json is not None and record.rules_version == game.rules_version:
            state = game.decode(json.loads(record.state_json))
        else:
            state = await self._replay(record)
        if len(self._states) >= MAX_CACHED_STATES:
            self._states.pop(next(iter(self._states)))
        self._states[record.id] = (record.version, state)
        return Match(record, game, state)

    def forget(self, match_id: int | None = None) -> None:
        """Drop cached states (one match, or all): they are rebuilt from the store on demand."""
        if match_id is None:
            self._states.clear()
        else:
            self._states.pop(match_id, None)

    # --- Internals -------------------------------------------------------------------------------

    @contextlib.asynccontextmanager
    async def _player_waiting(self) -> AsyncIterator[None]:
        """Mark a move a person is waiting for, so that background work lets it pass first."""
        self._moves_in_flight += 1
        self._idle.clear()
        try:
            yield
        finally:
            self._moves_in_flight -= 1
            if self._moves_in_flight == 0:
                self._idle.set()

    async def wait_for_players(self) -> None:
        """Return when no move a person is waiting for is being applied (background work calls this)."""
        await self._idle.wait()

    def _lock(self, match_id: int) -> asyncio.Lock:
        return self._locks.setdefault(match_id, asyncio.Lock())

    async def _write(
        self,
        match: Match,
        *,
        seats: Sequence[int] | None = None,
        move: MoveRow | None = None,
        clocks: Iterable[ClockRecord] = (),
        autopilot_seats: Iterable[Seat] | None = None,
        notifications: Iterable[NewNotification] = (),
        **fields: Any,
    ) -> int:
        try:
            return await self.store.update_match(
                match.id,
                match.version,
                now=self.clock(),
                seats=seats,
                move=move,
                clocks=clocks,
                autopilot_seats=autopilot_seats,
                notifications=notifications,
                **fields,
            )
        except VersionConflict:
            self.forget(match.id)
            raise StaleMove("core.error.stale") from None


def _stopped(clock: ClockRecord) -> ClockRecord:
    """``clock`` with no running turn, deadline or reminder (its bank and time-outs kept)."""
    return replace(clock, turn_started=None, deadline=None, remind_at=None, paused_left=None)


def _year(timestamp: float) -> int:
    return time.gmtime(timestamp).tm_year


def completion_rate(records: Sequence[PlayerRecord]) -> float:
    """Matches finished without abandoning, over matches finished, across games (1.0 when none)."""
    finished = sum(r.finished for r in records)
    return 1.0 if finished == 0 else sum(r.finished - r.abandoned for r in records) / finished


def _dump(game: AnyGame, state: Any) -> str:
    return json.dumps(game.encode(state), separators=(",", ":"))


def _board(messages: Iterable[Message], mention: Iterable[Seat], *, final: bool = False) -> NewNotification:
    """A post in the match's channel: what happened, the board, and who must act."""
    return NewNotification(
        "board", None, {"events": [message_to_json(m) for m in messages], "mention": list(mention), "final": final}
    )


def _seat(seat: Seat, messages: Iterable[Message], *, turn: bool) -> NewNotification:
    """A direct message to one seat: private news, its own view, and its choices if it must act."""
    return NewNotification("seat", seat, {"events": [message_to_json(m) for m in messages], "turn": turn})


def _move_notifications(
    events: Sequence[Event],
    before: frozenset[Seat],
    after: frozenset[Seat],
    actor: Seat | None,
    num_seats: int,
    outcome: Outcome | None,
    *,
    chosen_for: Seat | None = None,
) -> list[NewNotification]:
    """The notifications a move causes.

    The channel hears the public events (and who must act); a seat gets a direct message
    when something private happened to it or when it must newly act. The actor gets
    nothing here: the adapter answers the actor directly with its new view (a move played
    for a seat by its standing answer has no actor: that seat is told by DM).
    """
    public = [e.message for e in events if e.audience is None]
    notifications = []
    if public:
        notifications.append(_board(public, sorted(after), final=outcome is not None))
    for seat in range(num_seats):
        if seat == actor:
            continue
        if seat == chosen_for:
            # A move made for the seat (standing answer, autopilot, time-out): tell it all it did.
            private = [e.message for e in events if e.is_visible_to(seat)]
        else:
            private = [e.message for e in events if e.audience is not None and seat in e.audience]
        newly_to_move = seat in after and seat not in before
        if private or newly_to_move or (outcome is not None):
            notifications.append(_seat(seat, private, turn=seat in after))
    return notifications
