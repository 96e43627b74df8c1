"""The one translation layer: the bot's own strings plus every game's and renderer's catalog.

``tr_for(locale)`` gives the function every adapter uses for anything a person reads. The
strings themselves live in ``locales/<lang>/`` (one folder per language; ``locales``
explains which file holds what); every language there is complete (``tests/test_catalogs.py``)
and English is the fallback for any other locale. ``pick_locale`` is the only place that
decides a locale.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from babel import Locale as BabelLocale

import renderers
from bot.tournaments.messages import MESSAGES as TOURNAMENT_MESSAGES
from games import REGISTRY
from games.core import Catalog, Locale
from games.i18n import Translate, merge, translator
from locales import LANGUAGES, REFERENCE, catalog

DEFAULT_LOCALE: Final = REFERENCE

CORE: Final[Catalog] = catalog("bot")
"""The bot's own strings: ``locales/<lang>/bot.py``."""

CATALOG: Final = merge(
    CORE,
    *(game.messages for game in REGISTRY.values()),
    renderers.CATALOG,
    TOURNAMENT_MESSAGES,
    catalog("seats"),
    catalog("community"),
)


def language_of(discord_locale: str | None) -> Locale | None:
    """Our language for a Discord locale (``it`` → ``it``, ``en-GB`` → ``en``); None if we lack it."""
    if not discord_locale:
        return None
    language = discord_locale.lower().split("-")[0]
    return language if language in LANGUAGES else None


def pick_locale(user_locale: str | None, guild_locale: str | None = None) -> Locale:
    """The locale to speak: the user's, then the server's preferred one, then English."""
    for candidate in (user_locale, guild_locale):
        language = language_of(candidate)
        if language is not None:
            return language
    return DEFAULT_LOCALE


@cache
def tr_for(locale: Locale) -> Translate:
    """The translation function for ``locale`` over every catalog."""
    return translator(CATALOG, locale)


@cache
def language_name(language: Locale) -> str:
    """A language by its own name ("English", "Русский", "Italiano"), as language pickers show it.

    From CLDR (Babel), so a new language folder needs no catalog entry to be named.
    """
    name = BabelLocale.parse(language).get_display_name(language) or language
    return name[:1].upper() + name[1:]
