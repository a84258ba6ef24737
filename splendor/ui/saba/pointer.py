"""The mouse on Saba's table: a press, a drag and a release turned into the player's
intents (a click on a part or a button, a card or a figure dropped somewhere), the
tooltip of the part the pointer rests on, and a card shown large (zoom.py: resting on it
a moment, or a right-click). What the intents mean is the scene's."""

from __future__ import annotations

from typing import Protocol

import pygame

from splendor.saba.engine import Action, Buy, Place, SabaData, SabaView
from splendor.ui.saba.choices import Target
from splendor.ui.saba.layout import SabaLayout
from splendor.ui.saba.targets import target_at as part_at
from splendor.ui.saba.tips import tip_box, tip_text
from splendor.ui.saba.zoom import (
    SabaZoom,
    SabaZoomTarget,
    ZoomPicture,
    place_zoom,
    target_at,
    zoom_targets,
)

#: Pixels (at 1280x720) the pointer must move before a press becomes a drag.
DRAG_THRESHOLD = 8
#: What may be dragged: a card of the build spaces, one's figures in supply.
DRAGGED = ("card", "figures")


class PointerTarget(Protocol):
    """What the pointer asks of the table scene."""

    layout: SabaLayout | None
    data: SabaData
    you: int | None

    @property
    def version(self) -> int: ...

    def view(self) -> SabaView: ...
    def acting(self) -> bool: ...
    def button_at(self, pos: tuple[int, int]) -> int | None: ...
    def press_button(self, index: int) -> None: ...
    def click(self, target: Target) -> None: ...
    def play(self, action: Action) -> bool: ...


class SabaPointer:
    """The gesture in progress and the tooltip (see the module docstring)."""

    def __init__(self, table: PointerTarget) -> None:
        self.table = table
        #: Where the pointer is; what was pressed (a part or a button's index) and where.
        self.pos: tuple[int, int] | None = None
        self._press: tuple[Target | int, tuple[int, int]] | None = None
        #: The part being dragged, once the pointer moved far enough.
        self.dragging: Target | None = None
        #: The panel button under the pointer.
        self.hover_button: int | None = None
        #: The tooltip of the part under the pointer: its words and box.
        self.tip: tuple[str, pygame.Rect] | None = None
        #: The card shown large, and its picture as laid out (for the game as it was).
        self.zoom = SabaZoom()
        self.zoom_picture: ZoomPicture | None = None
        self._zoom_for: tuple[object, int] | None = None

    def forget(self) -> None:
        """Another scene covers the table, or the window changed: nothing lit, no tooltip,
        no card shown large."""
        self.tip = None
        self.hover_button = None
        self.zoom.close()
        self.place_zoom()

    def zoomed(self, pos: tuple[int, int]) -> None:
        """A right-click at `pos`: the card there shown large at once (elsewhere: closed)."""
        self.zoom.open(self._zoom_at(pos))
        self.tip = None
        self.place_zoom()

    def close_zoom(self) -> bool:
        """Escape: close the card shown large; True when one was shown."""
        closed = self.zoom.close()
        self.place_zoom()
        return closed

    def pass_time(self, dt: float) -> bool:
        """The hover's wait: True when the picture changed (a card shown, or gone)."""
        lay = self.table.layout
        if lay is None:
            return False
        changed = self.zoom.update(
            dt, lambda: zoom_targets(lay, self.table.view(), self.table.data)
        )
        if self.zoom.shown is not None:
            self.tip = None  # the card shown large says more
        return self.place_zoom() or changed

    def place_zoom(self) -> bool:
        """Lay the card shown large out again when it or the game changed; True when the
        picture changed."""
        shown, lay = self.zoom.shown, self.table.layout
        key = (shown, self.table.version) if shown is not None and lay is not None else None
        if key == self._zoom_for:
            return False
        self._zoom_for = key
        self.zoom_picture = None
        if shown is not None and lay is not None:
            self.zoom_picture = place_zoom(lay, shown, self.table.view(), self.table.data)
        return True

    def _zoom_at(self, pos: tuple[int, int]) -> SabaZoomTarget | None:
        lay = self.table.layout
        if lay is None:
            return None
        return target_at(zoom_targets(lay, self.table.view(), self.table.data), pos)

    def down(self, pos: tuple[int, int]) -> None:
        self.tip = None
        self.zoom.close()
        self.place_zoom()
        button = self.table.button_at(pos)
        if button is not None:
            self._press = (button, pos)
            return
        lay = self.table.layout
        assert lay is not None
        target = part_at(lay, self.table.view(), self.table.data, pos)
        self._press = (target, pos) if target is not None else None

    def move(self, pos: tuple[int, int]) -> None:
        self.pos = pos
        self.hover_button = self.table.button_at(pos)
        press, lay = self._press, self.table.layout
        if press is not None and isinstance(press[0], Target) and self.dragging is None:
            moved = abs(pos[0] - press[1][0]) + abs(pos[1] - press[1][1])
            threshold = lay.px(DRAG_THRESHOLD) if lay is not None else DRAG_THRESHOLD
            if moved >= threshold and press[0].kind in DRAGGED and self.table.acting():
                self.dragging = press[0]
        # No card shown large while a button is held (a press, a drag).
        self.zoom.point(None if press is not None else self._zoom_at(pos))
        self.place_zoom()
        self.place_tip(pos)

    def up(self, pos: tuple[int, int]) -> None:
        press, self._press = self._press, None
        dragged, self.dragging = self.dragging, None
        if press is None:
            return
        what, _ = press
        if isinstance(what, int):
            if self.table.button_at(pos) == what:
                self.table.press_button(what)
            return
        lay = self.table.layout
        assert lay is not None
        under = part_at(lay, self.table.view(), self.table.data, pos)
        if dragged is not None:
            self._drop(dragged, pos, under)
        elif under == what:
            self.table.click(what)

    def _drop(self, dragged: Target, pos: tuple[int, int], under: Target | None) -> None:
        """A card of the build spaces dropped in one's own band is bought; one's figure
        dropped on a quarter is put there."""
        lay = self.table.layout
        assert lay is not None
        if dragged.kind == "card" and isinstance(dragged.key, str) and lay.own.collidepoint(pos):
            self.table.play(Buy(dragged.key))
        elif (
            dragged.kind == "figures"
            and under is not None
            and under.kind == "quarter"
            and isinstance(under.key, str)
        ):
            self.table.play(Place(under.key))

    def place_tip(self, pos: tuple[int, int]) -> None:
        """The tooltip of the part under the pointer, placed beside it (on the event)."""
        lay = self.table.layout
        if (
            lay is None
            or self.dragging is not None
            or self.hover_button is not None
            or self.zoom.shown is not None  # the card shown large says more
        ):
            self.tip = None
            return
        view = self.table.view()
        target = part_at(lay, view, self.table.data, pos)
        text = tip_text(target, view, self.table.data, self.table.you) if target else ""
        if not text:
            self.tip = None
            return
        window = pygame.Rect((0, 0), lay.size)
        self.tip = (text, tip_box(text, lay.text(15), pos, lay.px(340), window, lay.px(8)))
