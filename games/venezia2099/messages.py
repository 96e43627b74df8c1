"""Every sentence Venezia 2099 shows a person, from ``locales/<lang>/venezia2099.py``.

Names that need translating inside sentences (seats, districts, colours, treasures) are
their own keys, passed as nested messages. A district is named by its colour and value
("Red 2"), so its names are built here for every language from the language's colour names
(``venezia2099.colour.*``) instead of being written out 48 times per language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from games.core import Catalog
from games.venezia2099.model import VALUES, Colour, District, value_label
from locales import catalog


def district_names(entries: Mapping[str, str]) -> dict[str, str]:
    """``venezia2099.district.<code>`` for every district, from one language's colour names."""
    names = {}
    for colour in Colour:
        name = entries.get(f"venezia2099.colour.{colour.value}")
        if name is None:
            continue
        for value in VALUES:
            names[f"venezia2099.district.{District(value, colour).code}"] = f"{name} {value_label(value)}"
    return names


def build_catalog() -> Catalog:
    """The whole catalog, every language, district names included."""
    return {language: {**entries, **district_names(entries)} for language, entries in catalog("venezia2099").items()}


MESSAGES: Final = build_catalog()
