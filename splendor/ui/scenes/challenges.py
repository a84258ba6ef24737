"""Menu → Challenges: the chapters as tabs (stars earned, or the stars still needed to
open a locked one), the chosen chapter's challenges as rows (title, stars earned, best
result, difficulty) and the card of the one selected (story, difficulty as measured,
goal, restrictions, what each star asks, best result, Play).

Keyboard: Left and Right change the chapter, Up and Down the challenge, Enter plays it,
Escape goes back. Mouse: a click on a tab, a row, Play or Back; the wheel scrolls the
rows when they do not all fit. A locked chapter cannot be opened: choosing it says how
many more stars it needs. Everything is laid out on entering, resizing, a change of
chapter, selection or language, never while drawing.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import pygame

from splendor.i18n import tr
from splendor.session.challenge_data import Challenge
from splendor.session.challenge_lines import words
from splendor.session.challenges import ChallengeEntry, ChapterEntry
from splendor.ui import theme
from splendor.ui.challenge_words import (
    best_text,
    chapter_stars,
    difficulty_text,
    difficulty_word,
    row_status,
)
from splendor.ui.scene import Scene
from splendor.ui.widgets import (
    Scale,
    draw_background,
    draw_flat_button,
    draw_hover,
    draw_lines,
    draw_panel,
    draw_text,
    line_height,
    lines_height,
)
from splendor.ui.widgets.stars import draw_lock, draw_star, draw_stars, stars_width


@dataclass
class CardLayout:
    """Where the card's parts go: (kind, text, rect) in drawing order, and Play."""

    parts: list[tuple[str, str, pygame.Rect, int]] = field(default_factory=list)
    play: pygame.Rect = field(default_factory=pygame.Rect)


