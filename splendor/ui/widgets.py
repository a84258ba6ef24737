"""Small widgets drawn with the theme: buttons, choices, a text field, labels, a form.

Scenes compute every rectangle from the window size (again on `resize`) with a `Scale`,
so lengths follow `ui_scale` and text never drops under `MIN_TEXT_PX`. Widgets read the
pointer from `event.pos`, never from `pygame.mouse`, so posted events behave like real
ones. A `Form` routes events to its widgets and owns the keyboard focus (Tab and
Shift+Tab move it; a click moves it to the widget clicked).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Sequence

import pygame

from splendor.ui import theme
from splendor.ui.theme import MIN_TEXT_PX, Color

# Colours for widget states (derived from the theme's palette).
BUTTON_FILL = (34, 86, 71)
BUTTON_HOVER = (44, 106, 88)
BUTTON_PRESSED = (24, 64, 53)
BUTTON_DISABLED = (27, 62, 52)
EDGE_DISABLED = (46, 86, 74)
TEXT_DISABLED = (122, 146, 136)
PRIMARY_FILL = (214, 168, 62)
PRIMARY_HOVER = (236, 192, 84)
PRIMARY_PRESSED = (184, 140, 46)
FIELD_FILL = (14, 36, 30)

CLICK = 1  # left mouse button


def _button(event: pygame.event.Event) -> int:
    """The mouse button of a click event (constructed events may leave it out: left)."""
    return int(getattr(event, "button", CLICK))


def _mods(event: pygame.event.Event) -> int:
    """The modifier keys of a key event (constructed events may leave them out)."""
    return int(getattr(event, "mod", 0))


# ----------------------------------------------------------------------- scaling


class Scale:
    """Lengths and text sizes for a window: design values are for 1280x720."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.s = theme.ui_scale(size)

    def px(self, value: float) -> int:
        """A design length in pixels (at least 1)."""
        return max(1, round(value * self.s))

    def text(self, value: float) -> int:
        """A design text size in pixels, never under MIN_TEXT_PX."""
        return max(MIN_TEXT_PX, round(value * self.s))


