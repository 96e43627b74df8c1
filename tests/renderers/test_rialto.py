"""The Rialto pictures: every view kind renders in both locales and shows only what it may."""

from __future__ import annotations

import hashlib
import itertools
import math
import re
import string
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image

from games.core import LOCALES
from games.i18n import expand, merge, missing_keys
from games.rialto import GAME, RialtoOptions, model
from games.rialto.model import Phase
from renderers import kit, rialto
from renderers.kit import to_png
from renderers.theme import DEFAULT_THEME
from tests.games.rialto.helpers import random_trail
from tests.renderers.checks import (
    CHAT_WIDTH,
    MIN_CHAT_TEXT,
    chat_size,
    check_shared_layer,
    draw_one_moment,
    same,
    strict_translator,
    written_texts,
)

CATALOG = merge(GAME.messages, rialto.MESSAGES)


def strict_tr(locale: str) -> Any:
    """A translator that fails on any key missing from the locale."""
    return strict_translator(CATALOG, locale)


def first(trail, predicate):
    return next(state for state, _, _ in trail if predicate(state))


def sample_states():
    """One state of each kind of decision, for 3 players, 5 players and the neutral game."""
    states = {}
    for tag, players, options in (
        ("3p", 3, RialtoOptions()),
        ("5p", 5, RialtoOptions()),
        ("np", 2, RialtoOptions(neutral=True)),
    ):
        trail = random_trail(60 + players, players, options)
        states[f"{tag}-setup"] = trail[0][0]
        states[f"{tag}-rows"] = first(trail, lambda s: s.phase is Phase.ROWS and s.round == 2)
        states[f"{tag}-discard"] = first(trail, lambda s: s.phase is Phase.DISCARD)
        states[f"{tag}-draft"] = first(trail, lambda s: s.phase is Phase.PLAY and len(s.draft) >= 2)
        states[f"{tag}-action"] = first(trail, lambda s: s.phase is Phase.ACTION)
        states[f"{tag}-blue"] = first(trail, lambda s: s.phase is Phase.BLUE)
        states[f"{tag}-over"] = trail[-1][0]
    return states


SAMPLES = sample_states()
KINDS = [(name, seat) for name in SAMPLES for seat in (None, 0, 1)]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(("name", "seat"), KINDS, ids=[f"{name}-{seat}" for name, seat in KINDS])
def test_every_view_kind_renders_with_complete_translations(name, seat, locale):
    view = GAME.view(SAMPLES[name], seat)
    image = rialto.render(view, tr=strict_tr(locale))
    assert image.mode == "RGB"
    assert image.size == rialto.image_size(view)
    assert image.size[0] == 900 and image.size[1] <= 1600
    if view.scores is None:  # a move's pictures stay under 1.22 Mpx (PNG encoding time is per pixel;
        # legible text at chat size costs ~12 % more height than the 1.08 Mpx of the small-text layout)
        assert image.size[0] * image.size[1] <= 1_220_000
    text = rialto.alt_text(view, tr=strict_tr(locale))
    assert "{" not in text and "rialto." not in text
    png = to_png(image)
    assert png.startswith(b"\x89PNG") and len(png) < 200_000


def test_catalog_is_complete_and_russian():
    assert missing_keys(rialto.MESSAGES, LOCALES) == set()
    english, russian = rialto.MESSAGES["en"], rialto.MESSAGES["ru"]
    assert all(key.startswith(("rialto.img.", "rialto.alt.")) for key in english)
    letters = {
        key: sum(c.isalpha() for c in string.Formatter().vformat(expand(text, "en", {}), (), Blank()))
        for key, text in english.items()
    }
    assert [key for key in english if english[key] == russian[key] and letters[key] > 3] == []


class Blank(dict):
    def __missing__(self, key):
        return ""


def test_private_picture_shows_the_hand_and_the_public_one_does_not():
    state = SAMPLES["3p-draft"]
    (seat,) = GAME.to_move(state)
    public = GAME.view(state, None)
    private = GAME.view(state, seat)
    assert private.hand and not public.hand and private.draft and not public.draft
    assert rialto.render(private, tr=strict_tr("en")).size[1] > rialto.render(public, tr=strict_tr("en")).size[1]
    assert "Your hand" in rialto.alt_text(private, tr=strict_tr("en"))


