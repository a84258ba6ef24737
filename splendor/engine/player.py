"""One seat's possessions in the base game (a module's seat adds its pieces: see
engine/modules/base.py)."""

from __future__ import annotations

from splendor.engine.components import Card, Noble


class PlayerState:
    """One seat's possessions. Mutable; owned by its `GameState`."""

    __slots__ = ("blind", "bonuses", "nobles", "points", "purchased", "reserved", "tokens")

    def __init__(self) -> None:
        self.tokens: list[int] = [0] * 6
        self.bonuses: list[int] = [0] * 5
        self.purchased: list[Card] = []
        self.reserved: list[Card] = []
        #: Ids of reserved cards taken blind from a deck: only their owner may see them.
        self.blind: set[str] = set()
        self.nobles: list[Noble] = []
        self.points = 0

    def clone(self) -> PlayerState:
        return self._copy_into(PlayerState.__new__(PlayerState))

    def _copy_into(self, p: PlayerState) -> PlayerState:
        """Copy this seat's base-game possessions into the blank `p` (a subclass adds its
        own after calling this)."""
        p.tokens = self.tokens[:]
        p.bonuses = self.bonuses[:]
        p.purchased = self.purchased[:]
        p.reserved = self.reserved[:]
        p.blind = set(self.blind)
        p.nobles = self.nobles[:]
        p.points = self.points
        return p

    def key(self) -> tuple[object, ...]:
        """Everything this seat holds, as a comparable value."""
        return (
            tuple(self.tokens),
            tuple(c.id for c in self.purchased),
            tuple(c.id for c in self.reserved),
            tuple(sorted(self.blind)),
            tuple(n.id for n in self.nobles),
            self.points,
        )
