"""Every sentence Volto shows a person (``Volto.messages``), from ``locales/<lang>/volto.py``.

Templates are ``str.format`` strings; parameters named ``seat``, ``winner``, ``loser`` are
seat names (``volto.seat.N``), ``owner``, ``victim``, ``winner_owner``, ``loser_owner`` are
possessive forms (``volto.seat.N.owner``), and ``mask`` / ``victim_mask`` are mask names
(``volto.mask.X``). ``text`` is what the player typed, quoted by the template. Each
language's file says how its templates read correctly with every value.
"""

from __future__ import annotations

from typing import Final

from games.core import Catalog
from locales import catalog

MESSAGES: Final[Catalog] = catalog("volto")
