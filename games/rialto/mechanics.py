"""The small rules every phase uses: Doge order, drawing, buildings, councillors, tiles.

All functions work on a :class:`~games.rialto.state.Work` and record what happened in
``work.events``.
"""

from __future__ import annotations

from games.core import Event, Message, Rng, msg
from games.rialto import model
from games.rialto.model import (
    BUILDING_KINDS,
    CARD_LETTERS,
    CARD_TYPES,
    SIDE_BONUS,
    building_index,
    building_value,
)
from games.rialto.state import PlayerState, PlayerWork, Work

# --- Messages -------------------------------------------------------------------------------


def who(work: Work, actor: int) -> Message:
    """The name of a seat or of the neutral player."""
    return msg("rialto.seat.neutral") if actor == work.neutral else msg(f"rialto.seat.{actor}")


def card_name(card: int) -> Message:
    """The translated name of a card type."""
    return msg(f"rialto.card.{CARD_LETTERS[card]}")


def building_name(kind: str) -> Message:
    """The translated name of a building kind."""
    return msg(f"rialto.building.{kind}")


def district_name(district: int) -> Message:
    """The translated name of a district."""
    return msg(f"rialto.district.{model.DISTRICTS[district]}")


def cards_message(counts: list[int] | tuple[int, ...]) -> Message:
    """``2× Doge, 1× Joker``: per-type counts as one translatable list."""
    parts = [msg("rialto.cards.some", n=count, card=card_name(card)) for card, count in enumerate(counts) if count]
    return join(parts) if parts else msg("rialto.cards.none")


def join(parts: list[Message]) -> Message:
    """Several messages as one comma-separated message."""
    result = parts[-1]
    for part in reversed(parts[:-1]):
        result = msg("rialto.list", a=part, b=result)
    return result


def say(work: Work, key: str, audience: frozenset[int] | None = None, **params: object) -> None:
    """Record an event."""
    work.events.append(Event(msg(key, **params), audience))


def counts_of(cards: list[int]) -> list[int]:
    """Card list -> per-type counts."""
    counts = [0] * CARD_TYPES
    for card in cards:
        counts[card] += 1
    return counts


# --- Seating and the Doge track -----------------------------------------------------------


def clockwise(work: Work) -> list[int]:
    """Every actor in seating order from the first player (the NP sits first)."""
    humans = list(range(work.num_players))
    return [work.num_players, *humans] if work.options.neutral else humans


def clockwise_from(work: Work, first: int) -> list[int]:
    """Every actor clockwise, starting with ``first``."""
    order = clockwise(work)
    start = order.index(first)
    return order[start:] + order[:start]


def doge_order(work: Work) -> list[int]:
    """Actors from first to last on the Doge track: higher space, then higher in the stack."""
    return sorted(range(work.num_actors), key=lambda a: (-work.doge_space[a], -work.doge_seq[a]))


def human_doge_order(work: Work) -> list[int]:
    """The human seats in Doge order."""
    return [actor for actor in doge_order(work) if actor != work.neutral]


def rank(work: Work, actor: int) -> int:
    """1 for the Doge leader; the NP counts."""
    return doge_order(work).index(actor) + 1


def move_doge(work: Work, actor: int, steps: int) -> None:
    """Advance ``actor`` ``steps`` spaces, landing on top of any stack there."""
    if steps <= 0:
        return
    work.doge_space[actor] += steps
    work.doge_seq[actor] = work.next_seq
    work.next_seq += 1
    say(work, "rialto.event.doge", player=who(work, actor), n=steps, space=work.doge_space[actor])


# --- Cards ----------------------------------------------------------------------------------


def draw(work: Work, n: int) -> list[int]:
    """Up to ``n`` cards from the top of the deck, reshuffling the discards when it runs out."""
    drawn: list[int] = []
    while len(drawn) < n:
        if not work.deck:
            if not any(work.discard):
                break  # D18: deal as many as there are
            reshuffle(work)
        drawn.append(work.deck.pop(0))
    return drawn


def reshuffle(work: Work) -> None:
    """Shuffle every discarded card into a new deck."""
    cards = [card for card, count in enumerate(work.discard) for _ in range(count)]
    work.deck = list(Rng(work.seed, work.ply, work.stream).shuffled(cards))
    work.stream += 1
    work.discard = [0] * CARD_TYPES
    say(work, "rialto.event.reshuffle", n=len(cards))


def discard_cards(work: Work, counts: list[int] | tuple[int, ...]) -> None:
    """Put cards (per-type counts) on the discard pile."""
    for card, count in enumerate(counts):
        work.discard[card] += count


# --- Buildings ------------------------------------------------------------------------------


def usable(player: PlayerWork | PlayerState, kind: str) -> int:
    """How many copies of ``kind`` the player may still activate this round."""
    return sum(1 for text in player.buildings if text == kind)


def activate(work: Work, seat: int, kind: str) -> None:
    """Pay 1 coin onto an unactivated copy of ``kind``."""
    player = work.players[seat]
    index = player.buildings.index(kind)
    player.buildings[index] = kind + "*"
    player.coins -= 1


