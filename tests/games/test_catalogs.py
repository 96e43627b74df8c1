"""Every registered game's catalog: complete in every language of ``locales/``, and formattable.

The conformance suite checks that the keys a game produces exist; this checks the catalog
itself, so that a key used only on a rare path is still translated and well formed.
"""

from __future__ import annotations

import string

import pytest

from games import REGISTRY
from games.core import LOCALES
from games.i18n import expand, missing_keys, placeholders

KEYS = sorted(REGISTRY)


@pytest.mark.parametrize("key", KEYS)
def test_every_locale_has_the_same_keys(key):
    catalog = REGISTRY[key].messages
    assert set(catalog) >= set(LOCALES)
    assert missing_keys(catalog, LOCALES) == set()


@pytest.mark.parametrize("key", KEYS)
def test_keys_belong_to_the_game_and_the_title_is_there(key):
    catalog = REGISTRY[key].messages
    for locale in LOCALES:
        assert f"{key}.title" in catalog[locale]
        strays = [name for name in catalog[locale] if not name.startswith(f"{key}.")]
        assert strays == [], f"{locale}: keys outside the {key!r} namespace"


@pytest.mark.parametrize("key", KEYS)
def test_templates_take_the_same_parameters_in_every_locale_and_format(key):
    catalog = REGISTRY[key].messages
    english = catalog["en"]
    for name, template in english.items():
        wanted = placeholders(template)
        for locale in LOCALES:
            other = catalog[locale][name]
            assert placeholders(other) == wanted, f"{name!r}: {locale} uses {placeholders(other)}, en {wanted}"
            assert other.strip(), f"{name!r} is empty in {locale}"
            for value in ("x", 1, 5):
                params = dict.fromkeys(wanted, value)
                expand(other, locale, params).format(**params)


@pytest.mark.parametrize("key", KEYS)
def test_russian_is_written_in_russian(key):
    """A Russian template that is identical to the English one and holds words is untranslated."""
    catalog = REGISTRY[key].messages
    for name, template in catalog["en"].items():
        russian = catalog["ru"][name]
        blank = string.Formatter().vformat(expand(template, "en", {}), (), _Blank())
        letters = [char for char in blank if char.isalpha()]
        if len(letters) > 3 and russian == template:
            pytest.fail(f"{name!r} is not translated: {russian!r}")


class _Blank(dict):
    def __missing__(self, key: str) -> str:
        return ""
