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

The autopilot reads its inputs (:class:`_Seen`) either off the seat's view or, in search
rollouts, straight off the state (:func:`rollout_move`): a rollout needs only the choice, and
building the whole view cost more than the choice itself. The two readings are the same
(the suite checks it), and so are the choices.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, NamedTuple, cast

from games.core import Seat
from games.venezia2099.model import COLOURS, ActionKind, District, X, square_index, treasure_value
from games.venezia2099.moves import Move, MoveKind, move_table
from games.venezia2099.state import State
from games.venezia2099.view import Step, Venezia2099View, step_of

GONDOLA_VALUE: Final = 2.5
"""What an unused gondola card is worth in points: a future rescue or a long move."""
FIGURE_ON_BOARD: Final = 1.0
"""Worth of keeping a figure on the board beyond its square: it can still move and buy."""
MIN_GAIN: Final = 0.05
"""A move or a purchase must gain at least this much: no aimless wandering."""
DROWN_LOSS: Final = 4.0
"""Rough loss of a figure drowned with no gondola card to save it (its points and moves)."""
_FIGURE_MOVES: Final = (MoveKind.STEP, MoveKind.GONDOLA)


class _Seen(NamedTuple):
    """What the autopilot reads of a position: all of it public or the seat's own.

    Taken from the seat's view (:func:`_seen_in_view`) or straight from the state
    (:func:`_seen_in_state`); the two must agree field for field.
    """

    seat: Seat
    size: int
    tiles: Sequence[District | None]
    """Every square's district, sunk or not (None: a platform)."""
    sunk: Sequence[bool]
    square_coins: Sequence[int]
    owner: Callable[[int], Seat | None]
    """The seat of the figure on a square, or None."""
    mine: list[int]
    """The squares of the seat's figures, in square order."""
    hand: Sequence[District]
    others_cards: int
    """Forecast cards in the other seats' hands."""
    set_aside_count: int
    supply: Sequence[int]
    coins: int
    """The seat's coins."""
    gondolas: Sequence[int]
    """Every seat's gondola cards."""
    can_buy: bool
    """Whether a purchase may still follow this turn."""


class _Board(NamedTuple):
    """What a board's tiles alone give (they never change in a match), computed once per tiles."""

    tiles: Sequence[District | None]
    square_of: dict[District, int]
    colour_squares: tuple[tuple[int, ...], ...]
    """For every colour of :data:`COLOURS`, the squares of its districts in square order."""
    colour_districts: tuple[tuple[tuple[int, int], ...], ...]
    """The same with each district's value: ``(square, value)``."""


class _Outlook(NamedTuple):
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
    return _choose(_seen_in_view(view, seat), legal)


def rollout_move(state: State, seat: Seat, legal: Sequence[Move]) -> Move:
    """:func:`autopilot_move` of ``view_of(state, seat)``, read straight off the state (for search rollouts).

    It reads only what the view shows ``seat`` (see :func:`_seen_in_state`).
    """
    if not legal:
        raise ValueError("the autopilot needs at least one legal move")
    return _choose(_seen_in_state(state, seat), legal)


def _choose(seen: _Seen, legal: Sequence[Move]) -> Move:
    kinds = {move.kind for move in legal}
    if MoveKind.PLACE in kinds:
        return _best_square(seen, legal, _outlook(seen), MoveKind.PLACE) or legal[0]
    if MoveKind.RESCUE in kinds or MoveKind.DECLINE in kinds:
        return _rescue(seen, legal, _outlook(seen))
    return _turn_step(seen, legal)


