"""Rialto's rules written again from ``shared/rules/rialto.md``, sharing no code with the engine.

The tests compare the engine with these: the components (§2, §5), the connection table
(§4.2), the neutral player's marker (§11.2), the final scoring (§10), and a monitor that
checks, state after state of a random match, the rules whose breaking leaves every total
unchanged (the composition of the deck and of the building supply, full card rows thanks
to the reshuffled discards, the first player of each step). Nothing here imports from
``games.rialto`` except the state type being read.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.core import Event, Message
from games.rialto import RialtoState

CARD_TYPES = "ABCDEFJ"
"""§2: 7 types × 11 = 77 cards (Doge, Gold, Building, Bridge, Gondola, Councilman, Joker)."""
COPIES_PER_TYPE = 11
BUILDINGS = tuple(f"{colour}{value}" for colour in "GYU" for value in (1, 2, 3, 4))
"""§2: 12 buildings × 5 copies = 60."""
COPIES_PER_BUILDING = 5
BRIDGE_TILES = ((3, 4), (3, 5), (3, 6), (4, 5), (4, 6), (5, 6))
"""§4.3: the recommended set, every pair of distinct values from 3..6."""
GONDOLAS = 6
COINS = 30
START_COINS = {2: (1, 2), 3: (1, 2, 3), 4: (1, 2, 2, 3), 5: (1, 2, 2, 2, 3)}
"""§5.1 step 14, from P1 clockwise."""
DISTRICTS = ("CAN", "CAS", "SMA", "SCR", "SPO", "DOR")
KS = (
    ("CAN", "CAS"),
    ("CAN", "SMA"),
    ("CAS", "SMA"),
    ("SCR", "SPO"),
    ("SCR", "DOR"),
    ("SPO", "DOR"),
    ("CAN", "SCR"),
    ("CAN", "SPO"),
    ("SMA", "SPO"),
    ("SMA", "DOR"),
    ("CAS", "SCR"),
    ("CAS", "DOR"),
)
"""§4.2: K01..K12, each as (first, second) endpoint."""


def actors(state: RialtoState) -> int:
    return state.num_players + (1 if state.options.neutral else 0)


def doge_order(state: RialtoState) -> list[int]:
    """§6: higher space first; on one space, the later arrival (higher in the stack) first."""
    return sorted(range(actors(state)), key=lambda a: (state.doge_space[a], state.doge_seq[a]), reverse=True)


def cards_by_type(state: RialtoState) -> Counter[str]:
    """Every card of the state, wherever it is (deck, discards, rows, hands, the NP's cards)."""
    counts: Counter[str] = Counter()
    for card in state.deck:
        counts[CARD_TYPES[card]] += 1
    for row in state.rows:
        for card in row:
            counts[CARD_TYPES[card]] += 1
    for index, letter in enumerate(CARD_TYPES):
        counts[letter] += state.discard[index] + state.np_cards[index]
        counts[letter] += sum(player.hand[index] for player in state.players)
    return counts


def buildings_by_kind(state: RialtoState) -> Counter[str]:
    """Every building: the supply stacks plus the player boards (by kind, marks dropped)."""
    counts: Counter[str] = Counter()
    for index, kind in enumerate(BUILDINGS):
        counts[kind] += state.supply[index]
    for player in state.players:
        for text in player.buildings:
            counts[text[:2]] += 1
    return counts


def district_value(tiles: Sequence[str], district: str) -> int:
    """§4.4: a bridge gives the value printed at this end, a gondola 1, a free connection 0."""
    total = 0
    for (first, second), tile in zip(KS, tiles, strict=True):
        if district not in (first, second) or not tile:
            continue
        if tile == "G":
            total += 1
        else:
            at_first, at_second = (int(value) for value in tile.split("|"))
            total += at_first if district == first else at_second
    return total


def final_breakdown(state: RialtoState) -> list[tuple[int, int, int, tuple[int, ...]]]:
    """§10 per seat: (VP of play, ceil((personal + coins) / 2), building values, district awards)."""
    order = doge_order(state)
    neutral = state.num_players if state.options.neutral else None
    awards = [[0] * len(DISTRICTS) for _ in range(state.num_players)]
    for index, district in enumerate(DISTRICTS):
        present = []
        for actor in range(actors(state)):
            count = state.np_districts[index] if actor == neutral else state.players[actor].districts[index]
            if count >= 1:
                present.append((-count, order.index(actor), actor))
        award = district_value(state.tiles, district)
        for _, _, actor in sorted(present):
            if actor != neutral:
                awards[actor][index] = award
            award //= 2
    lines = []
    for seat, player in enumerate(state.players):
        reserve = -(-(player.personal + player.coins) // 2)
        buildings = sum(int(text[1]) for text in player.buildings)
        lines.append((player.vp, reserve, buildings, tuple(awards[seat])))
    return lines


def final_totals(state: RialtoState) -> list[int]:
    """§10: VP of play + reserve + building values + district majorities."""
    return [vp + reserve + buildings + sum(districts) for vp, reserve, buildings, districts in final_breakdown(state)]


def winner(state: RialtoState, totals: Sequence[int]) -> int:
    """§10: the most VP; a tie goes to the tied player highest in Doge order."""
    best = max(totals)
    return next(actor for actor in doge_order(state) if actor < state.num_players and totals[actor] == best)


def marker(state: RialtoState) -> int:
    """§11.2: the lowest-numbered district with a free connection, toward its lowest-numbered neighbour."""
    number = {district: state.round_of[index] for index, district in enumerate(DISTRICTS)}
    for district in sorted(DISTRICTS, key=number.__getitem__):
        free = [k for k, ends in enumerate(KS) if district in ends and not state.tiles[k]]
        if free:
            return min(free, key=lambda k: number[KS[k][1] if KS[k][0] == district else KS[k][0]])
    return -1


class Monitor:
    """Follows one match state by state and asserts the rules a total cannot see.

    - §2: 11 cards of each type and 5 copies of each building, at every state;
    - §7.1.2: each round's n + 1 rows (3 with the neutral player) are dealt with 6 cards
      each, reshuffling the discards when the deck runs out, short only when deck and
      discards together hold fewer cards;
    - §7.2.1: the first player of step A is the Doge-order leader; of steps B-F the
      previous step's bonus holder, or the previous first player when nobody got it;
    - §6: a counter moves only forward, onto the top of the stack on its new space.
    """

    def __init__(self) -> None:
        self.step_key: tuple[int, int] | None = None
        self.first = -1
        self.bonus = -1
        self.rows_checked = -1
        self.rows_seen = 0
        self.steps_seen = 0
        self.previous: RialtoState | None = None
        self.moves_onto_others = 0

    def _stacking(self, before: RialtoState, after: RialtoState) -> None:
        """§6: a counter that moved forward lies on top of the counters already on its space.

        Several counters may move in one transition (step A's actions in Doge order); their
        order among themselves depends on who moved first, so a mover is compared only with
        the counters that were on its new space before.
        """
        for actor in range(actors(after)):
            if after.doge_space[actor] == before.doge_space[actor]:
                assert after.doge_seq[actor] == before.doge_seq[actor], "a counter that stays is not touched"
                continue
            assert after.doge_space[actor] > before.doge_space[actor], "counters only move forward"
            others = [
                other
                for other in range(actors(after))
                if after.doge_space[other] == after.doge_space[actor]
                and after.doge_space[other] == before.doge_space[other]  # was there already
            ]
            self.moves_onto_others += bool(others)
            assert all(after.doge_seq[actor] > after.doge_seq[other] for other in others)

    def see(self, state: RialtoState, events: Sequence[Event] = ()) -> None:
        """Check ``state``, reached by a move that announced ``events``."""
        if self.previous is not None:
            self._stacking(self.previous, state)
        self.previous = state
        for event in events:
            if event.message.key == "rialto.event.bonus":
                who = event.message.params["player"]
                assert isinstance(who, Message)
                seat = who.key.rsplit(".", 1)[1]
                self.bonus = state.num_players if seat == "neutral" else int(seat)
        assert cards_by_type(state) == dict.fromkeys(CARD_TYPES, COPIES_PER_TYPE)
        assert buildings_by_kind(state) == dict.fromkeys(BUILDINGS, COPIES_PER_BUILDING)
        phase = state.phase.value
        if phase == "rows" and state.round != self.rows_checked:
            self.rows_checked = state.round
            self.rows_seen += 1
            in_hands = sum(sum(player.hand) for player in state.players) + sum(state.np_cards)
            rows = 3 if state.options.neutral else state.num_players + 1
            assert len(state.rows) == rows
            dealt = sum(len(row) for row in state.rows)
            assert dealt == min(6 * rows, 77 - in_hands), (state.round, dealt)
            assert all(len(row) == 6 for row in state.rows) or not state.deck
        if phase == "play" and (state.round, state.step) != self.step_key:
            self.step_key = (state.round, state.step)
            self.steps_seen += 1
            previous = self.bonus if self.bonus >= 0 else self.first
            expected = doge_order(state)[0] if state.step == 0 else previous
            assert state.first == expected, (state.round, state.step, state.first, expected)
            self.first = state.first
        if phase == "play":
            self.bonus = -1
