"""Two-player Swiss rounds for large fields: score groups, absolute first-seat rules, one bye.

Fields above ``pairing.DUTCH_MAX_PLAYERS`` are too large for the FIDE Dutch engine of
``caissify-pairings`` (pure Python: about 7 s for 100 players, a minute for 200), and the
library's fast ``casual`` engine breaks the rules the README promises (two or three byes
in a round, first-seat histories such as ``bwbbb``, score groups crossed needlessly). So
large fields are paired here, keeping FIDE's absolute criteria and the Dutch system's shape
without its exhaustive search:

1. **One bye at most**: an odd field gives the bye before pairing, to the lowest-ranked
   player with the fewest byes (so nobody has two while someone has none).
2. **Hard rules on every pair**: no rematch, and FIDE's absolute colour rules (C.04.1 f, g)
   for the first seat: nobody ends with first − second beyond ±2, nobody takes the same
   seat three games running.
3. **Score groups top down**, as in the Dutch system: players floated down from above are
   paired first with the group's best; the rest split into halves, S1 meeting S2, each
   pairing found by augmenting paths (a maximum matching, so a group floats a player down
   only when it has no other way) with candidates tried by colour fit, then by nearness to
   the natural S1[i]-S2[i] partner.
4. **Repair**: players left over at the bottom, if any, are paired with the bottom of the
   standings by an exact maximum-weight matching (``networkx``, a dependency of the
   library already) over a window that grows until everyone is paired. Only when no pairing
   at all keeps the hard rules (tiny or pathological fields) are they relaxed, colour
   first, rematches last; never by a second bye.
5. **Least score differences**: an exchange pass swaps partners between two tables
   wherever that lowers the sum of squared score differences and keeps the hard rules;
   then, if some table still crosses a boundary between score groups that parity does not
   force (or several boundaries), the players around it are paired again by an exact
   matching. Property tests compare the result with an exact optimum over the whole field.

Then each table's first seat goes to whoever the rules or the stronger preference give it
(the one who had more second seats, else who had the second seat last time), the higher
ranked winning a tie. Floats are not weighed beyond that (FIDE's float criteria are soft).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Final

import networkx as nx  # type: ignore[import-untyped]

WHITE: Final = "white"
BLACK: Final = "black"
STRICT_WINDOW: Final = 160
"""The largest repair window paired under the hard rules before they are relaxed."""
RESOLVE_WINDOW: Final = 64
"""How many players around a table that crosses score groups are re-paired exactly."""
RESOLVE_PASSES: Final = 3
_BYE: Final = -(2**62)
"""The bye's node in the repair matching (never a player id)."""
_SPREAD: Final = 1000
"""Weight of a quarter point squared of score difference: above all of a window's unmet colour preferences."""
_BYE_POINT: Final = 10**10
"""Weight of each half point of the bye's score: above any window's score differences."""
_BROKEN_COLOUR: Final = 10**13
_EXTRA_BYE: Final = 10**15
_REMATCH: Final = 10**17
_BIG: Final = 10**19


@dataclass(frozen=True)
class Entrant:
    """What the pairing needs of a player: score, place in the seeding, seats played, byes, opponents.

    The colour facts are worked out once per player (they are asked for every candidate pair).
    """

    player: int
    score: float
    seed: int
    colours: tuple[str, ...]
    """Seats of the games played, in order: ``"white"`` (first) or ``"black"`` (second); byes left out."""
    byes: int
    met: frozenset[int]

    @cached_property
    def balance(self) -> int:
        """First seats minus second seats."""
        return sum(1 if c == WHITE else -1 for c in self.colours)

    @cached_property
    def _allowed(self) -> tuple[bool, bool]:
        return (
            self.balance < 2 and self.colours[-2:] != (WHITE, WHITE),
            self.balance > -2 and self.colours[-2:] != (BLACK, BLACK),
        )

    def may_take(self, colour: str) -> bool:
        """Whether FIDE's absolute colour rules let this player take ``colour`` next."""
        return self._allowed[0] if colour == WHITE else self._allowed[1]

    @cached_property
    def preference(self) -> tuple[str | None, int]:
        """The seat wanted next and how much: 3 absolute, 2 strong (unbalanced), 1 mild (alternate), 0 none."""
        if not self.may_take(WHITE):
            return BLACK, 3
        if not self.may_take(BLACK):
            return WHITE, 3
        if self.balance:
            return (BLACK if self.balance > 0 else WHITE), 2
        if self.colours:
            return (BLACK if self.colours[-1] == WHITE else WHITE), 1
        return None, 0


