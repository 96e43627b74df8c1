"""Finding matches: by id, by thread, by person, and the moves a person may make now.

Match ids are global: what a person names by number is looked up from where they act
(:class:`~bot.service.model.Where`), so another server's match, or in direct messages
someone else's, is answered as one that does not exist.
"""

from __future__ import annotations

from bot.records import MatchRecord, MatchStatus
from bot.service.base import ServiceBase
from bot.service.model import Match, MoveOption, Where
from bot.service_errors import NoSuchMatch
from games.core import offered_moves_of


class Lookups(ServiceBase):
    """Reading matches for the adapters; nothing here changes anything."""

    async def find_match(
        self, *, match_id: int | None, channel_id: int | None, user_id: int, guild_id: int | None
    ) -> Match:
        """The match a command means: the given id, else this thread's, else the user's only one here.

        Only matches reachable from ``guild_id`` (None: direct messages) are found.
        """
        where = Where(guild_id)
        if match_id is not None:
            return await self.match_for(match_id, user_id, where)
        if channel_id is not None:
            record = await self.store.match_in_channel(channel_id)
            if record is not None and where.admits(record, user_id):
                return await self._with_state(record)
        mine = [r for r in await self.store.matches_of_user(user_id) if where.admits(r, user_id)]
        if len(mine) == 1:
            return await self._with_state(mine[0])
        if len(mine) > 1:
            raise NoSuchMatch("core.error.which_match", count=len(mine))
        raise NoSuchMatch("core.error.no_match_here")

    async def list_matches(self, guild_id: int | None, user_id: int) -> list[MatchRecord]:
        """This server's open and running matches, the user's own first, then newest first."""
        records = await self.store.matches_in_guild(guild_id)
        return sorted(records, key=lambda r: (user_id not in r.seats, -r.id))

    async def find_lobby(self, *, match_id: int | None, channel_id: int | None, user_id: int, guild_id: int) -> Match:
        """The match ``/game join`` means: the given id, this thread's, or the only open lobby in this channel."""
        if match_id is not None or channel_id is None:
            return await self.find_match(match_id=match_id, channel_id=channel_id, user_id=user_id, guild_id=guild_id)
        record = await self.store.match_in_channel(channel_id)
        if record is not None:
            return await self.match_for(record.id, user_id, Where(guild_id))
        lobbies = [r for r in await self.open_lobbies(guild_id) if r.channel_id == channel_id]
        if len(lobbies) == 1:
            return await self._with_state(lobbies[0])
        raise NoSuchMatch("core.error.no_match_here")

    async def open_lobbies(self, guild_id: int) -> list[MatchRecord]:
        """This server's lobbies that wait for players, newest first."""
        return await self.store.matches_in_guild(guild_id, (MatchStatus.LOBBY,))

    async def user_matches(self, user_id: int, where: Where | None = None) -> list[MatchRecord]:
        """The user's open and running matches (those reachable from ``where``), newest first."""
        return [r for r in await self.store.matches_of_user(user_id) if where is None or where.admits(r, user_id)]

    async def move_options(self, match: Match, user_id: int) -> list[MoveOption]:
        """Every legal move of ``user_id`` now, labelled, in the engine's order."""
        seat = match.seat_of(user_id)
        if seat is None or seat not in match.to_move():
            return []
        game, state = match.game, match.state
        offering = offered_moves_of(game)
        moves = offering.offered_moves(state, seat) if offering is not None else game.legal_moves(state, seat)
        return [
            MoveOption(game.move_code(move), game.describe_move(state, seat, move), game.choice_path(state, seat, move))
            for move in moves
        ]
