"""The renderer contract, checked once for every game in ``games.REGISTRY`` at every seat count.

A game's renderer must draw every seat's view (and the public one) of any reachable state,
describe it in a non-empty alt text that fits Discord's limit without being cut, use only
catalog keys that exist in every locale, write every text at least :data:`MIN_CHAT_TEXT` px
high once shown :data:`CHAT_WIDTH` px wide (from the layout: the font size of every string
written, over the picture's width) and never cut a text short with "…", and show nothing hidden: re-dealing what a seat
cannot see (the game's ``rehide`` test helper) leaves the public picture and that seat's
picture byte-identical as PNG. Game-specific pixel checks stay in each game's test file.
"""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image

import renderers
from games import REGISTRY
from games.core import LOCALES, Rng
from games.i18n import merge
from renderers.kit import to_png
from tests.games.rehides import REHIDE
from tests.games.test_conformance import MAX_PLIES
from tests.renderers.checks import CHAT_WIDTH, MIN_CHAT_TEXT, chat_size, strict_translator, written_texts

MOMENTS = 4
"""States drawn from each seeded match: the start, two in the middle, the end."""

CASES = [
    pytest.param(key, seats, id=f"{key}-{seats}p")
    for key, game in sorted(REGISTRY.items())
    for seats in range(game.min_players, game.max_players + 1)
]


def moments(key: str, num_players: int) -> list[Any]:
    """:data:`MOMENTS` states of one seeded random match, its first and last included."""
    game = REGISTRY[key]
    seed = 7_919 * num_players + len(key)
    state = game.initial_state(seed, num_players)
    trail = [state]
    for ply in range(MAX_PLIES + 1):
        active = sorted(game.to_move(state))
        if not active:
            break
        assert ply < MAX_PLIES, f"{key}: the random match did not end"
        seat = active[Rng(seed, ply, 1).below(len(active))]
        legal = game.legal_moves(state, seat)
        state, _ = game.apply(state, seat, legal[Rng(seed, ply, 2).below(len(legal))])
        trail.append(state)
    step = (len(trail) - 1) / (MOMENTS - 1)
    return [trail[round(index * step)] for index in range(MOMENTS)]


def translators(key: str) -> dict[str, Any]:
    """A translator per locale that fails on any key missing from the game's and pictures' catalog."""
    catalog = merge(REGISTRY[key].messages, renderers.CATALOG)
    return {locale: strict_translator(catalog, locale) for locale in LOCALES}


def test_every_registered_game_has_a_renderer_and_a_rehide() -> None:
    assert set(renderers.RENDERERS) == set(REGISTRY)
    assert set(REHIDE) == set(REGISTRY)


@pytest.mark.parametrize(("key", "num_players"), CASES)
def test_every_seat_view_renders_with_an_alt_text_that_fits(key: str, num_players: int) -> None:
    game = REGISTRY[key]
    for locale, tr in translators(key).items():
        for state in moments(key, num_players):
            for seat in (None, *range(num_players)):
                view = game.view(state, seat)
                image = renderers.render(key, view, tr=tr)
                assert isinstance(image, Image.Image) and image.mode == "RGB", (locale, seat)
                assert to_png(image).startswith(b"\x89PNG\r\n\x1a\n")
                text = renderers.full_alt_text(key, view, tr=tr)
                assert text.strip(), (locale, seat)
                assert len(text) <= renderers.ALT_TEXT_LIMIT, f"{locale} seat {seat}: {len(text)} characters uncut"
                assert renderers.alt_text(key, view, tr=tr) == text, (locale, seat)


@pytest.mark.parametrize(("key", "num_players"), CASES)
def test_pictures_are_byte_identical_when_what_a_seat_cannot_see_is_re_dealt(key: str, num_players: int) -> None:
    game, rehide = REGISTRY[key], REHIDE[key]
    tr = translators(key)["en"]

    def picture(state: Any, viewer: int | None) -> tuple[bytes, str]:
        view = game.view(state, viewer)
        return to_png(renderers.render(key, view, tr=tr)), renderers.alt_text(key, view, tr=tr)

    changed = 0
    for index, state in enumerate(moments(key, num_players)):
        for seat in range(num_players):
            hidden = rehide(state, seat, Rng(index, seat, 13))
            changed += hidden != state
            for viewer in (None, seat):
                assert picture(hidden, viewer) == picture(state, viewer), (
                    f"moment {index}, seat {seat}, viewer {viewer}"
                )
    assert changed, "rehide changed no state: the check would prove nothing"


@pytest.mark.parametrize(("key", "num_players"), CASES)
def test_every_text_is_legible_at_chat_size_and_whole(key: str, num_players: int) -> None:
    game = REGISTRY[key]
    catalog = merge(game.messages, renderers.CATALOG)
    for locale, tr in translators(key).items():
        # A text that ends with "…" in the catalog itself ("arranging…") is whole.
        whole = {text for text in catalog[locale].values() if text.endswith("…")}
        for state in moments(key, num_players):
            for seat in (None, *range(num_players)):
                view = game.view(state, seat)
                image, written = written_texts(lambda: renderers.render(key, view, tr=tr))  # noqa: B023
                assert written, "the recorder saw the texts"
                small = sorted({(text, size) for text, size in written if chat_size(size, image) < MIN_CHAT_TEXT})
                assert not small, f"{locale} seat {seat}: under {MIN_CHAT_TEXT} px at {CHAT_WIDTH} px wide: {small}"
                cut = sorted({text for text, _ in written if text.endswith("…") and text not in whole})
                assert not cut, f"{locale} seat {seat}: cut short: {cut}"
