"""Text that fits its box: shrunk, wrapped, or reported to `textfit` when it cannot."""

from __future__ import annotations

import re

import pygame

from splendor.ui import textfit, theme
from splendor.ui.bounded_cache import bounded_cache
from splendor.ui.theme import MIN_TEXT_PX, Color


def fit_text(
    value: str,
    px: int,
    max_width: int,
    color: Color = theme.TEXT,
    bold: bool = False,
    serif: bool = False,
) -> pygame.Surface:
    """`value` rendered at `px`, shrunk (not under MIN_TEXT_PX) then cut with '…' to fit.

    A cut is reported to `textfit`: text a player cannot read whole is a layout bug.
    Only the text drawn is rendered (sizes are measured), so a very long text costs a few
    measurements, not a surface per attempt.
    """
    size, cut = _fitted(value, px, max_width, bold, serif)
    if cut is not None:
        textfit.report(value, f"cut to fit {max_width} px")
    return theme.text(value if cut is None else cut, size, color, bold, serif)


def _fit_bytes(fitted: tuple[int, str | None]) -> int:
    return 4 * len(fitted[1] or "")


@bounded_cache(max_entries=4096, max_bytes=8 * 1024 * 1024, cost=_fit_bytes)
def _fitted(value: str, px: int, max_width: int, bold: bool, serif: bool
            ) -> tuple[int, str | None]:
    # Cached: labels are fitted again on every frame. The size, and the cut text or None.
    size = max(MIN_TEXT_PX, px)
    if _longer_than(value, MIN_TEXT_PX, max_width, bold, serif):
        return MIN_TEXT_PX, cut_to_width(value, MIN_TEXT_PX, max_width, bold, serif)
    while True:
        width = theme.font(size, bold, serif).size(value)[0]
        if width <= max_width or size <= MIN_TEXT_PX:
            break
        size = max(MIN_TEXT_PX, size - max(1, size // 10))
    if width <= max_width:
        return size, None
    return size, cut_to_width(value, size, max_width, bold, serif)


def _text_bytes(text: str | None) -> int:
    return 4 * len(text or "")


@bounded_cache(max_entries=4096, max_bytes=8 * 1024 * 1024, cost=_text_bytes)
def _cut_line(line: str, px: int, max_width: int, bold: bool, serif: bool = False
              ) -> str | None:
    # Cached like `_fitted`: None when the line fits (measured, never rendered whole).
    if theme.font(px, bold, serif).size(line)[0] <= max_width:
        return None
    return cut_to_width(line, px, max_width, bold, serif)


def cut_to_width(value: str, px: int, max_width: int, bold: bool = False,
                 serif: bool = False) -> str:
    """The longest start of `value` that, followed by '…', is at most `max_width` wide at
    `px` (just '…' when nothing fits): found by bisection, a few measurements for any
    length."""
    font = theme.font(px, bold, serif)
    if _longer_than(value, px, max_width, bold, serif):
        value = value[:max_width]  # the cut is in there: measure no more than that
    fits, too_long = 0, len(value)  # value[:too_long] + '…' is taken not to fit
    while too_long - fits > 1:
        mid = (fits + too_long) // 2
        if font.size(value[:mid].rstrip() + "…")[0] <= max_width:
            fits = mid
        else:
            too_long = mid
    return value[:fits].rstrip() + "…"


def _longer_than(value: str, px: int, max_width: int, bold: bool, serif: bool) -> bool:
    """True when `value` has over `max_width` characters and its first `max_width` are
    already too wide: what a text of any length costs to measure stays bounded by the box.
    (Every character but the zero-width ones is at least a pixel wide.)"""
    return len(value) > max_width and \
        theme.font(px, bold, serif).size(value[:max_width])[0] > max_width


def blit_center(surface: pygame.Surface, image: pygame.Surface, center: tuple[int, int]) -> None:
    surface.blit(image, image.get_rect(center=center))


_ANCHORS = {
    ("left", "top"): "topleft", ("center", "top"): "midtop", ("right", "top"): "topright",
    ("left", "center"): "midleft", ("center", "center"): "center",
    ("right", "center"): "midright", ("left", "bottom"): "bottomleft",
    ("center", "bottom"): "midbottom", ("right", "bottom"): "bottomright",
}


def draw_text(
    surface: pygame.Surface,
    value: str,
    px: int,
    color: Color,
    box: pygame.Rect,
    *,
    align: str = "center",
    valign: str = "center",
    bold: bool = False,
    serif: bool = False,
) -> pygame.Rect:
    """One line of text placed in `box` (shrunk to its width if needed); the rect drawn.

    Text taller than the box, or a box partly outside the surface, is reported.
    """
    image = fit_text(value, px, box.w, color, bold, serif)
    anchor = _ANCHORS[align, valign]
    rect = image.get_rect(**{anchor: getattr(box, anchor)})
    if image.get_height() > box.h + max(2, box.h // 8):
        textfit.report(value, f"{image.get_height()} px high in a {box.h} px box")
    textfit.check_inside(value, rect, surface.get_rect(), "the surface")
    surface.blit(image, rect)
    return rect


def wrap(value: str, px: int, width: int, bold: bool = False, serif: bool = False
         ) -> list[str]:
    """Split `value` into lines no wider than `width` at `px` (explicit newlines kept)."""
    return list(_wrapped(value, px, width, bold, serif))


def _lines_bytes(lines: tuple[str, ...]) -> int:
    return sum(4 * len(line) for line in lines)


#: Where a line may break: any white space but the no-break spaces (U+00A0, U+202F), which
#: keep e.g. a French '0 %' together.
_BREAKS = re.compile(r"[^\S\u00a0\u202f]+")


@bounded_cache(max_entries=1024, max_bytes=8 * 1024 * 1024, cost=_lines_bytes)
def _wrapped(value: str, px: int, width: int, bold: bool, serif: bool = False
             ) -> tuple[str, ...]:
    # Cached: the same texts are wrapped on every frame, and measuring word by word is
    # the costly part of drawing text.
    font = theme.font(px, bold, serif)
    lines: list[str] = []
    for paragraph in value.split("\n"):
        line = ""
        for word in _BREAKS.split(paragraph):
            if not word:
                continue
            trial = f"{line} {word}".strip()
            if line and font.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return tuple(lines)


def line_height(px: int) -> int:
    """The distance between two lines of text at `px`."""
    return theme.font(px).get_linesize()


def draw_lines(
    surface: pygame.Surface,
    value: str,
    px: int,
    color: Color,
    box: pygame.Rect,
    *,
    align: str = "left",
    bold: bool = False,
    serif: bool = False,
) -> int:
    """`value` wrapped into `box` from its top; returns the y below the last line.

    Lines that do not fit the box are not drawn and are reported; a word wider than the
    box is cut with '…' and reported.
    """
    step = line_height(px)
    y = box.y
    for n, line in enumerate(wrap(value, px, box.w, bold, serif)):
        if y + step > box.bottom + step // 4:
            textfit.report(value, f"line {n + 1} and after do not fit {tuple(box)}")
            break
        size = max(MIN_TEXT_PX, px)
        cut = _cut_line(line, size, box.w, bold, serif)
        if cut is not None:
            # One word wider than the box (a long name): cut, not drawn across the window.
            textfit.report(value, f"'{line}' is wider than {box.w} px")
        image = theme.text(line if cut is None else cut, size, color, bold, serif)
        rect = image.get_rect(top=y)
        setattr(rect, {"left": "left", "center": "centerx", "right": "right"}[align],
                getattr(box, {"left": "left", "center": "centerx", "right": "right"}[align]))
        textfit.check_inside(line, rect, surface.get_rect(), "the surface")
        surface.blit(image, rect)
        y += step
    return y


def lines_height(value: str, px: int, width: int, bold: bool = False, serif: bool = False
                 ) -> int:
    """How tall `value` is once wrapped to `width` (to size a box before drawing)."""
    return len(wrap(value, px, width, bold, serif)) * line_height(px)
