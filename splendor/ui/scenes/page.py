"""A full-screen page reached from the menu: a title, a panel, a Back button.

Laid out on enter, on a resize and on a change of language (the game resizes every
scene), and when what a page shows changes (`relayout`: the wheel scrolled, a save
deleted): subclasses place their content in `place_content`, which returns its
clickable places, and draw it where they placed it in `draw_content`; drawing never
places. Back, Escape and Backspace return to the previous scene.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from splendor.i18n import tr
from splendor.ui import theme, widgets
from splendor.ui.scene import Scene

Spot = tuple[pygame.Rect, Callable[[], object]]


class PageScene(Scene):
    #: The catalog entry of the page's title.
    title_key = ""
    #: The panel's size in layout units (1280x720 design), clipped to the window.
    panel_size = (980, 480)

    @property
    def title(self) -> str:
        """The title in the language in use (the catalog entry `title_key`)."""
        return tr(self.title_key) if self.title_key else ""

    def __init__(self) -> None:
        super().__init__()
        #: The clickable places, as laid out (the content's, then Back).
        self.spots: list[Spot] = []
        #: The place the mouse button went down on (a click ends on the same one).
        self._pressed: pygame.Rect | None = None
        self._size = (0, 0)
        self._title = pygame.Rect(0, 0, 0, 0)
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._inner = pygame.Rect(0, 0, 0, 0)
        self._back = pygame.Rect(0, 0, 0, 0)

    # ------------------------------------------------------------------ layout

    def resize(self, size: tuple[int, int]) -> None:
        self.layout(size)

    def layout(self, size: tuple[int, int]) -> None:
        """Place the title, the panel, its content and Back for a window of `size`."""
        self._size = size
        scale = widgets.Scale(size)
        px = scale.px
        w, _ = size
        self._title = pygame.Rect(px(20), px(24), w - px(40), px(76))
        self._panel = pygame.Rect(0, 0, min(px(self.panel_size[0]), w - px(40)),
                                  px(self.panel_size[1]))
        self._panel.midtop = (w // 2, px(110))
        self._inner = self._panel.inflate(-px(40), -px(30))
        self._back = pygame.Rect(0, 0, px(200), px(46))
        self._back.midtop = (w // 2, self._panel.bottom + px(20))
        self.spots = [*self.place_content(self._inner, scale), (self._back, self.back)]
        if self.app is not None:
            self.app.request_redraw()

    def relayout(self) -> None:
        """Lay out again at once: what the page shows changed."""
        if self._size != (0, 0):
            self.layout(self._size)

    def place_content(self, inner: pygame.Rect, scale: widgets.Scale) -> list[Spot]:
        """Place the page's content inside `inner`; its clickable places."""
        return []

    def back(self) -> None:
        assert self.app is not None
        self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed = next((rect for rect, _ in self.spots
                                  if rect.collidepoint(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self._pressed = self._pressed, None
            for rect, action in self.spots:
                if rect.collidepoint(event.pos):
                    if rect == pressed:  # a press and a release on the same place
                        action()
                    break
        else:
            self.handle_page_event(event)
        return True

    def handle_page_event(self, event: pygame.event.Event) -> None:
        """Other events (the mouse wheel...) for the page."""

    def draw(self, surface: pygame.Surface) -> None:
        widgets.draw_background(surface)
        scale = widgets.Scale(self._size)
        px = scale.px
        widgets.draw_text(surface, self.title, scale.text(48), theme.ACCENT, self._title,
                          serif=True)
        widgets.draw_panel(surface, self._panel, px(14))
        self.draw_content(surface, self._inner, scale)
        widgets.draw_flat_button(surface, self._back, tr("common.button.back"), px)

    def draw_content(self, surface: pygame.Surface, inner: pygame.Rect,
                     scale: widgets.Scale) -> None:
        """Draw the page's content where `place_content` placed it."""
