"""The load screen: saved games with date, players, round, scores and the Cities of
Splendor module played; load, review, analyse (a finished game) or delete."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from datetime import datetime
from pathlib import Path

import pygame

from splendor.i18n import tr
from splendor.storage.atomic import StorageError
from splendor.storage.saves import SaveInfo, delete_save, list_saves
from splendor.storage.untrusted import SAVE_PROBLEMS
from splendor.ui import theme, widgets
from splendor.ui.scenes.confirm import ConfirmScene
from splendor.ui.scenes.message import Text, resolve
from splendor.ui.scenes.page import PageScene
from splendor.ui.wording import module_name


def saved_when(saved_at: str) -> str:
    """When a game was saved, in numbers and the player's local time ('' if unknown)."""
    try:
        moment = datetime.fromisoformat(saved_at)
    except ValueError:
        return ""
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return tr("saves.load.date", year=f"{moment.year:04d}", month=f"{moment.month:02d}",
              day=f"{moment.day:02d}", hour=f"{moment.hour:02d}",
              minute=f"{moment.minute:02d}")


def save_name(info: SaveInfo) -> str:
    """The save's name as the list shows it (the automatic saves get a translated name)."""
    if info.name == "autosave":
        return tr("saves.load.autosave")
    if info.name == "autosave.bak":
        return tr("saves.load.autosave_backup")
    return info.name


def problem_reason(kind: str, params: Mapping[str, str] | None = None) -> str:
    """Why a save cannot be loaded, from its SaveError kind (and params: the unknown
    module's name), in the player's language."""
    if kind in SAVE_PROBLEMS:
        return tr(f"checks.save_problem.{kind}", None, **(params or {}))
    return tr(f"saves.problem.{kind}")


def describe(info: SaveInfo) -> tuple[str, str]:
    """The row's two lines: its name and when, then who and how far and the module played
    (or the problem)."""
    name = save_name(info)
    when = saved_when(info.saved_at)
    first = tr("saves.load.heading", name=name, when=when) if when else name
    if info.error:
        # The detail is in the log.
        return first, problem_reason(info.error_kind, info.error_params)
    scores = tr("common.list_comma").join(
        tr("saves.load.score", player=p, score=s)
        for p, s in zip(info.players, info.scores, strict=False))
    status = tr("saves.load.finished") if info.over else tr("saves.load.round", round=info.round)
    second = tr("saves.load.summary", status=status, scores=scores) if scores else status
    if info.module is not None:
        second = tr("saves.load.module", summary=second, module=module_name(info.module))
    return first, second


