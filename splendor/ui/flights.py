"""What moves across the table when a bot's move is shown: tokens and cards in flight."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from splendor.engine import GOLD, Action, Buy, GameData, Reserve, ReserveDeck, View, default_payment
from splendor.ui import art
from splendor.ui.layout import TableLayout
from splendor.ui.take_builder import tokens_of


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
    """Where a face-up card sits in the market, or None."""
    for level_index, row in enumerate(view.market):
        for slot, card in enumerate(row):
            if card is not None and card.id == card_id:
                return lay.market[level_index][slot]
    return None


def plan_flights(lay: TableLayout, view: View, data: GameData, seat: int, action: Action,
                 seat_rect: Callable[[int], pygame.Rect]) -> list[Flight]:
    """The flights that show `seat` playing `action`, from what `view` shows before it."""
    target = seat_rect(seat).center

    def token(color: int) -> pygame.Surface:
        return art.token_surface(color, lay.px(44))

    flights = [Flight(token(c), lay.bank[c].center, target) for c in tokens_of(action)]
    if isinstance(action, Reserve | Buy):
        rect = market_rect(lay, view, action.card_id)
        if rect is not None:
            card = data.card_by_id[action.card_id]
            flights.append(Flight(art.card_surface(card, rect.size), rect.center, target))
    if isinstance(action, ReserveDeck):
        rect = lay.decks[action.level - 1]
        flights.append(Flight(art.card_back_surface(action.level, rect.size), rect.center, target))
    if isinstance(action, Reserve | ReserveDeck) and view.bank[GOLD]:
        flights.append(Flight(token(GOLD), lay.bank[GOLD].center, target))
    if isinstance(action, Buy):
        # Tokens and bonuses are public, so the view is enough to show the payment.
        player = view.players[seat]
        card = data.card_by_id[action.card_id]
        pay = action.payment or default_payment(list(player.tokens), list(player.bonuses), card)
        for c, n in enumerate(pay):
            flights += [Flight(token(c), target, lay.bank[c].center) for _ in range(n)]
    return flights
