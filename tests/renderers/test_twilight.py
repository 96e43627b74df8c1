"""The Twilight pictures: every view kind renders in both locales and shows only what it may."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image, ImageChops

from games.core import LOCALES, Message, Rng
from games.i18n import merge, missing_keys, translator
from games.twilight import GAME
from renderers import twilight
from renderers.kit import to_png
from tests.games.twilight.helpers import play, position, random_game, random_states, rehide

CATALOG = merge(GAME.messages, twilight.MESSAGES)


def strict_tr(locale: str) -> Any:
    """A translator that fails on any key missing from the locale."""
    plain = translator(CATALOG, locale)

    def check(message: Message) -> None:
        assert message.key in CATALOG[locale], f"{locale}: no template for {message.key!r}"
        for value in message.params.values():
            if isinstance(value, Message):
                check(value)

    def tr(key: str | Message, **params: Any) -> str:
        check(key if isinstance(key, Message) else Message(key, params))
        return plain(key, **params)

    return tr


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


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
    assert image.mode == "RGB" and image.width == twilight.WIDTH and image.height == twilight.height(view)
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


def test_public_picture_does_not_change_under_rehide():
    tr = strict_tr("en")
    for index, state in enumerate(random_states(range(2), every=23)):
        view = GAME.view(state, None)
        for seat in (0, 1):
            hidden = rehide(state, seat, Rng(index, seat))
            assert same(twilight.render(view, tr=tr), twilight.render(GAME.view(hidden, None), tr=tr))
            assert twilight.alt_text(view, tr=tr) == twilight.alt_text(GAME.view(hidden, None), tr=tr)


def test_private_picture_lists_unplayable_cards_with_reasons():
    view = GAME.view(SAMPLES["building"], 0)
    assert view.unplayable
    text = twilight.alt_text(view, tr=strict_tr("ru"))
    assert "В этом ходу можно разыгрывать только карточки типа «Арлекин»." in text


def test_same_view_same_pixels():
    view = GAME.view(SAMPLES["middle"], 1)
    tr = strict_tr("ru")
    assert same(twilight.render(view, tr=tr), twilight.render(view, tr=tr))
