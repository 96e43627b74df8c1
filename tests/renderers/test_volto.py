"""The Volto pictures: every view renders, and the pixels obey what each viewer may see."""

from __future__ import annotations

import io
import os
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

import renderers
from games.core import LOCALES, Message
from games.i18n import merge, translator
from games.volto import GAME
from games.volto.model import BLACK, WHITE, LastMove, MaskType, cell_index
from games.volto.view import SeenMask
from renderers import volto
from renderers.kit import blend, clear_caches
from renderers.theme import DEFAULT_THEME, Theme
from tests.games.volto.helpers import arrange
from tests.renderers.volto_samples import SAMPLES, over_view, play_view, setup_view

CATALOG = merge(GAME.messages, renderers.CATALOG)
GOLDEN = Path(__file__).parent / "golden"
REGENERATE = os.environ.get("SERENISSIMA_REGEN_GOLDEN") == "1"


def tr_for(locale: str) -> Any:
    return translator(CATALOG, locale)


def strict_tr(locale: str, used: set[str]) -> Any:
    """A translator that fails on any key missing from the locale, and records the keys."""
    plain = translator(CATALOG, locale)

    def check(message: Message) -> None:
        assert message.key in CATALOG[locale], f"{locale}: no template for {message.key!r}"
        used.add(message.key)
        for value in message.params.values():
            if isinstance(value, Message):
                check(value)

    def tr(key: str | Message, **params: Any) -> str:
        check(key if isinstance(key, Message) else Message(key, params))
        return plain(key, **params)

    return tr


def draw(view: Any, locale: str = "en", theme: Theme = DEFAULT_THEME) -> Image.Image:
    return volto.render(view, tr=tr_for(locale), theme=theme)


def same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a, b).getbbox() is None


def changed_mask(a: Image.Image, b: Image.Image) -> Image.Image:
    """A 1-bit image: white where ``a`` and ``b`` differ."""
    return ImageChops.difference(a, b).convert("L").point(lambda value: 255 if value else 0).convert("1")


def body_point(index: int, *, flipped: bool) -> tuple[int, int]:
    """A pixel of a board token's body clear of its face, letters and marks."""
    left, top, right, bottom = volto.cell_box(index, flipped=flipped)
    return round((left + right) / 2 - 0.22 * volto.TOKEN), round((top + bottom) / 2 - 0.28 * volto.TOKEN)


def near(actual: object, expected: tuple[int, ...], tolerance: int = 3) -> bool:
    assert isinstance(actual, tuple)
    return all(abs(a - e) <= tolerance for a, e in zip(actual, expected, strict=True))


# --- Every view renders -------------------------------------------------------------------


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_kind_of_view_renders_to_a_small_png(name: str, locale: str) -> None:
    image = draw(SAMPLES[name], locale)
    assert image.size == volto.SIZE
    assert 720 <= image.width <= 900
    png = renderers.to_png(image)
    assert len(png) < 200_000
    with Image.open(io.BytesIO(png)) as decoded:
        assert decoded.format == "PNG"
        assert decoded.size == volto.SIZE


@pytest.mark.parametrize("locale", LOCALES)
def test_every_string_of_every_picture_is_translated(locale: str) -> None:
    used: set[str] = set()
    tr = strict_tr(locale, used)
    for view in SAMPLES.values():
        volto.render(view, tr=tr)
        volto.alt_text(view, tr=tr)
    assert "volto.img.turn.1" in used
    assert "volto.img.setup.arrange" in used
    assert "volto.reason.palace" in used


def test_same_view_and_locale_give_the_same_pixels() -> None:
    first = draw(SAMPLES["play-black"], "ru")
    clear_caches()
    assert same(first, draw(SAMPLES["play-black"], "ru"))


def test_locales_give_different_pictures() -> None:
    assert not same(draw(SAMPLES["play-white"], "en"), draw(SAMPLES["play-white"], "ru"))


# --- The cached pieces draw what drawing in place would ----------------------------------------


DARK = Theme(background=(0, 0, 0), panel=(40, 40, 40), board_light=(200, 200, 200))


def test_cold_and_warm_caches_draw_the_same_pictures() -> None:
    # Every sample (both sides at the bottom, setup, play, the end) in both locales and two
    # themes, interleaved: a cached board or text must never show in another picture, and
    # drawing must never change a cached piece (every picture starts as a copy of one).
    cases = [
        (view, locale, theme) for view in SAMPLES.values() for locale in LOCALES for theme in (DEFAULT_THEME, DARK)
    ]
    clear_caches()
    cold = [draw(view, locale, theme) for view, locale, theme in cases]
    warm = [draw(view, locale, theme) for view, locale, theme in reversed(cases)][::-1]
    assert all(same(a, b) for a, b in zip(cold, warm, strict=True)), "a cached piece was changed by a picture"
    for index in (0, 7, len(cases) - 1):
        clear_caches()
        assert same(draw(*cases[index]), cold[index])