def _seen_in_view(view: Venezia2099View, seat: Seat) -> _Seen:
    """The autopilot's inputs as ``view`` shows them to ``seat``."""
    owners = tuple(square.figure for square in view.squares)
    return _Seen(
        seat=seat,
        size=view.size,
        tiles=tuple(square.district for square in view.squares),
        sunk=tuple(square.sunk for square in view.squares),
        square_coins=tuple(square.coins for square in view.squares),
        owner=owners.__getitem__,
        mine=[index for index, owner in enumerate(owners) if owner == seat],
        hand=view.hand or (),
        others_cards=sum(player.hand_size for player in view.players if player.seat != seat),
        set_aside_count=view.set_aside_count,
        supply=view.supply,
        coins=view.players[seat].coins,
        gondolas=tuple(player.gondolas for player in view.players),
        # with the variant's extra gondola move the purchase may already be made
        can_buy=view.step is not Step.FORECAST and not any(action.kind is ActionKind.BUY for action in view.this_turn),
    )


def _seen_in_state(state: State, seat: Seat) -> _Seen:
    """The autopilot's inputs read off ``state`` for ``seat``: what ``view_of(state, seat)`` shows, no more."""
    hands = state.hands
    return _Seen(
        seat=seat,
        size=state.size,
        tiles=state.tiles,
        sunk=state.sunk,
        square_coins=state.square_coins,
        owner=state.occupant,
        mine=sorted([square for square in state.figures[seat] if square >= 0]),
        hand=hands[seat],
        others_cards=sum([len(hand) for hand in hands]) - len(hands[seat]),
        set_aside_count=len(state.set_aside),
        supply=state.supply,
        coins=state.coins[seat],
        gondolas=state.gondolas,
        can_buy=step_of(state) is not Step.FORECAST
        and not any(action.kind is ActionKind.BUY for action in state.this_turn),
    )


# --- Expectations -----------------------------------------------------------------------------

_BOARDS: dict[int, _Board] = {}
""":class:`_Board` by ``id(tiles)``, each keeping its tiles alive (so no other tiles share the id)."""
_BOARDS_KEPT: Final = 16


def _board(tiles: Sequence[District | None]) -> _Board:
    """The :class:`_Board` of ``tiles``, remembered while the same tiles object comes back (states share it)."""
    board = _BOARDS.get(id(tiles))
    if board is not None and board.tiles is tiles:
        return board
    square_of: dict[District, int] = {}
    colour_squares: list[list[int]] = [[] for _ in COLOURS]
    for square, district in enumerate(tiles):
        if district is not None:
            square_of.setdefault(district, square)
            colour_squares[COLOURS.index(district.colour)].append(square)
    board = _Board(
        tiles,
        square_of,
        tuple(tuple(squares) for squares in colour_squares),
        tuple(tuple((square, square_value(tiles, square)) for square in squares) for squares in colour_squares),
    )
    if len(_BOARDS) >= _BOARDS_KEPT:
        _BOARDS.clear()
    _BOARDS[id(tiles)] = board
    return board


def square_value(tiles: Sequence[District | None], square: int) -> int:
    """The value of the district on ``square`` (0 for a platform)."""
    district = tiles[square]
    return 0 if district is None else district.value


_LAST_OUTLOOK: list[tuple[object, ...]] = []
"""The last :func:`_outlook` with what it was computed from (kept alive, so compared by identity).

A turn's steps (a move, a purchase) ask again with the same tiles, water and hand.
"""


def _outlook(seen: _Seen) -> _Outlook:
    """The chances of sinking and what they make a figure and a treasure worth.

    Every standing district survives with a chance: a value-2 surely, one whose card we hold
    never, any other when its card is set aside rather than in another hand. Platforms and
    water are worth nothing to stand on.
    """
    counts = (seen.seat, seen.others_cards, seen.set_aside_count)
    if _LAST_OUTLOOK:
        tiles, sunk, hand, last_counts, last = _LAST_OUTLOOK[0]
        if tiles is seen.tiles and sunk is seen.sunk and hand is seen.hand and last_counts == counts:
            return cast("_Outlook", last)
    outlook = _fresh_outlook(seen)
    _LAST_OUTLOOK[:] = [(seen.tiles, seen.sunk, seen.hand, counts, outlook)]
    return outlook


