"""A finished match's move log packed into one compressed row (``move_archives``).

A running match keeps one ``moves`` row per decision: the log and each player's catch-up
read it after almost every move, and a take-back deletes its last row. Once the match is
over nothing changes its log any more, and what readers want is the whole log at once (its
history, its replay and picture, its export and verification). So the transaction that ends
a match packs the log into one row, about 5 bytes a decision instead of 60 to 80, and deletes
the per-move rows (:func:`pack`); matches that ended before this existed are packed in the
background, a few a transaction (``moves_to_pack``, filled by migration 0012).

What is kept of each move is everything the log row held except the engine's events (which
replay gives back): ply, seat, code, the match version it made, when it was played, who
chose it, how long its player thought, and the platform's notes. Times are kept to the
millisecond. Each player's thinking time is also summed on the seat row
(``seats.think_total``/``think_moves``), so that a player record never unpacks a match.

The packed form (format 1) is columnar, so that deflate finds the repeats: a JSON header
(the count, the ``chosen_by`` values met, the codes, the notes by move index) after its
length, then six columns of integers, each stored as its width and its byte planes (every
value's low byte, then every second byte...): the ply steps, the seats, the version steps,
the times (the first, then differences), the think times (the time since the previous move
minus the think time: usually nothing) and the ``chosen_by`` indexes. The whole is deflated
at level 9. A Rialto match for five (900 decisions at a human pace) packs into some 4.5 KB;
its columns decode in C, and reading it back costs about as much as reading its 900 rows did.

Forgetting a user must reach the notes (they name people by their user id) without
unpacking every archive: ``mentions`` lists the integers the notes hold, `` 12 345 `` (a
space before and after each), so ``LIKE '% 345 %'`` finds the archives to rewrite.
"""

from __future__ import annotations

import json
import struct
import sys
import zlib
from array import array
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from bot.dbfile import StoreError
from bot.records import ChosenBy, MoveRecord
from bot.store.database import Queries, Transaction

FORMAT: Final = 1
"""The packed form written now; a reader refuses a format it does not know."""

_COLUMNS: Final = "ply, seat, code, version, created_at, chosen_by, think_seconds, notes_json"


@dataclass(frozen=True, slots=True)
class StoredMove:
    """One move of a log as stored, in a ``moves`` row or in an archive."""

    ply: int
    seat: int
    code: str
    version: int
    created_at: float
    chosen_by: str
    think_seconds: float | None
    notes: list[dict[str, Any]] = field(default_factory=list)

    def record(self) -> MoveRecord:
        """The log entry readers get (without engine events: replay gives them)."""
        return MoveRecord(
            self.ply,
            self.seat,
            self.code,
            self.created_at,
            None,
            ChosenBy(self.chosen_by),
            self.think_seconds,
            self.notes,
        )


def at_millisecond(moves: Sequence[StoredMove]) -> list[StoredMove]:
    """The moves with their times rounded to the millisecond, as an archive keeps them."""
    return [
        StoredMove(
            m.ply,
            m.seat,
            m.code,
            m.version,
            _ms(m.created_at) / 1000,
            m.chosen_by,
            None if m.think_seconds is None else _ms(m.think_seconds) / 1000,
            m.notes,
        )
        for m in moves
    ]


# --- The packed form ---------------------------------------------------------------------


def encode(moves: Sequence[StoredMove]) -> bytes:
    """The packed form of a log (format 1, see the module docstring)."""
    stamps = [_ms(move.created_at) for move in moves]
    kinds = list(dict.fromkeys(move.chosen_by for move in moves))
    notes = {str(index): move.notes for index, move in enumerate(moves) if move.notes}
    text = json.dumps(
        [len(moves), kinds, [move.code for move in moves], notes], ensure_ascii=False, separators=(",", ":")
    ).encode()
    columns = [
        _differences([move.ply for move in moves], start=-1, step=1),
        [move.seat for move in moves],
        _differences([move.version for move in moves], start=0, step=1),
        _differences(stamps, start=0, step=0),
        _thinking(moves, stamps),
        [kinds.index(move.chosen_by) for move in moves],
    ]
    return zlib.compress(b"".join([_SIZE.pack(len(text)), text, *map(_planes, columns)]), 9)


