"""The Venezia 2099 pictures: every view kind renders in both locales and shows only what it may."""

from __future__ import annotations

import itertools
from dataclasses import replace
from functools import partial
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

from games.core import LOCALES
from games.i18n import merge, missing_keys, translator
from games.venezia2099 import GAME
from games.venezia2099.model import COLOURS, Colour, Phase, square_name, value_label
from games.venezia2099.view import Venezia2099View
from renderers import venezia2099
from renderers.kit import clear_caches, drawn_rows, to_png
from renderers.theme import DEFAULT_THEME, Theme
from tests.games.venezia2099.helpers import play, position, random_game
from tests.renderers import cvd
from tests.renderers.checks import CHAT_WIDTH, check_shared_layer, draw_one_moment, same, strict_translator

CATALOG = merge(GAME.messages, venezia2099.MESSAGES)


def strict_tr(locale: str) -> Any:
    """A translator that fails on any key missing from the locale."""
    return strict_translator(CATALOG, locale)


def sample_states():
    """One state of each kind: setup, a turn, a rescue, the end; for 2 and 5 players."""
    states = {}
    for players in (2, 5):
        steps, final = random_game(40 + players, players)
        states[f"{players}p-setup"] = steps[1][0]
        states[f"{players}p-turn"] = steps[len(steps) // 2][0]
        states[f"{players}p-over"] = final
    waiting, _ = play(position({"b5": "b5@1", "c1": "k2$3"}, turn=2, hands={2: "b5 k6"}), "play-b5")
    states["4p-rescue"] = waiting
    return states


SAMPLES = sample_states()
KINDS = [(name, seat) for name in SAMPLES for seat in (None, 0, 1)]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(("name", "seat"), KINDS, ids=[f"{name}-{seat}" for name, seat in KINDS])
def test_every_view_kind_renders_with_complete_translations(name, seat, locale):
    view = GAME.view(SAMPLES[name], seat)
    image = venezia2099.render(view, tr=strict_tr(locale))
    assert image.mode == "RGB"
    assert image.size == venezia2099.image_size(view)
    assert image.size[0] <= 1200 and image.size[1] <= 1400
    text = venezia2099.alt_text(view, tr=strict_tr(locale))
    assert "{" not in text and "venezia2099." not in text
    png = to_png(image)
    assert png.startswith(b"\x89PNG") and len(png) < 200_000


def test_catalog_is_complete_and_russian():
    assert missing_keys(venezia2099.MESSAGES, LOCALES) == set()
    english, russian = venezia2099.MESSAGES["en"], venezia2099.MESSAGES["ru"]
    assert all(key.startswith("venezia2099.img.") or key.startswith("venezia2099.alt.") for key in english)
    assert [key for key in english if english[key] == russian[key] and len(english[key]) > 3] == []


def test_the_private_picture_shows_the_hand_and_the_public_one_does_not():
    tr = translator(CATALOG, "en")
    state = SAMPLES["5p-turn"]
    public = GAME.view(state, None)
    private = GAME.view(state, 0)
    assert venezia2099.image_size(private)[1] >= venezia2099.image_size(public)[1]
    # The hand strip is under the board and its legend, beside the panel: ink there in the
    # private picture only.
    top = venezia2099.hand_top(public)
    strip = (venezia2099.BOARD_LEFT, top, venezia2099.panel_left(public) - 1, top + venezia2099.HAND_HEIGHT)
    background = venezia2099.DEFAULT_THEME.background
    for view, inked in ((private, True), (public, False)):
        image = venezia2099.render(view, tr=tr)
        band = image.crop((*strip[:3], min(strip[3], image.size[1])))
        assert (ImageChops.difference(band, Image.new("RGB", band.size, background)).getbbox() is not None) == inked
    assert "Your hand:" in venezia2099.alt_text(private, tr=tr)
    assert "Your hand:" not in venezia2099.alt_text(public, tr=tr)


def test_a_district_shows_its_colour_and_value_and_a_figure_its_seat():
    state = position({"a1": "r5@2$3", "b1": "==", "c1": "~g4"}, hands={0: "g3"})
    view = GAME.view(state, None)
    image = venezia2099.render(view, tr=translator(CATALOG, "en"))
    left, _, right, bottom = venezia2099.cell_box(view, 0)
    # The district's fill shows where neither the value, the shape, the coin nor the figure is.
    assert image.getpixel((left + 6, bottom - 44)) == venezia2099.DISTRICT_FILL[state.tiles[0].colour]
    # The figure token sits in the lower right in Red's colour.
    fx, fy = right - venezia2099.FIGURE // 2 - 3, bottom - venezia2099.FIGURE // 2 - 3
    assert image.getpixel((fx - 8, fy + 5)) == venezia2099.FIGURE_COLOURS[2]
    # Water and platform squares have their own fills.
    water = venezia2099.cell_box(view, 2)
    assert image.getpixel((water[0] + 3, water[1] + 3)) == venezia2099.WATER
    platform = venezia2099.cell_box(view, 1)
    assert image.getpixel((platform[0] + 3, platform[1] + 8)) == venezia2099.PLATFORM
    alt = venezia2099.alt_text(view, tr=translator(CATALOG, "en"))
    assert "Red: 10 coins" in alt and "a1 (red 5)" in alt and "Coins on squares: a1 3" in alt


def test_the_latest_turn_is_outlined():
    tr = translator(CATALOG, "en")
    state = position({"a1": "k4@0", "h8": "t6"}, hands={0: "g3"})
    moved, _ = play(state, "a1-a2")
    view = GAME.view(moved, None)
    image = venezia2099.render(view, tr=tr)
    left, top, _, _ = venezia2099.cell_box(view, 8)  # a2
    assert image.getpixel((left + 3, top + 30)) == venezia2099.DEFAULT_THEME.last_move
    before = venezia2099.render(GAME.view(state, None), tr=tr)
    assert before.getpixel((left + 3, top + 30)) != venezia2099.DEFAULT_THEME.last_move


def test_final_picture_has_the_scoring_table():
    tr = translator(CATALOG, "ru")
    view = GAME.view(SAMPLES["5p-over"], None)
    assert view.scores is not None
    text = venezia2099.alt_text(view, tr=tr)
    for seat, line in enumerate(view.scores):
        assert tr("venezia2099.alt.score", player=GAME.seat_name(seat, 5), total=line.total) in text
    assert venezia2099.image_size(view)[1] > venezia2099.image_size(GAME.view(SAMPLES["5p-turn"], None))[1]


def test_same_view_same_pixels():
    tr = translator(CATALOG, "en")
    view = GAME.view(SAMPLES["4p-rescue"], 1)
    assert same(venezia2099.render(view, tr=tr), venezia2099.render(view, tr=tr))


# --- The cached pieces draw what drawing in place would -----------------------------------------


def test_cold_and_warm_caches_draw_the_same_pictures():
    tr = translator(CATALOG, "ru")
    views = [GAME.view(SAMPLES[name], seat) for name, seat in (("5p-turn", 2), ("5p-over", None), ("4p-rescue", 1))]
    clear_caches()
    cold = [venezia2099.render(view, tr=tr) for view in views]
    warm = [venezia2099.render(view, tr=tr) for view in reversed(views)][::-1]
    assert all(same(a, b) for a, b in zip(cold, warm, strict=True)), "a cached piece was changed by a picture"
    clear_caches()
    assert same(venezia2099.render(views[0], tr=tr), cold[0])


def test_treasure_marks_keep_clear_of_the_figures_line():
    tr = translator(CATALOG, "en")
    view = GAME.view(SAMPLES["5p-over"], None)
    seat = next(player.seat for player in view.players if any(player.treasures))
    players = tuple(
        replace(player, treasures=(0,) * len(player.treasures)) if player.seat == seat else player
        for player in view.players
    )
    without = venezia2099.render(replace(view, players=players), tr=tr)
    changed = ImageChops.difference(venezia2099.render(view, tr=tr), without).getbbox()
    assert changed is not None
    # The ink of the figures line: below the counts line, where the treasures would go.
    left, top = venezia2099.panel_left(view), venezia2099.BOARD_TOP + seat * venezia2099.PLAYER_ROW
    lines_top = top + venezia2099.STATS_LINE[1]
    box_bottom = top + venezia2099.PLAYER_ROW - 6
    band = without.crop((left + 10, lines_top, left + venezia2099.PANEL_WIDTH - 10, box_bottom - 1))
    ink = ImageChops.difference(band, Image.new("RGB", band.size, venezia2099.DEFAULT_THEME.panel)).getbbox()
    assert ink is not None
    figures_bottom = lines_top + ink[3]
    assert changed[0] >= left and changed[3] <= box_bottom - 1, "the marks stay inside the box's rim"
    assert changed[1] >= figures_bottom, "the treasure marks do not cover the figures line"


@pytest.mark.parametrize("name", ["5p-turn", "5p-over", "4p-rescue"])
def test_the_pictures_of_one_moment_share_one_drawn_public_picture(name):
    tr = strict_tr("en")
    state = SAMPLES[name]
    public, private = draw_one_moment(partial(venezia2099.render, tr=tr), venezia2099._public_picture, GAME, state)
    seats = range(state.num_players)
    view = GAME.view(state, None)
    board = (0, venezia2099.BOARD_TOP, venezia2099.panel_left(view), venezia2099.board_bottom(view))
    for seat, image in zip(seats, private, strict=True):
        assert same(image.crop(board), public.crop(board))
        # Every other player's box is the public one; only the viewer's own names them "you".
        for other in seats:
            box = venezia2099._player_box(view, other)
            assert same(image.crop(box), public.crop(box)) is (other != seat), (seat, other)


def test_the_shared_layer_leaks_nothing_and_threads_draw_what_one_by_one_draws():
    tr = strict_tr("ru")
    state = SAMPLES["5p-turn"]
    views = [GAME.view(SAMPLES[name], seat) for name in ("5p-setup", "5p-turn") for seat in (None, 0, 1, 2, 3, 4)]
    check_shared_layer(
        lambda view: venezia2099.render(view, tr=tr),
        venezia2099._public_picture,
        GAME.view(state, None),
        GAME.view(state, 3),
        views,
    )


@pytest.mark.parametrize("locale", LOCALES)
def test_the_banner_tells_the_mover_what_to_do_and_the_others_what_they_are_doing(locale):
    tr = strict_tr(locale)
    state = SAMPLES["5p-turn"]
    public = GAME.view(state, None)
    step = public.step.value
    mover, _ = venezia2099._banner_title(GAME.view(state, public.turn), tr)
    other = next(seat for seat in range(state.num_players) if seat != public.turn)
    for seat in (None, other):
        title, shown = venezia2099._banner_title(GAME.view(state, seat), tr)
        assert shown == public.turn
        assert tr(f"venezia2099.img.doing.{step}") in title
        assert tr(f"venezia2099.step.{step}") not in title
    assert tr(f"venezia2099.step.{step}") in mover


MIN_DELTA_E = 20.0
"""Clearly different colours (ΔE*ab; ~2.3 is barely noticeable)."""


@pytest.mark.parametrize("vision", sorted(cvd.VISIONS))
def test_district_colours_stay_apart_for_colour_blind_players(vision):
    fills = venezia2099.DISTRICT_FILL
    for first, second in itertools.combinations(fills, 2):
        gap = cvd.distance(fills[first], fills[second], vision)
        assert gap >= MIN_DELTA_E, f"{vision}: {first.name} and {second.name} only ΔE {gap:.1f} apart"


@pytest.mark.parametrize("vision", sorted(cvd.VISIONS))
def test_figure_colours_stand_out_on_every_district(vision):
    for seat, figure in enumerate(venezia2099.FIGURE_COLOURS):
        for colour, fill in venezia2099.DISTRICT_FILL.items():
            gap = cvd.distance(figure, fill, vision)
            assert gap >= MIN_DELTA_E, f"{vision}: seat {seat} on {colour.name} only ΔE {gap:.1f} apart"


def test_the_simulation_merges_what_it_should():
    # The check itself: deuteranopes cannot tell these reds and greens apart, everyone can.
    red, green = (0xC8, 0x41, 0x3A), (0x4E, 0x9A, 0x3F)
    assert cvd.distance(red, green) > 40
    assert cvd.distance(red, green, "deuteranopia") < 10


def test_every_district_colour_has_its_own_shape_large_enough_to_read():
    assert len(set(venezia2099.COLOUR_SHAPES.values())) == len(venezia2099.DISTRICT_FILL)
    widest = max(venezia2099.image_width(GAME.view(state, None)) for state in SAMPLES.values())
    assert venezia2099.SHAPE_SIZE * CHAT_WIDTH / widest >= 14


def test_the_treasure_values_line_keeps_a_margin_from_the_bottom_edge():
    view = GAME.view(SAMPLES["5p-over"], None)
    assert view.treasure_values is not None
    image = venezia2099.render(view, tr=translator(CATALOG, "en"))
    edge = image.crop((0, image.height - venezia2099.MARGIN, image.width, image.height))
    assert edge.getcolors() == [(edge.width * edge.height, venezia2099.DEFAULT_THEME.background)]


@pytest.mark.parametrize("locale", LOCALES)
def test_the_scoring_table_headings_are_words_not_a_bare_letter(locale):
    tr = strict_tr(locale)
    headings = [tr(key) for key, _ in venezia2099.SCORE_COLUMNS]
    assert all(len(heading.strip()) > 1 for heading in headings), headings
    assert tr("venezia2099.img.score.x") != "X", "the figures on X districts say so"


@pytest.mark.parametrize("locale", LOCALES)
def test_the_hand_title_explains_the_frame_of_the_cards_that_may_be_played(locale):
    title = strict_tr(locale)("venezia2099.img.hand")
    frame = {"en": "framed", "ru": "в рамке", "it": "in cornice"}[locale]
    assert frame in title, title


DARK = Theme(background=(0, 0, 0), panel=(40, 40, 40), board_light=(200, 200, 200))


def test_a_stream_of_pictures_equals_each_drawn_from_empty_caches():
    """The board layer is the latest one of its size with only the changed cells pasted again, and
    the legend, the players' boxes and the panel under them are pasted from caches keyed by their
    contents, locale and theme. Over two matches' moments, interleaved across board sizes, locales,
    themes and viewers, every picture equals the one drawn from empty caches."""
    translators = {locale: strict_tr(locale) for locale in ("en", "ru")}
    matches = []
    for players, seed in ((2, 52), (5, 55)):
        steps, final = random_game(seed, players)
        states = [state for state, _, _ in steps[::9]] + [final]
        matches.append(
            [
                (
                    GAME.view(state, None if index % 3 == 0 else index % players),
                    ("en", "ru")[index % 2],
                    (DEFAULT_THEME, DARK)[index // 2 % 2],
                )
                for index, state in enumerate(states)
            ]
        )
    cases = [case for pair in itertools.zip_longest(*matches) for case in pair if case is not None]
    clear_caches()
    stream = [venezia2099.render(view, tr=translators[locale], theme=theme) for view, locale, theme in cases]
    for (view, locale, theme), drawn in zip(cases, stream, strict=True):
        clear_caches()
        assert same(venezia2099.render(view, tr=translators[locale], theme=theme), drawn), (locale, theme, view.viewer)
    assert len({view.size for view, _, _ in cases}) == 2, "two board sizes"
    assert {theme for _, _, theme in cases} == {DEFAULT_THEME, DARK}


# --- The fast paths equal the plain readings ---------------------------------------------------


def plain_alt_text(view: Venezia2099View, tr: Any) -> str:
    """The description as first written: every part read off ``view`` itself, nothing shared between pictures."""
    board = (
        tr("venezia2099.alt.public")
        if view.viewer is None
        else tr("venezia2099.alt.private", player=venezia2099.seat_name(view.viewer))
    )
    parts = [tr("venezia2099.alt.title", board=board)]
    parts.append(tr(view.outcome.reason) if view.outcome is not None else venezia2099._banner_title(view, tr)[0] + ".")
    actions = venezia2099.latest_actions(view)
    if actions:
        said = "; ".join(venezia2099._action_text(view, action, tr) for action in actions)
        parts.append(tr("venezia2099.alt.latest", actions=said))
    none = tr("venezia2099.alt.none")
    for player in view.players:
        squares = [
            square_name(i, view.size)
            if cell.district is None
            else f"{square_name(i, view.size)} ({venezia2099._tile(view, cell, tr)})"
            for i, cell in enumerate(view.squares)
            if cell.figure == player.seat
        ]
        parts.append(
            tr(
                "venezia2099.alt.player_final" if view.phase is Phase.OVER else "venezia2099.alt.player",
                player=venezia2099.seat_name(player.seat),
                coins=player.coins,
                gondolas=player.gondolas,
                cards=player.hand_size,
                squares=", ".join(squares) or none,
                lost=player.figures_lost,
                treasures=venezia2099._treasures(view, player.treasures, tr) or none,
            )
        )
    water = [square_name(i, view.size) for i, cell in enumerate(view.squares) if cell.sunk]
    land = [
        square_name(i, view.size) for i, cell in enumerate(view.squares) if not cell.sunk and cell.district is not None
    ]
    if len(water) <= len(land):
        parts.append(tr("venezia2099.alt.water", squares=" ".join(water) or none))
    else:
        parts.append(tr("venezia2099.alt.land", squares=" ".join(land) or none))
    platforms = [square_name(i, view.size) for i, cell in enumerate(view.squares) if cell.district is None]
    parts.append(tr("venezia2099.alt.platforms", squares=" ".join(platforms) or none))
    coins = [f"{square_name(i, view.size)} {cell.coins}" for i, cell in enumerate(view.squares) if cell.coins]
    parts.append(tr("venezia2099.alt.coins", squares=", ".join(coins) or none))
    parts.append(tr("venezia2099.alt.supply", treasures=venezia2099._treasures(view, view.supply, tr) or none))
    if view.hand is not None and view.phase is not Phase.OVER:
        by_colour: dict[Colour, list[str]] = {}
        for card in view.hand:
            by_colour.setdefault(card.colour, []).append(value_label(card.value))
        cards = "; ".join(
            f"{tr(f'venezia2099.colour.{colour.value}')} {', '.join(values)}"
            for colour, values in sorted(by_colour.items(), key=lambda item: COLOURS.index(item[0]))
        )
        parts.append(tr("venezia2099.alt.hand", cards=cards or none))
    if view.scores is not None:
        scores = (
            tr("venezia2099.alt.score", player=venezia2099.seat_name(seat), total=line.total)
            for seat, line in enumerate(view.scores)
        )
        parts.append(tr("venezia2099.alt.scores", scores=", ".join(scores)))
    return " ".join(parts)


def test_the_alt_text_written_once_per_moment_is_the_plain_one():
    """The board part of a moment's descriptions is written once and shared by its pictures
    (``_alt_board``): over whole seeded matches, two at a time (so that a description kept from
    one match could be taken for the other's), in both locales, every seat's and the public
    description equals the plain one."""
    translators = {locale: strict_tr(locale) for locale in ("en", "ru")}
    matches = []
    for players, seed in ((5, 71), (2, 72), (5, 73)):
        steps, final = random_game(seed, players)
        matches.append([*(state for state, _, _ in steps), final])
    compared = 0
    for states in itertools.zip_longest(*matches):
        for state in states:
            if state is None:
                continue
            for seat in (None, *range(state.num_players)):
                view = GAME.view(state, seat)
                for locale, tr in translators.items():
                    assert venezia2099.alt_text(view, tr=tr) == plain_alt_text(view, tr), (locale, seat, state.ply)
                    compared += 1
    assert compared > 2000
    assert venezia2099._alt_board.cache_info().hits > compared // 2, "the seats of a moment share its board part"


def test_a_private_picture_shows_its_own_banner_or_the_public_one_that_says_the_same():
    """A private picture keeps the public picture's banner when it says the same words, and
    declares no banner rows then; either way its banner is the one drawn in place for its view."""
    tr = strict_tr("ru")
    kept = drawn = 0
    for players, seed in ((5, 81), (2, 82)):
        steps, final = random_game(seed, players)
        for state in [state for state, _, _ in steps[::5]] + [final]:
            for seat in range(players):
                view = GAME.view(state, seat)
                image = venezia2099.render(view, tr=tr)
                alone = Image.new("RGB", image.size, DEFAULT_THEME.background)
                venezia2099._draw_banner(
                    alone, ImageDraw.Draw(alone), view, venezia2099._banner(view, tr), DEFAULT_THEME
                )
                banner = (0, 0, image.width, venezia2099.BANNER_HEIGHT)
                assert same(image.crop(banner), alone.crop(banner)), (seed, state.ply, seat)
                declared = any(top == 0 for top, _ in drawn_rows(image) or ())
                kept += not declared
                drawn += declared
    assert kept > 20 and drawn > 20, (kept, drawn)


def test_drawing_on_a_public_picture_changes_no_later_picture():
    """The public picture is handed out without a copy (Pillow copies it on the first write):
    drawing or pasting on it leaves the cached picture, and the pictures drawn over it, as they were."""
    tr = strict_tr("en")
    state = SAMPLES["5p-turn"]
    public, private = GAME.view(state, None), GAME.view(state, 2)
    clear_caches()
    before = [venezia2099.render(public, tr=tr), venezia2099.render(private, tr=tr)]
    expected = [image.copy() for image in before]
    lent = venezia2099.render(public, tr=tr)
    ImageDraw.Draw(lent).rectangle((0, 0, 400, 400), fill=(255, 0, 0))
    venezia2099.render(public, tr=tr).paste((0, 255, 0), (0, 0, 300, 300))
    assert lent.getpixel((10, 10)) == (255, 0, 0)
    after = [venezia2099.render(public, tr=tr), venezia2099.render(private, tr=tr)]
    assert all(same(a, b) for a, b in zip([*before, *after], [*expected, *expected], strict=True))
    assert to_png(after[0]) == to_png(expected[0])
