"""The rules proper: who acts, which moves are legal and why not, and what a move does.

A turn is split into steps, each its own move: an optional figure move (normal or by
gondola), an optional purchase, then the mandatory forecast card. Skipping is implicit:
a player who wants no move simply buys or plays a card, and one who wants no purchase
plays a card. The forecast card ends the turn unless it drowns a figure whose owner holds
a gondola card; then the match waits in ``Phase.RESCUE`` for that owner's answer.
"""

from __future__ import annotations

from games.core import Event, IllegalMove, InvalidMove, NotYourTurn, Seat, msg
from games.venezia2099.board import (
    district_at,
    figure_squares,
    free_squares,
    is_free,
    occupied_squares,
    placement_targets,
    price,
    rescue_targets,
    step_targets,
)
from games.venezia2099.labels import district_label, seat_label, tile_label
from games.venezia2099.model import (
    COLOURS,
    FILES,
    Action,
    ActionKind,
    District,
    Phase,
    seat_colour,
    square_index,
    square_name,
    value_label,
)
from games.venezia2099.moves import DECLINE, Move, MoveKind, move_table, play
from games.venezia2099.scoring import ranking
from games.venezia2099.state import LOST, UNPLACED, Rescue, State, evolve


def to_move(state: State) -> frozenset[Seat]:
    """The seat asked to decide; the owner of a drowning figure during a rescue."""
    if state.phase is Phase.OVER:
        return frozenset()
    if state.rescue is not None:
        return frozenset({state.rescue.seat})
    return frozenset({state.turn})


def lowest_cards(hand: tuple[District, ...]) -> tuple[District, ...]:
    """The cards of the lowest value in ``hand`` (X above 8), in colour order."""
    if not hand:
        return ()
    lowest = min(card.value for card in hand)
    return tuple(card for card in hand if card.value == lowest)


def can_step(state: State) -> bool:
    """Whether the player on turn may still make a normal move."""
    return state.phase is Phase.TURN and not state.moved and not state.bought


def can_gondola(state: State) -> bool:
    """Whether the player on turn may still make a gondola move (V5 decides with ``moved``)."""
    return (
        state.phase is Phase.TURN
        and not state.bought
        and not state.gondola_moved
        and (state.options.gondola_move_additional or not state.moved)
        and state.gondolas[state.turn] > 0
    )


def buy_squares(state: State, seat: Seat) -> list[int]:
    """Squares where ``seat`` may buy now, cheapest first, then in square order."""
    if state.phase is not Phase.TURN or state.bought or seat != state.turn:
        return []
    options = []
    for square in figure_squares(state, seat):
        district = district_at(state, square)
        if district is None or state.supply[COLOURS.index(district.colour)] == 0:
            continue
        if state.coins[seat] >= price(state, square):
            options.append(square)
    return sorted(options, key=lambda square: (price(state, square), square))


def legal_moves(state: State, seat: Seat) -> list[Move]:
    """Every legal move of ``seat``, in this order.

    Setup: placements by square. Turn: normal moves (by figure square, then target square),
    gondola moves (same order), purchases (cheapest first), forecast cards (colour order).
    Rescue: rescue squares in square order, then ``decline``. The moves with squares are
    taken from :func:`~games.venezia2099.moves.move_table` (equal to fresh ones, and cheaper
    to apply).
    """
    if seat not in to_move(state):
        return []
    table = move_table(state.size)
    if state.phase is Phase.PLACE:
        return [table.place[square] for square in placement_targets(state, seat)]
    if state.phase is Phase.RESCUE:
        return [table.rescue[square] for square in rescue_targets(state)] + [DECLINE]
    moves: list[Move] = []
    origins = figure_squares(state, seat)
    if origins and (can_step(state) or can_gondola(state)):
        taken = occupied_squares(state)
        if can_step(state):
            for origin in origins:
                row = table.step[origin]
                moves += [row[target] for target in step_targets(state, origin, taken)]
        if can_gondola(state):
            targets = free_squares(state, taken)
            for origin in origins:
                row = table.gondola[origin]
                moves += [row[target] for target in targets]
    moves += [table.buy[square] for square in buy_squares(state, seat)]
    moves += [play(card) for card in lowest_cards(state.hands[seat])]
    return moves


