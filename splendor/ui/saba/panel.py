"""The right-hand panel of Saba's table under the players: what to do now (the prompt, or
who is deciding), the buttons of the decisions that belong to no part of the board (or
the options of the part clicked), a refusal's reason or a notice, Undo and Hint with the
hint's move, and the game log in words.

`layout_panel` places it all for the words of the language in use (on a resize, a change
of language, and when the game or a choice changes); `draw_panel_content` only draws it.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from splendor.i18n import tr
from splendor.ui import theme
from splendor.ui.saba.layout import SabaLayout
from splendor.ui.widgets import draw_flat_button, draw_lines, draw_text, line_height, wrap

#: What a panel button does: ("act", index into the actions offered), ("cancel",),
#: ("undo",), ("hint",).
ButtonKey = tuple[str, int] | tuple[str]


@dataclass(frozen=True)
class PanelButton:
    key: ButtonKey
    label: str
    rect: pygame.Rect
    enabled: bool = True


@dataclass(frozen=True)
class PanelText:
    """What the panel says, as worded for the language in use."""

    prompt: str
    #: The labels of the buttons for the actions offered, in order.
    actions: tuple[str, ...] = ()
    #: Whether a Cancel button ends a choice among a part's options.
    cancel: bool = False
    #: A refusal's reason (shown in red) or a notice; '' none.
    refusal: str = ""
    notice: str = ""
    #: Undo and Hint: offered at all, and whether each works now; the hint's words.
    assists: bool = False
    undo: bool = False
    hint: bool = False
    hint_text: str = ""
    log: tuple[str, ...] = ()


@dataclass(frozen=True)
class PanelLayout:
    text: PanelText
    px: int
    prompt: pygame.Rect
    buttons: tuple[PanelButton, ...]
    refusal: pygame.Rect
    notice: pygame.Rect
    hint: pygame.Rect
    log_title: pygame.Rect
    log: pygame.Rect
    #: The log lines shown, oldest first (the newest at the bottom).
    log_lines: tuple[str, ...]


def layout_panel(lay: SabaLayout, text: PanelText, log_back: int = 0) -> PanelLayout:
    """Place the panel's parts from the top of `lay.panel` down; the log takes the rest,
    showing its newest lines (`log_back` lines back when scrolled)."""
    area = lay.panel
    px = lay.text(15)
    gap = lay.px(6)
    y = area.y

    def block(words: str, bold: bool = False) -> pygame.Rect:
        nonlocal y
        height = len(wrap(words, px, area.w, bold)) * line_height(px) if words else 0
        rect = pygame.Rect(area.x, y, area.w, height)
        y += height + (gap if height else 0)
        return rect

    prompt = block(text.prompt, bold=True)
    buttons: list[PanelButton] = []
    labels: list[tuple[ButtonKey, str]] = [
        (("act", i), label) for i, label in enumerate(text.actions)
    ]
    if text.cancel:
        labels.append((("cancel",), tr("common.button.cancel")))
    y = _flow(lay, labels, area, y, buttons)
    refusal = block(text.refusal)
    notice = block(text.notice)
    if text.assists:
        h = lay.px(32)
        w = (area.w - gap) // 2
        buttons.append(
            PanelButton(("undo",), tr("table.button.undo"), pygame.Rect(area.x, y, w, h), text.undo)
        )
        buttons.append(
            PanelButton(
                ("hint",),
                tr("table.button.hint"),
                pygame.Rect(area.x + w + gap, y, w, h),
                text.hint,
            )
        )
        y += h + gap
    hint = block(text.hint_text)
    title_h = lay.px(22)
    log_title = pygame.Rect(area.x, y, area.w, title_h)
    y += title_h
    log = pygame.Rect(area.x, y, area.w, max(0, area.bottom - y))
    shown = _log_shown(text.log, px, log, log_back)
    return PanelLayout(
        text, px, prompt, tuple(buttons), refusal, notice, hint, log_title, log, shown
    )


def _flow(
    lay: SabaLayout,
    labels: list[tuple[ButtonKey, str]],
    area: pygame.Rect,
    y: int,
    out: list[PanelButton],
) -> int:
    """Buttons left to right, as wide as their words (within the panel), wrapping onto
    new rows; the y below them."""
    if not labels:
        return y
    h, gap, pad = lay.px(34), lay.px(6), lay.px(14)
    x = area.x
    text_px = lay.text(15)
    row_h = h
    for key, label in labels:
        width = min(area.w, theme.font(text_px, bold=True).size(label)[0] + 2 * pad)
        # A label too long for one line wraps: the button grows a line at a time.
        lines = len(wrap(label, text_px, width - 2 * pad, bold=True))
        height = max(h, lines * line_height(text_px) + lay.px(10))
        if x > area.x and x + width > area.right:
            x, y, row_h = area.x, y + row_h + gap, h
        out.append(PanelButton(key, label, pygame.Rect(x, y, width, height)))
        row_h = max(row_h, height)
        x += width + gap
    return y + row_h + gap


def _log_shown(lines: tuple[str, ...], px: int, box: pygame.Rect, back: int) -> tuple[str, ...]:
    """The lines that fit `box`, the newest at the bottom (`back` lines scrolled back);
    each line may wrap."""
    room = box.h
    shown: list[str] = []
    end = len(lines) - back
    for line in reversed(lines[: max(0, end)]):
        height = len(wrap(line, px, box.w)) * line_height(px)
        if height > room:
            break
        shown.append(line)
        room -= height
    return tuple(reversed(shown))


def _draw_button(surface: pygame.Surface, lay: SabaLayout, button: PanelButton) -> None:
    """A flat button (as the table's) whose label may wrap onto several lines."""
    px = lay.text(15)
    lines = wrap(button.label, px, button.rect.w - 2 * lay.px(14), bold=True)
    if len(lines) == 1:
        draw_flat_button(surface, button.rect, button.label, lay.px, button.enabled, text_px=15)
        return
    draw_flat_button(surface, button.rect, "", lay.px, button.enabled)
    height = len(lines) * line_height(px)
    box = pygame.Rect(
        button.rect.x + lay.px(14),
        button.rect.centery - height // 2,
        button.rect.w - 2 * lay.px(14),
        height,
    )
    draw_lines(
        surface,
        button.label,
        px,
        theme.INK if button.enabled else theme.TEXT_DIM,
        box,
        align="center",
        bold=True,
    )


def draw_panel_content(
    surface: pygame.Surface, lay: SabaLayout, panel: PanelLayout, hover: int | None
) -> None:
    """The panel as laid out; `hover`: the index of the button under the pointer."""
    text, px = panel.text, panel.px
    if text.prompt:
        draw_lines(surface, text.prompt, px, theme.TEXT, panel.prompt, bold=True)
    for i, button in enumerate(panel.buttons):
        _draw_button(surface, lay, button)
        if i == hover and button.enabled:
            pygame.draw.rect(
                surface, theme.TEXT, button.rect, max(2, lay.px(2)), border_radius=lay.px(8)
            )
    if text.refusal:
        draw_lines(surface, text.refusal, px, theme.DANGER, panel.refusal)
    if text.notice:
        draw_lines(surface, text.notice, px, theme.TEXT_DIM, panel.notice)
    if text.hint_text:
        draw_lines(surface, text.hint_text, px, (120, 230, 140), panel.hint)
    if panel.log.h > 0:
        draw_text(
            surface,
            tr("table.log.title").upper(),
            lay.text(14),
            theme.TEXT_DIM,
            panel.log_title,
            align="left",
            valign="bottom",
            bold=True,
        )
        y = panel.log.y
        for line in panel.log_lines:
            height = len(wrap(line, px, panel.log.w)) * line_height(px)
            y = draw_lines(
                surface, line, px, theme.TEXT_DIM, pygame.Rect(panel.log.x, y, panel.log.w, height)
            )
