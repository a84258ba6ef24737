"""A one-line text field with a caret, a selection and a visible length limit."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from splendor.ui import theme
from splendor.ui.theme import MIN_TEXT_PX
from splendor.ui.widgets.events import CLICK, _button, _mods
from splendor.ui.widgets.style import FIELD_FILL, TEXT_DISABLED, _mix
from splendor.ui.widgets.text import fit_text
from splendor.ui.widgets.widget import Widget

#: Most characters a field keeps of a text it is given (a name from a file may be longer
#: than the field lets a player type: it is shown, counted as too long, never cut).
LONGEST_GIVEN = 256


class TextInput(Widget):
    """A one-line text field.

    Focused by a click or by Tab, it selects its whole text, so typing replaces a default
    such as 'Player 1'; a click in a focused field places the caret (a drag selects).
    Keys: Left/Right (Ctrl: a word), Home/End, Shift to select, Ctrl+A selects all,
    Backspace/Delete (Ctrl+Backspace: the word before the caret, Ctrl+Delete: all).
    At most `max_length` characters can be typed: while focused the field shows how many
    it holds ('12/16'), gold when full; typing refused at the limit turns it red for a
    moment, so no character is ever dropped silently. `allowed` filters typed characters
    (for instance `str.isdigit`). Escape and Enter are left to the form.

    The text scrolls to keep the caret in view when the text, the caret or the room for
    it changes (typing, a key, a click, the focus, `place`), never while drawing; at
    rest the field shows the start of its text.
    """

    BLINK = 0.53  # seconds per caret phase
    FLASH = 1.5  # seconds the counter stays lit after typing was refused at the limit

    def __init__(
        self,
        text: str = "",
        *,
        rect: pygame.Rect | None = None,
        max_length: int = 16,
        placeholder: str = "",
        allowed: Callable[[str], bool] | None = None,
        on_change: Callable[[str], None] | None = None,
        px: int = 20,
        show_count: bool = True,
    ) -> None:
        super().__init__(rect)
        self.max_length = max_length
        self.text = text[:LONGEST_GIVEN]
        self.placeholder = placeholder
        self.allowed = allowed
        self.on_change = on_change
        self.px = px
        #: Show the 'n/max' counter while focused (always shown when typing was refused).
        self.show_count = show_count
        self.error = False
        #: The caret, and the other end of the selection (equal: nothing selected).
        self.caret = len(self.text)
        self.anchor = self.caret
        #: Seconds left of the counter's flash (typing was refused at the limit).
        self.refused = 0.0
        self._blink = 0.0
        self.caret_on = True
        self._scroll = 0  # pixels of text hidden on the left
        self._dragging = False
        self._keep_selection = False  # the click that focused the field selects, not places

    # ------------------------------------------------------------------- editing

    @property
    def selection(self) -> tuple[int, int]:
        """(start, end) of the selected characters; start == end when none."""
        return min(self.caret, self.anchor), max(self.caret, self.anchor)

    @property
    def selected_text(self) -> str:
        start, end = self.selection
        return self.text[start:end]

    @property
    def full(self) -> bool:
        """True when no more characters can be typed."""
        return len(self.text) >= self.max_length

    def set_text(self, value: str) -> None:
        """Replace the text without calling `on_change` (caret at the end)."""
        self.text = value[:LONGEST_GIVEN]
        self.caret = self.anchor = len(self.text)
        self._follow_caret()

    def select_all(self) -> None:
        self.anchor, self.caret = 0, len(self.text)
        self._follow_caret()

    def place(self, rect: pygame.Rect, px: int | None = None) -> None:
        """Put the field at `rect` with text `px` tall (on layout): the text scrolls to
        keep the caret in the room it now has."""
        self.rect = pygame.Rect(rect)
        if px is not None:
            self.px = px
        self._follow_caret()

    def focus_gained(self, by_click: bool) -> None:
        """Select everything, so that typing replaces it; the click that gave the focus
        keeps that selection instead of placing the caret."""
        self.select_all()
        self._keep_selection = by_click
        self._blink = 0.0
        self.caret_on = True

    def _changed(self) -> None:
        self._blink = 0.0
        self.caret_on = True
        self._follow_caret()
        if self.on_change is not None:
            self.on_change(self.text)

    def _replace_selection(self, chars: str) -> None:
        start, end = self.selection
        self.text = self.text[:start] + chars + self.text[end:]
        self.caret = self.anchor = start + len(chars)

    def insert(self, chars: str) -> bool:
        """Type `chars` over the selection (filtered, up to the maximum length); True if
        the text changed. Characters refused for want of room make the counter flash."""
        accepted = "".join(
            c for c in chars if c.isprintable() and (self.allowed is None or self.allowed(c))
        )
        start, end = self.selection
        room = max(0, self.max_length - (len(self.text) - (end - start)))
        if len(accepted) > room:
            self.refused = self.FLASH
            accepted = accepted[:room]
            self._follow_caret()  # the counter shown takes room
        if not accepted:
            return False
        self._replace_selection(accepted)
        self._changed()
        return True

    def backspace(self, word: bool = False) -> bool:
        """Delete the selection, else the character (or word) before the caret."""
        start, end = self.selection
        if start == end:
            if start == 0:
                return False
            start = self._word_start(start) if word else start - 1
        self.text = self.text[:start] + self.text[end:]
        self.caret = self.anchor = start
        self._changed()
        return True

    def delete(self) -> bool:
        """Delete the selection, else the character after the caret."""
        start, end = self.selection
        if start == end:
            if end >= len(self.text):
                return False
            end += 1
        self.text = self.text[:start] + self.text[end:]
        self.caret = self.anchor = start
        self._changed()
        return True

    def clear(self) -> bool:
        if not self.text:
            return False
        self.set_text("")
        self._changed()
        return True

    def _word_start(self, i: int) -> int:
        while i > 0 and self.text[i - 1] == " ":
            i -= 1
        while i > 0 and self.text[i - 1] != " ":
            i -= 1
        return i

    def _word_end(self, i: int) -> int:
        n = len(self.text)
        while i < n and self.text[i] == " ":
            i += 1
        while i < n and self.text[i] != " ":
            i += 1
        return i

    def move_caret(self, to: int, select: bool = False) -> None:
        """Put the caret at `to`; with `select` the selection stretches to it."""
        self.caret = max(0, min(len(self.text), to))
        if not select:
            self.anchor = self.caret
        self._blink = 0.0
        self.caret_on = True
        self._follow_caret()

    def _step(self, direction: int, word: bool, select: bool) -> None:
        start, end = self.selection
        if start != end and not select:
            self.move_caret(start if direction < 0 else end)  # a selection collapses
            return
        if word:
            to = self._word_start(self.caret) if direction < 0 else self._word_end(self.caret)
        else:
            to = self.caret + direction
        self.move_caret(to, select)

    # ------------------------------------------------------------------ geometry

    def _inner(self) -> pygame.Rect:
        pad = max(8, self.rect.h // 4)
        inner = self.rect.inflate(-2 * pad, -4)
        counter = self._counter_image()
        if counter is not None:
            inner.w -= counter.get_width() + pad // 2
        return inner

    def _counter_px(self) -> int:
        return max(MIN_TEXT_PX, round(self.px * 0.72))

    def _counter_shown(self) -> bool:
        return self.focused and (self.show_count or self.refused > 0)

    def _counter_image(self) -> pygame.Surface | None:
        if not self._counter_shown():
            return None
        # Red when typing was refused (or a given text is too long), gold when full.
        lit = self.refused > 0 or len(self.text) > self.max_length
        color = theme.DANGER if lit else theme.ACCENT if self.full else theme.TEXT_DIM
        return theme.text(f"{len(self.text)}/{self.max_length}", self._counter_px(), color,
                          lit)

    def _x_of(self, index: int) -> int:
        """Pixels from the text's start to the caret position `index`."""
        return theme.font(self.px).size(self.text[:index])[0]

    def _index_at(self, x: int) -> int:
        """The caret position nearest to the window x coordinate `x`."""
        local = x - self._inner().x + self._shown_scroll()
        best, best_d = 0, abs(local)
        for i in range(1, len(self.text) + 1):
            d = abs(self._x_of(i) - local)
            if d < best_d:
                best, best_d = i, d
        return best

    def _follow_caret(self) -> None:
        """Scroll so that the caret stays in view (the text starts at its left when it
        fits, or when the field is at rest)."""
        if not self.focused:
            self._scroll = 0
            return
        width = self._inner().w
        total = self._x_of(len(self.text))
        caret_room = max(3, self.px // 6)
        if total + caret_room <= width:
            self._scroll = 0
            return
        x = self._x_of(self.caret)
        if x - self._scroll > width - caret_room:
            self._scroll = x - width + caret_room
        elif x - self._scroll < 0:
            self._scroll = x
        self._scroll = max(0, min(self._scroll, total + caret_room - width))

    # -------------------------------------------------------------------- events

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.interactive and self.rect.collidepoint(event.pos)
            if self._dragging and self.focused:
                self.move_caret(self._index_at(event.pos[0]), select=True)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and _button(event) == CLICK:
            if not (self.interactive and self.rect.collidepoint(event.pos)):
                return False
            if self._keep_selection:
                self._keep_selection = False  # this click gave the focus: all selected
            elif self.focused:
                shift = bool(_mods(event) & pygame.KMOD_SHIFT)
                self.move_caret(self._index_at(event.pos[0]), select=shift)
                self._dragging = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and _button(event) == CLICK:
            was = self._dragging
            self._dragging = False
            return was
        if not self.focused or not self.interactive:
            return False
        self._keep_selection = False
        if event.type == pygame.TEXTINPUT:
            self.insert(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        mods = _mods(event)
        ctrl = bool(mods & (pygame.KMOD_CTRL | pygame.KMOD_META))
        shift = bool(mods & pygame.KMOD_SHIFT)
        key = event.key
        if key == pygame.K_BACKSPACE:
            self.backspace(word=ctrl)
        elif key == pygame.K_DELETE:
            if ctrl:
                self.clear()
            else:
                self.delete()
        elif key == pygame.K_a and ctrl:
            self.select_all()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._step(-1 if key == pygame.K_LEFT else 1, ctrl, shift)
        elif key == pygame.K_HOME:
            self.move_caret(0, shift)
        elif key == pygame.K_END:
            self.move_caret(len(self.text), shift)
        else:
            # Keys that type characters arrive again as TEXTINPUT: swallow them here.
            typed = getattr(event, "unicode", "")
            return bool(typed) and typed.isprintable() and key not in (
                pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB
            )
        return True

    def update(self, dt: float) -> bool:
        redraw = False
        if self.refused > 0:
            self.refused = max(0.0, self.refused - dt)
            redraw = self.refused == 0
            if redraw:
                self._follow_caret()  # the counter gone: more room for the text
        if not self.focused:
            return redraw
        self._blink += dt
        on = int(self._blink / self.BLINK) % 2 == 0
        if on != self.caret_on:
            self.caret_on = on
            return True
        return redraw

    # ---------------------------------------------------------------------- draw

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        radius = max(4, self.rect.h // 6)
        if self.error:
            edge = theme.DANGER
        elif self.focused:
            edge = theme.ACCENT
        elif self.hover:
            edge = _mix(theme.PANEL_EDGE, theme.TEXT, 0.45)
        else:
            edge = theme.PANEL_EDGE
        fill = _mix(FIELD_FILL, theme.PANEL, 0.35) if self.hover and not self.focused \
            else FIELD_FILL
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        width = 2 if (self.focused or self.error) else 1
        pygame.draw.rect(surface, edge, self.rect, width=max(width, self.rect.h // 24),
                         border_radius=radius)
        inner = self._inner()
        counter = self._counter_image()
        if counter is not None:
            pad = max(8, self.rect.h // 4)
            surface.blit(counter, counter.get_rect(midright=(self.rect.right - pad,
                                                             self.rect.centery)))
        if not self.text:
            dim = _mix(theme.TEXT_DIM, FIELD_FILL, 0.3)
            img = fit_text(self.placeholder or " ", self.px, max(1, inner.w), dim)
            surface.blit(img, img.get_rect(midleft=(inner.x, self.rect.centery)))
        else:
            self._draw_text(surface, inner)
        if self.focused and self.caret_on:
            cx = inner.x + self._x_of(self.caret) - self._shown_scroll()
            cx = max(inner.x, min(cx, inner.right - 1))
            h = theme.font(self.px).get_height()
            top = self.rect.centery - h // 2 + 2
            pygame.draw.rect(surface, theme.ACCENT,
                             pygame.Rect(cx, top, max(2, self.px // 10), h - 4))

    def _shown_scroll(self) -> int:
        """The pixels of text hidden on the left as drawn: none at rest."""
        return self._scroll if self.focused else 0

    def _draw_text(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        x = inner.x - self._shown_scroll()
        old_clip = surface.get_clip()
        surface.set_clip(inner.clip(old_clip) if old_clip else inner)
        start, end = self.selection
        if self.focused and start != end:
            h = theme.font(self.px).get_height()
            band = pygame.Rect(x + self._x_of(start), self.rect.centery - h // 2,
                               self._x_of(end) - self._x_of(start), h)
            pygame.draw.rect(surface, _mix(theme.ACCENT, FIELD_FILL, 0.55), band)
        img = theme.text(self.text, self.px, theme.TEXT if self.enabled else TEXT_DISABLED)
        surface.blit(img, img.get_rect(midleft=(x, self.rect.centery)))
        surface.set_clip(old_clip)
