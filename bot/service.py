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
import json
import logging
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from bot.codec import message_to_json, outcome_from_json, outcome_to_json
from bot.store import MatchRecord, NewNotification, Store, VersionConflict
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
    msg,
    new_seed,
    options_from_dict,
    options_to_dict,
    parse_options,
    standing_answers_of,
)

log = logging.getLogger(__name__)

MAX_CACHED_STATES: Final = 2048


class ServiceError(Exception):
    """A request the service refuses; ``message`` is shown to the person, translated."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    @property
    def message(self) -> Message:
        """The refusal as a translatable message."""
        return Message(self.code, self.params)


class NoSuchMatch(ServiceError):
    """No match fits the request."""


class NotSeated(ServiceError):
    """The user holds no seat in this match."""


class StaleMove(ServiceError):
    """The board changed since the user looked at it."""


class LobbyError(ServiceError):
    """A lobby action that is not possible now (full, started, too few players...)."""


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
    ) -> Match:
        """Open a lobby for ``game_key`` with the creator seated."""
        game = self.game(game_key)
        seats = players if players is not None else game.max_players
        if not game.min_players <= seats <= game.max_players:
            raise LobbyError("core.error.bad_players", low=game.min_players, high=game.max_players)
        try:
            options = parse_options(game.options_type, options_text) if options_text.strip() else game.options_type()
        except MoveError as error:
            raise LobbyError(error.code, **error.params) from error
        match_id = await self.store.create_match(
            game_key=game.key,
            rules_version=game.rules_version,
            options=options_to_dict(options),
            seed=new_seed(),
            max_seats=seats,
            guild_id=guild_id,
            channel_id=channel_id,
            creator_id=creator_id,
            now=self.clock(),
        )
        log.info("match created match_id=%s game=%s by=%s", match_id, game.key, creator_id)
        return await self.get_match(match_id)

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

    async def start(self, match_id: int, user_id: int) -> Change:
        """Start a lobby early (by its creator) once it has enough players."""
        async with self._lock(match_id):
            match = await self.get_match(match_id)
            record = match.record
            if record.status != "lobby":
                raise LobbyError("core.error.already_started")
            if user_id != record.creator_id:
                raise LobbyError("core.error.creator_only")
            if len(record.seats) < match.game.min_players:
                raise LobbyError("core.error.too_few", need=match.game.min_players, have=len(record.seats))
            return await self._start(match, record.seats)

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
            await self._write(match, status="cancelled", notifications=[_board([note], [], final=True)])
            return Change(await self.get_match(match_id), messages=(note,))

    async def _start(self, match: Match, seats: Sequence[int]) -> Change:
        record, game = match.record, match.game
        order = Rng(record.seed, -1).shuffled(seats)
        options = options_from_dict(game.options_type, record.options)
        state = game.initial_state(record.seed, len(order), options)
        started = msg("core.event.started", game=msg(f"{game.key}.title"))
        to_move = game.to_move(state)
        notifications = [_board([started], sorted(to_move))]
        notifications += [_seat(seat, [], turn=True) for seat in sorted(to_move)]
        version = await self._write(
            match, seats=order, status="active", state_json=_dump(game, state), notifications=notifications
        )
        self._states[record.id] = (version, state)
        log.info("match started match_id=%s seats=%s", record.id, order)
        return Change(await self.get_match(record.id), messages=(started,))

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
        async with self._lock(match_id):
            match = await self.get_match(match_id)
            seat = self._running_seat(match, user_id)
            if expected_version is not None and await self.is_stale(match, seat, expected_version):
                raise StaleMove("core.error.stale")
            game, state = match.game, match.state
            if seat not in game.to_move(state):
                raise NotYourTurn("core.error.not_your_turn", "It is not your turn.")
            move = game.parse_move(state, seat, text)
            new_state, events = game.apply(state, seat, move)
            change = await self._commit_move(match, seat, game.move_code(move), new_state, events)
            await self._play_standing_answers(change.match)
            return change

    async def _play_standing_answers(self, match: Match) -> None:
        """Play the answers given in advance by seats that must act now, until none applies."""
        answering = standing_answers_of(match.game)
        if answering is None:
            return
        answers = await self.store.standing_answers(match.id)
        while answers and match.is_running:
            for seat in sorted(match.to_move()):
                code = answers.get(seat)
                move = None if code is None else answering.standing_move(match.state, seat, code)
                if move is not None:
                    state, events = match.game.apply(match.state, seat, move)
                    code_played = match.game.move_code(move)
                    events = [
                        Event(
                            msg("core.event.standing_played", seat=match.game.seat_name(seat, len(match.record.seats)))
                        ),
                        *events,
                    ]
                    match = (await self._commit_move(match, seat, code_played, state, events, automatic=True)).match
                    break
            else:
                return

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
            await self._play_standing_answers(match)
            return label

    async def standing_choices(self, match: Match) -> list[Choice]:
        """The standing answers the match's game offers (none for most games)."""
        answering = standing_answers_of(match.game)
        return list(answering.standing_answers()) if answering is not None else []

    async def _commit_move(
        self, match: Match, seat: Seat, code: str, state: Any, events: list[Event], *, automatic: bool = False
    ) -> Change:
        game, record = match.game, match.record
        before = game.to_move(match.state)
        after = game.to_move(state)
        outcome = game.outcome(state)
        fields: dict[str, Any] = {"state_json": _dump(game, state), "ply": record.ply + 1, "draw_offers": 0}
        if outcome is not None:
            fields.update(status="finished", outcome=outcome_to_json(outcome))
        actor = None if automatic else seat
        notifications = _move_notifications(events, before, after, actor, len(record.seats), outcome)
        version = await self._write(match, move=(record.ply, seat, code), notifications=notifications, **fields)
        self._states[record.id] = (version, state)
        return Change(await self.get_match(record.id), tuple(events), seat)

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

    async def _finish(self, match: Match, outcome: Outcome, actor: Seat) -> Change:
        note = outcome.reason
        await self._write(
            match,
            status="finished",
            outcome=outcome_to_json(outcome),
            draw_offers=0,
            notifications=[_board([note], [], final=True)],
        )
        return Change(await self.get_match(match.id), actor_seat=actor, messages=(note,))

    def _running_seat(self, match: Match, user_id: int) -> Seat:
        seat = match.seat_of(user_id)
        if seat is None:
            raise NotSeated("core.error.not_seated")
        if not match.is_running:
            raise LobbyError("core.error.not_running")
        return seat

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

    def _lock(self, match_id: int) -> asyncio.Lock:
        return self._locks.setdefault(match_id, asyncio.Lock())

    async def _write(
        self,
        match: Match,
        *,
        seats: Sequence[int] | None = None,
        move: tuple[int, int, str] | None = None,
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
                notifications=notifications,
                **fields,
            )
        except VersionConflict:
            self.forget(match.id)
            raise StaleMove("core.error.stale") from None


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
        private = [e.message for e in events if e.audience is not None and seat in e.audience]
        newly_to_move = seat in after and seat not in before
        if private or newly_to_move or (outcome is not None):
            notifications.append(_seat(seat, private, turn=seat in after))
    return notifications