@dataclass(frozen=True, slots=True)
class Paired:
    """A round: tables as (first seat, second seat) and the bye, if any."""

    tables: tuple[tuple[int, int], ...]
    byes: tuple[int, ...]


def legal(a: Entrant, b: Entrant) -> bool:
    """Whether ``a`` and ``b`` may meet: not met yet, and some seating keeps both within the colour rules."""
    if b.player in a.met:
        return False
    return (a.may_take(WHITE) and b.may_take(BLACK)) or (a.may_take(BLACK) and b.may_take(WHITE))


def clash(a: Entrant, b: Entrant) -> int:
    """How strongly two players want the same seat (0 when both can have what they want)."""
    (want_a, strength_a), (want_b, strength_b) = a.preference, b.preference
    if want_a is None or want_a != want_b:
        return 0
    return min(strength_a, strength_b)


def pair_round(entrants: Sequence[Entrant]) -> Paired:
    """Pair a round; ``entrants`` in any order (standings are score, then seed)."""
    order = sorted(entrants, key=lambda e: (-e.score, e.seed))
    rank = {e.player: i for i, e in enumerate(order)}
    bye: Entrant | None = None
    pool = list(order)
    if len(pool) % 2:
        fewest = min(e.byes for e in pool)
        bye = next(e for e in reversed(pool) if e.byes == fewest)
        pool.remove(bye)
    pairs, left = _by_score_groups(pool)
    if left:
        pairs, bye = _repair(pairs, left, bye, rank)
    pairs = _exchange(_resolve(_exchange(pairs), rank))
    tables = sorted(
        (_seat(a, b, rank) for a, b in pairs),
        key=lambda t: (-max(e.score for e in t), -min(e.score for e in t), min(rank[e.player] for e in t)),
    )
    seated = tuple(_alternate(a, b, number) for number, (a, b) in enumerate(tables))
    return Paired(seated, (bye.player,) if bye is not None else ())


# --- Score groups ------------------------------------------------------------------------


def _by_score_groups(pool: Sequence[Entrant]) -> tuple[list[tuple[Entrant, Entrant]], list[Entrant]]:
    """Pair each score group top down, floating down whoever it cannot pair; returns pairs and who is left."""
    pairs: list[tuple[Entrant, Entrant]] = []
    floaters: list[Entrant] = []
    for _, group in itertools.groupby(pool, key=lambda e: e.score):
        residents = list(group)
        matched = _match(floaters, residents, lambda i, j: j)
        pairs += matched
        taken = {p.player for pair in matched for p in pair}
        floaters = [f for f in floaters if f.player not in taken]
        rest = [r for r in residents if r.player not in taken]
        half = len(rest) // 2
        top, bottom = rest[:half], rest[half:]
        matched = _match(top, bottom, lambda i, j: abs(j - i))
        taken = {p.player for pair in matched for p in pair}
        pairs += matched
        unpaired = [r for r in rest if r.player not in taken]
        among = _greedy(unpaired)
        pairs += among
        taken |= {p.player for pair in among for p in pair}
        floaters += [r for r in unpaired if r.player not in taken]
    return pairs, floaters


def _match(
    left: Sequence[Entrant], right: Sequence[Entrant], distance: Callable[[int, int], int]
) -> list[tuple[Entrant, Entrant]]:
    """A maximum matching of ``left`` into ``right`` by augmenting paths, best candidates tried first.

    ``left[i]`` tries the players of ``right`` it may meet by colour fit, then by
    ``distance(i, j)`` (how far ``right[j]`` is from its natural partner).
    """
    if not left or not right:
        return []
    candidates = [
        [
            j
            for _, _, j in sorted(
                (clash(player, r), distance(i, j), j) for j, r in enumerate(right) if legal(player, r)
            )
        ]
        for i, player in enumerate(left)
    ]
    owner: dict[int, int] = {}

    def augment(i: int, seen: set[int]) -> bool:
        for j in candidates[i]:
            if j in seen:
                continue
            seen.add(j)
            if j not in owner or augment(owner[j], seen):
                owner[j] = i
                return True
        return False

    for i in range(len(left)):
        augment(i, set())
    return sorted(((left[i], right[j]) for j, i in owner.items()), key=lambda pair: pair[0].seed)


def _greedy(players: Sequence[Entrant]) -> list[tuple[Entrant, Entrant]]:
    """Pair what a group's halves left over among themselves, in order."""
    free = list(players)
    pairs = []
    while free:
        first = free.pop(0)
        partner = next((p for p in free if legal(first, p)), None)
        if partner is not None:
            free.remove(partner)
            pairs.append((first, partner))
    return pairs


# --- Repair --------------------------------------------------------------------------------


