"""The look and behaviour shared by the overlays where a decision is made by choosing a
picture (a city, a trading post, a card, a noble): one line saying what is being decided,
the options drawn with the game's own art in rows, an optional row of buttons, and the
engine's reason when a choice is refused.

Everything is placed by `place` on entering, on resize, on a language change and when the
game, a refusal, the hint or a selection changes (`state`), never while drawing. The
pictures light up under the pointer; Tab and the arrows move a focus between them (and the
buttons), Enter or Space chooses the focused one.

The box offers Undo and Hint as the table does (see `assist`); the expert's choice is
ringed in the hint colour.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from splendor.engine import Action, Refusal
from splendor.session.table_session import TableSession
from splendor.ui import art, theme
from splendor.ui.scenes.assist import BoxAssist
from splendor.ui.scenes.overlay_base import ButtonsOverlay
from splendor.ui.table.view import button_height, draw_button
from splendor.ui.widgets import draw_lines, lines_height
from splendor.ui.wording import refusal_text

#: Draws an option's picture exactly (w, h).
Picture = Callable[[tuple[int, int]], pygame.Surface]


@dataclass(frozen=True)
class Option:
    """One thing to choose: its picture, a caption under it ('' none), and what choosing
    it does (None: shown only, not chosen by a click), with the action it plays when it
    plays one."""

    picture: Picture
    choose: Callable[[], object] | None
    caption: str = ""
    action: Action | None = None
    #: Drawn marked (a chosen card among several, ...).
    marked: bool = False
    #: Tokens shown in a row under the caption (a payment), by colour.
    tokens: tuple[int, ...] = ()


def choice(picture: Picture, scene: PictureChoiceScene, action: Action, caption: str = ""
           ) -> Option:
    """An option that plays `action` through `scene` when chosen."""
    return Option(picture, functools.partial(scene.play, action), caption, action)


@dataclass(frozen=True)
class _Plan:
    """The sizes the box's content takes at one width."""

    tile: tuple[int, int]
    per_row: int
    rows: int
    caption_h: int
    explain_h: int
    message_h: int
    buttons_h: int
    height: int


