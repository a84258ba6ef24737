"""The table's action panel: what the player can do now, laid out once, drawn as laid out.

`layout_panel` decides the panel's contents and places them (texts, tokens, the selected
card, buttons with their actions) from the view and the table's selections; the scene
calls it when something it depends on changes, never while drawing. `draw_panel` only
paints what the layout holds.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

import pygame

from splendor.engine import (
    COLOR_NAMES,
    Action,
    Buy,
    Card,
    GameData,
    Pass,
    Refusal,
    Reserve,
    ReserveDeck,
    View,
    payment_options,
)
from splendor.engine.module_rules import module_payment
from splendor.i18n import tr
from splendor.ui import art, theme
from splendor.ui.table.hits import Hit
from splendor.ui.table.layout import TableLayout
from splendor.ui.table.modules import table_module
from splendor.ui.table.view import Assists, TableUi, button_height, draw_button
from splendor.ui.widgets import draw_hover, draw_lines, draw_text, line_height, lines_height
from splendor.ui.wording import ability_text, refusal_text, tokens_text


class PanelActions(Protocol):
    """What the panel's buttons do (the table scene)."""

    def play(self, action: Action) -> bool: ...
    def confirm_take(self) -> None: ...
    def cancel(self) -> None: ...
    def next_payment(self) -> None: ...
    def undo(self) -> None: ...
    def ask_hint(self) -> None: ...
    def choose_sacrifice(self, card_id: str) -> None: ...


@dataclass(frozen=True, slots=True)
class Assisting:
    """What the panel adds to the move at hand: whether Undo and Hint are shown (None)
    or enabled, the hint to show ('' none; `hint_pending` while the expert looks), and
    the last move."""

    undo: bool | None = None
    hint: bool | None = None
    hint_text: str = ""
    hint_pending: bool = False
    #: The last move in words ('' at the start), shown when the panel has room.
    last_move: str = ""
    #: The colours of the pending tokens the hinted move does not take (one per token).
    put_back: tuple[int, ...] = ()


@dataclass
class PanelButton:
    rect: pygame.Rect
    key: str  # which button, whatever the language: 'confirm', 'buy', 'reserve_blind', ...
    label: str
    action: Callable[[], object]
    enabled: bool = True


@dataclass(frozen=True, slots=True)
class PanelText:
    """Text in a box: wrapped lines (`lines`) or one fitted line."""

    text: str
    size: int
    color: theme.Color
    rect: pygame.Rect
    lines: bool = True
    bold: bool = False


@dataclass(frozen=True, slots=True)
class PanelToken:
    color: int
    size: int
    pos: tuple[int, int]


@dataclass(frozen=True, slots=True)
class PanelCard:
    card: Card
    rect: pygame.Rect


PanelItem = PanelText | PanelToken | PanelCard


@dataclass
class PanelLayout:
    """The panel's contents, placed."""

    rect: pygame.Rect
    radius: int
    items: list[PanelItem] = field(default_factory=list)
    buttons: list[PanelButton] = field(default_factory=list)


def _label(key: str) -> str:
    """A panel button's label in the language in use: `table.button.<key>` ('cancel':
    the take's, worded apart from Undo beside it), or for the modules' buttons
    `decide.button.*` ('doubles_<k>': buy spending k double golds)."""
    if key == "cancel":
        return tr("table.button.cancel_take")
    if key.startswith("doubles_"):
        return tr("decide.button.doubles", int(key.removeprefix("doubles_")))
    if key == "sacrifice":
        return tr(f"decide.button.{key}")
    return tr(f"table.button.{key}")


