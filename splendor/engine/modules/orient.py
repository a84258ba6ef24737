"""The Orient (RULES_CITIES.md): a second market of Orient cards, whose abilities the
shared buying code plays (double gold, sacrifice, pairing); bought, a card may ask to
pair it with one of the player's cards, to take a free card of level 1 or 2, or to keep
a noble aside: those are this module's steps."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from splendor.engine.actions import Action, Pair, ReserveNoble, TakeFree
from splendor.engine.components import GameData
from splendor.engine.modules.base import (
    ModulePlayer,
    ModuleState,
    StepApply,
    StepOptions,
    _interned,
)
from splendor.engine.setup import GameSetup
from splendor.engine.state import Phase


class OrientState(ModuleState):
    """A game with the Orient."""

    __slots__ = ()

    module = "orient"
    title = "the Orient"
    aliases = ("the-orient",)
    description = "Orient cards with abilities: double gold, pairing, free cards, sacrifice."
    has_orient = True
    seat_fields = ("doubles", "pairs", "kept_nobles")
    table_fields = ("orient_market", "orient_decks", "box")

    # ----------------------------------------------------------- the setup

    @classmethod
    def playable(cls, data: GameData) -> bool:
        return bool(data.orient)

    @classmethod
    def deal_pieces(cls, data: GameData, rng: random.Random) -> Mapping[str, Any]:
        decks = []
        for level in data.levels:
            ids = [c.id for c in data.orient_cards(level)]
            rng.shuffle(ids)
            decks.append(tuple(ids))
        return {"orient_decks": tuple(decks)}

    @classmethod
    def check_orient_decks(cls, data: GameData, setup: GameSetup) -> None:
        if len(setup.orient_decks) != len(data.levels):
            raise ValueError(f"expected {len(data.levels)} Orient decks, "
                             f"got {len(setup.orient_decks)}")
        for level, ids in zip(data.levels, setup.orient_decks, strict=True):
            expected = sorted(c.id for c in data.orient_cards(level))
            if sorted(ids) != expected:
                raise ValueError(f"the level {level} Orient deck must hold the "
                                 f"{len(expected)} level-{level} Orient cards")

    @classmethod
    def position_pieces(cls, data: GameData, cities: Sequence[str] | None,
                        held_cities: list[object]) -> Mapping[str, Any]:
        # A built position places the Orient cards itself (position.py's tables).
        return {"orient_decks": tuple(tuple(c.id for c in data.orient_cards(level))
                                      for level in data.levels)}

    # ------------------------------------------------- the abilities' steps

    def _pair_options(self, card_id: str) -> tuple[Action, ...]:
        p = self.players[self.current]
        card = self.data.card_by_id[card_id]
        return tuple(_interned(Pair, c.id) for c in self._pair_targets(p, card))

    def _free_options(self, level: int) -> tuple[Action, ...]:
        return tuple(_interned(TakeFree, c.id) for c in self.market
                     if c is not None and c.level == level)

    def _keep_noble_options(self, arg: Any) -> tuple[Action, ...]:
        return tuple(_interned(ReserveNoble, n.id) for n in self.nobles)

    def _apply_pair(self, p: ModulePlayer, action: Pair, card_id: str) -> None:
        partner = next(c for c in p.purchased if c.id == action.card_id)
        p.pairs[card_id] = partner.bonus
        p.partners[card_id] = partner.id
        p.bonuses[partner.bonus] += 1

    def _apply_free(self, p: ModulePlayer, action: TakeFree, arg: Any) -> None:
        slot = self._slot(action.card_id)
        card = self.market[slot]
        assert card is not None
        self._vacate(slot)
        self._gain(p, card)

    def _apply_keep_noble(self, p: ModulePlayer, action: ReserveNoble, arg: Any) -> None:
        noble = self.data.noble_by_id[action.noble_id]
        self.nobles.remove(noble)
        p.kept_nobles.append(noble)

    STEP_OPTIONS: ClassVar[StepOptions] = {
        Phase.PAIR: _pair_options, Phase.FREE: _free_options,
        Phase.KEEP_NOBLE: _keep_noble_options,
    }
    STEP_APPLY: ClassVar[StepApply] = {
        Pair: _apply_pair, TakeFree: _apply_free, ReserveNoble: _apply_keep_noble,
    }
