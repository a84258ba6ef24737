"""Overlay: the pause menu over the table (Escape): resume, save (a local game only),
settings, rules, leave."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from splendor.i18n import tr
from splendor.ui.scenes.overlay_base import Overlay
from splendor.ui.settings_panel import Hotspot, PanelLayout, SettingsPanel
from splendor.ui.widgets import SpotFocus


class PauseScene(Overlay):
    """Resume, save, adjust assists, speed and sound, read the rules, or leave (after a
    confirmation).

    Everything in it answers the pointer (lit under it) and the keyboard: Tab and the
    arrows move a visible focus, Enter or Space activates it, Escape resumes.
    """

    title_key = "pause.title"

    box_size = (560, 300)

    def __init__(self, on_leave: Callable[[], None], panel: SettingsPanel | None = None,
                 on_save: Callable[[], None] | None = None,
                 on_rules: Callable[[], None] | None = None,
                 leave_key: str | None = None) -> None:
        """No `on_save`: no Save button (a network game is saved by its server);
        `leave_key`: the Leave button's label (a catalog key) instead of 'pause.leave'."""
        super().__init__()
        self.leave_key = leave_key or "pause.leave"
        self.on_leave = on_leave
        self.on_save = on_save
        self.on_rules = on_rules
        self.panel = panel
        #: Where `place` put the clickable places (in reading order), the menu's own
        #: buttons with their words, and the panel's controls.
        self._spots: list[Hotspot] = []
        self._buttons: list[tuple[pygame.Rect, Callable[[], str]]] = []
        self._panel: PanelLayout | None = None
        #: Hover and keyboard focus over `_spots` (Resume is focused first).
        self.focus = SpotFocus()

    def pause(self) -> None:
        """A dialog opens over the menu: the button clicked is no longer lit beneath."""
        self.focus.forget_pointer()

    def content_height(self, surface: pygame.Surface, width: int) -> int:
        px = self.scaler(surface)
        panel = self.panel.height(px) if self.panel is not None else 0
        return px(60) + 2 * px(42) + px(16) + panel + px(8) + px(22)

    def place(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Where the buttons and the panel's controls go (on layout: the keyboard may act
        before the first frame); drawing puts them there."""
        px = self.scaler(surface)
        w, h, gap = px(460), px(42), px(12)
        x = box.centerx - w // 2
        self._buttons = []

        def row(y: int, buttons: list[tuple[Callable[[], str], Callable[[], None] | None]]
                ) -> list[Hotspot]:
            shown = [(label, action) for label, action in buttons if action is not None]
            width = (w - gap * (len(shown) - 1)) // len(shown)
            spots: list[Hotspot] = []
            for n, (label, action) in enumerate(shown):
                rect = pygame.Rect(x + n * (width + gap), y, width, h)
                self._buttons.append((rect, label))
                assert action is not None
                spots.append((rect, action))
            return spots

        y = box.y + px(60)
        spots = row(y, [(lambda: tr("common.button.resume"), self.resume_game),
                        (lambda: tr("pause.save"), self.on_save)])
        y += h + px(16)
        bottom = box.bottom - h - px(22)
        self._panel = None
        if self.panel is not None:
            area = pygame.Rect(box.x + px(40), y, box.width - px(80), bottom - px(8) - y)
            self._panel = self.panel.layout(area, px)
            spots += self._panel.spots
        spots += row(bottom, [(lambda: tr("pause.rules"), self.on_rules),
                              (lambda: tr(self.leave_key), self.on_leave)])
        self._spots = spots
        self.focus.set_spots(spots)

    def resume_game(self) -> None:
        assert self.app is not None
        self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.resume_game()
        else:
            self.focus.handle_event(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.focus.draw(surface, self.px(surface, 8))

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        for rect, label in self._buttons:
            self.button(surface, rect, label())
        if self.panel is not None and self._panel is not None:
            self.panel.draw(surface, self._panel)
