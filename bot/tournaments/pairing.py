"""Who plays whom in a round: Swiss pairs, Swiss pods, round robin and single elimination.

Pure functions of the standings so far; no I/O, no clock, no Discord. Players are ints
(user ids; negative for autopilot entrants).

Two-player Swiss is not written here: it is the FIDE Dutch system of ``caissify-pairings``
(Apache-2.0, cross-validated against the FIDE-endorsed bbpPairings), which forbids
rematches, balances colours (here: who takes the first seat) and gives at most one bye per
player. Its matching is pure Python and grows steeply with the field (about 0.3 s for 33
players, 6 s for 100), so above :data:`DUTCH_MAX_PLAYERS` the same library's ``casual``
engine pairs instead (greedy inside score groups, still no rematches), fast at any size.

Pods, round robin and elimination are ours: seating by standing at tables of 3-5 with the
fewest repeat opponents and rotated seat order; the circle method for round robin; a
standard seeded bracket with byes for the top seeds.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from caissify_pairings import generate_pairings  # type: ignore[import-untyped]

DUTCH_MAX_PLAYERS: Final = 64
"""Fields up to this size use the FIDE Dutch engine; larger ones its fast casual engine."""
POD_WINDOW: Final = 48
"""How far down the standings a table looks for a player who is new to everyone at it."""
MAX_SWAP_PASSES: Final = 3


class PairingError(ValueError):
    """A round cannot be paired as asked (too few players, a bad table size)."""


@dataclass(frozen=True, slots=True)
class SwissEntry:
    """One player's Swiss history: points, first-seat history, floats and byes."""

    player: int
    score: float
    rating: float = 0.0
    colours: tuple[str, ...] = ()
    """Per played round: ``"white"`` (first seat), ``"black"`` (second seat) or ``"none"`` (bye)."""
    floats: tuple[str, ...] = ()
    """Per played round: ``"up"``, ``"down"`` or ``"none"``."""
    byes: int = 0


