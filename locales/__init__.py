"""Every sentence a person reads, one folder per language: ``locales/<lang>/<domain>.py``.

A **language** is a folder, named by the code Discord's locales start with (``en``, ``ru``,
``it``; Discord's ``pt-BR`` would be ``pt``). Its ``__init__.py`` says which language it is;
each of its modules is a **domain**, the strings of one part of the project, as one
``MESSAGES`` dict from key to template (``games/i18n.py`` describes templates and plurals):

============================  ===========================================================
domain                        whose strings
============================  ===========================================================
``bot``                       the bot (``core.*``) and its slash commands (``cmd.*``)
``tournaments``               ``bot/tournaments/``: tournaments, ratings, their commands
``seats``                     take-backs (``/undo``) and substitutes (``/sub``)
``community``                 ``/setup``, the audit log, following, DM settings, export/delete/forget
``volto``, ``twilight``,      each game (``games/<key>/messages.py`` reads its domain)
``rialto``, ``venezia2099``
``<game>_pictures``           what a game's pictures say (``renderers/<key>.py``)
============================  ===========================================================

English is the reference: every other language holds every key of every English domain,
with the same placeholders (``tests/test_catalogs.py`` names the file and key that lacks
one; ``python -m locales`` prints every missing key, ready to paste and translate).
**To add a string**, add its key to the domain of the code that uses it, in every language
folder. **To add a language**, copy ``locales/en`` to ``locales/<code>`` and
translate it; nothing else changes: the folder is found by :data:`LANGUAGES`, Discord's
locale picks it (``bot.i18n.pick_locale``) and the commands are synced with its names.

This package is data: it imports nothing of the project, and games, renderers and the bot
all read it (it is the layer below ``games``).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from typing import Final

REFERENCE: Final = "en"
"""The language every other one is checked against, and the fallback for a missing key."""


def languages() -> tuple[str, ...]:
    """Every language folder of this package: English first, then by code."""
    found = {module.name for module in pkgutil.iter_modules(__path__) if module.ispkg}
    return (REFERENCE, *sorted(found - {REFERENCE}))


def domains(language: str = REFERENCE) -> tuple[str, ...]:
    """The domains (modules) of one language folder, by name."""
    package = importlib.import_module(f"{__name__}.{language}")
    return tuple(sorted(module.name for module in pkgutil.iter_modules(package.__path__) if not module.ispkg))


def messages(language: str, domain: str) -> Mapping[str, str] | None:
    """One language's ``MESSAGES`` for ``domain``; None when that language lacks the file."""
    name = f"{__name__}.{language}.{domain}"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if missing.name == name:
            return None
        raise
    found: Mapping[str, str] = module.MESSAGES
    return found


def catalog(domain: str) -> dict[str, Mapping[str, str]]:
    """``domain`` in every language that has it: ``{language: {key: template}}``."""
    found = {language: messages(language, domain) for language in LANGUAGES}
    return {language: entries for language, entries in found.items() if entries is not None}


LANGUAGES: Final = languages()
"""The languages the project speaks, one per folder (``("en", "it", "ru")``)."""
