"""Turning a :class:`~games.core.Message` into a sentence in one locale.

The catalogs themselves live with what they describe: each game carries its own
(``Game.messages``) and the bot carries its own; ``bot.i18n`` merges them. This module only
formats, so that renderers and tests can translate without importing the bot.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeAlias

from games.core import Catalog, Locale, Message

FALLBACK_LOCALE = "en"

Translate: TypeAlias = Callable[..., str]
"""``tr(key_or_message, **params) -> str`` for one fixed locale."""


def render(catalog: Catalog, locale: Locale, message: Message) -> str:
    """``message`` in ``locale``; English when the locale lacks the key; the key when both do."""
    params: dict[str, Any] = {
        name: render(catalog, locale, value) if isinstance(value, Message) else value
        for name, value in message.params.items()
    }
    for candidate in (locale, FALLBACK_LOCALE):
        template = catalog.get(candidate, {}).get(message.key)
        if template is not None:
            try:
                return template.format(**params)
            except (KeyError, IndexError, ValueError):
                return template
    return message.key


def translator(catalog: Catalog, locale: Locale) -> Translate:
    """A ``tr`` function bound to one catalog and locale."""

    def tr(key: str | Message, **params: Any) -> str:
        message = key if isinstance(key, Message) else Message(key, params)
        return render(catalog, locale, message)

    return tr


def merge(*catalogs: Catalog) -> dict[Locale, dict[str, str]]:
    """One catalog holding every key of ``catalogs`` (later ones win)."""
    merged: dict[Locale, dict[str, str]] = {}
    for catalog in catalogs:
        for locale, entries in catalog.items():
            merged.setdefault(locale, {}).update(entries)
    return merged


def missing_keys(catalog: Mapping[Locale, Mapping[str, str]], locales: tuple[Locale, ...]) -> set[tuple[Locale, str]]:
    """(locale, key) pairs present in some locale of ``locales`` but absent from another."""
    every = set().union(*(catalog.get(locale, {}).keys() for locale in locales))
    return {(locale, key) for locale in locales for key in every if key not in catalog.get(locale, {})}