def fit_text(
    value: str,
    px: int,
    max_width: int,
    color: Color = theme.TEXT,
    bold: bool = False,
    serif: bool = False,
) -> pygame.Surface:
    """`value` rendered at `px`, shrunk (not under MIN_TEXT_PX) then cut with '…' to fit."""
    size = max(MIN_TEXT_PX, px)
    while True:
        surf = theme.text(value, size, color, bold, serif)
        if surf.get_width() <= max_width or size <= MIN_TEXT_PX:
            break
        size = max(MIN_TEXT_PX, size - max(1, size // 10))
    if surf.get_width() <= max_width:
        return surf
    cut = value
    while cut and theme.text(cut + "…", size, color, bold, serif).get_width() > max_width:
        cut = cut[:-1]
    return theme.text(cut.rstrip() + "…", size, color, bold, serif)


def blit_center(surface: pygame.Surface, image: pygame.Surface, center: tuple[int, int]) -> None:
    surface.blit(image, image.get_rect(center=center))


# -------------------------------------------------------------------- decoration


@functools.lru_cache(maxsize=8)
def _background(size: tuple[int, int]) -> pygame.Surface:
    """The felt: the table green, lit in the middle and darker towards the edges."""
    w, h = 96, 54
    small = pygame.Surface((w, h))
    lit = (30, 74, 60)
    for y in range(h):
        for x in range(w):
            dx = (x + 0.5) / w - 0.5
            dy = ((y + 0.5) / h - 0.42) * 0.9
            t = min(1.0, math.hypot(dx, dy) * 1.55) ** 1.6
            small.set_at((x, y), _mix(lit, theme.TABLE_DARK, t))
    return pygame.transform.smoothscale(small, size)


def draw_background(surface: pygame.Surface) -> None:
    """Fill `surface` with the table felt (cached per window size)."""
    surface.blit(_background(surface.get_size()), (0, 0))


def _mix(a: Color, b: Color, t: float) -> Color:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def draw_shadow(surface: pygame.Surface, rect: pygame.Rect, radius: int, depth: int) -> None:
    """A soft dark shadow under `rect`, `depth` pixels down."""
    if depth <= 0:
        return
    shadow = pygame.Surface((rect.w + 2 * depth, rect.h + 2 * depth), pygame.SRCALPHA)
    for i in range(depth):
        alpha = 22 + 40 * i // depth
        pygame.draw.rect(
            shadow,
            (0, 0, 0, alpha),
            pygame.Rect(i, i, rect.w + 2 * (depth - i), rect.h + 2 * (depth - i)),
            border_radius=radius + depth - i,
        )
    surface.blit(shadow, (rect.x - depth, rect.y - depth + depth // 2 + 1))


def draw_panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    radius: int,
    *,
    fill: Color = theme.PANEL,
    edge: Color = theme.PANEL_EDGE,
    shadow: int = 0,
    alpha: int = 255,
) -> None:
    """A rounded panel with an edge line and an optional shadow."""
    draw_shadow(surface, rect, radius, shadow)
    if alpha >= 255:
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        pygame.draw.rect(surface, edge, rect, width=max(1, radius // 6), border_radius=radius)
        return
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    local = layer.get_rect()
    pygame.draw.rect(layer, (*fill, alpha), local, border_radius=radius)
    pygame.draw.rect(layer, (*edge, 255), local, width=max(1, radius // 6), border_radius=radius)
    surface.blit(layer, rect.topleft)


def _gem_outline(shape: str, r: float) -> list[tuple[float, float]]:
    """A gem's outline around (0, 0): the cut matches the colour's symbol."""

    def polar(n: int, start: float, radii: Sequence[float]) -> list[tuple[float, float]]:
        return [
            (
                radii[i % len(radii)] * math.cos(start + 2 * math.pi * i / n),
                radii[i % len(radii)] * math.sin(start + 2 * math.pi * i / n),
            )
            for i in range(n)
        ]

    if shape == "diamond":
        return [(0, -r), (r * 0.78, 0), (0, r), (-r * 0.78, 0)]
    if shape == "circle":
        return polar(16, -math.pi / 2, [r])
    if shape == "triangle":
        pts = polar(3, -math.pi / 2, [r * 1.08])
        return [(x, y + r * 0.16) for x, y in pts]
    if shape == "heart":
        pts = []
        for i in range(24):
            t = 2 * math.pi * i / 24
            x = 16 * math.sin(t) ** 3
            y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
            pts.append((x * r / 16.5, -y * r / 16.5 - r * 0.12))
        return pts
    if shape == "square":
        c = r * 0.24
        s = r * 0.8
        return [(-s + c, -s), (s - c, -s), (s, -s + c), (s, s - c),
                (s - c, s), (-s + c, s), (-s, s - c), (-s, -s + c)]
    # star
    return polar(10, -math.pi / 2, [r * 1.05, r * 0.5])


@functools.lru_cache(maxsize=64)
def gem_image(color_index: int, radius: int) -> pygame.Surface:
    """A faceted gem of one colour, cut in its symbol's shape, antialiased (cached)."""
    ss = 4  # supersampling
    r = radius * ss
    pad = 2 * ss
    size = 2 * r + 2 * pad
    big = pygame.Surface((size, size), pygame.SRCALPHA)
    cx = cy = size / 2
    fill = theme.GEM_FILL[color_index]
    rim = theme.GEM_RIM[color_index]
    shape = theme.GEM_SHAPES[color_index]
    outer = [(cx + x, cy + y) for x, y in _gem_outline(shape, r)]
    inner_scale = 0.5 if shape in ("star", "triangle") else 0.56
    inner = [(cx + x * inner_scale, cy + y * inner_scale) for x, y in _gem_outline(shape, r)]
    light = (-0.55, -0.83)
    pygame.draw.polygon(big, rim, outer)
    n = len(outer)
    for i in range(n):
        a, b = outer[i], outer[(i + 1) % n]
        ia, ib = inner[i], inner[(i + 1) % n]
        ex, ey = b[0] - a[0], b[1] - a[1]
        length = math.hypot(ex, ey) or 1.0
        nx, ny = ey / length, -ex / length  # outward normal for clockwise screen polygons
        mx, my = (a[0] + b[0]) / 2 - cx, (a[1] + b[1]) / 2 - cy
        if nx * mx + ny * my < 0:
            nx, ny = -nx, -ny
        lum = nx * light[0] + ny * light[1]
        color = _mix(fill, (255, 255, 255), 0.45 * lum) if lum > 0 else _mix(
            fill, (0, 0, 0), -0.45 * lum
        )
        pygame.draw.polygon(big, color, [a, b, ib, ia])
    pygame.draw.polygon(big, _mix(fill, (255, 255, 255), 0.12), inner)
    line = max(1, ss // 2)
    edge = _mix(rim, fill, 0.35)
    for i in range(n):
        pygame.draw.line(big, edge, outer[i], inner[i], line)
    pygame.draw.polygon(big, edge, inner, line)
    pygame.draw.polygon(big, rim, outer, ss)
    # A sparkle on the upper left of the table facet.
    sx, sy = cx - r * 0.2, cy - r * 0.22
    k = r * 0.2
    glint = [(sx, sy - k), (sx + k * 0.22, sy - k * 0.22), (sx + k, sy),
             (sx + k * 0.22, sy + k * 0.22), (sx, sy + k), (sx - k * 0.22, sy + k * 0.22),
             (sx - k, sy), (sx - k * 0.22, sy - k * 0.22)]
    pygame.draw.polygon(big, (255, 255, 255, 210), glint)
    return pygame.transform.smoothscale(big, (size // ss, size // ss))


def draw_gem(surface: pygame.Surface, center: tuple[int, int], radius: int, color: int) -> None:
    """A faceted gem of colour index `color` (0-4 gems, 5 gold) centred on `center`."""
    blit_center(surface, gem_image(color, max(4, radius)), center)


@functools.lru_cache(maxsize=16)
def crown_image(width: int, color: Color = theme.ACCENT) -> pygame.Surface:
    """A small crown, `width` pixels wide, antialiased (cached): the winner's mark."""
    ss = 4
    w = width * ss
    h = round(width * 0.78) * ss
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    base_top, base_bottom = h * 0.66, h * 0.94
    pts = [
        (w * 0.06, base_top), (w * 0.02, h * 0.26), (w * 0.30, h * 0.50), (w * 0.50, h * 0.12),
        (w * 0.70, h * 0.50), (w * 0.98, h * 0.26), (w * 0.94, base_top),
    ]
    dark = _mix(color, (0, 0, 0), 0.45)
    pygame.draw.polygon(big, color, pts)
    pygame.draw.rect(big, color, pygame.Rect(w * 0.06, base_top, w * 0.88, base_bottom - base_top))
    pygame.draw.polygon(big, dark, pts, ss)
    pygame.draw.rect(
        big, dark, pygame.Rect(w * 0.06, base_top, w * 0.88, base_bottom - base_top), ss
    )
    for x, y in ((w * 0.02, h * 0.24), (w * 0.5, h * 0.1), (w * 0.98, h * 0.24)):
        pygame.draw.circle(big, color, (x, y), w * 0.07)
        pygame.draw.circle(big, dark, (x, y), w * 0.07, ss)
    pygame.draw.circle(big, theme.GEM_FILL[3], (w * 0.5, (base_top + base_bottom) / 2), w * 0.07)
    return pygame.transform.smoothscale(big, (w // ss, h // ss))


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, radius: int, gap: int) -> None:
    ring = rect.inflate(2 * gap, 2 * gap)
    width = max(2, gap // 2)
    pygame.draw.rect(surface, theme.ACTIVE, ring, width=width, border_radius=radius + gap)


# ------------------------------------------------------------------------ widgets


class Widget:
    """Something with a rectangle that draws itself and may react to events."""

    #: Whether Tab and clicks can give the widget the keyboard focus.
    focusable = True

    def __init__(self, rect: pygame.Rect | None = None) -> None:
        self.rect = pygame.Rect(rect) if rect is not None else pygame.Rect(0, 0, 0, 0)
        self.visible = True
        self.enabled = True
        self.focused = False
        #: Draw the focus ring (set by the form after keyboard navigation).
        self.focus_visible = False
        self.hover = False

    @property
    def interactive(self) -> bool:
        return self.visible and self.enabled

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.visible and self.rect.collidepoint(pos)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to `event`; keyboard events only arrive while focused. True if consumed."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.interactive and self.rect.collidepoint(event.pos)
        return False

    def update(self, dt: float) -> bool:
        """Advance time; True when the widget needs a redraw."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pass


class Label(Widget):
    """Text placed at an anchor of its rectangle ('center', 'left' or 'right')."""

    focusable = False

    def __init__(
        self,
        text: str,
        px: int = 20,
        *,
        color: Color = theme.TEXT,
        bold: bool = False,
        serif: bool = False,
        align: str = "left",
        rect: pygame.Rect | None = None,
    ) -> None:
        super().__init__(rect)
        self.text = text
        self.px = px
        self.color = color
        self.bold = bold
        self.serif = serif
        self.align = align

    def image(self) -> pygame.Surface:
        width = self.rect.w if self.rect.w > 0 else 100_000
        return fit_text(self.text, self.px, width, self.color, self.bold, self.serif)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or not self.text:
            return
        img = self.image()
        if self.align == "center":
            box = img.get_rect(center=self.rect.center)
        elif self.align == "right":
            box = img.get_rect(midright=self.rect.midright)
        else:
            box = img.get_rect(midleft=self.rect.midleft)
        surface.blit(img, box)


class Button(Widget):
    """A push button: a click (press and release inside) or Enter/Space calls `on_click`.

    `style` is 'normal', 'primary' (the main action, gold) or 'ghost' (quiet, no fill).
    A disabled button ignores input and may show a small `note` beside its label (for
    instance 'coming soon').
    """

    def __init__(
        self,
        label: str,
        on_click: Callable[[], object] | None = None,
        *,
        rect: pygame.Rect | None = None,
        enabled: bool = True,
        style: str = "normal",
        px: int = 20,
        note: str = "",
        danger: bool = False,
    ) -> None:
        super().__init__(rect)
        self.label = label
        self.on_click = on_click
        self.enabled = enabled
        self.style = style
        self.px = px
        self.note = note
        self.danger = danger
        self.pressed = False

    def click(self) -> bool:
        """Activate the button as if clicked; False when it is disabled."""
        if not self.interactive or self.on_click is None:
            return False
        self.on_click()
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.interactive and self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and _button(event) == CLICK:
            if self.interactive and self.rect.collidepoint(event.pos):
                self.pressed = True
                self.hover = True
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and _button(event) == CLICK:
            if not self.pressed:
                return False
            self.pressed = False
            if self.rect.collidepoint(event.pos):
                self.click()
            return True
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE
        ):
            return self.click()
        return False

    def _colors(self) -> tuple[Color, Color, Color]:
        """Fill, edge and label colours for the current state."""
        if not self.enabled:
            return BUTTON_DISABLED, EDGE_DISABLED, TEXT_DISABLED
        lit = self.hover or self.focused
        if self.style == "primary":
            fill = PRIMARY_PRESSED if self.pressed else PRIMARY_HOVER if lit else PRIMARY_FILL
            return fill, _mix(fill, (0, 0, 0), 0.3), theme.INK
        if self.style == "ghost":
            # Quiet until pointed at: the panel shows through.
            fill = BUTTON_PRESSED if self.pressed else BUTTON_HOVER if lit else theme.PANEL
            edge = (theme.DANGER if self.danger else theme.ACCENT) if lit else theme.PANEL_EDGE
            return fill, edge, theme.TEXT if lit else theme.TEXT_DIM
        fill = BUTTON_PRESSED if self.pressed else BUTTON_HOVER if lit else BUTTON_FILL
        edge = theme.ACCENT if lit else theme.PANEL_EDGE
        if self.danger and lit:
            edge = theme.DANGER
        return fill, edge, theme.TEXT

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        radius = max(4, self.rect.h // 5)
        fill, edge, ink = self._colors()
        rect = self.rect.move(0, max(1, self.rect.h // 24)) if self.pressed else self.rect
        if self.enabled and not self.pressed and self.style != "ghost":
            draw_shadow(surface, rect, radius, max(2, self.rect.h // 14))
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        pygame.draw.rect(surface, edge, rect, width=max(1, self.rect.h // 24), border_radius=radius)
        if self.enabled and self.style == "normal":
            # A faint highlight along the top edge gives the button some relief.
            top_y = rect.y + max(2, rect.h // 20)
            top = pygame.Rect(rect.x + radius, top_y, rect.w - 2 * radius, 1)
            pygame.draw.rect(surface, _mix(fill, (255, 255, 255), 0.12), top)
        pad = max(6, self.rect.h // 4)
        room = rect.w - 2 * pad
        if not self.enabled and self.note:
            note_px = max(MIN_TEXT_PX, round(self.px * 0.7))
            note = theme.text(self.note, note_px, _mix(TEXT_DISABLED, fill, 0.25))
            gap = max(8, rect.h // 5)
            label = fit_text(self.label, self.px, max(20, room - note.get_width() - gap), ink,
                             bold=True)
            total = label.get_width() + gap + note.get_width()
            x = rect.centerx - total // 2
            surface.blit(label, label.get_rect(midleft=(x, rect.centery)))
            nx = x + label.get_width() + gap
            surface.blit(note, note.get_rect(midleft=(nx, rect.centery + 1)))
        else:
            label = fit_text(self.label, self.px, room, ink, bold=True)
            blit_center(surface, label, rect.center)
        if self.focused and self.focus_visible and self.enabled:
            draw_focus_ring(surface, rect, radius, max(3, self.rect.h // 14))


class Choice(Widget):
    """Cycles through `options` (labels): click the arrows or the middle, or Left/Right."""

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

    def _arrow_w(self) -> int:
        return max(24, min(self.rect.h, self.rect.w // 5))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.interactive and self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and _button(event) == CLICK:
            if not (self.interactive and self.rect.collidepoint(event.pos)):
                return False
            left = event.pos[0] < self.rect.x + self._arrow_w()
            self.pressed_side = -1 if left else 1
            self.step(self.pressed_side)
            return True
        if event.type == pygame.MOUSEBUTTONUP and _button(event) == CLICK:
            was = self.pressed_side
            self.pressed_side = 0
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
    """An on/off choice."""

    def __init__(
        self,
        value: bool = False,
        on_change: Callable[[bool], None] | None = None,
        *,
        labels: tuple[str, str] = ("Off", "On"),
        rect: pygame.Rect | None = None,
        px: int = 20,
    ) -> None:
        callback = None if on_change is None else (lambda i: on_change(bool(i)))
        super().__init__(labels, int(value), callback, rect=rect, px=px)

    @property
    def on(self) -> bool:
        return bool(self.index)


def _aa_polygon(surface: pygame.Surface, color: Color, points: list[tuple[float, float]]) -> None:
    pygame.draw.polygon(surface, color, points)
    pygame.draw.aalines(surface, color, True, points)


class TextInput(Widget):
    """A one-line text field: click to focus, type, Backspace; at most `max_length` chars.

    `allowed` filters typed characters (for instance `str.isdigit`). The caret stays at
    the end of the text; Escape or Enter leave the field to the form.
    """

    BLINK = 0.53  # seconds per caret phase

    def __init__(
        self,
        text: str = "",
        *,
        rect: pygame.Rect | None = None,
        max_length: int = 16,
        placeholder: str = "",
        allowed: Callable[[str], bool] | None = None,
        on_change: Callable[[str], None] | None = None,
        px: int = 20,
    ) -> None:
        super().__init__(rect)
        self.text = text[:max_length]
        self.max_length = max_length
        self.placeholder = placeholder
        self.allowed = allowed
        self.on_change = on_change
        self.px = px
        self.error = False
        self._blink = 0.0
        self.caret_on = True

    def set_text(self, value: str) -> None:
        """Replace the text without calling `on_change`."""
        self.text = value[: self.max_length]

    def _changed(self) -> None:
        self._blink = 0.0
        self.caret_on = True
        if self.on_change is not None:
            self.on_change(self.text)

    def insert(self, chars: str) -> bool:
        """Type `chars` (filtered, up to the maximum length); True if anything was added."""
        accepted = "".join(
            c for c in chars if c.isprintable() and (self.allowed is None or self.allowed(c))
        )
        room = self.max_length - len(self.text)
        accepted = accepted[: max(0, room)]
        if not accepted:
            return False
        self.text += accepted
        self._changed()
        return True

    def backspace(self, word: bool = False) -> bool:
        if not self.text:
            return False
        if word:
            stripped = self.text.rstrip()
            cut = stripped.rfind(" ")
            self.text = stripped[: cut + 1] if cut >= 0 else ""
        else:
            self.text = self.text[:-1]
        self._changed()
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.interactive and self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and _button(event) == CLICK:
            return self.interactive and self.rect.collidepoint(event.pos)
        if not self.focused or not self.interactive:
            return False
        if event.type == pygame.TEXTINPUT:
            self.insert(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.backspace(word=bool(_mods(event) & pygame.KMOD_CTRL))
                return True
            if event.key == pygame.K_DELETE and _mods(event) & pygame.KMOD_CTRL:
                self.text = ""
                self._changed()
                return True
            # Keys that type characters arrive again as TEXTINPUT: swallow them here.
            typed = getattr(event, "unicode", "")
            return bool(typed) and typed.isprintable() and event.key not in (
                pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB
            )
        return False

    def update(self, dt: float) -> bool:
        if not self.focused:
            return False
        self._blink += dt
        on = int(self._blink / self.BLINK) % 2 == 0
        if on != self.caret_on:
            self.caret_on = on
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        radius = max(4, self.rect.h // 6)
        if self.error:
            edge = theme.DANGER
        elif self.focused:
            edge = theme.ACCENT
        elif self.hover:
            edge = _mix(theme.PANEL_EDGE, theme.TEXT, 0.3)
        else:
            edge = theme.PANEL_EDGE
        pygame.draw.rect(surface, FIELD_FILL, self.rect, border_radius=radius)
        width = 2 if (self.focused or self.error) else 1
        pygame.draw.rect(surface, edge, self.rect, width=max(width, self.rect.h // 24),
                         border_radius=radius)
        pad = max(8, self.rect.h // 4)
        inner = self.rect.inflate(-2 * pad, -4)
        if self.text:
            img = theme.text(self.text, self.px, theme.TEXT if self.enabled else TEXT_DISABLED)
        else:
            dim = _mix(theme.TEXT_DIM, FIELD_FILL, 0.3)
            img = theme.text(self.placeholder or " ", self.px, dim)
        caret_room = max(3, self.px // 6)
        x = inner.x
        if self.text and img.get_width() + caret_room > inner.w:
            x = inner.right - caret_room - img.get_width()  # keep the end (and caret) in view
        old_clip = surface.get_clip()
        surface.set_clip(inner.clip(old_clip) if old_clip else inner)
        surface.blit(img, img.get_rect(midleft=(x, self.rect.centery)))
        surface.set_clip(old_clip)
        if self.focused and self.caret_on:
            cx = (x + img.get_width() + 1) if self.text else inner.x
            cx = min(cx, inner.right - 1)
            h = theme.font(self.px).get_height()
            top = self.rect.centery - h // 2 + 2
            pygame.draw.rect(surface, theme.ACCENT, pygame.Rect(cx, top, max(2, self.px // 10),
                                                                  h - 4))


# --------------------------------------------------------------------------- form


class Form:
    """A set of widgets with one keyboard focus.

    Mouse events go to every widget (hover, press, release); keyboard and text events
    go to the focused widget. Tab and Shift+Tab move the focus; a click gives it to the
    widget under the pointer (or takes it away when the click lands elsewhere).
    """

    def __init__(self, widgets: Iterable[Widget] = (), *, always_show_focus: bool = False) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus: Widget | None = None
        self.always_show_focus = always_show_focus

    def set_widgets(self, widgets: Iterable[Widget]) -> None:
        self.widgets = list(widgets)
        if self.focus is not None and self.focus not in self.widgets:
            self.set_focus(None)

    def focusable(self) -> list[Widget]:
        return [w for w in self.widgets if w.focusable and w.interactive]

    def set_focus(self, widget: Widget | None, *, visible: bool = False) -> None:
        if self.focus is not None:
            self.focus.focused = False
            self.focus.focus_visible = False
        self.focus = widget
        if widget is not None:
            widget.focused = True
            widget.focus_visible = visible or self.always_show_focus
            if isinstance(widget, TextInput):
                widget._blink = 0.0
                widget.caret_on = True

    def move_focus(self, step: int) -> None:
        """Focus the next (`step` 1) or previous (-1) focusable widget, wrapping around."""
        order = self.focusable()
        if not order:
            self.set_focus(None)
            return
        if self.focus in order:
            i = (order.index(self.focus) + step) % len(order)
        else:
            i = 0 if step > 0 else len(order) - 1
        self.set_focus(order[i], visible=True)

    def widget_at(self, pos: tuple[int, int]) -> Widget | None:
        for w in reversed(self.widgets):
            if w.contains(pos):
                return w
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Route `event`; True when a widget (or the focus logic) used it."""
        if event.type == pygame.MOUSEMOTION:
            for w in list(self.widgets):
                w.handle_event(event)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and _button(event) == CLICK:
            target = self.widget_at(event.pos)
            if target is not None and target.focusable and target.interactive:
                if target is not self.focus:
                    self.set_focus(target)
                else:
                    target.focus_visible = self.always_show_focus
            elif self.focus is not None and not self.always_show_focus:
                self.set_focus(None)
            return target.handle_event(event) if target is not None else False
        if event.type == pygame.MOUSEBUTTONUP:
            used = False
            for w in list(self.widgets):
                if w.handle_event(event):
                    used = True
                    break
            return used
        if event.type == pygame.MOUSEWHEEL:
            return any(w.handle_event(event) for w in list(self.widgets) if w.hover)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            self.move_focus(-1 if _mods(event) & pygame.KMOD_SHIFT else 1)
            return True
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT) and self.focus is not None:
            return self.focus.handle_event(event)
        return False

    def update(self, dt: float) -> bool:
        redraw = False
        for w in self.widgets:
            redraw = w.update(dt) or redraw
        return redraw

    def draw(self, surface: pygame.Surface) -> None:
        for w in self.widgets:
            w.draw(surface)


def draw_flat_button(surface: pygame.Surface, rect: pygame.Rect, label: str,
                     px: Callable[[float], int], enabled: bool = True, text_px: float = 17) -> None:
    """The table's and overlays' flat accent button (greyed out when not `enabled`)."""
    fill = theme.ACCENT if enabled else theme.TABLE_DARK
    ink = theme.INK if enabled else theme.TEXT_DIM
    pygame.draw.rect(surface, fill, rect, border_radius=px(8))
    image = theme.text(label, px(text_px), ink, bold=True)
    surface.blit(image, image.get_rect(center=rect.center))
