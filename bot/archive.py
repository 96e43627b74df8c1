"""A server's whole history as files: JSON lines, one match a line, split to fit an upload.

Each line is the match's ordinary export (:func:`bot.history.export`): public-only while
the match runs, with its seed and moves once it is over, with its audit rows, so nothing
hidden leaves with it and every ended match in the file can be checked with
``python -m bot.verify``. The matches are read a page of ids at a time and each part is
handed out as soon as it is full, so the export of a large server never sits in memory.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from dataclasses import dataclass

from bot import history
from bot.service import Service


@dataclass(frozen=True, slots=True)
class ExportPart:
    """One file of a server's export: its bytes and how many matches it holds."""

    data: bytes
    matches: int


async def server_history(
    service: Service, guild_id: int, *, is_admin: bool, part_bytes: int
) -> AsyncIterator[ExportPart]:
    """The server's matches as JSON lines, in parts of at most ``part_bytes`` (admins only).

    A single match larger than a part would be a part of its own (a match's export is at most
    a few hundred KB, far below any upload limit).
    """
    lines: list[bytes] = []
    size = 0
    after = 0
    while ids := await service.server_match_ids(guild_id, is_admin=is_admin, after_id=after):
        for match_id in ids:
            line = json.dumps(await history.export(service, match_id), ensure_ascii=False).encode() + b"\n"
            if lines and size + len(line) > part_bytes:
                yield ExportPart(b"".join(lines), len(lines))
                lines, size = [], 0
            lines.append(line)
            size += len(line)
        after = ids[-1]
    if lines:
        yield ExportPart(b"".join(lines), len(lines))
