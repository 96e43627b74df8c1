"""A match's past: its move log, its events, and the state rebuilt from it (history, exports, audits).

The log stores what replay cannot give back: each move's code, who chose it (with the
platform's notes on why) and how long it took. The engine's events are stored too while the
match runs, because its log and each player's catch-up are read after almost every move;
once it ends the log is packed into one row without them (a few KB even for the 900
decisions of Rialto for five, :mod:`bot.store.move_archive`) and they are rebuilt here by
replaying the seed and the moves, kept for the last few matches read (:data:`MAX_REPLAYED_LOGS`).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, Final

from bot.codec import event_from_json
from bot.records import ChosenBy, MatchRecord, MoveRecord
from bot.service.base import ServiceBase
from bot.service_errors import NoSuchMatch
from games.core import Event, Seat, options_from_dict, replay_events

MAX_REPLAYED_LOGS: Final = 32
"""Finished matches whose replayed events are kept in memory: someone reading a finished
match's log pages through it, and an export reads it again; a few hundred KB each at most."""


class History(ServiceBase):
    """Reading the move log; nothing here changes anything."""

    _replayed: OrderedDict[tuple[int, int], list[list[Event]]] | None = None

    async def replay(self, match_id: int) -> Any:
        """The state rebuilt from the seed and the move log alone (for audits and tests)."""
        record = await self.store.get_match(match_id)
        if record is None:
            raise NoSuchMatch("core.error.no_match", match=match_id)
        return await self._replay(record)

    async def move_log(self, match_id: int, *, since_ply: int = 0) -> list[MoveRecord]:
        """The stored moves of a match from ``since_ply`` on, in order (engine events only while it runs)."""
        return await self.store.moves(match_id, since_ply=since_ply)

    async def logged_events(self, match_id: int, *, since_ply: int = 0) -> list[tuple[MoveRecord, list[Event]]]:
        """Every move from ``since_ply`` with all its events (notes first, then the engine's), in order.

        The stored events while the match runs; once it ended, the events are replayed (once,
        then cached). Audiences are kept: the caller shows each person only what they may see.
        """
        moves = await self.store.moves(match_id, since_ply=since_ply)
        if all(move.events is not None for move in moves):
            return [(move, _events(move.notes) + _events(move.events or [])) for move in moves]
        record = await self.store.get_match(match_id)
        if record is None:
            raise NoSuchMatch("core.error.no_match", match=match_id)
        replayed = await self._replayed_events(record)
        return [(move, _events(move.notes) + replayed[move.ply]) for move in moves]

    async def _replayed_events(self, record: MatchRecord) -> list[list[Event]]:
        """The engine's events of every ply of the match, replayed from its seed and moves."""
        if self._replayed is None:
            self._replayed = OrderedDict()
        key = (record.id, record.version)
        cached = self._replayed.get(key)
        if cached is not None:
            self._replayed.move_to_end(key)
            return cached
        game = self.game(record.game_key)
        options = options_from_dict(game.options_type, record.options)
        moves = [(move.seat, move.code) for move in await self.store.moves(record.id)]
        events = list(replay_events(game, record.seed, len(record.seats), options, moves))
        self._replayed[key] = events
        while len(self._replayed) > MAX_REPLAYED_LOGS:
            self._replayed.popitem(last=False)
        return events

    async def last_own_ply(self, match_id: int, seat: Seat) -> int | None:
        """The ply of the seat's latest move chosen by its player (not played for it), or None."""
        return await self.store.last_ply_of(match_id, seat, chosen_by=ChosenBy.PLAYER)


def _events(data: list[dict[str, Any]]) -> list[Event]:
    return [event_from_json(item) for item in data]