def decode(packed: bytes) -> list[StoredMove]:
    """The log a packed form holds (the inverse of :func:`encode`, times to the millisecond).

    Raises:
        StoreError: the bytes are not a packed log (damaged).
    """
    try:
        return _decode(zlib.decompress(packed))
    except (zlib.error, struct.error, ValueError, IndexError, KeyError, TypeError) as error:
        raise StoreError(f"a packed move log is damaged: {error}") from error


def _decode(data: bytes) -> list[StoredMove]:
    (size,) = _SIZE.unpack_from(data)
    at = _SIZE.size + size
    count, kinds, codes, notes = json.loads(data[_SIZE.size : at])
    if len(codes) != count:
        raise ValueError("its codes are not as many as its moves")
    columns = []
    for _ in range(6):
        values, at = _unplanes(data, at, count)
        columns.append(values)
    if at != len(data):
        raise ValueError("bytes after its end")
    ply_steps, seats, version_steps, stamp_steps, thinking, chosen = columns
    plies = _sums(ply_steps, start=-1, step=1)
    versions = _sums(version_steps, start=0, step=1)
    stamps = _sums(stamp_steps, start=0, step=0)
    previous = stamps[0] if stamps else 0
    thinks: list[float | None] = []
    for stamp, coded in zip(stamps, thinking, strict=True):
        thinks.append(None if coded == 0 else (stamp - previous - _unzigzag(coded - 1)) / 1000)
        previous = stamp
    return [
        StoredMove(
            plies[i],
            seats[i],
            codes[i],
            versions[i],
            stamps[i] / 1000,
            kinds[chosen[i]],
            thinks[i],
            notes.get(str(i), []),
        )
        for i in range(count)
    ]


def mentions(moves: Sequence[StoredMove]) -> str | None:
    """The integers the notes of a log hold, `` 1 22 333 `` (None: no notes, or none in them)."""
    found = sorted({number for move in moves for number in _integers(move.notes)})
    return f" {' '.join(map(str, found))} " if found else None


_SIZE: Final = struct.Struct("<I")
_ARRAY_TYPES: Final = {1: "B", 2: "H", 4: "I", 8: "Q"}


def _differences(values: Sequence[int], *, start: int, step: int) -> list[int]:
    """Each value minus the one before it (``start`` before the first) and ``step``, zigzag-coded."""
    found, previous = [], start
    for value in values:
        found.append(_zigzag(value - previous - step))
        previous = value
    return found


def _sums(coded: Sequence[int], *, start: int, step: int) -> list[int]:
    """The inverse of :func:`_differences`."""
    found, previous = [], start
    for value in coded:
        previous += _unzigzag(value) + step
        found.append(previous)
    return found


def _thinking(moves: Sequence[StoredMove], stamps: Sequence[int]) -> list[int]:
    """Each think time as the time since the previous move minus it, zigzag-coded plus one (0: unknown).

    The think time is usually that very time (the previous move's commit started this turn),
    so the column is mostly ones and packs to nothing.
    """
    found, previous = [], stamps[0] if stamps else 0
    for move, stamp in zip(moves, stamps, strict=True):
        found.append(0 if move.think_seconds is None else _zigzag(stamp - previous - _ms(move.think_seconds)) + 1)
        previous = stamp
    return found


def _planes(values: Sequence[int]) -> bytes:
    """Unsigned integers as one byte (their width: 1, 2, 4 or 8) and their bytes, low bytes first.

    All the values' lowest bytes, then all their second bytes, and so on: the high bytes of
    small numbers are runs of zeros, which deflate packs to almost nothing.
    """
    top = max(values, default=0)
    width = next(size for size in (1, 2, 4, 8) if top < 1 << (8 * size))
    numbers = array(_ARRAY_TYPES[width], values)
    if sys.byteorder == "big":
        numbers.byteswap()
    raw = numbers.tobytes()
    return bytes([width]) + b"".join(raw[plane::width] for plane in range(width))


