"""The one error handler: every failed interaction ends here, and nobody sees a traceback.

In order of priority:
1. ``ServiceError`` and ``MoveError`` (including ``StaleMove``, ``NotSeated``,
   ``NotYourTurn``, ``IllegalMove``): the refusal, translated, sent only to the person who
   asked; nothing changed.
2. ``app_commands.CheckFailure`` and transformer errors: a translated "not allowed here" or
   "bad input" sentence, privately.
3. Anything else: logged with the interaction's ids, and the person is told that nothing
   changed (the move log is written in one transaction, so that is true).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from typing import Any, ParamSpec

import discord
from discord import app_commands

from bot.i18n import pick_locale, tr_for
from bot.service_errors import ServiceError
from games.core import Message, MoveError

log = logging.getLogger(__name__)

P = ParamSpec("P")


def message_for(error: BaseException) -> Message:
    """What to tell the person about ``error``."""
    original = getattr(error, "original", None)
    if isinstance(original, Exception):
        error = original
    if isinstance(error, ServiceError | MoveError):
        return error.message
    if isinstance(error, app_commands.CommandInvokeError) and error.original is not None:
        return message_for(error.original)
    return Message("core.error.internal")


async def answer(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Tell the actor, privately and translated, why nothing happened."""
    message = message_for(error)
    if message.key == "core.error.internal":
        command = interaction.command.qualified_name if interaction.command else None
        custom_id = (interaction.data or {}).get("custom_id") if interaction.data else None
        log.error(
            "interaction failed user=%s command=%s custom_id=%s",
            interaction.user.id,
            command,
            custom_id,
            exc_info=error,
        )
    tr = tr_for(pick_locale(str(interaction.locale), str(interaction.guild_locale or "")))
    content = tr(message)
    try:
        if interaction.response.is_done():
            await interaction.followup.send(content, ephemeral=True)
        else:
            await interaction.response.send_message(content, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not report an error to user=%s", interaction.user.id, exc_info=True)


def guarded(handler: Callable[P, Awaitable[None]]) -> Callable[P, Awaitable[None]]:
    """Route any exception of an interaction handler to :func:`answer`.

    The interaction must be the handler's first argument after ``self`` (if any).
    """

    @functools.wraps(handler)
    async def wrapper(*args: P.args, **kwargs: P.kwargs) -> None:
        try:
            await handler(*args, **kwargs)
        except Exception as error:
            interaction = next(a for a in args if isinstance(a, discord.Interaction))
            await answer(interaction, error)

    return wrapper
