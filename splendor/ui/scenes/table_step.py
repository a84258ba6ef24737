"""Decisions made on the table itself, with a panel in the layout's dock for decisions (the
action panel's place) that says what is being decided: the gem token a trading post gives
(a click on a token in the panel or on a pile of the bank), and the stronghold step after
a purchase (place one on a card, move one from a card to another, or remove an
opponent's lone stronghold: the cards that can be chosen are ringed on the table).

The table stays in view, undimmed. A click on a place that is not offered is still played
through the session, so the engine's reason is shown in the panel. The places offered
light up under the pointer; Tab and the arrows move a focus over the panel's buttons and
the places, Enter or Space chooses. Undo and Hint sit at the panel's foot when the game
offers them (see `assist`); the expert's choice is ringed in the hint colour.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Protocol

import pygame

from splendor.engine import GEMS, Action, Refusal
from splendor.engine.actions import Stronghold, TakeGem
from splendor.i18n import tr
from splendor.session.table_session import TableSession
from splendor.ui import art, theme
from splendor.ui.scenes.assist import BoxAssist
from splendor.ui.scenes.overlay_base import Overlay
from splendor.ui.table.layout import TableLayout
from splendor.ui.table.view import button_height, draw_button
from splendor.ui.widgets import SpotFocus, draw_lines, draw_shadow
from splendor.ui.widgets import lines_height as text_height
from splendor.ui.widgets.events import CLICK, _button
from splendor.ui.wording import color_name, refusal_text


class TableGeometry(Protocol):
    """Where the table scene draws things (the table scene itself)."""

    @property
    def layout(self) -> TableLayout | None: ...

    def market_rect(self, card_id: str) -> pygame.Rect | None: ...


#: A place on the table: where it is, what a click does, whether it is offered.
Target = tuple[pygame.Rect, Callable[[], object], bool]


class TableStepScene(Overlay):
    """A panel over the action panel, the rest of the table in view: `explain()`, then
    what the subclass places (`place_body`), then the reason of a refusal. The places on
    the table that can be chosen (`targets()`) are ringed."""

    def __init__(self, session: TableSession, table: TableGeometry) -> None:
        super().__init__()
        self.session = session
        self.table = table
        self.focus = SpotFocus()
        self.refusal: Refusal | None = None
        #: A note of this panel's own (in the language in use when shown), or None.
        self.note: Callable[[], str] | None = None
        self._box = pygame.Rect(0, 0, 0, 0)
        self._title = self._explain = self._message = pygame.Rect(0, 0, 0, 0)
        self._targets: list[Target] = []
        self.assist = BoxAssist(session, self.close, self._refuse)
        #: Undo and Hint at the panel's foot: (rect, label, what it does, enabled).
        self._assist_buttons: list[tuple[pygame.Rect, str, Callable[[], object], bool]] = []

    # ------------------------------------------------------------ what subclasses give

    def explain(self) -> str:
        return ""

    def targets(self) -> list[Target]:
        """The places on the table a click on which decides."""
        return []

    def place_body(self, surface: pygame.Surface, x: int, y: int, w: int) -> int:
        """Place the panel's own content from `y`; return the y below it."""
        return y

    def panel_spots(self) -> list[tuple[pygame.Rect, Callable[[], object]]]:
        """The panel's own clickable places, in reading order."""
        return []

    def draw_panel_body(self, surface: pygame.Surface) -> None:
        """Draw what `place_body` placed."""

    def state_key(self) -> tuple[object, ...]:
        return ()

    def hinted(self, action: Action) -> list[pygame.Rect]:
        """Where the hint's `action` is chosen (ringed in the hint colour)."""
        return []

    # ------------------------------------------------------------ deciding

    @property
    def message(self) -> str:
        if self.refusal is not None:
            return refusal_text(self.refusal)
        return self.note() if self.note is not None else self.assist.line()

    def _refuse(self, reason: Refusal | None) -> None:
        self.refusal, self.note = reason, None

    def play(self, action: Action) -> bool:
        """Play `action` through the session: the panel closes, or shows why not."""
        reason = self.session.play(action)
        if reason is not None:
            self.refusal, self.note = reason, None
            self.relayout()
            return False
        self.close()
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.assist.handle_key(event):
            pass
        elif not self.focus.handle_event(event) and event.type == pygame.MOUSEBUTTONDOWN \
                and _button(event) == CLICK:
            # A place that is not offered: tried all the same, for the engine's reason.
            for rect, action, offered in self._targets:
                if not offered and rect.collidepoint(event.pos):
                    action()
                    break
        self.follow_state()  # a refusal, a note or a choice grows or changes the panel
        return True

    # ------------------------------------------------------------ placing

    def pause(self) -> None:
        self.focus.forget_pointer()

    def state(self) -> tuple[object, ...]:
        # The table's layout too: the table beneath lays out first on a resize.
        return (self.table.layout, self.refusal, self.note, self.session.version,
                self.state_key(), self.assist.state())

    def box(self, surface: pygame.Surface) -> pygame.Rect:
        """The layout's dock for decision panels: the action panel (and the bank beside
        it where the bank has nothing to do with the decision), down to one's area."""
        lay = self.table.layout
        if lay is None:
            return pygame.Rect(0, 0, 0, 0)
        return (lay.dock if lay.dock.w else lay.action_panel).copy()

    def place(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        if self.table.layout is None:
            return
        px = self.scaler(surface)
        x, w = box.x + px(12), box.w - px(24)
        title_px = self.text_px(surface, 18)
        self._title = pygame.Rect(x, box.y + px(12), w,
                                  text_height(self.title, title_px, w, bold=True))
        y = self._title.bottom + px(6)
        explain_h = text_height(self.explain(), self.text_px(surface, 15), w)
        self._explain = pygame.Rect(x, y, w, explain_h)
        y = self.place_body(surface, x, y + explain_h + px(10), w)
        bottom = box.bottom - px(8)
        self._assist_buttons = []
        assist = self.assist.buttons()
        if assist:
            # Undo and Hint side by side at the panel's foot.
            bw = (w - px(10)) // 2
            bh = max(button_height(label, px, bw, text_px=15, height=34)
                     for label, _, _ in assist)
            for i, (label, act, enabled) in enumerate(assist):
                self._assist_buttons.append((pygame.Rect(x + i * (bw + px(10)),
                                                         box.bottom - px(12) - bh, bw, bh),
                                             label, act, enabled))
            bottom = box.bottom - px(12) - bh - px(6)
        message_h = text_height(self.message, self.text_px(surface, 14), w) \
            if self.message else 0
        self._message = pygame.Rect(x, y + px(6), w, max(0, min(message_h, bottom - y - px(6))))
        self._targets = self.targets()
        self.focus.set_spots([*self.panel_spots(),
                              *((rect, action) for rect, action, offered in self._targets
                                if offered),
                              *((rect, act) for rect, _, act, on in self._assist_buttons
                                if on)])

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        # No shade: the table is what one decides on.
        px = self.scaler(surface)
        for rect, _, offered in self._targets:
            if offered:
                pygame.draw.rect(surface, theme.ACTIVE, rect.inflate(px(6), px(6)), px(3),
                                 border_radius=px(8))
        box = self._box
        radius = px(12)
        draw_shadow(surface, box, radius, px(6))
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=radius)
        pygame.draw.rect(surface, theme.ACTIVE, box, 2, border_radius=radius)
        draw_lines(surface, self.title, self.text_px(surface, 18), theme.TEXT, self._title,
                   align="center", bold=True)
        draw_lines(surface, self.explain(), self.text_px(surface, 15), theme.TEXT,
                   self._explain)
        self.draw_panel_body(surface)
        if self.message:
            hinting = self.refusal is None and self.note is None
            draw_lines(surface, self.message, self.text_px(surface, 14),
                       self.assist.line_colour() if hinting else theme.DANGER, self._message)
        for rect, label, _, enabled in self._assist_buttons:
            draw_button(surface, rect, label, px, enabled, text_px=15)
        hint = self.session.hint
        for rect in self.hinted(hint.action) if hint is not None else []:
            pygame.draw.rect(surface, theme.OK, rect.inflate(px(12), px(12)), px(4),
                             border_radius=px(10))
        self.focus.draw(surface, px(8))


