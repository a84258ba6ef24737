"""What moves across the table when a bot's move is shown: tokens and cards in flight.

Every action has its flights, planned from the view before it: tokens from the bank (a
trading post's gem too) or back to it (a payment, a return), a card from the market (a
purchase, a reservation, a free card, a conquest) or the back of a deck (a blind
reservation, base or Orient), a double gold spent, the cards a sacrifice gives up, a
noble kept aside or chosen, a city taken, a coat of arms to its trading post, a
stronghold placed, moved or sent home. An action the table does not know simply has no
flights: it is shown by the pause that follows.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from splendor.engine import (
    GOLD,
    Action,
    Buy,
    ChooseNoble,
    GameData,
    Reserve,
    ReserveDeck,
    Return,
    View,
    default_payment,
)
from splendor.engine.actions import (
    ChooseCity,
    ChoosePost,
    Conquer,
    ReserveNoble,
    Stronghold,
    TakeFree,
    TakeGem,
)
from splendor.ui import art
from splendor.ui.table.hits import card_rect, hold_rect, hold_rects
from splendor.ui.table.layout import TableLayout
from splendor.ui.table.take_builder import tokens_of


@dataclass
class Flight:
    """A picture moving across the table while a move is shown."""

    image: pygame.Surface
    start: tuple[int, int]
    end: tuple[int, int]

    def at(self, t: float) -> tuple[int, int]:
        """Where the picture is at `t` (0 start, 1 arrived), eased out."""
        e = 1 - (1 - min(1.0, t)) ** 3
        return (round(self.start[0] + (self.end[0] - self.start[0]) * e),
                round(self.start[1] + (self.end[1] - self.start[1]) * e))


def market_rect(lay: TableLayout, view: View, card_id: str) -> pygame.Rect | None:
    """Where a face-up card (base or Orient) sits in the market, or None."""
    return card_rect(lay, view, card_id)


def plan_flights(lay: TableLayout, view: View, data: GameData, seat: int, action: Action,
                 seat_rect: Callable[[int], pygame.Rect]) -> list[Flight]:
    """The flights that show `seat` playing `action`, from what `view` shows before it
    (none for an action it does not know)."""
    try:
        return _plan(lay, view, data, seat, action, seat_rect)
    except (KeyError, IndexError, ValueError):
        return []  # a piece the view does not show where expected: no flight, no crash


def _plan(lay: TableLayout, view: View, data: GameData, seat: int, action: Action,
          seat_rect: Callable[[int], pygame.Rect]) -> list[Flight]:
    target = seat_rect(seat).center

    def token(color: int) -> pygame.Surface:
        return art.token_surface(color, lay.px(44))

    def card_from_market(card_id: str) -> list[Flight]:
        rect = market_rect(lay, view, card_id)
        if rect is None:
            return []
        card = data.card_by_id[card_id]
        return [Flight(art.card_surface(card, rect.size), rect.center, target)]

    def payment(card_id: str, pay: tuple[int, ...] | None, doubles: int = 0) -> list[Flight]:
        # Tokens and bonuses are public, so the view is enough to show the payment.
        player = view.players[seat]
        card = data.card_by_id[card_id]
        if pay is None and doubles == 0 and card.discard_colour is None:
            pay = default_payment(list(player.tokens), list(player.bonuses), card)
        out = [Flight(token(c), target, lay.bank[c].center)
               for c, n in enumerate(pay or ()) for _ in range(n)]
        # Double golds spent leave the game: they fly off towards the gold pile.
        coin = art.double_gold_surface(lay.px(44))
        out += [Flight(coin, target, lay.bank[GOLD].center) for _ in range(doubles)]
        return out

    flights = [Flight(token(c), lay.bank[c].center, target) for c in tokens_of(action)]
    if isinstance(action, Reserve | Buy | TakeFree | Conquer):
        flights += card_from_market(action.card_id)
    if isinstance(action, ReserveDeck):
        decks = lay.orient_decks if action.orient else lay.decks
        if 0 < action.level <= len(decks):
            rect = decks[action.level - 1]
            back = art.card_back_surface(action.level, rect.size, orient=action.orient)
            flights.append(Flight(back, rect.center, target))
    if isinstance(action, Reserve | ReserveDeck) and view.bank[GOLD]:
        flights.append(Flight(token(GOLD), lay.bank[GOLD].center, target))
    if isinstance(action, Buy):
        flights += payment(action.card_id, action.payment, action.doubles)
        flights += _given_up(lay, view, data, seat, action.discard, target)
    if isinstance(action, Conquer):
        flights += payment(action.card_id, action.payment)
    if isinstance(action, TakeGem):
        flights.append(Flight(token(action.color), lay.bank[action.color].center, target))
    if isinstance(action, Return):
        flights += [Flight(token(c), target, lay.bank[c].center)
                    for c, n in enumerate(action.tokens) for _ in range(n)]
    if isinstance(action, ReserveNoble | ChooseNoble):
        flights += _noble(lay, view, action.noble_id, target)
    if isinstance(action, ChooseCity):
        for rect, city in zip(lay.cities, view.cities, strict=False):
            if city.id == action.city_id:
                flights.append(Flight(art.city_surface(city, rect.size), rect.center, target))
    if isinstance(action, ChoosePost) and 0 < action.post <= len(lay.posts):
        colour = art.seat_colours(view.num_players)[seat]
        coat = art.coat_of_arms_surface(colour, lay.px(30))
        flights.append(Flight(coat, target, lay.posts[action.post - 1].center))
    if isinstance(action, Stronghold):
        flights += _stronghold(lay, view, seat, action, seat_rect)
    return flights


def _given_up(lay: TableLayout, view: View, data: GameData, seat: int,
              discard: tuple[str, ...], start: tuple[int, int]) -> list[Flight]:
    """The cards a sacrifice gives up leave the game: each flies from its player to the
    deck of its level, small."""
    out = []
    size = (lay.px(50), lay.px(70))
    for card_id in discard:
        card = data.card_by_id[card_id]
        decks = lay.decks if not card.orient or not lay.orient_decks else lay.orient_decks
        end = decks[min(len(decks), card.level) - 1].center
        out.append(Flight(art.card_surface(card, size), start, end))
    return out


def _noble(lay: TableLayout, view: View, noble_id: str, target: tuple[int, int]
           ) -> list[Flight]:
    """A noble tile from the table (or kept aside) to its new holder."""
    for rect, noble in zip(lay.nobles, view.nobles, strict=False):
        if noble.id == noble_id:
            return [Flight(art.noble_surface(noble, rect.size), rect.center, target)]
    return []


def _stronghold(lay: TableLayout, view: View, seat: int, action: Stronghold,
                seat_rect: Callable[[int], pygame.Rect]) -> list[Flight]:
    """A tower from the supply to its card, from one card to another, or from a card
    back to its owner."""
    colours = art.seat_colours(view.num_players)
    dest = card_rect(lay, view, action.card_id)
    if dest is None:
        return []
    spot = hold_rect(lay, dest)
    tower = art.stronghold_surface(colours[seat], spot.w)
    if action.how == "place":
        return [Flight(tower, seat_rect(seat).center, spot.center)]
    if action.how == "move" and action.source is not None:
        source = card_rect(lay, view, action.source)
        if source is None:
            return []
        return [Flight(tower, hold_rect(lay, source).center, spot.center)]
    if action.how == "remove":
        for card_id, owner, _, rect in hold_rects(lay, view):
            if card_id == action.card_id:
                image = art.stronghold_surface(colours[owner], rect.w)
                return [Flight(image, rect.center, seat_rect(owner).center)]
    return []
