"""Overlay: the pause menu over the table (Escape): resume, assists, speed, leave."""

from __future__ import annotations

import functools
from collections.abc import Callable

import pygame

from splendor.ui import theme
from splendor.ui.scenes.overlay_base import Overlay
from splendor.ui.sound import Sounds
from splendor.ui.table_view import Assists

#: Animation speeds offered, as (label, factor): factor 1 is the normal pace.
SPEEDS = (("Slow", 0.5), ("Normal", 1.0), ("Fast", 2.0), ("Instant", 20.0))
VOLUMES = (("Off", 0.0), ("Quiet", 0.3), ("Normal", 0.6), ("Loud", 1.0))
ASSIST_LABELS = (
    ("affordable", "Highlight affordable cards"),
    ("remaining_cost", "Show what each card still costs"),
    ("noble_progress", "Show progress towards nobles"),
    ("reasons", "Explain refused moves"),
)


class PauseScene(Overlay):
    """Resume, switch assists and animation speed, or leave (after a confirmation)."""

    title = "Paused"
    box_size = (520, 480)

    def __init__(self, on_leave: Callable[[], None], assists: Assists | None = None,
                 speed: Callable[[], float] | None = None,
                 set_speed: Callable[[float], None] | None = None,
                 sounds: Sounds | None = None) -> None:
        super().__init__()
        self.sounds = sounds
        self.on_leave = on_leave
        self.assists = assists
        self.get_speed = speed
        self.set_speed = set_speed
        self._buttons: list[tuple[pygame.Rect, Callable[[], None]]] = []

    def resume_game(self) -> None:
        assert self.app is not None
        self.app.stack.pop()

    def toggle(self, name: str) -> None:
        assert self.assists is not None
        setattr(self.assists, name, not getattr(self.assists, name))

    def next_speed(self) -> None:
        if self.get_speed is None or self.set_speed is None:
            return
        factors = [f for _, f in SPEEDS]
        now = self.get_speed()
        index = min(range(len(factors)), key=lambda i: abs(factors[i] - now))
        self.set_speed(factors[(index + 1) % len(factors)])

    def next_volume(self) -> None:
        sounds = self.sounds
        assert sounds is not None
        levels = [v for _, v in VOLUMES]
        index = min(range(len(levels)), key=lambda i: abs(levels[i] - sounds.volume))
        sounds.volume = levels[(index + 1) % len(levels)]
        sounds.play("take")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.resume_game()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, action in self._buttons:
                if rect.collidepoint(event.pos):
                    action()
                    break
        return True

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        px = self.scaler(surface)
        w, h = px(300), px(42)
        x = box.centerx - w // 2
        y = box.y + px(64)
        self._buttons = []
        rect = pygame.Rect(x, y, w, h)
        self.button(surface, rect, "Resume")
        self._buttons.append((rect, self.resume_game))
        y += h + px(18)
        if self.assists is not None:
            for name, label in ASSIST_LABELS:
                row = pygame.Rect(box.x + px(40), y, box.width - px(80), px(30))
                on = bool(getattr(self.assists, name))
                check = pygame.Rect(row.x, row.y + px(3), px(24), px(24))
                pygame.draw.rect(surface, theme.TABLE_DARK, check, border_radius=px(5))
                pygame.draw.rect(surface, theme.ACCENT if on else theme.PANEL_EDGE, check, 2,
                                 border_radius=px(5))
                if on:
                    pygame.draw.lines(surface, theme.ACCENT, False, [
                        (check.x + px(5), check.centery), (check.x + px(10), check.bottom - px(6)),
                        (check.right - px(5), check.y + px(6))], max(2, px(3)))
                text = theme.text(label, px(16), theme.TEXT)
                surface.blit(text, text.get_rect(midleft=(check.right + px(12), row.centery)))
                self._buttons.append((row, functools.partial(self.toggle, name)))
                y += px(36)
        if self.get_speed is not None:
            y += px(6)
            now = self.get_speed()
            label = next((lbl for lbl, f in SPEEDS if abs(f - now) < 1e-6), f"x{now:g}")
            rect = pygame.Rect(x, y, w, h)
            self.button(surface, rect, f"Animation: {label}")
            self._buttons.append((rect, self.next_speed))
            y += h + px(12)
        if self.sounds is not None:
            volume = self.sounds.volume
            label = next((lbl for lbl, v in VOLUMES if abs(v - volume) < 1e-6), "Custom")
            if not self.sounds.available:
                label = "no audio device"
            rect = pygame.Rect(x, y, w, h)
            self.button(surface, rect, f"Sound: {label}", self.sounds.available)
            if self.sounds.available:
                self._buttons.append((rect, self.next_volume))
        rect = pygame.Rect(x, box.bottom - h - px(22), w, h)
        self.button(surface, rect, "Leave game")
        self._buttons.append((rect, self.on_leave))
