"""A full-screen page reached from the menu: a title, a panel, a Back button.

Subclasses draw inside the panel (`draw_content`) and register clickable places in
`self.spots`; Back, Escape and Backspace return to the previous scene.
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
        self.spots: list[Spot] = []
        #: The place the mouse button went down on (a click ends on the same one).
        self._pressed: pygame.Rect | None = None

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
        scale = widgets.Scale(surface.get_size())
        px = scale.px
        w, _ = surface.get_size()
        widgets.draw_text(surface, self.title, scale.text(48), theme.ACCENT,
                          pygame.Rect(px(20), px(24), w - px(40), px(76)), serif=True)
        panel = pygame.Rect(0, 0, min(px(self.panel_size[0]), w - px(40)),
                            px(self.panel_size[1]))
        panel.midtop = (w // 2, px(110))
        widgets.draw_panel(surface, panel, px(14))
        self.spots = []
        self.draw_content(surface, panel.inflate(-px(40), -px(30)), scale)
        back = pygame.Rect(0, 0, px(200), px(46))
        back.midtop = (w // 2, panel.bottom + px(20))
        widgets.draw_flat_button(surface, back, tr("common.button.back"), px)
        self.spots.append((back, self.back))

    def draw_content(self, surface: pygame.Surface, inner: pygame.Rect,
                     scale: widgets.Scale) -> None:
        """Draw the page's content inside `inner`."""
