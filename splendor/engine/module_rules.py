"""The rule functions of the Cities of Splendor modules that bots and screens share with
the engine: what a city or a trading post asks for, paying with a post-3 gold or with
double golds, what a sacrifice may give up. Pure functions of plain values."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from splendor.engine.colors import GEMS, GOLD
from splendor.engine.components import Card, City, TradingPost
from splendor.engine.payment import default_payment

# ------------------------------------------------------------------ the Cities


def city_shortfall(city: City, points: int, bonuses: Sequence[int]) -> int:
    """How far a player is from `city`: missing prestige plus missing bonuses (0: met).

    The `any_single` bonuses must all be of one colour that `city.requires` does not
    name; the best such colour counts."""
    short = city.points - points
    if short < 0:
        short = 0
    for c, need in city.require_items:  # a loop: the bots judge this for every option
        have = bonuses[c]
        if need > have:
            short += need - have
    if city.any_single:
        best = max((bonuses[c] for c in city.free_colours), default=0)
        if city.any_single > best:
            short += city.any_single - best
    return short


def city_met(city: City, points: int, bonuses: Sequence[int]) -> bool:
    """Whether a player meets `city` (`city_shortfall` is 0), the prestige checked first:
    the engine asks after every turn, and most of a game it is short."""
    if points < city.points:
        return False
    for c, need in city.require_items:  # a loop: the engine asks after every turn
        if bonuses[c] < need:
            return False
    if city.any_single:
        return any(bonuses[c] >= city.any_single for c in city.free_colours)
    return True


# -------------------------------------------------------------- Trading Posts


def post_met(post: TradingPost, bonuses: Sequence[int], nobles: int) -> bool:
    """Whether bonuses (and the nobles held) meet a trading post's requirement."""
    if post.requires_noble and nobles < 1:
        return False
    for c, n in enumerate(post.requires):  # noqa: SIM110 -- a loop: this runs every turn
        if bonuses[c] < n:
            return False
    return True


def post_points(post: TradingPost, held: Sequence[int]) -> int:
    """The prestige claiming `post` brings a player holding the posts `held` (ids): 5 for
    post 4's power, one per own coat of arms with this one for post 5's, and one more
    for each later post once post 5 is held."""
    if post.power == "one_prestige_per_own_coat_of_arms":
        return len(held) + 1
    points = 5 if post.power == "five_prestige" else 0
    return points + (1 if 5 in held else 0)


def post_shortfall(post: TradingPost, bonuses: Sequence[int], nobles: int) -> int:
    """Missing bonuses (and noble) for a trading post; 0 when met."""
    short = 0
    for c, n in enumerate(post.requires):  # a loop: the bots judge this for every option
        if n > bonuses[c]:
            short += n - bonuses[c]
    return short + (1 if post.requires_noble and nobles < 1 else 0)


# ------------------------------------------------------------------ payments


def remaining_need(tokens: Sequence[int], bonuses: Sequence[int], card: Card) -> list[int]:
    """By gem colour, what bonuses and coloured tokens leave unpaid for `card`."""
    rest = [0] * 5
    for c, n in card.cost_items:
        d = n - bonuses[c] - tokens[c]
        if d > 0:
            rest[c] = d
    return rest


