"""Drawing helpers shared by every game's renderer: fonts, PNG encoding, text, small shapes.

Everything here is a pure function of its arguments. Fonts load lazily, once, through
:func:`cached` (never at import time), so importing the renderers costs nothing and the
bot can import them in a process that never draws.

Every memo of every renderer (fonts, text masks, sprites, board layers) is made with
:func:`cached`, which registers it, so :func:`clear_caches` empties them all: tests draw
from cold caches without knowing each renderer's private cached functions.

Pillow's primitives are not anti-aliased; pieces are therefore drawn as sprites at
:data:`SUPERSAMPLE` times their size and shrunk (:func:`supersampled`), and cached by the
game that draws them.

The one exception to "pure": a picture may carry the :class:`Backdrop` it was drawn over
(:func:`share`, :func:`drawn_over`), which remembers its encoding so that the pictures of
one decision are encoded from it; the PNG of a picture still depends on its pixels and its
backdrop's alone, never on what was encoded before.
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import io
import math
import struct
import threading
import zlib
from collections.abc import Callable, Iterable, Iterator
from importlib import resources
from types import ModuleType
from typing import Any, Final, Literal, TypeAlias, TypeVar

from PIL import Image, ImageChops, ImageDraw, ImageFont

from renderers.theme import RGB, Theme

Box: TypeAlias = tuple[int, int, int, int]
"""``(left, top, right, bottom)``, right and bottom exclusive, as Pillow's crop boxes."""
Point: TypeAlias = tuple[float, float]
Font: TypeAlias = ImageFont.FreeTypeFont
Ink: TypeAlias = RGB | int
"""A fill: an RGB colour, or a grey level for single-band ("L") images."""

SUPERSAMPLE: Final = 4
"""Sprites are drawn this many times larger, then shrunk: cheap anti-aliasing."""

PNG_COMPRESS_LEVEL: Final = 1
"""Deflate level of PNGs. Measured with zlib on a 900 × 848 Volto board: level 1 saves a palette
image in ~3 ms (54 KB), level 3 in ~4 ms, level 6 in ~9 ms for 25 % fewer bytes; level 9 and
``optimize`` cost far more. Speed wins: the whole move must stay within 2x of encoding."""


def _deflate_library() -> ModuleType:
    """ISA-L's zlib (the ``isal`` package) where it is installed, else the standard ``zlib``.

    Both write the same format; the bytes differ, the pixels never do. Measured at level 1 on
    pictures of the four games: ISA-L deflates a whole board 4-5x faster (~0.3 ms, not ~1.5,
    for a 900 × 848 Volto board) and 5-10 % smaller. Deflating was half of encoding a picture.
    Optional, so that an environment installed before the dependency still draws (slower).
    """
    try:
        return importlib.import_module("isal.isal_zlib")
    except ImportError:
        return zlib


DEFLATE: Final = _deflate_library()
"""What deflates the PNGs' pixels (see :func:`_deflate_library`): ``compress`` as zlib's."""

PALETTE_SAMPLE_FACTOR: Final = 4
"""The palette is computed on every 4th pixel of every 4th row (16x fewer pixels to cluster)."""

PALETTE_COLORS: Final = 256
"""Board pictures are flat colours plus anti-aliased edges: a 256-colour palette keeps the
mean error under 1/255 per channel and makes the PNG three times smaller (~40 KB, not
~125 KB) and faster to write; Pillow's fast octree quantizer takes ~6 ms."""

_FONT_FILES: Final = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}

SEAT_SHAPES: Final = ("circle", "square", "triangle", "diamond", "pentagon")
"""The marker shape of seat 0, 1, ...: a second cue beside the seat colour."""


# --- Caches ------------------------------------------------------------------------------

_T = TypeVar("_T")
_CACHES: Final[list[functools._lru_cache_wrapper[Any]]] = []
"""Every cache made by :func:`cached`, in the order they were made."""


def cached(maxsize: int | None = None) -> Callable[[Callable[..., _T]], functools._lru_cache_wrapper[_T]]:
    """``functools.lru_cache(maxsize)`` (unbounded when None), registered for :func:`clear_caches`.

    Renderers memoise sprites and layers with this decorator only, so one call empties every
    cache of every renderer, whichever a future game adds.
    """

    def register(function: Callable[..., _T]) -> functools._lru_cache_wrapper[_T]:
        wrapper = functools.lru_cache(maxsize=maxsize)(function)
        _CACHES.append(wrapper)
        return wrapper

    return register


def clear_caches() -> None:
    """Empty every cache made by :func:`cached` (the next pictures are drawn from scratch)."""
    for wrapper in _CACHES:
        wrapper.cache_clear()


# --- Fonts and PNG ------------------------------------------------------------------------


@cached()
def font(size: int, bold: bool = False) -> Font:
    """The bundled DejaVu Sans (Latin and Cyrillic) at ``size`` pixels, loaded once per size."""
    data = resources.files("renderers").joinpath("assets", _FONT_FILES[bold]).read_bytes()
    return ImageFont.truetype(io.BytesIO(data), size)


