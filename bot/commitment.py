"""The seed commitment: the public fingerprint of a match's secret seed.

When a match starts the bot posts this fingerprint; when it ends it reveals the seed, so
anyone can check that the shuffles were the ones committed to. The service posts it, the
export carries it and ``python -m bot.verify`` checks it, all through this one function.
"""

from __future__ import annotations

import hashlib


def seed_commitment(seed: int) -> str:
    """The published fingerprint (SHA-256, hex) of a match's seed."""
    return hashlib.sha256(f"serenissima:{seed}".encode()).hexdigest()
