"""The shared drawing kit and theme: fonts, PNG encoding, text fitting, seat markers."""

from __future__ import annotations

import ast
import io
import subprocess
import sys
from itertools import combinations
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

import renderers
from renderers import kit
from renderers.theme import DEFAULT_THEME, OKABE_ITO_ORANGE, OKABE_ITO_SKY_BLUE, SEAT_COLORS, Theme, rgb


@pytest.mark.parametrize("bold", [False, True], ids=["regular", "bold"])
def test_font_has_cyrillic_glyphs(bold: bool) -> None:
    face = kit.font(32, bold)
    image = Image.new("L", (200, 60), 0)
    ImageDraw.Draw(image).text((5, 5), "Вольто", font=face, fill=255)
    box = image.getbbox()
    assert box is not None
    assert box[2] - box[0] > 60
    # A font without Cyrillic draws the same "missing glyph" box for every letter.
    glyphs = []
    for letter in "ЖЛ":
        glyph = Image.new("L", (40, 50), 0)
        ImageDraw.Draw(glyph).text((2, 2), letter, font=face, fill=255)
        glyphs.append(glyph)
    assert ImageChops.difference(*glyphs).getbbox() is not None


def test_font_is_loaded_once_per_size_and_weight() -> None:
    assert kit.font(21) is kit.font(21)
    assert kit.font(21) is not kit.font(21, bold=True)
    assert kit.font(21).size == 21


def test_importing_the_renderers_loads_no_font() -> None:
    code = "import renderers; print(renderers.kit.font.cache_info().currsize)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "0"


def test_clear_caches_empties_the_caches_made_with_cached() -> None:
    calls: list[int] = []

    @kit.cached()
    def square(n: int) -> int:
        calls.append(n)
        return n * n

    before = kit.font(17)
    assert square(3) == square(3) == 9 and calls == [3]
    kit.clear_caches()
    assert square(3) == 9 and calls == [3, 3]
    assert kit.font(17) is not before, "the font cache is registered too"


@pytest.mark.parametrize("path", sorted(Path(renderers.__file__).parent.glob("*.py")), ids=lambda path: path.name)
def test_every_renderer_cache_is_made_with_the_kit_decorator(path: Path) -> None:
    """A ``functools`` cache would escape :func:`kit.clear_caches`: renderers use ``kit.cached`` only."""
    source = path.read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "functools":
            assert node.attr not in {"cache", "lru_cache"} or path.name == "kit.py", f"{path.name}:{node.lineno}"
        if isinstance(node, ast.ImportFrom) and node.module == "functools":
            assert not {alias.name for alias in node.names} & {"cache", "lru_cache"}, f"{path.name}:{node.lineno}"


def test_to_png_round_trips_through_image_open() -> None:
    image = Image.new("RGB", (300, 200), DEFAULT_THEME.background)
    draw = ImageDraw.Draw(image)
    draw.ellipse((20, 20, 180, 180), fill=DEFAULT_THEME.light_piece, outline=DEFAULT_THEME.light_piece_ink, width=4)
    draw.text((190, 80), "Ход", font=kit.font(30, bold=True), fill=DEFAULT_THEME.text)
    data = kit.to_png(image)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    with Image.open(io.BytesIO(data)) as decoded:
        assert decoded.format == "PNG"
        assert decoded.size == (300, 200)
        assert decoded.mode == "P"
        back = decoded.convert("RGB")
    error = ImageStat.Stat(ImageChops.difference(image, back)).mean
    assert max(error) < 1.5


def test_to_png_keeps_flat_colours_exactly() -> None:
    image = Image.new("RGB", (64, 64), (12, 34, 56))
    image.paste((200, 100, 50), (0, 0, 32, 64))
    with Image.open(io.BytesIO(kit.to_png(image))) as decoded:
        assert ImageChops.difference(image, decoded.convert("RGB")).getbbox() is None


