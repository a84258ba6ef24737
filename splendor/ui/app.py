"""The window and the frame loop that drives the scene stack."""

from __future__ import annotations

import contextlib
import os
import warnings

import pygame

from splendor.resources import icon_path
from splendor.storage.untrusted import MAX_WINDOW, MIN_WINDOW, clamp_window
from splendor.ui import WINDOW_CLASS, theme
from splendor.ui.scene import Scene, SceneStack

MIN_SIZE = MIN_WINDOW
#: The window's class on X11 (see assets/splendor.desktop; set in splendor/ui/__init__).
WM_CLASS = WINDOW_CLASS
DEFAULT_SIZE = (1280, 720)
#: Frames per second while something moves; when idle the loop sleeps between events.
FPS = 60
IDLE_FPS = 15


class App:
    """Owns the window, the clock and the scene stack."""

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, *, fullscreen: bool = False) -> None:
        pygame.init()
        pygame.display.set_caption("Splendor")
        with contextlib.suppress(pygame.error, OSError):  # no icon is no reason not to play
            pygame.display.set_icon(pygame.image.load(str(icon_path(64))))
        # Within the sizes `--size` accepts, whoever asks (settings, a resize event).
        self.windowed_size = clamp_window(*size)
        self.fullscreen = fullscreen
        self.screen = self._open_window()
        self.stack = SceneStack(self)
        self.clock = pygame.time.Clock()
        self.running = False
        self._redraw = True
        #: Where the pointer was last seen over the window (None: outside it), from the
        #: events themselves: a scene back on top lights what lies under it at once.
        self.pointer: tuple[int, int] | None = None

    @property
    def headless(self) -> bool:
        return os.environ.get("SDL_VIDEODRIVER") == "dummy"

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        # The window system keeps the window within the sizes the game lays out for, so a
        # resize needs no new window (reopening one makes it jump or flicker).
        window = _display_window()
        if window is not None:
            with contextlib.suppress(pygame.error):
                window.minimum_size = MIN_WINDOW
                window.maximum_size = MAX_WINDOW
        return screen

    def _resized_surface(self) -> pygame.Surface:
        """The window's surface at `windowed_size`, keeping the window: SDL has usually
        resized it already; a size outside the limits is set back on the same window; only
        a driver that resizes nothing (the headless one) gets a new window."""
        surface = pygame.display.get_surface()
        window = _display_window()
        if surface is not None and surface.get_size() != self.windowed_size \
                and window is not None:
            with contextlib.suppress(pygame.error):
                window.size = self.windowed_size
                surface = pygame.display.get_surface()
        if surface is not None and surface.get_size() == self.windowed_size:
            return surface
        return self._open_window()

    def request_redraw(self) -> None:
        self._redraw = True

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.screen = self._open_window()
        self.stack.resize(self.size)
        self.request_redraw()

    def handle_event(self, event: pygame.event.Event) -> None:
        """Window-level events first (quit, resize, F11), then the scenes."""
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self.windowed_size = clamp_window(event.w, event.h)
            self.screen = self._resized_surface()
            self.stack.resize(self.size)
            self.request_redraw()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.pointer = event.pos
        elif event.type == pygame.WINDOWLEAVE:
            self.pointer = None
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED):
            self.request_redraw()
        if self.stack.dispatch(event):
            self.request_redraw()

    def step(self, dt: float) -> None:
        """One frame: events, update, and a draw when anything changed."""
        for event in pygame.event.get():
            self.handle_event(event)
        self.stack.update(dt)
        if self._redraw or self.stack.busy:
            self.render()

    def render(self) -> None:
        self.stack.draw(self.screen)
        pygame.display.flip()
        self._redraw = False

    def run(self, first: Scene | None = None) -> None:
        """Run until the window closes or a scene stops the app (`first` is pushed
        first, unless scenes were pushed before)."""
        if first is not None:
            self.stack.push(first)
        self.running = True
        dt = 0.0
        while self.running and self.stack.top is not None:
            self.step(dt)
            # Clock.tick sleeps, so an idle window does not spin the CPU.
            dt = self.clock.tick(FPS if self.stack.busy else IDLE_FPS) / 1000.0

    def quit(self) -> None:
        self.running = False

    def close(self) -> None:
        """Close the window and pygame (a later App starts afresh)."""
        pygame.quit()
        theme.forget_fonts()


def _display_window() -> pygame.Window | None:
    """The window `set_mode` opened, for what `pygame.display` cannot set (its size
    limits, a size without a new window); None where this pygame-ce has no such call."""
    # from_display_module warns that surface rendering should move to Window.get_surface;
    # the game draws through pygame.display, and only sizes the window through this.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            return pygame.Window.from_display_module()
        except (AttributeError, pygame.error):
            return None
