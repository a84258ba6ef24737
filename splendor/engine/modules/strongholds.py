"""Strongholds (RULES_CITIES.md): after each purchase a player places, moves or removes a
stronghold on a face-up card (another's stronghold keeps a card from everyone else,
which the shared buying code reads); a player whose strongholds all stand on one card it
can pay for may conquer it once the market is refilled."""

from __future__ import annotations

from typing import Any, ClassVar

from splendor.engine.actions import DECLINE, Action, Conquer, Decline, Stronghold
from splendor.engine.components import GameData
from splendor.engine.errors import PositionError
from splendor.engine.modules.base import (
    _CONQUEST,
    ModulePlayer,
    ModuleState,
    StepApply,
    StepOptions,
    _interned,
)
from splendor.engine.payment import default_payment, tokens_missing
from splendor.engine.state import Phase


class StrongholdsState(ModuleState):
    """A game with Strongholds."""

    __slots__ = ()

    module = "strongholds"
    title = "Strongholds"
    aliases = ("stronghold",)
    description = "Strongholds claim market cards; three on one card conquer it."
    has_strongholds = True
    table_fields = ("holds",)
    position_phases = (Phase.CONQUEST,)

    @classmethod
    def playable(cls, data: GameData) -> bool:
        return data.strongholds > 0

    def view_seat(self, seat: int) -> dict[str, Any]:
        return {**super().view_seat(seat), "supply": self.supply(seat)}

    def position_step(self, phase: Phase) -> None:
        if phase is not Phase.CONQUEST:
            super().position_step(phase)
            return
        seat, strongholds = self.current, self.data.strongholds
        p = self.players[seat]
        target = next((c for c in self.market if c is not None
                       and self.holds.get(c.id) == (seat, strongholds)), None)
        if target is None:
            raise PositionError(f"a conquest needs all {strongholds} of seat {seat}'s "
                                "strongholds on one face-up card ('holds')")
        if tokens_missing(p.tokens, p.bonuses, target):
            raise PositionError(f"a conquest of {target.id}: seat {seat} cannot pay for it")
        self.restore_turn((_CONQUEST, ((Phase.CONQUEST.value, target.id),), ()))

    # ------------------------------------------------------------ the steps

    def _after_purchase(self, p: ModulePlayer) -> None:
        self._steps.append((Phase.STRONGHOLD, None))

    def _offer_conquest(self, p: ModulePlayer) -> None:
        full = (self.current, self.data.strongholds)
        for card_id, hold in self.holds.items():
            if hold == full:
                card = self.data.card_by_id[card_id]
                if not tokens_missing(p.tokens, p.bonuses, card):
                    self._steps.append((Phase.CONQUEST, card.id))
                return

    def _hold_options(self, arg: Any) -> tuple[Action, ...]:
        seat, holds = self.current, self.holds
        targets = [c.id for c in self.market if c is not None
                   and (c.id not in holds or holds[c.id][0] == seat)]
        acts: list[Action] = []
        if self.supply(seat):
            acts.extend(_interned(Stronghold, "place", t) for t in targets)
        for source in sorted(holds):
            owner, _ = holds[source]
            if owner == seat:
                acts.extend(_interned(Stronghold, "move", t, source)
                            for t in targets if t != source)
        for card_id in sorted(holds):
            owner, n = holds[card_id]
            if owner != seat and n == 1:
                acts.append(_interned(Stronghold, "remove", card_id))
        return tuple(acts)

    def _conquest_options(self, card_id: str) -> tuple[Action, ...]:
        return (_interned(Conquer, card_id), DECLINE)

    def _apply_hold(self, p: ModulePlayer, action: Stronghold, arg: Any) -> None:
        holds, seat = self.holds, self.current
        if action.how == "remove":
            del holds[action.card_id]
            return
        if action.how == "move":
            assert action.source is not None
            owner, n = holds[action.source]
            if n > 1:
                holds[action.source] = (owner, n - 1)
            else:
                del holds[action.source]
        _, n = holds.get(action.card_id, (seat, 0))
        holds[action.card_id] = (seat, n + 1)

    def _apply_conquer(self, p: ModulePlayer, action: Conquer, arg: Any) -> None:
        slot = self._slot(action.card_id)
        card = self.market[slot]
        assert card is not None
        pay = action.payment or default_payment(p.tokens, p.bonuses, card)
        for color, n in enumerate(pay):
            if n:
                p.tokens[color] -= n
                self.bank[color] += n
        self._vacate(slot)
        self._gain(p, card)
        self._after_purchase(p)

    def _apply_decline(self, p: ModulePlayer, action: Decline, arg: Any) -> None:
        pass

    STEP_OPTIONS: ClassVar[StepOptions] = {
        Phase.STRONGHOLD: _hold_options, Phase.CONQUEST: _conquest_options,
    }
    STEP_APPLY: ClassVar[StepApply] = {
        Stronghold: _apply_hold, Conquer: _apply_conquer, Decline: _apply_decline,
    }
