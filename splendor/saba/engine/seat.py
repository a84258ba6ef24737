"""One player's possessions."""

from __future__ import annotations


class Seat:
    """One player's possessions, all public but the hand (S63-S64)."""

    __slots__ = ("faces", "figures", "hand", "markers", "stock")

    def __init__(self, figures: int, markers: int, faces: list[str]) -> None:
        #: Units by material.
        self.stock = [0, 0, 0, 0]
        #: Figures and harem markers in the player's supply.
        self.figures = figures
        self.markers = markers
        #: Action card ids in the order drawn.
        self.hand: list[str] = []
        #: The section each harbour card shows face up, by harbour card.
        self.faces = faces

    def clone(self) -> Seat:
        s = Seat(self.figures, self.markers, self.faces[:])
        s.stock = self.stock[:]
        s.hand = self.hand[:]
        return s

    def key(self) -> tuple[object, ...]:
        return (tuple(self.stock), self.figures, self.markers, tuple(self.hand), tuple(self.faces))
