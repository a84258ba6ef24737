"""Drawing the table for one seat's view. Reads only: nothing here changes the game.

Everything drawn comes from a `View` (what the viewing seat may see) plus the table
scene's own half-made selections (`TableUi`), so another seat's blind reservation can
never be drawn: the view holds only its level.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from splendor.engine import GEMS, Card, HiddenCard, Phase, PlayerView, Refusal, View
from splendor.i18n import tr
from splendor.ui import art, theme
from splendor.ui.layout import TableLayout
from splendor.ui.table_hits import Hit, card_hit
from splendor.ui.widgets import draw_flat_button, draw_lines, draw_text, line_height, wrap
from splendor.ui.wording import refusal_text


@dataclass
class Assists:
    """Helps a player can switch off in the settings."""

    affordable: bool = True
    remaining_cost: bool = True
    noble_progress: bool = True
    reasons: bool = True


@dataclass
class TableUi:
    """The scene's half-made selections and transient display state (never game state)."""

    pending: list[int] = field(default_factory=list)  # colours picked for a take
    selected: Hit | None = None  # the card or deck whose actions are offered
    drag_color: int | None = None  # a token being dragged from the bank
    drag_card: str | None = None  # a card being dragged towards the player's area
    drag_pos: tuple[int, int] = (0, 0)
    refusal: Refusal | None = None  # why the last gesture was refused (shown translated)
    highlight: set[Hit] = field(default_factory=set)  # cards and piles the last move changed
    thinking: str | None = None  # name of the bot thinking now
    #: Nobody at the screen plays the viewed seat (a game between bots): no "your turn".
    watching: bool = False
    #: What the hint suggests touching: cards, a deck or bank piles.
    hint_marks: set[Hit] = field(default_factory=set)
    notice: str = ""  # a problem outside the game itself, e.g. an autosave that failed

    @property
    def message(self) -> str:
        """The last refusal in the player's language ('' when there is none)."""
        return refusal_text(self.refusal) if self.refusal is not None else ""


def remaining_cost(me: PlayerView, card: Card) -> tuple[int, ...]:
    """Gems still missing per colour for `me` to buy `card` (gold not counted)."""
    return tuple(max(0, card.cost[c] - me.bonuses[c] - me.tokens[c]) for c in GEMS)


def affordable(me: PlayerView, card: Card) -> bool:
    return sum(remaining_cost(me, card)) <= me.tokens[5]



def _panel(surface: pygame.Surface, rect: pygame.Rect, radius: int, *, glow: bool = False) -> None:
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=radius)
    edge = theme.ACTIVE if glow else theme.PANEL_EDGE
    pygame.draw.rect(surface, edge, rect, width=3 if glow else 1, border_radius=radius)


# ------------------------------------------------------------------ buttons


def _button_lines(label: str, text_px: int, width: int) -> list[str]:
    """The label on one line, or wrapped when it is wider than the button."""
    if theme.font(max(theme.MIN_TEXT_PX, text_px), True).size(label)[0] <= width:
        return [label]
    return wrap(label, max(theme.MIN_TEXT_PX, text_px), width, bold=True)


def button_height(label: str, px: Callable[[float], int], width: int, *, text_px: float = 16,
                  height: float = 38) -> int:
    """How tall a button `width` wide must be for `label`: `height` design units, taller
    when the label needs two lines."""
    size = px(text_px)
    lines = _button_lines(label, size, width - 2 * px(8))
    return max(px(height), len(lines) * line_height(size) + 2 * px(6))