@dataclass(frozen=True, slots=True)
class Round:
    """A paired round: tables (players in seat order) and the players who get a bye."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = field(default=())

    def players(self) -> set[int]:
        """Everyone in this round, seated or on a bye."""
        return {p for table in self.tables for p in table} | set(self.byes)


def met_pairs(tables: Sequence[Sequence[int]]) -> set[frozenset[int]]:
    """Every pair of players who sat at one of ``tables``."""
    return {frozenset(pair) for table in tables for pair in itertools.combinations(table, 2)}


# --- Two-player Swiss ------------------------------------------------------------------


def swiss_round(
    entries: Sequence[SwissEntry], previous: set[frozenset[int]], round_number: int, total_rounds: int
) -> Round:
    """The next Swiss round by the FIDE Dutch system (``casual`` above the size limit).

    ``entries`` are in seeding order (the first is the top seed). Tables are (first seat,
    second seat): the library's white is the game's first seat.
    """
    if len(entries) < 2:
        raise PairingError("two players are needed")
    index = {entry.player: number for number, entry in enumerate(entries, start=1)}
    players: list[dict[str, Any]] = [
        {
            "id": index[entry.player],
            "name": str(entry.player),
            "score": float(entry.score),
            "rating": int(entry.rating),
            "starting_number": index[entry.player],
            "color_hist": list(entry.colours),
            "float_history": list(entry.floats),
            "bye_count": entry.byes,
        }
        for entry in entries
    ]
    known = {tuple(sorted(index[p] for p in pair)) for pair in previous if all(p in index for p in pair)}
    system = "dutch" if len(entries) <= DUTCH_MAX_PLAYERS else "casual"
    rows = generate_pairings(
        system=system,
        players=players,
        previous_pairings=known,
        round_number=round_number,
        total_rounds=max(total_rounds, round_number),
    )
    by_number = {number: player for player, number in index.items()}
    tables = []
    byes = []
    for row in sorted(rows, key=lambda r: int(r["table"])):
        if row.get("black_id") is None:
            byes.append(by_number[int(row["white_id"])])
        else:
            tables.append((by_number[int(row["white_id"])], by_number[int(row["black_id"])]))
    return Round(tuple(tables), tuple(byes))


def floats_of(score_before: Mapping[int, float], table: Sequence[int]) -> dict[int, str]:
    """The float each player of a two-player table had (up, down or none), from scores before the round."""
    a, b = table
    if score_before.get(a, 0.0) > score_before.get(b, 0.0):
        return {a: "down", b: "up"}
    if score_before.get(a, 0.0) < score_before.get(b, 0.0):
        return {a: "up", b: "down"}
    return {a: "none", b: "none"}


# --- Pods ------------------------------------------------------------------------------------


def table_sizes(count: int, size: int, low: int = 3, high: int = 5) -> list[int]:
    """Sizes of tables seating ``count`` players as close to ``size`` as allowed, largest first.

    Raises:
        PairingError: nobody can be seated within [low, high].
    """
    if not low <= size <= high:
        raise PairingError(f"table size {size} is outside {low}-{high}")
    if count < low:
        raise PairingError(f"{count} players cannot fill a table of at least {low}")
    tables = max(1, math.ceil(count / size))
    while tables > 1 and count / tables < low:
        tables -= 1
    while count / tables > high:
        tables += 1
    base, extra = divmod(count, tables)
    sizes = [base + 1] * extra + [base] * (tables - extra)
    if sizes[-1] < low or sizes[0] > high:
        raise PairingError(f"{count} players cannot sit at tables of {low}-{high}")
    return sizes


def pod_round(
    standing: Sequence[int],
    met: Mapping[int, set[int]],
    seat_counts: Mapping[int, Sequence[int]],
    *,
    size: int,
    low: int = 3,
    high: int = 5,
) -> Round:
    """Tables of ``low``-``high`` by standing, avoiding repeat opponents, seats rotated.

    ``standing`` is best first. Each table takes the best player not yet seated, then the
    next players in standing order who have met nobody at the table (looking
    :data:`POD_WINDOW` places down); a swap pass then removes the repeats it can. Seats go
    to whoever has sat least in them (``seat_counts[player][seat]``).
    """
    sizes = table_sizes(len(standing), size, low, high)
    left = list(standing)
    tables: list[list[int]] = []
    for wanted in sizes:
        table = [left.pop(0)]
        while len(table) < wanted:
            window = left[:POD_WINDOW]
            best = min(
                range(len(window)),
                key=lambda i: (sum(1 for p in table if p in met.get(window[i], ())), i),
            )
            table.append(left.pop(best))
        tables.append(table)
    _swap_repeats(tables, met)
    return Round(tuple(seat_order(table, seat_counts) for table in tables))


def _conflicts(table: Sequence[int], met: Mapping[int, set[int]]) -> int:
    return sum(1 for a, b in itertools.combinations(table, 2) if b in met.get(a, ()))


def _swap_repeats(tables: list[list[int]], met: Mapping[int, set[int]]) -> None:
    """Swap players between nearby tables while that lowers the number of repeat meetings."""
    for _ in range(MAX_SWAP_PASSES):
        improved = False
        for t, table in enumerate(tables):
            if _conflicts(table, met) == 0:
                continue
            for u in range(max(0, t - 3), min(len(tables), t + 4)):
                if u == t:
                    continue
                other = tables[u]
                for i, j in itertools.product(range(len(table)), range(len(other))):
                    before = _conflicts(table, met) + _conflicts(other, met)
                    table[i], other[j] = other[j], table[i]
                    if _conflicts(table, met) + _conflicts(other, met) < before:
                        improved = True
                    else:
                        table[i], other[j] = other[j], table[i]
        if not improved:
            return


def seat_order(table: Sequence[int], seat_counts: Mapping[int, Sequence[int]]) -> tuple[int, ...]:
    """The table in the seat order that repeats the fewest past seats (ties: as given)."""
    best: tuple[int, ...] = tuple(table)
    best_cost: tuple[int, int] | None = None
    for order in itertools.permutations(table):
        counts = [seat_counts.get(player, ()) for player in order]
        repeats = sum(c[seat] if seat < len(c) else 0 for seat, c in enumerate(counts))
        spread = max((c[seat] if seat < len(c) else 0) for seat, c in enumerate(counts))
        cost = (repeats, spread)
        if best_cost is None or cost < best_cost:
            best, best_cost = order, cost
    return best


# --- Round robin ---------------------------------------------------------------------------------


def round_robin_rounds(players: Sequence[int]) -> list[Round]:
    """Every pair once, by the circle method; the first seat alternates; odd fields get one bye a round."""
    field_ = list(players)
    if len(field_) < 2:
        raise PairingError("two players are needed")
    if len(field_) % 2:
        field_.append(0)  # 0 is never a player id: the bye
    n = len(field_)
    rounds = []
    ring = field_[1:]
    for number in range(n - 1):
        order = [field_[0], *ring]
        tables = []
        byes = []
        for i in range(n // 2):
            a, b = order[i], order[n - 1 - i]
            if 0 in (a, b):
                byes.append(b if a == 0 else a)
                continue
            # Alternate the first seat: the fixed player switches every round, the others by table.
            first_a = (number % 2 == 0) if i == 0 else (i % 2 == 1)
            tables.append((a, b) if first_a else (b, a))
        rounds.append(Round(tuple(tables), tuple(byes)))
        ring = ring[-1:] + ring[:-1]
    return rounds


def table_round_robin(
    players: Sequence[int],
    met: Mapping[int, set[int]],
    seat_counts: Mapping[int, Sequence[int]],
    *,
    size: int,
    low: int = 3,
    high: int = 5,
) -> Round:
    """A round of a table round robin: tables that seat as many new pairs as possible.

    Unlike pods, standing plays no part: the players are taken from the one who has met the
    fewest others, so that over the rounds every pair meets as far as the sizes allow.
    """
    order = sorted(players, key=lambda p: (len(met.get(p, ())), players.index(p)))
    return pod_round(order, met, seat_counts, size=size, low=low, high=high)


def table_round_robin_rounds(count: int, size: int) -> int:
    """Rounds a table round robin plans: the fewest in which each player could meet all others."""
    return max(1, math.ceil((count - 1) / max(1, size - 1)))


# --- Single elimination ------------------------------------------------------------------------


def bracket_positions(size: int) -> list[int]:
    """Seed numbers (1-based) in bracket order for a power-of-two ``size``: 1, 16, 8, 9, ..."""
    if size < 1 or size & (size - 1):
        raise PairingError(f"{size} is not a power of two")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for top in order for seed in (top, total - top)]
    return order


def elimination_first_round(seeded: Sequence[int]) -> list[tuple[int, ...]]:
    """Round one of a seeded bracket, in bracket order: pairs, and 1-tuples for byes.

    The bracket is the next power of two; the missing seeds are the byes, so the top seeds
    get them (1 meets the lowest seed, 2 the next, ...). The better seed sits first.
    """
    if len(seeded) < 2:
        raise PairingError("two players are needed")
    size = 1 << (len(seeded) - 1).bit_length()
    slots = [seeded[seed - 1] if seed <= len(seeded) else None for seed in bracket_positions(size)]
    return [tuple(p for p in (slots[i], slots[i + 1]) if p is not None) for i in range(0, size, 2)]


def elimination_next_round(advancing: Sequence[int], seed_of: Mapping[int, int]) -> list[tuple[int, ...]]:
    """The next round from the players going through, in bracket order: neighbours meet."""
    slots: list[tuple[int, ...]] = []
    for i in range(0, len(advancing), 2):
        pair = tuple(advancing[i : i + 2])
        slots.append(tuple(sorted(pair, key=lambda p: seed_of.get(p, 10**9))))
    return slots


def elimination_rounds(count: int) -> int:
    """Rounds of a single elimination of ``count`` players."""
    return max(1, (count - 1).bit_length())
