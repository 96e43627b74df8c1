"""PostgreSQL migrations, numbered like the SQLite ones (see ``bot.store.database``)."""
