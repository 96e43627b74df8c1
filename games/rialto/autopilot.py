"""The Rialto autopilot: a greedy one-step evaluation from what one seat may see.

Why this shape: every Rialto decision is small and local (a row, a card play built one
component at a time, a building, a tile), and each has an obvious currency, victory points
(VP), so a greedy judge that prices each legal move in VP is cheap (well under a
millisecond) and plays a sound game. It reads only the seat's :class:`RialtoView`: its own
hand, its card play in progress and hand-limit choices, and the public board; never the
deck, the discards or another hand, so reshuffling those never changes its choice.

How it judges:

* **Cards** are worth what their step's action gives per card (a Doge step, a coin, a
  building budget point, a bridge VP, a councillor to the supply, a councillor into the
  district), read from the seat's position (no councillors to place: Councillor cards are
  weak), plus a share of the step's bonus that grows with the number of cards of one type
  (the highest count wins it). Jokers are worth the best type. This prices the **rows**,
  the **green** choices (a face-up card of the leftover row, or three blind cards) and the
  **hand-limit discards** (the card whose loss costs least).
* **A card play** is planned once from the hand and then built component by component
  (naturals, conversions, Jokers, virtual Jokers, ``ok``): every natural card of the step's
  type; yellow conversions from card types whose step is over this round; a Joker where
  it wins the bonus (beating the counts already played, ties by Doge order) or where no
  later step of the round needs it more; everything left in step F of the last round.
  A play is never postponed (Y1).
* **Buildings** (step C) are worth their value (they score it at the end) plus their
  effect for the rounds left; at seven buildings the one with the least effect goes back
  (its value comes back as VP either way).
* **Bridges and gondolas** go where they raise the seat's district awards most against
  the best opponent (ranks as in the final scoring, councillors then Doge order); a
  councillor placement also counts a side bonus it would win. A councillor is moved from
  the board only when that gains award VP.
* **Blue buildings**: +3 VP, then +1 VP with a councillor, then an upgrade (one VP more at
  the end and a better effect), then Doge steps; **green** buildings when their cards or
  the bigger hand are worth the coin.

Ties go to the first move in legal-move order, so the choice is deterministic.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from games.rialto import model
from games.rialto.cardplay import fold
from games.rialto.model import (
    ACTION_TYPES,
    BUILDING_LIMIT,
    CARD_TYPES,
    HAND_LIMIT,
    JOKER,
    ROUNDS,
    SIDE_BONUS,
    Decision,
    Phase,
    building_value,
)
from games.rialto.moves import CARD_INDEX, DISTRICT_INDEX
from games.rialto.view import PlayerView, RialtoView

STEP_A, STEP_B, STEP_C, STEP_D, STEP_E, STEP_F = range(ACTION_TYPES)

COIN: Final = 0.6
"""A coin's worth in VP: half a VP at the end, and fuel for buildings."""
BONUS: Final = (1.5, 1.0, 1.5, 2.5, 2.0, 1.5)
"""The worth of each step's bonus (Doge step and first turn, coin, budget, VP and a bridge,
a gondola and a councillor, a councillor)."""
LIKELY_WIN: Final = 3
"""A count that usually wins the bonus of a step that has not started yet."""
KEEP_JOKER: Final = 0.8
"""A Joker kept for the next round (the hand limit still lets most through)."""
START_PREFERENCE: Final = ("tG1", "tU1", "tY1")
EFFECT: Final[dict[str, float]] = {
    "G1": 0.7,
    "G2": 0.2,
    "G3": 0.9,
    "G4": 1.2,
    "Y1": 0.1,
    "Y2": 0.5,
    "Y3": 0.8,
    "Y4": 1.2,
    "U1": 0.6,
    "U2": 1.1,
    "U3": 0.7,
    "U4": 2.2,
}
"""What one activation of a building is worth in a round, in VP, net of its coin."""


def autopilot_move(view: RialtoView, legal: Sequence[str]) -> str:
    """One of ``legal``, chosen from ``view`` alone (see the module docstring)."""
    if not legal:
        raise ValueError("the autopilot needs at least one legal move")
    if len(legal) == 1 or view.viewer is None:
        return legal[0]
    seat = view.viewer
    phase = view.phase
    if phase is Phase.SETUP:
        return next((code for code in START_PREFERENCE if code in legal), legal[0])
    if phase is Phase.ROWS:
        worth = card_worth(view, seat)
        return _best(legal, lambda code: _row_value(view, seat, int(code[3:]) - 1, worth))
    if phase is Phase.GREEN:
        return _green(view, seat, legal)
    if phase is Phase.DISCARD:
        return _discard(view, legal)
    if phase is Phase.PLAY:
        return _play(view, seat, legal)
    if phase is Phase.BLUE:
        return _blue(view, seat, legal)
    return _action(view, seat, legal)


