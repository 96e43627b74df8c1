"""Helpers shared by the renderer tests: a translator that refuses missing keys, pixel equality."""

from __future__ import annotations

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
