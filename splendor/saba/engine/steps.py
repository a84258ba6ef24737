"""The decision steps of a Saba turn."""

from __future__ import annotations

from enum import Enum
from typing import Final


class Step(Enum):
    """Which decision the game waits for."""

    START = "start"  # before phase 1: choose a harbour face (free actions too)
    CROSS = "cross"  # the cross: remove a palace card from the display
    VIZIER = "vizier"  # move the vizier
    SWAP = "swap"  # the vizier's exchange, or decline
    BUILD = "build"  # phase 2: buy, place a figure (phase 3), draw (phase 4); free actions
    HAREM = "harem"  # the displaced figure's owner: enter the harem or decline
    RECALL = "recall"  # which quarter a figure leaves for a balcony or the treasury
    PLACED = "placed"  # after phase 3: draw; free actions
    DRAWN = "drawn"  # after phase 4: end the turn; free actions
    LIMIT = "limit"  # the end-of-turn check: discard cards, return units
    OVER = "over"


#: The free moments of a turn (S14).
FREE_STEPS: Final = frozenset({Step.START, Step.BUILD, Step.PLACED, Step.DRAWN})