def _illegal(code: str, text: str, **params: object) -> IllegalMove:
    return IllegalMove(f"venezia2099.error.{code}", text, **params)


def check(state: State, seat: Seat, move: Move, squares: tuple[int | None, int | None]) -> None:
    """Raise the rule's reason when ``move`` (with resolved ``squares``) is not legal for ``seat``.

    Raises:
        NotYourTurn: ``seat`` is not asked to decide.
        IllegalMove: with the specific rule as its code.
    """
    if seat not in to_move(state):
        if state.phase is Phase.OVER:
            raise NotYourTurn("venezia2099.error.over", "The game is over.")
        waiting = next(iter(to_move(state)))
        code = "not_asked" if state.phase is Phase.RESCUE else "not_your_turn"
        who = seat_colour(waiting).capitalize()
        text = (
            f"Only {who}'s answer to the rescue is awaited now."
            if state.phase is Phase.RESCUE
            else f"It is not your turn; {who} must decide."
        )
        raise NotYourTurn(f"venezia2099.error.{code}", text, player=seat_label(waiting))
    code = move.code
    origin, target = squares
    match move.kind:
        case MoveKind.PLACE:
            _check_place(state, seat, code, target)
        case MoveKind.STEP | MoveKind.GONDOLA:
            _check_move(state, seat, move, origin, target)
        case MoveKind.BUY:
            _check_buy(state, seat, code, target)
        case MoveKind.PLAY:
            _check_play(state, seat, move)
        case MoveKind.RESCUE | MoveKind.DECLINE:
            _check_rescue(state, code, target, move.kind)


def _check_phase(state: State, code: str, wanted: Phase) -> None:
    if state.phase is wanted:
        return
    if state.phase is Phase.PLACE:
        raise _illegal("placing", f"{code!r} is not possible yet: the figures are still being placed.", move=code)
    if state.phase is Phase.RESCUE:
        raise _illegal("rescuing", f"{code!r} is not possible now: answer the rescue first.", move=code)
    if wanted is Phase.PLACE:
        raise _illegal("placed", f"{code!r} is not possible: every figure is already placed.", move=code)
    raise _illegal("no_rescue", f"{code!r} is not possible: no figure is waiting to be rescued.", move=code)


def _check_place(state: State, seat: Seat, code: str, target: int | None) -> None:
    _check_phase(state, code, Phase.PLACE)
    assert target is not None
    name = square_name(target, state.size)
    if state.occupant(target) is not None:
        raise _illegal("occupied", f"{code!r}: a figure already stands on {name}.", move=code, square=name)
    tile = state.tiles[target]
    if tile is not None:
        for square in figure_squares(state, seat):
            other = state.tiles[square]
            if other is not None and other.value == tile.value:
                raise _illegal(
                    "same_value",
                    f"{code!r}: you already have a figure on a district of value {value_label(tile.value)}.",
                    move=code,
                    value=value_label(tile.value),
                )


def _own_figure(state: State, seat: Seat, code: str, origin: int) -> None:
    if origin not in state.figures[seat]:
        name = square_name(origin, state.size)
        raise _illegal("no_figure", f"{code!r}: you have no figure on {name}.", move=code, square=name)


def _check_move(state: State, seat: Seat, move: Move, origin: int | None, target: int | None) -> None:
    code = move.code
    _check_phase(state, code, Phase.TURN)
    assert origin is not None and target is not None
    if state.bought:
        raise _illegal("move_after_buy", f"{code!r}: you cannot move a figure after buying a treasure.", move=code)
    if move.kind is MoveKind.GONDOLA:
        if state.gondolas[seat] == 0:
            raise _illegal("no_gondola", f"{code!r}: you have no gondola card left.", move=code)
        if state.gondola_moved or (state.moved and not state.options.gondola_move_additional):
            raise _illegal("already_moved", f"{code!r}: you have already moved a figure this turn.", move=code)
    elif state.moved:
        raise _illegal("already_moved", f"{code!r}: you have already moved a figure this turn.", move=code)
    _own_figure(state, seat, code, origin)
    name = square_name(target, state.size)
    if target == origin:
        raise _illegal("same_square", f"{code!r}: the figure must move to another square.", move=code)
    if state.sunk[target]:
        raise _illegal("water", f"{code!r}: {name} is water.", move=code, square=name)
    if state.occupant(target) is not None:
        raise _illegal("occupied", f"{code!r}: a figure already stands on {name}.", move=code, square=name)
    if move.kind is MoveKind.GONDOLA:
        return
    size = state.size
    dx = target % size - origin % size
    dy = target // size - origin // size
    if not (dx == 0 or dy == 0 or abs(dx) == abs(dy)):
        raise _illegal("not_a_line", f"{code!r}: {name} is not in a straight line from the figure.", move=code)
    unit = (dx > 0) - (dx < 0) + ((dy > 0) - (dy < 0)) * size
    for square in range(origin + unit, target, unit):
        between = square_name(square, size)
        if state.sunk[square]:
            raise _illegal("path_water", f"{code!r}: the way crosses water on {between}.", move=code, square=between)
        if not is_free(state, square):
            raise _illegal("path_blocked", f"{code!r}: a figure on {between} is in the way.", move=code, square=between)


