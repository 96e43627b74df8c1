"""A finished match's move log packed into one compressed row (``move_archives``).

A running match keeps one ``moves`` row per decision: the log and each player's catch-up
read it after almost every move, and a take-back deletes its last row. Once the match is
over nothing changes its log any more, and what readers want is the whole log at once (its
history, its replay and picture, its export and verification). So the transaction that ends
a match packs the log into one row, about 4 bytes a decision instead of 60 to 80, and deletes
the per-move rows (:func:`pack`); matches that ended before this existed are packed in the
background, a few a transaction (``moves_to_pack``, filled by migration 0011).

What is kept of each move is everything the log row held except the engine's events (which
replay gives back): ply, seat, code, the match version it made, when it was played, who
chose it, how long its player thought, and the platform's notes. Times are kept to the
millisecond. Each player's thinking time is also summed on the seat row
(``seats.think_total``/``think_moves``), so that a player record never unpacks a match.

The packed form (format 1) is columnar, so that zlib finds the repeats: the count, then the
plies, seats, versions, times (first time, then differences) and think times (the time since
the previous move minus the think time, usually 0), each a run of unsigned LEB128 varints
(signed values zigzag-coded); the dictionary of the ``chosen_by`` values and one index per
move; the codes (length, UTF-8 bytes); the notes as one JSON object by move index. The whole
is deflated at level 9.

Forgetting a user must reach the notes (they name people by their user id) without
unpacking every archive: ``mentions`` lists the integers the notes hold, `` 12 345 `` (a
space before and after each), so ``LIKE '% 345 %'`` finds the archives to rewrite.
"""

from __future__ import annotations

import json
import zlib
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
    out = bytearray()
    _varint(out, len(moves))
    previous_ply, previous_version, previous_ms = -1, 0, 0
    for move in moves:
        _signed(out, move.ply - previous_ply - 1)
        previous_ply = move.ply
    for move in moves:
        _varint(out, move.seat)
    for move in moves:
        _signed(out, move.version - previous_version - 1)
        previous_version = move.version
    stamps = [_ms(move.created_at) for move in moves]
    for stamp in stamps:
        _signed(out, stamp - previous_ms)
        previous_ms = stamp
    previous_ms = stamps[0] if stamps else 0
    for move, stamp in zip(moves, stamps, strict=True):
        # The think time is usually the time since the previous move (whose commit started
        # this turn): the difference, plus one, is then 1 and packs to nothing. 0: unknown.
        _varint(out, 0 if move.think_seconds is None else _zigzag(stamp - previous_ms - _ms(move.think_seconds)) + 1)
        previous_ms = stamp
    kinds = list(dict.fromkeys(move.chosen_by for move in moves))
    _text(out, "\n".join(kinds))
    for move in moves:
        _varint(out, kinds.index(move.chosen_by))
    for move in moves:
        _text(out, move.code)
    notes = {str(index): move.notes for index, move in enumerate(moves) if move.notes}
    _text(out, json.dumps(notes, ensure_ascii=False, separators=(",", ":")) if notes else "")
    return zlib.compress(bytes(out), 9)


def decode(packed: bytes) -> list[StoredMove]:
    """The log a packed form holds (the inverse of :func:`encode`, times to the millisecond).

    Raises:
        StoreError: the bytes are not a packed log (damaged).
    """
    try:
        return _decode(zlib.decompress(packed))
    except (zlib.error, ValueError, IndexError) as error:
        raise StoreError(f"a packed move log is damaged: {error}") from error


def _decode(data: bytes) -> list[StoredMove]:
    reader = _Reader(data)
    count = reader.varint()
    plies, previous = [], -1
    for _ in range(count):
        previous += reader.signed() + 1
        plies.append(previous)
    seats = [reader.varint() for _ in range(count)]
    versions, previous = [], 0
    for _ in range(count):
        previous += reader.signed() + 1
        versions.append(previous)
    stamps, previous = [], 0
    for _ in range(count):
        previous += reader.signed()
        stamps.append(previous)
    thinks: list[float | None] = []
    previous = stamps[0] if stamps else 0
    for stamp in stamps:
        coded = reader.varint()
        thinks.append(None if coded == 0 else (stamp - previous - _unzigzag(coded - 1)) / 1000)
        previous = stamp
    kinds = reader.text().split("\n")
    chosen = [kinds[reader.varint()] for _ in range(count)]
    codes = [reader.text() for _ in range(count)]
    notes_text = reader.text()
    notes: dict[str, list[dict[str, Any]]] = json.loads(notes_text) if notes_text else {}
    if not reader.at_end():
        raise ValueError("bytes after its end")
    return [
        StoredMove(
            plies[i], seats[i], codes[i], versions[i], stamps[i] / 1000, chosen[i], thinks[i], notes.get(str(i), [])
        )
        for i in range(count)
    ]


def mentions(moves: Sequence[StoredMove]) -> str | None:
    """The integers the notes of a log hold, `` 1 22 333 `` (None: no notes, or none in them)."""
    found = sorted({number for move in moves for number in _integers(move.notes)})
    return f" {' '.join(map(str, found))} " if found else None


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
    return value // 2 if value % 2 == 0 else -(value + 1) // 2


def _varint(out: bytearray, value: int) -> None:
    if value < 0:
        raise ValueError(f"a varint cannot hold {value}")
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)


def _signed(out: bytearray, value: int) -> None:
    _varint(out, _zigzag(value))


def _text(out: bytearray, text: str) -> None:
    data = text.encode()
    _varint(out, len(data))
    out += data


class _Reader:
    def __init__(self, data: bytes) -> None:
        self._data = data
        self._at = 0

    def varint(self) -> int:
        value, shift = 0, 0
        while True:
            if self._at >= len(self._data):
                raise ValueError("it ends too early")
            byte = self._data[self._at]
            self._at += 1
            value |= (byte & 0x7F) << shift
            if byte < 0x80:
                return value
            shift += 7

    def signed(self) -> int:
        return _unzigzag(self.varint())

    def text(self) -> str:
        size = self.varint()
        data = self._data[self._at : self._at + size]
        if len(data) != size:
            raise ValueError("it ends too early")
        self._at += size
        return data.decode()

    def at_end(self) -> bool:
        return self._at == len(self._data)


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
