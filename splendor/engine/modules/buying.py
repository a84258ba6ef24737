"""Buying in a game with a module: which cards the current seat may buy, how it may pay
(double golds, trading post 3's gold, a sacrifice of cards), why a buy is refused, and
what buying does. `ModuleState` (base.py) uses these as its methods; they read a seat's
and the table's pieces (posts, double golds, strongholds, card abilities), which are
empty where a module has none."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from splendor.engine.actions import (
    PASS,
    Action,
    Buy,
    buy_action,
    intern_action,
    reserve_action,
    reserve_deck_action,
)
from splendor.engine.colors import COLOR_NAMES, GEMS, GOLD
from splendor.engine.components import Card
from splendor.engine.errors import Refusal, not_buyable
from splendor.engine.module_rules import (
    card_colour,
    module_payment,
    payment_problem,
    sacrifice_options,
    tokens_short,
)
from splendor.engine.payment import tokens_missing
from splendor.engine.state import Phase

if TYPE_CHECKING:
    from splendor.engine.modules.base import ModulePlayer, ModuleState, Step

_INTERNED_STEPS: dict[tuple[object, ...], Any] = {}


def interned(kind: type, *fields: Any) -> Any:
    """One shared, checked instance per distinct action (legal_actions hands these out:
    building and checking a new action each time would be most of a module's cost)."""
    key = (kind, *fields)
    action = _INTERNED_STEPS.get(key)
    if action is None:
        action = _INTERNED_STEPS[key] = intern_action(kind(*fields))
    return action


def generate_main(state: ModuleState) -> tuple[Action, ...]:
    seat = state.current
    p = state.players[seat]
    acts = state._takes()
    holds = state.holds
    can_reserve = len(p.reserved) < state.data.reserve_limit
    tokens = p.tokens
    gold = tokens[GOLD]
    # What bonuses and coloured tokens pay of each gem.
    p0, p1, p2, p3, p4 = (p.bonuses[c] + tokens[c] for c in GEMS)
    # The hot path inlines tokens_missing (and what double golds add) as the base game
    # does, in one pass over the market and the reserved cards: the reserves (market
    # cards, then decks) come first, then the buys, as listed.
    gold2 = 3 in p.posts  # trading post 3 (only Trading Posts claim posts)
    doubles = len(p.doubles)
    reach = gold + 2 * doubles
    buys: list[Action] = []
    # Market cards first, then the player's reserved cards (never under a stronghold).
    market = state.market
    n_market = len(market)
    pair_ok: bool | None = None
    cards: list[Card | None] = [*market, *p.reserved]
    for i, card in enumerate(cards):
        if card is None:
            continue
        if i < n_market:
            # Another player's stronghold keeps a market card from everyone else.
            if holds and card.id in holds and holds[card.id][0] != seat:
                continue
            if can_reserve:
                acts.append(reserve_action(card.id))
        ability = card.ability
        if ability == "sacrifice":
            buy_variants(state, p, card, buys)
            continue
        # Unrolled over the five gems: faster than a loop over the cost's colours.
        c0, c1, c2, c3, c4 = card.cost
        short = 0
        if c0 > p0:
            short += c0 - p0
        if c1 > p1:
            short += c1 - p1
        if c2 > p2:
            short += c2 - p2
        if c3 > p3:
            short += c3 - p3
        if c4 > p4:
            short += c4 - p4
        if gold2:
            # Trading post 3: a gold pays up to two of one colour.
            if short <= gold or (short <= 2 * gold and not tokens_short(
                    p.tokens, p.bonuses, card, gold_doubles=True)):
                buys.append(buy_action(card.id))
            continue
        if short > reach:
            continue
        if ability is not None and ability[0] == "p":
            if pair_ok is None:
                pair_ok = bool(pair_targets(state, p, card))
            # Pairing needs a card of the player's own (never the one being bought).
            if not pair_ok:
                continue
        if short <= gold:
            buys.append(buy_action(card.id))
        if doubles:
            double_variants(p, card, short, gold, doubles, buys)
    if can_reserve:
        levels = len(state.data.levels)
        for i, deck in enumerate(state.decks):
            if deck:
                acts.append(reserve_deck_action(i % levels + 1, i >= levels))
    acts += buys
    if not acts:
        return (PASS,)
    return tuple(acts)


def double_variants(p: ModulePlayer, card: Card, short: int, gold: int, doubles: int,
                     acts: list[Action]) -> None:
    """The buys of `card` spending 1, 2... double golds, each double at least in part
    used (`short`: what coloured tokens leave unpaid)."""
    bonuses = p.bonuses
    owed = 0
    for c, n in card.cost_items:
        if n > bonuses[c]:
            owed += n - bonuses[c]
    for k in range(1, doubles + 1):
        if owed <= 2 * (k - 1):
            break
        if short <= gold + 2 * k:
            acts.append(interned(Buy, card.id, None, k))


def buy_variants(state: ModuleState, p: ModulePlayer, card: Card, acts: list[Action]) -> None:
    ability = card.ability
    if ability == "sacrifice":
        colour = card.discard_colour
        if colour is not None and p.bonuses[colour] >= card.discard_count:
            for option in sacrifice_options(p.purchased, p.pairs, card):
                acts.append(interned(Buy, card.id, None, 0, option))
        return
    found: list[Action] = []
    if 3 in p.posts:
        if not tokens_short(p.tokens, p.bonuses, card, gold_doubles=True):
            found.append(buy_action(card.id))
    else:
        if not tokens_missing(p.tokens, p.bonuses, card):
            found.append(buy_action(card.id))
        if p.doubles:
            owed = sum(max(0, n - p.bonuses[c]) for c, n in card.cost_items)
            for k in range(1, len(p.doubles) + 1):
                if owed <= 2 * (k - 1):
                    break
                if not tokens_short(p.tokens, p.bonuses, card, doubles=k):
                    found.append(interned(Buy, card.id, None, k))
    if found and ability is not None and ability.startswith("pair") \
            and not pair_targets(state, p, card):
        return
    acts.extend(found)


def pair_targets(state: ModuleState, p: ModulePlayer, card: Card) -> list[Card]:
    return [c for c in p.purchased
            if c.id != card.id and c.bonus >= 0 and c.bonus_count > 0]


def why_not_buy(state: ModuleState, action: Buy) -> Refusal | None:
    p = state.players[state.current]
    card = state._find_buyable(p, action.card_id)
    if card is None:
        return not_buyable(action.card_id)
    if not any(c is card for c in p.reserved):
        refusal = state._why_occupied(card)
        if refusal is not None:
            return refusal
    if card.ability == "sacrifice":
        return why_not_sacrifice(state, p, card, action)
    if action.discard:
        return Refusal("no_discard", f"{card.id} is paid with tokens, not with cards",
                       card=card.id)
    if card.ability is not None and card.ability.startswith("pair") \
            and not pair_targets(state, p, card):
        return Refusal("pair_needs_card",
                       f"{card.id} must be paired with a card of yours that gives a bonus",
                       card=card.id)
    k = action.doubles
    if k > len(p.doubles):
        return Refusal("doubles_held", f"you hold {len(p.doubles)} double gold(s)",
                       count=len(p.doubles))
    gold2 = 3 in p.posts
    short = tokens_short(p.tokens, p.bonuses, card, gold_doubles=gold2, doubles=k)
    if short:
        return Refusal("cannot_afford", f"you can't afford {card.id}: {short} token(s) short",
                       card=card.id, count=short)
    owed = sum(max(0, n - p.bonuses[c]) for c, n in card.cost_items)
    if k and owed <= 2 * (k - 1):
        return Refusal("doubles_unused", f"{card.id} needs fewer double golds",
                       card=card.id)
    if action.payment is None:
        return None
    problem = payment_problem(p.tokens, p.bonuses, card, action.payment, gold2, k)
    if problem is None:
        return None
    what, _, rest = problem.partition(":")
    if what == "too_much":
        c, need = map(int, rest.split(":"))
        return Refusal("pay_too_much",
                       f"{card.id} needs only {need} {COLOR_NAMES[c]} after bonuses",
                       card=card.id, count=need, color=c)
    if what == "hold_only":
        c = int(rest)
        return Refusal("hold_only", f"you hold only {p.tokens[c]} {COLOR_NAMES[c]}",
                       count=p.tokens[c], color=c)
    return Refusal("gold_exactly", "this payment does not cover the cost exactly",
                   count=int(rest))


def why_not_sacrifice(state: ModuleState, p: ModulePlayer, card: Card,
                      action: Buy) -> Refusal | None:
    if action.payment is not None or action.doubles:
        return Refusal("sacrifice_cards", f"{card.id} is paid with cards, not tokens",
                       card=card.id)
    options = sacrifice_options(p.purchased, p.pairs, card)
    if not options:
        colour = card.discard_colour if card.discard_colour is not None else 0
        return Refusal("sacrifice_short",
                       f"{card.id} needs {card.discard_count} {COLOR_NAMES[colour]} "
                       "bonuses from your cards to give up",
                       card=card.id, count=card.discard_count, color=colour)
    if action.discard not in options:
        return Refusal("sacrifice_choice",
                       "give up: " + " or ".join(" ".join(o) for o in options),
                       card=card.id)
    return None


def buy_module(state: ModuleState, p: ModulePlayer, action: Buy) -> None:
    card = state._bought(p, action.card_id)
    if card.ability == "sacrifice":
        for card_id in action.discard or sacrifice_options(p.purchased, p.pairs, card)[0]:
            discard(state, p, card_id)
    else:
        gold2 = 3 in p.posts
        pay = action.payment
        if pay is None:
            pay = module_payment(p.tokens, p.bonuses, card, gold2, action.doubles)[0]
        state._pay(p, pay)
        for _ in range(action.doubles):
            state.box.append(p.doubles.pop())
    gain(state, p, card)
    state._after_purchase(p)


def discard(state: ModuleState, p: ModulePlayer, card_id: str) -> None:
    card = next(c for c in p.purchased if c.id == card_id)
    p.purchased.remove(card)
    colour = card_colour(card, p.pairs)
    if colour >= 0:
        p.bonuses[colour] -= card.bonus_count
    p.points -= card.points
    p.pairs.pop(card.id, None)
    p.partners.pop(card.id, None)
    state.box.append(card)


def gain(state: ModuleState, p: ModulePlayer, card: Card) -> None:
    """A card bought or taken for free joins the player; its ability's steps come next."""
    ability = card.ability
    if ability == "gold_x2":
        p.doubles.append(card)
        return
    p.purchased.append(card)
    p.points += card.points
    if card.bonus >= 0:
        p.bonuses[card.bonus] += card.bonus_count
    steps: list[Step] = []
    if ability == "pair" or ability == "pair_and_take_level1":
        steps.append((Phase.PAIR, card.id))
        if ability == "pair_and_take_level1":
            steps.append((Phase.FREE, 1))
    elif ability == "take_level2":
        steps.append((Phase.FREE, 2))
    elif ability == "reserve_noble":
        steps.append((Phase.KEEP_NOBLE, None))
    state._steps[0:0] = steps