class LoadGameScene(PageScene):
    """Click a save to resume it; Review steps through its game (a save that cannot be
    loaded says why); Delete asks for confirmation first."""

    title_key = "saves.load.title"

    def __init__(self, on_load: Callable[[Path], None],
                 on_review: Callable[[Path], None] | None = None,
                 on_analyse: Callable[[Path], None] | None = None) -> None:
        """`on_analyse`: the expert's review of a finished game (an Analyse button on
        each finished save's row)."""
        super().__init__()
        self.on_load = on_load
        self.on_review = on_review
        self.on_analyse = on_analyse
        self._message: Text = ""
        #: The first save shown, and how many the last frame had room for.
        self._top = 0
        self._shown = 1
        self.refresh()

    @property
    def message(self) -> str:
        """What went wrong listing or deleting saves, or ''."""
        return resolve(self._message)

    def refresh(self) -> None:
        try:
            self.saves = list_saves()
        except StorageError as exc:
            detail = str(exc)
            self.saves = []
            self._message = lambda: tr("saves.load.list_failed", detail=detail)
        self._top = max(0, min(self._top, len(self.saves) - 1))

    def ask_delete(self, info: SaveInfo) -> None:
        assert self.app is not None
        self.app.stack.push(ConfirmScene(lambda: tr("saves.load.delete_title"),
                                         lambda: describe(info)[0],
                                         lambda: tr("common.button.delete"),
                                         lambda: self.delete(info)))

    def delete(self, info: SaveInfo) -> None:
        try:
            delete_save(info.path)
        except StorageError as exc:
            detail = str(exc)
            self._message = lambda: tr("saves.load.delete_failed", detail=detail)
        self.refresh()

    def handle_page_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            last = max(0, len(self.saves) - self._shown)
            self._top = max(0, min(last, self._top - event.y))

    def draw_content(self, surface: pygame.Surface, inner: pygame.Rect,
                     scale: widgets.Scale) -> None:
        px = scale.px
        y = inner.y
        if self.message:
            box = pygame.Rect(inner.x, y, inner.width, inner.bottom - y)
            y = widgets.draw_lines(surface, self.message, scale.text(15), theme.DANGER,
                                   box) + px(6)
        if not self.saves:
            box = pygame.Rect(inner.x, y + px(40), inner.width, inner.bottom - y - px(40))
            widgets.draw_lines(surface, tr("saves.load.empty"), scale.text(18), theme.TEXT_DIM,
                               box, align="center")
        first_px, second_px = scale.text(17), scale.text(14)
        delete_label = tr("common.button.delete")
        delete_w = max(px(100), theme.text(delete_label, scale.text(15), bold=True).get_width()
                       + px(24))
        review_label = tr("review.open")
        review_w = max(px(100), theme.text(review_label, scale.text(15), bold=True).get_width()
                       + px(24)) if self.on_review is not None else 0
        analyse_label = tr("analysis.open")
        analyse_w = max(px(100), theme.text(analyse_label, scale.text(15), bold=True).get_width()
                        + px(24)) if self.on_analyse is not None else 0
        buttons_w = delete_w + (review_w + px(10) if review_w else 0) \
            + (analyse_w + px(10) if analyse_w else 0)
        self._shown = 0
        for info in self.saves[self._top:]:
            first, second = describe(info)
            delete = pygame.Rect(0, 0, delete_w, px(34))
            text_x = inner.x + px(12)
            text_w = inner.right - px(10) - buttons_w - px(14) - text_x
            top_h = widgets.line_height(first_px)
            second_h = widgets.lines_height(second, second_px, text_w)
            row = pygame.Rect(inner.x, y, inner.width,
                              max(px(48), px(4) + top_h + second_h + px(6)))
            if row.bottom > inner.bottom - px(10):
                break  # the rest is reached with the mouse wheel
            pygame.draw.rect(surface, theme.TABLE_DARK, row, border_radius=px(8))
            delete.midright = (row.right - px(10), row.centery)
            color = theme.TEXT if info.error is None else theme.TEXT_DIM
            widgets.draw_text(surface, first, first_px, color,
                              pygame.Rect(text_x, row.y + px(4), text_w, top_h),
                              align="left", bold=True)
            widgets.draw_lines(surface, second, second_px,
                               theme.TEXT_DIM if info.error is None else theme.DANGER,
                               pygame.Rect(text_x, row.y + px(4) + top_h, text_w, second_h))
            widgets.draw_flat_button(surface, delete, delete_label, px, text_px=15)
            self.spots.append((delete, functools.partial(self.ask_delete, info)))
            if self.on_review is not None:
                review = pygame.Rect(0, 0, review_w, px(34))
                review.midright = (delete.x - px(10), row.centery)
                widgets.draw_flat_button(surface, review, review_label, px, text_px=15)
                # Also on a save that cannot be loaded: it then says why.
                self.spots.append((review, functools.partial(self.on_review, info.path)))
            if self.on_analyse is not None and info.over and info.error is None:
                analyse = pygame.Rect(0, 0, analyse_w, px(34))
                analyse.midright = ((review.x if self.on_review is not None else delete.x)
                                    - px(10), row.centery)
                widgets.draw_flat_button(surface, analyse, analyse_label, px, text_px=15)
                self.spots.append((analyse, functools.partial(self.on_analyse, info.path)))
            if info.error is None:
                self.spots.append((row, functools.partial(self.on_load, info.path)))
            y = row.bottom + px(6)
            self._shown += 1
        self._shown = max(1, self._shown)
        # Small arrows say that the mouse wheel shows more saves above or below.
        half = px(6)
        if self._top > 0:
            _arrow(surface, (inner.centerx, inner.y - px(11)), half, up=True)
        if self._top + self._shown < len(self.saves):
            _arrow(surface, (inner.centerx, inner.bottom + px(5)), half, up=False)


def _arrow(surface: pygame.Surface, tip: tuple[int, int], half: int, up: bool) -> None:
    """A small triangle pointing up or down, its tip at `tip`."""
    x, y = tip
    base = y + half if up else y - half
    pygame.draw.polygon(surface, theme.TEXT_DIM, [(x, y), (x - half, base), (x + half, base)])
