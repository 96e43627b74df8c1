"""Pictures of game views, for the channel (public view) and for each player (private view).

This package draws *views* (``Game.view(state, seat)``), never states, so a public picture
cannot show what only one seat may know. It imports ``games`` and Pillow only; the bot calls
:func:`render` in a worker thread and sends :func:`to_png` bytes with :func:`alt_text` as
the attachment's description.

``RENDERERS`` maps a game key to that game's module-level ``render`` and ``alt_text``;
``CATALOG`` holds every string any picture shows, in every locale, for the bot to merge
into its translator.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final, NamedTuple

from PIL import Image

from games.core import Catalog
from games.i18n import Translate, merge
from renderers import rialto, twilight, venezia2099, volto
from renderers.kit import to_png
from renderers.replay import replay_gif
from renderers.theme import DEFAULT_THEME, Theme

__all__ = [
    "ALT_TEXT_LIMIT",
    "CATALOG",
    "DEFAULT_THEME",
    "RENDERERS",
    "Renderer",
    "Theme",
    "alt_text",
    "full_alt_text",
    "render",
    "replay_gif",
    "to_png",
]

ALT_TEXT_LIMIT: Final = 1024
"""Discord's limit on an attachment's ``description`` (its alt text)."""


class Renderer(NamedTuple):
    """One game's drawing functions."""

    render: Callable[..., Image.Image]
    """``render(view, *, tr, theme=DEFAULT_THEME) -> Image``."""
    alt_text: Callable[..., str]
    """``alt_text(view, *, tr) -> str``: the picture described for screen readers."""


RENDERERS: Final[dict[str, Renderer]] = {
    "volto": Renderer(volto.render, volto.alt_text),
    "venezia2099": Renderer(venezia2099.render, venezia2099.alt_text),
    "twilight": Renderer(twilight.render, twilight.alt_text),
    "rialto": Renderer(rialto.render, rialto.alt_text),
}

CATALOG: Final[Catalog] = merge(volto.MESSAGES, venezia2099.MESSAGES, twilight.MESSAGES, rialto.MESSAGES)
"""Every picture string of every renderer: locale -> key -> template."""


def render(game_key: str, view: object, *, tr: Translate, theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The picture of ``view`` for the game ``game_key``; raises KeyError for an unknown game."""
    image: Image.Image = RENDERERS[game_key].render(view, tr=tr, theme=theme)
    return image


def full_alt_text(game_key: str, view: object, *, tr: Translate) -> str:
    """The screen-reader description of the picture of ``view`` before any cut, for tests to measure."""
    text: str = RENDERERS[game_key].alt_text(view, tr=tr)
    return text


def alt_text(game_key: str, view: object, *, tr: Translate) -> str:
    """The screen-reader description of the picture of ``view``, cut to :data:`ALT_TEXT_LIMIT`.

    Each game keeps its description under the limit (the contract test measures the uncut
    text); the cut is a last guard so an unforeseen state never makes Discord refuse the post.
    """
    text = full_alt_text(game_key, view, tr=tr)
    if len(text) > ALT_TEXT_LIMIT:
        return text[: ALT_TEXT_LIMIT - 1].rstrip() + "…"
    return text
