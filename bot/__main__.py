"""``python -m bot``: run the Discord bot (see :mod:`bot.discord.run` for the exit codes)."""

from __future__ import annotations

import asyncio
import sys

from bot.discord.run import main

if __name__ == "__main__":
    try:
        sys.exit(asyncio.run(main()))
    except KeyboardInterrupt:
        sys.exit(0)
