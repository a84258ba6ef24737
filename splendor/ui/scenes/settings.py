"""The settings screen from the main menu: the same controls as the pause menu."""

from __future__ import annotations

import pygame

from splendor.ui import theme, widgets
from splendor.ui.scene import Scene
from splendor.ui.settings_panel import Hotspot, SettingsPanel


class SettingsScene(Scene):
    """Assists, bot-move speed and sound volume; Back or Escape returns."""

    def __init__(self, panel: SettingsPanel) -> None:
        super().__init__()
        self.panel = panel
        self._spots: list[Hotspot] = []

    def back(self) -> None:
        assert self.app is not None
        self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for rect, action in self._spots:
                if rect.collidepoint(event.pos):
                    action()
                    break
        return True

    def draw(self, surface: pygame.Surface) -> None:
        widgets.draw_background(surface)
        px = widgets.Scale(surface.get_size()).px
        center_x = surface.get_width() // 2
        title = theme.text("Settings", px(48), theme.ACCENT, serif=True)
        surface.blit(title, title.get_rect(midtop=(center_x, px(40))))
        panel = pygame.Rect(0, 0, px(560), px(310))
        panel.midtop = (center_x, px(130))
        widgets.draw_panel(surface, panel, px(14))
        area = panel.inflate(-px(80), -px(60))
        _, self._spots = self.panel.draw(surface, area, px)
        back = pygame.Rect(0, 0, px(200), px(46))
        back.midtop = (center_x, panel.bottom + px(30))
        widgets.draw_flat_button(surface, back, "Back", px)
        self._spots.append((back, self.back))
