"""A challenge's result, over its final table: won (the stars earned drawn, what they
were measured on, each star's line ticked or not, a new best said) or failed (what
failed, in the verdict's words, and the goal again); then Retry (the same deal),
Challenges (the list, showing the new best) or Menu.

Keyboard: Tab and the arrows move between the buttons, Enter presses, Escape goes back
to the Challenges.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from splendor.i18n import tr
from splendor.session.challenge_lines import words
from splendor.session.challenges import ChallengeEntry, Verdict
from splendor.ui import theme
from splendor.ui.challenge_words import measure_text
from splendor.ui.scenes.overlay_base import ButtonsOverlay
from splendor.ui.widgets import draw_lines, line_height, lines_height
from splendor.ui.widgets.stars import draw_stars, draw_tick, stars_width

#: A part of the box: what it is, its text, where, its size, colour and whether bold.
Part = tuple[str, str, pygame.Rect, int, theme.Color, bool]


class ChallengeResultScene(ButtonsOverlay):
    """The result of a try (see the module docstring)."""

    box_size = (640, 300)

    def __init__(self, entry: ChallengeEntry, verdict: Verdict, new_best: bool, *,
                 on_retry: Callable[[], None], on_list: Callable[[], None],
                 on_menu: Callable[[], None], notice: Callable[[], str] | None = None) -> None:
        """`entry`: the challenge as the list shows it (its lines); `new_best`: whether
        this try beat the best kept; `notice`: a problem keeping the result, if any."""
        super().__init__()
        self.entry = entry
        self.verdict = verdict
        self.new_best = new_best
        self.on_retry = on_retry
        self.on_list = on_list
        self.on_menu = on_menu
        self.notice = notice
        self.parts: list[Part] = []
        self.stars_center = (0, 0)
        self.box_rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[tuple[str, pygame.Rect, Callable[[], None]]] = []

    @property
    def won(self) -> bool:
        return self.verdict.won

    @property
    def title(self) -> str:
        return tr("challenge_screen.result.won" if self.won else "challenge_screen.result.failed")

    # ----------------------------------------------------------------- layout

    def _texts(self) -> list[tuple[str, str, float, theme.Color, bool]]:
        """What the box says below its heading and stars, in order: (kind, text, design
        size, colour, bold)."""
        out: list[tuple[str, str, float, theme.Color, bool]] = [
            ("centre", tr(self.entry.title_key), 18, theme.TEXT_DIM, True)]
        out.append(("stars", "", 0, theme.TEXT, False))
        if self.won:
            if self.new_best:
                out.append(("centre", tr("challenge_screen.result.new_best"), 18, theme.OK,
                            True))
            out.append(("centre", measure_text(self.verdict), 17, theme.TEXT, False))
            lines = (tr("challenge_screen.card.one_star"),
                     *(words(line) for line in self.entry.star_rules))
            for n, text in enumerate(lines, start=1):
                out.append((f"star{n}", text, 16, theme.TEXT if self.verdict.stars >= n
                            else theme.TEXT_DIM, False))
        else:
            assert self.verdict.failed is not None
            out.append(("centre", words(self.verdict.failed), 18, theme.DANGER, True))
            out.append(("heading", tr("challenge_screen.card.goal").upper(), 14,
                        theme.ACCENT, True))
            for line in (*self.entry.goal, *self.entry.constraints):
                out.append(("line", words(line), 16, theme.TEXT_DIM, False))
        if self.notice and self.notice():
            out.append(("line", self.notice(), 14, theme.DANGER, False))
        return out

    def content_height(self, surface: pygame.Surface, width: int) -> int:
        return self._arrange(surface, pygame.Rect(0, 0, width, 10_000))[2]

    def _arrange(self, surface: pygame.Surface, box: pygame.Rect
                 ) -> tuple[list[Part], tuple[int, int], int]:
        """The parts placed from the top of `box`, the big stars' centre, and how tall
        the box must be."""
        px = self.scaler(surface)
        inner = box.inflate(-2 * px(28), 0)
        y = box.y + px(18)
        heading = self.text_px(surface, 34)
        parts: list[Part] = [("heading_big", self.title, pygame.Rect(
            inner.x, y, inner.w, lines_height(self.title, heading, inner.w)), heading,
            theme.ACCENT if self.won else theme.TEXT, False)]
        stars_center = (inner.centerx, y)
        y = parts[0][2].bottom + px(2)
        tick = px(22) + stars_width(self.small_star(surface)) + px(10)
        texts = self._texts()
        # The star lines as a block, centred under the stars.
        widest = max((theme.font(self.text_px(surface, design)).size(text)[0]
                      for kind, text, design, _, _ in texts if kind.startswith("star")),
                     default=0)
        block = min(inner.w, tick + widest)
        margin = (inner.w - block) // 2
        for kind, text, design, color, bold in texts:
            if kind == "stars":
                radius = self.big_star(surface)
                y += px(6)
                stars_center = (inner.centerx, y + radius)
                y += 2 * radius + px(10)
                continue
            size = self.text_px(surface, design)
            indent = margin + tick if kind.startswith("star") else 0
            if kind == "heading":
                y += px(8)
            height = lines_height(text, size, block - tick if kind.startswith("star")
                                  else inner.w, bold)
            width = block - tick if kind.startswith("star") else inner.w
            parts.append((kind, text, pygame.Rect(inner.x + indent, y, width, height), size,
                          color, bold))
            y += height + (px(4) if kind == "centre" else px(2))
        return parts, stars_center, y + px(14) + px(44) + px(20) - box.y

    def big_star(self, surface: pygame.Surface) -> int:
        return self.px(surface, 24)

    def small_star(self, surface: pygame.Surface) -> int:
        return max(5, self.px(surface, 7))

    def place(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        self.box_rect = box
        self.parts, self.stars_center, _ = self._arrange(surface, box)
        px = self.scaler(surface)
        gap = px(12)
        inner = box.inflate(-2 * px(28), 0)
        width = (inner.w - 2 * gap) // 3
        y = box.bottom - px(20) - px(44)
        self.buttons = []
        for i, (key, action) in enumerate((("retry", self.on_retry), ("list", self.on_list),
                                           ("menu", self.on_menu))):
            rect = pygame.Rect(inner.x + i * (width + gap), y, width, px(44))
            self.buttons.append((key, rect, action))
        self.focus.set_spots([(rect, action) for _, rect, action in self.buttons])

    # ----------------------------------------------------------------- events

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_list()
            return True
        if self.focus.handle_event(event) and self.app is not None:
            self.app.request_redraw()
        return True

    # ----------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        surface.blit(shade, (0, 0))
        box = self.box_rect
        px = self.scaler(surface)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=px(14))
        pygame.draw.rect(surface, theme.ACTIVE if self.won else theme.PANEL_EDGE, box,
                         max(2, px(2)), border_radius=px(14))
        small = self.small_star(surface)
        for kind, text, rect, size, color, bold in self.parts:
            if kind in ("heading_big", "centre"):
                draw_lines(surface, text, size, color, rect, align="center", bold=bold)
                continue
            draw_lines(surface, text, size, color, rect, bold=bold)
            if kind.startswith("star"):
                n = int(kind[4:])
                first = rect.y + line_height(size) // 2
                left = rect.x - stars_width(small) - px(10)
                draw_stars(surface, left, first, small, n if self.verdict.stars >= n else 0, n)
                mark = (left - px(14), first)
                if self.verdict.stars >= n:
                    draw_tick(surface, mark, px(16))
                else:  # not earned this time: a dim dash
                    pygame.draw.line(surface, theme.TEXT_DIM, (mark[0] - px(6), mark[1]),
                                     (mark[0] + px(6), mark[1]), max(2, px(2)))
        radius = self.big_star(surface)
        width = stars_width(radius)
        draw_stars(surface, self.stars_center[0] - width // 2, self.stars_center[1], radius,
                   self.verdict.stars)
        for key, rect, _ in self.buttons:
            self.button(surface, rect, tr(f"challenge_screen.result.{key}"))
        self.focus.draw(surface, px(8))