class _Builder:
    """Places the panel's items top-down inside the panel's padding."""

    def __init__(self, lay: TableLayout) -> None:
        self.lay = lay
        self.px = lay.px
        panel = lay.action_panel
        self.out = PanelLayout(panel, lay.px(12))
        self.x, self.y, self.w = panel.x + self.px(12), panel.y + self.px(12), \
            panel.width - self.px(24)

    def paragraph(self, value: str, size: int, color: theme.Color, x: int, y: int,
                  w: int) -> int:
        """`value` wrapped to `w` from `y`; returns the y below it."""
        box = pygame.Rect(x, y, w, lines_height(value, size, w))
        self.out.items.append(PanelText(value, size, color, box))
        return box.bottom

    def paragraph_above(self, value: str, size: int, color: theme.Color, top: int,
                        bottom: int) -> int:
        """`value` wrapped to end at `bottom` (not above `top`); returns the y above it."""
        height = lines_height(value, size, self.w)
        box = pygame.Rect(self.x, max(top, bottom - height), self.w, min(height, bottom - top))
        self.out.items.append(PanelText(value, size, color, box))
        return box.top - size // 2

    def title(self, value: str, size: int, x: int, y: int, w: int) -> int:
        height = line_height(size)
        self.out.items.append(PanelText(value, size, theme.TEXT, pygame.Rect(x, y, w, height),
                                        lines=False, bold=True))
        return y + height

    def button(self, x: int, y: int, w: int, key: str, action: Callable[[], object],
               enabled: bool = True) -> int:
        """A button `w` wide labelled `table.button.<key>`, taller when its label needs two
        lines; returns the y below it."""
        label = _label(key)
        rect = pygame.Rect(x, y, w, button_height(label, self.px, w))
        self.out.buttons.append(PanelButton(rect, key, label, action, enabled))
        return rect.bottom


def layout_panel(lay: TableLayout, view: View, ui: TableUi, assists: Assists, acting: bool,
                 data: GameData, why: Callable[[Action], Refusal | None],
                 actions: PanelActions, payment_index: int,
                 assisting: Assisting | None = None) -> PanelLayout:
    """The panel for `view`'s seat: the pending take, the selected card or deck, the
    forced pass, the hint, or what is going on; at the bottom the Undo and Hint buttons,
    and above them any refusal and notice."""
    b = _Builder(lay)
    px = b.px
    x, y, w = b.x, b.y, b.w
    aid = assisting or Assisting()
    if ui.pending and acting:
        y = _pending(b, ui, actions)
        if aid.hint_text or aid.hint_pending:
            y = _hint(b, aid, y + px(6))
    elif ui.selected is not None and acting:
        y = _selection(b, view, ui.selected, data, why, actions, payment_index)
    elif acting and view.legal_actions == (Pass(),):
        # Nothing else is legal (no tokens to take, no card to buy or reserve).
        y = b.paragraph(tr("table.panel.no_move"), px(15), theme.TEXT, x, y, w)
        y = b.button(x, y + px(8), w, "pass", lambda: actions.play(Pass())) + px(8)
    elif acting and (aid.hint_text or aid.hint_pending):
        y = _hint(b, aid, y)
    elif acting:
        y = b.paragraph(tr("table.panel.your_turn"), px(15), theme.TEXT, x, y, w)
        y = b.paragraph(tr("table.panel.hint"), px(15), theme.TEXT, x, y, w)
    elif ui.thinking:
        y = b.paragraph(tr("table.status.thinking", name=ui.thinking), px(16), theme.ACTIVE,
                        x, y, w)
    elif ui.status:
        y = b.paragraph(ui.status, px(16), theme.DANGER if ui.status_alarm else theme.ACTIVE,
                        x, y, w)
    if aid.last_move and not ui.pending and ui.selected is None:
        y = b.paragraph(tr("table.panel.last_move", move=aid.last_move), px(14),
                        theme.TEXT_DIM, x, y + px(10), w)
    # Below the rest, from the bottom up: Undo and Hint, the table's warning, why a move
    # was refused, a notice.
    bottom = lay.action_panel.bottom - px(12)
    bottom = _assist_buttons(b, aid, actions, y, bottom)
    if ui.warning:
        bottom = b.paragraph_above(ui.warning, px(15), theme.DANGER, y, bottom)
    if ui.refusal is not None and assists.reasons:
        bottom = b.paragraph_above(refusal_text(ui.refusal, _names(view)), px(15),
                                   theme.DANGER, y, bottom)
    if ui.notice:
        b.paragraph_above(ui.notice, px(14), theme.ACCENT, y, bottom)
    return b.out