def _best(legal: Sequence[str], score: Callable[[str], float]) -> str:
    """The first legal code with the highest score."""
    best, best_score = legal[0], -float("inf")
    for code in legal:
        value = score(code)
        if value > best_score:
            best, best_score = code, value
    return best


# --- Cards ------------------------------------------------------------------------------------


def _rounds_left(view: RialtoView) -> int:
    """Rounds after the current one."""
    return max(0, ROUNDS - view.round)


def card_worth(view: RialtoView, seat: int) -> list[float]:
    """VP one card of each type is worth to ``seat`` in a play (A..F, then the Joker)."""
    me = view.players[seat]
    later = _rounds_left(view)
    worth = [
        0.7 + 0.1 * min(later, 3),  # Doge: tie-breaks, first turns, U3
        COIN + 0.1 * min(_coin_needs(me), 3),  # Gold
        1.3 + 0.1 * min(later, 3),  # Building: budget for value and effects
        1.2,  # Bridge: a VP each
        0.9 if me.pool else 1.0,  # Gondola: a councillor for later, or a VP
        1.3 if me.personal else 0.4,  # Councillor: into the district
    ]
    return [*worth, max(worth) + 0.1]


def _coin_needs(me: PlayerView) -> int:
    """Unactivated buildings that would want a coin this round."""
    return sum(1 for text in me.buildings if len(text) == 2 and text[0] != "Y") + 1


def hand_value(view: RialtoView, seat: int, hand: Sequence[int], worth: Sequence[float] | None = None) -> float:
    """A hand's worth: its cards, plus the bonus chances of strong types (Jokers join the best).

    ``worth`` is :func:`card_worth` of the same view and seat, when the caller has it already.
    """
    if worth is None:
        worth = card_worth(view, seat)
    value = sum(worth[card] * hand[card] for card in range(CARD_TYPES))
    strongest = max(hand[card] for card in range(ACTION_TYPES))
    for card in range(ACTION_TYPES):
        n = hand[card] + (hand[JOKER] if hand[card] == strongest else 0)
        value += BONUS[card] * min(1.0, max(0, n - 1) / LIKELY_WIN)
    return value


def _row_value(view: RialtoView, seat: int, index: int, worth: Sequence[float]) -> float:
    hand = [a + b for a, b in zip(view.hand, view.rows[index], strict=True)]
    return hand_value(view, seat, hand, worth)


def _discard(view: RialtoView, legal: Sequence[str]) -> str:
    if "ok" in legal:
        return "ok"
    seat = view.viewer
    assert seat is not None
    hand = list(view.hand)
    for card in view.discard_pick:
        hand[card] -= 1
    worth = card_worth(view, seat)
    base = hand_value(view, seat, hand, worth)

    def loss(code: str) -> float:
        if not code.startswith("d-"):
            return float("inf")
        card = CARD_INDEX[code[2]]
        hand[card] -= 1
        value = base - hand_value(view, seat, hand, worth)
        hand[card] += 1
        return value

    return _best(legal, lambda code: -loss(code))


def _green(view: RialtoView, seat: int, legal: Sequence[str]) -> str:
    me = view.players[seat]
    size = me.hand_size
    limit = HAND_LIMIT + me.hand_bonus
    worth = card_worth(view, seat)
    leftover = next((row for row, owner in zip(view.rows, view.row_owner, strict=True) if owner < 0), None)
    average = sum(worth) / len(worth)
    kept = sorted((worth[card] for card in range(CARD_TYPES) for _ in range(view.hand[card])), reverse=True)
    worst = kept[limit - 1] if len(kept) >= limit else 0.0

    def gain(code: str) -> float:
        if code == "pass":
            return 0.0
        kind, _, source = code.partition("-")
        extra = {"G2": 1, "G3": 1, "G4": 2}.get(kind, 0)
        value = -COIN
        if extra:
            value += max(0, min(extra, size - limit)) * max(worst, 0.5)
        if source == "deck":
            room = max(0, limit + extra - size)
            value += min(3, room) * average + max(0, 3 - room) * max(0.0, average - worst) * 0.5
        elif source:
            card = CARD_INDEX[source]
            value += worth[card] if size < limit + extra else max(0.0, worth[card] - worst)
            if leftover is None or not leftover[card]:
                return -float("inf")
        return value

    choice = _best(legal, gain)
    return choice if gain(choice) > 0 else ("pass" if "pass" in legal else choice)


