"""Shared set-up for tournament tests: a tournament of autopilot entrants on a fake clock."""

from __future__ import annotations

from bot.tournaments.service import TournamentService

GUILD = 500
CHANNEL = 600
ORGANISER = 42


def robots(count: int) -> list[int]:
    """Autopilot entrants: negative ids, so every seat of every game plays itself."""
    return [-(101 + n) for n in range(count)]


async def open_tournament(tournaments: TournamentService, players: list[int], **options) -> int:
    options.setdefault("signup_time", "1d")
    tournament = await tournaments.create(ORGANISER, guild_id=GUILD, channel_id=CHANNEL, **options)
    for player in players:
        await tournaments.join(tournament.id, player)
    return tournament.id
