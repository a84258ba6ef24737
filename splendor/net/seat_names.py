"""The names a server leaves to each window: a bot seat named after its level has no name
in the server's messages (`SeatInfo.name` is None), and the window words one in its own
language, numbered when the table has several bots of that level ('Hard bot 2'). The
game's views and record carry the server's own names; a window shows its words there too.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from splendor.engine import View
from splendor.net.game_table import bot_name
from splendor.net.protocol import SeatInfo

#: Words a bot's name from its level and its number among the table's bots of that level
#: (1 for the first).
BotNamer = Callable[[str, int], str]


def server_bot_name(level: str, n: int) -> str:
    """The server's own words (for tools without a language): 'Hard bot', 'Hard bot 2'."""
    return bot_name(level) if n == 1 else f"{bot_name(level)} {n}"


def worded_names(seats: Iterable[SeatInfo], word: BotNamer) -> dict[int, str]:
    """The seats whose names the window words, with its words: bots named after their
    level."""
    count: Counter[str] = Counter()
    names = {}
    for info in seats:
        if info.kind == "bot" and info.name is None and info.level is not None:
            count[info.level] += 1
            names[info.seat] = word(info.level, count[info.level])
    return names


def renamed_view(view: View, names: dict[int, str]) -> View:
    """`view` with the players of `names` so named."""
    if not any(p.seat in names for p in view.players):
        return view
    return replace(view, players=tuple(replace(p, name=names[p.seat]) if p.seat in names
                                       else p for p in view.players))


def renamed_record(record: dict[str, Any], names: dict[int, str]) -> dict[str, Any]:
    """A copy of the game `record` with the players of `names` so named."""
    setup = record.get("setup")
    if not names or not isinstance(setup, dict) or not isinstance(setup.get("names"), list):
        return record  # nothing to word, or not a record (replaying it says why)
    dealt = list(setup["names"])
    for seat, name in names.items():
        if 0 <= seat < len(dealt):
            dealt[seat] = name
    return {**record, "setup": {**setup, "names": dealt}}