def test_to_png_accepts_rgba_and_drops_alpha() -> None:
    image = Image.new("RGBA", (10, 10), (255, 0, 0, 255))
    with Image.open(io.BytesIO(kit.to_png(image))) as decoded:
        assert decoded.convert("RGB").getpixel((5, 5)) == (255, 0, 0)


def test_fit_text_shrinks_then_cuts() -> None:
    face, text = kit.fit_text("Short", 400, 30)
    assert (face.size, text) == (30, "Short")
    long = "Кандидат белых взял Даму и покинул доску вместе с ней."
    face, text = kit.fit_text(long, 500, 30)
    assert face.size < 30
    assert text == long
    assert kit.text_width(text, face) <= 500
    face, text = kit.fit_text(long, 120, 30, min_size=16)
    assert face.size == 16
    assert text.endswith("…")
    assert kit.text_width(text, face) <= 120


def test_write_in_box_stays_in_its_box() -> None:
    image = Image.new("L", (400, 100), 0)
    box = (50, 20, 250, 80)
    kit.write_in_box(image, box, "Победа чёрных — вот это да", size=40, fill=255, bold=True)
    drawn = image.getbbox()
    assert drawn is not None
    assert drawn[0] >= box[0] and drawn[1] >= box[1] and drawn[2] <= box[2] and drawn[3] <= box[3]


@pytest.mark.parametrize("align", ["left", "center", "right"])
def test_write_in_box_has_the_pixels_of_imagedraw_text_in_the_fitted_font(align: kit.Align) -> None:
    box = (30, 10, 330, 60)
    for text in ("Ваш ход · предпросмотр ваших шагов, достаточно длинный, чтобы сжаться", "K07", "Sky wins"):
        face, shown = kit.fit_text(text, box[2] - box[0], 30, bold=True, min_size=14)
        x = {"left": box[0], "center": (box[0] + box[2]) / 2, "right": box[2]}[align]
        anchor = {"left": "lm", "center": "mm", "right": "rm"}[align]
        drawn = Image.new("RGB", (360, 70), (27, 38, 49))
        ImageDraw.Draw(drawn).text((x, (box[1] + box[3]) / 2), shown, font=face, fill=(244, 238, 223), anchor=anchor)
        pasted = Image.new("RGB", (360, 70), (27, 38, 49))
        used = kit.write_in_box(pasted, box, text, size=30, fill=(244, 238, 223), bold=True, align=align)
        assert used == face.size
        assert ImageChops.difference(drawn, pasted).getbbox() is None, (text, align)


@pytest.mark.parametrize("subtitle", ["Раунд 2 · раздача 1 · в колоде 30", ""], ids=["two-lines", "one-line"])
def test_banner_fills_its_box_and_returns_the_icon_square(subtitle: str) -> None:
    image = Image.new("RGB", (600, 100), (0, 0, 0))
    icon = kit.write_banner(image, (0, 0, 600, 100), "Ваш ход", subtitle, DEFAULT_THEME, icon_width=60)
    assert image.getpixel((599, 99)) == DEFAULT_THEME.banner
    assert icon[2] - icon[0] == 60
    area = (icon[2] - icon[0]) * (icon[3] - icon[1])
    assert image.crop(icon).getcolors() == [(area, DEFAULT_THEME.banner)]
    text_area = image.crop((icon[2], 0, 600, 100))
    assert len(text_area.getcolors(10_000) or []) > 2


def test_seat_markers_differ_by_shape_when_colours_are_equal() -> None:
    grey = Theme(seat_colors=((128, 128, 128),))
    pictures = []
    for seat in range(len(kit.SEAT_SHAPES)):
        image = Image.new("RGB", (60, 60), (255, 255, 255))
        kit.draw_seat_marker(ImageDraw.Draw(image), (30, 30), 24, seat, grey)
        pictures.append(image)
    for a, b in combinations(pictures, 2):
        assert ImageChops.difference(a, b).getbbox() is not None


