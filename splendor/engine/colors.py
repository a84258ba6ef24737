"""Token and gem colours. Colours are small ints so that counts fit in plain lists."""

from __future__ import annotations

from typing import Final

WHITE: Final = 0
BLUE: Final = 1
GREEN: Final = 2
RED: Final = 3
BLACK: Final = 4
GOLD: Final = 5

#: The five gem colours (everything but gold), in the game's canonical order.
GEMS: Final = (WHITE, BLUE, GREEN, RED, BLACK)
#: All six token colours; token counts are 6-tuples indexed by these.
TOKENS: Final = (*GEMS, GOLD)

COLOR_NAMES: Final = ("white", "blue", "green", "red", "black", "gold")
_INDEX: Final = {name: i for i, name in enumerate(COLOR_NAMES)}


def color_index(name: str) -> int:
    """Return the index of a colour name (case-insensitive); raise ValueError if unknown."""
    try:
        return _INDEX[name.strip().lower()]
    except KeyError:
        known = ", ".join(COLOR_NAMES)
        raise ValueError(f"unknown colour {name!r} (known: {known})") from None


def counts_text(counts: tuple[int, ...]) -> str:
    """Spell token counts as repeated colour names, e.g. (0, 2, 0, 0, 0, 1) -> 'blue blue gold'."""
    return " ".join(COLOR_NAMES[c] for c, n in enumerate(counts) for _ in range(n))