def _hint(b: _Builder, aid: Assisting, y: int) -> int:
    """The hint (or that the expert is looking) from `y`, and the pending tokens it does
    not take; returns the y below it."""
    px = b.px
    y = b.title(tr("hint.title"), px(16), b.x, y, b.w) + px(4)
    text = aid.hint_text or tr("hint.thinking")
    y = b.paragraph(text, px(15), theme.OK if aid.hint_text else theme.TEXT_DIM, b.x, y, b.w)
    if aid.hint_text and aid.put_back:
        counts = tuple(aid.put_back.count(c) for c in range(len(COLOR_NAMES)))
        y = b.paragraph(tr("hint.put_back", len(aid.put_back), tokens=tokens_text(counts)),
                        px(15), theme.ACCENT, b.x, y + px(4), b.w)
    return y


def _assist_buttons(b: _Builder, aid: Assisting, actions: PanelActions, top: int,
                    bottom: int) -> int:
    """Undo and Hint side by side at the panel's foot (those the game offers); returns
    the y above them."""
    shown = [(key, enabled, act) for key, enabled, act in (
        ("undo", aid.undo, actions.undo), ("hint", aid.hint, actions.ask_hint))
        if enabled is not None]
    if not shown:
        return bottom
    px = b.px
    gap = px(10)
    w = (b.w - gap * (len(shown) - 1)) // len(shown)
    h = max(button_height(_label(key), px, w) for key, _, _ in shown)
    y = bottom - h
    if y < top:
        return bottom  # no room left under the panel's content
    for i, (key, enabled, act) in enumerate(shown):
        b.button(b.x + i * (w + gap), y, w, key, act, bool(enabled))
    return y - px(8)


def _pending(b: _Builder, ui: TableUi, actions: PanelActions) -> int:
    px = b.px
    x, y, w = b.x, b.y, b.w
    y = b.title(tr("table.panel.taking"), px(16), x, y, w) + px(6)
    for i, color in enumerate(ui.pending):
        b.out.items.append(PanelToken(color, px(48), (x + i * px(56), y)))
    y += px(60)
    half = (w - px(10)) // 2
    labels = [_label("confirm"), _label("cancel")]
    if all(button_height(label, px, half) <= px(38) for label in labels):
        b.button(x, y, half, "confirm", actions.confirm_take)
        return b.button(x + half + px(10), y, half, "cancel", actions.cancel) + px(10)
    # Labels too long for half the panel: one button under the other.
    y = b.button(x, y, w, "confirm", actions.confirm_take) + px(8)
    return b.button(x, y, w, "cancel", actions.cancel) + px(10)


def _names(view: View) -> tuple[str, ...]:
    """The seats' names, for a refusal that names a player (whose stronghold)."""
    return tuple(p.name for p in view.players)


def deck_of(target: Hit) -> tuple[int, bool] | None:
    """The level of the deck `target` names and whether it is an Orient deck; None when
    it names no deck."""
    if target.kind == "deck":
        return target.number, False
    if target.kind == "orient_deck":
        return target.number, True
    return None