def to_png(image: Image.Image) -> bytes:
    """``image`` (opaque) as a 256-colour PNG, ~25-70 KB for a board.

    A picture drawn over a backdrop (see :func:`share`) is encoded with the backdrop's
    palette and reuses its mapped and compressed rows where its pixels are the backdrop's.
    """
    backdrop = image.info.get(_BACKDROP)
    if isinstance(backdrop, Backdrop) and image.mode == "RGB" and image.width == backdrop.width:
        return backdrop.encode(image)
    return _alone_to_png(image)


def _alone_to_png(image: Image.Image) -> bytes:
    """``image`` (opaque) as a 256-colour PNG: a few ms to encode, ~25-50 KB for a board.

    The palette is chosen on a sample of the pixels (every 4th of every 4th row), then the
    full image is mapped onto it: about 3x faster than clustering the full image. The
    sample holds only colours the picture really has (a box-averaged copy would add blends
    of neighbours that waste palette entries): measured over 40 pictures of the four games,
    the mean error is 0.44/255 against 0.77 with the averaged copy, the worst pixel as bad,
    and it is 1 ms faster a picture.

    The PNG is written here (:func:`_png`) rather than by ``Image.save``: the same pixels,
    ~0.4 ms less a board (Pillow's writer deflates in small pieces and copies them around).
    """
    rgb_image = image if image.mode == "RGB" else image.convert("RGB")
    palette = _palette_of(rgb_image)
    mapped = rgb_image.quantize(palette=palette, dither=Image.Dither.NONE)
    stream: bytes = DEFLATE.compress(_filtered_rows(mapped), PNG_COMPRESS_LEVEL)
    return _png(rgb_image.width, rgb_image.height, _plte(palette), stream)