def _fresh_outlook(seen: _Seen) -> _Outlook:
    board = _board(seen.tiles)
    sunk = seen.sunk
    hand = {board.square_of.get(card, -1) for card in seen.hand}
    unknown = seen.others_cards + seen.set_aside_count
    elsewhere = seen.others_cards / unknown if unknown else 0.0
    unsure = 1.0 - elsewhere
    worth = [0.0] * len(seen.tiles)
    treasure_worth: list[float] = []
    for districts in board.colour_districts:
        chances: list[float] = []
        x_squares: list[tuple[int, float]] = []
        for square, value in districts:
            if sunk[square]:
                continue
            chance = 1.0 if value == 2 else 0.0 if square in hand else unsure
            chances.append(chance)
            if value == X:
                x_squares.append((square, chance))
            else:
                worth[square] = value * chance
        treasure_worth.append(_expected_treasure(tuple(chances)))
        for square, chance in x_squares:
            # V9: twice the surviving districts of the colour, the X itself included.
            worth[square] = 2.0 * chance * (1.0 + sum(chances) - chance)
    return _Outlook(seen.seat, tuple(worth), tuple(treasure_worth))


_TREASURES: dict[tuple[float, ...], float] = {}
""":func:`_expected_treasure` by its chances: they take few values (a rollout meets the same ones again)."""
_TREASURES_KEPT: Final = 4096


def _expected_treasure(chances: tuple[float, ...]) -> float:
    """The expected treasure value of a colour whose districts survive with ``chances``."""
    known = _TREASURES.get(chances)
    if known is not None:
        return known
    if not chances:
        return 0.0
    counts = [1.0]  # counts[n]: chance that exactly n districts survive
    for chance in chances:
        grown = [0.0] * (len(counts) + 1)
        for n, weight in enumerate(counts):
            grown[n] += weight * (1.0 - chance)
            grown[n + 1] += weight * chance
        counts = grown
    value = sum(weight * treasure_value(n) for n, weight in enumerate(counts) if n > 0)
    if len(_TREASURES) >= _TREASURES_KEPT:
        _TREASURES.clear()
    _TREASURES[chances] = value
    return value


# --- Decisions ---------------------------------------------------------------------------------


def _squares(seen: _Seen, move: Move) -> tuple[int | None, int | None]:
    """The move's origin and target squares (straight from the move table for a move taken from it)."""
    known = move_table(seen.size).squares.get(id(move))
    if known is not None:
        return known[1], known[2]
    return (
        None if move.origin is None else square_index(move.origin, seen.size),
        None if move.target is None else square_index(move.target, seen.size),
    )


def _target(seen: _Seen, move: Move) -> int:
    target = _squares(seen, move)[1]
    assert target is not None
    return target


def _best_square(seen: _Seen, legal: Sequence[Move], outlook: _Outlook, kind: MoveKind) -> Move | None:
    """The move of ``kind`` whose target square a figure is worth most on."""
    best: Move | None = None
    best_worth = -1.0
    for move in legal:
        if move.kind is not kind:
            continue
        worth = outlook.figure_worth[_target(seen, move)]
        if worth > best_worth:
            best, best_worth = move, worth
    return best


def _rescue(seen: _Seen, legal: Sequence[Move], outlook: _Outlook) -> Move:
    """Rescue onto the best free district, unless the gondola card is worth more."""
    best = _best_square(seen, legal, outlook, MoveKind.RESCUE)
    decline = next((move for move in legal if move.kind is MoveKind.DECLINE), None)
    if best is None:
        return decline or legal[0]
    worth = outlook.figure_worth[_target(seen, best)] + FIGURE_ON_BOARD
    if decline is not None and worth < GONDOLA_VALUE:
        return decline
    return best


def _turn_step(seen: _Seen, legal: Sequence[Move]) -> Move:
    """The turn's next step: the best move-and-buy or purchase if it gains, else a card."""
    best: Move | None = None
    if any(move.kind is not MoveKind.PLAY for move in legal):
        best = _best_gain(seen, legal, _outlook(seen))
    if best is not None:
        return best
    cards = [move for move in legal if move.kind is MoveKind.PLAY]
    if not cards:
        return legal[0]
    if len(cards) == 1:
        return cards[0]
    return max(cards, key=lambda move: _card_gain(seen, move))