class ChallengesScene(Scene):
    """The challenges (see the module docstring)."""

    def __init__(self, chapters: Callable[[], Sequence[ChapterEntry]],
                 on_play: Callable[[Challenge], None], on_back: Callable[[], None],
                 chosen: str | None = None) -> None:
        """`chapters`: the campaign as the player finds it now (read again on resume);
        `chosen`: the id of the challenge to select first (else the first one of the
        last open chapter)."""
        super().__init__()
        self._chapters_of = chapters
        self.chapters: Sequence[ChapterEntry] = chapters()
        self.on_play = on_play
        self.on_back = on_back
        self.chapter = max(i for i, c in enumerate(self.chapters) if c.open)
        self.selected = 0
        if chosen is not None:
            for i, entry in enumerate(self.chapters):
                for j, c in enumerate(entry.challenges):
                    if c.challenge.id == chosen:
                        self.chapter, self.selected = i, j
        #: The first row shown (the wheel and the selection move it).
        self.top = 0
        #: The sentence shown after a locked chapter was chosen ("" when none).
        self.notice = ""
        self._notice_count: tuple[int, int] | None = None
        self.size = (0, 0)
        self.tabs: list[pygame.Rect] = []
        self.rows: list[tuple[int, pygame.Rect]] = []
        #: The panel under the tabs, the rows at its left, the card at its right.
        self.body = pygame.Rect(0, 0, 0, 0)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.card_rect = pygame.Rect(0, 0, 0, 0)
        self.card = CardLayout()
        self.back_rect = pygame.Rect(0, 0, 0, 0)
        self._pointer: tuple[int, int] | None = None
        self._pressed: pygame.Rect | None = None
        self.scale = Scale((1280, 720))

    # ----------------------------------------------------------------- lifecycle

    def resume(self) -> None:
        """Back from a game or the settings: the bests and the language may have changed."""
        self.chapters = self._chapters_of()
        self._relayout()

    def resize(self, size: tuple[int, int]) -> None:
        self.layout(size)

    @property
    def entry(self) -> ChapterEntry:
        return self.chapters[self.chapter]

    @property
    def current(self) -> ChallengeEntry:
        return self.entry.challenges[self.selected]

    # ----------------------------------------------------------------- actions

    def choose_chapter(self, index: int) -> bool:
        """Open chapter `index`; a locked one stays closed and says what it needs."""
        entry = self.chapters[index]
        if not entry.open:
            self._show(self.chapter, self.selected, self.top, (index, entry.missing))
            return False
        if index != self.chapter:
            self._show(index, 0, 0, None)
        else:
            self._show(self.chapter, self.selected, self.top, None)
        return True

    def select(self, index: int) -> None:
        """Choose the challenge of row `index`: a locked chapter's notice is answered."""
        self._show(self.chapter, max(0, min(len(self.entry.challenges) - 1, index)),
                   self.top, None)

    def play(self) -> None:
        if self.entry.open:
            self.on_play(self.current.challenge)

    def _show(self, chapter: int, selected: int, top: int,
              notice: tuple[int, int] | None) -> None:
        """Show this chapter, selection, first row and notice: laid out again only when
        one of them changed."""
        if (chapter, selected, top, notice) != (self.chapter, self.selected, self.top,
                                                 self._notice_count):
            self.chapter, self.selected, self.top = chapter, selected, top
            self._notice_count = notice
            self._relayout()

    def _relayout(self) -> None:
        if self.app is not None:
            self.layout(self.app.size)
            self.app.request_redraw()

    # ----------------------------------------------------------------- layout

    def layout(self, size: tuple[int, int]) -> None:
        """Place the tabs, the rows and the card for a window of `size` in the language in
        use."""
        self.size = size
        sc = self.scale = Scale(size)
        px = sc.px
        w, h = size
        self.notice = "" if self._notice_count is None else tr(
            "challenge_screen.chapter.refused", self._notice_count[1],
            chapter=tr(self.chapters[self._notice_count[0]].title_key))
        margin = px(24)
        # The title line, then the tabs, the body, and Back with the keys' hint below.
        tab_top = px(78)
        tab_h = line_height(sc.text(16)) + line_height(sc.text(14)) + px(10)
        n = len(self.chapters)
        gap = px(6)
        tab_w = (w - 2 * margin - (n - 1) * gap) // n
        self.tabs = [pygame.Rect(margin + i * (tab_w + gap), tab_top, tab_w, tab_h)
                     for i in range(n)]
        button_h = px(42)
        self.back_rect = pygame.Rect(margin, h - px(14) - button_h, px(170), button_h)
        body = pygame.Rect(margin, tab_top + tab_h, w - 2 * margin,
                           self.back_rect.top - px(12) - tab_top - tab_h)
        self.body = body
        inner = body.inflate(-2 * px(14), -2 * px(12))
        list_w = round(inner.w * 0.4)
        self.list_rect = pygame.Rect(inner.x, inner.y, list_w, inner.h)
        self.card_rect = pygame.Rect(inner.x + list_w + px(14), inner.y,
                                     inner.w - list_w - px(14), inner.h)
        self._layout_rows()
        self._layout_card()

    def row_height(self) -> int:
        sc = self.scale
        return line_height(sc.text(17)) + line_height(sc.text(14)) + sc.px(12)

    def visible_rows(self) -> int:
        return max(1, self.list_rect.h // self.row_height())

    def _layout_rows(self) -> None:
        count = len(self.entry.challenges)
        shown = self.visible_rows()
        # The selected row is always in sight.
        self.top = max(0, min(self.top, count - shown))
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + shown:
            self.top = self.selected - shown + 1
        row_h = self.row_height()
        self.rows = [(i, pygame.Rect(self.list_rect.x, self.list_rect.y + (i - self.top) * row_h,
                                     self.list_rect.w, row_h - self.scale.px(4)))
                     for i in range(self.top, min(count, self.top + shown))]

    def _layout_card(self) -> None:
        """The card of the selected challenge: its parts from the top, Play at the bottom
        right; text that would not fit shrinks a step (never under the smallest size)."""
        sc = self.scale
        px = sc.px
        box = self.card_rect.inflate(-2 * px(16), -2 * px(12))
        entry = self.current
        play_h = px(42)
        self.card.play = pygame.Rect(0, 0, max(px(150), box.w // 3), play_h)
        self.card.play.bottomright = box.bottomright
        for shrink in (0, 1, 2, 3, 4):
            parts = self._card_parts(entry, box, shrink)
            if parts[-1][2].bottom <= box.bottom:
                break
        self.card.parts = parts

    def _card_parts(self, entry: ChallengeEntry, box: pygame.Rect, shrink: int
                    ) -> list[tuple[str, str, pygame.Rect, int]]:
        sc = self.scale
        px = sc.px
        text_px = sc.text(18 - shrink)
        gap = px(14 - 3 * shrink)
        parts: list[tuple[str, str, pygame.Rect, int]] = []
        y = box.y

        def add(kind: str, text: str, size: int, indent: int = 0, bold: bool = False) -> None:
            nonlocal y
            height = lines_height(text, size, box.w - indent, bold)
            parts.append((kind, text, pygame.Rect(box.x + indent, y, box.w - indent, height),
                          size))
            y += height

        add("title", tr(entry.title_key), sc.text(32 - 2 * shrink))
        y += px(2)
        add("story", tr(entry.story_key), text_px)
        y += px(4)
        add("dim", difficulty_text(entry.challenge), sc.text(15 - shrink))
        y += gap
        heading = sc.text(15)
        add("heading", tr("challenge_screen.card.goal").upper(), heading, bold=True)
        for line in entry.goal:
            add("line", words(line), text_px)
        y += gap
        add("heading", tr("challenge_screen.card.rules").upper(), heading, bold=True)
        for line in entry.constraints or ():
            add("line", words(line), text_px)
        if not entry.constraints:
            add("dim", tr("challenge_screen.card.none"), text_px)
        y += gap
        add("heading", tr("challenge_screen.card.stars").upper(), heading, bold=True)
        star_indent = stars_width(self.star_radius()) + px(10)
        for n, text in enumerate((tr("challenge_screen.card.one_star"),
                                  *(words(line) for line in entry.star_rules)), start=1):
            add(f"star{n}", text, text_px, indent=star_indent)
        y += gap
        room = box.w - self.card.play.w - px(12)
        height = lines_height(best_text(entry.best), text_px, room)
        parts.append(("best", best_text(entry.best),
                      pygame.Rect(box.x, max(y, self.card.play.centery - height // 2),
                                  room, height), text_px))
        return parts

    def star_radius(self) -> int:
        return max(5, self.scale.px(8))

    # ----------------------------------------------------------------- events

    def spots(self) -> list[tuple[pygame.Rect, Callable[[], object]]]:
        """The clickable places, with what a click does."""
        spots: list[tuple[pygame.Rect, Callable[[], object]]] = [
            (rect, functools.partial(self.choose_chapter, i)) for i, rect in enumerate(self.tabs)]
        spots += [(rect, functools.partial(self.select, i)) for i, rect in self.rows]
        if self.entry.open:
            spots.append((self.card.play, self.play))
        spots.append((self.back_rect, self.on_back))
        return spots

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            self._key_down(event.key)
        elif event.type == pygame.MOUSEMOTION:
            self._pointer = event.pos
            if self.app is not None:
                self.app.request_redraw()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pointer = event.pos
            self._pressed = next((r for r, _ in self.spots() if r.collidepoint(event.pos)),
                                 None)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self._pressed = self._pressed, None
            for rect, action in self.spots():
                if rect.collidepoint(event.pos):
                    if rect == pressed:  # a press and a release on the same place
                        action()
                    break
        elif event.type == pygame.MOUSEWHEEL and self._pointer is not None \
                and self.list_rect.collidepoint(self._pointer):
            last = max(0, len(self.entry.challenges) - self.visible_rows())
            top = max(0, min(last, self.top - event.y))
            shown = self.visible_rows()
            self._show(self.chapter, max(top, min(top + shown - 1, self.selected)), top,
                       self._notice_count)
        return True

    def _key_down(self, key: int) -> None:
        if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.on_back()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            index = self.chapter + (1 if key == pygame.K_RIGHT else -1)
            if 0 <= index < len(self.chapters):
                self.choose_chapter(index)
        elif key in (pygame.K_UP, pygame.K_DOWN):
            self.select(self.selected + (1 if key == pygame.K_DOWN else -1))
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.play()

    # ----------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        draw_background(surface)
        sc = self.scale
        px = sc.px
        w, _ = self.size
        title_box = pygame.Rect(px(24), px(14), w - 2 * px(24), px(56))
        draw_text(surface, tr("challenge_screen.title"), sc.text(44), theme.ACCENT, title_box,
                  align="left", serif=True)
        earned = sum(chapter_stars(c)[0] for c in self.chapters)
        total = sum(chapter_stars(c)[1] for c in self.chapters)
        self._draw_count(surface, tr("challenge_screen.total", stars=earned, total=total),
                         title_box, sc.text(22), px(11))
        draw_panel(surface, self.body, px(12))
        for i, rect in enumerate(self.tabs):
            self._draw_tab(surface, i, rect)
        self._draw_rows(surface)
        pygame.draw.line(surface, theme.PANEL_EDGE, (self.card_rect.x - px(7), self.card_rect.y),
                         (self.card_rect.x - px(7), self.card_rect.bottom), max(1, px(2)))
        self._draw_card(surface)
        draw_flat_button(surface, self.back_rect, tr("common.button.back"), px)
        hint_box = pygame.Rect(self.back_rect.right + px(16), self.back_rect.y,
                               w - self.back_rect.right - px(40), self.back_rect.h)
        if self.notice:
            draw_text(surface, self.notice, sc.text(16), theme.DANGER, hint_box, align="right",
                      bold=True)
        else:
            draw_text(surface, tr("challenge_screen.hint"), sc.text(15), theme.TEXT_DIM,
                      hint_box, align="right")
        under = next((r for r, _ in self.spots()
                      if self._pointer is not None and r.collidepoint(self._pointer)), None)
        if under is not None and under not in self.tabs:
            draw_hover(surface, under, px(8))

    def _draw_count(self, surface: pygame.Surface, text: str, box: pygame.Rect, size: int,
                    radius: int) -> None:
        """A star and `text`, at the right of `box`."""
        rect = draw_text(surface, text, size, theme.ACCENT, box, align="right", bold=True)
        draw_star(surface, (rect.x - radius - self.scale.px(6), rect.centery), radius, True)

    def _draw_tab(self, surface: pygame.Surface, index: int, rect: pygame.Rect) -> None:
        sc = self.scale
        px = sc.px
        entry = self.chapters[index]
        chosen = index == self.chapter
        fill = theme.PANEL if chosen else theme.TABLE_DARK
        refused = self._notice_count is not None and self._notice_count[0] == index
        edge = theme.ACCENT if chosen else theme.DANGER if refused else theme.PANEL_EDGE
        pygame.draw.rect(surface, fill, rect, border_top_left_radius=px(10),
                         border_top_right_radius=px(10))
        pygame.draw.rect(surface, edge, rect, max(1, px(2)), border_top_left_radius=px(10),
                         border_top_right_radius=px(10))
        if chosen:  # open onto the body below
            pygame.draw.line(surface, fill, (rect.x + px(2), rect.bottom - 1),
                             (rect.right - px(3), rect.bottom - 1), max(1, px(3)))
        pad = px(10)
        title = pygame.Rect(rect.x + pad, rect.y + px(5), rect.w - 2 * pad,
                            line_height(sc.text(16)))
        color = theme.TEXT if entry.open else theme.TEXT_DIM
        draw_text(surface, tr(entry.title_key), sc.text(16), theme.ACCENT if chosen else color,
                  title, bold=True)
        below = pygame.Rect(rect.x + pad, title.bottom, rect.w - 2 * pad,
                            line_height(sc.text(14)))
        icon = px(14)
        if entry.open:
            earned, total = chapter_stars(entry)
            text = tr("challenge_screen.chapter.stars", stars=earned, total=total)
        else:
            text = tr("challenge_screen.chapter.locked", entry.missing)
        room = pygame.Rect(below.x + icon + px(6), below.y, below.w - icon - px(6), below.h)
        image_w = min(room.w, theme.font(sc.text(14)).size(text)[0])
        drawn = pygame.Rect(0, 0, icon + px(6) + image_w, below.h)
        drawn.center = below.center
        box = pygame.Rect(drawn.x + icon + px(6), below.y, image_w, below.h)
        draw_text(surface, text, sc.text(14), color, box, align="left")
        at = (drawn.x + icon // 2, below.centery)
        if entry.open:
            draw_star(surface, at, icon // 2, earned > 0)
        else:
            draw_lock(surface, at, icon)

    def _draw_rows(self, surface: pygame.Surface) -> None:
        sc = self.scale
        px = sc.px
        radius = self.star_radius()
        for i, rect in self.rows:
            entry = self.entry.challenges[i]
            if i == self.selected:
                draw_panel(surface, rect, px(8), fill=theme.TABLE_DARK, edge=theme.ACCENT)
            pad = px(10)
            stars_w = stars_width(radius)
            title_h = line_height(sc.text(17))
            title = pygame.Rect(rect.x + pad, rect.y + px(4), rect.w - 3 * pad - stars_w,
                                title_h)
            draw_text(surface, tr(entry.title_key), sc.text(17),
                      theme.ACCENT if i == self.selected else theme.TEXT, title, align="left",
                      bold=True)
            draw_stars(surface, rect.right - pad - stars_w, title.centery, radius, entry.stars)
            status = pygame.Rect(title.x, title.bottom, rect.w - 2 * pad,
                                 line_height(sc.text(14)))
            level = difficulty_word(entry.challenge)
            if level:  # at the right, under the stars
                drawn = draw_text(surface, level, sc.text(14), theme.TEXT_DIM, status,
                                  align="right")
                status.w = drawn.x - pad - status.x
            draw_text(surface, row_status(entry.best), sc.text(14), theme.TEXT_DIM, status,
                      align="left")
        # Arrows say the wheel shows more rows above or below.
        count = len(self.entry.challenges)
        half = px(6)
        x = self.list_rect.centerx
        if self.top > 0:
            y = self.list_rect.top - px(2)
            pygame.draw.polygon(surface, theme.TEXT_DIM, [(x, y - half), (x - half, y),
                                                          (x + half, y)])
        if self.top + len(self.rows) < count:
            y = self.list_rect.bottom + px(2)
            pygame.draw.polygon(surface, theme.TEXT_DIM, [(x, y + half), (x - half, y),
                                                          (x + half, y)])

    def _draw_card(self, surface: pygame.Surface) -> None:
        sc = self.scale
        px = sc.px
        entry = self.current
        radius = self.star_radius()
        for kind, text, rect, size in self.card.parts:
            if kind == "title":
                draw_lines(surface, text, size, theme.ACCENT, rect)
            elif kind == "heading":
                draw_lines(surface, text, size, theme.ACCENT, rect, bold=True)
            elif kind in ("story", "dim"):
                draw_lines(surface, text, size, theme.TEXT_DIM, rect)
            elif kind.startswith("star"):
                n = int(kind[4:])
                first = line_height(size)
                left = rect.x - stars_width(radius) - px(10)
                draw_stars(surface, left, rect.y + first // 2, radius, n if entry.stars >= n
                           else 0, n)
                draw_lines(surface, text, size, theme.TEXT if entry.stars >= n
                           else theme.TEXT_DIM, rect)
            elif kind == "best":
                draw_lines(surface, text, size, theme.TEXT, rect)
            else:
                draw_lines(surface, text, size, theme.TEXT, rect)
        draw_flat_button(surface, self.card.play, tr("challenge_screen.card.play"), px,
                         enabled=self.entry.open, text_px=19)
