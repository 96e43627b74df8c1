"""Pictures drawn over a shared backdrop: encoded with its palette, reusing its mapped unchanged bands.

The pictures of one decision are one public picture with a few private parts over it; the
kit encodes them from the public one's palette and palette-mapped pixels (``kit.share``,
``kit.drawn_over``). These tests check that the PNGs are valid streams (checksums included),
show what was drawn, and really reuse the backdrop's work.
"""

from __future__ import annotations

import gc
import io
import struct
import weakref
import zlib
from collections.abc import Iterator

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from bot.i18n import tr_for
from games import REGISTRY
from games.core import Rng
from renderers import kit, render, rialto, twilight, venezia2099
from renderers.theme import DEFAULT_THEME


def board(width: int = 300, height: int = 203) -> Image.Image:
    """A picture with flat areas, anti-aliased shapes and text (203 rows: a partial last band)."""
    image = Image.new("RGB", (width, height), DEFAULT_THEME.background)
    draw = ImageDraw.Draw(image)
    for index in range(6):
        left = 10 + index * 45
        draw.ellipse((left, 40, left + 40, 80), fill=DEFAULT_THEME.seat_color(index), outline=(0, 0, 0), width=3)
    kit.write(image, (12, 120), "Ход белых · Venice", size=28, fill=DEFAULT_THEME.text, bold=True)
    draw.rectangle((0, 170, width - 1, height - 1), fill=DEFAULT_THEME.panel)
    return image


def idat(png: bytes) -> bytes:
    """The concatenated IDAT data of ``png``, each chunk's CRC checked."""
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    position, data = 8, b""
    while position < len(png):
        (length,) = struct.unpack(">I", png[position : position + 4])
        kind = png[position + 4 : position + 8]
        body = png[position + 8 : position + 8 + length]
        (crc,) = struct.unpack(">I", png[position + 8 + length : position + 12 + length])
        assert crc == zlib.crc32(kind + body), kind
        if kind == b"IDAT":
            data += body
        position += 12 + length
    return data


def decode(png: bytes) -> Image.Image:
    zlib.decompress(idat(png))  # checks the joined stream and its Adler-32
    with Image.open(io.BytesIO(png)) as opened:
        return opened.convert("RGB")


def mean_error(a: Image.Image, b: Image.Image) -> float:
    return max(ImageStat.Stat(ImageChops.difference(a, b)).mean)


def test_a_shared_picture_encodes_to_the_same_pixels_as_alone() -> None:
    backdrop = kit.share(board())
    alone = decode(kit._alone_to_png(board()))
    assert ImageChops.difference(decode(kit.to_png(backdrop)), alone).getbbox() is None
    copy = backdrop.copy()
    assert ImageChops.difference(decode(kit.to_png(copy)), alone).getbbox() is None


@pytest.mark.parametrize("height", [203, 150, 260, 208], ids=["same", "shorter", "taller", "band-multiple"])
def test_a_picture_drawn_over_a_backdrop_shows_what_was_drawn(height: int) -> None:
    backdrop = kit.share(board())
    image = kit.drawn_over(Image.new("RGB", (300, height), DEFAULT_THEME.background), backdrop)
    image.paste(backdrop, (0, 0))
    ImageDraw.Draw(image).rectangle((100, 90, 200, 130), fill=DEFAULT_THEME.seat_color(2))
    kit.write(image, (20, 5), "Ваш ход", size=24, fill=DEFAULT_THEME.text)
    if height > 203:
        ImageDraw.Draw(image).rectangle((0, 203, 299, height - 1), fill=DEFAULT_THEME.panel)
    decoded = decode(kit.to_png(image))
    assert decoded.size == image.size
    assert mean_error(decoded, image) < 1.5
    # Where the pixels are the backdrop's, the PNG holds exactly the backdrop's encoding.
    shown_backdrop = decode(kit.to_png(backdrop))
    rows = (kit.BAND_ROWS * 3, kit.BAND_ROWS * 5)  # rows 48-80: the discs, untouched
    box = (0, rows[0], 300, rows[1])
    assert ImageChops.difference(decoded.crop(box), shown_backdrop.crop(box)).getbbox() is None
    assert decoded.getpixel((150, 110)) == DEFAULT_THEME.seat_color(2)


def test_a_colour_the_backdrop_lacks_gets_a_palette_of_its_own() -> None:
    """Mapped onto the backdrop's palette, a new colour would shift: the picture is encoded alone."""
    backdrop = kit.share(board())
    image = kit.drawn_over(backdrop.copy(), backdrop)
    magenta = (255, 0, 255)
    ImageDraw.Draw(image).rectangle((100, 90, 200, 130), fill=magenta)
    assert kit.to_png(image) == kit._alone_to_png(image)
    assert decode(kit.to_png(image)).getpixel((150, 110)) == magenta