def _unplanes(data: bytes, at: int, count: int) -> tuple[list[int], int]:
    """The ``count`` integers :func:`_planes` wrote at ``at``, and where the next column starts."""
    width = data[at]
    at += 1
    raw = bytearray(count * width)
    for plane in range(width):
        raw[plane::width] = data[at + plane * count : at + (plane + 1) * count]
    numbers = array(_ARRAY_TYPES[width])
    numbers.frombytes(bytes(raw))
    if sys.byteorder == "big":
        numbers.byteswap()
    return numbers.tolist(), at + count * width


def _integers(data: Any) -> Iterator[int]:
    if isinstance(data, bool):
        return
    if isinstance(data, int):
        yield data
    elif isinstance(data, list):
        for item in data:
            yield from _integers(item)
    elif isinstance(data, dict):
        for value in data.values():
            yield from _integers(value)


def _ms(seconds: float) -> int:
    return round(seconds * 1000)


def _zigzag(value: int) -> int:
    return value * 2 if value >= 0 else -value * 2 - 1


def _unzigzag(value: int) -> int:
    return value >> 1 if value % 2 == 0 else -((value + 1) >> 1)


# --- The rows ------------------------------------------------------------------------------


async def logged(db: Queries, match_id: int) -> list[StoredMove]:
    """The per-move rows of a match, in order (a running match's log; empty once packed)."""
    rows = await db.fetch_all(f"SELECT {_COLUMNS} FROM moves WHERE match_id = ? ORDER BY ply", (match_id,))
    return [
        StoredMove(r[0], r[1], r[2], r[3], r[4], r[5], r[6], [] if r[7] is None else json.loads(r[7])) for r in rows
    ]


async def archived(db: Queries, match_id: int) -> list[StoredMove] | None:
    """The packed log of a match, or None when it has no archive (running, or not packed yet).

    The one place a packed log is read: every reader of a finished match's moves comes here
    when the match has no per-move rows.
    """
    row = await db.fetch_one("SELECT format, packed FROM move_archives WHERE match_id = ?", (match_id,))
    if row is None:
        return None
    if row[0] != FORMAT:
        raise StoreError(f"match {match_id}: its moves are packed in format {row[0]}, which this version cannot read")
    return decode(bytes(row[1]))


async def pack(db: Transaction, match_id: int) -> int:
    """Pack the match's per-move rows into its archive (in the caller's transaction); how many moves.

    The seats' thinking times (moves their player chose, with a known think time) are added
    to the seat rows first. A match without moves gets no archive.
    """
    moves = await logged(db, match_id)
    if not moves:
        return 0
    totals: dict[int, tuple[float, int]] = {}
    for move in moves:
        if move.chosen_by == ChosenBy.PLAYER and move.think_seconds is not None:
            total, count = totals.get(move.seat, (0.0, 0))
            totals[move.seat] = (total + move.think_seconds, count + 1)
    await db.executemany(
        "UPDATE seats SET think_total = think_total + ?, think_moves = think_moves + ? WHERE match_id = ? AND seat = ?",
        [(total, count, match_id, seat) for seat, (total, count) in sorted(totals.items())],
    )
    await db.execute(
        "INSERT INTO move_archives (match_id, format, move_count, mentions, packed) VALUES (?, ?, ?, ?, ?)",
        (match_id, FORMAT, len(moves), mentions(moves), encode(moves)),
    )
    await db.execute("DELETE FROM moves WHERE match_id = ?", (match_id,))
    return len(moves)


async def rewrite_notes(
    db: Transaction, number: int, rewrite: Callable[[list[dict[str, Any]]], list[dict[str, Any]]]
) -> int:
    """Rewrite the notes of every archive whose notes hold ``number`` (forgetting a user); how many."""
    found = await db.fetch_all(
        "SELECT match_id, format, packed FROM move_archives WHERE mentions LIKE ?", (f"% {number} %",)
    )
    for match_id, form, packed in found:
        if form != FORMAT:
            raise StoreError(f"match {match_id}: its moves are packed in format {form}, which this version cannot read")
        moves = [
            StoredMove(m.ply, m.seat, m.code, m.version, m.created_at, m.chosen_by, m.think_seconds, rewrite(m.notes))
            for m in decode(bytes(packed))
        ]
        await db.execute(
            "UPDATE move_archives SET mentions = ?, packed = ? WHERE match_id = ?",
            (mentions(moves), encode(moves), match_id),
        )
    return len(found)
