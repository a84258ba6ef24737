"""Drawing the table for one seat's view. Reads only: nothing here changes the game.

Everything drawn comes from a `View` (what the viewing seat may see) plus the table
scene's own half-made selections (`TableUi`), so another seat's blind reservation can
never be drawn: the view holds only its level (an Orient one is drawn as an Orient back).

A Cities of Splendor module adds its pieces where the layout puts them: city tiles with
the viewer's progress, the Orient's cards and decks, the Trading Posts board with every
player's coats of arms, strongholds as towers in their owner's colour on the cards; and
each player's own: their city, double golds, kept nobles, paired cards (a link on the
stack of their colour), strongholds left in the supply.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from splendor.engine import GEMS, Buy, Card, GameData, HiddenCard, Phase, PlayerView, Refusal, View
from splendor.gamedata import base_game
from splendor.i18n import tr
from splendor.ui import art, theme
from splendor.ui.table import marks
from splendor.ui.table.hits import Hit, card_hit
from splendor.ui.table.layout import SeatPanel, TableLayout
from splendor.ui.table.marks import LastMove
from splendor.ui.table.modules import table_module
from splendor.ui.widgets import (
    draw_flat_button,
    draw_lines,
    draw_text,
    line_height,
    wrap,
)
from splendor.ui.wording import STEP_STATUS, refusal_text, said, step_status


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
    #: What the last move changed on the board: bank piles (and cards, for a caller that
    #: marks them); drawn as lilac dashes (see table.marks).
    highlight: set[Hit] = field(default_factory=set)
    #: Cards just dealt to the market (a white frame and a sparkle).
    dealt: set[Hit] = field(default_factory=set)
    #: The seat that made the last move, with the stack it bought into (a colour) and the
    #: reserved card it took (an index), marked on its panel.
    moved: LastMove | None = None

    def forget_last_move(self) -> None:
        """No marks of a last move (after an undo)."""
        self.highlight, self.dealt, self.moved = set(), set(), None
    thinking: str | None = None  # name of the bot thinking now
    #: What the game waits on besides a bot (a network game: a person's connection, or
    #: this screen's own), shown where a bot's thinking is; `status_alarm`: in red.
    status: str = ""
    status_alarm: bool = False
    #: A lasting problem of the table the game is served from (it cannot save the game):
    #: in red at the panel's foot, whatever else the panel shows.
    warning: str = ""
    #: Nobody at the screen plays the viewed seat (a game between bots): no "your turn".
    watching: bool = False
    #: The game is over for this screen before the rules end it (a decided challenge).
    over: bool = False
    #: The panel button under the pointer (its index), lit while hovered.
    hover_button: int | None = None
    #: The log line under the pointer (its index) when it does something (a click shows
    #: that position, or it names a card): lit while hovered.
    hover_log: int | None = None
    #: How many of the newest log lines are scrolled out of view (the wheel over the log).
    log_back: int = 0
    #: What the hint suggests touching: cards, a deck or bank piles.
    hint_marks: set[Hit] = field(default_factory=set)
    notice: str = ""  # a problem outside the game itself, e.g. an autosave that failed
    #: Whether this game offers hints (the legend names the hint's mark only then).
    hints_offered: bool = False
    #: The seat of the one person at the screen (None: several, or nobody): what they
    #: do is said to them ('You must give back tokens'), not of them by name.
    you: int | None = None

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


def buyable_ids(view: View) -> frozenset[str]:
    """The cards the viewer may buy now (from the legal actions: a module's rules
    included, such as a stronghold on the card, a partner to pair with or the cards a
    sacrifice needs)."""
    return frozenset(a.card_id for a in view.legal_actions if isinstance(a, Buy))


def draw_table(surface: pygame.Surface, lay: TableLayout, view: View, ui: TableUi,
               assists: Assists, acting: bool, log_lines: list[str], *,
               token_limit: int = 10, data: GameData | None = None) -> None:
    """The whole table as `view.seat` sees it; `acting` when that seat must decide now.
    `data` gives the Trading Posts board its posts (the base game's data by default)."""
    surface.fill(theme.TABLE)
    px = lay.px
    me = view.me
    colours = art.seat_colours(view.num_players)
    buyable = buyable_ids(view) if acting and assists.affordable else frozenset()
    pieces = table_module(view.module)
    _draw_header(surface, lay, view, ui, token_limit)
    for rect, noble in zip(lay.nobles, view.nobles, strict=False):
        progress = me.bonuses if assists.noble_progress else None
        surface.blit(art.noble_surface(noble, rect.size, progress=progress), rect)
        marks.draw_card_marks(surface, rect, Hit("noble", noble.id), ui, px, lay.pieces)
    pieces.draw_above_cards(surface, lay, view, ui, assists)
    # Someone watching bots can buy nothing: no "can buy" in the legend then.
    marks.draw_legend(surface, lay.legend, px, marks.legend_entries(
        assists.affordable and not ui.watching, ui.hints_offered))
    for level_index, rect in enumerate(lay.decks):
        count = view.deck_sizes[level_index]
        surface.blit(art.card_back_surface(level_index + 1, rect.size, count), rect)
        marks.draw_card_marks(surface, rect, Hit("deck", level_index + 1), ui, px, lay.pieces)
    for level_index, rect in enumerate(lay.orient_decks):
        sizes = view.orient_deck_sizes
        count = sizes[level_index] if level_index < len(sizes) else 0
        surface.blit(art.card_back_surface(level_index + 1, rect.size, count, orient=True), rect)
        marks.draw_card_marks(surface, rect, Hit("orient_deck", level_index + 1), ui, px,
                              lay.pieces)
    for slots, rows in ((lay.market, view.market), (lay.orient_market, view.orient_market)):
        for level_index, row in enumerate(slots):
            cards = rows[level_index] if level_index < len(rows) else ()
            for slot, rect in enumerate(row):
                card = cards[slot] if slot < len(cards) else None
                if card is None or ui.drag_card == card.id:
                    surface.blit(art.empty_slot_surface(rect.size), rect)
                    continue
                _draw_card(surface, rect, card, me, card.id in buyable, assists, acting)
                marks.draw_card_marks(surface, rect, card_hit(card.id), ui, px, lay.pieces)
    pieces.draw_pieces(surface, lay, view, ui, data or base_game(), colours)
    _draw_bank(surface, lay, view, ui)
    _draw_my_area(surface, lay, view, ui, assists, acting, token_limit, buyable)
    others = [p for p in view.players if p.seat != view.seat]
    for panel, player in zip(lay.seats, others, strict=False):
        _draw_opponent(surface, lay, panel, player, view, ui)
    _draw_log(surface, lay, log_lines, ui.hover_log, ui.log_back)
    if ui.drag_color is not None:
        d = px(56)
        image = art.token_surface(ui.drag_color, d, selected=True)
        surface.blit(image, image.get_rect(center=ui.drag_pos))
    if ui.drag_card is not None:
        card = _find_card(view, ui.drag_card)
        if card is not None:
            size = lay.market[0][0].size if lay.market and lay.market[0] else (px(100), px(140))
            image = art.card_surface(card, size)
            surface.blit(image, image.get_rect(center=ui.drag_pos))


def _find_card(view: View, card_id: str) -> Card | None:
    for row in (*view.market, *view.orient_market):
        for card in row:
            if card is not None and card.id == card_id:
                return card
    for held in view.me.reserved:
        if isinstance(held, Card) and held.id == card_id:
            return held
    return None


def _draw_card(surface: pygame.Surface, rect: pygame.Rect, card: Card, me: PlayerView,
               can: bool, assists: Assists, acting: bool) -> None:
    remaining = remaining_cost(me, card) if assists.remaining_cost and acting else None
    surface.blit(art.card_surface(card, rect.size, affordable=can, remaining=remaining), rect)


def header_state(view: View, ui: TableUi) -> tuple[object, ...]:
    """What `header_text` says, as values: its words change only with these (or with the
    language, for which the screens lay out anyway)."""
    current = view.current_player
    return (current, ui.over, view.turns, view.num_players, view.round, view.phase,
            view.final_round, ui.thinking, ui.watching, view.seat, ui.you,
            view.players[current].name if current is not None else None)


def header_text(view: View, ui: TableUi, token_limit: int = 10) -> str:
    """The line across the top: the round, whose turn it is and what they are doing."""
    current = view.current_player
    if current is None or ui.over:
        # The round the game ended in, as the results count it (view.round is the next).
        played = (view.turns - 1) // view.num_players + 1 if view.turns else 1
        return tr("table.header.line", round=played, status=tr("table.status.game_over"))
    name = view.players[current].name
    who = None if current == ui.you else name
    if view.phase is Phase.RETURN:
        status = said("table.status.returning", who, limit=token_limit)
    elif view.phase is Phase.NOBLE:
        status = said("table.status.noble", who)
    elif view.phase.value in STEP_STATUS:
        status = step_status(view.phase.value, who)
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
    mine = view.current_player == view.seat and not ui.watching and not ui.over
    color = theme.ACTIVE if mine else theme.TEXT
    draw_text(surface, header_text(view, ui, token_limit), lay.px(17), color, lay.header,
              align="left", bold=True)


def _draw_bank(surface: pygame.Surface, lay: TableLayout, view: View, ui: TableUi) -> None:
    px = lay.px
    for color, rect in enumerate(lay.bank):
        left = view.bank[color] - ui.pending.count(color)
        if Hit("bank", color) in ui.hint_marks:
            # Under the pile, whose count stays readable over it.
            radius, width = marks.hint_ring(rect, px, lay.pieces)
            pygame.draw.circle(surface, marks.HINT, rect.center, radius, width)
        if left <= 0:
            pygame.draw.circle(surface, theme.TABLE_DARK, rect.center, rect.width // 2)
            pygame.draw.circle(surface, theme.PANEL_EDGE, rect.center, rect.width // 2, 1)
            draw_text(surface, "0", px(16), theme.TEXT_DIM, rect)
        else:
            image = art.token_surface(color, rect.width, count=left)
            surface.blit(image, image.get_rect(center=rect.center))
        if Hit("bank", color) in ui.highlight:
            marks.draw_last_move_pile(surface, rect.center, rect.width + px(10), px)


# ------------------------------------------------------------------ a player's pieces

def _draw_badges(surface: pygame.Surface, rect: pygame.Rect, player: PlayerView, view: View,
                 px: Callable[[float], int], text_px: int, *, theirs: bool,
                 right: int) -> int:
    """A module's counts from the right of `rect` (a name row, a token row): the
    strongholds left in the supply (a tower in the seat colour) and, with `theirs` (in
    another player's panel), the double golds held and the player's coat of arms with
    the number of posts they hold.
    Returns the left edge of what was drawn (`right` when nothing)."""
    icon = min(rect.h, px(18) if theirs else px(24))
    items = table_module(view.module).badges(player, view, icon, theirs=theirs)
    if theirs and player.doubles:
        items.append((art.double_gold_surface(icon), len(player.doubles)))
    x = rect.right
    for image, count in reversed(items):
        label = str(count)
        w = theme.font(max(theme.MIN_TEXT_PX, text_px), True).size(label)[0]
        x -= w
        draw_text(surface, label, text_px, theme.TEXT, pygame.Rect(x, rect.y, w, rect.h),
                  align="left", bold=True)
        x -= px(1) + image.get_width()
        surface.blit(image, image.get_rect(midleft=(x, rect.centery)))
        x -= px(8)
    return x + px(8) if items else right


def paired_colours(player: PlayerView) -> set[int]:
    """The bonus colours in which `player` has an Orient card paired to a card."""
    return {colour for _, _, colour in player.pairs}


def _pair_mark(surface: pygame.Surface, rect: pygame.Rect, size: int) -> None:
    """Two chain links on the top right corner of a stack: an Orient card is paired to a
    card of this colour."""
    image = art.ability_symbol_surface("pair", size)
    surface.blit(image, image.get_rect(center=(rect.right - size // 6, rect.top + size // 6)))


def reserved_slots(lay: TableLayout) -> list[pygame.Rect]:
    """Where the three reserved cards of the player's area are drawn (the table scene
    finds clicks on them here): as tall as the area allows with a label above and below,
    and wide enough to show the whole cost."""
    assert lay.area is not None
    return lay.area.reserved


def bonus_rects(lay: TableLayout) -> list[pygame.Rect]:
    """Where the player's bonus badges (their purchased cards by colour) are drawn, by
    colour: at the right of the area's column, whatever the label's language."""
    assert lay.area is not None
    return lay.area.bonuses


def _draw_my_area(surface: pygame.Surface, lay: TableLayout, view: View, ui: TableUi,
                  assists: Assists, acting: bool, token_limit: int,
                  buyable: frozenset[str]) -> None:
    px = lay.px
    a = lay.area
    assert a is not None
    me = view.me
    _panel(surface, a.rect, px(10), glow=view.current_player == view.seat)
    top, label_h = a.top, a.label_h
    x, diameter, tokens_y = a.tokens_x, a.diameter, a.tokens_y
    # The name (after the player's emblem), a module's counts, and the points.
    name_h = a.name.h
    points = draw_text(surface, tr("table.area.points", count=me.points), px(20), theme.ACCENT,
                       pygame.Rect(a.name.right - a.points_w, top, a.points_w, name_h),
                       align="right", bold=True)
    table_module(view.module).draw_emblem(surface, a.emblem, view, view.seat)
    name_x = a.emblem.right + px(6) if a.emblem.w else a.name.x
    badges = pygame.Rect(a.badges.x, top, points.left - px(10) - a.badges.x, name_h)
    name_right = _draw_badges(surface, badges, me, view, px, px(17), theirs=False,
                              right=points.left) - px(10)
    draw_text(surface, me.name, px(20), theme.TEXT,
              pygame.Rect(name_x, top, name_right - name_x, name_h), align="left", bold=True)
    # Tokens, the pending take included, and how many against the limit.
    shown = list(me.tokens)
    for color in ui.pending:
        shown[color] += 1
    row_w = 6 * diameter + 5 * px(6)
    label_y = tokens_y - label_h
    total = sum(shown)
    count = draw_text(surface, f"{total}/{token_limit}", px(15),
                      theme.DANGER if total > token_limit else theme.TEXT_DIM,
                      pygame.Rect(x + row_w - px(70), label_y, px(70), label_h), align="right")
    draw_text(surface, tr("table.area.tokens"), px(14), theme.TEXT_DIM,
              pygame.Rect(x, label_y, count.left - px(8) - x, label_h), align="left")
    for color in range(6):
        tx = x + color * (diameter + px(6))
        if shown[color]:
            surface.blit(art.token_surface(color, diameter, count=shown[color]), (tx, tokens_y))
        else:
            pygame.draw.circle(surface, theme.PANEL_EDGE,
                               (tx + diameter // 2, tokens_y + diameter // 2), diameter // 2, 1)
    _draw_doubles(surface, a.doubles, len(me.doubles), ui, px)
    # Bonuses (the cards bought, by colour): the label takes what the badges leave.
    badges_at = a.bonuses
    draw_text(surface, tr("table.area.bonuses"), px(14), theme.TEXT_DIM,
              pygame.Rect(x, badges_at[0].y, badges_at[0].x - px(8) - x, badges_at[0].h),
              align="left")
    moved = ui.moved if ui.moved is not None and ui.moved.seat == view.seat else None
    paired = paired_colours(me)
    for color, rect in zip(GEMS, badges_at, strict=True):
        surface.blit(art.bonus_badge_surface(color, me.bonuses[color], rect.size), rect)
        if color in paired:
            _pair_mark(surface, rect, px(18))
        if moved is not None and moved.stack == color:
            marks.draw_last_move(surface, rect, px)
        if ui.selected == Hit("stack", color) or Hit("stack", color) in ui.hint_marks:
            marks.draw_selected_frame(surface, rect, px)
    # Reserved cards: the owner sees all three faces, blind ones marked.
    slots = a.reserved
    columns = slots[0].unionall(slots[1:])
    draw_text(surface, tr("table.area.reserved"), px(14), theme.TEXT_DIM,
              pygame.Rect(columns.x, top, columns.w, label_h), align="left")
    for i, rect in enumerate(slots):
        if i >= len(me.reserved):
            surface.blit(art.empty_slot_surface(rect.size), rect)
            continue
        card = me.reserved[i]
        if isinstance(card, HiddenCard):
            # A public view (a hot-seat review, the final board): the seat's own blind
            # card is as hidden as anyone's, so its back fills the slot, never a hole.
            surface.blit(art.card_back_surface(card.level, rect.size, orient=card.orient), rect)
        elif ui.drag_card == card.id:
            surface.blit(art.empty_slot_surface(rect.size), rect)
        else:
            _draw_card(surface, rect, card, me, card.id in buyable, assists, acting)
        if me.reserved_blind[i]:
            below = pygame.Rect(rect.x - px(3), rect.bottom + px(1), rect.w + px(6), label_h)
            draw_text(surface, tr("table.area.blind"), px(14), theme.TEXT_DIM, below,
                      valign="top")
        if moved is not None and moved.reserved == i:
            marks.draw_last_move(surface, rect, px)
        if isinstance(card, Card):
            marks.draw_card_marks(surface, rect, card_hit(card.id), ui, px, lay.pieces)
    table_module(view.module).draw_side(surface, lay, view, ui, assists)


def _draw_doubles(surface: pygame.Surface, rect: pygame.Rect, count: int, ui: TableUi,
                  px: Callable[[float], int]) -> None:
    """The double golds a player holds (the Orient), side by side, overlapping when many."""
    if not count or rect.w <= 0:
        return
    size = rect.h
    step = min(size + px(2), (rect.w - size) // max(1, count - 1)) if count > 1 else 0
    image = art.double_gold_surface(size)
    for i in range(count):
        surface.blit(image, (rect.x + i * step, rect.y))
    if ui.selected == Hit("double") or Hit("double") in ui.hint_marks:
        marks.draw_selected_frame(surface, pygame.Rect(rect.x, rect.y,
                                                       size + step * (count - 1), size), px)


# ------------------------------------------------------------------ the side panels


def _draw_thinking(surface: pygame.Surface, rect: pygame.Rect, px: Callable[[float], int]) -> None:
    """Three dots in `rect`: the player of this panel is thinking (words are in the header)."""
    r = max(2, px(3))
    for i in (-1, 0, 1):
        pygame.draw.circle(surface, theme.ACTIVE, (rect.centerx + i * 3 * r, rect.centery), r)


def _draw_opponent(surface: pygame.Surface, lay: TableLayout, panel: SeatPanel,
                   player: PlayerView, view: View, ui: TableUi) -> None:
    """Another player's panel: name and points; tokens, each chip with its count beside
    it; purchased cards as stacks by colour with counts, nobles beside them; reserved
    cards with their costs (another seat's blind card only as its back). A module adds
    the player's emblem and counts in the name row, links on stacks with a paired Orient
    card, and their city or kept nobles beside the reserved cards."""
    px = lay.px
    rect = panel.rect
    _panel(surface, rect, px(10), glow=view.current_player == player.seat)
    name = panel.name
    points = draw_text(surface, tr("table.area.points", count=player.points), px(17),
                       theme.ACCENT, pygame.Rect(name.right - px(100), name.y, px(100), name.h),
                       align="right", bold=True)
    name_right = points.left - px(8)
    if player.name == ui.thinking:
        dots = pygame.Rect(name_right - px(26), name.y, px(26), name.h)
        _draw_thinking(surface, dots, px)
        name_right = dots.left - px(4)
    draw_text(surface, player.name, px(17), theme.TEXT,
              pygame.Rect(name.x, name.y, name_right - name.x, name.h), align="left", bold=True)
    count_px = px(16)
    chip = panel.chip
    # Closer to their chips when a module's counts share the row.
    beside = px(1) if panel.badges.w else px(3)
    for color, cell in enumerate(panel.tokens):
        center = (cell.x + chip // 2, cell.centery)
        if player.tokens[color]:
            image = art.chip_surface(color, chip)
            surface.blit(image, image.get_rect(center=center))
            draw_text(surface, str(player.tokens[color]), count_px, theme.TEXT,
                      pygame.Rect(cell.x + chip + beside, cell.y,
                                  cell.right - cell.x - chip - beside, cell.h),
                      align="left", bold=True)
        else:
            pygame.draw.circle(surface, theme.PANEL_EDGE, center, chip // 2, 1)
    draw_text(surface, f"{sum(player.tokens)}", px(14), theme.TEXT_DIM, panel.total,
              align="right")
    if panel.badges.w:
        _draw_badges(surface, panel.badges, player, view, px, count_px, theirs=True,
                     right=panel.badges.right)
    moved = ui.moved if ui.moved is not None and ui.moved.seat == player.seat else None
    stack_w, stack_h = panel.stack_size
    paired = paired_colours(player)
    for color, cell in enumerate(panel.stacks):
        count = player.bonuses[color]
        stack = pygame.Rect(cell.topleft, (stack_w, stack_h))
        surface.blit(art.card_stack_surface(color, count, (stack_w, stack_h)), cell.topleft)
        if color in paired:
            _pair_mark(surface, stack, px(14))
        if count:
            draw_text(surface, str(count), count_px, theme.TEXT,
                      pygame.Rect(cell.x + stack_w + px(3), cell.y,
                                  cell.right - cell.x - stack_w - px(3), cell.h),
                      align="left", bold=True)
        if moved is not None and moved.stack == color:
            marks.draw_last_move(surface, stack, px)
    table_module(view.module).draw_seat_side(surface, panel.nobles, player, px)
    for i, card in enumerate(player.reserved[:3]):
        slot = panel.reserved[i]
        if isinstance(card, HiddenCard):
            back = art.card_back_surface(card.level, slot.size, orient=card.orient)
            surface.blit(back, slot)
        else:
            surface.blit(art.card_surface(card, slot.size), slot)
        if moved is not None and moved.reserved == i:
            marks.draw_last_move(surface, slot, px)


def log_rows(lay: TableLayout, lines: list[str], back: int = 0
             ) -> list[tuple[int, pygame.Rect]]:
    """Where the newest log lines that fit are drawn, oldest first: (line index, box),
    the `back` newest left out (the log scrolled back). The table finds clicks on moves
    here (a click shows that position)."""
    px = lay.px
    rect = lay.log
    inner = rect.inflate(-2 * px(10), 0)
    size = px(14)
    step = line_height(size)
    gap = px(3)
    top = rect.y + px(6) + line_height(px(15)) + px(4)
    room = rect.bottom - px(8) - top
    shown: list[tuple[int, int]] = []
    used = 0
    for index in range(len(lines) - 1 - max(0, back), -1, -1):
        height = len(wrap(lines[index], max(theme.MIN_TEXT_PX, size), inner.w)) * step
        if used + height > room:
            break
        shown.append((index, height))
        used += height + gap
    rows = []
    y = top
    for index, height in reversed(shown):
        rows.append((index, pygame.Rect(inner.x, y, inner.w, height)))
        y += height + gap
    return rows


def _draw_log(surface: pygame.Surface, lay: TableLayout, lines: list[str],
              hover: int | None = None, back: int = 0) -> None:
    """The newest moves that fit, each wrapped to the panel, oldest first; the line
    `hover` lit."""
    px = lay.px
    rect = lay.log
    _panel(surface, rect, px(10))
    inner = rect.inflate(-2 * px(10), 0)
    title_h = line_height(px(15))
    draw_text(surface, tr("table.log.title"), px(15),
              theme.TEXT_DIM, pygame.Rect(inner.x, rect.y + px(6), inner.w, title_h),
              align="left", bold=True)
    if back:  # scrolled back: say how many newer moves are below
        draw_text(surface, tr("table.log.newer", count=back), px(13), theme.ACCENT,
                  pygame.Rect(inner.x, rect.y + px(6), inner.w, title_h), align="right")
    for index, box in log_rows(lay, lines, back):
        if index == hover:
            lit = box.inflate(2 * px(5), px(3))
            pygame.draw.rect(surface, theme.TABLE_DARK, lit, border_radius=px(5))
            pygame.draw.rect(surface, theme.PANEL_EDGE, lit, width=1, border_radius=px(5))
        draw_lines(surface, lines[index], px(14), theme.TEXT, box)
