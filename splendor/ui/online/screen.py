"""What the network play screens share: a panel on the felt with a title, widgets in a
form, a line for what went wrong, Escape for Back. Laid out on enter, resize and a change
of language; `draw` only draws."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from splendor.i18n import language
from splendor.ui import theme
from splendor.ui.scene import Scene
from splendor.ui.widgets import Button, Form, Scale, draw_background, draw_panel, draw_text

if TYPE_CHECKING:
    from splendor.ui.app import App


class PanelScreen(Scene):
    """A full-window screen: `lay_out(sc, panel)` places the widgets inside `panel`."""

    #: Design width and height of the panel (it shrinks to the window).
    panel_size = (900, 620)

    def __init__(self) -> None:
        super().__init__()
        self.form = Form(always_show_focus=False)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self._size = (0, 0)
        self._laid_for: tuple[object, ...] | None = None

    # ------------------------------------------------------------ lifecycle

    def enter(self, app: App) -> None:
        super().enter(app)
        self.layout(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout(size)

    def resume(self) -> None:
        for widget in self.form.widgets:
            if isinstance(widget, Button):
                widget.pressed = False
        if self.app is not None:
            self.layout(self.app.size)

    def layout_key(self) -> tuple[object, ...]:
        """What the layout depends on besides the size (the language, rows shown...)."""
        return (language(),)

    def layout(self, size: tuple[int, int]) -> None:
        self._size = size
        self._laid_for = (size, *self.layout_key())
        sc = Scale(size)
        w, h = size
        pw = min(sc.px(self.panel_size[0]), w - sc.px(24))
        ph = min(sc.px(self.panel_size[1]), h - sc.px(24))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        self.title_rect = pygame.Rect(self.panel.x + sc.px(30), self.panel.y + sc.px(18),
                                      self.panel.w - sc.px(60), sc.px(48))
        self.lay_out(sc, self.panel)

    def lay_out(self, sc: Scale, panel: pygame.Rect) -> None:
        raise NotImplementedError

    def relayout_if_needed(self) -> None:
        """Lay out again when what the layout depends on changed (called from `update`)."""
        if self._size != (0, 0) and self._laid_for != (self._size, *self.layout_key()):
            self.layout(self._size)
            if self.app is not None:
                self.app.request_redraw()

    # ------------------------------------------------------------ events

    def go_back(self) -> None:
        if self.app is not None and self in self.app.stack.scenes:
            self.app.stack.remove(self)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.go_back()
            return True
        self.form.handle_event(event)
        return True

    def update(self, dt: float) -> None:
        self.relayout_if_needed()
        if self.form.update(dt) and self.app is not None:
            self.app.request_redraw()

    # ------------------------------------------------------------ drawing

    def draw_frame(self, surface: pygame.Surface, title: str) -> None:
        draw_background(surface)
        draw_panel(surface, self.panel, Scale(surface.get_size()).px(14))
        draw_text(surface, title, Scale(surface.get_size()).text(34), theme.ACCENT,
                  self.title_rect, serif=True)
