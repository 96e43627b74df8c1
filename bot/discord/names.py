"""Translatable names of slash commands, options and choices (``cmd.*`` keys of the catalog).

Discord needs every name and description at sync time. The text a ``locale_str`` carries is
what every client without a localisation shows, so descriptions and choice names carry the
English catalog text; ``bot.discord.client.CatalogTranslator`` adds the other languages from the same
keys. Command and option names stay the identifiers written in the code (English names are
those identifiers). A key missing from the English catalog fails at import, not at sync.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from discord import app_commands
from discord.app_commands import locale_str

from bot.i18n import CATALOG, DEFAULT_LOCALE
from games import REGISTRY

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T", str, int, float)


def catalog_text(key: str) -> locale_str:
    """A translatable text whose default (the text Discord shows by default) is the English one."""
    return locale_str(CATALOG[DEFAULT_LOCALE][key], key=key)


def command_name(name: str) -> locale_str:
    """The name of a command or group (``cmd.<name>``)."""
    return locale_str(name, key=f"cmd.{name}")


def description(name: str) -> locale_str:
    """The description of a command or group (``cmd.<name>.desc``)."""
    return catalog_text(f"cmd.{name}.desc")


def option_name(name: str, *, key: str | None = None) -> locale_str:
    """The name of an option (``cmd.param.<key>``; ``key`` is ``name`` by default).

    Two options may share an English name but not its meaning or translation
    (``/game sub``'s ``member`` and ``/admin log``'s): each then has its own key.
    """
    return locale_str(name, key=f"cmd.param.{key or name}")


def option_description(name: str) -> locale_str:
    """The description of an option (``cmd.param.<name>.desc``)."""
    return catalog_text(f"cmd.param.{name}.desc")


def choice(key: str, value: T) -> app_commands.Choice[T]:
    """A choice shown as the catalog text of ``key`` (English by default, translated by locale)."""
    return app_commands.Choice(name=catalog_text(key), value=value)


def options(*names: str) -> Callable[[F], F]:
    """Name and describe a command's options from the catalog (``cmd.param.<name>`` and ``.desc``).

    One decorator for the ``app_commands.rename`` and ``app_commands.describe`` pair that every
    command with options needs, so an option's name and description cannot drift apart.
    """

    def decorate(function: F) -> F:
        described = app_commands.describe(**{name: option_description(name) for name in names})(function)
        renamed: F = app_commands.rename(**{name: option_name(name) for name in names})(described)
        return renamed

    return decorate


match_option = options("match")
"""Name and describe the optional ``match`` option most commands share."""


GAME_CHOICES = [choice(f"{key}.title", key) for key in REGISTRY]
"""Every registered game, for the ``game`` option of ``/game new``, ``/tournament create``, ``/leaderboard``."""