def test_the_base_layer_is_keyed_by_side_names_and_theme() -> None:
    white, black = draw(play_view(WHITE)), draw(play_view(BLACK))
    public = draw(play_view(None))
    # The headings of the panel: the viewer's side says "(you)", at the bottom.
    lower = (volto.PANEL_LEFT, volto.BOARD_TOP + volto.BOARD_HEIGHT - volto.SECTION_HEIGHT, volto.WIDTH, volto.HEIGHT)
    heading = (lower[0], lower[1], lower[2], lower[1] + volto.SECTION_PAD + volto.SECTION_HEADER)
    assert not same(public.crop(heading), white.crop(heading))
    assert volto._section_names(play_view(WHITE), tr_for("en")) == ("Black", "White (you)")
    assert volto._section_names(play_view(BLACK), tr_for("ru")) == ("Белые", "Чёрные (вы)")
    assert volto._section_names(play_view(None), tr_for("en")) == ("Black", "White")

    # The coordinates follow the side at the bottom: file a is leftmost for White, rightmost for Black.
    def under(image: Image.Image, flipped: bool) -> Image.Image:
        left, _, right, _ = volto.cell_box(cell_index("a1"), flipped=flipped)
        return image.crop((left, volto.BOARD_TOP + volto.BOARD_HEIGHT + 5, right, volto.HEIGHT))

    assert same(under(white, False), under(black, True))
    assert not same(under(white, False), under(black, False))


# --- What may be seen ---------------------------------------------------------------------


def test_an_arrangement_changes_its_owner_picture_but_not_the_others() -> None:
    start = GAME.initial_state(5, 2)
    first = arrange(arrange(start, WHITE, "NACANLNSAL"), BLACK, "NACANLNSAL")
    second = arrange(arrange(start, WHITE, "LNSANNACAL"), BLACK, "NACANLNSAL")
    for viewer in (None, BLACK):
        assert same(draw(GAME.view(first, viewer)), draw(GAME.view(second, viewer)))
    assert not same(draw(GAME.view(first, WHITE)), draw(GAME.view(second, WHITE)))


def test_a_known_type_changes_only_its_cell() -> None:
    noble = play_view(WHITE)
    cells = list(noble.board)
    a1 = cell_index("a1")
    assert cells[a1] == SeenMask(WHITE, MaskType.NOBLE)
    cells[a1] = SeenMask(WHITE, MaskType.ADVISOR)
    advisor = replace(noble, board=tuple(cells))
    mask = changed_mask(draw(noble), draw(advisor))
    box = volto.cell_box(a1)
    assert mask.crop(box).getbbox() is not None
    mask.paste(0, box)
    assert mask.getbbox() is None


def test_private_picture_differs_from_the_public_one() -> None:
    assert not same(draw(play_view(None)), draw(play_view(WHITE)))
    assert not same(draw(setup_view(None)), draw(setup_view(WHITE)))


@pytest.mark.parametrize("captured", [False, True], ids=["quiet", "capture"])
def test_last_move_highlight_changes_exactly_its_two_cells(captured: bool) -> None:
    origin, target = cell_index("b2"), cell_index("b3")
    before = play_view(None, last_move=None)
    after = play_view(None, last_move=LastMove(WHITE, origin, target, captured))
    mask = changed_mask(draw(before), draw(after))
    for cell in (origin, target):
        assert mask.crop(volto.cell_box(cell)).getbbox() is not None
        mask.paste(0, volto.cell_box(cell))
    assert mask.getbbox() is None


def test_capture_mark_is_drawn_only_for_captures() -> None:
    quiet = play_view(None, last_move=LastMove(WHITE, cell_index("c2"), cell_index("c5"), False))
    capture = play_view(None)
    mask = changed_mask(draw(quiet), draw(capture))
    box = volto.cell_box(cell_index("c5"))
    assert mask.crop(box).getbbox() is not None
    mask.paste(0, box)
    assert mask.getbbox() is None


