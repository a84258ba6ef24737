"""The "any colour" disc: a disc cut in the gem colours (a colour of the player's
choice), with a light hub, or a number in white over a dark hub."""

from __future__ import annotations

import functools
import math

import pygame

from splendor.ui import theme
from splendor.ui.art.palette import _WHITE_GEM, WHITE, _rgba
from splendor.ui.art.pen import _finish, _Pen
from splendor.ui.art.text import _put, _px

#: The centre of the disc and the ink of its number.
_HUB = (250, 246, 236)
_RIM = (52, 40, 34)


@functools.lru_cache(maxsize=256)
def any_colour_surface(d: int, amount: int | None = None, exclude: tuple[int, ...] = ()
                    ) -> pygame.Surface:
    """A disc `d` px across cut in the gem colours (those not in `exclude`), with
    `amount` in white at its centre: "N bonuses of one colour of your choice"; without an
    amount, a light hub.

    Unlike a cost disc it has no single colour, and in greyscale it reads as segments,
    so it is told apart from any specific colour.
    """
    d = max(8, int(d))
    colours = [c for c in range(5) if c not in exclude] or list(range(5))
    pen = _Pen(d, d, _RIM, k=6 if d <= 48 else 4)
    R = d / 2
    c = (R, R)
    pen.circle(_RIM, c, R)
    ring = pen.layer(_RIM)
    n = len(colours)
    outer = R - max(1.0, d * 0.06)
    for i, colour in enumerate(colours):
        a0 = -math.pi / 2 + 2 * math.pi * i / n
        a1 = a0 + 2 * math.pi / n
        steps = max(4, round(24 / n))
        pts = [c] + [(R + outer * math.cos(a0 + (a1 - a0) * k / steps),
                      R + outer * math.sin(a0 + (a1 - a0) * k / steps)) for k in range(steps + 1)]
        fill = theme.GEM_FILL[colour]
        if colour == _WHITE_GEM:
            fill = (246, 246, 250)
        ring.polygon(_rgba(fill, 255), pts)
    # Thin dark spokes between the segments keep them apart in greyscale.
    for i in range(n):
        a = -math.pi / 2 + 2 * math.pi * i / n
        ring.stroke(_rgba(_RIM, 255), [c, (R + outer * math.cos(a), R + outer * math.sin(a))],
                    max(0.8, d * 0.035))
    pen.paste(ring)
    if amount is None:  # a plain hub: "a colour of your choice"
        hub = R * 0.34
        pen.circle(_RIM, c, hub + max(0.8, d * 0.04))
        pen.circle(_HUB, c, hub)
    else:  # a dark hub behind the number keeps it readable over any segment
        hub = R * 0.5
        pen.circle(_rgba(_RIM, 200), c, hub)
    shine = pen.layer(WHITE)
    shine.circle((255, 255, 255, 50), (R * 0.8, R * 0.7), R * 0.6)
    mask = pen.layer(WHITE)
    mask.circle((255, 255, 255, 255), c, outer)
    pen.paste(shine, mask)
    out = pen.done()
    if amount is not None:
        _put(out, str(amount), _px(d * 0.7), WHITE, c, outline=_RIM)
    return _finish(out)
