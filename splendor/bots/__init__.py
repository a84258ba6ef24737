"""Bots: players that decide from a seat's `View` (never the full state).

`make_bot(name, seed, data=...)` builds one by name for a game's data; `BOT_NAMES` lists the names.
"""

from splendor.bots.base import BOT_NAMES, Bot, make_bot

__all__ = ["BOT_NAMES", "Bot", "make_bot"]
