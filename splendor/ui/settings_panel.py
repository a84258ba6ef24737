"""The game's adjustable helps and paces: assists, animation speed, sound volume (and,
on the settings screen, the language and full screen).

Shown inside the pause overlay and on the settings screen, so both offer the same
controls. (Saving them between sessions belongs to the settings file.) `layout` places
the controls (on enter, resize or a change of language, never while drawing); `draw`
draws them where they were placed, as they stand: a ticked box, the speed in words.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from splendor.i18n import LANGUAGES, language, tr, translate
from splendor.ui import art, theme
from splendor.ui.sound import Sounds
from splendor.ui.table.view import Assists
from splendor.ui.widgets import draw_flat_button, draw_text, line_height

#: Animation speeds offered, as (name, factor): factor 1 is the normal pace.
SPEEDS = (("slow", 0.5), ("normal", 1.0), ("fast", 2.0), ("instant", 20.0))
VOLUMES = (("silent", 0.0), ("quiet", 0.3), ("normal", 0.6), ("loud", 1.0))
#: The check boxes, in order.
ASSISTS = ("affordable", "remaining_cost", "noble_progress", "reasons", "symbols")
#: The lines that stand for check boxes a game does not offer, with their words.
NOTES = {"competitive": "pause.competitive_note", "challenge": "pause.challenge_note"}
#: The gem symbols the last check box puts on the gems.
GEM_SYMBOLS = "◇ ● ▲ ♥ ■ ★"


def speed_name(name: str) -> str:
    """A speed's name in the language in use."""
    return {"slow": lambda: tr("settings.speed.slow"),
            "normal": lambda: tr("settings.speed.normal"),
            "fast": lambda: tr("settings.speed.fast"),
            "instant": lambda: tr("settings.speed.instant")}[name]()


def volume_name(name: str) -> str:
    """A volume's name in the language in use."""
    return {"silent": lambda: tr("settings.volume.silent"),
            "quiet": lambda: tr("settings.volume.quiet"),
            "normal": lambda: tr("settings.volume.normal"),
            "loud": lambda: tr("settings.volume.loud")}[name]()


def assist_label(name: str) -> str:
    """A check box's label in the language in use."""
    return {"affordable": lambda: tr("settings.assist.affordable"),
            "remaining_cost": lambda: tr("settings.assist.remaining_cost"),
            "noble_progress": lambda: tr("settings.assist.noble_progress"),
            "reasons": lambda: tr("settings.assist.reasons"),
            "symbols": lambda: tr("settings.assist.symbols", symbols=GEM_SYMBOLS)}[name]()


def language_name(code: str) -> str:
    """A language's name in that language ('Français'), whatever the language in use."""
    return translate(code, "common.language.name")


Hotspot = tuple[pygame.Rect, Callable[[], None]]


def _nearest(options: tuple[tuple[str, float], ...], value: float) -> int:
    return min(range(len(options)), key=lambda i: abs(options[i][1] - value))


@dataclass(frozen=True)
class Control:
    """One control of the panel as laid out: its kind ('heading', 'language', 'check',
    'note', 'speed', 'volume', 'fullscreen'), where it goes, and the language's code or
    the check box's name."""

    kind: str
    rect: pygame.Rect
    name: str = ""


