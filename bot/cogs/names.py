"""Translatable names of slash commands and options (``cmd.*`` keys of the catalog).

Discord needs every name and description at sync time; ``bot.app.CatalogTranslator``
turns these keys into the Russian localisations.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from discord import app_commands
from discord.app_commands import locale_str

F = TypeVar("F", bound=Callable[..., Any])


def command_name(name: str) -> locale_str:
    """The name of a command or group (``cmd.<name>``)."""
    return locale_str(name, key=f"cmd.{name}")


def description(name: str) -> locale_str:
    """The description of a command or group (``cmd.<name>.desc``)."""
    return locale_str(name, key=f"cmd.{name}.desc")


def option_name(name: str) -> locale_str:
    """The name of an option (``cmd.param.<name>``)."""
    return locale_str(name, key=f"cmd.param.{name}")


def option_description(name: str) -> locale_str:
    """The description of an option (``cmd.param.<name>.desc``)."""
    return locale_str(name, key=f"cmd.param.{name}.desc")


def match_option(function: F) -> F:
    """Name and describe the optional ``match`` option most commands share."""
    described = app_commands.describe(match=option_description("match"))(function)
    renamed: F = app_commands.rename(match=option_name("match"))(described)
    return renamed
