"""Scenes and the scene stack.

A scene handles events, updates and draws. `draw` must never change game state.
Overlays (pause menu, token return, noble choice, confirmations, the pass screen) are
scenes pushed on top of the table; a scene that is not `opaque` lets the scenes below
it show through, and the stack draws from the topmost opaque scene upwards.
Events go to the top scene first and travel down until one consumes them; a `modal`
scene consumes every event it is given, so nothing below it reacts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from splendor.ui.app import App


class Scene:
    """Base class: override what the scene needs."""

    #: Whether the scene covers the whole window (scenes below it are not drawn).
    opaque = True
    #: Whether the scene consumes every event (nothing below it reacts).
    modal = True

    def __init__(self) -> None:
        self.app: App | None = None

    def enter(self, app: App) -> None:
        """Called when the scene is pushed: it is laid out for the window (`resize`), as
        after a resize or a change of language, so that drawing never lays out."""
        self.app = app
        self.resize(app.size)

    def exit(self) -> None:
        """Called when the scene is popped or replaced."""

    def pause(self) -> None:
        """Called when another scene is pushed on top of this one."""

    def resume(self) -> None:
        """Called when this scene is on top again."""

    def resize(self, size: tuple[int, int]) -> None:
        """Lay the scene out for a window of `size`: on entering, when the window changed
        size and when the language changed (words change widths)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True when the event was consumed."""
        return self.modal

    def update(self, dt: float) -> None:
        """Advance time by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene. Must not change any game state."""

    @property
    def busy(self) -> bool:
        """True while something moves, so the window must be redrawn every frame."""
        return False


class SceneStack:
    """A stack of scenes with push, pop and replace."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter(self.app)
        self.app.request_redraw()

    def pop(self) -> Scene:
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        self.app.request_redraw()
        return scene

    def remove(self, scene: Scene) -> None:
        """Pop `scene` and everything above it."""
        while scene in self.scenes:
            self.pop()

    def replace(self, scene: Scene) -> None:
        """Replace the whole stack with `scene`."""
        while self.scenes:
            self.pop()
        self.push(scene)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: from the topmost opaque scene up."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def dispatch(self, event: pygame.event.Event) -> bool:
        """Offer `event` to the scenes from the top down; True when one consumed it."""
        return any(scene.handle_event(event) for scene in reversed(list(self.scenes)))

    def update(self, dt: float) -> None:
        for scene in self.visible():
            scene.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self.scenes:
            scene.resize(size)

    @property
    def busy(self) -> bool:
        return any(scene.busy for scene in self.visible())