def test_seat_colours_are_okabe_ito_and_distinct() -> None:
    assert SEAT_COLORS[0] == OKABE_ITO_ORANGE == rgb("#E69F00")
    assert SEAT_COLORS[1] == OKABE_ITO_SKY_BLUE == rgb("#56B4E9")
    assert len(set(SEAT_COLORS)) == len(SEAT_COLORS) == 5
    assert DEFAULT_THEME.seat_color(6) == SEAT_COLORS[1]


def test_pieces_read_on_every_square() -> None:
    theme = DEFAULT_THEME
    assert kit.contrast_ratio(theme.light_piece, theme.dark_piece) > 12
    for square in (theme.board_light, theme.board_dark, theme.palace_light, theme.palace_dark):
        # Both kinds of token carry the dark outline; the dark body stands out by itself.
        assert kit.contrast_ratio(theme.light_piece_ink, square) >= 4.5
        assert kit.contrast_ratio(theme.dark_piece, square) >= 4.5
    assert kit.contrast_ratio(theme.light_piece, theme.light_piece_ink) >= 7
    assert kit.contrast_ratio(theme.dark_piece, theme.dark_piece_ink) >= 7
    assert kit.contrast_ratio(theme.text, theme.background) >= 7
    assert kit.contrast_ratio(theme.banner_text, theme.banner) >= 7
    assert kit.contrast_ratio(theme.banner_text, theme.win) >= 4.5


def test_colour_helpers() -> None:
    assert kit.blend((0, 0, 0), (200, 100, 50), 0.5) == (100, 50, 25)
    assert kit.blend((10, 20, 30), (0, 0, 0), 0) == (10, 20, 30)
    assert kit.readable_ink((250, 250, 250), DEFAULT_THEME) == DEFAULT_THEME.light_piece_ink
    assert kit.readable_ink((5, 5, 5), DEFAULT_THEME) == DEFAULT_THEME.dark_piece_ink
    with pytest.raises(ValueError, match="abc"):
        rgb("#abc")


def test_tint_box_changes_only_its_box() -> None:
    image = Image.new("RGB", (50, 50), (100, 100, 100))
    kit.tint_box(image, (10, 10, 20, 20), (200, 200, 200), 0.5)
    assert image.getpixel((15, 15)) == (150, 150, 150)
    assert image.getpixel((20, 20)) == (100, 100, 100)
    assert ImageChops.difference(image, Image.new("RGB", (50, 50), (100, 100, 100))).getbbox() == (10, 10, 20, 20)


def test_supersampled_sprite_is_anti_aliased() -> None:
    def paint(draw: ImageDraw.ImageDraw, scale: float) -> None:
        draw.ellipse((0, 0, 40 * scale - 1, 40 * scale - 1), fill=(0, 0, 0, 255))

    sprite = kit.supersampled((40, 40), paint)
    assert sprite.size == (40, 40)
    histogram = sprite.getchannel("A").histogram()
    assert histogram[0] and histogram[255]
    assert any(histogram[1:255])


def test_dashed_rectangle_leaves_gaps() -> None:
    image = Image.new("L", (100, 100), 0)
    kit.draw_dashed_rectangle(ImageDraw.Draw(image), (0, 0, 100, 100), 255, width=1, dash=10, gap=10)
    top_row = [image.getpixel((x, 0)) for x in range(100)]
    assert 0 in top_row and 255 in top_row
    assert image.getpixel((50, 50)) == 0


def test_to_png_of_a_board_is_small() -> None:
    from games.i18n import merge, translator
    from renderers import CATALOG, volto
    from tests.renderers.volto_samples import SAMPLES

    image = volto.render(SAMPLES["play-black"], tr=translator(merge(CATALOG), "ru"))
    data = kit.to_png(image)
    # The encoding time is measured by bench/bench_service.py.
    assert len(data) < 80_000


WRITTEN = [
    ("Round 2 · deal 1 · Восток 0 – Запад 1", 24, False, (244, 238, 223)),
    ("Blue (you) · ÄЖ", 24, True, (244, 238, 223)),
    ("Санта-Кроче", 19, False, (250, 240, 10)),
    ("W8", 20, True, (20, 20, 20)),
    ("Г1+1 ►◄ ◊ ✗ ⟷ ×3", 16, True, (20, 20, 20)),
    ("g", 44, True, (200, 10, 10)),
    (" ", 22, True, (20, 20, 20)),
]


