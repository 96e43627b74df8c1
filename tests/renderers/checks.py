"""Helpers shared by the renderer tests: a translator that refuses missing keys, pixel equality,
the checks of a shared public layer."""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from PIL import Image, ImageChops

from games.core import Catalog, Message
from games.i18n import translator


def strict_translator(catalog: Catalog, locale: str) -> Any:
    """A translator that fails on any key missing from ``catalog`` in ``locale``."""
    plain = translator(catalog, locale)

    def check(message: Message) -> None:
        assert message.key in catalog[locale], f"{locale}: no template for {message.key!r}"
        for value in message.params.values():
            if isinstance(value, Message):
                check(value)

    def tr(key: str | Message, **params: Any) -> str:
        check(key if isinstance(key, Message) else Message(key, params))
        return plain(key, **params)

    return tr


def same(a: Image.Image, b: Image.Image) -> bool:
    """Same size and the same pixels."""
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


def check_shared_layer(
    render: Callable[[Any], Image.Image], cache: Any, public_view: Any, private_view: Any, views: list[Any]
) -> None:
    """A renderer that shares one drawn public layer between the pictures of one moment.

    ``cache`` is the layer's ``functools`` cache. A private picture drawn first leaves
    nothing private in the layer (the public picture equals one drawn from a cold cache), and
    ``views`` drawn at the same time in threads equal the same views drawn one by one.
    """
    cache.cache_clear()
    cold_public = render(public_view)
    cache.cache_clear()
    render(private_view)
    warm_public = render(public_view)
    assert cache.cache_info().hits == 1, "the public picture reuses the layer the private one drew"
    assert same(warm_public, cold_public)
    cache.cache_clear()
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(render, views))
    cache.cache_clear()
    alone = [render(view) for view in views]
    assert all(same(a, b) for a, b in zip(together, alone, strict=True))


def draw_one_moment(
    render: Callable[[Any], Image.Image], cache: Any, game: Any, state: Any
) -> tuple[Image.Image, list[Image.Image]]:
    """The public picture and each seat's of ``state``, checking the shared layer was drawn once."""
    cache.cache_clear()
    public = render(game.view(state, None))
    private = [render(game.view(state, seat)) for seat in range(state.num_players)]
    info = cache.cache_info()
    assert (info.misses, info.hits) == (1, state.num_players), "the shared layer is drawn once for every viewer"
    return public, private
