"""Colours for widget states, and colour mixing."""

from __future__ import annotations

from splendor.ui.theme import Color

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


def _mix(a: Color, b: Color, t: float) -> Color:
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )
