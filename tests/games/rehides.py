"""Each registered game's ``rehide(state, seat, rng)`` test helper, keyed by game key.

``rehide`` re-deals everything ``seat`` cannot see, keeping what it can: the hidden-information
checks (the renderer contract, the autopilot's blindness) run it for every game in
``games.REGISTRY``. A new game adds its helper here; the renderer contract test fails until
this mapping covers the registry.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from games.core import Rng
from tests.games.rialto.helpers import rehide as rialto_rehide
from tests.games.twilight.helpers import rehide as twilight_rehide
from tests.games.venezia2099.helpers import rehide as venezia2099_rehide
from tests.games.volto.helpers import rehide as volto_rehide

Rehide = Callable[[Any, int, Rng], Any]

REHIDE: Final[dict[str, Rehide]] = {
    "rialto": rialto_rehide,
    "twilight": twilight_rehide,
    "venezia2099": venezia2099_rehide,
    "volto": volto_rehide,
}