def _check_buy(state: State, seat: Seat, code: str, target: int | None) -> None:
    _check_phase(state, code, Phase.TURN)
    assert target is not None
    name = square_name(target, state.size)
    if state.bought:
        raise _illegal("already_bought", f"{code!r}: you have already bought a treasure this turn.", move=code)
    if target not in state.figures[seat]:
        raise _illegal("no_figure", f"{code!r}: you have no figure on {name}.", move=code, square=name)
    district = district_at(state, target)
    if district is None:
        raise _illegal(
            "buy_platform", f"{code!r}: {name} is a platform; nothing can be bought there.", move=code, square=name
        )
    colour = msg(f"venezia2099.colour.{district.colour.value}")
    if state.supply[COLOURS.index(district.colour)] == 0:
        raise _illegal(
            "supply_empty", f"{code!r}: no {district.colour.name.lower()} treasure is left.", move=code, colour=colour
        )
    cost = price(state, target)
    if state.coins[seat] < cost:
        raise _illegal(
            "coins",
            f"{code!r}: the treasure costs {cost} coins and you have {state.coins[seat]}.",
            move=code,
            cost=cost,
            coins=state.coins[seat],
        )


def _check_play(state: State, seat: Seat, move: Move) -> None:
    code = move.code
    _check_phase(state, code, Phase.TURN)
    card = move.card
    assert card is not None
    if card not in state.hands[seat]:
        raise _illegal("not_in_hand", f"{code!r}: you do not hold that card.", move=code, card=district_label(card))
    lowest = lowest_cards(state.hands[seat])[0].value
    if card.value != lowest:
        raise _illegal(
            "not_lowest",
            f"{code!r}: you must play a card of your lowest value, {value_label(lowest)}.",
            move=code,
            value=value_label(lowest),
        )


def _check_rescue(state: State, code: str, target: int | None, kind: MoveKind) -> None:
    _check_phase(state, code, Phase.RESCUE)
    if kind is MoveKind.DECLINE:
        return
    assert target is not None
    name = square_name(target, state.size)
    if state.sunk[target]:
        raise _illegal("water", f"{code!r}: {name} is water.", move=code, square=name)
    if state.occupant(target) is not None:
        raise _illegal("occupied", f"{code!r}: a figure already stands on {name}.", move=code, square=name)
    if state.tiles[target] is None and not state.options.rescue_to_platform:
        raise _illegal(
            "rescue_platform", f"{code!r}: a rescued figure must go to a district, not a platform.", move=code
        )


# --- Applying -------------------------------------------------------------------------------