class PictureChoiceScene(ButtonsOverlay):
    """A centred box over the dimmed table: `explain()` above the `options()` pictures,
    `buttons()` below them. Subclasses say what the pictures are and what they do."""

    box_size = (760, 160)
    #: A picture's height over its width.
    ratio = 1.4
    #: The widest and the narrowest a picture may be drawn (design units).
    tile_width = 130.0
    min_tile_width = 64.0
    #: Design units between two pictures.
    gap = 18.0

    def __init__(self, session: TableSession) -> None:
        super().__init__()
        self.session = session
        #: The engine's reason for the last refused choice, or None.
        self.refusal: Refusal | None = None
        self._options: list[Option] = []
        self._tiles: list[pygame.Rect] = []
        self._captions: list[pygame.Rect] = []
        self._explain = pygame.Rect(0, 0, 0, 0)
        self._message = pygame.Rect(0, 0, 0, 0)
        self._buttons: list[tuple[pygame.Rect, str, Callable[[], object], bool]] = []
        self.assist = BoxAssist(session, self.close, self._refuse)

    # ------------------------------------------------------------ what subclasses give

    def explain(self) -> str:
        """The line saying what is being decided, in the language in use."""
        return ""

    def options(self) -> list[Option]:
        """The pictures to choose from (built from the session's view when laid out)."""
        return []

    def buttons(self) -> list[tuple[str, Callable[[], object], bool]]:
        """The buttons under the pictures: (label, action, enabled)."""
        return []

    # ------------------------------------------------------------ deciding

    @property
    def message(self) -> str:
        """Why the last choice was refused, or else the hint (or that one is being looked
        for), in the language in use ('' when none)."""
        if self.refusal is not None:
            return refusal_text(self.refusal)
        return self.assist.line()

    def _refuse(self, reason: Refusal | None) -> None:
        self.refusal = reason

    def _hinted(self, option: Option) -> bool:
        hint = self.session.hint
        return hint is not None and option.action is not None \
            and self.same_choice(option.action, hint.action)

    def same_choice(self, shown: Action, action: Action) -> bool:
        """Whether the option playing `shown` stands for `action` (the hint's)."""
        return shown == action

    def hinted_button(self, action: Action) -> str | None:
        """The label of the box's own button that plays `action` (the hint's), if any."""
        return None

    def play(self, action: Action) -> bool:
        """Play `action` through the session: the box closes, or shows why not."""
        reason = self.session.play(action)
        if reason is not None:
            self.refusal = reason
            self.relayout()
            return False
        self.close()
        return True

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.assist.handle_key(event):
            return True
        self.focus.handle_event(event)
        return True

    # ------------------------------------------------------------ placing

    def state(self) -> tuple[object, ...]:
        return (self.refusal, self.session.version, self.state_key(), self.assist.state())

    def state_key(self) -> tuple[object, ...]:
        """What else the content depends on (a subclass's own selection)."""
        return ()

    def _plan(self, surface: pygame.Surface, width: int, options: list[Option]) -> _Plan:
        px = self.scaler(surface)
        inner = width - px(48)
        explain_h = lines_height(self.explain(), self.text_px(surface, 17), inner)
        message_h = lines_height(self.message, self.text_px(surface, 15), inner) \
            if self.message else 0
        button_rows = self._button_rows(surface, width)
        buttons_h = sum(h for _, h in button_rows) + px(10) * (len(button_rows) - 1) \
            if button_rows else 0
        room = surface.get_height() - px(20)
        fixed = px(56) + explain_h + px(16) + px(10) + (message_h + px(8) if message_h else 0) \
            + (buttons_h + px(14) if buttons_h else 0) + px(20)
        n = max(1, len(options))
        gap = px(self.gap)
        caption_px = self.text_px(surface, 14)
        tile_w = px(self.tile_width)
        one_row = (inner - (n - 1) * gap) // n
        if one_row < tile_w and one_row >= tile_w * 4 // 5:
            tile_w = one_row  # a little smaller, all in one row
        while True:
            per_row = max(1, min(n, (inner + gap) // (tile_w + gap)))
            rows = -(-n // per_row)
            per_row = -(-n // rows)  # rows as even as they can be
            tile_h = round(tile_w * self.ratio)
            caption_h = max((lines_height(o.caption, caption_px, tile_w + gap - px(4))
                             + (self._token_px(surface) + px(4) if any(o.tokens) else 0)
                             for o in options if o.caption or any(o.tokens)), default=0)
            caption_h += self._below_ring(surface, tile_h) if caption_h else 0
            height = fixed + rows * (tile_h + caption_h) + (rows - 1) * gap
            if height <= room or tile_w <= px(self.min_tile_width):
                break
            tile_w = max(px(self.min_tile_width), tile_w * 9 // 10)
        return _Plan((tile_w, tile_h), per_row, rows, caption_h, explain_h, message_h,
                     buttons_h, height)

    def _below_ring(self, surface: pygame.Surface, tile_h: int) -> int:
        """From a picture's foot to below the keyboard's focus ring around it (see
        `SpotFocus.draw`), where its caption starts."""
        spot_h = tile_h + self.px(surface, 8)
        return self.px(surface, 4) + max(3, spot_h // 12) + 2

    def _token_px(self, surface: pygame.Surface) -> int:
        """The size of a token in a row under a caption."""
        return self.px(surface, 36)

    def _button_rows(self, surface: pygame.Surface, width: int
                     ) -> list[tuple[list[tuple[str, Callable[[], object], bool]], int]]:
        """The rows of buttons at the box's foot with their heights: the box's own, then
        Undo and Hint (a row of their own, so that no label is squeezed)."""
        px = self.scaler(surface)
        rows = []
        for labels in (self.buttons(), self.assist.buttons()):
            if labels:
                bw = self._button_width(surface, width, len(labels))
                rows.append((labels, max(button_height(label, px, bw) for label, _, _ in labels)))
        return rows

    def _button_width(self, surface: pygame.Surface, width: int, count: int) -> int:
        px = self.scaler(surface)
        return min(px(220), (width - px(48) - px(16) * (count - 1)) // max(1, count))

    def content_height(self, surface: pygame.Surface, width: int) -> int:
        return self._plan(surface, width, self.options()).height

    def place(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """Place the explanation, the pictures in centred rows, the message and the
        buttons; hand the pictures that choose and the buttons to the focus."""
        self._options = self.options()
        px = self.scaler(surface)
        plan = self._plan(surface, box.w, self._options)
        x0, inner = box.x + px(24), box.w - px(48)
        y = box.y + px(56)
        self._explain = pygame.Rect(x0, y, inner, plan.explain_h)
        y += plan.explain_h + px(16)
        tile_w, tile_h = plan.tile
        gap = px(self.gap)
        self._tiles, self._captions = [], []
        for i in range(len(self._options)):
            row, col = divmod(i, plan.per_row)
            in_row = min(plan.per_row, len(self._options) - row * plan.per_row)
            left = box.centerx - (in_row * tile_w + (in_row - 1) * gap) // 2
            top = y + row * (tile_h + plan.caption_h + gap)
            tile = pygame.Rect(left + col * (tile_w + gap), top, tile_w, tile_h)
            self._tiles.append(tile)
            below = self._below_ring(surface, tile_h)
            self._captions.append(pygame.Rect(tile.x - gap // 2 + px(2), tile.bottom + below,
                                              tile_w + gap - px(4), plan.caption_h - below))
        y += plan.rows * (tile_h + plan.caption_h) + (plan.rows - 1) * gap + px(10)
        self._message = pygame.Rect(x0, y, inner, plan.message_h)
        self._buttons = []
        by = box.bottom - px(20) - plan.buttons_h
        for labels, row_h in self._button_rows(surface, box.w):
            bw = self._button_width(surface, box.w, len(labels))
            total = len(labels) * bw + (len(labels) - 1) * px(16)
            bx = box.centerx - total // 2
            for i, (label, action, enabled) in enumerate(labels):
                rect = pygame.Rect(bx + i * (bw + px(16)), by, bw, row_h)
                self._buttons.append((rect, label, action, enabled))
            by += row_h + px(10)
        spots = [(tile.inflate(px(8), px(8)), option.choose)
                 for tile, option in zip(self._tiles, self._options, strict=True)
                 if option.choose is not None]
        spots += [(rect, action) for rect, _, action, enabled in self._buttons if enabled]
        self.focus.set_spots(spots)

    # ------------------------------------------------------------ drawing

    def draw_body(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        px = self.scaler(surface)
        draw_lines(surface, self.explain(), self.text_px(surface, 17), theme.TEXT,
                   self._explain, align="center")
        caption_px = self.text_px(surface, 14)
        for option, tile, caption in zip(self._options, self._tiles, self._captions,
                                         strict=True):
            surface.blit(option.picture(tile.size), tile)
            edge = theme.DANGER if option.marked else theme.ACTIVE
            if option.choose is not None or option.marked:
                pygame.draw.rect(surface, edge, tile.inflate(px(8), px(8)),
                                 px(4) if option.marked else 2, border_radius=px(8))
            if self._hinted(option):
                # The expert's choice, in the table's hint colour, outside the usual ring.
                pygame.draw.rect(surface, theme.OK, tile.inflate(px(14), px(14)), px(4),
                                 border_radius=px(10))
            if option.caption:
                draw_lines(surface, option.caption, caption_px, theme.TEXT_DIM, caption,
                           align="center")
            if any(option.tokens):
                self._draw_tokens(surface, option.tokens, caption)
        if self.message:
            ink = theme.DANGER if self.refusal is not None else self.assist.line_colour()
            draw_lines(surface, self.message, self.text_px(surface, 15), ink,
                       self._message, align="center")
        hint = self.session.hint
        ringed = self.hinted_button(hint.action) if hint is not None else None
        for rect, label, _, enabled in self._buttons:
            draw_button(surface, rect, label, px, enabled)
            if label == ringed:
                pygame.draw.rect(surface, theme.OK, rect.inflate(px(10), px(10)), px(4),
                                 border_radius=px(10))

    def _draw_tokens(self, surface: pygame.Surface, tokens: tuple[int, ...],
                     caption: pygame.Rect) -> None:
        """`tokens` in a row centred at the foot of `caption`, overlapping when many."""
        size = self._token_px(surface)
        count = sum(tokens)
        step = min(size * 4 // 5, (caption.w - size) // max(1, count - 1)) if count > 1 \
            else size
        x = caption.centerx - (size + (count - 1) * step) // 2
        y = caption.bottom - size
        for color, n in enumerate(tokens):
            for _ in range(n):
                surface.blit(art.token_surface(color, size), (x, y))
                x += step


def partial_picture(draw: Callable[..., pygame.Surface], *args: object) -> Picture:
    """`draw(*args, size)` as a picture."""
    return functools.partial(draw, *args)