def mapped_regions(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """The (width, height) of each region of a picture mapped onto its backdrop's palette, from now on."""
    regions: list[tuple[int, int]] = []
    original = kit._poorly_mapped

    def counting(region: Image.Image, mapped: Image.Image) -> bool:
        regions.append(region.size)
        return original(region, mapped)

    monkeypatch.setattr(kit, "_poorly_mapped", counting)
    return regions


def test_only_the_changed_bands_are_mapped(monkeypatch: pytest.MonkeyPatch) -> None:
    backdrop = kit.share(board())
    kit.to_png(backdrop)  # the backdrop's own mapping, once
    regions = mapped_regions(monkeypatch)
    image = kit.drawn_over(backdrop.copy(), backdrop)
    kit.write(image, (20, 5), "Ваш ход", size=24, fill=DEFAULT_THEME.text)  # rows 5-30: two bands
    kit.to_png(image)
    assert regions == [(300, 2 * kit.BAND_ROWS)]
    regions.clear()
    kit.to_png(backdrop.copy())
    assert regions == []


def test_the_backdrop_and_its_copies_share_one_png() -> None:
    """The channel's picture and a seat shown the public board (a finished match) are encoded once."""
    backdrop = kit.share(board())
    png = kit.to_png(backdrop)
    assert kit.to_png(backdrop.copy()) is png
    assert kit.to_png(kit.drawn_over(kit.lent(backdrop), backdrop, ())) is png


def test_an_unmarked_picture_is_encoded_alone() -> None:
    image = board()
    assert kit.to_png(image) == kit._alone_to_png(image)
    other = Image.new("RGB", (200, 203))
    assert kit.drawn_over(other, image) is other and "serenissima.backdrop" not in other.info


def views_of_one_moment(key: str, players: int, plies: int) -> list[object]:
    game = REGISTRY[key]
    state = game.initial_state(5, players)
    for ply in range(plies):
        seats = sorted(game.to_move(state))
        seat = seats[ply % len(seats)]
        state, _ = game.apply(state, seat, Rng(5, ply).choice(game.legal_moves(state, seat)))
    return [game.view(state, seat) for seat in (None, *range(players))]


@pytest.mark.parametrize(("key", "module"), [("venezia2099", venezia2099), ("rialto", rialto), ("twilight", twilight)])
@pytest.mark.parametrize("plies", [0, 17, 40])
def test_private_pictures_are_drawn_over_the_public_one(key: str, module: object, plies: int) -> None:
    """Every picture of a moment shares the public picture's backdrop, and encodes to what it shows."""
    kit.clear_caches()
    tr = tr_for("ru")
    views = views_of_one_moment(key, min(4, REGISTRY[key].max_players), plies)
    images = [render(key, view, tr=tr) for view in views if not previews(view)]
    backdrops = {id(image.info.get("serenissima.backdrop")) for image in images}
    assert len(backdrops) == 1 and None not in [image.info.get("serenissima.backdrop") for image in images]
    for image in images:
        assert mean_error(decode(kit.to_png(image)), image) < 1.5


def previews(view: object) -> bool:
    """Whether ``view`` is a Twilight mover's preview (tokens moved by the steps being built): drawn whole."""
    return bool(getattr(view, "is_preview", False))


def drawn_in_rows(backdrop: Image.Image, rows: list[tuple[int, int]] | None) -> Image.Image:
    """A picture over ``backdrop`` with a banner (rows 5-30) and a box (rows 90-130) drawn over it."""
    image = kit.drawn_over(Image.new("RGB", backdrop.size, DEFAULT_THEME.background), backdrop, rows)
    image.paste(backdrop, (0, 0))
    kit.write(image, (20, 5), "Ваш ход", size=24, fill=DEFAULT_THEME.text)
    ImageDraw.Draw(image).rectangle((100, 90, 200, 130), fill=DEFAULT_THEME.seat_color(2))
    return image


def test_declared_rows_give_the_same_png_as_comparing_every_row() -> None:
    backdrop = kit.share(board())
    declared = drawn_in_rows(backdrop, [(90, 131), (0, 40), (120, 135)])  # unsorted, overlapping
    assert kit.drawn_rows(declared) == ((90, 131), (0, 40), (120, 135))
    assert kit.to_png(declared) == kit.to_png(drawn_in_rows(backdrop, None))


def test_only_the_declared_rows_are_compared_with_the_backdrop() -> None:
    """A change outside the declared rows is taken for the backdrop's pixels: the declaration is trusted.

    So a renderer must declare every row it draws in (its tests check it); what shows instead is
    the backdrop's, the public picture's.
    """
    backdrop = kit.share(board())
    image = drawn_in_rows(backdrop, [(0, 40)])  # the box at rows 90-130 is not declared
    decoded = decode(kit.to_png(image))
    assert decoded.getpixel((150, 110)) == decode(kit.to_png(backdrop)).getpixel((150, 110))
    assert mean_error(decoded.crop((0, 0, 300, 32)), image.crop((0, 0, 300, 32))) < 1.5


def changes_outside_declared_rows(image: Image.Image) -> list[int]:
    """The rows, of those both pictures have, where ``image`` differs from its backdrop but were not declared."""
    spans = kit.drawn_rows(image)
    assert spans is not None
    backdrop = image.info["serenissima.backdrop"].image
    rows = ImageChops.difference(image, backdrop).getprojection()[1]
    return [y for y, changed in enumerate(rows) if changed and not any(top <= y < bottom for top, bottom in spans)]


@pytest.mark.parametrize("key", ["venezia2099", "rialto", "twilight"])
@pytest.mark.parametrize("locale", ["en", "ru"])
def test_private_pictures_draw_only_in_the_rows_they_declare(key: str, locale: str) -> None:
    """Over seeded matches to their end (every phase, the final scores): no undeclared row differs.

    This is what makes comparing only the declared rows give the PNG of comparing them all.
    """
    tr = tr_for(locale)
    game = REGISTRY[key]
    for seed, players in ((3, game.max_players), (8, game.min_players)):
        for ply, view in private_views(key, seed, players, every=9):
            image = render(key, view, tr=tr)
            assert changes_outside_declared_rows(image) == [], (seed, ply, view)


def private_views(key: str, seed: int, players: int, every: int) -> Iterator[tuple[int | str, object]]:
    """(ply, view) for each seat's view, previews left out, of every ``every``-th ply of a seeded match and its end."""
    game = REGISTRY[key]
    state = game.initial_state(seed, players)
    ply = 0
    while seats := sorted(game.to_move(state)):
        if ply % every == 0:
            views = (game.view(state, seat) for seat in range(players))
            yield from ((ply, view) for view in views if not previews(view))
        seat = seats[ply % len(seats)]
        state, _ = game.apply(state, seat, Rng(seed, ply).choice(game.legal_moves(state, seat)))
        ply += 1
    yield from (("end", game.view(state, seat)) for seat in range(players))  # the result and the scores


def test_a_picture_s_png_depends_on_its_pixels_and_its_backdrop_alone() -> None:
    """Encoded over a backdrop used before or over a fresh one, a picture gives the same bytes."""
    backdrop = kit.share(board())
    kit.to_png(backdrop)
    first, second = (kit.drawn_over(backdrop.copy(), backdrop) for _ in range(2))
    for image in (first, second):
        kit.write(image, (20, 5), "Ваш ход", size=24, fill=DEFAULT_THEME.text)
    ImageDraw.Draw(second).rectangle((100, 90, 200, 130), fill=DEFAULT_THEME.seat_color(2))
    pngs = [kit.to_png(first), kit.to_png(second)]
    fresh = kit.share(board())
    for image, png in zip((second, first), reversed(pngs), strict=True):
        again = kit.drawn_over(image.copy(), fresh)
        assert kit.to_png(again) == png


@pytest.mark.parametrize(("key", "seats"), [("venezia2099", (2, 5)), ("rialto", (2, 3, 5)), ("twilight", (2,))])
def test_private_pictures_are_encoded_on_the_public_palette(
    monkeypatch: pytest.MonkeyPatch, key: str, seats: tuple[int, ...]
) -> None:
    """No private picture falls back to a palette of its own: the public one is chosen for what they add.

    Rialto's viewer note and row outline in the highlight yellow, Twilight's hand and "Your
    turn" title: chosen on the public picture alone, the palette lacked them (202 of 2,482
    Rialto pictures, 870 of 880 Twilight ones fell back, each encoded whole after a wasted mapping).
    """
    alone: list[Image.Image] = []
    encode_alone = kit._alone_to_png

    def counted(image: Image.Image) -> bytes:
        alone.append(image)
        return encode_alone(image)

    monkeypatch.setattr(kit, "_alone_to_png", counted)
    shared = 0
    for locale in ("en", "ru"):
        tr = tr_for(locale)
        for players in seats:
            for _, view in private_views(key, 7, players, every=7):
                kit.to_png(render(key, view, tr=tr))
                shared += 1
    assert shared > 40 and alone == []


def test_a_shared_picture_goes_when_its_last_user_drops_it() -> None:
    """A public picture, its backdrop and a picture drawn over it form no reference cycle.

    The picture's ``info`` holds its backdrop; were the backdrop to hold the picture itself,
    each public picture (~3.5 MB with its mapped rows) would wait for the cyclic garbage
    collector, and a full collection freeing hundreds at once paused a decision 25-50 ms.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        public = kit.share(board())
        private = kit.drawn_over(public.copy(), public)
        kit.write(private, (20, 5), "Ваш ход", size=24, fill=DEFAULT_THEME.text)
        kit.to_png(public), kit.to_png(private)
        gone = weakref.ref(public), weakref.ref(public.info["serenissima.backdrop"]), weakref.ref(private)
        del public, private
        assert [ref() for ref in gone] == [None, None, None]
    finally:
        if collecting:
            gc.enable()


@pytest.mark.parametrize("key", sorted(REGISTRY))
def test_drawing_a_match_leaves_no_cyclic_garbage(key: str) -> None:
    """Every picture of a seeded match, public and private, is freed by reference counting alone."""
    kit.clear_caches()
    tr = tr_for("en")
    game = REGISTRY[key]
    collecting = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        for _, view in private_views(key, 4, game.max_players, every=7):
            kit.to_png(render(key, view, tr=tr))  # with the public picture it is drawn over
        kit.clear_caches()
        assert gc.collect() == 0
    finally:
        if collecting:
            gc.enable()