@dataclass(frozen=True)
class PanelLayout:
    """The panel laid out for one window: its scale, the y under it, its controls and
    the clickable places (in reading order)."""

    px: Callable[[float], int]
    bottom: int
    controls: tuple[Control, ...]
    spots: tuple[Hotspot, ...]


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
                 toggle_fullscreen: Callable[[], None] | None = None,
                 on_language: Callable[[str], None] | None = None,
                 competitive: bool = False, challenge: bool = False, assists: bool = True):
        """`on_language(code)`, when given, adds the language buttons (it switches the
        language and saves the choice). In a `competitive` game the assists are off: one
        line says so where their check boxes would be. In a `challenge` undo and hints
        are off and a refused move is always explained: one line says so above the other
        assists' check boxes, which work as in any game. Without `assists` (a game whose
        table has none of them: Saba) no check box is shown."""
        self.prefs = prefs
        self.assists = assists
        self.competitive = competitive
        self.challenge = challenge
        self.on_speed = on_speed
        self.fullscreen = fullscreen
        self.toggle_fullscreen = toggle_fullscreen
        self.on_language = on_language
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

    def pick_language(self, code: str) -> None:
        assert self.on_language is not None
        if code != language():
            self.on_language(code)

    def height(self, px: Callable[[float], int]) -> int:
        """How tall the laid-out controls are (to size the panel around them)."""
        h = len(self._rows()) * px(36) + px(8)
        buttons = 1 + (self.prefs.sounds is not None) + (self.fullscreen is not None
                                                           and self.toggle_fullscreen is not None)
        h += buttons * (px(42) + px(12))
        if self.on_language is not None:
            h += self._language_height(px)
        return h

    def _rows(self) -> tuple[str, ...]:
        """The check boxes shown, with the line of a challenge ('challenge', instead of
        the reasons' box) or of a competitive game ('competitive', instead of the
        assists': the gem symbols are no assist, they stay)."""
        if not self.assists:
            return ()
        if self.challenge:
            return ("challenge", *(name for name in ASSISTS if name != "reasons"))
        if self.competitive:
            return ("competitive", "symbols")
        return ASSISTS

    def _language_height(self, px: Callable[[float], int]) -> int:
        return line_height(max(theme.MIN_TEXT_PX, px(16))) + px(6) + px(40) + px(18)

    def layout(self, area: pygame.Rect, px: Callable[[float], int]) -> PanelLayout:
        """Place the controls from the top of `area` (on layout, never while drawing):
        where each goes, and the clickable places in reading order."""
        controls: list[Control] = []
        spots: list[Hotspot] = []
        y = area.y
        if self.on_language is not None:
            y = self._place_languages(area, px, controls, spots)
        for name in self._rows():
            row = pygame.Rect(area.x, y, area.width, px(30))
            note = name in NOTES
            controls.append(Control("note" if note else "check", row, name))
            if not note:
                spots.append((row, functools.partial(self.toggle, name)))
            y += px(36)
        w, h = min(area.width, px(380)), px(42)
        x = area.centerx - w // 2
        y += px(8)
        buttons: list[tuple[str, Callable[[], None] | None]] = [("speed", self.next_speed)]
        sounds = self.prefs.sounds
        if sounds is not None:
            buttons.append(("volume", self.next_volume if sounds.available else None))
        if self.fullscreen is not None and self.toggle_fullscreen is not None:
            buttons.append(("fullscreen", self._toggle_fullscreen))
        for kind, action in buttons:
            rect = pygame.Rect(x, y, w, h)
            controls.append(Control(kind, rect))
            if action is not None:  # no sound device: a button that says so, off
                spots.append((rect, action))
            y += h + px(12)
        return PanelLayout(px, y, tuple(controls), tuple(spots))

    def _place_languages(self, area: pygame.Rect, px: Callable[[float], int],
                         controls: list[Control], spots: list[Hotspot]) -> int:
        """'Language' and one button per language; the y under them."""
        head_h = line_height(max(theme.MIN_TEXT_PX, px(16)))
        controls.append(Control("heading", pygame.Rect(area.x, area.y, area.width, head_h)))
        y = area.y + head_h + px(6)
        gap = px(10)
        w = (area.width - gap * (len(LANGUAGES) - 1)) // len(LANGUAGES)
        for n, code in enumerate(LANGUAGES):
            rect = pygame.Rect(area.x + n * (w + gap), y, w, px(40))
            controls.append(Control("language", rect, code))
            spots.append((rect, functools.partial(self.pick_language, code)))
        return y + px(40) + px(18)

    def draw(self, surface: pygame.Surface, laid: PanelLayout) -> None:
        """Draw the controls where `laid` placed them, as they stand now (a box ticked,
        the speed, the language in use)."""
        px = laid.px
        text_px = max(theme.MIN_TEXT_PX, px(16))
        for control in laid.controls:
            rect, kind = control.rect, control.kind
            if kind == "heading":
                draw_text(surface, tr("settings.language"), text_px, theme.TEXT_DIM, rect,
                          align="left", bold=True)
            elif kind == "language":
                _draw_language(surface, control, px)
            elif kind == "note":
                draw_text(surface, tr(NOTES[control.name]), text_px, theme.ACCENT, rect,
                          align="left")
            elif kind == "check":
                _draw_check(surface, control, self._on(control.name), px, text_px)
            else:
                label, enabled = self._button_label(kind)
                draw_flat_button(surface, rect, label, px, enabled=enabled)

    def _button_label(self, kind: str) -> tuple[str, bool]:
        """The words of the speed, volume or full screen button, and whether it works."""
        if kind == "speed":
            speed = speed_name(SPEEDS[_nearest(SPEEDS, self.prefs.speed)][0])
            return tr("settings.speed.label", speed=speed), True
        if kind == "volume":
            sounds = self.prefs.sounds
            assert sounds is not None
            if not sounds.available:
                return tr("settings.volume.no_device"), False
            volume = volume_name(VOLUMES[_nearest(VOLUMES, sounds.volume)][0])
            return tr("settings.volume.label", volume=volume), True
        assert self.fullscreen is not None
        state = tr("settings.switch.turned_on") if self.fullscreen() \
            else tr("settings.switch.turned_off")
        return tr("settings.fullscreen", state=state), True

    def _toggle_fullscreen(self) -> None:
        assert self.toggle_fullscreen is not None
        self.toggle_fullscreen()
        self._changed()


def _draw_check(surface: pygame.Surface, control: Control, on: bool,
                px: Callable[[float], int], text_px: int) -> None:
    """A check box (ticked when `on`) and its label."""
    row = control.rect
    check = pygame.Rect(row.x, row.y + px(3), px(24), px(24))
    pygame.draw.rect(surface, theme.TABLE_DARK, check, border_radius=px(5))
    pygame.draw.rect(surface, theme.ACCENT if on else theme.PANEL_EDGE, check, 2,
                     border_radius=px(5))
    if on:
        pygame.draw.lines(surface, theme.ACCENT, False, [
            (check.x + px(5), check.centery), (check.x + px(10), check.bottom - px(6)),
            (check.right - px(5), check.y + px(6))], max(2, px(3)))
    label = pygame.Rect(check.right + px(12), row.y, row.right - check.right - px(12), row.h)
    draw_text(surface, assist_label(control.name), text_px, theme.TEXT, label, align="left")


def _draw_language(surface: pygame.Surface, control: Control,
                   px: Callable[[float], int]) -> None:
    """A language's button, named in itself; the one in use lit."""
    rect = control.rect
    chosen = control.name == language()
    pygame.draw.rect(surface, theme.ACCENT if chosen else theme.TABLE_DARK, rect,
                     border_radius=px(8))
    if not chosen:
        pygame.draw.rect(surface, theme.PANEL_EDGE, rect, max(1, px(2)), border_radius=px(8))
    draw_text(surface, language_name(control.name), max(theme.MIN_TEXT_PX, px(17)),
              theme.INK if chosen else theme.TEXT, rect.inflate(-px(12), 0), bold=chosen)