def draw_button(surface: pygame.Surface, rect: pygame.Rect, label: str,
                px: Callable[[float], int], enabled: bool = True, *,
                text_px: float = 16) -> None:
    """The table's flat button with its label fitted: one line, or wrapped when too wide
    (size the button with `button_height`)."""
    draw_flat_button(surface, rect, "", px, enabled)
    ink = theme.INK if enabled else theme.TEXT_DIM
    size = px(text_px)
    inner = rect.inflate(-2 * px(8), -2 * px(4))
    lines = _button_lines(label, size, inner.w)
    if len(lines) == 1:
        draw_text(surface, label, size, ink, inner, bold=True)
        return
    tall = len(lines) * line_height(size)
    box = pygame.Rect(inner.x, rect.centery - tall // 2, inner.w, tall)
    draw_lines(surface, label, size, ink, box, align="center", bold=True)


# ------------------------------------------------------------------ the table


def draw_table(surface: pygame.Surface, lay: TableLayout, view: View, ui: TableUi,
               assists: Assists, acting: bool, log_lines: list[str], *,
               token_limit: int = 10) -> None:
    """The whole table as `view.seat` sees it; `acting` when that seat must decide now."""
    surface.fill(theme.TABLE)
    px = lay.px
    me = view.me
    _draw_header(surface, lay, view, ui, token_limit)
    for rect, noble in zip(lay.nobles, view.nobles, strict=False):
        progress = me.bonuses if assists.noble_progress else None
        surface.blit(art.noble_surface(noble, rect.size, progress=progress), rect)
    for level_index, rect in enumerate(lay.decks):
        count = view.deck_sizes[level_index]
        image = art.card_back_surface(level_index + 1, rect.size, count)
        surface.blit(image, rect)
        if Hit("deck", level_index + 1) in ui.hint_marks:
            _hint_frame(surface, rect, px)
        if ui.selected == Hit("deck", level_index + 1):
            pygame.draw.rect(surface, theme.ACTIVE, rect.inflate(6, 6), 3, border_radius=px(10))
    for level_index, row in enumerate(lay.market):
        for slot, rect in enumerate(row):
            card = view.market[level_index][slot]
            if card is None:
                surface.blit(art.empty_slot_surface(rect.size), rect)
                continue
            if ui.drag_card == card.id:
                surface.blit(art.empty_slot_surface(rect.size), rect)
                continue
            _draw_card(surface, rect, card, me, assists, acting)
            if card_hit(card.id) in ui.hint_marks:
                _hint_frame(surface, rect, px)
            if card_hit(card.id) in ui.highlight:
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(8, 8), 3, border_radius=px(10))
            if ui.selected == card_hit(card.id):
                pygame.draw.rect(surface, theme.ACTIVE, rect.inflate(6, 6), 4, border_radius=px(10))
    _draw_bank(surface, lay, view, ui)
    _draw_my_area(surface, lay, view, ui, assists, acting, token_limit)
    others = [p for p in view.players if p.seat != view.seat]
    for rect, player in zip(lay.opponents, others, strict=False):
        _draw_opponent(surface, lay, rect, player, view, ui)
    _draw_log(surface, lay, log_lines)
    if ui.drag_color is not None:
        d = px(56)
        image = art.token_surface(ui.drag_color, d, selected=True)
        surface.blit(image, image.get_rect(center=ui.drag_pos))
    if ui.drag_card is not None:
        card = _find_card(view, ui.drag_card)
        if card is not None:
            image = art.card_surface(card, lay.market[0][0].size)
            surface.blit(image, image.get_rect(center=ui.drag_pos))


def _hint_frame(surface: pygame.Surface, rect: pygame.Rect, px: Callable[[float], int]
                ) -> None:
    """The hint's mark: a green frame, unlike the gold of the last move."""
    pygame.draw.rect(surface, theme.OK, rect.inflate(12, 12), 4, border_radius=px(12))


def _find_card(view: View, card_id: str) -> Card | None:
    for row in view.market:
        for card in row:
            if card is not None and card.id == card_id:
                return card
    for held in view.me.reserved:
        if isinstance(held, Card) and held.id == card_id:
            return held
    return None


def _draw_card(surface: pygame.Surface, rect: pygame.Rect, card: Card, me: PlayerView,
               assists: Assists, acting: bool) -> None:
    can = acting and assists.affordable and affordable(me, card)
    remaining = remaining_cost(me, card) if assists.remaining_cost and acting else None
    surface.blit(art.card_surface(card, rect.size, affordable=can, remaining=remaining), rect)