@pytest.mark.parametrize("anchor", ["la", "lm", "mm", "rm"])
@pytest.mark.parametrize(
    "point",
    [(40, 30), (40.5, 30.5), (41.25, 29.75), (405.999, 35.0001), (-3.5, 12.25)],
    ids=["whole", "half", "quarter", "clipped-right", "left-of-image"],
)
def test_write_has_the_pixels_of_imagedraw_text_cold_and_cached(anchor: str, point: tuple[float, float]) -> None:
    """Every renderer writes through ``write``: its cached masks must give what Pillow draws."""
    for text, size, bold, fill in WRITTEN:
        drawn = Image.new("RGB", (420, 70), (27, 38, 49))
        ImageDraw.Draw(drawn).text(point, text, font=kit.font(size, bold), fill=fill, anchor=anchor)
        kit.text_mask.cache_clear()
        for _ in range(2):  # once cold, once from the cache
            pasted = Image.new("RGB", (420, 70), (27, 38, 49))
            kit.write(pasted, point, text, size=size, fill=fill, bold=bold, anchor=anchor)
            assert ImageChops.difference(drawn, pasted).getbbox() is None, (text, anchor, point)


def test_write_has_the_pixels_of_imagedraw_text_over_every_picture_string() -> None:
    """A text mask is laid out once (``getmask2``), with no measuring first: over every string the
    pictures show, in English, Russian and Italian, at the sizes, weights, anchors and fractional
    (also negative) points the renderers use, ``write`` draws exactly the pixels of ``ImageDraw.text``."""
    strings = sorted({text for locale in ("en", "ru", "it") for text in renderers.CATALOG[locale].values()})
    strings += [f"Last: Синий поставил фигуру на c{n} · Yellow bought {n} treasures" for n in range(12)]
    assert len(strings) > 600 and any("Ж" in text or "ж" in text for text in strings)
    sizes = (14, 18, 19, 20, 22, 24, 28, 30, 36)
    anchors = ("la", "lm", "mm", "rm", "ls")
    points = ((12, 40), (300.5, 40.5), (640.25, 39.75), (-2.5, 41.25), (450.75, -0.5))
    kit.text_mask.cache_clear()
    for index, text in enumerate(strings):
        size, bold = sizes[index % len(sizes)], index % 2 == 1
        anchor, point = anchors[index % len(anchors)], points[index // len(anchors) % len(points)]
        fill = (244, 238, 223) if index % 3 else (20, 20, 20)
        drawn = Image.new("RGB", (900, 80), (27, 38, 49))
        ImageDraw.Draw(drawn).text(point, text, font=kit.font(size, bold), fill=fill, anchor=anchor)
        pasted = Image.new("RGB", (900, 80), (27, 38, 49))
        kit.write(pasted, point, text, size=size, fill=fill, bold=bold, anchor=anchor)
        assert ImageChops.difference(drawn, pasted).getbbox() is None, (text, size, bold, anchor, point)


@pytest.mark.parametrize("size", [(120, 80), (120, 130), (150, 80), (150, 130), (100, 60)])
def test_laid_over_shows_the_backdrop_on_the_background(size: tuple[int, int]) -> None:
    """The same pixels as filling a new picture with the background and pasting the backdrop at its top left."""
    backdrop = Image.new("RGB", (120, 80), (10, 20, 30))
    ImageDraw.Draw(backdrop).ellipse((5, 5, 100, 70), fill=(200, 100, 50), outline=(0, 0, 0))
    expected = Image.new("RGB", size, (250, 240, 230))
    expected.paste(backdrop, (0, 0))
    assert ImageChops.difference(kit.laid_over(backdrop, size, (250, 240, 230)), expected).getbbox() is None
