"""Drawing the table for one seat's view. Reads only: nothing here changes the game.

Everything drawn comes from a `View` (what the viewing seat may see) plus the table
scene's own half-made selections (`TableUi`), so another seat's blind reservation can
never be drawn: the view holds only its level.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from splendor.engine import GEMS, Card, HiddenCard, Phase, PlayerView, View
from splendor.ui import art, theme
from splendor.ui.layout import TableLayout


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
    selected: str | None = None  # a card id, or 'deck:N', whose actions are offered
    drag_color: int | None = None  # a token being dragged from the bank
    drag_card: str | None = None  # a card being dragged towards the player's area
    drag_pos: tuple[int, int] = (0, 0)
    message: str = ""
    highlight: set[str] = field(default_factory=set)  # ids/keys changed by the last move
    thinking: str | None = None  # name of the bot thinking now
    notice: str = ""  # a problem outside the game itself, e.g. an autosave that failed


def remaining_cost(me: PlayerView, card: Card) -> tuple[int, ...]:
    """Gems still missing per colour for `me` to buy `card` (gold not counted)."""
    return tuple(max(0, card.cost[c] - me.bonuses[c] - me.tokens[c]) for c in GEMS)


def affordable(me: PlayerView, card: Card) -> bool:
    return sum(remaining_cost(me, card)) <= me.tokens[5]


def _panel(surface: pygame.Surface, rect: pygame.Rect, radius: int, *, glow: bool = False) -> None:
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=radius)
    edge = theme.ACTIVE if glow else theme.PANEL_EDGE
    pygame.draw.rect(surface, edge, rect, width=3 if glow else 1, border_radius=radius)


def _blit_text(surface: pygame.Surface, value: str, px: int, pos: tuple[int, int],
               color: theme.Color = theme.TEXT, bold: bool = False,
               anchor: str = "topleft") -> pygame.Rect:
    image = theme.text(value, px, color, bold)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def draw_table(surface: pygame.Surface, lay: TableLayout, view: View, ui: TableUi,
               assists: Assists, acting: bool, log_lines: list[str]) -> None:
    """The whole table as `view.seat` sees it; `acting` when that seat must decide now."""
    surface.fill(theme.TABLE)
    px = lay.px
    me = view.me
    _draw_header(surface, lay, view, ui)
    for rect, noble in zip(lay.nobles, view.nobles, strict=False):
        progress = me.bonuses if assists.noble_progress else None
        surface.blit(art.noble_surface(noble, rect.size, progress=progress), rect)
    for level_index, rect in enumerate(lay.decks):
        count = view.deck_sizes[level_index]
        image = art.card_back_surface(level_index + 1, rect.size, count)
        surface.blit(image, rect)
        if ui.selected == f"deck:{level_index + 1}":
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
            if card.id in ui.highlight:
                pygame.draw.rect(surface, theme.ACCENT, rect.inflate(8, 8), 3, border_radius=px(10))
            if ui.selected == card.id:
                pygame.draw.rect(surface, theme.ACTIVE, rect.inflate(6, 6), 4, border_radius=px(10))
    _draw_bank(surface, lay, view, ui)
    _draw_my_area(surface, lay, view, ui, assists, acting)
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


def _draw_header(surface: pygame.Surface, lay: TableLayout, view: View, ui: TableUi) -> None:
    rect = lay.header
    size = lay.px(17)
    current = view.current_player
    if current is None:
        status = "Game over"
    else:
        name = view.players[current].name
        if view.phase is Phase.RETURN:
            status = f"{name} must return tokens down to ten"
        elif view.phase is Phase.NOBLE:
            status = f"{name} chooses a visiting noble"
        elif ui.thinking:
            status = f"{name} is thinking…"
        elif current == view.seat:
            status = f"Your turn, {name}"
        else:
            status = f"{name}'s turn"
    final = "  ·  final round" if view.final_round else ""
    _blit_text(surface, f"Round {view.round}  ·  {status}{final}", size, rect.topleft,
               theme.ACTIVE if current == view.seat else theme.TEXT, bold=True)


def _draw_bank(surface: pygame.Surface, lay: TableLayout, view: View, ui: TableUi) -> None:
    for color, rect in enumerate(lay.bank):
        left = view.bank[color] - ui.pending.count(color)
        if left <= 0:
            pygame.draw.circle(surface, theme.TABLE_DARK, rect.center, rect.width // 2)
            pygame.draw.circle(surface, theme.PANEL_EDGE, rect.center, rect.width // 2, 1)
            _blit_text(surface, "0", lay.px(16), rect.center, theme.TEXT_DIM, anchor="center")
            continue
        image = art.token_surface(color, rect.width, count=left,
                                  selected=f"bank:{color}" in ui.highlight)
        surface.blit(image, image.get_rect(center=rect.center))


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


def _draw_my_area(surface: pygame.Surface, lay: TableLayout, view: View, ui: TableUi,
                  assists: Assists, acting: bool) -> None:
    px = lay.px
    area = lay.my_area
    me = view.me
    _panel(surface, area, px(10), glow=view.current_player == view.seat)
    x, y = area.x + px(12), area.y + px(8)
    _blit_text(surface, me.name, px(20), (x, y), bold=True)
    _blit_text(surface, f"{me.points} pts", px(20), (area.x + px(330), y), theme.ACCENT,
               bold=True, anchor="topright")
    row_y = y + px(32)
    _blit_text(surface, "Tokens", px(14), (x, row_y - px(2)), theme.TEXT_DIM)
    shown = list(me.tokens)
    for color in ui.pending:
        shown[color] += 1
    _draw_tokens_row(surface, lay, x, row_y + px(16), tuple(shown), px(44))
    total = sum(shown)
    _blit_text(surface, f"{total}/10", px(15), (x + px(300), row_y - px(2)),
               theme.DANGER if total > 10 else theme.TEXT_DIM, anchor="topright")
    label = _blit_text(surface, "Bonuses", px(14), (x, row_y + px(66)), theme.TEXT_DIM)
    _draw_bonuses_row(surface, lay, label.right + px(8), row_y + px(62), me.bonuses,
                      (px(38), px(26)))
    # Reserved cards: the owner sees all three faces, blind ones marked.
    rx = area.x + px(360)
    _blit_text(surface, "Reserved", px(14), (rx, y + px(2)), theme.TEXT_DIM)
    card_size = (px(82), px(112))
    for i in range(3):
        rect = pygame.Rect(rx + i * (card_size[0] + px(8)), y + px(22), *card_size)
        if i < len(me.reserved):
            card = me.reserved[i]
            if isinstance(card, Card):
                if ui.drag_card == card.id:
                    surface.blit(art.empty_slot_surface(rect.size), rect)
                else:
                    _draw_card(surface, rect, card, me, assists, acting)
                if me.reserved_blind[i]:
                    _blit_text(surface, "blind", px(14), (rect.centerx, rect.bottom - px(2)),
                               theme.TEXT_DIM, anchor="midtop")
                if ui.selected == card.id:
                    pygame.draw.rect(surface, theme.ACTIVE, rect.inflate(6, 6), 4,
                                     border_radius=px(8))
        else:
            surface.blit(art.empty_slot_surface(rect.size), rect)
    nx = rx + 3 * (card_size[0] + px(8)) + px(10)
    _blit_text(surface, "Nobles", px(14), (nx, y + px(2)), theme.TEXT_DIM)
    for i, noble in enumerate(me.nobles):
        size = (px(52), px(52))
        surface.blit(art.noble_surface(noble, size, owned=True),
                     (nx + (i % 3) * px(56), y + px(22) + (i // 3) * px(56)))


def _draw_opponent(surface: pygame.Surface, lay: TableLayout, rect: pygame.Rect,
                   player: PlayerView, view: View, ui: TableUi) -> None:
    px = lay.px
    _panel(surface, rect, px(10), glow=view.current_player == player.seat)
    x, y = rect.x + px(10), rect.y + px(6)
    _blit_text(surface, player.name, px(17), (x, y), bold=True)
    _blit_text(surface, f"{player.points} pts", px(17), (rect.right - px(10), y), theme.ACCENT,
               bold=True, anchor="topright")
    compact = rect.height < px(150)
    diameter = px(30) if compact else px(34)
    ty = y + px(26)
    _draw_tokens_row(surface, lay, x, ty, player.tokens, diameter)
    _blit_text(surface, f"{sum(player.tokens)}", px(14), (rect.right - px(10), ty + px(6)),
               theme.TEXT_DIM, anchor="topright")
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
    if player.name == ui.thinking:
        _blit_text(surface, "thinking…", px(14), (rect.right - px(10), rect.bottom - px(22)),
                   theme.ACTIVE, anchor="topright")


def _draw_log(surface: pygame.Surface, lay: TableLayout, lines: list[str]) -> None:
    px = lay.px
    rect = lay.log
    _panel(surface, rect, px(10))
    _blit_text(surface, "Game log", px(15), (rect.x + px(10), rect.y + px(6)), theme.TEXT_DIM,
               bold=True)
    line_h = px(20)
    room = max(0, (rect.height - px(30)) // line_h)
    y = rect.y + px(28)
    for line in lines[-room:] if room else []:
        image = theme.text(line, px(14), theme.TEXT)
        clip = pygame.Rect(0, 0, min(image.get_width(), rect.width - px(20)), image.get_height())
        surface.blit(image, (rect.x + px(10), y), clip)
        y += line_h