# --- Card play ---------------------------------------------------------------------------------


def _play(view: RialtoView, seat: int, legal: Sequence[str]) -> str:
    step = view.step
    target = _plan(view, seat)
    draft = fold(step, view.draft)
    letter = "ABCDEF"[step]
    wanted: list[str] = []
    if target.naturals != draft.naturals:
        wanted.append(f"{letter}{target.naturals}")
    wanted += [f"Y2-{'ABCDEFJ'[card]}" for card in target.y2[len(draft.y2) :]]
    wanted += [f"Y4-{'ABCDEFJ'[card]}" for card in target.y4[len(draft.y4) :]]
    if target.jokers != draft.jokers:
        wanted.append(f"J{target.jokers}")
    wanted += ["Y3"] * max(0, target.y3 - draft.y3)
    for code in wanted:
        if code in legal:
            return code
    if view.draft and "ok" in legal:
        return "ok"
    return "pass" if "pass" in legal else legal[0]


class _Plan:
    """The card play the autopilot wants in this step."""

    __slots__ = ("jokers", "naturals", "y2", "y3", "y4")

    def __init__(self) -> None:
        self.naturals = 0
        self.jokers = 0
        self.y2: list[int] = []
        self.y3 = 0
        self.y4: list[int] = []


PLAN_CACHE_SIZE: Final = 4096
_PLANS: dict[tuple[object, ...], _Plan] = {}
"""Plans by :func:`plan_inputs`: a play is built over several plies (naturals, Jokers, ``ok``)
that change only the draft, which the plan does not read, and a search replays such turns
thousands of times. Cleared when full; plans are never changed once made."""


def plan_inputs(view: RialtoView, seat: int) -> tuple[object, ...]:
    """Everything of ``view`` that :func:`_make_plan` reads (through ``card_worth`` and ``_wins`` too)."""
    me = view.players[seat]
    return (
        seat,
        view.step,
        view.round,
        view.hand,
        me.coins,
        me.buildings,
        me.pool,
        me.personal,
        view.counts,
        view.doge_order,
    )


def _plan(view: RialtoView, seat: int) -> _Plan:
    """:func:`_make_plan`, made once per :func:`plan_inputs`."""
    key = plan_inputs(view, seat)
    plan = _PLANS.get(key)
    if plan is None:
        plan = _make_plan(view, seat)
        if len(_PLANS) >= PLAN_CACHE_SIZE:
            _PLANS.clear()
        _PLANS[key] = plan
    return plan


def _make_plan(view: RialtoView, seat: int) -> _Plan:
    """Naturals, conversions and Jokers for this step (see the module docstring)."""
    me = view.players[seat]
    step = view.step
    hand = list(view.hand)
    plan = _Plan()
    plan.naturals = hand[step]
    coins = me.coins - (0 if view.round == ROUNDS else 1)
    worth = card_worth(view, seat)
    # Conversions: spare cards of types whose step is over, or weak future cards into Y4.
    spare = [card for card in range(ACTION_TYPES) if card != step for _ in range(hand[card])]
    spare.sort(key=lambda card: (card > step, worth[card] if card > step else 0.0, card))
    for kind in ("Y4", "Y2"):
        for _ in range(_usable(me, kind)):
            if coins < 1 or not spare:
                break
            card = spare[0]
            gain = (2 if kind == "Y4" else 1) * worth[step] - COIN - (worth[card] if card > step else 0.3)
            if gain <= 0:
                break
            spare.pop(0)
            coins -= 1
            (plan.y4 if kind == "Y4" else plan.y2).append(card)
    base = plan.naturals + len(plan.y2) + 2 * len(plan.y4)
    jokers = hand[JOKER]
    virtual = min(_usable(me, "Y3"), max(0, coins))
    plan.jokers = _jokers_now(view, seat, base, jokers, worth)
    # A virtual Joker adds one for a coin whenever it counts (or completes two Jokers).
    if (base >= 1 or (plan.jokers + virtual >= 2 and not hand[step])) and (worth[step] > COIN or _wins(view, seat, 1)):
        plan.y3 = virtual
    if base == 0 and plan.jokers + plan.y3 < 2:
        plan.jokers, plan.y3 = 0, 0
    if base == 0 and hand[step]:
        plan.jokers, plan.y3 = 0, 0
    return plan