def _set(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _move_figure(state: State, seat: Seat, origin: int, target: int) -> tuple[tuple[int, ...], ...]:
    own = tuple(target if square == origin else square for square in state.figures[seat])
    return (*state.figures[:seat], own, *state.figures[seat + 1 :])


def perform(state: State, seat: Seat, move: Move, squares: tuple[int | None, int | None]) -> tuple[State, list[Event]]:
    """Apply a move already checked by :func:`check`."""
    origin, target = squares
    match move.kind:
        case MoveKind.PLACE:
            assert target is not None
            return _place(state, seat, target)
        case MoveKind.STEP | MoveKind.GONDOLA:
            assert origin is not None and target is not None
            return _figure_move(state, seat, origin, target, move.kind is MoveKind.GONDOLA)
        case MoveKind.BUY:
            assert target is not None
            return _buy(state, seat, target)
        case MoveKind.PLAY:
            assert move.card is not None
            return _play(state, seat, move.card)
        case _:
            return _answer_rescue(state, seat, target)


def _place(state: State, seat: Seat, target: int) -> tuple[State, list[Event]]:
    own = list(state.figures[seat])
    own[own.index(UNPLACED)] = target
    figures = (*state.figures[:seat], tuple(own), *state.figures[seat + 1 :])
    action = Action(ActionKind.PLACE, seat, target=target)
    name = square_name(target, state.size)
    events = [
        Event(msg("venezia2099.event.placed", player=seat_label(seat), square=name, tile=tile_label(state, target)))
    ]
    placed = evolve(state, figures=figures, ply=state.ply + 1, last_turn=(action,), this_turn=())
    if all(UNPLACED not in row for row in figures):
        events.append(Event(msg("venezia2099.event.setup_done", player=seat_label(0))))
        return evolve(placed, phase=Phase.TURN, turn=0), events
    return evolve(placed, turn=(seat + 1) % state.num_players), events


def _figure_move(state: State, seat: Seat, origin: int, target: int, by_gondola: bool) -> tuple[State, list[Event]]:
    names = {"origin": square_name(origin, state.size), "target": square_name(target, state.size)}
    tile = tile_label(state, target)
    if by_gondola:
        left = state.gondolas[seat] - 1
        moved = evolve(
            state,
            figures=_move_figure(state, seat, origin, target),
            gondolas=_set(state.gondolas, seat, left),
            gondolas_used=state.gondolas_used + 1,
            gondola_moved=True,
            moved=state.moved or not state.options.gondola_move_additional,
            this_turn=(*state.this_turn, Action(ActionKind.GONDOLA, seat, origin, target)),
            ply=state.ply + 1,
        )
        event = msg("venezia2099.event.gondola", player=seat_label(seat), tile=tile, left=left, **names)
        return moved, [Event(event)]
    moved = evolve(
        state,
        figures=_move_figure(state, seat, origin, target),
        moved=True,
        this_turn=(*state.this_turn, Action(ActionKind.MOVE, seat, origin, target)),
        ply=state.ply + 1,
    )
    return moved, [Event(msg("venezia2099.event.moved", player=seat_label(seat), tile=tile, **names))]


def _buy(state: State, seat: Seat, square: int) -> tuple[State, list[Event]]:
    district = district_at(state, square)
    assert district is not None
    colour = COLOURS.index(district.colour)
    cost = price(state, square)
    own = _set(state.treasures[seat], colour, state.treasures[seat][colour] + 1)
    bought = evolve(
        state,
        coins=_set(state.coins, seat, state.coins[seat] - cost),
        square_coins=_set(state.square_coins, square, state.square_coins[square] + cost),
        treasures=(*state.treasures[:seat], own, *state.treasures[seat + 1 :]),
        supply=_set(state.supply, colour, state.supply[colour] - 1),
        bought=True,
        this_turn=(*state.this_turn, Action(ActionKind.BUY, seat, target=square, district=district, amount=cost)),
        ply=state.ply + 1,
    )
    event = msg(
        "venezia2099.event.bought",
        player=seat_label(seat),
        treasure=msg(f"venezia2099.treasure.{district.colour.value}"),
        square=square_name(square, state.size),
        cost=cost,
        coins=state.coins[seat] - cost,
    )
    return bought, [Event(event)]


def _play(state: State, seat: Seat, card: District) -> tuple[State, list[Event]]:
    square = state.square_of(card)
    name = square_name(square, state.size)
    hand = tuple(other for other in state.hands[seat] if other != card)
    lost = state.square_coins[square]
    sunk = evolve(
        state,
        hands=(*state.hands[:seat], hand, *state.hands[seat + 1 :]),
        played=(*state.played, (seat, card)),
        sunk=(*state.sunk[:square], True, *state.sunk[square + 1 :]),
        square_coins=_set(state.square_coins, square, 0),
        coins_lost=state.coins_lost + lost,
        this_turn=(*state.this_turn, Action(ActionKind.PLAY, seat, target=square, district=card, amount=lost)),
        ply=state.ply + 1,
    )
    events = [Event(msg("venezia2099.event.played", player=seat_label(seat), card=district_label(card), square=name))]
    if lost:
        events.append(Event(msg("venezia2099.event.coins_lost", count=lost, square=name)))
    owner = state.occupant(square)
    if owner is None:
        return _end_turn(sunk, events)
    figure = state.figures[owner].index(square)
    if sunk.gondolas[owner] == 0 or not rescue_targets(sunk):
        reason = "no_gondola" if sunk.gondolas[owner] == 0 else "no_room"
        drowned, drown_events = _drown(sunk, owner, figure, reason)
        return _end_turn(drowned, events + drown_events)
    waiting = evolve(sunk, phase=Phase.RESCUE, rescue=Rescue(owner, figure, square))
    events.append(Event(msg("venezia2099.event.falls", player=seat_label(owner), square=name)))
    events.append(
        Event(
            msg("venezia2099.event.rescue_prompt", square=name, left=sunk.gondolas[owner]),
            audience=frozenset({owner}),
        )
    )
    return waiting, events


def _drown(state: State, owner: Seat, figure: int, reason: str) -> tuple[State, list[Event]]:
    square = state.figures[owner][figure]
    own = _set(state.figures[owner], figure, LOST)
    drowned = evolve(
        state,
        figures=(*state.figures[:owner], own, *state.figures[owner + 1 :]),
        this_turn=(*state.this_turn, Action(ActionKind.DROWN, owner, origin=square)),
    )
    event = msg(f"venezia2099.event.drowned_{reason}", player=seat_label(owner), square=square_name(square, state.size))
    return drowned, [Event(event)]


def _answer_rescue(state: State, seat: Seat, target: int | None) -> tuple[State, list[Event]]:
    pending = state.rescue
    assert pending is not None
    resumed = evolve(state, phase=Phase.TURN, rescue=None, ply=state.ply + 1)
    if target is None:
        drowned, events = _drown(resumed, seat, pending.figure, "declined")
        return _end_turn(drowned, events)
    left = state.gondolas[seat] - 1
    rescued = evolve(
        resumed,
        figures=_move_figure(state, seat, pending.square, target),
        gondolas=_set(state.gondolas, seat, left),
        gondolas_used=state.gondolas_used + 1,
        this_turn=(*state.this_turn, Action(ActionKind.RESCUE, seat, pending.square, target)),
    )
    event = msg(
        "venezia2099.event.rescued",
        player=seat_label(seat),
        origin=square_name(pending.square, state.size),
        target=square_name(target, state.size),
        tile=tile_label(state, target),
        left=left,
    )
    return _end_turn(rescued, [Event(event)])


def _end_turn(state: State, events: list[Event]) -> tuple[State, list[Event]]:
    following = (state.turn + 1) % state.num_players
    ended = evolve(
        state,
        turn=following,
        moved=False,
        gondola_moved=False,
        bought=False,
        last_turn=state.this_turn,
        this_turn=(),
    )
    if any(ended.hands):
        events.append(Event(msg("venezia2099.event.turn", player=seat_label(following))))
        return ended, events
    over = evolve(ended, phase=Phase.OVER)
    events.append(Event(msg("venezia2099.event.game_over")))
    events.append(Event(ranking(over).reason))
    return over, events


def squares_of(state: State, move: Move, text: str) -> tuple[int | None, int | None]:
    """The move's square names as indexes on this board.

    A move taken from this board's :func:`~games.venezia2099.moves.move_table` (every legal
    move with squares is) has them at hand; any other move's names are read.

    Raises:
        InvalidMove: ``venezia2099.error.not_a_square`` for a square off this board.
    """
    known = move_table(state.size).squares.get(id(move))
    if known is not None:
        return known[1], known[2]
    resolved: list[int | None] = []
    for name in (move.origin, move.target):
        if name is None:
            resolved.append(None)
            continue
        try:
            resolved.append(square_index(name, state.size))
        except ValueError as error:
            last = f"{FILES[state.size - 1]}{state.size}"
            raise InvalidMove(
                "venezia2099.error.not_a_square",
                f"{text!r} names {name!r}, which is not a square of this board (a1 to {last}).",
                given=text,
                last=last,
            ) from error
    return resolved[0], resolved[1]
