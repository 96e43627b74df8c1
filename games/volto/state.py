"""The frozen Volto state, its one-line text form and its JSON encoding.

The state is the referee's knowledge: it holds every mask's true type, so it must never be
shown to a player directly (views do that, see :mod:`games.volto.view`).

The board is a 35-character string indexed like ``model.py`` (a1 = 0, e1 = 4, a2 = 5, ...,
e7 = 34): an upper-case letter is a White mask, a lower-case letter a Black one (the letter
is the :class:`MaskType` value) and ``"."`` an empty cell. A string is cheap to copy and
hash, and ``board + side`` is exactly the position that the repetition rule (M7) compares.

Text form (``str(state)``), one line, FEN-like:

* during setup: ``setup <white> <black>``; each side lists its setup cells in the order
  White a1..e1 then a2..e2, Black a7..e7 then a6..e6, one letter per placed mask and ``.``
  per cell still free, trailing free cells left out (``-`` when none is placed), with ``!``
  appended once that side has confirmed, e.g. ``setup NNNAAACLLS! N.A`` (the order of the
  placements, which ``undo`` needs, is in the state but not in this line);
* afterwards: ``<ranks> <side> <ladies> <quiet> <plies> <result>``, where ``ranks`` lists
  ranks 7 down to 1 separated by ``/`` (digits count empty cells, as in chess FEN),
  ``side`` is ``w``/``b`` (``-`` once over), ``ladies`` is ``W,B`` — how many Ladies of
  White and of Black have been captured, ``quiet`` the play plies since the last capture,
  ``plies`` the play plies so far and ``result`` ``*``, ``1-0``, ``0-1`` or ``1/2-1/2``,
  e.g. ``nnnaa/aclls/5/5/2C2/ACLLS/NNNAA b 0,0 1 1 *``.

:func:`position_from_text` reads the play form back (for tests, puzzles and the console).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final

from games.core import Seat
from games.volto.model import (
    BLACK,
    CELL_COUNT,
    FILES,
    RANKS,
    ROSTER,
    SETUP_CELLS,
    WHITE,
    LastMove,
    MaskType,
    Phase,
    RemovedMask,
)

EMPTY: Final = "."
EMPTY_BOARD: Final = EMPTY * CELL_COUNT
MASKS_PER_SEAT: Final = sum(ROSTER.values())
MASK_LETTERS: Final = frozenset(kind.value for kind in MaskType)

END_REASONS: Final = (
    "candidate_captured",
    "candidate_took_lady",
    "both_ladies",
    "palace",
    "no_moves",
    "repetition",
    "no_capture",
    "ply_cap",
)


@dataclass(frozen=True, slots=True)
class VoltoOptions:
    """Variant flags and house-rule limits (rules file M2, M7, M8).

    Attributes:
        rook_soldier: the Soldier moves straight in any of the 4 orthogonal directions
            (M2 reading b) instead of forward only.
        reveal_removed_capturer: a mask removed together with the Lady it captured is shown
            to the opponent at once (M8), instead of only when the match ends.
        repetition_limit: the same position (types, owners, side to move) for this many
            times is a draw.
        no_capture_limit: this many play plies in a row without a capture is a draw.
        ply_cap: a draw after this many play plies in total (setup steps do not count).
    """

    rook_soldier: bool = False
    reveal_removed_capturer: bool = False
    repetition_limit: int = 3
    no_capture_limit: int = 50
    ply_cap: int = 300

    def __post_init__(self) -> None:
        if self.repetition_limit < 2 or self.no_capture_limit < 1 or self.ply_cap < 1:
            raise ValueError("repetition_limit must be at least 2, the other limits at least 1")


@dataclass(frozen=True, slots=True)
class VoltoState:
    """A snapshot of a Volto match, with every hidden type (see the module docstring).

    Attributes:
        seed: the match seed (secret while the match runs).
        options: the variant flags.
        phase: setup, play or over.
        board: 35 characters, the position (all empty during setup).
        placed: per seat, the type letters placed so far during setup, in placement order.
        placed_cells: per seat, the cell of each letter of ``placed`` (same order). States
            stored before a player could choose the cell have none; they are read as the
            fixed order of ``SETUP_CELLS`` (see ``__post_init__``).
        ready: per seat, whether the arrangement is confirmed.
        side: the seat to move during play (White until play starts).
        removed: every mask off the board, true types, in the order they left.
        ladies_captured: per seat, how many of its Ladies the opponent has captured.
        ply: every move applied so far, setup steps included.
        play_ply: play moves applied so far.
        plies_since_capture: play moves since the last capture (or since play started).
        positions: repetition keys (``board + side``) since the last capture, current last.
        last_move: the previous play move.
        winner: the winning seat once over; None for a draw or while running.
        end_reason: one of :data:`END_REASONS` once over.
    """

    seed: int
    options: VoltoOptions = field(default_factory=VoltoOptions)
    phase: Phase = Phase.SETUP
    board: str = EMPTY_BOARD
    placed: tuple[str, str] = ("", "")
    placed_cells: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    ready: tuple[bool, bool] = (False, False)
    side: Seat = WHITE
    removed: tuple[RemovedMask, ...] = ()
    ladies_captured: tuple[int, int] = (0, 0)
    ply: int = 0
    play_ply: int = 0
    plies_since_capture: int = 0
    positions: tuple[str, ...] = ()
    last_move: LastMove | None = None
    winner: Seat | None = None
    end_reason: str | None = None

    def __post_init__(self) -> None:
        # Placements without their cells (older stored states, hand-made test states) were
        # made in the fixed order of SETUP_CELLS: fill the cells in from it.
        placed, given = self.placed, self.placed_cells
        if len(given[0]) == len(placed[0]) and len(given[1]) == len(placed[1]):
            return  # the common case, checked first: every state a move makes
        cells = tuple(
            given if len(given) == len(letters) else SETUP_CELLS[seat][: len(letters)]
            for seat, (letters, given) in enumerate(zip(self.placed, self.placed_cells, strict=True))
        )
        if cells != self.placed_cells:
            object.__setattr__(self, "placed_cells", (cells[0], cells[1]))

    def __str__(self) -> str:
        if self.phase is Phase.SETUP:
            sides = [
                (self.setup_letters(seat) or "-") + ("!" if ready else "") for seat, ready in enumerate(self.ready)
            ]
            return f"setup {sides[0]} {sides[1]}"
        side = "-" if self.phase is Phase.OVER else "wb"[self.side]
        ladies = f"{self.ladies_captured[0]},{self.ladies_captured[1]}"
        return f"{board_to_text(self.board)} {side} {ladies} {self.plies_since_capture} {self.play_ply} {self.result}"

    def setup_letters(self, seat: Seat) -> str:
        """``seat``'s setup cells in ``SETUP_CELLS`` order: a letter when placed, ``.`` when free, no trailing ``.``."""
        by_cell = dict(zip(self.placed_cells[seat], self.placed[seat], strict=True))
        return "".join(by_cell.get(cell, EMPTY) for cell in SETUP_CELLS[seat]).rstrip(EMPTY)

    @property
    def result(self) -> str:
        """``*`` while running, else ``1-0`` (White won), ``0-1`` or ``1/2-1/2``."""
        if self.phase is not Phase.OVER:
            return "*"
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner == WHITE else "0-1"


