"""Numbered SQL migrations, applied in order at start (see ``bot.store``)."""