def owned_kinds(player: PlayerWork) -> list[str]:
    """The distinct kinds the player owns, in building order."""
    kinds = {text[:2] for text in player.buildings}
    return [kind for kind in BUILDING_KINDS if kind in kinds]


def gain_building(work: Work, seat: int, kind: str, blocked: bool = False) -> None:
    """Take a copy of ``kind`` from the supply."""
    work.supply[building_index(kind)] -= 1
    work.players[seat].buildings.append(kind + ("!" if blocked else ""))


def return_building(work: Work, seat: int, kind: str) -> None:
    """Give a copy of ``kind`` back to the supply; its coin, if any, goes to the bank.

    Of several copies the one already activated goes first, then one barred by U1, so the
    player keeps the copy that can still be used (the obvious choice; the rules are silent).
    """
    player = work.players[seat]
    for text in (kind + "*", kind + "!", kind):
        if text in player.buildings:
            player.buildings.remove(text)
            if text.endswith("*"):
                work.coin_supply += 1
            break
    work.supply[building_index(kind)] += 1


def can_take(work: Work, budget: int) -> bool:
    """Whether some building of value <= min(budget, 4) is left in the supply."""
    return any(work.supply[i] > 0 and building_value(kind) <= budget for i, kind in enumerate(BUILDING_KINDS))


def gain_coins(work: Work, seat: int, n: int) -> None:
    """Coins from the bank (D13: the bank never runs out; its count may go below 0)."""
    work.players[seat].coins += n
    work.coin_supply -= n


# --- Councillors and the side bonus ---------------------------------------------------------


def councillors_in(work: Work, actor: int) -> list[int]:
    """Councillors per district of a seat or of the NP."""
    return work.np_districts if actor == work.neutral else work.players[actor].districts


def check_sides(work: Work, actor: int, delayed: bool) -> None:
    """Award the side bonus to ``actor`` if it now has councillors in all three districts.

    ``delayed`` (step F): the tile stays up until the end of the step so that everyone who
    qualifies during the step scores; otherwise it flips at once.
    """
    present = councillors_in(work, actor)
    for side, districts in enumerate(model.SIDE_DISTRICTS):
        if not work.bonus_tiles[side] or actor in work.qualified[side]:
            continue
        if not all(present[d] > 0 for d in districts):
            continue
        side_name = msg(f"rialto.side.{model.SIDES[side]}")
        if actor == work.neutral:
            say(work, "rialto.event.side_neutral", side=side_name)
        else:
            work.players[actor].vp += SIDE_BONUS
            say(work, "rialto.event.side_bonus", player=who(work, actor), side=side_name, vp=SIDE_BONUS)
        if delayed:
            work.qualified[side].append(actor)
        else:
            work.bonus_tiles[side] = False
            say(work, "rialto.event.side_flip", side=side_name)


def flip_qualified(work: Work) -> None:
    """End of step F: turn down every side tile somebody qualified for."""
    for side in (model.NORTH, model.SOUTH):
        if work.qualified[side] and work.bonus_tiles[side]:
            work.bonus_tiles[side] = False
            say(work, "rialto.event.side_flip", side=msg(f"rialto.side.{model.SIDES[side]}"))
    work.qualified = [[], []]


# --- Tiles and the neutral marker -----------------------------------------------------------


def free_connections(work: Work) -> list[int]:
    """Connections without a tile."""
    return [k for k, tile in enumerate(work.tiles) if not tile]


def mark(work: Work) -> int:
    """§11.2: the lowest-numbered district with a free connection, toward its lowest neighbour."""
    by_round = sorted(range(len(model.DISTRICTS)), key=lambda d: work.round_of[d])
    for district in by_round:
        free = [k for k in model.connections_of(district) if not work.tiles[k]]
        if free:
            return min(free, key=lambda k: work.round_of[model.other_end(k, district)])
    return -1


def remark(work: Work) -> None:
    """Recompute the NP marker after a tile was placed (equivalent to moving it only when hit)."""
    if not work.options.neutral:
        return
    new = mark(work)
    if new != work.marker:
        work.marker = new
        if new >= 0:
            first, second = model.CONNECTIONS[new]
            say(work, "rialto.event.marker", a=district_name(first), b=district_name(second))


def place_bridge(work: Work, actor: int, connection: int, high_district: int) -> None:
    """Put the top bridge on ``connection`` with its high value toward ``high_district``."""
    low, high = work.bridges.pop(0)
    work.tiles[connection] = model.bridge_tile(connection, high_district, low, high)
    low_district = model.other_end(connection, high_district)
    say(
        work,
        "rialto.event.bridge",
        player=who(work, actor),
        high_district=district_name(high_district),
        high=high,
        low_district=district_name(low_district),
        low=low,
    )
    if work.bridges:
        say(work, "rialto.event.next_bridge", low=work.bridges[0][0], high=work.bridges[0][1])
    remark(work)


def place_gondola(work: Work, actor: int, connection: int) -> None:
    """Put a gondola on ``connection``."""
    work.gondolas -= 1
    work.tiles[connection] = "G"
    first, second = model.CONNECTIONS[connection]
    say(work, "rialto.event.gondola", player=who(work, actor), a=district_name(first), b=district_name(second))
    remark(work)
