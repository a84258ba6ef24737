"""The title screen: Continue, New game, Challenges, Play online, Load game, Settings,
Statistics, Learn to play, Rules, Quit."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from splendor.i18n import tr
from splendor.ui import theme
from splendor.ui.scene import Scene
from splendor.ui.widgets import (
    Button,
    Form,
    Label,
    Scale,
    draw_background,
    draw_gem,
    draw_text,
    fit_text,
)

if TYPE_CHECKING:
    from splendor.ui.app import App

Callback = Callable[[], None] | None


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
        on_online: Callback = None,
        on_challenges: Callback = None,
        on_learn: Callback = None,
        learn_key: str = "learn",
        *,
        entries: list[tuple[str, Callback]] | None = None,
        tagline: str = "menu.tagline",
        on_back: Callback = None,
        labels: dict[str, Callable[[], str]] | None = None,
    ) -> None:
        """The main menu; or, with `entries` (keys of menu.entry and their callbacks),
        a menu of its own under the title, `tagline` naming it, Escape calling `on_back`.
        `learn_key` names the guided first game's entry: 'learn', or 'learn_continue'
        when one was left half-way. `labels`: entries worded by a function of their own
        instead (e.g. one per saved table), in the language in use."""
        super().__init__()
        self.has_continue = has_continue
        self.tagline = tagline
        self.on_back = on_back
        self.labels = labels or {}
        if entries is None:
            entries = [("continue", on_continue)] if has_continue else []
            entries += [
                ("new_game", on_new_game),
                ("challenges", on_challenges),
                ("online", on_online),
                ("load", on_load),
                ("settings", on_settings),
                ("statistics", on_statistics),
                (learn_key, on_learn),  # beside the rules: both teach the game
                ("rules", on_rules),
                ("quit", self._quit),
            ]
        #: The buttons by key ('continue', 'new_game', 'challenges', 'load', 'settings',
        #: 'statistics', 'rules', 'quit'); their words are those of menu.entry.<key>.
        self.buttons: dict[str, Button] = {}
        for key, callback in entries:
            self.buttons[key] = Button("", callback, enabled=callback is not None)
        self.hint = Label("", align="center", color=theme.TEXT_DIM)
        self._retext()
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

    def _retext(self) -> None:
        """Put the words of the language in use on the buttons (it may change)."""
        for key, button in self.buttons.items():
            worded = self.labels.get(key)
            button.label = worded() if worded is not None else tr(f"menu.entry.{key}")
            button.note = "" if button.enabled else tr("menu.coming_soon")
        self.hint.text = tr("menu.hint")

    def layout(self, size: tuple[int, int]) -> None:
        """Place the title and the buttons; the buttons are as wide as the longest entry
        needs (with its 'coming soon' note), within the window."""
        self._size = size
        self._retext()
        sc = Scale(size)
        w, h = size
        n = len(self.buttons)
        # The keyboard hint along the bottom; the rest must stay above it.
        self.hint.px = sc.text(15)
        hint_h = theme.font(self.hint.px).get_linesize() + sc.px(4)
        self.hint.rect = pygame.Rect(sc.px(20), h - sc.px(10) - hint_h, w - 2 * sc.px(20), hint_h)
        room = self.hint.rect.y - sc.px(12) - sc.px(12)
        tag_h = theme.font(sc.text(20)).get_height()
        # Title block and button stack, centred together a little above the middle; when
        # they do not fit above the hint (seven entries at 16:9), everything tightens a bit.
        squeeze = 1.0

        def at(v: float) -> int:
            return sc.px(v * squeeze)

        while True:
            button_h, gap = at(50), at(14)
            stack_h = n * button_h + (n - 1) * gap
            self._title_px = sc.text(104 * squeeze)
            title_h = theme.font(self._title_px, serif=True).get_height()
            self._gem_r = at(17)
            self._gem_gap = at(52)
            block = title_h + at(10) + 2 * self._gem_r + at(16) + tag_h + at(44) + stack_h
            if block <= room or squeeze <= 0.7:
                break
            squeeze -= 0.05
        lowest = self.hint.rect.y - sc.px(12) - block
        top = max(sc.px(12), min((h - block) // 2 - sc.px(12), lowest))
        self._title_center = (w // 2, top + title_h // 2)
        self._gems_y = top + title_h + at(10) + self._gem_r
        self._tagline_center = (w // 2, self._gems_y + self._gem_r + at(16) + tag_h // 2)
        y = self._tagline_center[1] + tag_h // 2 + at(44)
        label_px = sc.text(22 * min(1.0, squeeze + 0.1))
        # Room for the diamonds either side of the selected button (see _draw_marker).
        button_w = min(w - 2 * sc.px(40), max(sc.px(340), *(
            b.width_for(button_h, label_px) for b in self.buttons.values())))
        for button in self.buttons.values():
            button.rect = pygame.Rect(w // 2 - button_w // 2, y, button_w, button_h)
            button.px = label_px
            y += button_h + gap

    # -------------------------------------------------------------------- events

    def _quit(self) -> None:
        if self.app is not None:
            self.app.quit()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE and self.on_back is not None:
                self.on_back()
                return True
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
        name = tr("menu.title")
        height = theme.font(px, serif=True).get_height()
        box = pygame.Rect(sc.px(20), self._title_center[1] - height // 2,
                          self._size[0] - 2 * sc.px(20), height)
        shadow = fit_text(name, px, box.w, theme.SHADOW, serif=True)
        shadow.set_alpha(120)
        surface.blit(shadow, shadow.get_rect(center=box.center).move(sc.px(3), sc.px(4)))
        draw_text(surface, name, px, theme.ACCENT, box, serif=True)
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
        tag_px = sc.text(20)
        tag_h = theme.font(tag_px).get_height()
        tag_box = pygame.Rect(sc.px(40), self._tagline_center[1] - tag_h // 2,
                              self._size[0] - 2 * sc.px(40), tag_h)
        draw_text(surface, tr(self.tagline), tag_px, theme.TEXT_DIM, tag_box)
