"""The widget base class and a text label."""

from __future__ import annotations

import pygame

from splendor.ui import theme
from splendor.ui.theme import Color
from splendor.ui.widgets.text import fit_text


class Widget:
    """Something with a rectangle that draws itself and may react to events."""

    #: Whether Tab and clicks can give the widget the keyboard focus.
    focusable = True
    #: A press on it gives it the focus only if the release ends on it too (a click):
    #: a drag away leaves nothing for Enter or Space to act on (buttons, choices).
    cancelled_press_drops_focus = False

    def __init__(self, rect: pygame.Rect | None = None) -> None:
        self.rect = pygame.Rect(rect) if rect is not None else pygame.Rect(0, 0, 0, 0)
        self.visible = True
        self.enabled = True
        self.focused = False
        #: Draw the focus ring (set by the form after keyboard navigation).
        self.focus_visible = False
        self.hover = False

    @property
    def interactive(self) -> bool:
        return self.visible and self.enabled

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.visible and self.rect.collidepoint(pos)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to `event`; keyboard events only arrive while focused. True if consumed."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.interactive and self.rect.collidepoint(event.pos)
        return False

    def update(self, dt: float) -> bool:
        """Advance time; True when the widget needs a redraw."""
        return False

    def focus_gained(self, by_click: bool) -> None:
        """The form gave this widget the keyboard focus (`by_click`: with a click)."""

    def draw(self, surface: pygame.Surface) -> None:
        pass


class Label(Widget):
    """Text placed at an anchor of its rectangle ('center', 'left' or 'right')."""

    focusable = False

    def __init__(
        self,
        text: str,
        px: int = 20,
        *,
        color: Color = theme.TEXT,
        bold: bool = False,
        serif: bool = False,
        align: str = "left",
        rect: pygame.Rect | None = None,
    ) -> None:
        super().__init__(rect)
        self.text = text
        self.px = px
        self.color = color
        self.bold = bold
        self.serif = serif
        self.align = align

    def image(self) -> pygame.Surface:
        width = self.rect.w if self.rect.w > 0 else 100_000
        return fit_text(self.text, self.px, width, self.color, self.bold, self.serif)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or not self.text:
            return
        img = self.image()
        if self.align == "center":
            box = img.get_rect(center=self.rect.center)
        elif self.align == "right":
            box = img.get_rect(midright=self.rect.midright)
        else:
            box = img.get_rect(midleft=self.rect.midleft)
        surface.blit(img, box)
