"""Shared look of the overlays: a dimmed table and a centred card-like box; the dialogs'
buttons lit under the pointer and reachable by the keyboard (`ButtonsOverlay`).

An overlay is laid out (`layout`: its box, then what `place` puts in it) on entering, on a
resize and on a change of language (the game resizes every scene), and when what it shows
changes (`state`: a refusal, a hint, a choice; followed on the event or update that
changed it), never while drawing: `draw` draws the box where it was laid out.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

import pygame

from splendor.i18n import tr
from splendor.ui import theme
from splendor.ui.scene import Scene
from splendor.ui.widgets import SpotFocus, draw_flat_button, draw_text


class Overlay(Scene):
    """A modal box over the table; subclasses fill `place` and `draw_body`."""

    opaque = False
    modal = True
    #: The catalog entry of the box's title.
    title_key = ""
    box_size = (560, 320)

    def __init__(self) -> None:
        super().__init__()
        #: The box as last laid out, where `draw` puts it; the window's size and what
        #: `state` said then.
        self._box = pygame.Rect(0, 0, 0, 0)
        self._size: tuple[int, int] = (0, 0)
        self._laid_out_state: tuple[object, ...] | None = None

    @property
    def title(self) -> str:
        """The title in the language in use (the catalog entry `title_key`)."""
        return tr(self.title_key) if self.title_key else ""

    def box(self, surface: pygame.Surface) -> pygame.Rect:
        """The centred box: `box_size` (design units), grown to `content_height` when the
        words need it, never bigger than the window (worked out when laid out)."""
        s = theme.ui_scale(surface.get_size())
        w = min(round(self.box_size[0] * s), surface.get_width() - round(40 * s))
        h = max(round(self.box_size[1] * s), self.content_height(surface, w))
        rect = pygame.Rect(0, 0, w, min(h, surface.get_height() - round(20 * s)))
        rect.center = surface.get_rect().center
        return rect

    def content_height(self, surface: pygame.Surface, width: int) -> int:
        """How tall the box must be, title included, for its content at `width` (0: the
        content always fits `box_size`)."""
        return 0

    def px(self, surface: pygame.Surface, value: float) -> int:
        return max(1, round(value * theme.ui_scale(surface.get_size())))

    def text_px(self, surface: pygame.Surface, value: float) -> int:
        """A design text size for this window, never under the smallest readable size."""
        return max(theme.MIN_TEXT_PX, round(value * theme.ui_scale(surface.get_size())))

    def scaler(self, surface: pygame.Surface) -> Callable[[float], int]:
        """`px` bound to this surface's size."""
        return functools.partial(self.px, surface)

    # ------------------------------------------------------------------ layout

    def resize(self, size: tuple[int, int]) -> None:
        self.layout(size)

    def update(self, dt: float) -> None:
        self.follow_state()

    def state(self) -> tuple[object, ...]:
        """What the layout depends on besides the window's size and the language (a
        resize or a change of language lays out for those): a refusal, a hint, a choice
        made. Values, not words, so that only a real change lays out again."""
        return ()

    def follow_state(self) -> None:
        """Lay out again when `state` changed since the last layout (on the event or the
        update that changed it)."""
        if self.app is not None and self.state() != self._laid_out_state:
            self.layout(self._size)

    def relayout(self) -> None:
        """Lay out again at once (after a change `state` does not see)."""
        if self.app is not None:
            self.layout(self._size)

    def layout(self, size: tuple[int, int]) -> None:
        """Place the box and its content for a window of `size` in the language in use."""
        self._size = size
        self._laid_out_state = self.state()
        surface = pygame.Surface(size)  # a scratch of the window's size, never shown
        self._box = self.box(surface)
        self.place(surface, self._box)
        if self.app is not None:
            self.app.request_redraw()

    def place(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Place the content in `box` (for a window the size of `surface`)."""

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        box = self._box
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=self.px(surface, 14))
        pygame.draw.rect(surface, theme.ACTIVE, box, 2, border_radius=self.px(surface, 14))
        px = self.scaler(surface)
        draw_text(surface, self.title, px(22), theme.TEXT,
                  pygame.Rect(box.x + px(20), box.y + px(14), box.w - px(40), px(32)),
                  valign="top", bold=True)
        self.draw_body(surface, box)

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Draw the overlay's content inside `box`."""

    def close(self) -> None:
        """Take the overlay off the stack (the scene under it resumes)."""
        if self.app is not None:
            self.app.stack.remove(self)

    def button(self, surface: pygame.Surface, rect: pygame.Rect, label: str,
               enabled: bool = True) -> None:
        draw_flat_button(surface, rect, label, self.scaler(surface), enabled)


class ButtonsOverlay(Overlay):
    """An overlay whose buttons (or tiles) light up under the pointer and answer the
    keyboard as the pause menu's do: Tab and the arrows move a visible focus, Enter or
    Space activates it (see `SpotFocus`). `place` hands the clickable places to `focus`,
    in reading order.
    """

    def __init__(self) -> None:
        super().__init__()
        self.focus = SpotFocus()

    def pause(self) -> None:
        self.focus.forget_pointer()  # another scene covers the buttons

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.focus.draw(surface, self.px(surface, 8))