def test_same_view_same_pixels():
    view = GAME.view(SAMPLES["5p-action"], None)
    assert same(rialto.render(view, tr=strict_tr("ru")), rialto.render(view, tr=strict_tr("ru")))


def test_connection_badges_stand_apart_from_each_other_and_the_districts():
    badges = [badge for _, badge in rialto.connection_paths()]
    assert len(badges) == len(model.CONNECTIONS)
    for i, (x, y) in enumerate(badges):
        for other in badges[i + 1 :]:
            assert math.hypot(x - other[0], y - other[1]) >= rialto.BADGE * 2
        for district in range(len(model.DISTRICTS)):
            left, top, right, bottom = rialto.district_box(district)
            assert not (left <= x <= right and top <= y <= bottom)


def test_no_badge_sits_on_a_value_of_another_connection():
    paths = rialto.connection_paths()
    for connection, (_, (x, y)) in enumerate(paths):
        for other in range(len(paths)):
            if other == connection:
                continue
            for vx, vy in rialto.value_centers(other):
                # The badge (at most 2*BADGE wide, 40 px high) and a value circle (radius 12) do not meet.
                assert abs(x - vx) >= rialto.BADGE + 12 or abs(y - vy) >= 20 + 12, (connection, other)


def test_non_adjacent_districts_face_each_other_across_the_canal():
    centers = rialto.district_centers()
    for north, south in ((0, 5), (2, 3), (1, 4)):  # CAN-DOR, SMA-SCR, CAS-SPO
        assert centers[north][0] == centers[south][0]


def test_banner_names_whose_turn_it_is():
    state = SAMPLES["3p-rows"]
    (seat,) = GAME.to_move(state)
    tr = strict_tr("en")
    title, _ = rialto.banner_texts(GAME.view(state, seat), tr)
    assert title.startswith("Your turn")
    title, _ = rialto.banner_texts(GAME.view(state, None), tr)
    assert title.startswith(tr(f"rialto.seat.{seat}"))
    discard = GAME.view(SAMPLES["5p-discard"], None)
    if len(discard.to_move) > 1:
        assert rialto.banner_texts(discard, tr)[0].startswith("Waiting for")


# --- Speed work: cached text and map ground give the pixels of drawing in place ---------------


@pytest.mark.parametrize("name", ["3p-action", "5p-discard", "np-over"])
def test_cold_and_warm_caches_draw_the_same_picture(name):
    tr = strict_tr("ru")
    view = GAME.view(SAMPLES[name], 0)
    warm = rialto.render(view, tr=tr)
    kit.clear_caches()
    cold = rialto.render(view, tr=tr)
    assert same(cold, warm)


LIGHT_THEME = replace(
    DEFAULT_THEME,
    background=(0xF6, 0xF1, 0xE7),
    panel=(0xE4, 0xDC, 0xCB),
    text=(0x1B, 0x26, 0x31),
    muted_text=(0x4A, 0x55, 0x60),
    highlight=(0xD5, 0x5E, 0x00),
)
"""A second theme: every layer is kept per theme."""

WHOLE_MATCH = [state for state, _, _ in random_trail(65, 5)]
"""Every state of a seeded 5-player match (~700)."""


def _seat_of(index: int) -> int | None:
    """The public view, then each seat's in turn."""
    return None if index % 6 == 0 else index % 6 - 1


