"""Every sentence and name of Twilight of Venice, from ``locales/<lang>/twilight.py``."""

from __future__ import annotations

from typing import Final

from games.core import Catalog
from locales import catalog

MESSAGES: Final[Catalog] = catalog("twilight")
