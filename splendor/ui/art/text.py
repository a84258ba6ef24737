"""Text on the art: rendered at the final size, placed by its visible ink."""

from __future__ import annotations

import pygame

from splendor.ui import theme
from splendor.ui.art.palette import Color, Point
from splendor.ui.bounded_cache import bounded_cache


def _px(value: float) -> int:
    """A text size in pixels, never below the game's minimum."""
    return max(theme.MIN_TEXT_PX, round(value))


def _label_bytes(label: tuple[pygame.Surface, pygame.Rect]) -> int:
    return theme.surface_bytes(label[0])


@bounded_cache(max_entries=1024, max_bytes=64 * 1024 * 1024, cost=_label_bytes)
def _label(
    value: str,
    px: int,
    color: Color,
    bold: bool = True,
    serif: bool = False,
    outline: Color | None = None,
) -> tuple[pygame.Surface, pygame.Rect]:
    """Rendered text (with an optional 1-2 px outline) and the rectangle of its ink."""
    main = theme.text(value, _px(px), color, bold, serif)
    if outline is None:
        return main, main.get_bounding_rect()
    t = 2 if px >= 28 else 1
    back = theme.text(value, _px(px), outline, bold, serif)
    surf = pygame.Surface((main.get_width() + 2 * t, main.get_height() + 2 * t), pygame.SRCALPHA)
    for dx in range(-t, t + 1):
        for dy in range(-t, t + 1):
            if dx * dx + dy * dy <= t * t + 1:
                surf.blit(back, (t + dx, t + dy))
    surf.blit(main, (t, t))
    return surf, surf.get_bounding_rect()


def _put(
    dst: pygame.Surface,
    value: str,
    px: int,
    color: Color,
    pos: Point,
    anchor: str = "center",
    *,
    bold: bool = True,
    serif: bool = False,
    outline: Color | None = None,
    alpha: int = 255,
) -> pygame.Rect:
    """Draw text so that its visible ink sits at `pos` by `anchor`; return the ink rect."""
    surf, ink = _label(value, _px(px), color, bold, serif, outline)
    box = ink.copy()
    setattr(box, anchor, (round(pos[0]), round(pos[1])))
    if alpha < 255:
        surf = surf.copy()
        surf.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    dst.blit(surf, (box.x - ink.x, box.y - ink.y))
    return box


def _ink_size(value: str, px: int, bold: bool = True, serif: bool = False) -> tuple[int, int]:
    _, ink = _label(value, _px(px), theme.INK, bold, serif, None)
    return ink.width, ink.height
