"""A card shown large: hover over any card a moment, or right-click it at once.

Every card the viewer may see can be zoomed: the market, their own reserved cards and
purchased cards (the bonus badges, by colour), and the other players' face-up reserved
cards and purchased stacks. Another seat's blind reservation is only a `HiddenCard` in
the view, so it is never a target. Moving off the card, Escape or a click closes the
zoom. Time moves only in `update`; `draw` shows what `update` decided.

In the Cities of Splendor modules the Orient's face-up cards zoom like the others, with
their ability said in a line under the card (the card selected in the action panel
zooms too); a stack holding paired Orient cards shows
each one joined to its partner by a link; city tiles (on the table and beside their
holders) zoom with what they ask for in words, and a trading post with its power's
symbol large and, in words, what claims it and its power.

A line of the game log that names a card (a purchase, a reservation from the market)
shows a small picture of it beside the line as soon as the pointer is on it. Only the
logged action's card is used: a blind reservation's action holds only the level, so its
line never has a picture, whoever looks.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from splendor.engine import Action, Buy, Card, GameData, PlayerView, Reserve, View
from splendor.engine.components import City, TradingPost
from splendor.gamedata import base_game
from splendor.i18n import tr
from splendor.ui import art, theme
from splendor.ui.table.layout import TableLayout
from splendor.ui.table.modules.cities import city_slot
from splendor.ui.table.view import Assists, buyable_ids, remaining_cost
from splendor.ui.widgets import draw_lines, draw_shadow, lines_height
from splendor.ui.widgets.hover_zoom import HOVER_DELAY as HOVER_DELAY
from splendor.ui.widgets.hover_zoom import HoverZoom, beside
from splendor.ui.wording import ability_text, post_text

#: A zoomed card, and a card of a zoomed stack, in design units (a market card is 100).
ZOOM_CARD = (200, 280)
STACK_CARD = (140, 196)
STACK_ROW = 5
#: The small picture of a card named by a line of the game log, in design units.
LOG_CARD = (120, 168)
#: A zoomed city tile, and a trading post's power, in design units.
ZOOM_CITY = (220, 160)
ZOOM_POST = (200, 100)
#: The text under a zoomed piece, in design units.
NOTE_PX = 14


@dataclass(frozen=True)
class ZoomTarget:
    """Something that can be shown large: where it is, and the cards it shows."""

    #: ("card", id), ("stack", seat, colour), ("log", line), ("city", seat or -1, id),
    #: ("post", id) or ("panel", id): the card selected in the action panel
    key: tuple[object, ...]
    rect: pygame.Rect
    cards: tuple[Card, ...]
    affordable: bool = False
    remaining: tuple[int, ...] | None = None
    #: A card named by a line of the log: shown small, at once, beside the line.
    small: bool = False
    #: A city tile shown instead of cards.
    city: City | None = None
    #: A trading post's power shown instead of cards (its symbol, large).
    post: TradingPost | None = None
    #: The indices of cards (in a stack) drawn joined to the card before them: an Orient
    #: card paired to its partner.
    joined: tuple[int, ...] = ()
    #: What the piece does, in words under it (an Orient card's ability, a city's needs).
    note: str = ""


def zoom_targets(lay: TableLayout, view: View, assists: Assists, acting: bool,
                 reserved: Sequence[pygame.Rect], bonuses: Sequence[pygame.Rect],
                 data: GameData | None = None) -> list[ZoomTarget]:
    """Every card on the table that can be zoomed, with where it is drawn (`reserved` and
    `bonuses` are the slots of the viewer's area, from table.view), the city tiles and
    the trading posts (`data` gives the posts: the base game's by default)."""
    me = view.me
    buyable = buyable_ids(view) if acting and assists.affordable else frozenset()

    def card_target(card: Card, rect: pygame.Rect, marks: bool) -> ZoomTarget:
        note = ability_text(card)
        if not marks:
            return ZoomTarget(("card", card.id), rect, (card,), note=note)
        return ZoomTarget(("card", card.id), rect, (card,), card.id in buyable,
                          remaining_cost(me, card) if assists.remaining_cost and acting else None,
                          note=note)

    targets = []
    for slots, rows in ((lay.market, view.market), (lay.orient_market, view.orient_market)):
        for level_index, row in enumerate(slots):
            cards = rows[level_index] if level_index < len(rows) else ()
            for slot, rect in enumerate(row):
                card = cards[slot] if slot < len(cards) else None
                if card is not None:
                    targets.append(card_target(card, rect, True))
    for rect, city in zip(lay.cities, view.cities, strict=False):
        targets.append(city_target(city, rect, -1))
    posts = (data or base_game()).posts if lay.posts else ()
    for rect, post in zip(lay.posts, posts, strict=False):
        targets.append(ZoomTarget(("post", post.id), rect, (), post=post,
                                  note=post_text(post)))
    for rect, held in zip(reserved, me.reserved, strict=False):
        if isinstance(held, Card):
            targets.append(card_target(held, rect, True))
    for color, rect in enumerate(bonuses):
        stack = stack_target(me, color, rect)
        if stack is not None:
            targets.append(stack)
    if me.city is not None and lay.area is not None:
        targets.append(city_target(me.city, city_slot(lay), view.seat))
    others = [p for p in view.players if p.seat != view.seat]
    for panel, player in zip(lay.seats, others, strict=False):
        for rect, held in zip(panel.reserved, player.reserved, strict=False):
            if isinstance(held, Card):  # a HiddenCard is another seat's blind card
                targets.append(card_target(held, rect, False))
        for color, rect in enumerate(panel.stacks):
            stack = stack_target(player, color, rect)
            if stack is not None:
                targets.append(stack)
        if player.city is not None:
            targets.append(city_target(player.city, panel.nobles, player.seat))
    return targets


def panel_targets(cards: Sequence[tuple[Card, pygame.Rect]]) -> list[ZoomTarget]:
    """The card selected in the action panel (`cards`: each with where it is drawn),
    shown large with its ability in words like the same card on the table."""
    return [ZoomTarget(("panel", card.id), rect, (card,), note=ability_text(card))
            for card, rect in cards]


def city_target(city: City, rect: pygame.Rect, seat: int) -> ZoomTarget:
    """A city tile (on the table: `seat` -1) with what it asks for in words."""
    if city.any_single and not any(city.requires):
        note = tr("pieces.city.line_single", points=city.points, bonuses=city.any_single)
    elif city.any_single:
        note = tr("pieces.city.line_any", points=city.points, bonuses=city.any_single)
    elif any(city.requires):
        note = tr("pieces.city.line", points=city.points)
    else:
        note = tr("pieces.city.line_points", points=city.points)
    return ZoomTarget(("city", seat, city.id), rect, (), city=city, note=note)


def stack_cards(player: PlayerView, color: int) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    """The purchased cards giving `player` bonuses of `color`, each paired Orient card
    right after its partner; and the indices of those paired cards (drawn joined)."""
    colours = {card: colour for card, _, colour in player.pairs}
    partner_of = {card: partner for card, partner, _ in player.pairs}
    own = [c for c in player.purchased if colours.get(c.id, c.bonus) == color]
    ids = {c.id for c in own}
    cards: list[Card] = []
    joined: list[int] = []
    for card in own:
        if card.id in partner_of and partner_of[card.id] in ids:
            continue  # drawn after its partner
        cards.append(card)
        for paired in own:
            if partner_of.get(paired.id) == card.id:
                joined.append(len(cards))
                cards.append(paired)
    return tuple(cards), tuple(joined)


def stack_target(player: PlayerView, color: int, rect: pygame.Rect) -> ZoomTarget | None:
    """A player's purchased cards of one colour, or None when they have none."""
    cards, joined = stack_cards(player, color)
    if not cards:
        return None
    return ZoomTarget(("stack", player.seat, color), rect, cards, joined=joined)


def logged_card(action: Action) -> str | None:
    """The card a logged move names by its id: a purchase, or a reservation of a face-up
    card (public when it happened). None otherwise: a blind reservation's action holds
    only the deck's level."""
    if isinstance(action, Buy | Reserve):
        return action.card_id
    return None


def log_targets(rows: Sequence[tuple[int, pygame.Rect]], line_cards: Sequence[str | None],
                data: GameData) -> list[ZoomTarget]:
    """The log lines shown (`rows`: line index and box, from `table.view.log_rows`) that
    name a card, as small zoom targets; `line_cards[i]` is the card line i names, or None
    (see `logged_card`)."""
    targets = []
    for line, rect in rows:
        card_id = line_cards[line] if 0 <= line < len(line_cards) else None
        card = data.card_by_id.get(card_id) if card_id is not None else None
        if card is not None:
            targets.append(ZoomTarget(("log", line), rect, (card,), small=True))
    return targets


def target_at(targets: Sequence[ZoomTarget], pos: tuple[int, int]) -> ZoomTarget | None:
    return next((t for t in targets if t.rect.collidepoint(pos)), None)


class CardZoom(HoverZoom[ZoomTarget]):
    """What is hovered, for how long, and what is shown large (a log line's card at
    once)."""

    def at_once(self, target: ZoomTarget) -> bool:
        return target.small

    def box(self, lay: TableLayout) -> pygame.Rect | None:
        """Where the zoom is drawn: beside its card, inside the window."""
        shown = self.shown
        if shown is None:
            return None
        w, h, _, _ = _grid(lay, shown)
        return beside(shown.rect, (w, h), lay.size, lay.px(10))

    def draw(self, surface: pygame.Surface, lay: TableLayout) -> None:
        box = self.box(lay)
        shown = self.shown
        if box is None or shown is None:
            return
        px = lay.px
        w, _, card, per_row = _grid(lay, shown)
        pad, gap = px(10), px(8)
        draw_shadow(surface, box, px(12), px(8))
        pygame.draw.rect(surface, theme.TABLE_DARK, box, border_radius=px(12))
        pygame.draw.rect(surface, theme.TEXT_DIM, box, max(1, px(2)), border_radius=px(12))
        bottom = box.y + pad
        if shown.city is not None:
            surface.blit(art.city_surface(shown.city, card), (box.x + pad, box.y + pad))
            bottom += card[1]
        if shown.post is not None:
            surface.blit(art.post_power_surface(shown.post.power, card),
                         (box.x + pad, box.y + pad))
            bottom += card[1]
        places = []
        for i, c in enumerate(shown.cards):
            x = box.x + pad + (i % per_row) * (card[0] + gap)
            y = box.y + pad + (i // per_row) * (card[1] + gap)
            places.append((x, y))
            surface.blit(art.card_surface(c, card, affordable=shown.affordable,
                                          remaining=shown.remaining), (x, y))
            bottom = max(bottom, y + card[1])
        for i in shown.joined:
            if 0 < i < len(places) and places[i][1] == places[i - 1][1]:
                # A link across the gap between an Orient card and its partner.
                link = art.ability_symbol_surface("pair", px(34))
                centre = (places[i][0] - gap // 2, places[i][1] + card[1] // 2)
                pygame.draw.circle(surface, theme.TABLE_DARK, centre, link.get_width() // 2)
                surface.blit(link, link.get_rect(center=centre))
        if shown.note:
            size = px(NOTE_PX)
            text_w = w - 2 * pad
            draw_lines(surface, shown.note, size, theme.TEXT,
                       pygame.Rect(box.x + pad, bottom + gap, text_w,
                                   lines_height(shown.note, size, text_w)))


def _grid(lay: TableLayout, shown: ZoomTarget) -> tuple[int, int, tuple[int, int], int]:
    """(width, height, card size, cards per row) of the zoom of `shown` (a city tile or a
    post's power is one "card" of its own size), its note included."""
    px = lay.px
    pad, gap = px(10), px(8)
    if shown.city is not None or shown.post is not None:
        size = ZOOM_CITY if shown.city is not None else ZOOM_POST
        card = (px(size[0]), px(size[1]))
        w, h, per_row = 2 * pad + card[0], 2 * pad + card[1], 1
    else:
        count = len(shown.cards)
        size = LOG_CARD if shown.small else ZOOM_CARD if count == 1 else STACK_CARD
        card = (px(size[0]), px(size[1]))
        per_row = max(1, min(count, STACK_ROW))
        rows = math.ceil(count / per_row)
        w = 2 * pad + per_row * card[0] + (per_row - 1) * gap
        h = 2 * pad + rows * card[1] + (rows - 1) * gap
    if shown.note:
        h += gap + lines_height(shown.note, px(NOTE_PX), w - 2 * pad)
    return w, h, card, per_row
