"""Saba's bots: players that decide from a seat's `SabaView` (never the full state).

`make_bot(name, seed)` builds one by name; `BOT_NAMES` lists the names, weakest first.
"""

from splendor.saba.bots.base import BOT_NAMES, make_bot

__all__ = ["BOT_NAMES", "make_bot"]
