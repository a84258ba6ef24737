"""The settings screen from the main menu: the same controls as the pause menu."""

from __future__ import annotations

import pygame

from splendor.ui import widgets
from splendor.ui.scenes.page import PageScene
from splendor.ui.settings_panel import SettingsPanel


class SettingsScene(PageScene):
    """Assists, bot-move speed and sound volume; Back or Escape returns."""

    title = "Settings"
    panel_size = (560, 420)

    def __init__(self, panel: SettingsPanel) -> None:
        super().__init__()
        self.panel = panel

    def draw_content(self, surface: pygame.Surface, inner: pygame.Rect,
                     scale: widgets.Scale) -> None:
        px = scale.px
        _, spots = self.panel.draw(surface, inner.inflate(-px(40), -px(30)), px)
        self.spots += spots
