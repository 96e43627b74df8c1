"""The lobby: open a match, take and give up seats, start it, cancel it.

Decisions the engines leave to the platform (design.md: "match events"):
- Seat order is drawn from the match seed (``Rng(seed, -1)``) when the match starts, which
  is how a random first player is chosen.
- Leaving is possible only in the lobby; a seated player leaves a running match by resigning.
- A game's options are the game's to judge (``check_options``): when the match is opened,
  and again just before it starts, so that a lobby never fills up for a start that fails.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from bot import ai_worker, outbox
from bot.clocks import TimeControl
from bot.commitment import seed_commitment
from bot.records import OPEN_STATUSES, MatchRecord, MatchStatus, PlayerRecord
from bot.service.audit import Audit, AuditKind
from bot.service.model import UNTIMED, Change, Match, Where
from bot.service.people import People
from bot.service.pipeline import Pipeline, dump_state, stopped_clock
from bot.service_errors import LobbyError, NotSeated
from games.ai import Level
from games.core import AnyGame, MoveError, Rng, msg, options_from_dict, options_help, options_to_dict, parse_options

log = logging.getLogger(__name__)


class Lobby(Pipeline, People, Audit):
    """Opening, joining, leaving, starting and cancelling matches."""

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
        level: Level = Level.EASY,
    ) -> Match:
        """Open a lobby for ``game_key`` with the creator seated.

        ``vs_autopilot`` fills every other seat with the autopilot and starts at once, for
        someone who wants to try a game alone, at ``level``. ``min_completion`` (percent) keeps out
        players whose record shows they abandon matches. ``seat_order`` seats these users
        at once, in this order (a tournament's pairing); start it with ``keep_order``.
        """
        game = self.game(game_key)
        try:
            options = parse_options(game.options_type, options_text) if options_text.strip() else game.options_type()
            game.check_options(options, None)
        except MoveError as error:
            raise options_refusal(game, error) from error
        seats = players if players is not None else _default_seats(game, options, vs_autopilot=vs_autopilot)
        if not game.min_players <= seats <= game.max_players:
            raise LobbyError("core.error.bad_players", low=game.min_players, high=game.max_players)
        try:
            game.check_options(options, seats)
        except MoveError as error:
            raise options_refusal(game, error) from error
        if not 0 <= min_completion <= 100:
            raise LobbyError("core.error.bad_completion", given=min_completion)
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
                robots = tuple(ai_worker.robot_user(level, n) for n in range(seats - 1))
                await self._start(match, (creator_id, *robots))
            match = await self.get_match(match_id)
        return match

    async def join(self, match_id: int, user_id: int, *, where: Where | None = None) -> Change:
        """Take a free seat; the match starts by itself when the last seat is taken."""
        async with self._lock(match_id):
            match = await self.match_for(match_id, user_id, where)
            record = match.record
            if record.status != MatchStatus.LOBBY:
                raise _closed_lobby(record, "core.error.already_started")
            if user_id in record.seats:
                raise LobbyError("core.error.already_joined")
            if len(record.seats) >= record.max_seats:
                raise LobbyError("core.error.full")
            if record.min_completion:
                rate = await self.completion_of(user_id, record.guild_id)
                if rate * 100 < record.min_completion:
                    raise LobbyError(
                        "core.error.completion_too_low", need=record.min_completion, have=round(rate * 100)
                    )
            seats = (*record.seats, user_id)
            if len(seats) == record.max_seats:
                return await self._start(match, seats)
            await self._write(match, seats=seats, notifications=[outbox.lobby()])
            return Change(await self.get_match(match_id), messages=(msg("core.lobby.joined", user=user_id),))

    async def leave(self, match_id: int, user_id: int, *, where: Where | None = None) -> Change:
        """Give up a seat in the lobby (the creator cancels instead)."""
        async with self._lock(match_id):
            match = await self.match_for(match_id, user_id, where)
            record = match.record
            if record.status != MatchStatus.LOBBY:
                raise _closed_lobby(record, "core.error.leave_running")
            if user_id not in record.seats:
                raise NotSeated("core.error.not_seated")
            if user_id == record.creator_id:
                raise LobbyError("core.error.creator_leaves")
            await self._write(
                match, seats=tuple(u for u in record.seats if u != user_id), notifications=[outbox.lobby()]
            )
            return Change(await self.get_match(match_id), messages=(msg("core.lobby.left", user=user_id),))

    async def start(
        self, match_id: int, user_id: int, *, keep_order: bool = False, where: Where | None = None
    ) -> Change:
        """Start a lobby early (by its creator) once it has enough players.

        ``keep_order`` keeps the seats as they are instead of drawing them from the seed.
        """
        async with self._lock(match_id):
            match = await self.match_for(match_id, user_id, where)
            record = match.record
            if record.status != MatchStatus.LOBBY:
                raise _closed_lobby(record, "core.error.started_already")
            if user_id != record.creator_id:
                raise LobbyError("core.error.creator_only")
            if len(record.seats) < match.game.min_players:
                raise LobbyError("core.error.too_few", need=match.game.min_players, have=len(record.seats))
            return await self._start(match, record.seats, shuffle=not keep_order)

    async def cancel(
        self, match_id: int, user_id: int, *, is_admin: bool = False, where: Where | None = None, reason: str = ""
    ) -> Change:
        """Cancel a match: its creator while in the lobby, a server admin at any time (audited, with ``reason``)."""
        async with self._lock(match_id):
            match = await self.match_for(match_id, user_id, where)
            record = match.record
            if record.status not in OPEN_STATUSES:
                raise LobbyError("core.error.over")
            allowed = is_admin or (user_id == record.creator_id and record.status == MatchStatus.LOBBY)
            if not allowed:
                raise LobbyError("core.error.cancel_denied")
            note = msg("core.event.cancelled", user=user_id)
            stopped = [stopped_clock(c) for c in (await self.store.clocks(match_id)).values()]
            await self._write(
                match,
                status=MatchStatus.CANCELLED,
                clocks=stopped,
                notifications=[outbox.board([note], [], final=True), outbox.lobby()],
                audit=self.audit_row(
                    AuditKind.CANCEL,
                    guild_id=record.guild_id,
                    actor_id=user_id,
                    match_id=match_id,
                    detail={"status": str(record.status), "ply": record.ply},
                    reason=reason,
                ),
            )
            return Change(await self.get_match(match_id), messages=(note,))

    async def seat_lobby(self, match_id: int, seats: Sequence[int]) -> Match:
        """Seat exactly ``seats``, in this order, in a lobby (a tournament table resumed after a restart).

        Under the match's lock and version check, like every change of a match.
        """
        async with self._lock(match_id):
            match = await self.get_match(match_id)
            if match.record.status != MatchStatus.LOBBY:
                raise _closed_lobby(match.record, "core.error.already_started")
            if tuple(match.record.seats) != tuple(seats):
                await self._write(match, seats=list(seats))
        return await self.get_match(match_id)

    async def completion_of(self, user_id: int, guild_id: int | None) -> float:
        """The user's share of matches finished without abandoning, on one server (see :func:`completion_rate`)."""
        return completion_rate(await self.player_record(user_id, guild_id))

    async def _start(self, match: Match, seats: Sequence[int], *, shuffle: bool = True) -> Change:
        record, game = match.record, match.game
        order = Rng(record.seed, -1).shuffled(seats) if shuffle else tuple(seats)
        options = options_from_dict(game.options_type, record.options)
        try:
            # Checked at creation too; this catches a start with fewer seats, and older lobbies.
            game.check_options(options, len(order))
        except MoveError as error:
            raise LobbyError("core.error.options_block_start", problem=error.message) from error
        state = game.initial_state(record.seed, len(order), options)
        started = msg("core.event.started", game=msg(f"{game.key}.title"))
        commitment = msg("core.event.seed_commitment", commitment=seed_commitment(record.seed))
        to_move = game.to_move(state)
        robots = [seat for seat, user in enumerate(order) if user < 0]
        notifications = [outbox.board([started, commitment], sorted(to_move)), outbox.lobby()]
        notifications += [outbox.seat_note(seat, [], turn=True) for seat in sorted(to_move) if order[seat] > 0]
        started_record = replace(record, seats=tuple(order))
        clocks = await self._turn_clocks(started_record, {}, frozenset(), to_move, self.clock())
        version = await self._write(
            match,
            seats=order,
            status=MatchStatus.ACTIVE,
            state_json=dump_state(game, state),
            notifications=notifications,
            clocks=clocks,
            autopilot_seats=robots,
        )
        self._remember(record.id, version, state)
        log.info("match started match_id=%s seats=%s", record.id, order)
        running = await self._play_automatic(await self.get_match(record.id))
        return Change(running, messages=(started,))


def options_refusal(game: AnyGame, error: MoveError) -> LobbyError:
    """A refusal of a game's options: what is wrong, then every option with the values it accepts."""
    return LobbyError(
        "core.error.bad_options",
        problem=error.message,
        game=msg(f"{game.key}.title"),
        options=options_help(game.option_rules()),
    )


def _default_seats(game: AnyGame, options: Any, *, vs_autopilot: bool) -> int:
    """The seat count of a lobby opened without one, among those its options allow.

    The most seats (the fewest against the autopilot), so that ``neutral=true`` alone
    opens a two-player Rialto rather than a refusal.
    """
    counts = range(game.min_players, game.max_players + 1)
    for count in counts if vs_autopilot else reversed(counts):
        try:
            game.check_options(options, count)
        except MoveError:
            continue
        return count
    return game.min_players if vs_autopilot else game.max_players


def _closed_lobby(record: MatchRecord, running_key: str) -> LobbyError:
    """Why a lobby action is refused once the lobby is closed: cancelled, over, or ``running_key``."""
    if record.status == MatchStatus.CANCELLED:
        return LobbyError("core.error.cancelled", match=record.id)
    if record.status == MatchStatus.FINISHED:
        return LobbyError("core.error.over")
    return LobbyError(running_key)


def completion_rate(records: Sequence[PlayerRecord]) -> float:
    """Matches finished without abandoning, over matches finished, across games (1.0 when none)."""
    finished = sum(r.finished for r in records)
    return 1.0 if finished == 0 else sum(r.finished - r.abandoned for r in records) / finished
