"""What the network play screens share: a panel on the felt with a title, widgets in a
form, a line for what went wrong, Escape for Back. Laid out on enter, resize and a change
of language (the game resizes every scene), and when the rows shown change (`relayout`,
on the event or the update that changed them); `draw` only draws. The window is drawn
again after input, and after an update that changed what a screen `shows` (an attempt
that ended, a connection lost): never only when the mouse next moves."""

from __future__ import annotations

import pygame

from splendor.ui import theme
from splendor.ui.scene import Scene
from splendor.ui.widgets import Button, Form, Scale, draw_background, draw_panel, draw_text


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
        #: What `shows` said at the last update (a change is drawn in the same frame).
        self._last_shows: object = None

    # ------------------------------------------------------------ lifecycle

    def resize(self, size: tuple[int, int]) -> None:
        self.layout(size)

    def resume(self) -> None:
        for widget in self.form.widgets:
            if isinstance(widget, Button):
                widget.pressed = False

    def layout(self, size: tuple[int, int]) -> None:
        self._size = size
        sc = Scale(size)
        w, h = size
        pw = min(sc.px(self.panel_size[0]), w - sc.px(24))
        ph = min(sc.px(self.panel_size[1]), h - sc.px(24))
        self.panel = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        self.title_rect = pygame.Rect(self.panel.x + sc.px(30), self.panel.y + sc.px(18),
                                      self.panel.w - sc.px(60), sc.px(48))
        self.lay_out(sc, self.panel)
        if self.app is not None:
            self.app.request_redraw()

    def lay_out(self, sc: Scale, panel: pygame.Rect) -> None:
        raise NotImplementedError

    def relayout(self) -> None:
        """Lay out again at once: what is shown changed (rows came or went)."""
        if self._size != (0, 0):
            self.layout(self._size)

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

    def shows(self) -> object:
        """What `draw` shows that an update may change without any input (time passing,
        news from the network), comparable with ==; the rows are not in it (a change of
        them is laid out, and so drawn)."""
        return None

    def update(self, dt: float) -> None:
        """Subclasses call this last, after their own update."""
        shown = self.shows()
        changed = shown != self._last_shows
        self._last_shows = shown
        if (self.form.update(dt) or changed) and self.app is not None:
            self.app.request_redraw()

    # ------------------------------------------------------------ drawing

    def draw_frame(self, surface: pygame.Surface, title: str) -> None:
        draw_background(surface)
        draw_panel(surface, self.panel, Scale(surface.get_size()).px(14))
        draw_text(surface, title, Scale(surface.get_size()).text(34), theme.ACCENT,
                  self.title_rect, serif=True)
