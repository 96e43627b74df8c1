"""The Venezia 2099 autopilot: expected final points from what one seat may see.

Why this shape: the score is known only at the end, when the forecast cards still hidden
(other hands and the set-aside cards) have decided which districts survive. The seat's
:class:`Venezia2099View` shows its own hand, the played cards, hand sizes and the number
of set-aside cards, which is enough to put a chance of sinking on every district:

* a district whose card is in our hand will sink (we must play every card we hold);
* a value-2 district never sinks (it has no card);
* any other standing district sinks exactly when its card is in some other hand rather
  than set aside: chance ``cards in other hands / (those + set-aside cards)``.

From these chances come the expected worth of a treasure of each colour (6, 3, 2, 1 by the
number of districts of that colour surviving, computed exactly over the independent
chances) and of a figure on each square (its value times its chance to survive; on an X,
twice the expected surviving districts of its colour). Then, greedily, one step at a time:

* **placement and rescue**: the free square a figure is worth most on (a rescue is declined
  only when no free district is worth more than the gondola card it costs);
* **figure move**: the move (by gondola only when the gain covers the card) that most raises
  the figure's worth plus the best purchase it opens this turn, if that beats staying;
* **purchase**: a treasure whose expected worth is more than its price in coins (each coin
  left is a point);
* **forecast card** (only a choice among equally low cards): sink a district under an
  opponent's figure, sparing our own figures; an owner without gondola cards loses more.

Ties go to the first move in legal-move order, so the choice is deterministic.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from games.core import Seat
from games.venezia2099.model import COLOURS, ActionKind, District, X, square_index, treasure_value
from games.venezia2099.moves import Move, MoveKind
from games.venezia2099.view import Step, Venezia2099View

GONDOLA_VALUE: Final = 2.5
"""What an unused gondola card is worth in points: a future rescue or a long move."""
FIGURE_ON_BOARD: Final = 1.0
"""Worth of keeping a figure on the board beyond its square: it can still move and buy."""
MIN_GAIN: Final = 0.05
"""A move or a purchase must gain at least this much: no aimless wandering."""
DROWN_LOSS: Final = 4.0
"""Rough loss of a figure drowned with no gondola card to save it (its points and moves)."""


@dataclass(frozen=True, slots=True)
class _Outlook:
    """What the seat expects of the end, computed once per decision."""

    seat: Seat
    figure_worth: tuple[float, ...]
    """For every square, the expected points of a figure of ours standing there at the end."""
    treasure_worth: tuple[float, ...]
    """For every colour of :data:`COLOURS`, the expected points of one treasure."""


def autopilot_move(view: Venezia2099View, legal: Sequence[Move]) -> Move:
    """One of ``legal``, chosen from ``view`` alone (see the module docstring)."""
    if not legal:
        raise ValueError("the autopilot needs at least one legal move")
    seat = view.viewer if view.viewer is not None else min(view.to_move, default=view.turn)
    outlook = _outlook(view, seat)
    kinds = {move.kind for move in legal}
    if MoveKind.PLACE in kinds:
        return _best_square(view, legal, outlook, MoveKind.PLACE) or legal[0]
    if MoveKind.RESCUE in kinds or MoveKind.DECLINE in kinds:
        return _rescue(view, legal, outlook)
    return _turn_step(view, legal, outlook)


# --- Expectations -----------------------------------------------------------------------------


def _outlook(view: Venezia2099View, seat: Seat) -> _Outlook:
    """The chances of sinking and what they make a figure and a treasure worth."""
    hand = set(view.hand or ())
    others = sum(player.hand_size for player in view.players if player.seat != seat)
    unknown = others + view.set_aside_count
    elsewhere = others / unknown if unknown else 0.0
    survive: list[float] = []
    for square in view.squares:
        district = square.district
        if district is None:
            survive.append(1.0)
        elif square.sunk:
            survive.append(0.0)
        elif district.value == 2:
            survive.append(1.0)
        elif district in hand:
            survive.append(0.0)
        else:
            survive.append(1.0 - elsewhere)
    by_colour: dict[int, list[float]] = {}
    for index, square in enumerate(view.squares):
        if square.district is not None and not square.sunk:
            by_colour.setdefault(COLOURS.index(square.district.colour), []).append(survive[index])
    treasure_worth = tuple(_expected_treasure(by_colour.get(colour, [])) for colour in range(len(COLOURS)))
    worth: list[float] = []
    for index, square in enumerate(view.squares):
        district = square.district
        if district is None or square.sunk:
            worth.append(0.0)
        elif district.value == X:
            colour = by_colour[COLOURS.index(district.colour)]
            # V9: twice the surviving districts of the colour, the X itself included.
            worth.append(2.0 * survive[index] * (1.0 + sum(colour) - survive[index]))
        else:
            worth.append(district.value * survive[index])
    return _Outlook(seat, tuple(worth), treasure_worth)


def _expected_treasure(chances: list[float]) -> float:
    """The expected treasure value of a colour whose districts survive with ``chances``."""
    if not chances:
        return 0.0
    counts = [1.0]  # counts[n]: chance that exactly n districts survive
    for chance in chances:
        grown = [0.0] * (len(counts) + 1)
        for n, weight in enumerate(counts):
            grown[n] += weight * (1.0 - chance)
            grown[n + 1] += weight * chance
        counts = grown
    return sum(weight * treasure_value(n) for n, weight in enumerate(counts) if n > 0)


# --- Decisions ---------------------------------------------------------------------------------


def _square(view: Venezia2099View, name: str | None) -> int:
    assert name is not None
    return square_index(name, view.size)


def _best_square(view: Venezia2099View, legal: Sequence[Move], outlook: _Outlook, kind: MoveKind) -> Move | None:
    """The move of ``kind`` whose target square a figure is worth most on."""
    best: Move | None = None
    best_worth = -1.0
    for move in legal:
        if move.kind is not kind:
            continue
        worth = outlook.figure_worth[_square(view, move.target)]
        if worth > best_worth:
            best, best_worth = move, worth
    return best


def _rescue(view: Venezia2099View, legal: Sequence[Move], outlook: _Outlook) -> Move:
    """Rescue onto the best free district, unless the gondola card is worth more."""
    best = _best_square(view, legal, outlook, MoveKind.RESCUE)
    decline = next((move for move in legal if move.kind is MoveKind.DECLINE), None)
    if best is None:
        return decline or legal[0]
    worth = outlook.figure_worth[_square(view, best.target)] + FIGURE_ON_BOARD
    if decline is not None and worth < GONDOLA_VALUE:
        return decline
    return best


def _turn_step(view: Venezia2099View, legal: Sequence[Move], outlook: _Outlook) -> Move:
    """The turn's next step: the best move-and-buy or purchase if it gains, else a card."""
    best: Move | None = None
    best_gain = MIN_GAIN
    for move, gain in zip(legal, _turn_gains(view, legal, outlook), strict=True):
        if gain is not None and gain > best_gain:
            best, best_gain = move, gain
    if best is not None:
        return best
    cards = [move for move in legal if move.kind is MoveKind.PLAY]
    if not cards:
        return legal[0]
    return max(cards, key=lambda move: _card_gain(view, outlook, move))


