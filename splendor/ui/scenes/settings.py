"""The settings screen from the main menu: the language, then the pause menu's controls."""

from __future__ import annotations

import pygame

from splendor.ui import widgets
from splendor.ui.scenes.page import PageScene, Spot
from splendor.ui.settings_panel import PanelLayout, SettingsPanel


class SettingsScene(PageScene):
    """Language, assists, bot-move speed, sound volume and full screen; Back or Escape
    returns."""

    title_key = "settings.title"

    def __init__(self, panel: SettingsPanel) -> None:
        super().__init__()
        self.panel = panel
        #: The panel's controls as laid out.
        self._laid: PanelLayout | None = None

    @property
    def panel_size(self) -> tuple[int, int]:  # type: ignore[override]
        """Wide enough for long labels, as tall as the controls need."""
        return 640, max(420, self.panel.height(lambda v: round(v)) + 50)

    def place_content(self, inner: pygame.Rect, scale: widgets.Scale) -> list[Spot]:
        self._laid = self.panel.layout(inner.inflate(-scale.px(40), -scale.px(10)), scale.px)
        return list(self._laid.spots)

    def draw_content(self, surface: pygame.Surface, inner: pygame.Rect,
                     scale: widgets.Scale) -> None:
        if self._laid is not None:
            self.panel.draw(surface, self._laid)