def header_text(view: View, ui: TableUi, token_limit: int = 10) -> str:
    """The line across the top: the round, whose turn it is and what they are doing."""
    current = view.current_player
    if current is None:
        status = tr("table.status.game_over")
    else:
        name = view.players[current].name
        if view.phase is Phase.RETURN:
            status = tr("table.status.returning", name=name, limit=token_limit)
        elif view.phase is Phase.NOBLE:
            status = tr("table.status.noble", name=name)
        elif ui.thinking:
            status = tr("table.status.thinking", name=name)
        elif current == view.seat and not ui.watching:
            status = tr("table.status.your_turn", name=name)
        else:
            status = tr("table.status.their_turn", name=name)
    key = "table.header.line_final" if view.final_round else "table.header.line"
    return tr(key, round=view.round, status=status)


def _draw_header(surface: pygame.Surface, lay: TableLayout, view: View, ui: TableUi,
                 token_limit: int) -> None:
    mine = view.current_player == view.seat and not ui.watching
    color = theme.ACTIVE if mine else theme.TEXT
    draw_text(surface, header_text(view, ui, token_limit), lay.px(17), color, lay.header,
              align="left", bold=True)


def _draw_bank(surface: pygame.Surface, lay: TableLayout, view: View, ui: TableUi) -> None:
    for color, rect in enumerate(lay.bank):
        left = view.bank[color] - ui.pending.count(color)
        if left <= 0:
            pygame.draw.circle(surface, theme.TABLE_DARK, rect.center, rect.width // 2)
            pygame.draw.circle(surface, theme.PANEL_EDGE, rect.center, rect.width // 2, 1)
            draw_text(surface, "0", lay.px(16), theme.TEXT_DIM, rect)
            continue
        image = art.token_surface(color, rect.width, count=left,
                                  selected=Hit("bank", color) in ui.highlight)
        surface.blit(image, image.get_rect(center=rect.center))
        if Hit("bank", color) in ui.hint_marks:
            pygame.draw.circle(surface, theme.OK, rect.center, rect.width // 2 + lay.px(5), 4)


def _draw_tokens_row(surface: pygame.Surface, lay: TableLayout, x: int, y: int,
                     tokens: tuple[int, ...], diameter: int) -> int:
    for color in range(6):
        if tokens[color]:
            image = art.token_surface(color, diameter, count=tokens[color])
            surface.blit(image, (x, y))
        else:
            pygame.draw.circle(surface, theme.PANEL_EDGE, (x + diameter // 2, y + diameter // 2),
                               diameter // 2, 1)
        x += diameter + lay.px(6)
    return x


def _draw_bonuses_row(surface: pygame.Surface, lay: TableLayout, x: int, y: int,
                      bonuses: tuple[int, ...], size: tuple[int, int]) -> int:
    for color in GEMS:
        surface.blit(art.bonus_badge_surface(color, bonuses[color], size), (x, y))
        x += size[0] + lay.px(5)
    return x


# ------------------------------------------------------------------ the player's own area

#: Design units: the left column (name, tokens, bonuses) of the player's area ends here,
#: where the reserved cards begin.
_RESERVED_X = 400
_CARD_RATIO = 82 / 112


def _area_rows(lay: TableLayout) -> tuple[int, int, int]:
    """(top of the area's content, height of its small labels, top of its cards)."""
    px = lay.px
    top = lay.my_area.y + px(6)
    label_h = line_height(px(14))
    return top, label_h, top + label_h + px(2)


def reserved_slots(lay: TableLayout) -> list[pygame.Rect]:
    """Where the three reserved cards of the player's area are drawn (the table scene
    finds clicks on them here): as tall as the area allows with a label above and below."""
    px = lay.px
    area = lay.my_area
    _, label_h, cards_top = _area_rows(lay)
    h = area.bottom - px(4) - label_h - px(2) - cards_top
    w = round(h * _CARD_RATIO)
    x = area.x + px(_RESERVED_X)
    return [pygame.Rect(x + i * (w + px(8)), cards_top, w, h) for i in range(3)]


def _draw_my_area(surface: pygame.Surface, lay: TableLayout, view: View, ui: TableUi,
                  assists: Assists, acting: bool, token_limit: int) -> None:
    px = lay.px
    area = lay.my_area
    me = view.me
    _panel(surface, area, px(10), glow=view.current_player == view.seat)
    top, label_h, cards_top = _area_rows(lay)
    x = area.x + px(12)
    column_right = area.x + px(_RESERVED_X - 16)
    # The name and the points.
    name_h = line_height(px(20))
    points = draw_text(surface, tr("table.area.points", count=me.points), px(20), theme.ACCENT,
                       pygame.Rect(column_right - px(110), top, px(110), name_h),
                       align="right", bold=True)
    draw_text(surface, me.name, px(20), theme.TEXT,
              pygame.Rect(x, top, points.left - px(10) - x, name_h), align="left", bold=True)
    # Tokens, the pending take included, and how many against the limit.
    shown = list(me.tokens)
    for color in ui.pending:
        shown[color] += 1
    diameter = px(44)
    row_w = 6 * diameter + 5 * px(6)
    label_y = top + name_h + px(2)
    total = sum(shown)
    count = draw_text(surface, f"{total}/{token_limit}", px(15),
                      theme.DANGER if total > token_limit else theme.TEXT_DIM,
                      pygame.Rect(x + row_w - px(70), label_y, px(70), label_h), align="right")
    draw_text(surface, tr("table.area.tokens"), px(14), theme.TEXT_DIM,
              pygame.Rect(x, label_y, count.left - px(8) - x, label_h), align="left")
    tokens_y = label_y + label_h
    _draw_tokens_row(surface, lay, x, tokens_y, tuple(shown), diameter)
    # Bonuses: the label takes what the badges leave of the column.
    badge = (px(38), px(26))
    badges_w = 5 * badge[0] + 4 * px(5)
    bonus_y = tokens_y + diameter + px(4)
    label = draw_text(surface, tr("table.area.bonuses"), px(14), theme.TEXT_DIM,
                      pygame.Rect(x, bonus_y, column_right - badges_w - px(8) - x, badge[1]),
                      align="left")
    _draw_bonuses_row(surface, lay, label.right + px(8), bonus_y, me.bonuses, badge)
    # Reserved cards: the owner sees all three faces, blind ones marked.
    slots = reserved_slots(lay)
    columns = slots[0].unionall(slots[1:])
    draw_text(surface, tr("table.area.reserved"), px(14), theme.TEXT_DIM,
              pygame.Rect(columns.x, top, columns.w, label_h), align="left")
    for i, rect in enumerate(slots):
        if i >= len(me.reserved):
            surface.blit(art.empty_slot_surface(rect.size), rect)
            continue
        card = me.reserved[i]
        if not isinstance(card, Card):
            continue
        if ui.drag_card == card.id:
            surface.blit(art.empty_slot_surface(rect.size), rect)
        else:
            _draw_card(surface, rect, card, me, assists, acting)
        if me.reserved_blind[i]:
            below = pygame.Rect(rect.x - px(3), rect.bottom + px(1), rect.w + px(6), label_h)
            draw_text(surface, tr("table.area.blind"), px(14), theme.TEXT_DIM, below,
                      valign="top")
        if card_hit(card.id) in ui.hint_marks:
            _hint_frame(surface, rect, px)
        if ui.selected == card_hit(card.id):
            pygame.draw.rect(surface, theme.ACTIVE, rect.inflate(6, 6), 4, border_radius=px(8))
    # Nobles: two rows of three at most.
    nx = columns.right + px(18)
    draw_text(surface, tr("table.area.nobles"), px(14), theme.TEXT_DIM,
              pygame.Rect(nx, top, area.right - px(10) - nx, label_h), align="left")
    size = min(px(52), (area.bottom - px(4) - cards_top - px(4)) // 2)
    for i, noble in enumerate(me.nobles):
        surface.blit(art.noble_surface(noble, (size, size), owned=True),
                     (nx + (i % 3) * (size + px(4)), cards_top + (i // 3) * (size + px(4))))


# ------------------------------------------------------------------ the side panels


def _draw_thinking(surface: pygame.Surface, rect: pygame.Rect, px: Callable[[float], int]) -> None:
    """Three dots in `rect`: the player of this panel is thinking (words are in the header)."""
    r = max(2, px(3))
    for i in (-1, 0, 1):
        pygame.draw.circle(surface, theme.ACTIVE, (rect.centerx + i * 3 * r, rect.centery), r)


def _draw_opponent(surface: pygame.Surface, lay: TableLayout, rect: pygame.Rect,
                   player: PlayerView, view: View, ui: TableUi) -> None:
    px = lay.px
    _panel(surface, rect, px(10), glow=view.current_player == player.seat)
    x, y = rect.x + px(10), rect.y + px(5)
    name_h = max(px(20), line_height(px(17)))
    points = draw_text(surface, tr("table.area.points", count=player.points), px(17),
                       theme.ACCENT, pygame.Rect(rect.right - px(110), y, px(100), name_h),
                       align="right", bold=True)
    name_right = points.left - px(8)
    if player.name == ui.thinking:
        dots = pygame.Rect(name_right - px(26), y, px(26), name_h)
        _draw_thinking(surface, dots, px)
        name_right = dots.left - px(4)
    draw_text(surface, player.name, px(17), theme.TEXT,
              pygame.Rect(x, y, name_right - x, name_h), align="left", bold=True)
    compact = rect.height < px(150)
    diameter = px(30) if compact else px(34)
    ty = y + max(px(21), name_h + px(2))
    _draw_tokens_row(surface, lay, x, ty, player.tokens, diameter)
    draw_text(surface, f"{sum(player.tokens)}", px(14), theme.TEXT_DIM,
              pygame.Rect(rect.right - px(40), ty, px(30), diameter), align="right")
    by = ty + diameter + px(6)
    _draw_bonuses_row(surface, lay, x, by, player.bonuses, (px(32), px(22)))
    ry = by + px(28)
    small = (px(34), px(46)) if not compact else (px(26), px(36))
    for i, card in enumerate(player.reserved):
        pos = (x + i * (small[0] + px(5)), ry)
        if isinstance(card, HiddenCard):
            surface.blit(art.card_back_surface(card.level, small), pos)
        else:
            surface.blit(art.card_surface(card, small), pos)
    nx = x + 3 * (small[0] + px(5)) + px(8)
    for i, noble in enumerate(player.nobles):
        surface.blit(art.noble_surface(noble, (small[0], small[0]), owned=True),
                     (nx + i * (small[0] + px(4)), ry))


def _draw_log(surface: pygame.Surface, lay: TableLayout, lines: list[str]) -> None:
    """The newest moves that fit, each wrapped to the panel, oldest first."""
    px = lay.px
    rect = lay.log
    _panel(surface, rect, px(10))
    inner = rect.inflate(-2 * px(10), 0)
    title_h = line_height(px(15))
    draw_text(surface, tr("table.log.title"), px(15),
              theme.TEXT_DIM, pygame.Rect(inner.x, rect.y + px(6), inner.w, title_h),
              align="left", bold=True)
    size = px(14)
    step = line_height(size)
    gap = px(3)
    top = rect.y + px(6) + title_h + px(4)
    room = rect.bottom - px(8) - top
    shown: list[tuple[str, int]] = []
    for line in reversed(lines):
        height = len(wrap(line, max(theme.MIN_TEXT_PX, size), inner.w)) * step
        if sum(h + gap for _, h in shown) + height > room:
            break
        shown.append((line, height))
    y = top
    for line, height in reversed(shown):
        draw_lines(surface, line, size, theme.TEXT, pygame.Rect(inner.x, y, inner.w, height))
        y += height + gap
