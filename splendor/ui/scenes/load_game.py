"""The load screen: saved games with date, players, round and scores; load or delete."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

import pygame

from splendor.storage.atomic import StorageError
from splendor.storage.saves import SaveInfo, delete_save, list_saves
from splendor.ui import theme, widgets
from splendor.ui.scenes.confirm import ConfirmScene
from splendor.ui.scenes.page import PageScene

ROWS = 8


def describe(info: SaveInfo) -> tuple[str, str]:
    """The row's two lines: its name and when, then who and how far (or the problem)."""
    name = {"autosave": "Autosave", "autosave.bak": "Autosave (backup)"}.get(info.name, info.name)
    when = info.saved_at.replace("T", " ")[:16]
    first = f"{name}  ·  {when}" if when else name
    if info.error:
        return first, f"Cannot be loaded: {info.error}"
    scores = ", ".join(f"{p} {s}" for p, s in zip(info.players, info.scores, strict=False))
    status = "finished" if info.over else f"round {info.round}"
    return first, f"{status}  ·  {scores}" if scores else status


class LoadGameScene(PageScene):
    """Click a save to resume it; Delete asks for confirmation first."""

    title = "Load game"

    def __init__(self, on_load: Callable[[Path], None]) -> None:
        super().__init__()
        self.on_load = on_load
        self.message = ""
        self.refresh()
        self._top = 0

    def refresh(self) -> None:
        try:
            self.saves = list_saves()
        except StorageError as exc:
            self.saves, self.message = [], str(exc)

    def ask_delete(self, info: SaveInfo) -> None:
        assert self.app is not None
        label = describe(info)[0]
        self.app.stack.push(ConfirmScene("Delete this save?", label, "Delete",
                                         lambda: self.delete(info)))

    def delete(self, info: SaveInfo) -> None:
        try:
            delete_save(info.path)
        except StorageError as exc:
            self.message = str(exc)
        self.refresh()

    def handle_page_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self._top = max(0, min(max(0, len(self.saves) - ROWS), self._top - event.y))

    def draw_content(self, surface: pygame.Surface, inner: pygame.Rect,
                     scale: widgets.Scale) -> None:
        px = scale.px
        y = inner.y
        if self.message:
            note = theme.text(self.message, scale.text(15), theme.DANGER)
            surface.blit(note, (inner.x, y))
            y += px(26)
        if not self.saves:
            empty = theme.text("No saved games yet.", scale.text(18), theme.TEXT_DIM)
            surface.blit(empty, empty.get_rect(midtop=(inner.centerx, y + px(40))))
        row_h = px(54)
        for info in self.saves[self._top:self._top + ROWS]:
            row = pygame.Rect(inner.x, y, inner.width, row_h - px(6))
            pygame.draw.rect(surface, theme.TABLE_DARK, row, border_radius=px(8))
            first, second = describe(info)
            delete = pygame.Rect(0, 0, px(100), px(34))
            delete.midright = (row.right - px(10), row.centery)
            text_w = delete.x - row.x - px(24)
            color = theme.TEXT if info.error is None else theme.TEXT_DIM
            surface.blit(widgets.fit_text(first, scale.text(17), text_w, color, bold=True),
                         (row.x + px(12), row.y + px(4)))
            surface.blit(widgets.fit_text(second, scale.text(14), text_w,
                                          theme.TEXT_DIM if info.error is None else theme.DANGER),
                         (row.x + px(12), row.y + px(26)))
            widgets.draw_flat_button(surface, delete, "Delete", px, text_px=15)
            self.spots.append((delete, functools.partial(self.ask_delete, info)))
            if info.error is None:
                self.spots.append((row, functools.partial(self.on_load, info.path)))
            y += row_h
