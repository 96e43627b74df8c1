"""Turning a :class:`~games.core.Message` into a sentence in one locale.

The catalogs themselves live with what they describe: each game carries its own
(``Game.messages``) and the bot carries its own; ``bot.i18n`` merges them. This module only
formats, so that renderers and tests can translate without importing the bot.

A template is a ``str.format`` string that may hold ICU-style plural blocks, chosen by the
CLDR plural rules of the template's language (through Babel), so no sentence needs "(s)":

    "{count, plural, one {# card} other {# cards}}"                       (en: one, other)
    "{count, plural, one {# карта} few {# карты} many {# карт} other {# карты}}"   (ru)

``#`` stands for the number (a ``#`` followed by ``{``, as in ``#{match}``, stays as it is);
a form may hold ``{placeholders}`` and further blocks; ``=0 {…}`` matches one number exactly.
Each block carries exactly the forms its language needs (``plural_forms``; a test checks
every catalog), so adding a language is adding its templates.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final, TypeAlias

from babel import Locale as BabelLocale
from babel.numbers import format_decimal

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
                return expand(template, candidate, params).format(**params)
            except (KeyError, IndexError, ValueError):
                return template
    return message.key


# --- Plurals --------------------------------------------------------------------------------

_BLOCK_HEAD: Final = re.compile(r"\{\s*(\w+)\s*,\s*plural\s*,")
_SELECTOR: Final = re.compile(r"\s*(=\d+|[a-z]+)\s*\{")
_NUMBER_SIGN: Final = re.compile(r"#(?!\{)")
_BLOCK_END: Final = re.compile(r"\s*\}")


@dataclass(frozen=True, slots=True)
class PluralBlock:
    """``{name, plural, form {text} …}``: the text of one form, chosen by ``name``'s value."""

    name: str
    forms: tuple[tuple[str, str], ...]
    """(selector, text) pairs in the catalog's order; a selector is a CLDR form or ``=N``."""


Segment: TypeAlias = str | PluralBlock


@cache
def parse(template: str) -> tuple[Segment, ...]:
    """The template as literal text and plural blocks (raises ValueError when malformed)."""
    segments: list[Segment] = []
    position = 0
    while (head := _BLOCK_HEAD.search(template, position)) is not None:
        if head.start() > position:
            segments.append(template[position : head.start()])
        forms: list[tuple[str, str]] = []
        position = head.end()
        while True:
            selector = _SELECTOR.match(template, position)
            if selector is None:
                break
            body_end = _closing_brace(template, selector.end())
            forms.append((selector.group(1), template[selector.end() : body_end]))
            position = body_end + 1
        closing = _BLOCK_END.match(template, position)
        if closing is None or not forms:
            raise ValueError(f"malformed plural block in {template!r}")
        segments.append(PluralBlock(head.group(1), tuple(forms)))
        position = closing.end()
    if position < len(template):
        segments.append(template[position:])
    return tuple(segments)


def _closing_brace(template: str, start: int) -> int:
    """The index of the brace closing the one opened just before ``start``."""
    depth = 1
    for index in range(start, len(template)):
        if template[index] == "{":
            depth += 1
        elif template[index] == "}":
            depth -= 1
            if depth == 0:
                return index
    raise ValueError(f"unbalanced braces in {template!r}")


def expand(template: str, locale: Locale, params: Mapping[str, Any]) -> str:
    """``template`` with each plural block replaced by its form for ``params`` in ``locale``.

    What is left is a plain ``str.format`` template, each ``#`` replaced by the number.
    """
    if "plural" not in template:
        return template
    out = []
    for segment in parse(template):
        if isinstance(segment, str):
            out.append(segment)
            continue
        value = params.get(segment.name)
        text = choose(segment, locale, value)
        number = _number(value, locale).replace("\\", "\\\\")  # literal text for re.sub
        out.append(expand(_NUMBER_SIGN.sub(number, text), locale, params))
    return "".join(out)


def _number(value: Any, locale: Locale) -> str:
    """How ``#`` shows the number: whole numbers as they are, fractions the locale's way (1,5)."""
    if isinstance(value, float) and not value.is_integer():
        return format_decimal(value, locale=locale)
    if isinstance(value, float):
        return str(int(value))
    return str(value)


def choose(block: PluralBlock, locale: Locale, value: Any) -> str:
    """The text of the form ``value`` takes in ``locale`` (``other`` when it is not a number)."""
    forms = dict(block.forms)
    if isinstance(value, int | float) and not isinstance(value, bool):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        exact = forms.get(f"={value}") if value == int(value) else None
        if exact is not None:
            return exact
        form = _babel_locale(locale).plural_form(abs(value))
        return forms.get(form, forms.get("other", ""))
    return forms.get("other", "")


def plural_forms(locale: Locale) -> frozenset[str]:
    """The CLDR plural forms ``locale`` distinguishes, ``other`` included (en: one, other)."""
    return frozenset(_babel_locale(locale).plural_form.tags) | {"other"}


def plural_blocks(template: str) -> list[PluralBlock]:
    """Every plural block of ``template``, nested ones included (for catalog checks)."""
    found = []
    for segment in parse(template):
        if isinstance(segment, PluralBlock):
            found.append(segment)
            for _selector, text in segment.forms:
                found.extend(plural_blocks(text))
    return found


def placeholders(template: str) -> set[str]:
    """The parameter names ``template`` uses, in its text, its plural blocks and their forms."""
    names: set[str] = set()
    for segment in parse(template):
        if isinstance(segment, str):
            names |= {name.split("!")[0] for _, name, _, _ in string.Formatter().parse(segment) if name}
        else:
            names.add(segment.name)
            for _selector, text in segment.forms:
                names |= placeholders(_NUMBER_SIGN.sub("", text))
    return names


@cache
def _babel_locale(locale: Locale) -> BabelLocale:
    return BabelLocale.parse(locale)


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
