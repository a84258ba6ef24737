"""Purchase plans: the free actions (action cards played, quarter uses) that complete the
price of a card of the display, then its purchase. A one-step look-ahead never sees
them: a card played alone is worth less than the card kept, the purchase it enables is
what pays."""

from __future__ import annotations

from splendor.saba.engine import Action, Buy, DeckCard, Play, SabaState, Use
from splendor.saba.engine.legal import buyable
from splendor.saba.engine.steps import Step

#: The most units a plan finds (each costs a card or a use).
MAX_MISSING = 3


def shortfall(s: SabaState, price: tuple[int, int, int, int]) -> list[int]:
    """The units of each material the player whose turn it is lacks for `price`."""
    stock = s.players[s.current].stock
    return [max(0, need - have) for need, have in zip(price, stock, strict=True)]


def helps(s: SabaState, action: object, missing: list[int], price: tuple[int, ...]) -> bool:
    """Whether a free action gives a missing unit without spending a needed one."""
    if isinstance(action, Play):
        return missing[action.material] > 0
    if isinstance(action, Use):
        quarter = s.data.quarters[s.data.quarter_index(action.quarter)]
        if quarter.material is not None:
            return missing[quarter.material] > 0
        give, take = action.give, action.take
        if give is None or take is None:
            return False
        return missing[take] > 0 and s.players[s.current].stock[give] > price[give]
    return False


def purchase_plans(s: SabaState) -> list[list[Action]]:
    """For each card of the display the rules let the player buy but his stock does not
    pay, the free actions that complete its price (the first found) and the purchase."""
    if s.step is not Step.BUILD:
        return []
    plans = []
    for card in s.display:
        price = s.price(card)
        missing = shortfall(s, price)
        if not 0 < sum(missing) <= MAX_MISSING or not _rules_allow(s, card, price):
            continue
        steps = _complete(s, card.id, price, sum(missing))
        if steps is not None:
            plans.append(steps)
    return plans


def _rules_allow(s: SabaState, card: DeckCard, price: tuple[int, int, int, int]) -> bool:
    """Whether `card` could be bought with its price in hand (everything but the stock)."""
    p = s.players[s.current]
    kept = p.stock
    p.stock = [max(have, need) for have, need in zip(kept, price, strict=True)]
    try:
        return buyable(s, card)
    finally:
        p.stock = kept


def _complete(
    s: SabaState, card_id: str, price: tuple[int, int, int, int], depth: int
) -> list[Action] | None:
    """The free actions, at most `depth`, after which `buy card_id` is legal (depth
    first over the actions that give a missing unit); None if there are none."""
    buy = Buy(card_id)
    if buy in s.legal_actions():
        return [buy]
    if depth == 0:
        return None
    missing = shortfall(s, price)
    for action in s.legal_actions():
        if helps(s, action, missing, price):
            after = s.clone()
            after.apply_unchecked(action)
            rest = _complete(after, card_id, price, depth - 1)
            if rest is not None:
                return [action, *rest]
    return None
