"""The kit's PNGs show exactly the pixels of a plain reference encoder, over real pictures of the four games.

``kit.to_png`` takes shortcuts to encode fast (a backdrop's mapped bands reused, only declared rows
compared, poor mappings ruled out from a histogram, PNGs written by hand). What a player
sees must not depend on them: here each picture is also encoded the plain way, as the
kit's docstrings describe it, and the decoded pixels must be the same, every one.

The plain way: a picture not drawn over a backdrop is mapped onto a 256-colour palette
chosen (fast octree) on every 4th pixel of every 4th row. A picture drawn over a backdrop is
mapped onto the backdrop's palette (chosen alike, on the backdrop's sample with its extra
pixels' sample under it, around the exact colours the backdrop names, which come last),
unless a band of it whose rows are not the backdrop's has, among the pixels of every 4th
column, more than 2 % (on some channel, shares rounded to 1/255) whose colour moved by more
than 12: then it is encoded as if alone.
"""

from __future__ import annotations

import io
import zlib
from collections.abc import Iterator

import pytest
from PIL import Image, ImageChops

from bot.i18n import tr_for
from games import REGISTRY
from games.core import Rng
from renderers import kit, render


def sampled(image: Image.Image) -> Image.Image:
    width, height = image.size
    return image.resize((width // 4, height // 4), Image.Resampling.NEAREST) if min(width, height) >= 64 else image


def plain_palette(
    image: Image.Image, extra: Image.Image | None = None, exact: tuple[tuple[int, int, int], ...] = ()
) -> Image.Image:
    sample = sampled(image)
    if extra is not None:
        more = sampled(extra)
        joined = Image.new("RGB", (sample.width, sample.height + more.height), sample.getpixel((0, 0)))
        joined.paste(sample, (0, 0))
        joined.paste(more, (0, sample.height))
        sample = joined
    chosen = sample.quantize(256 - len(exact), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    if not exact:
        return chosen
    palette = Image.new("P", (1, 1))
    palette.putpalette([*(chosen.getpalette() or [])[: 3 * (256 - len(exact))], *(c for rgb in exact for c in rgb)])
    return palette


def every_4th_column(image: Image.Image) -> Image.Image:
    return image.resize((max(1, image.width // 4), image.height), Image.Resampling.NEAREST)


def mapped_onto(image: Image.Image, palette: Image.Image) -> Image.Image:
    return image.quantize(palette=palette, dither=Image.Dither.NONE).convert("RGB")


def band_of(image: Image.Image, top: int) -> Image.Image:
    return image.crop((0, top, image.width, min(image.height, top + kit.BAND_ROWS)))


def poorly_mapped(band: Image.Image, shown: Image.Image) -> bool:
    band, shown = every_4th_column(band), every_4th_column(shown)
    histogram = ImageChops.difference(band, shown).histogram()
    pixels = band.width * band.height
    for channel in range(3):
        poor = sum(histogram[channel * 256 + 13 : channel * 256 + 256])
        if (2 * 255 * poor + pixels) // (2 * pixels) > 0.02 * 255:  # the share x 255, rounded half up
            return True
    return False


def reference(image: Image.Image) -> Image.Image:
    """The pixels the plain encoder shows for ``image``."""
    image = image.convert("RGB")
    backdrop = image.info.get("serenissima.backdrop")
    if backdrop is None or backdrop.width != image.width:
        return mapped_onto(image, plain_palette(image))
    shown = mapped_onto(image, plain_palette(backdrop.image, backdrop.extra, backdrop.exact))
    for top in range(0, image.height, kit.BAND_ROWS):
        band = band_of(image, top)
        if top + band.height <= backdrop.height:
            under = backdrop.image.crop((0, top, image.width, top + band.height))
            if ImageChops.difference(band, under).getbbox() is None:
                continue  # the backdrop's rows
        if poorly_mapped(band, band_of(shown, top)):
            return mapped_onto(image, plain_palette(image))  # a colour the backdrop lacks
    return shown


def decoded(png: bytes) -> Image.Image:
    with Image.open(io.BytesIO(png)) as opened:
        return opened.convert("RGB")


GAMES = [("volto", 2, 9), ("twilight", 2, 12), ("rialto", 5, 40), ("venezia2099", 5, 9), ("rialto", 2, 16)]
"""Each game at its largest seat count and Rialto at two, where a private picture most often falls back to
its own palette: (game, seats, every how many plies a moment is encoded)."""


def moments(key: str, players: int, seed: int, every: int) -> Iterator[list[object]]:
    """The views (the public one, then each seat's) of every ``every``-th moment of a seeded match, and of its end."""
    game = REGISTRY[key]
    state = game.initial_state(seed, players)
    ply = 0
    while seats := sorted(game.to_move(state)):
        if ply % every == 0:
            yield [game.view(state, seat) for seat in (None, *range(players))]
        seat = seats[ply % len(seats)]
        state, _ = game.apply(state, seat, Rng(seed, ply).choice(game.legal_moves(state, seat)))
        ply += 1
    yield [game.view(state, seat) for seat in (None, *range(players))]


@pytest.mark.parametrize(("key", "players", "every"), GAMES, ids=[f"{key}-{players}p" for key, players, _ in GAMES])
def test_pngs_show_the_pixels_of_the_plain_encoder(key: str, players: int, every: int) -> None:
    shows_the_pixels_of_the_plain_encoder(key, players, every)


@pytest.mark.parametrize(
    ("key", "players", "every"), [("volto", 2, 18), ("rialto", 2, 16)], ids=["alone", "over-a-backdrop"]
)
def test_the_standard_zlib_shows_the_same_pixels(
    monkeypatch: pytest.MonkeyPatch, key: str, players: int, every: int
) -> None:
    """Where ISA-L is not installed, the kit deflates with the standard zlib: the same pixels."""
    monkeypatch.setattr(kit, "DEFLATE", zlib)
    shows_the_pixels_of_the_plain_encoder(key, players, every)


def shows_the_pixels_of_the_plain_encoder(key: str, players: int, every: int) -> None:
    tr = tr_for("ru")
    for number, views in enumerate(moments(key, players, seed=11, every=every)):
        kit.clear_caches()  # a new moment, a new backdrop
        images = [render(key, view, tr=tr) for view in views]
        if number % 2:
            images.reverse()  # a seat's picture first: it prepares the backdrop
        for index, image in enumerate(images):
            shown = decoded(kit.to_png(image))
            assert ImageChops.difference(shown, reference(image)).getbbox() is None, (number, index)
    if key in ("rialto", "venezia2099", "twilight"):
        assert "serenissima.backdrop" in images[0].info  # the shortcuts were taken


@pytest.mark.parametrize("height", [48, 35], ids=["whole-bands", "short-last-band"])
def test_a_poor_band_is_found_whatever_the_shortcut(height: int) -> None:
    """Poor pixels in one band, around the 2 % limit, or spread thin over all bands: the rule's answer each time."""
    width = 300
    palette = Image.new("P", (1, 1))
    palette.putpalette([0, 0, 0, 255, 255, 255])
    last_band = height - (height - 1) // kit.BAND_ROWS * kit.BAND_ROWS
    for spread in (False, True):
        for poor in range(0, 3 * width * kit.BAND_ROWS // 40):
            region = Image.new("RGB", (width, height), (0, 0, 0))
            rows = range(height) if spread else range(height - last_band, height)
            pixels = [(x, y) for y in rows for x in range(width)]
            step = max(1, len(pixels) // max(1, poor))
            for x, y in pixels[::step][:poor]:
                region.putpixel((x, y), (40, 0, 0))  # mapped onto black: 40 off on red
            mapped = region.quantize(palette=palette, dither=Image.Dither.NONE)
            expected = any(
                poorly_mapped(band_of(region, top), band_of(mapped.convert("RGB"), top))
                for top in range(0, height, kit.BAND_ROWS)
            )
            assert kit._poorly_mapped(region, mapped) == expected, (spread, poor)


def test_pictures_that_choose_the_same_colours_map_onto_one_palette_image() -> None:
    """The palette image (and the colour cache Pillow fills in it) is kept for the next picture with those colours."""
    kit.clear_caches()
    tr = tr_for("en")
    views = next(moments("twilight", 2, seed=11, every=1))
    board = render("twilight", views[0], tr=tr).convert("RGB")
    first = kit._palette_of(board)
    assert kit._palette_of(board.copy()) is first
    other = board.copy()
    other.paste((255, 0, 255), (0, 0, 200, 200))  # a colour the board lacks: other colours chosen
    assert kit._palette_of(other) is not first
    assert ImageChops.difference(decoded(kit.to_png(board)), reference(board)).getbbox() is None
