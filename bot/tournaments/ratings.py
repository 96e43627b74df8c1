"""Ratings: OpenSkill's Plackett–Luce model over finished matches of 2 to 5 seats (pure).

A rating is (mu, sigma): the model's estimate of skill and its uncertainty. People see one
number, :func:`display`, which is ``1000 + 40 × (mu − 3·sigma)``: everyone starts at 1000
and climbs as they win *and* as the bot becomes surer of them, so a lucky newcomer does not
top the leaderboard. A player is provisional until :data:`PROVISIONAL_GAMES` rated games.

Who is rated in a match (the slow-play rules): only people, never autopilot seats (negative
ids); a person whose seat the autopilot took over (repeated timeouts, a drop, a round
deadline) counts as abandoning it, which is a loss: they share the last place below every
seat that was still played. A match with fewer than two people, or where no person
still played their seat, is not rated.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from openskill.models import PlackettLuce

PROVISIONAL_GAMES: Final = 5
DISPLAY_BASE: Final = 1000.0
DISPLAY_SCALE: Final = 40.0

_MODEL: Final = PlackettLuce()
START_MU: Final[float] = float(_MODEL.mu)
START_SIGMA: Final[float] = float(_MODEL.sigma)


@dataclass(frozen=True, slots=True)
class Rating:
    """One player's rating in one game on one server."""

    mu: float = START_MU
    sigma: float = START_SIGMA
    games: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative estimate mu − 3·sigma."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        """Whether too few games were played for the number to mean much."""
        return self.games < PROVISIONAL_GAMES


def display(rating: Rating) -> int:
    """The number people see."""
    return round(DISPLAY_BASE + DISPLAY_SCALE * rating.ordinal)


def rated_places(seats: Sequence[int], ranks: Sequence[int], abandoned: Iterable[int] = ()) -> dict[int, int]:
    """The place of each rated person in a finished match (1 = best), or {} when it is not rated.

    ``seats`` are user ids in seat order, ``ranks`` the outcome's ranks by seat,
    ``abandoned`` the seats the autopilot took over from a person.
    """
    gave_up = set(abandoned)
    people = [seat for seat, user in enumerate(seats) if user > 0]
    played = [seat for seat in people if seat not in gave_up]
    if len(people) < 2 or not played or len({seats[s] for s in people}) != len(people):
        return {}
    last = max(ranks[seat] for seat in played) + 1
    return {seats[seat]: (last if seat in gave_up else ranks[seat]) for seat in people}


def rate(before: Mapping[int, Rating], places: Mapping[int, int]) -> dict[int, Rating]:
    """Everyone's rating after one match with ``places`` (1 = best, ties allowed)."""
    players = list(places)
    teams = [[_MODEL.rating(mu=before[p].mu, sigma=before[p].sigma)] for p in players]
    after = _MODEL.rate(teams, ranks=[float(places[p]) for p in players])
    return {
        p: Rating(float(team[0].mu), float(team[0].sigma), before[p].games + 1)
        for p, team in zip(players, after, strict=True)
    }


def replay(matches: Iterable[Mapping[int, int]]) -> dict[int, Rating]:
    """Ratings from nothing after ``matches`` (places by player) in order: the audit of the stored ones."""
    ratings: dict[int, Rating] = {}
    for places in matches:
        before = {p: ratings.get(p, Rating()) for p in places}
        ratings.update(rate(before, places))
    return ratings
