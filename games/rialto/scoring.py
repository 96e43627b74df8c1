"""Final scoring (§10): reserves, buildings, district majorities, and the ranking.

The state keeps only the VP earned during play; the final breakdown is computed from the
finished position whenever it is needed, so it can never disagree with the board.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core import Seat
from games.rialto import model
from games.rialto.model import building_value
from games.rialto.state import RialtoState


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One seat's final score.

    In-game VP, half of coins + personal councillors (rounded up), building values, each
    district's majority award, and the total.
    """

    seat: Seat
    vp: int
    reserve: int
    buildings: int
    districts: tuple[int, ...]
    total: int


def doge_order(state: RialtoState) -> list[int]:
    """Actors from first to last on the Doge track."""
    return sorted(range(state.num_actors), key=lambda a: (-state.doge_space[a], -state.doge_seq[a]))


def district_awards(state: RialtoState, district: int) -> list[int]:
    """VP each actor gets for ``district``: rank 1 gets V(d), each next rank half the previous.

    Ranked by councillors (at least one), ties by Doge order; the NP takes its rank and
    its award is not scored (it still halves the next rank's).
    """
    order = doge_order(state)
    neutral = state.num_players if state.options.neutral else None
    present = []
    for actor in range(state.num_actors):
        n = state.np_districts[district] if actor == neutral else state.players[actor].districts[district]
        if n:
            present.append((n, actor))
    present.sort(key=lambda item: (-item[0], order.index(item[1])))
    awards = [0] * state.num_actors
    value = model.district_value(state.tiles, district)
    for _, actor in present:
        awards[actor] = value
        value //= 2
    if neutral is not None:
        awards[neutral] = 0
    return awards


def final_scores(state: RialtoState) -> tuple[ScoreLine, ...]:
    """The breakdown of every seat's final score."""
    awards = [district_awards(state, d) for d in range(len(model.DISTRICTS))]
    lines = []
    for seat, player in enumerate(state.players):
        reserve = (player.personal + player.coins + 1) // 2
        buildings = sum(building_value(text[:2]) for text in player.buildings)
        districts = tuple(awards[d][seat] for d in range(len(model.DISTRICTS)))
        total = player.vp + reserve + buildings + sum(districts)
        lines.append(ScoreLine(seat, player.vp, reserve, buildings, districts, total))
    return tuple(lines)


def ranking(state: RialtoState, lines: tuple[ScoreLine, ...]) -> list[int]:
    """Seats from winner to last: most VP, ties to the player ahead on the Doge track."""
    order = doge_order(state)
    return sorted(range(state.num_players), key=lambda seat: (-lines[seat].total, order.index(seat)))