def _repair(
    pairs: list[tuple[Entrant, Entrant]],
    left: list[Entrant],
    bye: Entrant | None,
    rank: dict[int, int],
) -> tuple[list[tuple[Entrant, Entrant]], Entrant | None]:
    """Re-pair the bottom of the standings exactly, over a growing window, until nobody is left out."""
    by_bottom = sorted(pairs, key=lambda pair: -max(rank[p.player] for p in pair))
    released = 4
    for rules in ("strict", "colour", "rematch"):
        while True:
            window_pairs = by_bottom[:released]
            window = [*left, *(p for pair in window_pairs for p in pair), *([bye] if bye is not None else [])]
            found = _exact(window, with_bye=bye is not None, rules=rules)
            if found is not None:
                new_pairs, new_bye = found
                return [*by_bottom[released:], *new_pairs], new_bye
            if rules != "strict" or released >= len(by_bottom) or len(window) >= STRICT_WINDOW:
                break  # relax the rules over this window (a complete graph at last: always paired)
            released *= 2
    raise AssertionError("a complete graph always has a perfect matching")  # pragma: no cover


def _exact(
    window: Sequence[Entrant], *, with_bye: bool, rules: str
) -> tuple[list[tuple[Entrant, Entrant]], Entrant | None] | None:
    """The best pairing of ``window`` (plus one bye if asked) with everyone paired, or None.

    Costs are tiers, each outweighing everything below it: a rematch (only under the
    ``rematch`` rules), a bye to someone who has had more than the fewest, a broken colour
    rule (only under ``colour`` or ``rematch``), the bye's score, then the squared score
    differences and, last, the colour preferences left unmet.
    """
    graph = nx.Graph()
    for a, b in itertools.combinations(window, 2):
        cost = _SPREAD * _spread(a, b) + clash(a, b)
        if not legal(a, b):
            if rules == "strict" or (rules == "colour" and b.player in a.met):
                continue
            cost += _REMATCH if b.player in a.met else _BROKEN_COLOUR
        graph.add_edge(a.player, b.player, weight=_BIG - cost)
    if with_bye:
        fewest = min(e.byes for e in window)
        for e in window:
            cost = _EXTRA_BYE * (e.byes - fewest) + _BYE_POINT * round(2 * e.score)
            graph.add_edge(_BYE, e.player, weight=_BIG - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != len(window) + with_bye:
        return None
    by_player = {e.player: e for e in window}
    pairs = []
    bye = None
    for a, b in matching:
        if _BYE in (a, b):
            bye = by_player[b if a == _BYE else a]
        else:
            pairs.append((by_player[a], by_player[b]))
    return pairs, bye


# --- Exchanges and seats -------------------------------------------------------------------


def _spread(a: Entrant, b: Entrant) -> int:
    """The score-difference cost of a pair: the squared difference, in quarter points squared (an integer)."""
    return round(4 * (a.score - b.score) ** 2)


def _boundaries(pairs: Sequence[tuple[Entrant, Entrant]]) -> list[tuple[float, float, bool]]:
    """Each boundary between adjacent score groups (higher, lower) and whether an odd number of players sit above it."""
    scores = sorted((p.score for pair in pairs for p in pair), reverse=True)
    groups = [(score, len(list(members))) for score, members in itertools.groupby(scores)]
    found = []
    above = 0
    for (score, size), (lower, _) in itertools.pairwise(groups):
        above += size
        found.append((score, lower, above % 2 == 1))
    return found


def _needless(pairs: Sequence[tuple[Entrant, Entrant]]) -> list[tuple[Entrant, Entrant]]:
    """Tables that cross score groups more than parity forces; none means the least score differences.

    Each boundary with an odd number of players above it must be crossed once; a pairing
    that crosses every such boundary exactly once, each by a pair of neighbouring groups,
    costs exactly the sum of those gaps squared, which no pairing can beat. So the suspects
    are the tables crossing a boundary more often than that, and those spanning several.
    """
    needless: list[tuple[Entrant, Entrant]] = []
    crossed: dict[int, int] = {}
    for higher, lower, odd in _boundaries(pairs):
        crossing = [q for q in pairs if min(p.score for p in q) <= lower and max(p.score for p in q) >= higher]
        if len(crossing) > odd:
            needless += crossing
        for q in crossing:
            crossed[id(q)] = crossed.get(id(q), 0) + 1
    return needless + [q for q in pairs if crossed.get(id(q), 0) > 1]


def _resolve(pairs: list[tuple[Entrant, Entrant]], rank: dict[int, int]) -> list[tuple[Entrant, Entrant]]:
    """Re-pair exactly the neighbourhood of each table that crosses score groups needlessly.

    Greedy groups and pairwise exchanges reach the least score differences almost always;
    when they do not (late rounds of a field with many meetings: a floater took the one
    partner two others needed), the tables around such a table (every table with a player
    within half a point of it, at most :data:`RESOLVE_WINDOW` players, nearest in the
    standings first) are paired again by an exact matching, kept if it does better.
    """
    for _ in range(RESOLVE_PASSES):
        improved = False
        for crossing in sorted(set(_needless(pairs)), key=lambda q: min(rank[p.player] for p in q)):
            if crossing not in pairs:
                continue
            high = max(p.score for p in crossing) + 0.5
            low = min(p.score for p in crossing) - 0.5
            centre = min(rank[p.player] for p in crossing)
            near = sorted(
                (q for q in pairs if any(low <= p.score <= high for p in q)),
                key=lambda q: abs(min(rank[p.player] for p in q) - centre),
            )[: RESOLVE_WINDOW // 2]
            found = _exact([p for q in near for p in q], with_bye=False, rules="strict")
            if found is None:
                continue
            again, _ = found
            if sum(_spread(a, b) for a, b in again) < sum(_spread(a, b) for a, b in near):
                kept = {id(q) for q in near}
                pairs = [q for q in pairs if id(q) not in kept] + again
                improved = True
        if not improved:
            break
    return pairs


def _exchange(pairs: list[tuple[Entrant, Entrant]]) -> list[tuple[Entrant, Entrant]]:
    """Swap partners between two tables wherever that lowers the squared score differences."""
    pairs = list(pairs)
    improved = True
    while improved:  # each swap lowers an integer cost, so this ends
        improved = False
        for x in range(len(pairs)):
            for y in range(len(pairs)):
                a, b = pairs[x]
                if a.score == b.score:
                    break
                swapped = None if y == x else _better_exchange(pairs[x], pairs[y])
                if swapped is not None:
                    pairs[x], pairs[y] = swapped
                    improved = True
    return pairs


def _better_exchange(
    one: tuple[Entrant, Entrant], other: tuple[Entrant, Entrant]
) -> tuple[tuple[Entrant, Entrant], tuple[Entrant, Entrant]] | None:
    """The two tables with partners swapped, if that keeps the rules and lowers the score differences."""
    (a, b), (c, d) = one, other
    now = _spread(a, b) + _spread(c, d)
    options = [
        (_spread(*first) + _spread(*second), first, second)
        for first, second in (((a, c), (b, d)), ((a, d), (b, c)))
        if _spread(*first) + _spread(*second) < now and legal(*first) and legal(*second)
    ]
    if not options:
        return None
    _, first, second = min(options, key=lambda option: option[0])
    return first, second


def _seat(a: Entrant, b: Entrant, rank: dict[int, int]) -> tuple[Entrant, Entrant]:
    """Order a table (first seat, second seat) by the colour rules, then the stronger preference, then rank."""
    if rank[b.player] < rank[a.player]:
        a, b = b, a
    options = [(x, y) for x, y in ((a, b), (b, a)) if x.may_take(WHITE) and y.may_take(BLACK)]
    if len(options) == 1:
        return options[0]
    if not options:  # only when the rules had to be relaxed: the higher ranked keeps the seat they want
        want, _ = a.preference
        return (b, a) if want == BLACK else (a, b)

    def disappointment(seating: tuple[Entrant, Entrant]) -> tuple[int, ...]:
        first, second = seating
        missed = []
        for player, got in ((first, WHITE), (second, BLACK)):
            want, strength = player.preference
            if want is not None and want != got:
                missed.append(strength)
        return tuple(sorted(missed, reverse=True))

    kept = min(disappointment(o) for o in options)
    best = [o for o in options if disappointment(o) == kept]
    if len(best) == 1:
        return best[0]
    want, strength = a.preference
    if strength:
        return (b, a) if want == BLACK else (a, b)
    return (a, b)


def _alternate(first: Entrant, second: Entrant, number: int) -> tuple[int, int]:
    """A table as player ids; where neither has played yet, every other table swaps seats (as in round one)."""
    if first.colours or second.colours or number % 2 == 0:
        return first.player, second.player
    return second.player, first.player


def entrants_from(order: Iterable[tuple[int, float, Sequence[str], int]], met: dict[int, set[int]]) -> list[Entrant]:
    """Entrants from (player, score, seats per round with ``"none"`` for byes, byes), in seed order."""
    return [
        Entrant(
            player, score, seed, tuple(c for c in colours if c in (WHITE, BLACK)), byes, frozenset(met.get(player, ()))
        )
        for seed, (player, score, colours, byes) in enumerate(order)
    ]