def test_black_sees_the_board_from_black_side() -> None:
    view = play_view(BLACK)
    image = draw(view)
    a1, e7 = cell_index("a1"), cell_index("e7")
    a1_box = volto.cell_box(a1, flipped=True)
    assert a1_box[0] > volto.cell_box(e7, flipped=True)[0]
    assert a1_box[1] < volto.cell_box(e7, flipped=True)[1]
    assert near(image.getpixel(body_point(a1, flipped=True)), DEFAULT_THEME.light_piece)
    assert near(image.getpixel(body_point(e7, flipped=True)), DEFAULT_THEME.dark_piece)
    white_view = draw(play_view(WHITE))
    assert near(white_view.getpixel(body_point(a1, flipped=False)), DEFAULT_THEME.light_piece)
    assert near(white_view.getpixel(body_point(e7, flipped=False)), DEFAULT_THEME.dark_piece)


def test_public_picture_is_drawn_from_white_side() -> None:
    assert volto.bottom_seat(play_view(None)) == WHITE
    assert volto.bottom_seat(play_view(BLACK)) == BLACK
    image = draw(play_view(None))
    assert near(image.getpixel(body_point(cell_index("a1"), flipped=False)), DEFAULT_THEME.light_piece)


# --- Setup and the end --------------------------------------------------------------------


def test_setup_private_picture_marks_every_free_back_row_cell_alike() -> None:
    """The secret setup takes any mask on any free back-row cell: no cell is shown as "next"."""
    view = setup_view(WHITE, placed=3)
    board = list(view.board)
    board[cell_index("d2")], board[cell_index("a1")] = board[cell_index("a1")], None
    view = replace(view, board=tuple(board))
    free = ("a1", "d1", "e1", "a2", "b2", "c2", "e2")
    assert volto.free_setup_cells(view) == tuple(cell_index(name) for name in free)
    image, public = draw(view), draw(setup_view(None))
    for name in ("a1", "e1", "b2", "e2"):
        box = volto.cell_box(cell_index(name))
        corner = (box[0] + 14, box[1] + 14)
        plain = volto._cell_color(cell_index(name), DEFAULT_THEME)
        assert near(image.getpixel(corner), blend(plain, DEFAULT_THEME.highlight, volto.HIGHLIGHT_ALPHA)), name
        assert near(public.getpixel(corner), plain), name
    d2 = volto.cell_box(cell_index("d2"))
    plain_d2 = volto._cell_color(cell_index("d2"), DEFAULT_THEME)
    assert near(image.getpixel((d2[0] + 14, d2[1] + 14)), plain_d2), "a taken cell is not marked"
    title, _ = volto._banner_texts(view, translator(merge(renderers.CATALOG), "en"))
    assert "7" in title and "a1" not in title
    alt = volto.alt_text(view, tr=translator(merge(renderers.CATALOG), "en"))
    assert "a1, d1, e1, a2, b2, c2, e2" in alt


def test_free_setup_cells_follow_the_engine() -> None:
    state = GAME.initial_state(3, 2)
    state = arrange(state, BLACK, "NAC", confirm=False)
    view = GAME.view(state, BLACK)
    placed = {index for index, mask in enumerate(view.board) if mask is not None and mask.owner == BLACK}
    expected = tuple(cell for cell in volto.setup_cells(BLACK) if cell not in placed)
    assert len(expected) == 7
    assert volto.free_setup_cells(view) == expected
    assert volto.free_setup_cells(GAME.view(state, None)) == ()
    assert volto.free_setup_cells(setup_view(BLACK, placed=10)) == ()


