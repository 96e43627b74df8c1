"""The garbage collector kept off a move's path: what lives as long as the process is frozen once started.

CPython's cyclic collector scans every object of the generations it collects, and a full
collection runs inside whatever was allocating at that moment: a move, a picture. The bot's
imports leave ~70,000 objects that live as long as the process (discord.py, Pillow, the
games, the catalogs); scanning them made each full collection 22-29 ms, measured in
``python -m bench.bench_service venezia2099 --players 5`` (3 such pauses in 439 decisions,
a p99 by themselves). :func:`freeze_startup` moves what exists once startup is done to the
permanent generation, which no collection scans: a full collection then took 6 ms. What is
made later is not frozen, so the cycles made while serving are still collected (the
renderers make none: see ``renderers.kit.Backdrop.image``).
"""

from __future__ import annotations

import gc


def freeze_startup() -> None:
    """Collect what startup left as garbage, then leave every object alive now out of later collections.

    Called once the bot (or a drawing worker) has started: its modules, catalogs and fonts
    are never garbage, and frozen they are no longer scanned.
    """
    gc.collect()
    gc.freeze()