def _palette_of(rgb_image: Image.Image, extra: Image.Image | None = None, exact: tuple[RGB, ...] = ()) -> Image.Image:
    """The 256-colour palette of ``rgb_image``, chosen on a sample of its pixels (see :func:`to_png`).

    ``extra`` (RGB, no wider than ``rgb_image``): more pixels to choose it for, sampled alike
    and counted as if they were part of the picture; ``exact``: colours the palette holds
    as they are, the others chosen around them (see :func:`share`).
    """
    sample = _sample(rgb_image)
    if extra is not None:
        more = _sample(extra)
        joined = Image.new("RGB", (sample.width, sample.height + more.height), sample.getpixel((0, 0)))
        joined.paste(sample, (0, 0))
        joined.paste(more, (0, sample.height))
        sample = joined
    chosen = sample.quantize(PALETTE_COLORS - len(exact), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    colours = bytes(chosen.getpalette() or [0, 0, 0])[: 3 * (PALETTE_COLORS - len(exact))]
    return _palette_image(colours + bytes(channel for colour in exact for channel in colour))


def _sample(rgb_image: Image.Image) -> Image.Image:
    """Every :data:`PALETTE_SAMPLE_FACTOR`-th pixel of every such row of ``rgb_image`` (all of a small one)."""
    width, height = rgb_image.size
    if min(width, height) < 64:
        return rgb_image
    size = (width // PALETTE_SAMPLE_FACTOR, height // PALETTE_SAMPLE_FACTOR)
    return rgb_image.resize(size, Image.Resampling.NEAREST)


PALETTES_KEPT: Final = 16
"""Palettes kept with their colour caches (512 KiB each): consecutive pictures of a match often choose the same one."""


@cached(PALETTES_KEPT)
def _palette_image(colours: bytes) -> Image.Image:
    """A palette image of ``colours`` (RGB triples), the same for the same colours.

    Mapping a picture onto a palette fills a cache in the palette (the nearest colour of each
    cell of the colour cube met), which later mappings onto the same palette image reuse:
    a board maps in ~0.8 ms onto a palette it was mapped on before, 1.2-1.7 ms onto a fresh
    one. Over consecutive decisions, 55 % of Twilight's pictures find their palette kept and
    14 % of Volto's (Rialto and Venezia 2099 draw their public picture anew only when the
    board changes, and then its colours do too). The cache is made here, before the image
    is shared: Pillow makes it on the first mapping, and two threads mapping first at once
    would race to make it.
    """
    palette = Image.new("P", (1, 1))
    palette.putpalette(colours)
    Image.new("RGB", (1, 1)).quantize(palette=palette, dither=Image.Dither.NONE)
    return palette


# --- Pictures drawn over one backdrop ------------------------------------------------------
#
# The pictures of one decision (the channel's, the actor's, each newly due seat's) are one
# public picture with a few private parts drawn over it (a banner, a hand, a panel). Encoding
# each from scratch (choosing a palette, mapping ~850,000 pixels onto it) is most of their
# cost. A renderer marks the public picture it draws the others over with :func:`share`; each
# picture drawn over it is encoded with the backdrop's palette, its rows cut in bands of
# :data:`BAND_ROWS`: a band whose pixels are the backdrop's takes the backdrop's mapped
# pixels, and only the other bands are mapped. Each picture's mapped pixels are then
# deflated whole, in one call: measured, deflating bands apart to reuse the backdrop's
# compressed bands cost more (ISA-L sets up per call, ~80 calls a board) and, in the threads
# that encode a decision's pictures at once, their many short calls queued for the GIL (the
# three pictures of a Rialto turn end encoded 25 % slower in three threads than in one).

BAND_ROWS: Final = 16
"""Rows a band, the unit in which a picture is compared with its backdrop and mapped: small
enough that a banner or a hand changes few whole bands, large enough that the bands of a
board are few to walk (and the poor-mapping rule judges a band's share of poor pixels)."""

_BACKDROP: Final = "serenissima.backdrop"
"""The key of ``Image.info`` under which a picture keeps the :class:`Backdrop` it was drawn over
(``Image.copy`` carries ``info`` along; it is never written into the PNG)."""
_DRAWN_ROWS: Final = "serenissima.drawn_rows"
"""The key of ``Image.info`` under which a picture keeps the row spans it was drawn in over its backdrop."""

_PNG_SIGNATURE: Final = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def _plte(palette: Image.Image) -> bytes:
    """The PLTE chunk's data of a palette image: its colours, 256 at most."""
    colours = palette.getpalette() or [0, 0, 0]
    return bytes(colours[: 3 * 256])


def _png(width: int, height: int, plte: bytes, stream: bytes) -> bytes:
    """A palette PNG of ``width`` x ``height`` from its colours and its zlib stream of filtered rows."""
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return (
        _PNG_SIGNATURE
        + _chunk(b"IHDR", header)
        + _chunk(b"PLTE", plte)
        + _chunk(b"IDAT", stream)
        + _chunk(b"IEND", b"")
    )


def _filtered_rows(mapped: Image.Image) -> bytes:
    """The PNG scanlines of a palette image: each row after a 0 byte (filter type "None")."""
    return _scanlines(mapped).tobytes()


def _scanlines(mapped: Image.Image) -> Image.Image:
    """``mapped`` (a palette image) one column wider, a 0 before each row: its PNG scanlines as pixels."""
    width, height = mapped.size
    wide = Image.new("P", (width + 1, height), 0)
    wide.paste(mapped, (1, 0))
    return wide


class Backdrop:
    """A public picture that other pictures of the same moment are drawn over (see :func:`share`).

    Its palette is chosen from its own pixels, as :func:`to_png` would, and its rows mapped
    onto it once, on the first picture encoded, under a lock (the pictures of a decision are
    encoded in several worker threads at once); its own PNG is made once too.
    """

    def __init__(self, image: Image.Image, extra: Image.Image | None = None, exact: tuple[RGB, ...] = ()) -> None:
        self.image = lent(image)
        """``image``'s pixels, shared, under an ``Image`` of their own whose ``info`` does not hold this backdrop.

        ``image.info`` holds the backdrop (:func:`share`): were ``image`` kept here itself, the two
        would form a reference cycle, and a public picture and its mapped rows (~3.5 MB) would
        wait for the cyclic garbage collector instead of going when their last user drops them.
        Measured: hundreds of them freed at once by a full collection paused a decision 25-50 ms.
        """
        self.image.info = {}
        self.extra = extra
        """More pixels the palette is chosen for: what the pictures drawn over this one add (see :func:`share`)."""
        self.exact = exact
        """Colours the palette holds as they are (see :func:`share`)."""
        self.width, self.height = image.size
        self._lock = threading.Lock()
        self._ready = False
        self._palette = Image.new("P", (1, 1))
        self._plte = b""
        self._rows = Image.new("P", (1, 1))
        """The backdrop's pixels mapped onto its palette, each row after a 0: its PNG scanlines (:func:`_scanlines`)."""
        self._own_png: bytes | None = None

    def _prepare(self) -> None:
        with self._lock:
            if self._ready:
                return
            self._palette = _palette_of(self.image, self.extra, self.exact)
            self._plte = _plte(self._palette)
            self._rows = _scanlines(self.image.quantize(palette=self._palette, dither=Image.Dither.NONE))
            self._ready = True

    def _png_of_backdrop(self) -> bytes:
        """The backdrop's own PNG (the channel's picture, and any copy of it), made once."""
        png = self._own_png
        if png is None:
            stream = DEFLATE.compress(self._rows.tobytes(), PNG_COMPRESS_LEVEL)
            png = self._own_png = _png(self.width, self.height, self._plte, stream)
        return png

    def _unchanged(self, image: Image.Image) -> list[bool]:
        """For each band of ``image``: are its pixels the backdrop's pixels of that band?

        Compared in Pillow (a difference image and its projection on the rows): ``tobytes``
        of an RGB picture alone would take ~5 ms. Only the rows the picture says it drew in
        (:func:`drawn_over`'s ``rows``) are compared; the others are the backdrop's as pasted.
        """
        height = image.height
        common = min(height, self.height)
        spans = image.info.get(_DRAWN_ROWS)
        rows = self._changed_rows(image) if spans is None else self._changed_rows_in(image, spans, common)
        unchanged: list[bool] = []
        for top in range(0, height, BAND_ROWS):
            bottom = min(height, top + BAND_ROWS)
            unchanged.append(bottom <= common and not any(rows[top:bottom]))  # a band past the backdrop is new
        return unchanged

    def _changed_rows(self, image: Image.Image) -> bytes:
        """Per row that both pictures have: 1 where ``image`` differs from the backdrop, else 0."""
        diff = ImageChops.difference(image, self.image)  # Pillow compares the rows both have
        # A copy of the backdrop (the public picture itself) differs nowhere: its bounding box
        # (~0.1 ms) says so without the projection (~0.6 ms on a board).
        return bytes(diff.height) if diff.getbbox() is None else bytes(diff.getprojection()[1])

    def _changed_rows_in(self, image: Image.Image, spans: tuple[tuple[int, int], ...], common: int) -> bytes:
        """:meth:`_changed_rows` comparing only the rows of ``spans`` (merged), the others taken as unchanged.

        A private picture changes a banner, a box and a hand: comparing those rows alone
        (~0.3 ms) instead of the whole board (~1.4 ms for the difference and its projection)
        is most of what encoding a private picture saves here.
        """
        changed = bytearray(common)
        for top, bottom in _merged(spans, common):
            box = (0, top, self.width, bottom)
            diff = ImageChops.difference(image.crop(box), self.image.crop(box))
            if diff.getbbox() is not None:
                changed[top:bottom] = bytes(diff.getprojection()[1])
        return bytes(changed)

    def encode(self, image: Image.Image) -> bytes:
        """``image`` (RGB, as wide as the backdrop) as a PNG on the backdrop's palette."""
        self._prepare()
        width, height = image.size
        unchanged = self._unchanged(image)
        if height == self.height and all(unchanged):
            return self._png_of_backdrop()
        rows = Image.new("P", (width + 1, height), 0)  # its scanlines: the backdrop's, then the changed bands
        rows.paste(self._rows, (0, 0))
        band = 0
        while band < len(unchanged):
            if unchanged[band]:
                band += 1
                continue
            # A run of changed bands is mapped in one call (each call sets up a colour cache).
            end = band
            while end < len(unchanged) and not unchanged[end]:
                end += 1
            box = (0, band * BAND_ROWS, width, min(height, end * BAND_ROWS))
            region = image.crop(box)
            mapped_region = region.quantize(palette=self._palette, dither=Image.Dither.NONE)
            if _poorly_mapped(region, mapped_region):
                return _alone_to_png(image)  # a colour the backdrop lacks: a palette of its own
            rows.paste(mapped_region, (1, box[1]))
            band = end
        stream: bytes = DEFLATE.compress(rows.tobytes(), PNG_COMPRESS_LEVEL)
        return _png(width, height, self._plte, stream)


POOR_MAPPING_ERROR: Final = 12
"""A pixel whose colour moved by more than this (of 255, on some channel) is mapped poorly."""
POOR_MAPPING_SHARE: Final = 0.02
"""The share of poorly mapped pixels in a changed band above which the backdrop's palette is
given up: a picture drawn over a backdrop may use a colour the backdrop lacks (Rialto outlines
the viewer's row in the highlight yellow, shown nowhere on the public board at the start).
Mapped with its own palette, a board has under 0.3 % of such pixels; a missing colour puts
10 % and more in the bands that show it. Measured on 3,000 private pictures of Rialto and
Venezia 2099: 4 % fall back; the others have at most 0.05 % such pixels (0.03 % alone)."""


_POOR_PIXEL: Final = [0] * (POOR_MAPPING_ERROR + 1) + [255] * (255 - POOR_MAPPING_ERROR)
"""A lookup table: 255 where a channel's error is poor, else 0."""


POOR_CHECK_COLUMNS: Final = 4
"""The poor-mapping check looks at every 4th column of a region (:func:`checked_columns`).

A colour the backdrop lacks fills areas (a note, an outline, a title: 10 % and more of the
bands that show it), which every 4th column samples as well as all of them; a stray
antialiased pixel is not what the check is for. Looking at a quarter of the pixels makes
the check, the dearest step of encoding a private picture after mapping it, about 2.5x
cheaper (0.5 -> 0.2 ms for a hand and its rows, 0.7 -> 0.35 ms when every band is weighed)."""


def checked_columns(image: Image.Image) -> Image.Image:
    """The columns of ``image`` the poor-mapping check looks at: every :data:`POOR_CHECK_COLUMNS`-th, all its rows."""
    return image.resize((max(1, image.width // POOR_CHECK_COLUMNS), image.height), Image.Resampling.NEAREST)


def _poorly_mapped(region: Image.Image, mapped: Image.Image) -> bool:
    """Whether, in some band of ``region``, too many pixels changed colour when mapped (``mapped``).

    Judged on the columns :func:`checked_columns` keeps. Most regions have next to no poor
    pixels: the histogram of the errors (one pass) counts them over the whole region, and
    when even all of them in its smallest band would not make it poor, none is
    (:func:`_poor_band` is dearer: it thresholds every pixel and averages every band): 1
    region in 6 of Rialto's private pictures needs it, next to none of Venezia 2099's.
    """
    region, mapped = checked_columns(region), checked_columns(mapped)
    errors = ImageChops.difference(region, mapped.convert("RGB"))
    histogram = errors.histogram()
    poor = max(sum(histogram[channel + POOR_MAPPING_ERROR + 1 : channel + 256]) for channel in (0, 256, 512))
    smallest = region.width * (region.height - (region.height - 1) // BAND_ROWS * BAND_ROWS)  # the last band's pixels
    # A band's share is rounded to 1/255 (see _poor_band): one at most floor(limit)/255 is not poor.
    if poor * 255 <= math.floor(POOR_MAPPING_SHARE * 255) * smallest:
        return False
    return _poor_band(errors)


def _poor_band(errors: Image.Image) -> bool:
    """Whether some band of ``errors`` (a region's difference to its mapping) has too many poor pixels.

    The poor pixels (255 on the channel whose error is poor) are averaged over each band by
    ``reduce``: the mean, rounded, is the share of poor pixels times 255.
    """
    shares = errors.point(_POOR_PIXEL * 3).reduce((errors.width, BAND_ROWS))
    limit = POOR_MAPPING_SHARE * 255
    return any(max(_rgb_at(shares, 0, band)) > limit for band in range(shares.height))


def _rgb_at(image: Image.Image, x: int, y: int) -> RGB:
    pixel = image.getpixel((x, y))
    assert isinstance(pixel, tuple)
    return (int(pixel[0]), int(pixel[1]), int(pixel[2]))


def share(image: Image.Image, extra: Image.Image | None = None, exact: tuple[RGB, ...] = ()) -> Image.Image:
    """Mark ``image`` (RGB, never drawn on again: a cached layer) as the backdrop of its moment.

    Copies of it (``image.copy()``) and pictures marked with :func:`drawn_over` are encoded by
    :func:`to_png` with its palette, reusing its bytes where their pixels are its pixels.
    ``extra`` (RGB, no wider than ``image``, the same for every moment): what pictures drawn
    over this one add in colours the backdrop lacks (a hand of cards under a board), so its
    palette is chosen for them too; ``exact``: flat colours the palette must hold as they are
    (the octree merges colours a few steps apart, white text with a cream card, and a colour
    moved by more than :data:`POOR_MAPPING_ERROR` in a band's text makes a picture drawn over
    this one fall back). A picture still mapped poorly on it gets a palette of its own.
    Returns ``image``.
    """
    image.info[_BACKDROP] = Backdrop(image, extra, exact)
    return image


def drawn_over(image: Image.Image, backdrop: Image.Image, rows: Iterable[tuple[int, int]] | None = None) -> Image.Image:
    """Mark ``image`` as drawn over ``backdrop`` (an image marked by :func:`share`, pasted at its top left).

    ``rows``: the spans of rows ``(top, bottom)``, bottom exclusive, in which the caller may
    draw over the pasted backdrop; :func:`to_png` then compares only those rows with the
    backdrop and takes every other row (that both pictures have) as the backdrop's. The
    PNG is the same as without ``rows`` as long as nothing is drawn outside them (the
    renderers' tests check it on seeded matches); were something drawn there, it would show
    the backdrop's pixels, the public picture's, never another seat's. None compares every row.
    """
    if _BACKDROP in backdrop.info:
        image.info[_BACKDROP] = backdrop.info[_BACKDROP]
        if rows is not None:
            image.info[_DRAWN_ROWS] = tuple(rows)
    return image


def lent(picture: Image.Image) -> Image.Image:
    """``picture`` (a cached picture) for a caller that may draw on it, without copying it first.

    The twin shares the pixels and is marked read-only, so Pillow copies them on the first
    drawing or paste (``Image._ensure_mutable``); a write through ``load()`` raises instead.
    Either way the cached picture never changes. A public picture is mostly only encoded, and
    a copy of it (~3 MB) is a quarter of a millisecond.
    """
    twin = picture._new(picture.im)
    twin.readonly = 1
    return twin


def shown_as_is(backdrop: Image.Image) -> Image.Image:
    """``backdrop`` (an image marked by :func:`share`) for a viewer who sees nothing more: the channel.

    Lent, not copied (:func:`lent`), and marked as drawn over itself in no row, so that
    encoding compares nothing and gives the backdrop's own PNG, made once for the moment.
    """
    return drawn_over(lent(backdrop), backdrop, ())


def laid_over(backdrop: Image.Image, size: tuple[int, int], background: RGB) -> Image.Image:
    """A new RGB picture of ``size`` showing ``backdrop`` at its top left and ``background`` elsewhere.

    What a private picture starts from. Only the rows and columns the backdrop leaves are
    filled: filling the whole picture first, ~1 M pixels the backdrop then covers, cost
    ~0.3 ms a picture.
    """
    width, height = size
    image = Image.new("RGB", size, None)  # not initialised: every pixel is set below
    image.paste(backdrop, (0, 0))
    if width > backdrop.width:
        image.paste(background, (backdrop.width, 0, width, height))
    if height > backdrop.height:
        image.paste(background, (0, backdrop.height, min(width, backdrop.width), height))
    return image


def drawn_rows(image: Image.Image) -> tuple[tuple[int, int], ...] | None:
    """The spans of rows ``image`` was declared to be drawn in over its backdrop (None: not declared)."""
    spans: tuple[tuple[int, int], ...] | None = image.info.get(_DRAWN_ROWS)
    return spans


def _merged(spans: Iterable[tuple[int, int]], height: int) -> list[tuple[int, int]]:
    """``spans`` cut to ``[0, height)``, sorted, overlapping or touching ones joined."""
    merged: list[tuple[int, int]] = []
    for top, bottom in sorted((max(0, top), min(height, bottom)) for top, bottom in spans):
        if bottom <= top:
            continue
        if merged and top <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], bottom))
        else:
            merged.append((top, bottom))
    return merged


# --- Colours ------------------------------------------------------------------------------


def blend(base: RGB, over: RGB, alpha: float) -> RGB:
    """``over`` laid on ``base`` with opacity ``alpha`` (0: base, 1: over)."""
    r0, g0, b0 = base
    r1, g1, b1 = over
    return (
        round(r0 + (r1 - r0) * alpha),
        round(g0 + (g1 - g0) * alpha),
        round(b0 + (b1 - b0) * alpha),
    )


def luminance(color: RGB) -> float:
    """Relative luminance (WCAG 2), 0 for black to 1 for white."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = color
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio of two colours, from 1 (none) to 21 (black on white)."""
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def readable_ink(background: RGB, theme: Theme) -> RGB:
    """Whichever of the theme's piece inks reads better on ``background``."""
    candidates = (theme.light_piece_ink, theme.dark_piece_ink)
    return max(candidates, key=lambda ink: contrast_ratio(ink, background))


# --- Text ---------------------------------------------------------------------------------


TEXT_CACHE_SIZE: Final = 4096
"""Distinct (text, size, anchor, fraction) masks kept; a long match shows a few hundred."""


def text_width(text: str, face: Font) -> float:
    """The advance width of ``text`` in pixels."""
    return face.getlength(text)


@cached(TEXT_CACHE_SIZE)
def text_length(text: str, size: int, bold: bool = False) -> float:
    """``font(size, bold).getlength(text)``, remembered: a renderer measures the same labels in every picture."""
    return font(size, bold).getlength(text)


def fit_text(text: str, max_width: float, size: int, *, bold: bool = False, min_size: int = 14) -> tuple[Font, str]:
    """The largest font (``min_size``..``size``) in which ``text`` fits ``max_width``.

    When even ``min_size`` is too wide, the text is cut and ends with "…". The whole text is
    measured through :func:`text_length`: a renderer that measured it at that size already
    (to lay out around it) does not lay it out again.
    """
    for candidate in range(size, min_size - 1, -1):
        if text_length(text, candidate, bold) <= max_width:
            return font(candidate, bold), text
    face = font(min_size, bold)
    cut = text
    while cut and text_width(cut + "…", face) > max_width:
        cut = cut[:-1]
    return face, cut.rstrip() + "…"


Align: TypeAlias = Literal["left", "center", "right"]

_ANCHORS: Final[dict[str, str]] = {"left": "lm", "center": "mm", "right": "rm"}


def draw_centered_text(draw: ImageDraw.ImageDraw, center: Point, text: str, face: Font, fill: Ink) -> None:
    """Write ``text`` with its middle on ``center``."""
    draw.text(center, text, font=face, fill=fill, anchor="mm")


# --- Shapes -------------------------------------------------------------------------------


def supersampled(size: tuple[int, int], paint: Callable[[ImageDraw.ImageDraw, float], None]) -> Image.Image:
    """An RGBA sprite of ``size``: ``paint(draw, scale)`` draws it ``SUPERSAMPLE`` times larger.

    ``paint`` receives the scale so it can multiply its coordinates; the result is shrunk
    with a Lanczos filter, which anti-aliases every edge.
    """
    width, height = size
    big = Image.new("RGBA", (width * SUPERSAMPLE, height * SUPERSAMPLE), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), float(SUPERSAMPLE))
    return big.resize(size, Image.Resampling.LANCZOS)


def tint_box(image: Image.Image, box: Box, color: RGB, alpha: float) -> None:
    """Lay ``color`` over the pixels of ``box`` with opacity ``alpha``, in place."""
    region = image.crop(box)
    overlay = Image.new(region.mode, region.size, color)
    image.paste(Image.blend(region, overlay, alpha), box[:2])


def regular_polygon_points(center: Point, radius: float, sides: int, rotation: float = -90.0) -> list[Point]:
    """The corners of a regular polygon; with the default rotation, a corner points up."""
    cx, cy = center
    return [
        (
            cx + radius * math.cos(math.radians(rotation + 360 * i / sides)),
            cy + radius * math.sin(math.radians(rotation + 360 * i / sides)),
        )
        for i in range(sides)
    ]


def seat_shape_points(shape: str, center: Point, radius: float) -> list[Point] | None:
    """The outline of a seat marker shape, or None for the circle."""
    cx, cy = center
    if shape == "circle":
        return None
    if shape == "square":
        r = radius * 0.86
        return [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    if shape == "triangle":
        return regular_polygon_points((cx, cy + radius * 0.15), radius * 1.1, 3)
    if shape == "diamond":
        return regular_polygon_points(center, radius, 4)
    if shape == "pentagon":
        return regular_polygon_points(center, radius, 5)
    raise ValueError(shape)


def draw_seat_marker(
    draw: ImageDraw.ImageDraw,
    center: Point,
    radius: float,
    seat: int,
    theme: Theme,
    *,
    outline: RGB | None = None,
    width: int = 2,
) -> None:
    """A seat's marker: its colour AND its own shape, so colour is never the only cue."""
    fill = theme.seat_color(seat)
    edge = outline or theme.light_piece_ink
    points = seat_shape_points(SEAT_SHAPES[seat % len(SEAT_SHAPES)], center, radius)
    if points is None:
        cx, cy = center
        draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=fill, outline=edge, width=width)
    else:
        draw.polygon(points, fill=fill, outline=edge, width=width)


def draw_cross(draw: ImageDraw.ImageDraw, center: Point, radius: float, fill: RGB, width: int) -> None:
    """A diagonal cross "×" of half-size ``radius``."""
    cx, cy = center
    draw.line((cx - radius, cy - radius, cx + radius, cy + radius), fill=fill, width=width)
    draw.line((cx - radius, cy + radius, cx + radius, cy - radius), fill=fill, width=width)


def draw_dashed_rectangle(
    draw: ImageDraw.ImageDraw, box: Box, fill: Ink, *, width: int = 3, dash: int = 12, gap: int = 8
) -> None:
    """The outline of ``box`` as dashes, for "to be filled" cells."""
    left, top, right, bottom = box
    right -= 1
    bottom -= 1
    step = dash + gap
    for x in range(left, right, step):
        end = min(x + dash, right)
        draw.line((x, top, end, top), fill=fill, width=width)
        draw.line((x, bottom, end, bottom), fill=fill, width=width)
    for y in range(top, bottom, step):
        end = min(y + dash, bottom)
        draw.line((left, y, left, end), fill=fill, width=width)
        draw.line((right, y, right, end), fill=fill, width=width)


# --- Cached text --------------------------------------------------------------------------
#
# FreeType rendering is most of the time of drawing a board picture: a picture writes 30-100
# strings, and most of them (labels, names, counts, reasons) recur from one move to the next.
# These helpers render each distinct string once into a coverage mask and paste the ink
# through it. The pixels are exactly those of ``ImageDraw.text``: Pillow places a line at
# the integer part of its point and passes the fractional part to FreeType, so the mask
# depends on (text, font, anchor, fraction) and never on the whole point. A new string
# (the banner's "Last: ..." line is new at every move) costs one FreeType layout for its
# mask and one for its width when it is fitted to a box (:func:`text_length`, shared).

_written: list[tuple[str, int]] | None = None
"""While :func:`recording_text` runs: every (text, size) that :func:`write` drew."""


@contextlib.contextmanager
def recording_text() -> Iterator[list[tuple[str, int]]]:
    """Collect the (text, font size) of every string written meanwhile, for legibility tests.

    Every renderer writes through :func:`write` (sprites included), so the list holds every
    text of a picture drawn inside the block with cold caches; not thread-safe (tests only).
    """
    global _written
    _written = []
    try:
        yield _written
    finally:
        _written = None


@cached(TEXT_CACHE_SIZE)
def text_mask(
    text: str, size: int, bold: bool, anchor: str, phase: tuple[float, float]
) -> tuple[Image.Image, int, int]:
    """The coverage of ``text`` as ``ImageDraw.text`` draws it, and the mask's offset from the point.

    ``phase`` is the fractional part of the point (``x - int(x)``, negative left of or above
    the image). Pasting ``fill`` through the mask at ``(int(x) + dx, int(y) + dy)`` gives the
    pixels of drawing at ``(x, y)``.

    The mask is the one ``ImageDraw.text`` itself blends in (``getmask2`` of a single line,
    mode "L", the same anchor and fraction), cropped to its ink: FreeType lays the string
    out once. Measuring its box first and drawing it on a canvas laid it out twice: measured
    on the 966 distinct strings of four matches, the same masks in 0.096 ms a string, not
    0.138; a banner's "Last: ..." line in 0.23 ms, not 0.30 (rasterising the glyphs is the rest).
    """
    core, (dx, dy) = font(size, bold).getmask2(text, "L", anchor=anchor, start=phase)
    mask = Image.Image()._new(core)  # Pillow's own wrapping of a core image; the same pixels
    ink = mask.getbbox()
    if ink is None:
        return Image.new("L", (0, 0)), 0, 0
    return mask.crop(ink), dx + ink[0], dy + ink[1]


def write(
    image: Image.Image,
    point: Point,
    text: str,
    *,
    size: int,
    fill: Ink,
    bold: bool = False,
    anchor: str = "la",
) -> None:
    """``ImageDraw.text`` of ``text`` in the bundled font, with a cached mask: the same pixels.

    Text of several lines (never used by the boards) is drawn uncached: Pillow spaces its lines.
    """
    if _written is not None:
        _written.append((text, size))
    if "\n" in text:
        ImageDraw.Draw(image).text(point, text, font=font(size, bold), fill=fill, anchor=anchor)
        return
    x, y = point
    left, top = int(x), int(y)  # Pillow's split of the point: whole part and fraction
    mask, dx, dy = text_mask(text, size, bold, anchor, (x - left, y - top))
    if mask.width:
        left += dx
        top += dy
        image.paste(fill, (left, top, left + mask.width, top + mask.height), mask)


@cached(TEXT_CACHE_SIZE)
def fitted_text(text: str, max_width: float, size: int, bold: bool, min_size: int) -> tuple[int, str]:
    """The font size and the (possibly cut) text that :func:`fit_text` chooses, remembered."""
    face, shown = fit_text(text, max_width, size, bold=bold, min_size=min_size)
    return int(face.size), shown


def write_in_box(
    image: Image.Image,
    box: Box,
    text: str,
    *,
    size: int,
    fill: Ink,
    bold: bool = False,
    align: Align = "left",
    min_size: int = 14,
) -> int:
    """Write ``text`` on one line, vertically centred in ``box``, shrunk to fit its width.

    Fitting and glyph masks are cached (the pixels of ``ImageDraw.text`` with the font
    :func:`fit_text` chooses); returns the size used.
    """
    left, top, right, bottom = box
    used, shown = fitted_text(text, right - left, size, bold, min_size)
    x = {"left": left, "center": (left + right) / 2, "right": right}[align]
    write(image, (x, (top + bottom) / 2), shown, size=used, fill=fill, bold=bold, anchor=_ANCHORS[align])
    return used


def write_banner(
    image: Image.Image,
    box: Box,
    title: str,
    subtitle: str,
    theme: Theme,
    *,
    fill: RGB | None = None,
    icon_width: int = 0,
    title_size: int = 36,
    subtitle_size: int = 24,
) -> Box:
    """The bar at the top of a board: ``title`` (whose turn, or the result) above ``subtitle``.

    ``icon_width`` pixels at the left are kept free for the caller's marker; returns that
    free square's box.
    """
    left, top, right, bottom = box
    image.paste(fill or theme.banner, (left, top, right, bottom))
    pad = (bottom - top) // 8
    icon_box = (left + pad, top + pad, left + pad + icon_width, bottom - pad)
    text_left = left + pad * 2 + icon_width if icon_width else left + pad * 2
    text_right = right - pad * 2
    ink = theme.banner_text
    if subtitle:
        middle = top + (bottom - top) * 11 // 20
        title_box = (text_left, top + pad // 2, text_right, middle)
        write_in_box(image, title_box, title, size=title_size, fill=ink, bold=True)
        subtitle_box = (text_left, middle, text_right, bottom - pad // 2)
        write_in_box(image, subtitle_box, subtitle, size=subtitle_size, fill=ink)
    else:
        write_in_box(image, (text_left, top, text_right, bottom), title, size=title_size, fill=ink, bold=True)
    return icon_box


@cached(1024)
def wrap_words(text: str, max_width: float, size: int, *, bold: bool) -> tuple[str, ...]:
    """``text`` broken at spaces into lines no wider than ``max_width`` at ``size`` (a lone long word stays whole).

    Remembered: measuring text is slow (tens of microseconds a word).
    """
    face = font(size, bold)
    lines: list[str] = []
    current = ""
    for word in text.split(" "):
        trial = f"{current} {word}" if current else word
        if current and text_width(trial, face) > max_width:
            lines.append(current)
            current = word
        else:
            current = trial
    lines.append(current)
    return tuple(lines)


def tally(names: list[str]) -> str:
    """Each name once with its count ("Guards 1 ×3"), in first-seen order: keeps alt texts of long piles short."""
    counts: dict[str, int] = {}
    for name in names:
        counts[name] = counts.get(name, 0) + 1
    return ", ".join(name if count == 1 else f"{name} ×{count}" for name, count in counts.items())
