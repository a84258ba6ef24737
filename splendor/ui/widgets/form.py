"""A form: routes events to its widgets and owns the keyboard focus."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

from splendor.ui.widgets.events import CLICK, _button, _mods
from splendor.ui.widgets.widget import Widget


class Form:
    """A set of widgets with one keyboard focus.

    Mouse events go to every widget (hover, press, release); keyboard and text events
    go to the focused widget. Tab and Shift+Tab move the focus; a click gives it to the
    widget under the pointer (or takes it away when the click lands elsewhere); a press on
    a button or choice released elsewhere is no click and leaves nothing focused.
    """

    def __init__(self, widgets: Iterable[Widget] = (), *, always_show_focus: bool = False) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus: Widget | None = None
        self.always_show_focus = always_show_focus
        #: The widget the mouse button went down on (until it comes up).
        self.pressed: Widget | None = None

    def set_widgets(self, widgets: Iterable[Widget]) -> None:
        self.widgets = list(widgets)
        if self.focus is not None and self.focus not in self.widgets:
            self.set_focus(None)

    def focusable(self) -> list[Widget]:
        return [w for w in self.widgets if w.focusable and w.interactive]

    def set_focus(self, widget: Widget | None, *, visible: bool = False,
                  by_click: bool = False) -> None:
        """Give the keyboard focus to `widget` (None: to nobody); `visible` shows the
        ring (keyboard navigation), `by_click` says a click gave it."""
        if self.focus is not None:
            self.focus.focused = False
            self.focus.focus_visible = False
        self.focus = widget
        if widget is not None:
            widget.focused = True
            widget.focus_visible = visible or self.always_show_focus
            widget.focus_gained(by_click)

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
                    self.set_focus(target, by_click=True)
                else:
                    target.focus_visible = self.always_show_focus
            elif self.focus is not None and not self.always_show_focus:
                self.set_focus(None)
            self.pressed = target
            return target.handle_event(event) if target is not None else False
        if event.type == pygame.MOUSEBUTTONUP:
            used = False
            for w in list(self.widgets):
                if w.handle_event(event):
                    used = True
                    break
            pressed, self.pressed = self.pressed, None
            if (_button(event) == CLICK and pressed is not None and pressed is self.focus
                    and pressed.cancelled_press_drops_focus and not pressed.contains(event.pos)
                    and not self.always_show_focus):
                # Pressed, dragged away and let go: no click, so no focus either.
                self.set_focus(None)
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
