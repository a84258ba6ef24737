"""Why a suggested move of Saba is good, as a player would say it (no pygame): what the
move gains, worked out from the same view the hard bot chose it from (never more).

`hint_reason` finds the reason: a point on a balcony (and one less for the player pushed
off), a figure in the treasury, the end of the game while one leads, a quarter's income,
materials that pay for a card of the build spaces or bring one nearer, a card crossed out
before an opponent can build it, the vizier closing an opponent's quarter... `why_text`
words it in the language in use (`saba_hint.*`).
"""

from __future__ import annotations

from dataclasses import dataclass

from splendor.i18n import tr
from splendor.saba.engine import (
    Action,
    Buy,
    ChooseFace,
    Decline,
    Discard,
    Draw,
    EndTurn,
    Enter,
    MoveVizier,
    PalaceCard,
    Place,
    Play,
    Recall,
    Remove,
    Return,
    SabaData,
    SabaView,
    Step,
    Swap,
    Use,
)
from splendor.saba.engine.outcome import harem_winner
from splendor.saba.words import card_name, quarter_does, quarter_name, units_text


@dataclass(frozen=True, slots=True)
class HintReason:
    """Why a move is good: `code` (a key of saba_hint.why) and what it names: a card, a
    garden space, a quarter, another seat, the units the move gains (by material)."""

    code: str
    card: str | None = None
    garden: int = 0
    quarter: str | None = None
    seat: int | None = None
    units: tuple[int, ...] = ()


def hint_reason(view: SabaView, data: SabaData, action: Action) -> HintReason:
    """What `action` gains the seat of `view` (which decides now)."""
    if len(view.legal_actions) == 1:
        return HintReason("only_move")
    if isinstance(action, Buy):
        return _purchase(view, data, action.card_id)
    gained = _gains(view, data, action)
    if gained is not None and any(n > 0 for n in gained):
        goal = _goal(view, data, gained)
        if goal is not None:
            return goal
    if isinstance(action, ChooseFace):
        section = data.sections[data.section_index(action.section)]
        return HintReason(f"harbour_{section.action}", units=gained or ())
    if isinstance(action, MoveVizier):
        q = data.quarter_index(action.quarter)
        rival = next((s for s in view.quarters[q] if s != view.seat), None)
        code = "vizier_close" if rival is not None else "vizier"
        return HintReason(code, quarter=action.quarter, seat=rival)
    if isinstance(action, Place):
        return HintReason("place", quarter=action.quarter)
    if isinstance(action, Remove):
        return _crossed(view, data, action.card_id)
    if isinstance(action, Use | Play | Swap):
        exchange = gained is not None and any(n < 0 for n in gained)
        return HintReason("exchange" if exchange else "units", units=gained or ())
    if isinstance(action, Recall):
        return HintReason("recall", quarter=action.quarter)
    if isinstance(action, Enter):
        return HintReason("enter")
    if isinstance(action, Decline):
        return HintReason("decline_swap" if view.step is Step.SWAP else "decline_harem")
    if isinstance(action, Discard):
        return HintReason("discard")
    if isinstance(action, Return):
        return HintReason("return")
    if isinstance(action, Draw | EndTurn):
        return HintReason("go_on")
    raise ValueError(f"no reason for {action!r}")


def _buildable(view: SabaView) -> list[int]:
    """The build spaces holding a palace card whose garden space is below its level."""
    return [
        i
        for i, c in enumerate(view.display)
        if isinstance(c, PalaceCard) and view.levels[c.garden - 1] < c.level
    ]


def _short(stock: tuple[int, ...], price: tuple[int, ...]) -> int:
    """The units `stock` lacks for `price` (gold stands in for nothing)."""
    return sum(max(0, need - have) for need, have in zip(price, stock, strict=True))


