"""Playing Saba's table with posted mouse events, as a person would (tests' helpers)."""

from __future__ import annotations

import pygame

from splendor.saba.engine import Action
from splendor.ui.app import App
from splendor.ui.saba.choices import legal_at, target_of
from splendor.ui.saba.table import SabaTableScene
from splendor.ui.saba.targets import rect_of

#: Seconds a frame lasts in these tests (bots' moves are shown for a moment).
FRAME = 0.05


def click(app: App, pos: tuple[int, int]) -> None:
    """Press and release the left button at `pos`, then a frame passes."""
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(FRAME)


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press at `start`, move to `end` in a few steps, release there."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for t in (0.25, 0.5, 0.75, 1.0):
        pos = (round(start[0] + (end[0] - start[0]) * t), round(start[1] + (end[1] - start[1]) * t))
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.step(FRAME)


def button_for(table: SabaTableScene, action: Action) -> tuple[int, int] | None:
    """Where the panel's button making `action` is, if one is shown."""
    panel = table.panel
    assert panel is not None
    for button in panel.buttons:
        if (
            button.key[0] == "act"
            and len(button.key) == 2
            and table.offered[button.key[1]] == action
        ):
            return button.rect.center
    return None


def make(app: App, table: SabaTableScene, action: Action) -> None:
    """Make `action` with the mouse: a click on its part of the board (and on its button
    when the part offers several decisions), or on its button."""
    view = table.view()
    target = target_of(action, view)
    if target is not None:
        assert table.layout is not None
        rect = rect_of(table.layout, view, table.data, target)
        assert rect is not None, f"{target} is not on the table"
        click(app, rect.center)
        if len(legal_at(view, table.data, target)) == 1:
            return
    where = button_for(table, action)
    assert where is not None, f"no button for {action.text()}"
    click(app, where)
