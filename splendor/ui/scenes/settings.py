"""The settings screen from the main menu: the language, then the pause menu's controls."""

from __future__ import annotations

import pygame

from splendor.ui import widgets
from splendor.ui.scenes.page import PageScene
from splendor.ui.settings_panel import SettingsPanel


class SettingsScene(PageScene):
    """Language, assists, bot-move speed, sound volume and full screen; Back or Escape
    returns."""

    title_key = "settings.title"

    def __init__(self, panel: SettingsPanel) -> None:
        super().__init__()
        self.panel = panel

    @property
    def panel_size(self) -> tuple[int, int]:  # type: ignore[override]
        """Wide enough for long labels, as tall as the controls need."""
        return 640, max(420, self.panel.height(lambda v: round(v)) + 50)

    def draw_content(self, surface: pygame.Surface, inner: pygame.Rect,
                     scale: widgets.Scale) -> None:
        px = scale.px
        laid = self.panel.layout(inner.inflate(-px(40), -px(10)), px)
        self.spots += laid.spots
        self.panel.draw(surface, laid)
