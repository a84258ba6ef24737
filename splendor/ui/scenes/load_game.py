"""The load screen: saved games with date, players, round, scores and the Cities of
Splendor module (or the other game: Saba) played; load, review, analyse (a finished game)
or delete."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pygame

from splendor.games import default_game, find_game
from splendor.i18n import tr
from splendor.storage.atomic import StorageError
from splendor.storage.saves import SaveInfo, delete_save, list_saves
from splendor.storage.untrusted import SAVE_PROBLEMS
from splendor.ui import theme, widgets
from splendor.ui.scenes.confirm import ConfirmScene
from splendor.ui.scenes.message import Text, resolve
from splendor.ui.scenes.page import PageScene, Spot
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
    module's name, the card data a game needs), in the player's language."""
    if kind in SAVE_PROBLEMS:
        return tr(f"checks.save_problem.{kind}", None, **(params or {}))
    return tr(f"saves.problem.{kind}", None, **(params or {}))


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
    game = find_game(info.game)
    if game != default_game():  # another game than Splendor is named as a module is
        second = tr("saves.load.module", summary=second, module=tr(game.name_key))
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
        #: The first save shown, and how many the layout had room for.
        self._top = 0
        self._shown = 1
        #: Where the note of what went wrong goes, the words of an empty list, the rows.
        self._note = pygame.Rect(0, 0, 0, 0)
        self._empty = pygame.Rect(0, 0, 0, 0)
        self._rows: list[_Row] = []
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
        self.relayout()  # the saves listed changed, or what went wrong

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
            top = max(0, min(last, self._top - event.y))
            if top != self._top:
                self._top = top
                self.relayout()

    def place_content(self, inner: pygame.Rect, scale: widgets.Scale) -> list[Spot]:
        """The note of what went wrong, then a row per save from `_top` while they fit,
        each with its buttons."""
        px = scale.px
        spots: list[Spot] = []
        y = inner.y
        self._note = pygame.Rect(inner.x, y, inner.width, 0)
        if self.message:
            self._note.h = widgets.lines_height(self.message, scale.text(15), inner.width)
            y = self._note.bottom + px(6)
        self._empty = pygame.Rect(inner.x, y + px(40), inner.width, inner.bottom - y - px(40))
        first_px, second_px = scale.text(17), scale.text(14)

        def width(key: str) -> int:
            return max(px(100), theme.text(tr(key), scale.text(15), bold=True).get_width()
                       + px(24))

        delete_w = width("common.button.delete")
        review_w = width("review.open") if self.on_review is not None else 0
        analyse_w = width("analysis.open") if self.on_analyse is not None else 0
        buttons_w = delete_w + (review_w + px(10) if review_w else 0) \
            + (analyse_w + px(10) if analyse_w else 0)
        self._rows = []
        for info in self.saves[self._top:]:
            _, second = describe(info)
            text_x = inner.x + px(12)
            text_w = inner.right - px(10) - buttons_w - px(14) - text_x
            top_h = widgets.line_height(first_px)
            second_h = widgets.lines_height(second, second_px, text_w)
            row = pygame.Rect(inner.x, y, inner.width,
                              max(px(48), px(4) + top_h + second_h + px(6)))
            if row.bottom > inner.bottom - px(10):
                break  # the rest is reached with the mouse wheel
            buttons: list[tuple[pygame.Rect, str]] = []
            delete = pygame.Rect(0, 0, delete_w, px(34))
            delete.midright = (row.right - px(10), row.centery)
            buttons.append((delete, "common.button.delete"))
            spots.append((delete, functools.partial(self.ask_delete, info)))
            left = delete.x
            if self.on_review is not None:
                review = pygame.Rect(0, 0, review_w, px(34))
                review.midright = (left - px(10), row.centery)
                buttons.append((review, "review.open"))
                # Also on a save that cannot be loaded: it then says why.
                spots.append((review, functools.partial(self.on_review, info.path)))
                left = review.x
            if self.on_analyse is not None and info.over and info.error is None:
                analyse = pygame.Rect(0, 0, analyse_w, px(34))
                analyse.midright = (left - px(10), row.centery)
                buttons.append((analyse, "analysis.open"))
                spots.append((analyse, functools.partial(self.on_analyse, info.path)))
            if info.error is None:
                spots.append((row, functools.partial(self.on_load, info.path)))
            self._rows.append(_Row(info, row, pygame.Rect(text_x, row.y + px(4), text_w, top_h),
                                   pygame.Rect(text_x, row.y + px(4) + top_h, text_w, second_h),
                                   buttons))
            y = row.bottom + px(6)
        self._shown = max(1, len(self._rows))
        return spots

    def draw_content(self, surface: pygame.Surface, inner: pygame.Rect,
                     scale: widgets.Scale) -> None:
        px = scale.px
        if self.message:
            widgets.draw_lines(surface, self.message, scale.text(15), theme.DANGER, self._note)
        if not self.saves:
            widgets.draw_lines(surface, tr("saves.load.empty"), scale.text(18), theme.TEXT_DIM,
                               self._empty, align="center")
        for row in self._rows:
            info = row.info
            first, second = describe(info)
            pygame.draw.rect(surface, theme.TABLE_DARK, row.rect, border_radius=px(8))
            color = theme.TEXT if info.error is None else theme.TEXT_DIM
            widgets.draw_text(surface, first, scale.text(17), color, row.first, align="left",
                              bold=True)
            widgets.draw_lines(surface, second, scale.text(14),
                               theme.TEXT_DIM if info.error is None else theme.DANGER,
                               row.second)
            for rect, key in row.buttons:
                widgets.draw_flat_button(surface, rect, tr(key), px, text_px=15)
        # Small arrows say that the mouse wheel shows more saves above or below.
        half = px(6)
        if self._top > 0:
            _arrow(surface, (inner.centerx, inner.y - px(11)), half, up=True)
        if self._top + self._shown < len(self.saves):
            _arrow(surface, (inner.centerx, inner.bottom + px(5)), half, up=False)


@dataclass(frozen=True)
class _Row:
    """A save's row as laid out: the save, the row, its two lines and its buttons (each
    with its catalog key)."""

    info: SaveInfo
    rect: pygame.Rect
    first: pygame.Rect
    second: pygame.Rect
    buttons: list[tuple[pygame.Rect, str]]


def _arrow(surface: pygame.Surface, tip: tuple[int, int], half: int, up: bool) -> None:
    """A small triangle pointing up or down, its tip at `tip`."""
    x, y = tip
    base = y + half if up else y - half
    pygame.draw.polygon(surface, theme.TEXT_DIM, [(x, y), (x - half, base), (x + half, base)])
