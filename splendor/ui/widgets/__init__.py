"""Small widgets drawn with the theme: buttons, choices, a text field, labels, a form.

Scenes compute every rectangle from the window size (again on `resize`) with a `Scale`,
so lengths follow `ui_scale` and text never drops under `MIN_TEXT_PX`. Widgets read the
pointer from `event.pos`, never from `pygame.mouse`, so posted events behave like real
ones. A `Form` routes events to its widgets and owns the keyboard focus (Tab and
Shift+Tab move it; a click moves it to the widget clicked).

The package, one module per kind of thing: `style` (state colours), `events`, `scale`,
`text` (fitting text), `drawing` (felt, panels, shadows, focus ring), `gems` (gem and
crown images), `widget` (`Widget`, `Label`), `buttons` (`Button`, `draw_flat_button`),
`choices` (`Choice`, `Toggle`), `text_input`, `form`, and `spots` (hover and keyboard
focus for places a scene draws by hand).
"""

from __future__ import annotations

from splendor.ui.widgets.buttons import Button, draw_flat_button
from splendor.ui.widgets.choices import Choice, Toggle
from splendor.ui.widgets.drawing import draw_background, draw_focus_ring, draw_panel, draw_shadow
from splendor.ui.widgets.events import CLICK
from splendor.ui.widgets.form import Form
from splendor.ui.widgets.gems import crown_image, draw_gem, gem_image
from splendor.ui.widgets.scale import Scale
from splendor.ui.widgets.spots import Spot, SpotFocus, draw_hover
from splendor.ui.widgets.style import (
    BUTTON_DISABLED,
    BUTTON_FILL,
    BUTTON_HOVER,
    BUTTON_PRESSED,
    EDGE_DISABLED,
    FIELD_FILL,
    PRIMARY_FILL,
    PRIMARY_HOVER,
    PRIMARY_PRESSED,
    TEXT_DISABLED,
)
from splendor.ui.widgets.text import (
    blit_center,
    draw_lines,
    draw_text,
    fit_text,
    line_height,
    lines_height,
    wrap,
)
from splendor.ui.widgets.text_input import TextInput
from splendor.ui.widgets.widget import Label, Widget

__all__ = [
    "BUTTON_DISABLED",
    "BUTTON_FILL",
    "BUTTON_HOVER",
    "BUTTON_PRESSED",
    "CLICK",
    "EDGE_DISABLED",
    "FIELD_FILL",
    "PRIMARY_FILL",
    "PRIMARY_HOVER",
    "PRIMARY_PRESSED",
    "TEXT_DISABLED",
    "Button",
    "Choice",
    "Form",
    "Label",
    "Scale",
    "Spot",
    "SpotFocus",
    "TextInput",
    "Toggle",
    "Widget",
    "blit_center",
    "crown_image",
    "draw_background",
    "draw_flat_button",
    "draw_focus_ring",
    "draw_gem",
    "draw_hover",
    "draw_lines",
    "draw_panel",
    "draw_shadow",
    "draw_text",
    "fit_text",
    "gem_image",
    "line_height",
    "lines_height",
    "wrap",
]
