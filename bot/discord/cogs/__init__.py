"""The cogs: slash commands and the clicks they answer; each module is an extension (``setup(bot)``)."""