class _Gains(NamedTuple):
    """What the gains of a turn's figure moves and purchases are computed from."""

    worth: tuple[float, ...]
    purchases: dict[int, float]
    """:func:`_purchase_gains`."""
    others_best: dict[int, float | None]
    """For every square of ours, the best purchase on our other figures' squares (None: none)."""
    every_best: float | None
    """The best purchase on all our figures' squares (None: none)."""
    can_buy: bool


def _gains(seen: _Seen, outlook: _Outlook) -> _Gains:
    purchases = _purchase_gains(seen, outlook)
    mine = seen.mine
    others_best: dict[int, float | None] = {}
    for origin in mine:
        values = [purchases[square] for square in mine if square != origin and square in purchases]
        others_best[origin] = max(values) if values else None
    every = [purchases[square] for square in mine if square in purchases]
    return _Gains(outlook.figure_worth, purchases, others_best, max(every) if every else None, seen.can_buy)


def _figure_gain(gains: _Gains, kind: MoveKind, origin: int, target: int) -> float:
    """What moving the figure on ``origin`` to ``target`` gains, with the best purchase it leaves open.

    The purchase is the best among our figures' squares after the move (``target`` in place
    of ``origin``, when ``origin`` is ours), none when no purchase may follow.
    """
    gain = gains.worth[target] - gains.worth[origin]
    if kind is MoveKind.GONDOLA:
        gain -= GONDOLA_VALUE
    if not gains.can_buy:
        return gain + 0.0
    if origin in gains.others_best:
        rest, here = gains.others_best[origin], gains.purchases.get(target)
    else:
        rest, here = gains.every_best, None
    if rest is None:
        return gain + (0.0 if here is None else here)
    return gain + (rest if here is None or rest >= here else here)


def _turn_gains(seen: _Seen, legal: Sequence[Move], outlook: _Outlook) -> list[float | None]:
    """For every move of ``legal``, what a figure move or a purchase gains (None for the others)."""
    gains = _gains(seen, outlook)
    known = move_table(seen.size).squares
    result: list[float | None] = []
    for move in legal:
        found = known.get(id(move))
        kind, origin, target = found if found is not None else (move.kind, *_squares(seen, move))
        if kind is MoveKind.BUY:
            assert target is not None
            result.append(gains.purchases.get(target, 0.0))
        elif kind in _FIGURE_MOVES:
            assert origin is not None and target is not None
            result.append(_figure_gain(gains, kind, origin, target))
        else:
            result.append(None)
    return result


def _best_gain(seen: _Seen, legal: Sequence[Move], outlook: _Outlook) -> Move | None:
    """The first move of ``legal`` whose :func:`_turn_gains` gain is the greatest above :data:`MIN_GAIN`, or None.

    The same choice as a scan of :func:`_turn_gains`, cheaper where it counts: a figure with
    a gondola card may go to any free square, so most legal moves are gondola moves, and
    they rarely win. The gains of one figure's gondola moves are computed together, to
    every square (:func:`_gondola_gains`, the same arithmetic as :func:`_figure_gain`), and
    when the greatest of them is no more than the best gain found so far, none of that
    figure's gondola moves is looked at again (only a greater gain wins).
    """
    gains = _gains(seen, outlook)
    known = move_table(seen.size).squares
    top_worth = max(gains.worth)
    top_after = max([0.0, *gains.purchases.values()]) if gains.can_buy else 0.0
    rows: dict[int, list[float]] = {}
    hopeless: set[int] = set()
    best: Move | None = None
    best_gain = MIN_GAIN
    for move, found in zip(legal, map(known.get, map(id, legal)), strict=True):
        if found is None:
            if move.kind is MoveKind.PLAY:
                continue
            found = (move.kind, *_squares(seen, move))
        kind, origin, target = found
        if kind is MoveKind.GONDOLA:
            assert origin is not None and target is not None
            if origin in hopeless:
                continue
            row = rows.get(origin)
            if row is None:
                # a bound first (rounding is monotonic, so it bounds the computed gains too)
                if top_worth - gains.worth[origin] - GONDOLA_VALUE + top_after <= best_gain:
                    hopeless.add(origin)
                    continue
                row = rows[origin] = _gondola_gains(gains, origin)
                if max(row) <= best_gain:
                    hopeless.add(origin)
                    continue
            gain = row[target]
        elif kind is MoveKind.BUY:
            assert target is not None
            gain = gains.purchases.get(target, 0.0)
        elif kind is MoveKind.STEP:
            assert origin is not None and target is not None
            gain = _figure_gain(gains, kind, origin, target)
        else:
            continue
        if gain > best_gain:
            best, best_gain = move, gain
    return best


