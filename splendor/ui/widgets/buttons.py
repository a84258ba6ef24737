"""Buttons: the push button widget and the table's flat button drawer."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from splendor.ui import theme
from splendor.ui.theme import MIN_TEXT_PX, Color
from splendor.ui.widgets.drawing import draw_focus_ring, draw_shadow
from splendor.ui.widgets.events import CLICK, _button
from splendor.ui.widgets.style import (
    BUTTON_DISABLED,
    BUTTON_FILL,
    BUTTON_HOVER,
    BUTTON_PRESSED,
    EDGE_DISABLED,
    PRIMARY_FILL,
    PRIMARY_HOVER,
    PRIMARY_PRESSED,
    TEXT_DISABLED,
    _mix,
)
from splendor.ui.widgets.text import blit_center, fit_text
from splendor.ui.widgets.widget import Widget


class Button(Widget):
    """A push button: a click (press and release inside) or Enter/Space calls `on_click`.

    `style` is 'normal', 'primary' (the main action, gold) or 'ghost' (quiet, no fill).
    A disabled button ignores input and may show a small `note` beside its label (for
    instance 'coming soon').
    """

    cancelled_press_drops_focus = True

    def __init__(
        self,
        label: str,
        on_click: Callable[[], object] | None = None,
        *,
        rect: pygame.Rect | None = None,
        enabled: bool = True,
        style: str = "normal",
        px: int = 20,
        note: str = "",
        danger: bool = False,
    ) -> None:
        super().__init__(rect)
        self.label = label
        self.on_click = on_click
        self.enabled = enabled
        self.style = style
        self.px = px
        self.note = note
        self.danger = danger
        self.pressed = False

    def click(self) -> bool:
        """Activate the button as if clicked; False when it is disabled."""
        if not self.interactive or self.on_click is None:
            return False
        self.on_click()
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.interactive and self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and _button(event) == CLICK:
            if self.interactive and self.rect.collidepoint(event.pos):
                self.pressed = True
                self.hover = True
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and _button(event) == CLICK:
            if not self.pressed:
                return False
            self.pressed = False
            if self.rect.collidepoint(event.pos):
                self.click()
            return True
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE
        ):
            return self.click()
        return False

    def _colors(self) -> tuple[Color, Color, Color]:
        """Fill, edge and label colours for the current state."""
        if not self.enabled:
            return BUTTON_DISABLED, EDGE_DISABLED, TEXT_DISABLED
        lit = self.hover or self.focused
        if self.style == "primary":
            fill = PRIMARY_PRESSED if self.pressed else PRIMARY_HOVER if lit else PRIMARY_FILL
            return fill, _mix(fill, (0, 0, 0), 0.3), theme.INK
        if self.style == "ghost":
            # Quiet until pointed at: the panel shows through.
            fill = BUTTON_PRESSED if self.pressed else BUTTON_HOVER if lit else theme.PANEL
            edge = (theme.DANGER if self.danger else theme.ACCENT) if lit else theme.PANEL_EDGE
            return fill, edge, theme.TEXT if lit else theme.TEXT_DIM
        fill = BUTTON_PRESSED if self.pressed else BUTTON_HOVER if lit else BUTTON_FILL
        edge = theme.ACCENT if lit else theme.PANEL_EDGE
        if self.danger and lit:
            edge = theme.DANGER
        return fill, edge, theme.TEXT

    def width_for(self, height: int, px: int | None = None) -> int:
        """How wide the button must be, at `height`, to show its label (and its note) at
        `px` (default: its own size) without shrinking; uses the padding of `draw`."""
        px = self.px if px is None else px
        pad = max(6, height // 4)
        width = theme.font(px, bold=True).size(self.label)[0]
        if self.note:
            note_px = max(MIN_TEXT_PX, round(px * 0.7))
            width += max(8, height // 5) + theme.font(note_px).size(self.note)[0]
        return width + 2 * pad + max(8, height // 4)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        radius = max(4, self.rect.h // 5)
        fill, edge, ink = self._colors()
        rect = self.rect.move(0, max(1, self.rect.h // 24)) if self.pressed else self.rect
        if self.enabled and not self.pressed and self.style != "ghost":
            draw_shadow(surface, rect, radius, max(2, self.rect.h // 14))
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        pygame.draw.rect(surface, edge, rect, width=max(1, self.rect.h // 24), border_radius=radius)
        if self.enabled and self.style == "normal":
            # A faint highlight along the top edge gives the button some relief.
            top_y = rect.y + max(2, rect.h // 20)
            top = pygame.Rect(rect.x + radius, top_y, rect.w - 2 * radius, 1)
            pygame.draw.rect(surface, _mix(fill, (255, 255, 255), 0.12), top)
        pad = max(6, self.rect.h // 4)
        room = rect.w - 2 * pad
        if not self.enabled and self.note:
            note_px = max(MIN_TEXT_PX, round(self.px * 0.7))
            gap = max(8, rect.h // 5)
            # The label keeps at least half the room; the note fits in the rest.
            label_w = theme.text(self.label, self.px, ink, True).get_width()
            note_room = max(20, room - gap - min(label_w, room // 2))
            note = fit_text(self.note, note_px, note_room, _mix(TEXT_DISABLED, fill, 0.25))
            label = fit_text(self.label, self.px, max(20, room - note.get_width() - gap), ink,
                             bold=True)
            total = label.get_width() + gap + note.get_width()
            x = rect.centerx - total // 2
            surface.blit(label, label.get_rect(midleft=(x, rect.centery)))
            nx = x + label.get_width() + gap
            surface.blit(note, note.get_rect(midleft=(nx, rect.centery + 1)))
        else:
            label = fit_text(self.label, self.px, room, ink, bold=True)
            blit_center(surface, label, rect.center)
        if self.focused and self.focus_visible and self.enabled:
            draw_focus_ring(surface, rect, radius, max(3, self.rect.h // 14))


def draw_flat_button(surface: pygame.Surface, rect: pygame.Rect, label: str,
                     px: Callable[[float], int], enabled: bool = True, text_px: float = 17) -> None:
    """The table's and overlays' flat accent button (greyed out when not `enabled`).

    The label is shrunk to the button's width (a cut is reported to `textfit`).
    """
    fill = theme.ACCENT if enabled else theme.PANEL
    ink = theme.INK if enabled else theme.TEXT_DIM
    pygame.draw.rect(surface, fill, rect, border_radius=px(8))
    if not enabled:
        # Off, but still a button: on the dark panel a fill alone would read as plain text.
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, max(1, px(2)), border_radius=px(8))
    pad = max(px(8), rect.h // 5)
    image = fit_text(label, px(text_px), max(1, rect.w - 2 * pad), ink, bold=True)
    blit_center(surface, image, rect.center)
