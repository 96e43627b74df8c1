"""Serenissima's Discord bot: the service, the store, and the Discord and console adapters."""
