"""The Twilight pictures: every view kind renders in both locales and shows only what it may."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image, ImageChops

from games.core import LOCALES
from games.i18n import merge, missing_keys
from games.twilight import GAME
from renderers import twilight
from renderers.kit import clear_caches, to_png
from renderers.theme import DEFAULT_THEME, Theme
from tests.games.twilight.helpers import play, position, random_game, random_states
from tests.renderers.checks import same, strict_translator, written_texts

CATALOG = merge(GAME.messages, twilight.MESSAGES)


def strict_tr(locale: str) -> Any:
    """A translator that fails on any key missing from the locale."""
    return strict_translator(CATALOG, locale)


def sample_states():
    """One state of each kind: the start, a turn being built, a new round, the end."""
    states = {"start": GAME.initial_state(3460, 2)}
    building, _ = play(
        position(east="h2 h3 d d g1 gx m2 m3", west="d d m1 h1 g11 h4 m3 m2", harlequin=3, guard_e=6, merchant=-1),
        "m2.+",
        "end",
        "d.-",
        "end",
        "h3.d.+",
    )
    states["building"] = building
    states["new-round"], _ = play(position(doge=6, guard_w=3, guard_e=8, east="d d"), "d.+", "end")
    steps = list(random_game(8))
    states["middle"] = steps[len(steps) // 2][0]
    states["over"] = steps[-1][0]
    return states


SAMPLES = sample_states()
KINDS = [(name, seat) for name in SAMPLES for seat in (None, 0, 1)]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(("name", "seat"), KINDS, ids=[f"{name}-{seat}" for name, seat in KINDS])
def test_every_view_renders_in_every_locale(name, seat, locale):
    view = GAME.view(SAMPLES[name], seat)
    tr = strict_tr(locale)
    image = twilight.render(view, tr=tr)
    assert image.mode == "RGB" and image.width == twilight.WIDTH and image.height == twilight.height(view, tr)
    assert to_png(image).startswith(b"\x89PNG")
    text = twilight.alt_text(view, tr=tr)
    assert text and "twilight." not in text and "{" not in text


def test_catalog_is_complete():
    assert missing_keys(twilight.MESSAGES, LOCALES) == set()
    for locale in LOCALES:
        assert all(key.startswith("twilight.img.") for key in twilight.MESSAGES[locale])


def test_public_picture_does_not_show_the_steps_being_built():
    start = position(east="h2 h3 d d g1 gx m2 m3", harlequin=3, guard_e=6)
    building, _ = play(start, "h3.d.+")
    tr = strict_tr("en")
    for seat in (None, 1):
        assert same(twilight.render(GAME.view(start, seat), tr=tr), twilight.render(GAME.view(building, seat), tr=tr))
    assert not same(twilight.render(GAME.view(start, 0), tr=tr), twilight.render(GAME.view(building, 0), tr=tr))
    assert "preview" in twilight.alt_text(GAME.view(building, 0), tr=tr)


def test_private_picture_lists_unplayable_cards_with_reasons():
    view = GAME.view(SAMPLES["building"], 0)
    assert view.unplayable
    text = twilight.alt_text(view, tr=strict_tr("ru"))
    assert "В этом ходу можно разыгрывать только карточки типа «Арлекин»." in text


def test_same_view_same_pixels():
    view = GAME.view(SAMPLES["middle"], 1)
    tr = strict_tr("ru")
    assert same(twilight.render(view, tr=tr), twilight.render(view, tr=tr))


# --- The cached pieces draw what drawing in place would -----------------------------------------


DARK = Theme(background=(0, 0, 0), panel=(40, 40, 40), board_light=(200, 200, 200))


def test_cold_and_warm_caches_draw_the_same_pictures() -> None:
    # Both locales, every viewer and two themes, interleaved: a piece cached for one of them
    # must never show in another, and drawing must never change a cached piece.
    cases = [
        (GAME.view(SAMPLES[name], seat), locale, theme)
        for name, seat in (("building", 0), ("middle", None), ("over", 1), ("new-round", 0))
        for locale in LOCALES
        for theme in (DEFAULT_THEME, DARK)
    ]
    translators = {locale: strict_tr(locale) for locale in LOCALES}

    def draw_all(order: Iterable[tuple[Any, str, Theme]]) -> list[Image.Image]:
        return [twilight.render(view, tr=translators[locale], theme=theme) for view, locale, theme in order]

    clear_caches()
    cold = draw_all(cases)
    warm = draw_all(reversed(cases))[::-1]
    assert all(same(a, b) for a, b in zip(cold, warm, strict=True)), "a cached piece was changed by a picture"
    for index in (0, 5, len(cases) - 1):
        clear_caches()
        view, locale, theme = cases[index]
        assert same(twilight.render(view, tr=translators[locale], theme=theme), cold[index])
    # The pieces are keyed by locale and theme: the pictures really differ.
    assert not same(cold[0], cold[2]), "English and Russian pictures"
    assert not same(cold[0], cold[1]), "default and dark themes"


def test_the_viewer_house_says_you_and_the_other_does_not() -> None:
    state = SAMPLES["middle"]
    en = strict_tr("en")
    public, east, west = (twilight.board_texts(GAME.view(state, seat), en) for seat in (None, 0, 1))
    assert public.houses == ("East House", "West House")
    assert east.houses == ("East House (you)", "West House")
    assert west.houses == ("East House", "West House (you)")
    ru = twilight.board_texts(GAME.view(state, 0), strict_tr("ru"))
    assert ru.labels[0] == "8" and public.labels[0] == "W8" and public.labels[-1] == "E8"
    # The panel of the viewer's house is what changes between the public and a private board.
    image_public = twilight.render(GAME.view(state, None), tr=en)
    image_east = twilight.render(GAME.view(state, 0), tr=en)
    name_row = (twilight.MARGIN, twilight.PANEL_TOP + 6, twilight.WIDTH - twilight.MARGIN, twilight.PANEL_TOP + 38)
    changed = ImageChops.difference(image_public.crop(name_row), image_east.crop(name_row)).getbbox()
    assert changed is not None
    assert changed[0] + name_row[0] >= twilight.MARGIN + twilight.HOUSE_WIDTH, "only East's (right) name changes"


def test_a_card_overlapping_its_neighbour_leaves_the_neighbour_under_its_corner() -> None:
    # Eight cards lie side by side; a (hypothetical) ninth makes them overlap by some pixels.
    view = GAME.view(SAMPLES["building"], 0)
    crowded = replace(view, hand=(*view.hand, *view.hand)[:9])
    step = (twilight.WIDTH - 2 * twilight.MARGIN) // 9
    assert twilight.CARD_WIDTH - 15 < step < twilight.CARD_WIDTH
    assert (twilight.WIDTH - 2 * twilight.MARGIN) // 8 >= twilight.CARD_WIDTH, "a full hand of eight does not overlap"
    tr = strict_tr("en")
    image = twilight.render(crowded, tr=tr)
    scratch = Image.new("RGB", image.size)
    card_top = twilight._draw_last_turn(scratch, crowded, tr, DEFAULT_THEME) + 40
    # Just outside the rounded top-left corner of the second card, the first card's edge shows.
    assert image.getpixel((twilight.MARGIN + step, card_top + 1)) == DEFAULT_THEME.light_piece_ink
    assert image.getpixel((twilight.MARGIN + step, card_top - 1)) == DEFAULT_THEME.background


def _texts(view, locale="en"):
    return written_texts(lambda: twilight.render(view, tr=strict_tr(locale)))


@pytest.mark.parametrize("locale", LOCALES)
def test_the_two_guards_are_told_apart_on_the_track(locale):
    tr = strict_tr(locale)
    west, east = tr("twilight.img.abbr.gw"), tr("twilight.img.abbr.ge")
    assert west != east
    _, written = _texts(GAME.view(SAMPLES[next(iter(SAMPLES))], None), locale)
    texts = [text for text, _ in written]
    assert texts.count(west) == 1 and texts.count(east) == 1


def test_a_long_discard_pile_counts_the_cards_it_does_not_show():
    view = next(
        view
        for view in (GAME.view(state, None) for state in random_states(range(6), every=3))
        if max(len(pile) for pile in view.discards) > 12
    )
    _, written = _texts(view)
    texts = [text for text, _ in written]
    width = twilight.HOUSE_WIDTH - 24
    for pile in view.discards:
        shown = twilight.pile_shown(len(pile), width)
        assert shown <= width // (twilight.MINI_WIDTH + 4)
        if shown < len(pile):
            assert f"+{len(pile) - shown}" in texts, "the hidden older cards are counted"


def test_the_blocked_badge_covers_neither_the_value_nor_the_token():
    badge = twilight.BLOCKED_BADGE
    value = twilight.CARD_VALUE_BOX
    x, y = twilight.CARD_TOKEN_CENTER
    token = (x - twilight.TOKEN // 2, y - twilight.TOKEN // 2, x + twilight.TOKEN // 2, y + twilight.TOKEN // 2)

    def apart(a, b):
        return a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]

    assert apart(badge, value) and apart(badge, token)
    assert badge[2] <= twilight.CARD_WIDTH and badge[3] <= twilight.CARD_HEIGHT


def test_the_last_turn_is_marked_on_the_track():
    marked = None
    for state in random_states(range(6), every=2):
        view = GAME.view(state, None)
        if view.last_turn is not None and view.last_turn.moved and twilight.last_move_marks(view):
            marked = view
            break
    assert marked is not None and marked.last_turn is not None
    plain = replace(marked, last_turn=replace(marked.last_turn, moved=(), favourite_moved=None))
    tr = strict_tr("en")
    with_marks, without = twilight.render(marked, tr=tr), twilight.render(plain, tr=tr)
    for start, end, _ in twilight.last_move_marks(marked):
        for box in (start, end):
            assert ImageChops.difference(with_marks.crop(box), without.crop(box)).getbbox() is not None


# --- Private pictures drawn over the public one ---------------------------------------------


def moments_of(seed: int, every: int) -> Iterable[list[Any]]:
    """The three views (the public one, East's, West's) of every ``every``-th moment of a seeded match, and its end."""
    for number, (state, _, move) in enumerate(random_game(seed)):
        if number % every == 0 or move is None:  # the last one: the end
            yield [GAME.view(state, viewer) for viewer in (None, 0, 1)]


@pytest.mark.parametrize("locale", LOCALES)
def test_a_private_picture_drawn_over_the_public_one_is_the_picture_drawn_whole(locale: str) -> None:
    """Over seeded matches, every phase and the end: the same pixels as drawing the private view whole.

    What a private picture adds over the public one (its banner, its house's "(you)", its hand
    and reasons) must be all that differs; a preview (tokens moved) is drawn whole anyway.
    """
    tr = strict_tr(locale)
    over = 0
    for seed in (4, 9):
        for views in moments_of(seed, every=5):
            for view in views[1:]:
                picture = twilight.render(view, tr=tr)
                assert same(picture, twilight._drawn_whole(view, tr, DEFAULT_THEME)), (seed, view.viewer)
                over += not view.is_preview
    assert over > 20  # most private pictures were drawn over the public one
