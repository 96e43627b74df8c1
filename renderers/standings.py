"""The standings of a tournament as a table picture: title, columns, rows, and the footer.

The input is already text (the bot translates names, numbers and tie-break headings), so
this module knows nothing of tournaments: it lays out a table that stays readable on
Discord's light and dark themes, with the bundled DejaVu font (Latin and Cyrillic). Rows of
players who left are drawn in the muted colour; the leaders' rows are tinted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from PIL import Image, ImageDraw

from renderers import kit
from renderers.theme import DEFAULT_THEME, Theme

MARGIN: Final = 24
ROW_HEIGHT: Final = 34
HEADER_HEIGHT: Final = 38
TITLE_SIZE: Final = 26
TEXT_SIZE: Final = 19
FOOTER_SIZE: Final = 15
CELL_PADDING: Final = 14
MIN_WIDTH: Final = 520
MAX_NAME_WIDTH: Final = 320
MAX_ROWS: Final = 64
"""Longer standings are cut here (the text answer lists everyone)."""
PODIUM: Final = 3


@dataclass(frozen=True, slots=True)
class StandingsTable:
    """What to draw: every string already translated."""

    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    footer: tuple[str, ...] = ()
    muted_rows: frozenset[int] = field(default_factory=frozenset)
    """Indexes of rows drawn muted (players who left)."""
    name_column: int = 1


def render(table: StandingsTable, *, theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The standings picture."""
    rows = table.rows[:MAX_ROWS]
    text_face = kit.font(TEXT_SIZE)
    bold_face = kit.font(TEXT_SIZE, bold=True)
    widths = []
    for column, header in enumerate(table.headers):
        cells = [row[column] for row in rows if column < len(row)]
        wide = max([kit.text_width(header, bold_face), *(kit.text_width(c, text_face) for c in cells)])
        if column == table.name_column:
            wide = min(wide, MAX_NAME_WIDTH)
        widths.append(int(wide) + 2 * CELL_PADDING)
    footer_face = kit.font(FOOTER_SIZE)
    title_face = kit.font(TITLE_SIZE, bold=True)
    width = max(
        MIN_WIDTH,
        sum(widths) + 2 * MARGIN,
        int(kit.text_width(table.title, title_face)) + 2 * MARGIN,
        *(int(kit.text_width(line, footer_face)) + 2 * MARGIN for line in table.footer),
    )
    footer_height = (FOOTER_SIZE + 8) * len(table.footer) + (MARGIN if table.footer else 0)
    top = MARGIN + TITLE_SIZE + 18
    height = top + HEADER_HEIGHT + ROW_HEIGHT * max(1, len(rows)) + footer_height + MARGIN
    image = Image.new("RGB", (width, height), theme.background)
    draw = ImageDraw.Draw(image)
    draw.text((MARGIN, MARGIN), table.title, font=title_face, fill=theme.text)
    draw.rectangle((MARGIN, top, width - MARGIN, top + HEADER_HEIGHT), fill=theme.banner)
    _cells(draw, table.headers, widths, top, HEADER_HEIGHT, bold_face, theme.banner_text, table.name_column)
    y = top + HEADER_HEIGHT
    for index, row in enumerate(rows):
        box = (MARGIN, y, width - MARGIN, y + ROW_HEIGHT)
        if index < PODIUM:
            draw.rectangle(box, fill=kit.blend(theme.panel, theme.win, 0.5))
        elif index % 2:
            draw.rectangle(box, fill=theme.panel)
        ink = theme.muted_text if index in table.muted_rows else theme.text
        _cells(draw, row, widths, y, ROW_HEIGHT, text_face, ink, table.name_column)
        y += ROW_HEIGHT
    y += MARGIN // 2 if rows else ROW_HEIGHT
    for line in table.footer:
        draw.text((MARGIN, y), line, font=footer_face, fill=theme.muted_text)
        y += FOOTER_SIZE + 8
    return image


def _cells(
    draw: ImageDraw.ImageDraw,
    cells: Sequence[str],
    widths: Sequence[int],
    top: int,
    height: int,
    face: kit.Font,
    ink: tuple[int, int, int],
    name_column: int,
) -> None:
    x = MARGIN
    for column, width in enumerate(widths):
        text = cells[column] if column < len(cells) else ""
        if column == name_column:
            fitted, text = kit.fit_text(text, width - 2 * CELL_PADDING, TEXT_SIZE, min_size=12)
            draw.text((x + CELL_PADDING, top + (height - int(fitted.size)) // 2 - 2), text, font=fitted, fill=ink)
        else:
            left = x + width - CELL_PADDING - kit.text_width(text, face)
            draw.text((left, top + (height - int(face.size)) // 2 - 2), text, font=face, fill=ink)
        x += width


def alt_text(table: StandingsTable) -> str:
    """The table for screen readers: the title and one line per row."""
    lines = [table.title, *(" · ".join(row) for row in table.rows)]
    return "\n".join(lines)
