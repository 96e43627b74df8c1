"""Every string of tournaments and ratings, with the command names (``locales/<lang>/tournaments.py``).

Merged into ``bot.i18n.CATALOG``; ``tests/test_catalogs.py`` checks that every language
holds every key.
"""

from __future__ import annotations

from typing import Final

from games.core import Catalog
from locales import catalog

MESSAGES: Final[Catalog] = catalog("tournaments")
