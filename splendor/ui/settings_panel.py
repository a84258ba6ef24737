"""The game's adjustable helps and paces: assists, animation speed, sound volume.

Drawn inside the pause overlay and on the settings screen, so both offer the same
controls. (Saving them between sessions belongs to the settings file.)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from splendor.ui import art, theme
from splendor.ui.sound import Sounds
from splendor.ui.table_view import Assists
from splendor.ui.widgets import draw_flat_button

#: Animation speeds offered, as (label, factor): factor 1 is the normal pace.
SPEEDS = (("Slow", 0.5), ("Normal", 1.0), ("Fast", 2.0), ("Instant", 20.0))
VOLUMES = (("Off", 0.0), ("Quiet", 0.3), ("Normal", 0.6), ("Loud", 1.0))
ASSIST_LABELS = (
    ("affordable", "Highlight affordable cards"),
    ("remaining_cost", "Show what each card still costs"),
    ("noble_progress", "Show progress towards nobles"),
    ("reasons", "Explain refused moves"),
    ("symbols", "Symbols on gems (◇ ● ▲ ♥ ■ ★)"),
)

Hotspot = tuple[pygame.Rect, Callable[[], None]]


def _nearest(options: tuple[tuple[str, float], ...], value: float) -> int:
    return min(range(len(options)), key=lambda i: abs(options[i][1] - value))


@dataclass
class Preferences:
    """The values the panel changes; owned by the game window."""

    assists: Assists
    speed: float = 1.0
    sounds: Sounds | None = None
    symbols: bool = True


class SettingsPanel:
    """Check boxes for the assists and buttons cycling the speed and the volume."""

    def __init__(self, prefs: Preferences, on_speed: Callable[[float], None] | None = None,
                 on_change: Callable[[], None] | None = None,
                 fullscreen: Callable[[], bool] | None = None,
                 toggle_fullscreen: Callable[[], None] | None = None):
        self.prefs = prefs
        self.on_speed = on_speed
        self.fullscreen = fullscreen
        self.toggle_fullscreen = toggle_fullscreen
        #: Called after any change, so the owner can save the settings.
        self.on_change = on_change

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    def toggle(self, name: str) -> None:
        if name == "symbols":
            self.prefs.symbols = not self.prefs.symbols
            art.set_symbols(self.prefs.symbols)
        else:
            assists = self.prefs.assists
            setattr(assists, name, not getattr(assists, name))
        self._changed()

    def _on(self, name: str) -> bool:
        return self.prefs.symbols if name == "symbols" else bool(getattr(self.prefs.assists, name))

    def next_speed(self) -> None:
        factor = SPEEDS[(_nearest(SPEEDS, self.prefs.speed) + 1) % len(SPEEDS)][1]
        self.prefs.speed = factor
        if self.on_speed is not None:
            self.on_speed(factor)
        self._changed()

    def next_volume(self) -> None:
        sounds = self.prefs.sounds
        assert sounds is not None
        sounds.volume = VOLUMES[(_nearest(VOLUMES, sounds.volume) + 1) % len(VOLUMES)][1]
        sounds.play("take")
        self._changed()

    def draw(self, surface: pygame.Surface, area: pygame.Rect, px: Callable[[float], int]
             ) -> tuple[int, list[Hotspot]]:
        """Draw from the top of `area`; return the bottom y and the clickable places."""
        spots: list[Hotspot] = []
        y = area.y
        for name, label in ASSIST_LABELS:
            row = pygame.Rect(area.x, y, area.width, px(30))
            on = self._on(name)
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
            spots.append((row, functools.partial(self.toggle, name)))
            y += px(36)
        w, h = px(300), px(42)
        x = area.centerx - w // 2
        y += px(8)
        speed = SPEEDS[_nearest(SPEEDS, self.prefs.speed)][0]
        rect = pygame.Rect(x, y, w, h)
        draw_flat_button(surface, rect, f"Bot moves: {speed}", px)
        spots.append((rect, self.next_speed))
        y += h + px(12)
        sounds = self.prefs.sounds
        if sounds is not None:
            rect = pygame.Rect(x, y, w, h)
            if sounds.available:
                label = VOLUMES[_nearest(VOLUMES, sounds.volume)][0]
                draw_flat_button(surface, rect, f"Sound: {label}", px)
                spots.append((rect, self.next_volume))
            else:
                draw_flat_button(surface, rect, "Sound: no audio device", px, enabled=False)
            y += h + px(12)
        if self.fullscreen is not None and self.toggle_fullscreen is not None:
            rect = pygame.Rect(x, y, w, h)
            state = "On" if self.fullscreen() else "Off"
            draw_flat_button(surface, rect, f"Full screen: {state} (F11)", px)
            spots.append((rect, self._toggle_fullscreen))
            y += h + px(12)
        return y, spots

    def _toggle_fullscreen(self) -> None:
        assert self.toggle_fullscreen is not None
        self.toggle_fullscreen()
        self._changed()