def _usable(me: PlayerView, kind: str) -> int:
    return sum(1 for text in me.buildings if text == kind)


def _jokers_now(view: RialtoView, seat: int, base: int, jokers: int, worth: Sequence[float]) -> int:
    """How many hand Jokers to add in this step."""
    if not jokers:
        return 0
    step = view.step
    last = view.round == ROUNDS
    if step == STEP_F:
        return jokers if last or base else _least_to_win(view, seat, base, jokers)
    needed = _least_to_win(view, seat, base, jokers)
    if needed:
        return needed
    # Otherwise keep them for a later step of this round that can use them better.
    hand = view.hand
    later = [card for card in range(step + 1, ACTION_TYPES) if hand[card]]
    if base and not later and last:
        return jokers
    if base and worth[step] >= max((worth[card] for card in later), default=0.0) and base + jokers >= LIKELY_WIN:
        return jokers
    return 0


def _least_to_win(view: RialtoView, seat: int, base: int, jokers: int) -> int:
    """The fewest Jokers (0 if none needed or none enough) that win the bonus against played counts."""
    if _wins(view, seat, base) and base:
        return 0
    for n in range(1, jokers + 1):
        total = base + n if base else (n - 1 if n >= 2 else 0)
        if total >= 1 and _wins(view, seat, total):
            return n
    return 0


def _wins(view: RialtoView, seat: int, total: int) -> bool:
    """Whether ``total`` beats every count already played (ties by Doge order) and is likely to hold."""
    if total <= 0:
        return False
    order = view.doge_order
    for actor, played in enumerate(view.counts):
        if actor == seat or played < 0:
            continue
        if played > total or (played == total and order.index(actor) < order.index(seat)):
            return False
    still = sum(1 for actor, played in enumerate(view.counts) if actor != seat and played < 0)
    return not still or total >= LIKELY_WIN


# --- Phase III ---------------------------------------------------------------------------------


def _blue(view: RialtoView, seat: int, legal: Sequence[str]) -> str:
    later = _rounds_left(view)

    def gain(code: str) -> float:
        if code == "pass":
            return 0.0
        if code == "U4":
            return 3.0 - COIN
        if code == "U2":
            return 1.5 - COIN
        if code == "U2-no":
            return 1.0 - COIN
        if code == "U3":
            rank = view.doge_order.index(seat) + 1
            return 0.3 * rank * (1 if later else 0.5) + 0.2 - COIN
        old = code[3:]
        new = f"{old[0]}{building_value(old) + 1}"
        return 1.0 + (EFFECT[new] - EFFECT[old]) * min(later, 3) - COIN

    choice = _best(legal, gain)
    return choice if gain(choice) > 0 else ("pass" if "pass" in legal else choice)


# --- Actions -----------------------------------------------------------------------------------


def _building_worth(view: RialtoView, kind: str) -> float:
    """A building's worth now: its value at the end plus its effect for the rounds left."""
    later = _rounds_left(view)
    return building_value(kind) + EFFECT[kind] * (later + (1 if kind[0] != "G" else 0))


def _action(view: RialtoView, seat: int, legal: Sequence[str]) -> str:
    decision = view.decision
    me = view.players[seat]
    if decision is Decision.TAKE:
        full = len(me.buildings) >= BUILDING_LIMIT
        lost = min((EFFECT[text[:2]] * _rounds_left(view) for text in me.buildings), default=0.0) if full else 0.0

        def take(code: str) -> float:
            return -0.01 if code == "pass" else _building_worth(view, code[1:]) - lost - building_value(code[1:]) * full

        choice = _best(legal, take)
        return choice if take(choice) > 0 else ("pass" if "pass" in legal else choice)
    if decision is Decision.RETURN:
        return _best(legal, lambda code: -99.0 if code == "undo" else -EFFECT[code[1:]])
    if decision in (Decision.BRIDGE, Decision.GONDOLA):
        councillors = _councillors(view)
        ranking = _ranking(view, councillors)
        return _best(legal, lambda code: _placement(view, seat, code, councillors, ranking))
    return _move(view, seat, legal)


def _councillors(view: RialtoView) -> list[list[int]]:
    """Councillors per district of every actor (the neutral player last)."""
    actors = [list(player.districts) for player in view.players]
    if view.neutral is not None:
        actors.append(list(view.neutral.districts))
    return actors