def _gondola_gains(gains: _Gains, origin: int) -> list[float]:
    """:func:`_figure_gain` of a gondola move from ``origin`` to every square, in square order."""
    worth = gains.worth
    start = worth[origin]
    if not gains.can_buy:
        return [value - start - GONDOLA_VALUE + 0.0 for value in worth]
    if origin not in gains.others_best:
        rest = gains.every_best
        after = 0.0 if rest is None else rest
        return [value - start - GONDOLA_VALUE + after for value in worth]
    rest = gains.others_best[origin]
    here = map(gains.purchases.get, range(len(worth)))
    if rest is None:
        return [
            value - start - GONDOLA_VALUE + (0.0 if there is None else there)
            for value, there in zip(worth, here, strict=True)
        ]
    return [
        value - start - GONDOLA_VALUE + (rest if there is None or rest >= there else there)
        for value, there in zip(worth, here, strict=True)
    ]


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
    seen = _seen_in_view(view, seat)
    outlook = _outlook(seen)
    keys: list[tuple[int, float]]
    if any(move.kind is MoveKind.PLACE for move in legal):
        keys = [
            (0, -outlook.figure_worth[_target(seen, move)]) if move.kind is MoveKind.PLACE else (1, 0.0)
            for move in legal
        ]
    elif any(move.kind in (MoveKind.RESCUE, MoveKind.DECLINE) for move in legal):
        keys = [
            (0, -(outlook.figure_worth[_target(seen, move)] + FIGURE_ON_BOARD))
            if move.kind is MoveKind.RESCUE
            else (0, -GONDOLA_VALUE)
            for move in legal
        ]
    else:
        keys = []
        for move, gain in zip(legal, _turn_gains(seen, legal, outlook), strict=True):
            if gain is not None:
                keys.append((0 if gain > MIN_GAIN else 2, -gain))
            elif move.kind is MoveKind.PLAY:
                keys.append((1, -_card_gain(seen, move)))
            else:
                keys.append((3, 0.0))
    order = sorted(range(len(legal)), key=lambda index: (keys[index], index))
    return [legal[index] for index in order]


def _purchase_gains(seen: _Seen, outlook: _Outlook) -> dict[int, float]:
    """For every square a figure of ours could buy on, the treasure's worth minus its price."""
    coins, supply, sunk, square_coins = seen.coins, seen.supply, seen.sunk, seen.square_coins
    treasure_worth = outlook.treasure_worth
    gains: dict[int, float] = {}
    for colour, squares in enumerate(_board(seen.tiles).colour_squares):
        if supply[colour] <= 0:
            continue
        for square in squares:
            price = square_coins[square] + 1
            if sunk[square] or price > coins:
                continue
            gains[square] = treasure_worth[colour] - price
    return gains


def _card_gain(seen: _Seen, move: Move) -> float:
    """What sinking the card's district now does: good under an opponent, bad under us."""
    card = move.card
    assert card is not None
    square = _board(seen.tiles).square_of.get(card)
    if square is None:
        return 0.0
    owner = seen.owner(square)
    if owner is None:
        return 0.0
    loss = GONDOLA_VALUE if seen.gondolas[owner] > 0 else DROWN_LOSS
    return -loss if owner == seen.seat else loss
