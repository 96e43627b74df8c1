"""Test helpers for Venezia 2099: positions built directly, playing codes, random games, ``rehide``.

Importable as ``tests.games.venezia2099.helpers`` (the renderer tests reuse ``rehide`` and
``random_states``).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import replace

from games.core import Event, Rng, Seat
from games.venezia2099 import GAME
from games.venezia2099.model import COLOURS, TREASURES_PER_COLOUR, Colour, District, Phase, square_index
from games.venezia2099.moves import Move
from games.venezia2099.setup import components
from games.venezia2099.state import LOST, Options, State, sorted_cards

BASE_SEED = 2099


def _parse_token(token: str) -> tuple[District | None, bool, Seat | None, int]:
    """``"~k5@1$3"`` -> (black 5, sunk, seat 1, 3 coins); ``"=="`` is a platform."""
    coins = 0
    if "$" in token:
        token, _, amount = token.partition("$")
        coins = int(amount)
    seat = None
    if "@" in token:
        token, _, owner = token.partition("@")
        seat = int(owner)
    sunk = token.startswith("~")
    token = token.removeprefix("~")
    district = None if token in ("==", "") else District.from_code(token)
    return district, sunk, seat, coins


def position(
    squares: Mapping[str, str],
    *,
    num_players: int = 4,
    hands: Mapping[Seat, str] | None = None,
    turn: Seat = 0,
    coins: Mapping[Seat, int] | None = None,
    gondolas: Mapping[Seat, int] | None = None,
    treasures: Mapping[Seat, Mapping[str, int]] | None = None,
    lost: Mapping[Seat, int] | None = None,
    moved: bool = False,
    bought: bool = False,
    options: Options | None = None,
) -> State:
    """A play position (phase TURN) built directly.

    ``squares`` maps square names to tokens as in ``str(state)``: ``k5`` (a district),
    ``==`` (a platform), ``~`` before a sunk district, ``@<seat>`` for a figure and
    ``$<n>`` for coins on it, e.g. ``{"d4": "k2@1", "d7": "~k7", "e5": "=="}``. Only the
    given squares are fixed; the rest of the board is a fixed shuffle, with tiles swapped
    so every district stays unique. Hands are card codes joined by spaces; every card not
    in a hand and not sunk is set aside. Unnamed seats have 0 gondola cards only when
    ``gondolas`` says so (default 2), coins default to 10.
    """
    base = GAME.initial_state(BASE_SEED, num_players, options)
    tiles = list(base.tiles)
    size = base.size
    parsed = {square_index(name, size): _parse_token(token) for name, token in squares.items()}
    fixed = set(parsed)
    for square, (district, _, _, _) in parsed.items():
        if district is None:
            if tiles[square] is None:
                continue
            other = next(i for i, tile in enumerate(tiles) if tile is None and i not in fixed)
        else:
            other = tiles.index(district)
        tiles[square], tiles[other] = tiles[other], tiles[square]
    sunk = [False] * len(tiles)
    square_coins = [0] * len(tiles)
    figures: list[list[int]] = [[] for _ in range(num_players)]
    for square, (_, is_sunk, seat, amount) in sorted(parsed.items()):
        sunk[square] = is_sunk
        square_coins[square] = amount
        if seat is not None:
            figures[seat].append(square)
    for seat, count in (lost or {}).items():
        figures[seat].extend([LOST] * count)
    held = tuple(
        sorted_cards([District.from_code(code) for code in (hands or {}).get(seat, "").split()])
        for seat in range(num_players)
    )
    _, cards = components(num_players, _removed(tiles))
    sunk_cards = tuple(tile for square, tile in enumerate(tiles) if sunk[square] and tile is not None)
    in_hands = {card for hand in held for card in hand}
    owned = [[0] * len(COLOURS) for _ in range(num_players)]
    for seat, row in (treasures or {}).items():
        for letter, count in row.items():
            owned[seat][COLOURS.index(Colour(letter))] = count
    supply = tuple(TREASURES_PER_COLOUR - sum(owned[seat][c] for seat in range(num_players)) for c in range(6))
    return replace(
        base,
        tiles=tuple(tiles),
        sunk=tuple(sunk),
        square_coins=tuple(square_coins),
        figures=tuple(tuple(row) for row in figures),
        hands=held,
        set_aside=sorted_cards([card for card in cards if card not in in_hands and card not in sunk_cards]),
        played=tuple((0, card) for card in sunk_cards),
        coins=tuple((coins or {}).get(seat, 10) for seat in range(num_players)),
        gondolas=tuple((gondolas or {}).get(seat, 2) for seat in range(num_players)),
        treasures=tuple(tuple(row) for row in owned),
        supply=supply,
        phase=Phase.TURN,
        turn=turn,
        moved=moved,
        bought=bought,
        ply=100,
    )


def _removed(tiles: list[District | None]) -> Colour | None:
    present = {tile.colour for tile in tiles if tile is not None}
    missing = [colour for colour in COLOURS if colour not in present]
    return missing[0] if missing else None


def play(state: State, *codes: str) -> tuple[State, list[Event]]:
    """Apply ``codes`` in turn, each by the seat asked to move; all events together."""
    events: list[Event] = []
    for code in codes:
        seat = only_seat(state)
        state, new = GAME.apply(state, seat, GAME.parse_move(state, seat, code))
        events.extend(new)
    return state, events


def only_seat(state: State) -> Seat:
    """The one seat asked to decide."""
    (seat,) = GAME.to_move(state)
    return seat


def codes(moves: Iterable[Move]) -> list[str]:
    """The move codes of ``moves``."""
    return [GAME.move_code(move) for move in moves]


def random_game(
    seed: int, num_players: int, options: Options | None = None
) -> tuple[list[tuple[State, Seat, Move]], State]:
    """One random game: every (state, seat, move) played, and the final state.

    Moves are drawn with ``random.Random(seed)``; forecast cards less often than other
    moves, so that games move and buy.
    """
    chooser = random.Random(seed)
    state = GAME.initial_state(seed, num_players, options)
    steps: list[tuple[State, Seat, Move]] = []
    while GAME.to_move(state):
        seat = only_seat(state)
        moves = GAME.legal_moves(state, seat)
        others = [move for move in moves if move.card is None]
        pool = others if others and chooser.random() < 0.7 else moves
        move = chooser.choice(pool)
        steps.append((state, seat, move))
        state, _ = GAME.apply(state, seat, move)
    return steps, state


def random_states(seeds: Iterable[int], num_players: int, every: int = 7) -> Iterator[State]:
    """Every ``every``-th state of the random games of ``seeds``, the final ones included."""
    for seed in seeds:
        steps, final = random_game(seed, num_players)
        yield from (state for state, _, _ in steps[::every])
        yield final


def rehide(state: State, seat: Seat | None, rng: Rng) -> State:
    """Re-deal every forecast card ``seat`` cannot see: the other hands and the set-aside cards.

    Sizes stay the same; ``seat``'s own hand (none for the public) and the played cards
    stay. At the end nothing is hidden any more, so the state is returned unchanged.
    """
    if state.phase is Phase.OVER:
        return state
    hidden_seats = [other for other in range(state.num_players) if other != seat]
    pool = [card for other in hidden_seats for card in state.hands[other]] + list(state.set_aside)
    shuffled = list(rng.shuffled(pool))
    hands = list(state.hands)
    for other in hidden_seats:
        count = len(state.hands[other])
        hands[other] = sorted_cards(shuffled[:count])
        shuffled = shuffled[count:]
    return replace(state, hands=tuple(hands), set_aside=sorted_cards(shuffled))
