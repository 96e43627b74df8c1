"""Rialto's translation catalog (names, events, move labels, errors), from ``locales/<lang>/rialto.py``.

Error templates quote the move with ``{move}``, which the engine fills with ``repr`` of the input.
"""

from __future__ import annotations

from typing import Final

from games.core import Catalog
from locales import catalog

MESSAGES: Final[Catalog] = catalog("rialto")