def _turn_gains(view: Venezia2099View, legal: Sequence[Move], outlook: _Outlook) -> list[float | None]:
    """For every move of ``legal``, what a figure move or a purchase gains (None for the others)."""
    seat = outlook.seat
    mine = [index for index, square in enumerate(view.squares) if square.figure == seat]
    gains = _purchase_gains(view, outlook)
    # with the variant's extra gondola move the purchase may already be made
    can_buy = view.step is not Step.FORECAST and not any(action.kind is ActionKind.BUY for action in view.this_turn)
    result: list[float | None] = []
    for move in legal:
        gain: float | None = None
        if move.kind is MoveKind.BUY:
            gain = gains.get(_square(view, move.target), 0.0)
        elif move.kind in (MoveKind.STEP, MoveKind.GONDOLA):
            origin, target = _square(view, move.origin), _square(view, move.target)
            gain = outlook.figure_worth[target] - outlook.figure_worth[origin]
            if move.kind is MoveKind.GONDOLA:
                gain -= GONDOLA_VALUE
            after = [target if square == origin else square for square in mine]
            gain += (
                max((gains.get(square, 0.0) for square in after if square in gains), default=0.0) if can_buy else 0.0
            )
        result.append(gain)
    return result


def ranked_moves(view: Venezia2099View, legal: Sequence[Move]) -> list[Move]:
    """``legal``, best first by the autopilot's own estimates (for search to choose its candidates from).

    The first is always :func:`autopilot_move`'s choice. Placements and rescues go by the
    worth of the target square (a decline by the gondola card it keeps). On a turn: the figure
    moves and purchases that gain more than :data:`MIN_GAIN`, by their gain; then the forecast
    cards (playing one ends the turn's moves and purchases), by what sinking their district
    does; then the other moves and purchases. Ties keep the legal-move order.
    """
    if not legal:
        return []
    seat = view.viewer if view.viewer is not None else min(view.to_move, default=view.turn)
    outlook = _outlook(view, seat)
    keys: list[tuple[int, float]]
    if any(move.kind is MoveKind.PLACE for move in legal):
        keys = [
            (0, -outlook.figure_worth[_square(view, move.target)]) if move.kind is MoveKind.PLACE else (1, 0.0)
            for move in legal
        ]
    elif any(move.kind in (MoveKind.RESCUE, MoveKind.DECLINE) for move in legal):
        keys = [
            (0, -(outlook.figure_worth[_square(view, move.target)] + FIGURE_ON_BOARD))
            if move.kind is MoveKind.RESCUE
            else (0, -GONDOLA_VALUE)
            for move in legal
        ]
    else:
        keys = []
        for move, gain in zip(legal, _turn_gains(view, legal, outlook), strict=True):
            if gain is not None:
                keys.append((0 if gain > MIN_GAIN else 2, -gain))
            elif move.kind is MoveKind.PLAY:
                keys.append((1, -_card_gain(view, outlook, move)))
            else:
                keys.append((3, 0.0))
    order = sorted(range(len(legal)), key=lambda index: (keys[index], index))
    return [legal[index] for index in order]


def _purchase_gains(view: Venezia2099View, outlook: _Outlook) -> dict[int, float]:
    """For every square a figure of ours could buy on, the treasure's worth minus its price."""
    seat = outlook.seat
    coins = view.players[seat].coins
    gains: dict[int, float] = {}
    for index, square in enumerate(view.squares):
        district = square.district
        if district is None or square.sunk:
            continue
        colour = COLOURS.index(district.colour)
        price = square.coins + 1
        if view.supply[colour] <= 0 or price > coins:
            continue
        gains[index] = outlook.treasure_worth[colour] - price
    return gains


def _card_gain(view: Venezia2099View, outlook: _Outlook, move: Move) -> float:
    """What sinking the card's district now does: good under an opponent, bad under us."""
    card = move.card
    assert card is not None
    square = _district_square(view, card)
    if square is None:
        return 0.0
    owner = view.squares[square].figure
    if owner is None:
        return 0.0
    loss = GONDOLA_VALUE if view.players[owner].gondolas > 0 else DROWN_LOSS
    return -loss if owner == outlook.seat else loss


def _district_square(view: Venezia2099View, card: District) -> int | None:
    """The square of the district ``card`` sinks."""
    for index, square in enumerate(view.squares):
        if square.district == card:
            return index
    return None
