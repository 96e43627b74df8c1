"""Test helpers for Volto: positions from diagrams, playing codes, random games, ``rehide``.

Importable as ``tests.games.volto.helpers`` (the renderer tests reuse ``rehide`` and
``random_states`` for the public-image test).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from games.core import Event, Rng, Seat
from games.volto import GAME, MaskType, Phase, VoltoOptions, VoltoState, position_from_text
from games.volto.model import PALACE_RANK
from games.volto.state import kind_of, letter_of, owner_of

WHITE_ARRANGEMENT = "NACANLNSAL"
"""MV-SS1: a1=N, b1=A, c1=C, d1=A, e1=N, a2=L, b2=N, c2=S, d2=A, e2=L."""


def position(
    diagram: str,
    side: Seat = 0,
    *,
    ladies_captured: tuple[int, int] = (0, 0),
    options: VoltoOptions | None = None,
) -> VoltoState:
    """A play position from a diagram: rank 7 first, upper case White, ``.`` empty."""
    return position_from_text(diagram, side, ladies_captured=ladies_captured, options=options)


def play(state: VoltoState, *codes: str) -> tuple[VoltoState, list[Event]]:
    """Apply ``codes`` in order, each by the (single) seat to move; returns the events too."""
    events: list[Event] = []
    for code in codes:
        (seat,) = GAME.to_move(state)
        state, new = GAME.apply(state, seat, GAME.parse_move(state, seat, code))
        events.extend(new)
    return state, events


def arrange(state: VoltoState, seat: Seat, letters: str, *, confirm: bool = True) -> VoltoState:
    """Place ``letters`` for ``seat`` in setup order, then (optionally) confirm."""
    for letter in letters:
        # The first legal placement of that type is on the seat's first free cell.
        move = next(m for m in GAME.legal_moves(state, seat) if GAME.move_code(m).endswith("=" + letter))
        state, _ = GAME.apply(state, seat, move)
    if confirm:
        state, _ = GAME.apply(state, seat, GAME.parse_move(state, seat, "ready"))
    return state


def started(
    white: str = WHITE_ARRANGEMENT,
    black: str = WHITE_ARRANGEMENT,
    *,
    seed: int = 1,
    options: VoltoOptions | None = None,
) -> VoltoState:
    """A match right after both seats arranged ``white`` and ``black`` and confirmed."""
    state = GAME.initial_state(seed, 2, options)
    return arrange(arrange(state, 0, white), 1, black)


def choose(state: VoltoState, seed: int, ply: int) -> tuple[Seat, object]:
    """A deterministic pseudo-random (seat, move): the lowest active seat, a seeded move."""
    seat = min(GAME.to_move(state))
    moves = GAME.legal_moves(state, seat)
    return seat, Rng(seed, ply, 7).choice(moves)


def random_game(seed: int, options: VoltoOptions | None = None, max_plies: int = 2000) -> list[tuple[VoltoState, str]]:
    """Every (state, code-applied-to-it) of one seeded random game, then (final state, "")."""
    state = GAME.initial_state(seed, 2, options)
    trail: list[tuple[VoltoState, str]] = []
    for ply in range(max_plies):
        if not GAME.to_move(state):
            break
        seat, move = choose(state, seed, ply)
        trail.append((state, GAME.move_code(move)))
        state, _ = GAME.apply(state, seat, move)
    trail.append((state, ""))
    return trail


def random_states(seeds: range, every: int = 7, options: VoltoOptions | None = None) -> Iterator[VoltoState]:
    """A sample of reachable states (every ``every``-th of each game, and each game's end)."""
    for seed in seeds:
        trail = random_game(seed, options)
        for index, (state, _) in enumerate(trail):
            if index % every == 0 or index == len(trail) - 1:
                yield state


def rehide(state: VoltoState, seat: Seat, rng: Rng) -> VoltoState:
    """Reassign the types ``seat`` cannot see, keeping the roster and what ``seat`` knows.

    During setup the opponent's placements are shuffled. During play the opponent's hidden
    types (on the board, and capturers that fell with a Lady) are dealt again, respecting
    what the running match proves to ``seat``: the opponent's Candidate is on the board and
    not on ``seat``'s palace row (it would have won), and a fallen capturer is no Lady (a
    Lady never captures). Once over, everything is visible and nothing changes.

    The repetition history keeps the old types: it is the referee's memory, not the view.
    """
    other = 1 - seat
    if state.phase is Phase.OVER:
        return state
    if state.phase is Phase.SETUP:
        placed = list(state.placed)
        placed[other] = "".join(rng.shuffled(placed[other]))
        return replace(state, placed=(placed[0], placed[1]))
    reveal = state.options.reveal_removed_capturer
    board_slots = [cell for cell, letter in enumerate(state.board) if letter != "." and owner_of(letter) == other]
    removed_slots = [
        index for index, mask in enumerate(state.removed) if mask.owner == other and not mask.captured and not reveal
    ]
    pool = [kind_of(state.board[cell]) for cell in board_slots]
    pool += [kind for index in removed_slots if (kind := state.removed[index].kind) is not None]
    assigned: dict[tuple[str, int], MaskType] = {}
    free_board = list(board_slots)
    for kind in (MaskType.CANDIDATE, MaskType.LADY, MaskType.LADY):
        if kind in pool:
            pool.remove(kind)
            eligible = [
                cell for cell in free_board if not (kind is MaskType.CANDIDATE and cell // 5 == PALACE_RANK[seat])
            ]
            cell = rng.choice(eligible)
            free_board.remove(cell)
            assigned["board", cell] = kind
    rest = list(rng.shuffled(pool))
    for cell in free_board:
        assigned["board", cell] = rest.pop()
    for index in removed_slots:
        assigned["removed", index] = rest.pop()
    cells = list(state.board)
    for cell in board_slots:
        cells[cell] = letter_of(other, assigned["board", cell])
    removed = list(state.removed)
    for index in removed_slots:
        removed[index] = replace(removed[index], kind=assigned["removed", index])
    return replace(state, board="".join(cells), removed=tuple(removed))
