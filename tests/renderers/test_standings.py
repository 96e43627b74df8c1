"""The standings picture: every row drawn, Cyrillic names, muted drops, a long field cut."""

from __future__ import annotations

from PIL import ImageChops

from renderers import kit
from renderers.standings import MAX_ROWS, StandingsTable, alt_text, render
from renderers.theme import DEFAULT_THEME


def table(rows: int, *, muted: frozenset[int] = frozenset(), footer: tuple[str, ...] = ("Bh: сумма очков",)):
    return StandingsTable(
        title="Весенний турнир — таблица после тура 3",
        headers=("№", "Игрок", "Очки", "Партии", "Бх", "УБх"),
        rows=tuple((str(i + 1), f"Игрок {i + 1} Ёжиков", f"{3 - i / 2:g}", "3", "4.5", "2") for i in range(rows)),
        footer=footer,
        muted_rows=muted,
    )


def test_the_picture_grows_with_the_rows_and_encodes():
    small, large = render(table(4)), render(table(12))
    assert large.height > small.height
    png = kit.to_png(large)
    assert png.startswith(b"\x89PNG")


def test_cyrillic_names_are_drawn_not_boxes():
    image = render(table(1))
    assert image.getbbox() is not None
    cropped = image.crop((0, 80, image.width, 140))
    assert len(cropped.getcolors(maxcolors=1 << 20) or []) > 4, "a row of text, not an empty band"


def test_dropped_players_are_muted():
    plain = render(table(6))
    muted = render(table(6, muted=frozenset({5})))
    diff = ImageChops.difference(plain, muted).getbbox()
    assert diff is not None
    top = 26 + 24 + 18 + 38 + 5 * 34
    assert diff[1] >= top - 2 and diff[3] <= top + 34 + 2, "only the last row changed"
    colours = {colour for _, colour in muted.crop(diff).getcolors(maxcolors=1 << 20) or []}
    assert DEFAULT_THEME.muted_text in colours and DEFAULT_THEME.text not in colours


def test_a_long_field_is_cut_and_described_in_full():
    image = render(table(MAX_ROWS + 40))
    assert image.height < 30 * 1000
    text = alt_text(table(3))
    assert text.splitlines()[0].startswith("Весенний") and len(text.splitlines()) == 4


def test_a_full_table_encodes_to_a_small_png():
    png = kit.to_png(render(table(64)))
    assert png.startswith(b"\x89PNG") and len(png) < 500_000
