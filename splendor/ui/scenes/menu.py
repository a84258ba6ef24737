"""The title screen: Continue, New game, Load game, Settings, Statistics, Rules, Quit."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from splendor.ui import theme
from splendor.ui.scene import Scene
from splendor.ui.widgets import Button, Form, Label, Scale, draw_background, draw_gem

if TYPE_CHECKING:
    from splendor.ui.app import App

Callback = Callable[[], None] | None

HINT = "\u2191 \u2193 choose \u00b7 Enter select \u00b7 F11 full screen"
TAGLINE = "Gems, mines and noble patrons"


class MenuScene(Scene):
    """The main menu. A button whose callback is None is shown disabled ('coming soon')."""

    def __init__(
        self,
        has_continue: bool = False,
        on_continue: Callback = None,
        on_new_game: Callback = None,
        on_load: Callback = None,
        on_settings: Callback = None,
        on_rules: Callback = None,
        on_statistics: Callback = None,
    ) -> None:
        super().__init__()
        self.has_continue = has_continue
        entries: list[tuple[str, str, Callback]] = []
        if has_continue:
            entries.append(("continue", "Continue", on_continue))
        entries += [
            ("new_game", "New game", on_new_game),
            ("load", "Load game", on_load),
            ("settings", "Settings", on_settings),
            ("statistics", "Statistics", on_statistics),
            ("rules", "Rules", on_rules),
            ("quit", "Quit", self._quit),
        ]
        #: The buttons by key ('continue', 'new_game', 'load', 'settings', 'statistics',
        #: 'rules', 'quit').
        self.buttons: dict[str, Button] = {}
        for key, label, callback in entries:
            self.buttons[key] = Button(
                label,
                callback,
                enabled=callback is not None,
                note="" if callback is not None else "coming soon",
            )
        self.hint = Label(HINT, align="center", color=theme.TEXT_DIM)
        self.form = Form(self.buttons.values())
        self._size: tuple[int, int] = (0, 0)
        self._title_px = 96
        self._title_center = (0, 0)
        self._tagline_center = (0, 0)
        self._gems_y = 0
        self._gem_r = 16
        self._gem_gap = 50

    # ----------------------------------------------------------------- lifecycle

    def enter(self, app: App) -> None:
        super().enter(app)
        self.layout(app.size)
        self.focus_first()

    def resume(self) -> None:
        for button in self.buttons.values():
            button.pressed = False

    def resize(self, size: tuple[int, int]) -> None:
        self.layout(size)

    def focus_first(self) -> None:
        enabled = self.form.focusable()
        self.form.set_focus(enabled[0] if enabled else None)

    # -------------------------------------------------------------------- layout

    def layout(self, size: tuple[int, int]) -> None:
        self._size = size
        sc = Scale(size)
        w, h = size
        n = len(self.buttons)
        button_h = sc.px(50)
        gap = sc.px(14)
        stack_h = n * button_h + (n - 1) * gap
        self._title_px = sc.text(104)
        title_h = theme.font(self._title_px, serif=True).get_height()
        self._gem_r = sc.px(17)
        self._gem_gap = sc.px(52)
        tag_h = theme.font(sc.text(20)).get_height()
        # Title block and button stack, centred together a little above the middle.
        block = title_h + sc.px(10) + 2 * self._gem_r + sc.px(16) + tag_h + sc.px(44) + stack_h
        top = max(sc.px(16), (h - block) // 2 - sc.px(12))
        self._title_center = (w // 2, top + title_h // 2)
        self._gems_y = top + title_h + sc.px(10) + self._gem_r
        self._tagline_center = (w // 2, self._gems_y + self._gem_r + sc.px(16) + tag_h // 2)
        y = self._tagline_center[1] + tag_h // 2 + sc.px(44)
        button_w = sc.px(340)
        for button in self.buttons.values():
            button.rect = pygame.Rect(w // 2 - button_w // 2, y, button_w, button_h)
            button.px = sc.text(22)
            y += button_h + gap
        self.hint.px = sc.text(15)
        self.hint.rect = pygame.Rect(0, h - sc.px(40), w, sc.px(30))

    # -------------------------------------------------------------------- events

    def _quit(self) -> None:
        if self.app is not None:
            self.app.quit()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                self.form.move_focus(-1 if event.key == pygame.K_UP else 1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.form.focus is None:
                    self.focus_first()
                focus = self.form.focus
                if isinstance(focus, Button):
                    focus.click()
                return True
        if event.type == pygame.MOUSEMOTION:
            self.form.handle_event(event)
            target = self.form.widget_at(event.pos)
            if isinstance(target, Button) and target.interactive and target is not self.form.focus:
                self.form.set_focus(target)
            return True
        self.form.handle_event(event)
        return True

    def update(self, dt: float) -> None:
        if self.form.update(dt) and self.app is not None:
            self.app.request_redraw()

    # ---------------------------------------------------------------------- draw

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self._size:
            self.layout(surface.get_size())
        draw_background(surface)
        self._draw_title(surface)
        self.form.draw(surface)
        self._draw_marker(surface)
        self.hint.draw(surface)

    def _draw_marker(self, surface: pygame.Surface) -> None:
        """Small gold diamonds either side of the selected button."""
        focus = self.form.focus
        if not isinstance(focus, Button) or not focus.interactive:
            return
        sc = Scale(self._size)
        d = sc.px(7)
        y = focus.rect.centery
        for x in (focus.rect.left - sc.px(20), focus.rect.right + sc.px(20)):
            points = [(x, y - d), (x + d * 0.7, y), (x, y + d), (x - d * 0.7, y)]
            pygame.draw.polygon(surface, theme.ACCENT, points)
            pygame.draw.aalines(surface, theme.ACCENT, True, points)

    def _draw_title(self, surface: pygame.Surface) -> None:
        sc = Scale(self._size)
        px = self._title_px
        shadow = theme.text("Splendor", px, theme.SHADOW, serif=True)
        title = theme.text("Splendor", px, theme.ACCENT, serif=True)
        box = title.get_rect(center=self._title_center)
        shadow.set_alpha(120)
        surface.blit(shadow, box.move(sc.px(3), sc.px(4)))
        surface.blit(title, box)
        # A row of the six gems between two gold rules.
        cx, y = self._title_center[0], self._gems_y
        order = (0, 1, 2, 5, 3, 4)  # gold in the middle
        span = (len(order) - 1) * self._gem_gap
        x0 = cx - span // 2
        for i, color in enumerate(order):
            draw_gem(surface, (x0 + i * self._gem_gap, y), self._gem_r, color)
        rule_gap = self._gem_r + sc.px(18)
        rule_len = sc.px(120)
        thick = max(1, sc.px(2))
        for side in (-1, 1):
            inner = cx + side * (span // 2 + rule_gap)
            outer = inner + side * rule_len
            a, b = sorted((inner, outer))
            pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(a, y - thick // 2, b - a, thick))
            d = max(3, sc.px(5))
            pygame.draw.polygon(
                surface,
                theme.ACCENT,
                [(outer, y - d), (outer + side * d, y), (outer, y + d), (outer - side * d, y)],
            )
        tag = theme.text(TAGLINE, Scale(self._size).text(20), theme.TEXT_DIM)
        surface.blit(tag, tag.get_rect(center=self._tagline_center))