def _locale_of(index: int) -> str:
    """Each language for a long run of moves, so that the layers of one run meet again."""
    return LOCALES[index * len(LOCALES) // len(WHOLE_MATCH)]


def _theme_of(index: int) -> Any:
    return LIGHT_THEME if index % 240 >= 120 else DEFAULT_THEME


def _draw(index: int, tr: Any) -> tuple[tuple[int, int], bytes, str]:
    """The size, a digest of the pixels and the alt text of picture ``index`` (700 pictures would take GBs)."""
    view = GAME.view(WHOLE_MATCH[index], _seat_of(index))
    image = rialto.render(view, tr=tr, theme=_theme_of(index))
    return image.size, hashlib.sha256(image.tobytes()).digest(), rialto.alt_text(view, tr=tr)


@pytest.fixture(scope="module")
def warm_match() -> list[tuple[tuple[int, int], bytes, str]]:
    """The picture and alt text of every state of the match in order, as a bot draws one move
    after another: each drawn over the caches the pictures before it left."""
    kit.clear_caches()
    translators = {locale: strict_tr(locale) for locale in LOCALES}
    return [_draw(index, translators[_locale_of(index)]) for index in range(len(WHOLE_MATCH))]


def test_a_whole_match_drawn_from_warm_caches_equals_each_picture_drawn_afresh(warm_match):
    """Every layer kept between pictures (map, side panel, player rows, legend, alt text parts)
    is keyed by everything it shows: a move that changes a part draws that part again.

    A new translator (``strict_tr`` makes one a call) misses every cache keyed by the
    translator, which every layer is: a picture drawn with one is drawn from scratch but for
    the text masks and sprites (the next test empties those too). Every other picture, so
    that the test stays quick.
    """
    for index in range(0, len(WHOLE_MATCH), 2):
        assert _draw(index, strict_tr(_locale_of(index))) == warm_match[index], index


def test_pictures_drawn_from_warm_caches_equal_pictures_drawn_from_empty_caches(warm_match):
    """A sample of the whole match, each picture drawn again after every cache was emptied."""
    for index in range(5, len(WHOLE_MATCH), 41):
        kit.clear_caches()
        assert _draw(index, strict_tr(_locale_of(index))) == warm_match[index], index


def test_the_map_ground_changes_with_the_current_district_and_placed_tiles():
    trail = random_trail(77, 3)
    before = first(trail, lambda s: s.round == 1 and s.phase is Phase.PLAY)
    after = first(trail, lambda s: s.round == 2 and any(s.tiles))
    tr = strict_tr("en")
    box = (rialto.MAP_LEFT, rialto.MAP_TOP, rialto.MAP_LEFT + rialto.MAP_WIDTH, rialto.MAP_TOP + rialto.MAP_HEIGHT)
    first_map = rialto.render(GAME.view(before, None), tr=tr).crop(box)
    second_map = rialto.render(GAME.view(after, None), tr=tr).crop(box)
    assert not same(first_map, second_map)


def _board_part(image: Image.Image) -> Image.Image:
    """Everything between the banner and the player table: the map and the side panel."""
    return image.crop((0, rialto.BANNER_HEIGHT, rialto.WIDTH, rialto.PLAYERS_TOP))


@pytest.mark.parametrize("name", ["5p-discard", "5p-action", "np-over"])
def test_the_pictures_of_one_moment_share_one_drawn_board(name):
    tr = strict_tr("en")
    state = SAMPLES[name]
    public, private = draw_one_moment(lambda view: rialto.render(view, tr=tr), rialto._board, GAME, state)
    seats = range(state.num_players)
    for seat, image in zip(seats, private, strict=True):
        assert same(_board_part(image), _board_part(public))
        assert image.height == public.height + rialto.HAND_HEIGHT
        # Every other player's row is the public one; only the viewer's own is outlined.
        for other in seats:
            row = rialto._player_row(other)
            assert same(image.crop(row), public.crop(row)) is (other != seat), (seat, other)


def test_the_scoring_breakdown_moves_below_the_hand_in_a_private_picture():
    tr = strict_tr("en")
    state = SAMPLES["np-over"]
    public = rialto.render(GAME.view(state, None), tr=tr)
    private = rialto.render(GAME.view(state, 0), tr=tr)
    scores = GAME.view(state, None).scores
    assert scores is not None
    height = rialto.SECTION_TITLE + 46 + rialto.SCORE_ROW * len(scores) + rialto.MARGIN
    public_scores = public.crop((0, public.height - height, rialto.WIDTH, public.height))
    private_scores = private.crop((0, private.height - height, rialto.WIDTH, private.height))
    assert same(public_scores, private_scores)


def test_the_shared_layer_leaks_nothing_and_threads_draw_what_one_by_one_draws():
    tr = strict_tr("ru")
    state = SAMPLES["5p-discard"]
    views = [GAME.view(SAMPLES[name], seat) for name in ("5p-rows", "5p-blue") for seat in (None, 0, 1, 2, 3, 4)]
    check_shared_layer(
        lambda view: rialto.render(view, tr=tr), rialto._board, GAME.view(state, None), GAME.view(state, 2), views
    )


def test_no_badge_covers_a_bridge_or_gondola_value():
    state = SAMPLES["5p-over"]
    assert sum(bool(tile) for tile in state.tiles) >= 6
    image = rialto.render(GAME.view(state, None), tr=strict_tr("en"))
    for connection, tile in enumerate(state.tiles):
        if not tile:
            continue
        for x, y in rialto.value_centers(connection):
            # Inside the value's white circle, right of its digit.
            assert image.getpixel((round(x + 8), round(y))) == (255, 255, 255), (connection, x, y)


def test_numbers_in_neighbouring_columns_of_the_player_table_stand_apart():
    state = SAMPLES["5p-action"]
    wide = replace(state.players[0], vp=88, coins=11)
    state = replace(state, players=(wide, *state.players[1:]))
    image = rialto.render(GAME.view(state, None), tr=strict_tr("en"))
    left, top, _, bottom = rialto._player_row(0)
    columns = {key: (x0, x1) for key, x0, x1 in rialto.COLUMNS}
    x_from, x_to = left + columns["rialto.img.col.vp"][0], left + columns["rialto.img.col.hand"][0]
    text = rialto.DEFAULT_THEME.text
    inked = [x for x in range(x_from, x_to) if any(image.getpixel((x, y)) == text for y in range(top, bottom))]
    gaps = [b - a - 1 for a, b in itertools.pairwise(inked) if b - a > 1]
    # Digits of one number stand a few pixels apart; "88" and "11" at least 10.
    assert max(gaps) >= 10, gaps


@pytest.mark.parametrize("name", ["3p-action", "5p-draft", "3p-rows", "3p-blue"])
def test_the_panel_rings_the_step_being_played(name):
    view = GAME.view(SAMPLES[name], None)
    theme = rialto.DEFAULT_THEME
    image = Image.new("RGB", (320, 50), theme.panel)
    box = (0, 0, 310, 50)
    rialto._draw_steps(image, view, strict_tr("en"), theme, box)
    width, gap = rialto.STEP_CHIP[0], 4
    first = box[2] - 6 * width - 5 * gap
    ringed = []
    for step in range(6):
        x = first + step * (width + gap)
        colours = {colour for _, colour in image.crop((x, 0, x + width, 50)).getcolors(4096) or []}
        if theme.highlight in colours:
            ringed.append(step)
    playing = view.phase in (Phase.PLAY, Phase.ACTION)
    assert ringed == ([view.step] if playing else [])


def _written(name, seat, locale):
    view = GAME.view(SAMPLES[name], seat)
    return written_texts(lambda: rialto.render(view, tr=strict_tr(locale)))


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(("name", "seat"), KINDS, ids=[f"{name}-{seat}" for name, seat in KINDS])
def test_every_text_reads_at_chat_size_whole(name, seat, locale):
    image, written = _written(name, seat, locale)
    assert written, "the recorder saw the texts"
    small = [(text, size) for text, size in written if chat_size(size, image) < MIN_CHAT_TEXT]
    assert not small, f"under {MIN_CHAT_TEXT} px at {CHAT_WIDTH} px wide: {small}"
    cut = [text for text, _ in written if text.endswith("…")]
    assert not cut, f"texts cut to fit: {cut}"


@pytest.mark.parametrize(("name", "seat"), KINDS, ids=[f"{name}-{seat}" for name, seat in KINDS])
def test_the_russian_picture_shows_no_latin_letters(name, seat):
    _, written = _written(name, seat, "ru")
    # The rulebook's own phase numbers ("Фаза I", "Фаза II", "Фаза III") are the only exception.
    latin = [text for text, _ in written if re.search(r"[A-Za-z]", re.sub(r"Фаза I{1,3}\b", "", text))]
    assert not latin, latin


def test_the_header_tells_the_last_play_in_words_and_the_table_in_icons():
    view = GAME.view(SAMPLES["3p-draft"], None)
    view = replace(view, last_actor=0, last_move="B2,J1,Y4-A")
    _, _, last = rialto.banner_lines(view, strict_tr("en"))
    assert "Gold ×2" in last and "Joker ×1" in last and "Yellow 4" in last and "B2" not in last
    assert rialto.play_icons("B2,J1,Y4-A") == "●2 ★1 ◆4→♛"


def test_the_final_table_shows_the_final_vp_in_the_player_rows():
    view = GAME.view(SAMPLES["3p-over"], None)
    assert view.scores is not None
    line = max(view.scores, key=lambda line: line.total)
    assert line.total != line.vp, "a sample where the final VP differ from the VP during the game"
    tr = strict_tr("en")
    _image, written = _written("3p-over", None, "en")
    texts = [text for text, _ in written]
    assert str(line.total) in texts and tr("rialto.img.col.total") in texts
    for code in model.DISTRICTS:
        assert tr("rialto.img.col.district", district=tr(f"rialto.district.{code}")) in texts


def test_the_activation_coin_leaves_the_building_label_uncovered():
    width, height = rialto.BUILDING_TILE, 28
    for kind in ("G4", "Y2", "U3"):
        x, _y = rialto.building_label_point(width, height, True)
        label = kit.font(18, True).getbbox(rialto.building_label(kind), anchor="mm")
        coin = rialto.coin_box(width, height)
        assert x + label[2] < coin[0], kind
        assert x + label[0] >= 2 and coin[2] <= width - 2


def test_the_two_values_of_a_tile_never_overlap():
    for connection in range(len(model.CONNECTIONS)):
        (ax, ay), (bx, by) = rialto.value_centers(connection)
        assert math.hypot(ax - bx, ay - by) >= 26, connection


@pytest.mark.parametrize("locale", LOCALES)
def test_the_councillors_legend_explains_numbers_the_table_shows(locale):
    view = GAME.view(SAMPLES["5p-over"], None)
    first_row = view.players[0]
    assert (first_row.personal, first_row.pool) != (5, 13), "a sample that tells the row's numbers from a fixed example"
    _image, written = _written("5p-over", None, locale)
    texts = [text for text, _ in written]
    shown = f"{first_row.personal}/{first_row.pool}"
    assert shown in texts, "the first row's councillors are in the table"
    heading = strict_tr(locale)("rialto.img.col.councillors")
    legend = [text for text in texts if text.startswith(heading) and text != heading]
    assert legend and all(shown in text for text in legend), legend


def test_a_card_row_of_six_kinds_ends_inside_its_half_of_the_picture():
    sprite = rialto.CARD_SIZE[0] + 1  # the chip's outline included
    pitch = sprite - 1 + rialto.ROW_CARD_STEP
    half = (rialto.WIDTH - rialto.MARGIN) // 2
    for column in (0, 1):
        x = rialto.MARGIN + column * half
        end = x + rialto.ROW_LABEL + (model.ROW_LENGTH - 1) * pitch + sprite
        limit = rialto.WIDTH - rialto.MARGIN if column else rialto.MARGIN + half - rialto.CARD_STEP
        assert end <= limit, (column, end, limit)


def test_a_row_of_six_kinds_is_drawn_whole():
    state = next(s for s, _, _ in random_trail(65, 5, RialtoOptions()) if s.phase is Phase.ROWS and s.round == 2)
    view = GAME.view(state, None)
    rows = tuple(tuple(int(kind < model.ROW_LENGTH) for kind in range(len(row))) for row in view.rows)
    assert max(sum(row) for row in view.rows) > 0, "a sample with rows on show"

    def margin(picture: Image.Image) -> Image.Image:
        return picture.crop((picture.width - rialto.MARGIN + 1, 0, picture.width, picture.height))

    plain = rialto.render(view, tr=strict_tr("en"))
    wide = rialto.render(replace(view, rows=rows), tr=strict_tr("en"))
    assert wide.size == plain.size and same(margin(wide), margin(plain)), "no card drawn into the right margin"


@pytest.mark.parametrize("locale", LOCALES)
def test_every_card_row_label_fits_beside_its_cards_at_full_size(locale):
    tr = strict_tr(locale)
    room = rialto.ROW_LABEL - rialto.ROW_LABEL_GAP
    owners = [tr(f"rialto.seat.{seat}") for seat in range(5)] + [tr("rialto.img.neutral")]
    lines = [(tr("rialto.img.row", n=6), True), (f"({tr('rialto.img.leftover')})", False)]
    lines += [(owner, False) for owner in owners]
    wide = [text for text, bold in lines if kit.font(18, bold).getlength(text) > room]
    assert not wide, wide


@pytest.mark.parametrize("locale", LOCALES)
def test_the_setup_banner_says_what_the_setup_is_for_without_repeating_its_name(locale):
    tr = strict_tr(locale)
    title, subtitle, _ = rialto.banner_lines(GAME.view(SAMPLES["3p-setup"], None), tr)
    phase = tr("rialto.phase.setup")
    assert phase in title and phase not in subtitle, (title, subtitle)
    assert subtitle == tr("rialto.img.setup_note")