def _purchase(view: SabaView, data: SabaData, card_id: str) -> HintReason:
    """A palace piece's point (and the one it takes from another player), the treasury's
    figure, or the end of the game."""
    card = data.card_by_id[card_id]
    if isinstance(card, PalaceCard):
        owner = view.balconies[card.garden - 1]
        palace_left = view.deck_size + sum(isinstance(c, PalaceCard) for c in view.display)
        if palace_left == 1 and not any(
            isinstance(c, PalaceCard) for c in view.display if c.id != card_id
        ):
            return HintReason("build_last", card_id, card.garden)
        if owner == view.seat:
            return HintReason("build_own", card_id, card.garden)
        code = "build_push" if owner is not None else "build"
        return HintReason(code, card_id, card.garden, seat=owner)
    points = tuple(p.points for p in view.players)
    best = max(points)
    leaders = [s for s, n in enumerate(points) if n == best]
    if card.ends_game:
        return HintReason("end_lead" if leaders == [view.seat] else "end", card_id)
    leader = leaders[0] if len(leaders) == 1 else harem_winner(view.harem, leaders)
    if leader == view.seat:
        return HintReason("treasury_you", card_id)
    if leader is None:
        return HintReason("treasury_none", card_id)
    return HintReason("treasury_other", card_id, seat=leader)


def _gains(view: SabaView, data: SabaData, action: Action) -> tuple[int, ...] | None:
    """The units the seat holds more (less, negative) once `action` is made; None for a
    move that gains no material."""
    units = [0, 0, 0, 0]
    if isinstance(action, ChooseFace):
        _, material, count = next(h for h in view.harbour if h[0] == action.section)
        units[material] += count
    elif isinstance(action, Play):
        units[action.material] += 1 if view.supply[action.material] else 0
    elif isinstance(action, Swap) or (isinstance(action, Use) and action.give is not None):
        give, take = action.give, action.take
        assert give is not None and take is not None
        units[give] -= 1
        units[take] += 1
    elif isinstance(action, Use | MoveVizier):
        produced = data.quarters[data.quarter_index(action.quarter)].material
        if produced is not None and view.supply[produced]:
            units[produced] += 1
    else:
        return None
    return tuple(units)


def _goal(view: SabaView, data: SabaData, gained: tuple[int, ...]) -> HintReason | None:
    """The palace card the gained units pay for (`pays_for`) or bring nearer
    (`towards`), the one nearest to paid first; None when they help none."""
    stock = view.me.stock
    after = tuple(have + more for have, more in zip(stock, gained, strict=True))
    best: tuple[int, int, int] | None = None
    for space in _buildable(view):
        price = data.price_on(view.display[space], space)
        before, left = _short(stock, price), _short(after, price)
        if left < before and (best is None or left < best[0]):
            best = (left, before, space)
    if best is None:
        return None
    left, _, space = best
    code = "pays_for" if left == 0 else "towards"
    return HintReason(code, view.display[space].id, units=gained)


def _crossed(view: SabaView, data: SabaData, card_id: str) -> HintReason:
    """A card crossed out: one an opponent could build on their next turn, or room for
    the next card."""
    space = next(i for i, c in enumerate(view.display) if c.id == card_id)
    if space in _buildable(view):
        price = data.price_on(view.display[space], space)
        for seat, player in enumerate(view.players):
            if seat != view.seat and _short(player.stock, price) == 0:
                return HintReason("block", card_id, seat=seat)
    return HintReason("make_room", card_id)


def why_text(reason: HintReason, data: SabaData, names: tuple[str, ...]) -> str:
    """`reason` in words, said to the player the hint is for (`names`: the players')."""
    if reason.code == "only_move":
        return tr("hint.why.only_move")
    words: dict[str, object] = {"garden": reason.garden}
    if reason.card is not None:
        words["card"] = card_name(data, reason.card)
    if reason.quarter is not None:
        words["quarter"] = quarter_name(data, reason.quarter)
        words["does"] = quarter_does(data, reason.quarter)
    if reason.seat is not None:
        words["name"] = names[reason.seat]
    if reason.units:
        words["units"] = units_text([max(0, n) for n in reason.units])
        words["given"] = units_text([max(0, -n) for n in reason.units])
    return tr(f"saba_hint.why.{reason.code}", None, **words)
