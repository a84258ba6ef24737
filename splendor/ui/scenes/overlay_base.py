"""Shared look of the overlays: a dimmed table and a centred card-like box; the dialogs'
buttons lit under the pointer and reachable by the keyboard (`ButtonsOverlay`)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from splendor.i18n import language, tr
from splendor.ui import theme
from splendor.ui.scene import Scene
from splendor.ui.widgets import SpotFocus, draw_flat_button, draw_text

if TYPE_CHECKING:
    from splendor.ui.app import App


class Overlay(Scene):
    """A modal box over the table; subclasses fill `draw_body`."""

    opaque = False
    modal = True
    #: The catalog entry of the box's title.
    title_key = ""
    box_size = (560, 320)

    @property
    def title(self) -> str:
        """The title in the language in use (the catalog entry `title_key`)."""
        return tr(self.title_key) if self.title_key else ""

    def box(self, surface: pygame.Surface) -> pygame.Rect:
        """The centred box: `box_size` (design units), grown to `content_height` when the
        words need it, never bigger than the window."""
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

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        box = self.box(surface)
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
    Space activates it (see `SpotFocus`).

    Its content is placed by `place` on entering, on resize and when `layout_key` changes
    (a language, a text: checked on each update), never while drawing; `place` hands the
    clickable places to `focus`.
    """

    def __init__(self) -> None:
        super().__init__()
        self.focus = SpotFocus()
        self._laid_out_for: tuple[object, ...] | None = None

    def enter(self, app: App) -> None:
        super().enter(app)
        self.lay_out(app.screen)

    def resize(self, size: tuple[int, int]) -> None:
        if self.app is not None:
            self.lay_out(self.app.screen)

    def update(self, dt: float) -> None:
        if self.app is not None:
            self.lay_out(self.app.screen)

    def pause(self) -> None:
        self.focus.forget_pointer()  # another scene covers the buttons

    def layout_key(self, surface: pygame.Surface) -> tuple[object, ...]:
        """What the placing depends on; the window's size and the language by default."""
        return (surface.get_size(), language(), self.title)

    def lay_out(self, surface: pygame.Surface) -> None:
        """Place the content for a window the size of `surface`, again only when
        `layout_key` changed."""
        key = self.layout_key(surface)
        if key == self._laid_out_for:
            return
        self._laid_out_for = key
        self.place(surface, self.box(surface))
        if self.app is not None:
            self.app.request_redraw()

    def place(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Place the content in `box` and give `focus` its places, in reading order."""

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.focus.draw(surface, self.px(surface, 8))