def test_public_setup_picture_shows_an_empty_board() -> None:
    image = draw(setup_view(None, ready=(False, False)))
    for cell in (cell_index("a1"), cell_index("c2"), cell_index("e7")):
        left, top, right, bottom = volto.cell_box(cell)
        assert near(image.getpixel(((left + right) // 2, (top + bottom) // 2)), volto._cell_color(cell, DEFAULT_THEME))


def test_readiness_shows_on_the_public_setup_picture() -> None:
    assert not same(draw(setup_view(None, ready=(False, False))), draw(setup_view(None, ready=(False, True))))


def test_banner_is_the_win_colour_only_when_over() -> None:
    corner = (volto.WIDTH - 3, 3)
    assert draw(over_view(None)).getpixel(corner) == DEFAULT_THEME.win
    assert draw(play_view(None)).getpixel(corner) == DEFAULT_THEME.banner


def test_another_theme_is_just_another_instance() -> None:
    dark = Theme(background=(0, 0, 0), board_light=(200, 200, 200))
    image = draw(setup_view(None), theme=dark)
    assert image.getpixel((volto.WIDTH - 2, volto.HEIGHT - 2)) == (0, 0, 0)
    left, top, right, bottom = volto.cell_box(cell_index("c2"))  # a1 is dark, so c2 is light
    assert image.getpixel(((left + right) // 2, (top + bottom) // 2)) == (200, 200, 200)


# --- Alt text -----------------------------------------------------------------------------


def test_alt_text_describes_turn_last_move_and_counts() -> None:
    text = volto.alt_text(play_view(None), tr=tr_for("en"))
    assert text.startswith("Volto, the public board. Black to move.")
    assert "Last move: White, c2 to c5, with a capture." in text
    assert "Black masks off the board (2): Advisor, Lady." in text
    assert "Ply 14, 0 plies without a capture." in text
    assert "Noble" not in text


def test_private_alt_text_names_own_types_only() -> None:
    text = volto.alt_text(play_view(WHITE), tr=tr_for("en"))
    assert "It is your move." not in text
    assert "a1 Noble" in text
    assert "b5," in text
    black = volto.alt_text(play_view(BLACK), tr=tr_for("en"))
    assert "It is your move." in black
    assert "a1 Noble" not in black
    assert "b5 Noble" in black


def test_russian_alt_text_is_russian_and_complete() -> None:
    for view in SAMPLES.values():
        text = volto.alt_text(view, tr=tr_for("ru"))
        assert re.search("[а-яё]", text)
        assert "volto." not in text
        assert "{" not in text
    over = volto.alt_text(over_view(None), tr=tr_for("ru"))
    assert "Победа белых. Кандидат белых дошёл до дворца соперника." in over


def test_setup_alt_text_lists_the_free_cells() -> None:
    text = volto.alt_text(setup_view(WHITE, placed=3), tr=tr_for("en"))
    assert "any free cell of your two back rows: d1, e1, a2, b2, c2, d2, e2." in text
    assert "White is arranging their masks, Black is ready" in volto.alt_text(setup_view(None), tr=tr_for("en"))


# --- Golden images ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "locale"),
    [("play-public", "en"), ("play-black", "ru"), ("setup-white", "ru")],
    ids=["play-public-en", "play-black-ru", "setup-white-ru"],
)
def test_golden_image(name: str, locale: str) -> None:
    image = draw(SAMPLES[name], locale)
    path = GOLDEN / f"volto-{name}-{locale}.png"
    if REGENERATE:
        image.save(path, format="PNG", optimize=True)
    assert path.exists(), f"{path} is missing: run with SERENISSIMA_REGEN_GOLDEN=1 and look at it"
    with Image.open(path) as stored:
        expected = stored.convert("RGB")
    assert same(image, expected), f"{path.name} changed: look at the new picture, then regenerate"


# --- Legibility ---------------------------------------------------------------------------


@pytest.mark.parametrize("locale", LOCALES)
def test_mask_letters_are_at_least_20_px(locale: str) -> None:
    tr = tr_for(locale)
    for kind in MaskType:
        label = tr(f"volto.img.abbr.{kind.value}")
        for size in (volto.TOKEN, volto.TRAY_TOKEN):
            face, shown = volto.label_font(label, size)
            assert shown == label
            assert face.size >= 20, (label, size)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_letters_name_every_type_differently(locale: str) -> None:
    labels = {renderers.CATALOG[locale][f"volto.img.abbr.{kind.value}"] for kind in MaskType}
    assert len(labels) == len(MaskType)


def test_the_ply_counter_counts_moves_of_play_not_the_arrangement() -> None:
    from tests.games.volto.helpers import started

    state = started()
    view = GAME.view(state, None)
    assert view.ply > 20, "the arrangement took a move per mask and a confirmation"
    assert view.play_ply == 0
    tr = tr_for("en")
    assert "Ply 0," in volto.alt_text(view, tr=tr)
    (move, *_) = GAME.legal_moves(state, next(iter(GAME.to_move(state))))
    after = GAME.view(GAME.apply(state, next(iter(GAME.to_move(state))), move)[0], None)
    assert after.play_ply == 1
    assert "Ply 1," in volto.alt_text(after, tr=tr)


def test_russian_tray_labels_are_written_large() -> None:
    for label in ("Дв", "Сов", "Кан", "Дам", "Сол"):
        face, shown = volto.label_font(label, volto.TRAY_TOKEN)
        assert shown == label, "whole"
        assert face.size * 500 / volto.WIDTH >= 12, f"{label}: {face.size} px (was 20-22 of 900: 11-12 px)"