class GemStepScene(TableStepScene):
    """Trading post 1 (after a purchase) or 2 (after taking two of a colour) gives one
    gem token: a click on a token in the panel or on a pile of the bank takes it."""

    title_key = "decide.gem.title"

    def __init__(self, session: TableSession, table: TableGeometry) -> None:
        super().__init__(session, table)
        self._tokens: list[pygame.Rect] = []
        self._how = pygame.Rect(0, 0, 0, 0)

    def explain(self) -> str:
        step = self.session.view().step
        taken = step[1] if step is not None else -1
        if isinstance(taken, int) and taken in GEMS:
            return tr("decide.gem.after_two", color=color_name(taken))
        return tr("decide.gem.after_buy")

    def offered(self) -> set[int]:
        return {a.color for a in self.session.view().legal_actions if isinstance(a, TakeGem)}

    def choose(self, color: int) -> None:
        self.play(TakeGem(color))

    def place_body(self, surface: pygame.Surface, x: int, y: int, w: int) -> int:
        px = self.scaler(surface)
        per_row = 5 if w >= px(5 * 50) else 3
        size = min(px(56), (w - (per_row - 1) * px(8)) // per_row)
        self._tokens = []
        for i, _ in enumerate(GEMS):
            row, col = divmod(i, per_row)
            in_row = min(per_row, len(GEMS) - row * per_row)
            left = x + (w - (in_row * size + (in_row - 1) * px(8))) // 2
            self._tokens.append(pygame.Rect(left + col * (size + px(8)),
                                            y + row * (size + px(8)), size, size))
        y = self._tokens[-1].bottom + px(10)
        how_h = text_height(tr("decide.gem.how"), self.text_px(surface, 14), w)
        self._how = pygame.Rect(x, y, w, how_h)
        return self._how.bottom

    def panel_spots(self) -> list[tuple[pygame.Rect, Callable[[], object]]]:
        offered = self.offered()
        return [(rect, functools.partial(self.choose, color))
                for color, rect in zip(GEMS, self._tokens, strict=True) if color in offered]

    def targets(self) -> list[Target]:
        lay = self.table.layout
        assert lay is not None
        offered = self.offered()
        spots: list[Target] = [(rect, functools.partial(self.choose, color), False)
                 for color, rect in zip(GEMS, self._tokens, strict=True)
                 if color not in offered]
        return spots + [(lay.bank[color], functools.partial(self.choose, color),
                         color in offered) for color in GEMS]

    def hinted(self, action: Action) -> list[pygame.Rect]:
        if not isinstance(action, TakeGem) or self.table.layout is None:
            return []
        return [self._tokens[action.color], self.table.layout.bank[action.color]]

    def draw_panel_body(self, surface: pygame.Surface) -> None:
        bank = self.session.view().bank
        offered = self.offered()
        for color, rect in zip(GEMS, self._tokens, strict=True):
            image = art.token_surface(color, rect.w, count=bank[color])
            if color not in offered:
                image = image.copy()
                image.set_alpha(90)
            surface.blit(image, rect)
        draw_lines(surface, tr("decide.gem.how"), self.text_px(surface, 14), theme.TEXT_DIM,
                   self._how)


#: The stronghold step's three ways, in the order the panel offers them.
HOLD_MODES = ("place", "move", "remove")


class StrongholdStepScene(TableStepScene):
    """After a purchase: place a stronghold from the supply on a card, move one of the
    player's own from a card to another, or remove an opponent's lone stronghold. A button
    per way (those possible); the cards that can be chosen in the way chosen are ringed
    on the table. Moving takes two clicks: the card it leaves, then the card it goes to
    (the first card again: choose another)."""

    title_key = "decide.stronghold.title"

    def __init__(self, session: TableSession, table: TableGeometry) -> None:
        super().__init__(session, table)
        available = self.available()
        #: The way chosen ('place', 'move' or 'remove').
        self.mode = next((m for m in HOLD_MODES if m in available), "place")
        #: While moving: the card the stronghold leaves, once chosen.
        self.source: str | None = None
        self._buttons: list[tuple[pygame.Rect, str, bool]] = []
        self._how = pygame.Rect(0, 0, 0, 0)

    def holds(self) -> list[Stronghold]:
        return [a for a in self.session.view().legal_actions if isinstance(a, Stronghold)]

    def available(self) -> set[str]:
        return {a.how for a in self.holds()}

    def state_key(self) -> tuple[object, ...]:
        return (self.mode, self.source)

    def explain(self) -> str:
        return tr("decide.stronghold.explain")

    def how(self) -> str:
        if self.mode == "move":
            return tr("decide.stronghold.how_move_to" if self.source is not None
                      else "decide.stronghold.how_move_from")
        return tr(f"decide.stronghold.how_{self.mode}")

    def set_mode(self, mode: str) -> None:
        self.mode, self.source = mode, None
        self.refusal = self.note = None
        self.relayout()

    def mode_label(self, mode: str) -> str:
        if mode == "place":
            return tr("decide.stronghold.place", self.session.view().me.supply)
        return tr(f"decide.stronghold.{mode}")

    def place_body(self, surface: pygame.Surface, x: int, y: int, w: int) -> int:
        px = self.scaler(surface)
        available = self.available()
        self._buttons = []
        for mode in HOLD_MODES:
            label = self.mode_label(mode)
            rect = pygame.Rect(x, y, w, button_height(label, px, w, text_px=15, height=34))
            self._buttons.append((rect, mode, mode in available))
            y = rect.bottom + px(6)
        how_h = text_height(self.how(), self.text_px(surface, 14), w)
        self._how = pygame.Rect(x, y + px(4), w, how_h)
        return self._how.bottom

    def panel_spots(self) -> list[tuple[pygame.Rect, Callable[[], object]]]:
        return [(rect, functools.partial(self.set_mode, mode))
                for rect, mode, enabled in self._buttons if enabled]

    def click_card(self, card_id: str) -> None:
        """What a click on a face-up card does in the way chosen."""
        self.refusal = self.note = None
        if self.mode == "move" and self.source is None:
            if any(a.how == "move" and a.source == card_id for a in self.holds()):
                self.source = card_id
            else:
                self.note = lambda: tr("decide.stronghold.not_yours")
            self.relayout()
        elif self.mode == "move" and self.source == card_id:
            self.source = None
            self.relayout()
        elif self.mode == "move":
            self.play(Stronghold("move", card_id, self.source))
        else:
            self.play(Stronghold(self.mode, card_id))

    def _offered(self, card_id: str) -> bool:
        for a in self.holds():
            if a.how != self.mode:
                continue
            if self.mode != "move" and a.card_id == card_id:
                return True
            if self.mode == "move" and (a.source == card_id if self.source is None
                                        else a.source == self.source
                                        and a.card_id == card_id):
                return True
        return False

    def targets(self) -> list[Target]:
        view = self.session.view()
        out: list[Target] = []
        for row in (*view.market, *view.orient_market):
            for card in row:
                if card is None:
                    continue
                rect = self.table.market_rect(card.id)
                if rect is not None:
                    out.append((rect, functools.partial(self.click_card, card.id),
                                self._offered(card.id) or card.id == self.source))
        return out

    def hinted(self, action: Action) -> list[pygame.Rect]:
        if not isinstance(action, Stronghold):
            return []
        ids = [action.card_id] + ([action.source] if action.source else [])
        rects = [self.table.market_rect(card_id) for card_id in ids]
        ways = [rect for rect, mode, _ in self._buttons if mode == action.how]
        return [rect for rect in rects if rect is not None] + ways

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.source is not None:
            rect = self.table.market_rect(self.source)
            if rect is not None:
                px = self.scaler(surface)
                pygame.draw.rect(surface, theme.DANGER, rect.inflate(px(12), px(12)), px(3),
                                 border_radius=px(10))

    def draw_panel_body(self, surface: pygame.Surface) -> None:
        px = self.scaler(surface)
        for rect, mode, enabled in self._buttons:
            draw_button(surface, rect, self.mode_label(mode), px, enabled, text_px=15)
            if mode == self.mode and enabled:
                pygame.draw.rect(surface, theme.TEXT, rect.inflate(px(6), px(6)), px(2),
                                 border_radius=px(10))
        draw_lines(surface, self.how(), self.text_px(surface, 14), theme.TEXT_DIM, self._how)
