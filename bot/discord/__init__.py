"""Serenissima on Discord: everything that imports discord.py, and nothing else does.

``client`` wires the bot; ``cogs/`` holds the commands and the click handlers, loaded as
extensions; ``components`` the persistent buttons and selects (ids through ``ids``);
``payloads`` and ``tournament_payloads`` build what is posted; ``transport`` and
``tournaments`` deliver the outbox and the announcements; ``delivery`` says when.
"""
