"""The rules reference: a scrollable page of sections, illustrated with the game's art.

The text lives in `assets/<folder>/<language>.yaml`, the folder the game names
(`Game.rules_folder`: Splendor's `rules`, Saba's `rules/saba`; one file per language, same
sections and illustrations), headed by what the game must tell players (`Game.notice`),
loaded with `yaml.safe_load` (no anchors or aliases) and checked, its `{name}` placeholders
filled from the game (`Game.rules_fields`: a path on this computer); a broken
file is reported in place of the page instead of crashing. A tab for each game of the
registry above the page switches to that game's rules (a click, or ← →): Menu → Rules
reaches Saba's page, which carries its notice (RULES_SABA.md section 8). The page follows
the language
in use, even when it changes while the page is open: it is laid out (read, painted, its
frame and Back placed) on entering, on a resize and on a change of language (the game
resizes every scene), never while drawing.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from splendor.engine import color_index
from splendor.engine.modules import module_ids
from splendor.gamedata import base_game
from splendor.games import Game, default_game, games
from splendor.i18n import language, tr
from splendor.plain_yaml import YamlFileError, read_plain
from splendor.resources import assets_dir
from splendor.ui import art, theme, widgets
from splendor.ui.scene import Scene
from splendor.ui.widgets.text import draw_lines, draw_text, lines_height, wrap

__all__ = ["RulesScene", "RulesSection", "load_rules", "wrap"]


@dataclass(frozen=True)
class RulesSection:
    title: str
    paragraphs: tuple[str, ...]
    illustration: dict[str, Any] = field(default_factory=dict)
    #: The Cities of Splendor module the section explains (`module_ids()`), if any.
    module: str | None = None


#: A placeholder of a rules paragraph: `{data_file}`.
_FIELD = re.compile(r"\{(\w+)\}")


def load_rules(language: str = "en", folder: Path | None = None,
               fields: Mapping[str, str] | None = None) -> tuple[str, list[RulesSection]]:
    """The page title and its sections, the placeholders `fields` names filled in (others
    left as written); ValueError naming the file and the problem."""
    values = fields or {}
    path = (folder or assets_dir() / "rules") / f"{language}.yaml"
    try:
        doc = read_plain(path)
    except YamlFileError as exc:
        raise ValueError(f"{path.name}: cannot read the rules: {exc}") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("sections"), list):
        raise ValueError(f"{path.name}: expected a title and a list of sections")
    sections = []
    for n, raw in enumerate(doc["sections"], 1):
        if not isinstance(raw, dict) or not isinstance(raw.get("title"), str):
            raise ValueError(f"{path.name}: section {n}: needs a title")
        paragraphs = raw.get("paragraphs", [])
        if not isinstance(paragraphs, list) or not all(isinstance(p, str) for p in paragraphs):
            raise ValueError(f"{path.name}: section {n} ({raw['title']}): paragraphs must be text")
        picture = raw.get("illustration") or {}
        if not isinstance(picture, dict):
            raise ValueError(f"{path.name}: section {n}: illustration must be a mapping")
        module = raw.get("module")
        if module is not None and module not in module_ids():
            raise ValueError(f"{path.name}: section {n}: unknown module {module!r}")
        texts = (_FIELD.sub(lambda m: values.get(m[1], m[0]), " ".join(p.split()))
                 for p in paragraphs)
        sections.append(RulesSection(raw["title"], tuple(texts), picture, module))
    return str(doc.get("title", "Rules")), sections


class RulesScene(Scene):
    """Scroll with the wheel, the arrow keys, Page Up/Down or Home/End; another game's tab
    or ← → switches game; Back or Escape."""

    def __init__(self, module: str | None = None, game: Game | None = None) -> None:
        """The rules of `game` (default: Splendor); `module`: open at the section
        explaining that Cities of Splendor module."""
        super().__init__()
        self.game = game or default_game()
        self.language = ""
        self.title, self.error = "", ""
        self.sections: list[RulesSection] = []
        self._load()
        self.scroll = 0
        self._start = module
        self._page: pygame.Surface | None = None
        #: Where each section starts on the page (its title's top).
        self.tops: list[int] = []
        #: The window laid out for, the page's frame and the view inside it, Back.
        self._size = (0, 0)
        self._frame = pygame.Rect(0, 0, 0, 0)
        self._inner = pygame.Rect(0, 0, 0, 0)
        self._back = pygame.Rect(0, 0, 0, 0)
        self._back_pressed = False
        self._view_h = 0
        #: Each game's tab above the page (the game's id and where it is drawn).
        self.tabs: list[tuple[str, pygame.Rect]] = []
        self._tab_pressed: str | None = None

    def _load(self) -> None:
        """(Re)read the rules in the language in use."""
        self.language = language()
        try:
            folder = assets_dir() / self.game.rules_folder
            self.title, self.sections = load_rules(self.language, folder,
                                                   self.game.rules_fields())
            self.error = ""
            notice = self.game.notice()
            if notice is not None:
                self.sections.insert(0, RulesSection(notice[0], (notice[1],)))
        except ValueError as exc:
            self.title, self.sections = tr("pause.rules"), []
            self.error = tr("rules.broken", problem=str(exc))

    def back(self) -> None:
        assert self.app is not None
        self.app.stack.pop()

    def show_game(self, game_id: str) -> None:
        """Switch to the rules of the game `game_id`, from the top of its page."""
        if game_id == self.game.id:
            return
        self.game = next(g for g in games() if g.id == game_id)
        self._load()
        self.scroll, self._start = 0, None
        self.layout(self._size)

    def _next_game(self, step: int) -> None:
        ids = [g.id for g in games()]
        self.show_game(ids[(ids.index(self.game.id) + step) % len(ids)])

    # ----------------------------------------------------------------- layout

    def resize(self, size: tuple[int, int]) -> None:
        self.layout(size)

    def layout(self, size: tuple[int, int]) -> None:
        """Read the rules again if the language changed, paint the page for a window of
        `size`, place its frame and Back; the view kept where it was (at the module's
        section the first time)."""
        if self.language != language():
            self._load()
        self._size = size
        scale = widgets.Scale(size)
        px = scale.px
        w, h = size
        tab_h = px(34)
        self._frame = pygame.Rect(0, 0, min(px(900), w - px(40)), h - px(170) - tab_h)
        self._frame.midtop = (w // 2, px(84) + tab_h)
        self.tabs = []
        x, tab_px = self._frame.x + px(16), scale.text(16)
        for game in games():
            width = theme.font(tab_px, bold=True).size(tr(game.name_key))[0] + px(32)
            self.tabs.append((game.id, pygame.Rect(x, px(84), width, tab_h)))
            x += width + px(6)
        self._inner = self._frame.inflate(-px(48), -px(32))
        self._page = self._render_page(self._inner.width, scale)
        self._view_h = self._inner.height
        if self._start is not None:  # open at the module's section, once
            found = [t for t, s in zip(self.tops, self.sections, strict=False)
                     if s.module == self._start]
            self.scroll, self._start = (found[0] if found else 0), None
        self._scroll_by(0)
        self._back = pygame.Rect(0, 0, px(200), px(46))
        self._back.midtop = (w // 2, self._frame.bottom + px(20))
        if self.app is not None:
            self.app.request_redraw()

    def _scroll_by(self, dy: int) -> None:
        limit = max(0, (self._page.get_height() if self._page else 0) - self._view_h)
        self.scroll = max(0, min(limit, self.scroll + dy))

    def handle_event(self, event: pygame.event.Event) -> bool:
        step = max(24, self._view_h // 12)
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_by(-event.y * step)
        elif event.type == pygame.KEYDOWN:
            moves = {pygame.K_DOWN: step, pygame.K_UP: -step, pygame.K_PAGEDOWN: self._view_h,
                     pygame.K_PAGEUP: -self._view_h, pygame.K_HOME: -10**6, pygame.K_END: 10**6}
            if event.key in moves:
                self._scroll_by(moves[event.key])
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self._next_game(1 if event.key == pygame.K_RIGHT else -1)
            elif event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.back()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._back_pressed = self._back.collidepoint(event.pos)
            self._tab_pressed = self._tab_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self._back_pressed = self._back_pressed, False
            tab, self._tab_pressed = self._tab_pressed, None
            if pressed and self._back.collidepoint(event.pos):  # press and release on Back
                self.back()
            elif tab is not None and tab == self._tab_at(event.pos):
                self.show_game(tab)
        return True

    def _tab_at(self, pos: tuple[int, int]) -> str | None:
        return next((game_id for game_id, rect in self.tabs if rect.collidepoint(pos)), None)

    def _render_page(self, width: int, scale: widgets.Scale) -> pygame.Surface:
        """The whole page as one tall surface (painted on layout)."""
        px = scale.px
        body = scale.text(17)
        if self.error:
            page = pygame.Surface((width, lines_height(self.error, body, width)), pygame.SRCALPHA)
            draw_lines(page, self.error, body, theme.DANGER, page.get_rect())
            return page
        data = base_game()
        # Measure first (the page's height), then paint onto a page of the right size.
        title_px, gap = scale.text(24), px(10)
        # A picture stands right of the text; one too wide for that, above it.
        blocks: list[tuple[RulesSection, pygame.Surface | None, int, int]] = []
        y = 0
        for section in self.sections:
            picture = self._illustration(section.illustration, data, px)
            above = picture.get_height() + gap if picture and \
                picture.get_width() > width * 2 // 5 else 0
            text_w = width - (picture.get_width() + px(24) if picture and not above else 0)
            blocks.append((section, picture, text_w, above))
            y += widgets.line_height(title_px) + px(8) + above
            text_h = sum(lines_height(p, body, text_w) + gap for p in section.paragraphs)
            y += max(text_h, picture.get_height() + gap if picture and not above else 0)
            y += px(18)
        page = pygame.Surface((width, max(1, y)), pygame.SRCALPHA)
        y = 0
        self.tops = []
        for section, picture, text_w, above in blocks:
            self.tops.append(y)
            head = pygame.Rect(0, y, width, widgets.line_height(title_px))
            draw_text(page, section.title, title_px, theme.ACCENT, head, align="left",
                      serif=True)
            y = top = head.bottom + px(8)
            if picture and above:
                page.blit(picture, ((width - picture.get_width()) // 2, top))
                y += above
            for paragraph in section.paragraphs:
                box = pygame.Rect(0, y, text_w, lines_height(paragraph, body, text_w))
                y = draw_lines(page, paragraph, body, theme.TEXT, box) + gap
            if picture and not above:
                page.blit(picture, (width - picture.get_width(), top))
                y = max(y, top + picture.get_height() + gap)
            y += px(18)
        return page

    @staticmethod
    def _illustration(spec: dict[str, Any], data: Any, px: Any) -> pygame.Surface | None:
        """The pieces `spec` names, in its order, side by side in rows no wider than two
        cards (a wider piece takes a row of its own); strongholds stand on the cards."""
        seats = art.seat_colours(2)
        pieces: list[pygame.Surface] = []
        for kind, value in spec.items():
            values = value if isinstance(value, list) else [value]
            if kind == "tokens":
                pieces += [art.token_surface(color_index(c), px(56)) for c in values]
            elif kind == "card":
                pieces += [art.card_surface(data.card_by_id[v], (px(100), px(140)))
                           for v in values]
            elif kind == "noble":
                pieces += [art.noble_surface(data.noble_by_id[v], (px(100), px(100)))
                           for v in values]
            elif kind == "city":
                pieces += [art.city_surface(data.city_by_id[v], (px(150), px(110)))
                           for v in values]
            elif kind == "posts" and value:  # a few coats of arms of two players on it
                holders = {1: [0], 3: [0, 1], 5: [1]}
                pieces.append(art.posts_board_surface(data.posts, holders, (px(420), px(140)),
                                                      seats))
            elif kind == "stronghold":  # on the cards before it, as on the table
                for i, n in enumerate(values):
                    tower = art.stronghold_surface(seats[i % 2], px(40), int(n))
                    at = len(pieces) - len(values) + i
                    if at < 0:
                        pieces.append(tower)
                        continue
                    face = pieces[at] = pieces[at].copy()
                    face.blit(tower, tower.get_rect(bottomright=(face.get_width() - px(4),
                                                                 face.get_height() - px(4))))
            elif kind == "double_gold" and value:
                pieces.append(art.double_gold_surface(px(56)))
        if not pieces:
            return None
        gap, limit = px(6), px(206)
        rows: list[list[pygame.Surface]] = [[]]
        for piece in pieces:
            row = rows[-1]
            if row and sum(p.get_width() + gap for p in row) + piece.get_width() > limit:
                rows.append(row := [])
            row.append(piece)
        width = max(sum(p.get_width() for p in row) + gap * (len(row) - 1) for row in rows)
        heights = [max(p.get_height() for p in row) for row in rows]
        surface = pygame.Surface((width, sum(heights) + gap * (len(rows) - 1)), pygame.SRCALPHA)
        y = 0
        for row, h in zip(rows, heights, strict=True):
            x = 0
            for piece in row:
                surface.blit(piece, (x, y))
                x += piece.get_width() + gap
            y += h + gap
        return surface

    def draw(self, surface: pygame.Surface) -> None:
        widgets.draw_background(surface)
        scale = widgets.Scale(self._size)
        px = scale.px
        w, _ = self._size
        draw_text(surface, self.title, scale.text(40), theme.ACCENT,
                  pygame.Rect(px(20), px(14), w - px(40), px(60)), serif=True)
        frame, inner = self._frame, self._inner
        edge = max(1, px(1))
        for game_id, rect in self.tabs:
            tab = rect.inflate(0, px(16)).move(0, px(8))  # its foot hidden by the frame
            shown = game_id == self.game.id
            pygame.draw.rect(surface, theme.PANEL if shown else theme.TABLE_DARK, tab,
                             border_radius=px(10))
            pygame.draw.rect(surface, theme.PANEL_EDGE, tab, edge, border_radius=px(10))
        widgets.draw_panel(surface, frame, px(14))
        for game, (game_id, rect) in zip(games(), self.tabs, strict=True):
            shown = game_id == self.game.id
            if shown:  # the tab of the page shown opens into the page's frame
                pygame.draw.rect(surface, theme.PANEL, (rect.x + edge, frame.y - edge,
                                                        rect.w - 2 * edge, px(4)))
            draw_text(surface, tr(game.name_key), scale.text(16),
                      theme.ACCENT if shown else theme.TEXT_DIM, rect, bold=True)
        if self._page is None:
            return
        surface.blit(self._page, inner.topleft,
                     pygame.Rect(0, self.scroll, inner.width, inner.height))
        page_h = self._page.get_height()
        if page_h > inner.height:  # a scroll bar showing where the view is
            bar = pygame.Rect(frame.right - px(14), inner.y, px(6), inner.height)
            pygame.draw.rect(surface, theme.TABLE_DARK, bar, border_radius=px(3))
            thumb_h = max(px(30), bar.height * inner.height // page_h)
            thumb_y = bar.y + (bar.height - thumb_h) * self.scroll // (page_h - inner.height)
            pygame.draw.rect(surface, theme.ACCENT, (bar.x, thumb_y, bar.width, thumb_h),
                             border_radius=px(3))
        widgets.draw_flat_button(surface, self._back, tr("common.button.back"), px)
