"""Choices: cycle through options with arrows, and an on/off toggle."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from splendor.i18n import tr
from splendor.ui import theme
from splendor.ui.theme import Color
from splendor.ui.widgets.drawing import draw_focus_ring
from splendor.ui.widgets.events import CLICK, _button
from splendor.ui.widgets.style import BUTTON_DISABLED, BUTTON_FILL, BUTTON_HOVER, TEXT_DISABLED
from splendor.ui.widgets.text import blit_center, fit_text
from splendor.ui.widgets.widget import Widget


class Choice(Widget):
    """Cycles through `options` (labels): click the arrows or the middle, or Left/Right.

    A click is a press and a release on the same side of the choice (as for a button)."""

    cancelled_press_drops_focus = True

    def __init__(
        self,
        options: Sequence[str],
        index: int = 0,
        on_change: Callable[[int], None] | None = None,
        *,
        rect: pygame.Rect | None = None,
        px: int = 20,
        wrap: bool = True,
    ) -> None:
        super().__init__(rect)
        if not options:
            raise ValueError("a choice needs at least one option")
        self.options = list(options)
        self.index = index
        self.on_change = on_change
        self.px = px
        self.wrap = wrap
        self.pressed_side = 0

    @property
    def value(self) -> str:
        return self.options[self.index]

    def set_options(self, options: Sequence[str], index: int | None = None) -> None:
        """Replace the labels, keeping the index when it is still valid."""
        self.options = list(options)
        if index is not None:
            self.index = index
        self.index = max(0, min(self.index, len(self.options) - 1))

    def step(self, delta: int) -> None:
        """Move `delta` options along (wrapping around unless `wrap` is False)."""
        if not self.interactive or len(self.options) < 2:
            return
        n = len(self.options)
        new = (self.index + delta) % n if self.wrap else max(0, min(n - 1, self.index + delta))
        if new != self.index:
            self.index = new
            if self.on_change is not None:
                self.on_change(new)

    def _side(self, pos: tuple[int, int]) -> int:
        """-1 for the left arrow's part of the choice, 1 for the rest (a step on)."""
        return -1 if pos[0] < self.rect.x + self._arrow_w() else 1

    def _arrow_w(self) -> int:
        return max(24, min(self.rect.h, self.rect.w // 5))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.interactive and self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and _button(event) == CLICK:
            if not (self.interactive and self.rect.collidepoint(event.pos)):
                return False
            self.pressed_side = self._side(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and _button(event) == CLICK:
            # A click is a press and a release on the same side of the same choice: a
            # drag that ends elsewhere changes nothing.
            was = self.pressed_side
            self.pressed_side = 0
            if was and self.rect.collidepoint(event.pos) and self._side(event.pos) == was:
                self.step(was)
            return bool(was)
        if event.type == pygame.MOUSEWHEEL and self.hover:
            self.step(-1 if event.y > 0 else 1)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_LEFT:
                self.step(-1)
                return True
            if event.key in (pygame.K_RIGHT, pygame.K_SPACE):
                self.step(1)
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        radius = max(4, self.rect.h // 5)
        lit = self.interactive and (self.hover or self.focused)
        fill = BUTTON_HOVER if lit else BUTTON_FILL
        if not self.enabled:
            fill = BUTTON_DISABLED
        edge = theme.ACCENT if lit else theme.PANEL_EDGE
        pygame.draw.rect(surface, fill, self.rect, border_radius=radius)
        pygame.draw.rect(surface, edge, self.rect, width=max(1, self.rect.h // 24),
                         border_radius=radius)
        aw = self._arrow_w()
        ink = theme.TEXT if self.enabled else TEXT_DISABLED
        arrow_ink = theme.ACCENT if lit else theme.TEXT_DIM
        if not self.enabled:
            arrow_ink = TEXT_DISABLED
        half = max(4, self.rect.h // 7)
        cy = self.rect.centery
        lx = self.rect.x + aw // 2
        rx = self.rect.right - aw // 2
        if len(self.options) > 1:
            left_ink = theme.ACTIVE if self.pressed_side < 0 else arrow_ink
            right_ink = theme.ACTIVE if self.pressed_side > 0 else arrow_ink
            _aa_polygon(surface, left_ink,
                        [(lx + half * 0.6, cy - half), (lx - half * 0.6, cy),
                         (lx + half * 0.6, cy + half)])
            _aa_polygon(surface, right_ink,
                        [(rx - half * 0.6, cy - half), (rx + half * 0.6, cy),
                         (rx - half * 0.6, cy + half)])
        label = fit_text(self.value, self.px, self.rect.w - 2 * aw, ink, bold=True)
        blit_center(surface, label, self.rect.center)
        if self.focused and self.focus_visible and self.enabled:
            draw_focus_ring(surface, self.rect, radius, max(3, self.rect.h // 14))


class Toggle(Choice):
    """An on/off choice; without `labels` it reads 'Off' and 'On' in the language in use."""

    def __init__(
        self,
        value: bool = False,
        on_change: Callable[[bool], None] | None = None,
        *,
        labels: tuple[str, str] | None = None,
        rect: pygame.Rect | None = None,
        px: int = 20,
    ) -> None:
        callback = None if on_change is None else (lambda i: on_change(bool(i)))
        super().__init__(labels or ("off", "on"), int(value), callback, rect=rect, px=px)
        self.labels = labels

    @property
    def value(self) -> str:
        if self.labels is not None:
            return self.labels[self.index]
        # Translated when drawn: the language can change while the toggle lives.
        return tr("settings.switch.turned_on") if self.index else tr("settings.switch.turned_off")

    @property
    def on(self) -> bool:
        return bool(self.index)


def _aa_polygon(surface: pygame.Surface, color: Color, points: list[tuple[float, float]]) -> None:
    pygame.draw.polygon(surface, color, points)
    pygame.draw.aalines(surface, color, True, points)
