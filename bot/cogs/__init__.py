"""Slash-command cogs."""
