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

    ``cache`` is the layer's cache (made by ``kit.cached``), read for its hit count; every
    cache is emptied through ``kit.clear_caches``. A private picture drawn first leaves
    nothing private in the layer (the public picture equals one drawn from a cold cache), and
    ``views`` drawn at the same time in threads equal the same views drawn one by one.
    """
    from renderers.kit import clear_caches

    clear_caches()
    cold_public = render(public_view)
    clear_caches()
    render(private_view)
    warm_public = render(public_view)
    assert cache.cache_info().hits == 1, "the public picture reuses the layer the private one drew"
    assert same(warm_public, cold_public)
    clear_caches()
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(render, views))
    clear_caches()
    alone = [render(view) for view in views]
    assert all(same(a, b) for a, b in zip(together, alone, strict=True))


def draw_one_moment(
    render: Callable[[Any], Image.Image], cache: Any, game: Any, state: Any
) -> tuple[Image.Image, list[Image.Image]]:
    """The public picture and each seat's of ``state``, checking the shared layer was drawn once."""
    from renderers.kit import clear_caches

    clear_caches()
    public = render(game.view(state, None))
    private = [render(game.view(state, seat)) for seat in range(state.num_players)]
    info = cache.cache_info()
    assert (info.misses, info.hits) == (1, state.num_players), "the shared layer is drawn once for every viewer"
    return public, private


CHAT_WIDTH = 500
"""The width at which Discord shows a picture in the chat (450-550 px)."""
MIN_CHAT_TEXT = 10.0
"""The smallest font size, in pixels at :data:`CHAT_WIDTH`, of any text a player needs."""


def written_texts(draw: Callable[[], Image.Image]) -> tuple[Image.Image, list[tuple[str, int]]]:
    """The picture ``draw`` returns and every (text, font size) written for it, caches cold.

    Every renderer cache is emptied first (``kit.clear_caches``), so that every string of the
    picture really goes through the kit's ``write``.
    """
    from renderers import kit

    kit.clear_caches()
    with kit.recording_text() as written:
        image = draw()
    return image, list(written)


def chat_size(size: int, image: Image.Image) -> float:
    """A font size of ``image`` once the picture is shown :data:`CHAT_WIDTH` px wide."""
    return size * CHAT_WIDTH / image.width
