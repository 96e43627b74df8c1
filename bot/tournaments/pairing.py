"""Who plays whom in a round: Swiss pairs, Swiss pods, round robin and single elimination.

Pure functions of the standings so far; no I/O, no clock, no Discord. Players are ints
(user ids; negative for autopilot entrants).

Two-player Swiss up to :data:`DUTCH_MAX_PLAYERS` is not written here: it is the FIDE Dutch
system of ``caissify-pairings`` (Apache-2.0, cross-validated against the FIDE-endorsed
bbpPairings), which forbids rematches, balances colours (here: who takes the first seat)
and gives at most one bye per player. Its matching is pure Python and grows steeply with
the field (about 1 s for 64 players, 7 s for 100, a minute for 200), and the library's fast
``casual`` engine breaks the rules we promise (several byes in a round, three first seats
running, score groups crossed needlessly), so larger fields are paired by
:mod:`bot.tournaments.swiss`. Every Dutch round is checked against the same hard rules (one
bye, no rematch, FIDE's absolute colour rules): random events found it giving several byes
when no legal pairing exists and, now and then, a third first seat running although one
does; such a round is paired by :mod:`bot.tournaments.swiss` instead.

Pods, round robin and elimination are ours: seating by standing at tables of 3-5 with the
fewest repeat opponents and rotated seat order; the Berger tables for round robin; a
standard seeded bracket with byes for the top seeds, where a withdrawal is a walkover.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from caissify_pairings import generate_pairings  # type: ignore[import-untyped]

from bot.tournaments import swiss

DUTCH_MAX_PLAYERS: Final = 64
"""Fields up to this size use the FIDE Dutch engine; larger ones :mod:`bot.tournaments.swiss`."""
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
    """The next Swiss round by the FIDE Dutch system (:mod:`bot.tournaments.swiss` above the size limit).

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
    if len(entries) > DUTCH_MAX_PLAYERS:
        return _own_swiss_round(_swiss_field(entries, previous))
    known = {tuple(sorted(index[p] for p in pair)) for pair in previous if all(p in index for p in pair)}
    rows = generate_pairings(
        system="dutch",
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
    paired = Round(tuple(tables), tuple(byes))
    field_ = _swiss_field(entries, previous)
    if not _keeps_the_rules(paired, field_):
        # Seen in random events: when no pairing keeps every rule (a small field that has
        # nearly all met) the engine hands out several byes, a free point each, and now and
        # then it gives a third first seat running although a legal pairing exists. Ours
        # keeps the rules, or bends the colour rules, then allows a rematch, never a second bye.
        return _own_swiss_round(field_)
    return paired


def _swiss_field(entries: Sequence[SwissEntry], previous: set[frozenset[int]]) -> list[swiss.Entrant]:
    met: dict[int, set[int]] = {}
    for pair in previous:
        a, b = tuple(pair)
        met.setdefault(a, set()).add(b)
        met.setdefault(b, set()).add(a)
    return swiss.entrants_from(((e.player, e.score, e.colours, e.byes) for e in entries), met)


def _keeps_the_rules(paired: Round, field_: Sequence[swiss.Entrant]) -> bool:
    """One bye only in an odd field, no rematch, FIDE's absolute colour rules on every first seat."""
    by_player = {e.player: e for e in field_}
    if len(paired.byes) != len(field_) % 2:
        return False
    return all(
        second not in by_player[first].met
        and by_player[first].may_take(swiss.WHITE)
        and by_player[second].may_take(swiss.BLACK)
        for first, second in paired.tables
    )


def _own_swiss_round(field_: Sequence[swiss.Entrant]) -> Round:
    """A round by :mod:`bot.tournaments.swiss` (fields too large for the Dutch engine, or that it pairs badly)."""
    paired = swiss.pair_round(field_)
    return Round(paired.tables, paired.byes)


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
    """Every pair once, by the standard Berger tables (FIDE C.05, Annex 1); odd fields get one bye a round.

    Players are numbered 1..n in the given order (an odd field adds a last number, the
    bye). In round ``r`` the last number meets the player ``k`` with ``2k ≡ r + 1``
    (mod n − 1), taking the first seat in even rounds; every other pair ``i < j`` with
    ``i + j ≡ r + 1`` (mod n − 1) meets with ``i`` first when ``i + j`` is odd, else ``j``.
    So first and second seats alternate, with at most one repeat per player: at the end
    nobody has more than one first seat over their second seats (or the reverse), and
    nobody takes the same seat three times running.
    """
    field_ = list(players)
    if len(field_) < 2:
        raise PairingError("two players are needed")
    count = len(field_)
    n = count + count % 2
    rounds = []
    for number in range(1, n):
        tables = []
        byes = []
        for i in range(1, n):
            j = (number + 1 - i) % (n - 1) or n - 1
            if j == i:
                j = n
                pair = (n, i) if number % 2 == 0 else (i, n)
            elif i < j:
                pair = (i, j) if (i + j) % 2 else (j, i)
            else:
                continue
            if n > count and n in pair:
                byes.append(field_[pair[0] + pair[1] - n - 1])
            else:
                tables.append((field_[pair[0] - 1], field_[pair[1] - 1]))
        rounds.append(Round(tuple(tables), tuple(byes)))
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


def elimination_round(
    seeded: Sequence[int],
    played: Sequence[Sequence[tuple[Sequence[int], int | None]]],
    playing: Collection[int],
) -> list[tuple[int, ...]]:
    """The next round of a seeded bracket, slot by slot: pairs, and 1-tuples for walkovers.

    ``seeded`` is the whole field in seed order (as round one was drawn), ``played`` the
    rounds so far, each a list of (players of a table, who went through or None), in any
    order. Slot ``j`` of the next round is fed by slots ``2j`` and ``2j + 1`` of the last
    one: whoever went through there and is still ``playing`` sits in it. A withdrawn
    player's opponent-to-be goes on by walkover (a 1-tuple), and nothing else moves: the
    halves of the bracket never mix. A slot left with nobody has no table.
    """
    seed_of = {player: number for number, player in enumerate(seeded)}
    if not played:
        slots: list[tuple[int | None, ...]] = list(elimination_first_round(seeded))
        return _present(slots, playing, seed_of)
    feeding: list[tuple[int | None, ...]] = list(elimination_first_round(seeded))
    for tables in played:
        through: list[int | None] = []
        for candidates in feeding:
            wanted = {p for p in candidates if p is not None}
            winner = next((w for players, w in tables if wanted & set(players)), None)
            through.append(winner)
        feeding = [tuple(through[i : i + 2]) for i in range(0, len(through), 2)]
    return _present(feeding, playing, seed_of)


def _present(
    slots: Sequence[tuple[int | None, ...]], playing: Collection[int], seed_of: Mapping[int, int]
) -> list[tuple[int, ...]]:
    """The slots' players still playing, better seed first; empty slots dropped."""
    tables = []
    for slot in slots:
        present = sorted(
            (p for p in slot if p is not None and p in playing), key=lambda p: seed_of.get(p, len(seed_of))
        )
        if present:
            tables.append(tuple(present))
    return tables


def elimination_rounds(count: int) -> int:
    """Rounds of a single elimination of ``count`` players."""
    return max(1, (count - 1).bit_length())
