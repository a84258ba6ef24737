"""Gestures posted as pygame events carrying `pos`, each followed by a frame of the app:
posted events do not move `pygame.mouse.get_pos()`, and the scenes read `event.pos`."""

from __future__ import annotations

from typing import Any

import pygame

from splendor.ui.app import App

DT = 0.05
Pos = tuple[int, int]


def frame(app: App) -> None:
    app.step(DT)


def post(kind: int, **attrs: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))


def press(app: App, pos: Pos) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    frame(app)


def release(app: App, pos: Pos) -> None:
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    frame(app)


def click(app: App, pos: Pos) -> None:
    press(app, pos)
    release(app, pos)


def hover(app: App, pos: Pos) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    frame(app)


def drag(app: App, start: Pos, end: Pos, steps: int = 6) -> None:
    """Press at `start`, move there in `steps` motions (one frame each), release at `end`."""
    press(app, start)
    for i in range(1, steps + 1):
        x = round(start[0] + (end[0] - start[0]) * i / steps)
        y = round(start[1] + (end[1] - start[1]) * i / steps)
        post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
        frame(app)
    release(app, end)


def key(app: App, k: int, mod: int = 0) -> None:
    post(pygame.KEYDOWN, key=k, mod=mod, unicode="")
    frame(app)