# --- Cells and letters ----------------------------------------------------------------------


def owner_of(letter: str) -> Seat:
    """The seat owning a board letter (upper case: White)."""
    return WHITE if letter.isupper() else BLACK


def letter_of(seat: Seat, kind: MaskType) -> str:
    """The board letter of ``seat``'s mask of type ``kind``."""
    return kind.value if seat == WHITE else kind.value.lower()


def kind_of(letter: str) -> MaskType:
    """The mask type of a board letter (raises ValueError for a letter that is no mask)."""
    kind = _KINDS.get(letter)
    return kind if kind is not None else MaskType(letter.upper())


_KINDS: Final[dict[str, MaskType]] = {letter: kind for kind in MaskType for letter in (kind.value, kind.value.lower())}
"""Board letter -> mask type, for both seats' letters (a dict: the rules and views read it on every move)."""


def position_key(board: str, side: Seat) -> str:
    """What the repetition rule compares: every cell's owner and type, and the side to move."""
    return board + "wb"[side]


def board_to_text(board: str) -> str:
    """Ranks 7 down to 1 joined by ``/``, runs of empty cells as digits."""
    rows = []
    for rank in range(RANKS - 1, -1, -1):
        row = ""
        run = 0
        for letter in board[rank * 5 : rank * 5 + 5]:
            if letter == EMPTY:
                run += 1
                continue
            if run:
                row += str(run)
                run = 0
            row += letter
        rows.append(row + (str(run) if run else ""))
    return "/".join(rows)


