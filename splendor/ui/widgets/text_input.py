"""A one-line text field."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from splendor.ui import theme
from splendor.ui.widgets.events import CLICK, _button, _mods
from splendor.ui.widgets.style import FIELD_FILL, TEXT_DISABLED, _mix
from splendor.ui.widgets.text import fit_text
from splendor.ui.widgets.widget import Widget


class TextInput(Widget):
    """A one-line text field: click to focus, type, Backspace; at most `max_length` chars.

    `allowed` filters typed characters (for instance `str.isdigit`). The caret stays at
    the end of the text; Escape or Enter leave the field to the form.
    """

    BLINK = 0.53  # seconds per caret phase

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
    ) -> None:
        super().__init__(rect)
        self.text = text[:max_length]
        self.max_length = max_length
        self.placeholder = placeholder
        self.allowed = allowed
        self.on_change = on_change
        self.px = px
        self.error = False
        self._blink = 0.0
        self.caret_on = True

    def set_text(self, value: str) -> None:
        """Replace the text without calling `on_change`."""
        self.text = value[: self.max_length]

    def _changed(self) -> None:
        self._blink = 0.0
        self.caret_on = True
        if self.on_change is not None:
            self.on_change(self.text)

    def insert(self, chars: str) -> bool:
        """Type `chars` (filtered, up to the maximum length); True if anything was added."""
        accepted = "".join(
            c for c in chars if c.isprintable() and (self.allowed is None or self.allowed(c))
        )
        room = self.max_length - len(self.text)
        accepted = accepted[: max(0, room)]
        if not accepted:
            return False
        self.text += accepted
        self._changed()
        return True

    def backspace(self, word: bool = False) -> bool:
        if not self.text:
            return False
        if word:
            stripped = self.text.rstrip()
            cut = stripped.rfind(" ")
            self.text = stripped[: cut + 1] if cut >= 0 else ""
        else:
            self.text = self.text[:-1]
        self._changed()
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.interactive and self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and _button(event) == CLICK:
            return self.interactive and self.rect.collidepoint(event.pos)
        if not self.focused or not self.interactive:
            return False
        if event.type == pygame.TEXTINPUT:
            self.insert(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.backspace(word=bool(_mods(event) & pygame.KMOD_CTRL))
                return True
            if event.key == pygame.K_DELETE and _mods(event) & pygame.KMOD_CTRL:
                self.text = ""
                self._changed()
                return True
            # Keys that type characters arrive again as TEXTINPUT: swallow them here.
            typed = getattr(event, "unicode", "")
            return bool(typed) and typed.isprintable() and event.key not in (
                pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB
            )
        return False

    def update(self, dt: float) -> bool:
        if not self.focused:
            return False
        self._blink += dt
        on = int(self._blink / self.BLINK) % 2 == 0
        if on != self.caret_on:
            self.caret_on = on
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        radius = max(4, self.rect.h // 6)
        if self.error:
            edge = theme.DANGER
        elif self.focused:
            edge = theme.ACCENT
        elif self.hover:
            edge = _mix(theme.PANEL_EDGE, theme.TEXT, 0.3)
        else:
            edge = theme.PANEL_EDGE
        pygame.draw.rect(surface, FIELD_FILL, self.rect, border_radius=radius)
        width = 2 if (self.focused or self.error) else 1
        pygame.draw.rect(surface, edge, self.rect, width=max(width, self.rect.h // 24),
                         border_radius=radius)
        pad = max(8, self.rect.h // 4)
        inner = self.rect.inflate(-2 * pad, -4)
        if self.text:
            img = theme.text(self.text, self.px, theme.TEXT if self.enabled else TEXT_DISABLED)
        else:
            dim = _mix(theme.TEXT_DIM, FIELD_FILL, 0.3)
            img = fit_text(self.placeholder or " ", self.px, max(1, inner.w), dim)
        caret_room = max(3, self.px // 6)
        x = inner.x
        if self.text and img.get_width() + caret_room > inner.w:
            x = inner.right - caret_room - img.get_width()  # keep the end (and caret) in view
        old_clip = surface.get_clip()
        surface.set_clip(inner.clip(old_clip) if old_clip else inner)
        surface.blit(img, img.get_rect(midleft=(x, self.rect.centery)))
        surface.set_clip(old_clip)
        if self.focused and self.caret_on:
            cx = (x + img.get_width() + 1) if self.text else inner.x
            cx = min(cx, inner.right - 1)
            h = theme.font(self.px).get_height()
            top = self.rect.centery - h // 2 + 2
            pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(cx, top, max(2, self.px // 10),
                                                                  h - 4))