def _ranking(view: RialtoView, councillors: list[list[int]]) -> list[list[int]]:
    """Per district, the actors with councillors there, from the majority down (ties: Doge order)."""
    place = {actor: index for index, actor in enumerate(view.doge_order)}
    ranking = []
    for district in range(len(model.DISTRICTS)):
        ranked = sorted(
            (-councillors[actor][district], place[actor], actor)
            for actor in range(len(councillors))
            if councillors[actor][district]
        )
        ranking.append([actor for _, _, actor in ranked])
    return ranking


def _awards(
    view: RialtoView, councillors: list[list[int]], tiles: Sequence[str], ranking: list[list[int]] | None = None
) -> list[float]:
    """Every actor's district awards, as at the final scoring, with future districts still open.

    ``ranking`` is :func:`_ranking` of these ``councillors``, when the caller judges several
    tiles against the same councillors (a bridge's or gondola's placements).
    """
    if ranking is None:
        ranking = _ranking(view, councillors)
    board = tuple(tiles)
    totals = [0.0] * len(councillors)
    for district in range(len(model.DISTRICTS)):
        value = float(model.district_value(board, district))
        if not value:
            continue
        present = ranking[district]
        share = value
        open_ = view.round_of[district] > view.round
        for actor in present:
            totals[actor] += share * (0.5 if open_ else 1.0)
            share = float(int(share) // 2)
        if open_:
            for actor in range(len(councillors)):
                totals[actor] += 0.5 * value / (len(councillors) + 1)
    return totals


def _edge(
    view: RialtoView,
    seat: int,
    councillors: list[list[int]],
    tiles: Sequence[str],
    ranking: list[list[int]] | None = None,
) -> float:
    """The seat's awards minus the best opponent's (``ranking`` as in :func:`_awards`)."""
    totals = _awards(view, councillors, tiles, ranking)
    mine = totals[seat]
    others = [total for actor, total in enumerate(totals) if actor != seat and actor < view.num_players]
    return mine - max(others, default=0.0)


def _side_gain(view: RialtoView, councillors: list[int], district: int) -> float:
    """The side bonus a councillor placed into ``district`` would win."""
    side = model.side_of(district)
    if not view.bonus_tiles[side] or all(councillors[d] for d in model.SIDE_DISTRICTS[side]):
        return 0.0
    after = [n + (1 if d == district else 0) for d, n in enumerate(councillors)]
    return float(SIDE_BONUS) if all(after[d] for d in model.SIDE_DISTRICTS[side]) else 0.0


def _placement(view: RialtoView, seat: int, code: str, councillors: list[list[int]], ranking: list[list[int]]) -> float:
    """A tile on ``code``'s connection, judged against ``councillors`` (:func:`_councillors`, left unchanged)."""
    connection, district = int(code[1:3]) - 1, DISTRICT_INDEX[code[4:]]
    tiles = list(view.tiles)
    if view.decision is Decision.BRIDGE:
        if view.bridge_top is None:
            return 0.0
        low, high = view.bridge_top
        tiles[connection] = model.bridge_tile(connection, district, low, high)
        return _edge(view, seat, councillors, tiles, ranking)
    tiles[connection] = "G"
    me = view.players[seat]
    if not me.pool:
        return _edge(view, seat, councillors, tiles, ranking)
    placed = [list(row) for row in councillors]
    side = _side_gain(view, placed[seat], district)
    placed[seat][district] += 1
    return _edge(view, seat, placed, tiles) + side


def _move(view: RialtoView, seat: int, legal: Sequence[str]) -> str:
    """Step F or the gondola fallback: move a councillor in when it gains award VP."""
    target = int(view.pending) if view.decision is Decision.FALLBACK and view.pending else view.current_district
    base_councillors = _councillors(view)
    before = _edge(view, seat, base_councillors, view.tiles)

    def gain(code: str) -> float:
        if code == "pass":
            return 0.0
        councillors = [list(row) for row in base_councillors]
        source = code[2:]
        cost = 0.5 if source == "sup" else 0.0
        side = _side_gain(view, councillors[seat], target)
        if source != "sup":
            councillors[seat][DISTRICT_INDEX[source]] -= 1
        councillors[seat][target] += 1
        return _edge(view, seat, councillors, view.tiles) - before + side - cost

    choice = _best(legal, gain)
    return choice if gain(choice) > 0 else ("pass" if "pass" in legal else choice)