def gold_needed(rest: Sequence[int], gold_doubles: bool) -> int:
    """Gold tokens that cover `rest`: one per token, or with trading post 3 one per two
    tokens of the same colour."""
    if gold_doubles:
        return sum((n + 1) // 2 for n in rest)
    return sum(rest)


def tokens_short(
    tokens: Sequence[int], bonuses: Sequence[int], card: Card,
    gold_doubles: bool = False, doubles: int = 0,
) -> int:
    """How many more tokens a player needs for `card` with every means of payment the
    modules add (post 3's gold, `doubles` double golds spent); 0 when affordable."""
    # What bonuses and coloured tokens leave unpaid, colour by colour (`remaining_need`
    # without its zeros: they change nothing below, and this runs for every card judged).
    rest = []
    for c, n in card.cost_items:
        d = n - bonuses[c] - tokens[c]
        if d > 0:
            rest.append(d)
    if gold_doubles:
        # Each gold pays two of one colour: count what the gold cannot cover, in tokens.
        gold = tokens[GOLD]
        short = 0
        rest.sort(reverse=True)
        for n in rest:
            use = min(gold, (n + 1) // 2)
            gold -= use
            short += max(0, n - 2 * use)
        return short
    return max(0, sum(rest) - tokens[GOLD] - 2 * doubles)


def module_payment(
    tokens: Sequence[int], bonuses: Sequence[int], card: Card,
    gold_doubles: bool = False, doubles: int = 0,
) -> tuple[tuple[int, ...], int]:
    """The default payment (6 token counts) and the double-gold value it uses.

    Double golds pay first (saving tokens), then coloured tokens, then gold (with post 3,
    one gold per two of a colour). The second value is what the doubles cover (at most
    2 per double)."""
    if not doubles and not gold_doubles:
        # Nothing module-specific to pay with: the base game's payment.
        return default_payment(tokens, bonuses, card), 0
    need = [max(0, card.cost[c] - bonuses[c]) for c in GEMS]
    by_doubles = min(2 * doubles, sum(need))
    left = by_doubles
    # Doubles first take what the tokens could not pay, then the rest.
    for c in GEMS:
        short = max(0, need[c] - tokens[c])
        use = min(left, short)
        need[c] -= use
        left -= use
    for c in GEMS:
        use = min(left, need[c])
        need[c] -= use
        left -= use
    pay = [0] * 6
    for c in GEMS:
        own = min(need[c], tokens[c])
        pay[c] = own
        rest = need[c] - own
        pay[GOLD] += (rest + 1) // 2 if gold_doubles else rest
    return tuple(pay), by_doubles


def payment_problem(
    tokens: Sequence[int], bonuses: Sequence[int], card: Card, pay: Sequence[int],
    gold_doubles: bool = False, doubles: int = 0,
) -> str | None:
    """Why an explicit payment does not pay exactly for `card`, or None if it does.

    Coloured tokens may not exceed what is owed nor what is held; the gold must cover the
    rest (with post 3 each gold covers up to two of one colour) and the double golds what
    the gold leaves, each double at least in part."""
    rest_total = 0
    rest_by_colour = []
    for c in GEMS:
        need = max(0, card.cost[c] - bonuses[c])
        if pay[c] > need:
            return f"too_much:{c}:{need}"
        if pay[c] > tokens[c]:
            return f"hold_only:{c}"
        rest_by_colour.append(need - pay[c])
        rest_total += need - pay[c]
    gold = pay[GOLD]
    if gold > tokens[GOLD]:
        return f"hold_only:{GOLD}"
    if gold_doubles:
        low = gold_needed(rest_by_colour, True)
        if not low <= gold <= rest_total:
            return f"gold:{low}"
        return None
    left = rest_total - gold
    if left < 0 or left > 2 * doubles or (doubles and left <= 2 * (doubles - 1)):
        return f"gold:{max(0, rest_total - 2 * doubles)}"
    return None


# ------------------------------------------------------------------ the Orient


def card_colour(card: Card, pairs: dict[str, int]) -> int:
    """The bonus colour a purchased card gives: its own, or its partner's when paired
    (-1 for a card that gives none)."""
    return pairs.get(card.id, card.bonus)


def sacrifice_options(
    purchased: Sequence[Card], pairs: dict[str, int], card: Card,
) -> list[tuple[str, ...]]:
    """Every set of purchased cards that may be given up for the sacrifice `card`: cards
    of its discard colour worth `discard_count` bonuses, no card more than needed, the
    paired cards of that colour first. Each set is sorted by id."""
    colour, need = card.discard_colour, card.discard_count
    own = [c for c in purchased if card_colour(c, pairs) == colour and c.bonus_count > 0]
    paired = [c for c in own if c.id in pairs]
    others = [c for c in own if c.id not in pairs]
    if len(paired) >= need:
        return sorted(tuple(sorted(c.id for c in combo)) for combo in combinations(paired, need))
    # Every paired card goes, then other cards, none more than needed for the rest.
    rest = need - len(paired)
    first = [c.id for c in paired]
    options: set[tuple[str, ...]] = set()
    for size in range(1, min(rest, len(others)) + 1):
        for combo in combinations(others, size):
            worth = sum(c.bonus_count for c in combo)
            if worth >= rest and not any(worth - c.bonus_count >= rest for c in combo):
                options.add(tuple(sorted(first + [c.id for c in combo])))
    return sorted(options)