def board_from_text(text: str) -> str:
    """The inverse of :func:`board_to_text`; also accepts ``.`` for empty and newlines.

    Raises:
        ValueError: the text does not describe 7 ranks of 5 cells with known letters.
    """
    rows = [row.strip() for row in text.replace("\n", "/").split("/") if row.strip()]
    if len(rows) != RANKS:
        raise ValueError(f"{text!r} does not have {RANKS} ranks")
    cells: list[str] = []
    for row in reversed(rows):
        expanded = ""
        for char in row.replace(" ", ""):
            if char.isdigit():
                expanded += EMPTY * int(char)
            elif char == EMPTY or char.upper() in MASK_LETTERS:
                expanded += char
            else:
                raise ValueError(f"{char!r} in {text!r} is not a mask letter")
        if len(expanded) != len(FILES):
            raise ValueError(f"rank {row!r} of {text!r} does not have {len(FILES)} cells")
        cells.append(expanded)
    return "".join(cells)


def position_from_text(
    text: str,
    side: Seat = WHITE,
    *,
    ladies_captured: tuple[int, int] = (0, 0),
    options: VoltoOptions | None = None,
    seed: int = 0,
) -> VoltoState:
    """A play-phase state from a board text (or the ranks of ``str(state)``).

    Masks missing from the board are not listed as removed; such a position is for tests,
    puzzles and the console, and plays by the normal rules from there.

    Raises:
        ValueError: bad text, or more masks of a type than a seat owns.
    """
    board = board_from_text(text)
    for seat in (WHITE, BLACK):
        for kind, count in ROSTER.items():
            if board.count(letter_of(seat, kind)) > count:
                raise ValueError(f"{text!r} has more than {count} {kind.name} masks of seat {seat}")
    return VoltoState(
        seed=seed,
        options=options or VoltoOptions(),
        phase=Phase.PLAY,
        board=board,
        placed=("", ""),
        ready=(True, True),
        side=side,
        ladies_captured=ladies_captured,
        positions=(position_key(board, side),),
    )


# --- JSON ---------------------------------------------------------------------------------


def encode_state(state: VoltoState) -> dict[str, Any]:
    """The state as JSON-ready data."""
    last = state.last_move
    return {
        "seed": state.seed,
        "options": {
            "rook_soldier": state.options.rook_soldier,
            "reveal_removed_capturer": state.options.reveal_removed_capturer,
            "repetition_limit": state.options.repetition_limit,
            "no_capture_limit": state.options.no_capture_limit,
            "ply_cap": state.options.ply_cap,
        },
        "phase": state.phase.value,
        "board": state.board,
        "placed": list(state.placed),
        "placed_cells": [list(cells) for cells in state.placed_cells],
        "ready": list(state.ready),
        "side": state.side,
        "removed": [[mask.owner, mask.kind.value if mask.kind else None, mask.captured] for mask in state.removed],
        "ladies_captured": list(state.ladies_captured),
        "ply": state.ply,
        "play_ply": state.play_ply,
        "plies_since_capture": state.plies_since_capture,
        "positions": list(state.positions),
        "last_move": None if last is None else [last.seat, last.origin, last.target, last.captured],
        "winner": state.winner,
        "end_reason": state.end_reason,
    }


def decode_state(data: Mapping[str, Any]) -> VoltoState:
    """The inverse of :func:`encode_state`."""
    last = data["last_move"]
    options = data["options"]
    return VoltoState(
        seed=int(data["seed"]),
        options=VoltoOptions(
            rook_soldier=bool(options["rook_soldier"]),
            reveal_removed_capturer=bool(options["reveal_removed_capturer"]),
            repetition_limit=int(options["repetition_limit"]),
            no_capture_limit=int(options["no_capture_limit"]),
            ply_cap=int(options["ply_cap"]),
        ),
        phase=Phase(data["phase"]),
        board=str(data["board"]),
        placed=(str(data["placed"][0]), str(data["placed"][1])),
        placed_cells=_decode_cells(data.get("placed_cells", [[], []])),
        ready=(bool(data["ready"][0]), bool(data["ready"][1])),
        side=int(data["side"]),
        removed=tuple(
            RemovedMask(int(owner), MaskType(kind) if kind else None, bool(captured))
            for owner, kind, captured in data["removed"]
        ),
        ladies_captured=(int(data["ladies_captured"][0]), int(data["ladies_captured"][1])),
        ply=int(data["ply"]),
        play_ply=int(data["play_ply"]),
        plies_since_capture=int(data["plies_since_capture"]),
        positions=tuple(str(key) for key in data["positions"]),
        last_move=None if last is None else LastMove(int(last[0]), int(last[1]), int(last[2]), bool(last[3])),
        winner=None if data["winner"] is None else int(data["winner"]),
        end_reason=None if data["end_reason"] is None else str(data["end_reason"]),
    )


def _decode_cells(data: Any) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The ``placed_cells`` pair; absent in older stored states, which ``__post_init__`` completes."""
    return (tuple(int(cell) for cell in data[0]), tuple(int(cell) for cell in data[1]))
