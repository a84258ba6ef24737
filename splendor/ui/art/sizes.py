"""Surface sizes: how a size argument becomes pixels."""

from __future__ import annotations

SizeArg = int | float | tuple[int, int] | tuple[float, float]

#: A card's height over its width (the physical cards are 63 x 88 mm).
CARD_RATIO = 1.4


def _card_size(size: SizeArg) -> tuple[int, int]:
    if isinstance(size, tuple):
        return max(8, round(size[0])), max(8, round(size[1]))
    return max(8, round(size)), max(8, round(size * CARD_RATIO))


def _square_size(size: SizeArg) -> int:
    if isinstance(size, tuple):
        return max(8, round(min(size)))
    return max(8, round(size))