def _selection(b: _Builder, view: View, target: Hit, data: GameData,
               why: Callable[[Action], Refusal | None], actions: PanelActions,
               payment_index: int) -> int:
    px = b.px
    x, y, w = b.x, b.y, b.w
    deck = deck_of(target)
    if deck is not None:
        level, orient = deck
        title = tr("decide.panel.orient_deck", level=level) if orient \
            else tr("table.panel.deck", level=level)
        y = b.title(title, px(17), x, y, w) + px(8)
        reserve = ReserveDeck(level, orient=orient)
        reason = why(reserve)
        # The same key for both decks: Enter reserves blind from either.
        y = b.button(x, y, w, "reserve_blind", lambda: actions.play(reserve),
                     reason is None) + px(8)
        if reason:
            y = b.paragraph(refusal_text(reason), px(15), theme.TEXT_DIM, x, y, w)
        return y
    card = data.card_by_id[target.card_id]
    b.out.items.append(PanelCard(card, pygame.Rect(x, y, px(100), px(140))))
    me = view.me
    bx, bw = x + px(112), w - px(112)
    by = y
    offered = [a for a in view.legal_actions if isinstance(a, Buy) and a.card_id == card.id]
    buy_reason = why(Buy(card.id))
    pay: tuple[int, ...] | None = None
    options: list[tuple[int, ...]] = []
    if card.ability == "sacrifice":
        # Paid with cards: the overlay chooses which.
        buy_reason = None if offered else buy_reason
        by = b.button(bx, by, bw, "sacrifice", lambda: actions.choose_sacrifice(card.id),
                      bool(offered)) + px(8)
    else:
        # Only a card the rules let the player buy shows a payment: not one under
        # another player's stronghold, nor a pairing card with nothing to pair with.
        if buy_reason is None and table_module(view.module).gold_pays_two(me):
            # Gold pays two of a colour: the engine's payment, no other to choose.
            pay = module_payment(me.tokens, me.bonuses, card, gold_doubles=True)[0]
        elif buy_reason is None:
            options = payment_options(list(me.tokens), list(me.bonuses), card)
        index = payment_index % len(options) if options else 0
        if options:
            pay = options[index]
        buy = Buy(card.id, pay if index else None)
        by = b.button(bx, by, bw, "buy", lambda: actions.play(buy), buy_reason is None) + px(8)
        for variant in sorted((a for a in offered if a.doubles), key=lambda a: a.doubles):
            by = b.button(bx, by, bw, f"doubles_{variant.doubles}",
                          functools.partial(actions.play, variant)) + px(8)
        if any(a.doubles for a in offered):
            buy_reason = None  # a double gold pays for it: no reason to say why not
    face_up = {c.id for row in (*view.market, *view.orient_market) for c in row
               if c is not None}
    reserve_reason = None
    if card.id in face_up:
        reserve_reason = why(Reserve(card.id))
        by = b.button(bx, by, bw, "reserve", lambda: actions.play(Reserve(card.id)),
                      reserve_reason is None) + px(8)
    y = max(y + px(150), by + px(2))
    ability = ability_text(card)
    if ability:
        # An Orient card's ability, in words where it is chosen (its icon says little).
        y = b.paragraph(ability, px(14), theme.TEXT, x, y, w) + px(6)
    if pay is not None and not any(pay):
        # Bonuses cover the whole cost: say so rather than "Pay" followed by nothing.
        y = b.paragraph(tr("table.panel.free"), px(15), theme.TEXT_DIM, x, y, w)
    elif pay is not None:
        token = px(30)
        row_h = max(token + px(8), line_height(px(15)))
        label = tr("table.panel.pay")
        label_w = min(w // 3, theme.font(px(15)).size(label)[0])
        b.out.items.append(PanelText(label, px(15), theme.TEXT_DIM,
                                     pygame.Rect(x, y, w // 3, row_h), lines=False))
        tx = start = x + label_w + px(8)
        for color, n in enumerate(pay):
            for _ in range(n):
                if tx + token > x + w:  # a long payment goes on to a second row
                    tx, y = start, y + px(26)
                b.out.items.append(PanelToken(color, token, (tx, y + (row_h - token) // 2)))
                tx += px(24)
        y += row_h + px(4)
        if len(options) > 1:
            y = b.button(x, y, w, "other_payment", actions.next_payment) + px(8)
    # Why a button is off, each reason once (a stronghold refuses both).
    said: list[str] = []
    for reason in (buy_reason, reserve_reason):
        text = refusal_text(reason, _names(view)) if reason is not None else ""
        if text and text not in said:
            said.append(text)
            y = b.paragraph(text, px(15), theme.TEXT_DIM, x, y, w)
    return y


def draw_panel(surface: pygame.Surface, panel: PanelLayout, px: Callable[[float], int],
               hover: int | None = None) -> None:
    """Paint the panel exactly as `layout_panel` placed it."""
    pygame.draw.rect(surface, theme.TABLE_DARK, panel.rect, border_radius=panel.radius)
    for item in panel.items:
        if isinstance(item, PanelText):
            if item.lines:
                draw_lines(surface, item.text, item.size, item.color, item.rect)
            else:
                draw_text(surface, item.text, item.size, item.color, item.rect, align="left",
                          bold=item.bold)
        elif isinstance(item, PanelToken):
            surface.blit(art.token_surface(item.color, item.size), item.pos)
        else:
            surface.blit(art.card_surface(item.card, item.rect.size), item.rect.topleft)
    for index, button in enumerate(panel.buttons):
        draw_button(surface, button.rect, button.label, px, button.enabled)
        if index == hover and button.enabled:
            draw_hover(surface, button.rect, px(8))
