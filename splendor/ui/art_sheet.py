"""A contact sheet of the game's art, for looking at it all at once.

    SDL_VIDEODRIVER=dummy python -m splendor.ui.art_sheet OUT.png [--scale 1.0] [--grey]

Renders tokens, symbols, cards, deck backs, nobles and bonus badges on the table colour at
the sizes a 1280x720 window uses, times `--scale`. Also writes OUT-grey.png, the same sheet
in greyscale, to check that every gem reads by its symbol alone.
"""

from __future__ import annotations

import argparse
import itertools
import os
from collections.abc import Sequence
from pathlib import Path

import pygame

from splendor.gamedata import base_game
from splendor.ui import art, theme

Item = tuple[pygame.Surface, str]


class _Sheet:
    """Lays items out in labelled rows, top to bottom."""

    def __init__(self, scale: float) -> None:
        self.scale = scale
        self.gap = round(14 * scale)
        self.rows: list[tuple[str, list[Item]]] = []

    def row(self, title: str, items: Sequence[Item]) -> None:
        self.rows.append((title, list(items)))

    def render(self) -> pygame.Surface:
        pad, gap = round(24 * self.scale), self.gap
        title_px, caption_px = max(theme.MIN_TEXT_PX, round(18 * self.scale)), theme.MIN_TEXT_PX
        cap_h = theme.font(caption_px).get_linesize()
        title_h = theme.font(title_px, True).get_linesize()
        widths, heights = [], []
        for _, items in self.rows:
            widths.append(sum(max(s.get_width(), _cap_w(c)) for s, c in items) + gap * len(items))
            heights.append(title_h + max(s.get_height() for s, _ in items) + cap_h + gap)
        sheet = pygame.Surface((max(widths) + 2 * pad, sum(heights) + 2 * pad))
        sheet.fill(theme.TABLE)
        y = pad
        for (title, items), row_h in zip(self.rows, heights, strict=True):
            sheet.blit(theme.text(title, title_px, theme.TEXT, True), (pad, y))
            top = y + title_h
            tallest = max(s.get_height() for s, _ in items)
            x = pad
            for surf, caption in items:
                cell = max(surf.get_width(), _cap_w(caption))
                sheet.blit(surf, (x + (cell - surf.get_width()) // 2,
                                  top + (tallest - surf.get_height()) // 2))
                if caption:
                    label = theme.text(caption, caption_px, theme.TEXT_DIM)
                    sheet.blit(label, (x + (cell - label.get_width()) // 2, top + tallest + 2))
                x += cell + gap
            y += row_h
        return sheet


def _cap_w(caption: str) -> int:
    return theme.font(theme.MIN_TEXT_PX).size(caption)[0] if caption else 0


def _panel(items: Sequence[pygame.Surface], color: theme.Color, pad: int) -> pygame.Surface:
    """Surfaces side by side on a plain panel (to check contrast on other backgrounds)."""
    w = sum(s.get_width() for s in items) + pad * (len(items) + 1)
    h = max(s.get_height() for s in items) + 2 * pad
    panel = pygame.Surface((w, h))
    panel.fill(color)
    x = pad
    for surf in items:
        panel.blit(surf, (x, (h - surf.get_height()) // 2))
        x += surf.get_width() + pad
    return panel


def _symbols_strip() -> pygame.Surface:
    """Every symbol at 10, 14, 20, 32 and 60 px, in ink on card colour."""
    sizes = (10, 14, 20, 32, 60)
    cell = 76
    strip = pygame.Surface((cell * 6 + 8, sum(s + 8 for s in sizes) + 8))
    strip.fill(theme.CARD_FACE)
    y = 8
    for s in sizes:
        for c in range(6):
            art.draw_symbol(strip, (4 + cell * c + cell / 2, y + s / 2), s, c, theme.INK)
        y += s + 8
    return strip


def build_sheet(scale: float = 1.0) -> pygame.Surface:
    """The contact sheet at `scale` (1.0 = the sizes of a 1280x720 window)."""
    data = base_game()
    cards = data.card_by_id
    sheet = _Sheet(scale)

    def sz(v: float) -> int:
        return round(v * scale)

    counts = (4, 7, 2, 5, 0, 3)
    for d in (32, 52, 76):
        items: list[Item] = [(art.token_surface(c, sz(d)), "") for c in range(6)]
        items += [(art.token_surface(c, sz(d), counts[c], selected=c in (1, 5)),
                   "selected" if c in (1, 5) else "") for c in range(6)]
        sheet.row(f"Tokens {sz(d)} px: plain, then with counts (blue and gold selected)", items)
    chips = [art.token_surface(c, sz(40), 10 if c == 0 else None) for c in range(6)]
    sheet.row("Tokens on a card-coloured panel and on a player panel", [
        (_panel(chips, theme.CARD_FACE, sz(6)), ""), (_panel(chips, theme.PANEL, sz(6)), "")])
    sheet.row("Symbols at 10, 14, 20, 32, 60 px (not scaled)", [(_symbols_strip(), "")])

    cw, ch = sz(100), sz(140)
    size = (cw, ch)
    level3 = data.level_cards(3)
    row1: list[Item] = [
        (art.card_surface(cards["L1-01"], size), "plain"),
        (art.card_surface(cards["L1-16"], size, affordable=True, remaining=(0, 0, 0, 0, 0)),
         "affordable"),
        (art.card_surface(cards["L1-23"], size, remaining=(0, 0, 0, 2, 0)), "missing 2"),
        (art.card_surface(cards["L1-05"], size, remaining=(0, 1, 0, 0, 1)), "partly"),
        (art.card_surface(cards["L1-40"], size), "L1-40"),
        (art.card_surface(cards["L1-32"], size, dimmed=True), "dimmed"),
        (art.card_surface(cards["L2-03"], size, remaining=(0, 0, 0, 3, 0)), "L2-03"),
    ]
    row2: list[Item] = [
        (art.card_surface(cards["L2-12"], size, affordable=True), "affordable"),
        (art.card_surface(cards["L2-17"], size), "L2-17"),
        (art.card_surface(cards["L2-24"], size), "L2-24"),
    ] + [(art.card_surface(card, size), card.id) for card in (level3[0], level3[7], level3[12],
                                                              level3[19])]
    sheet.row(f"Cards {cw}x{ch}", row1)
    sheet.row("", row2)
    sheet.row("Cards at other sizes", [
        (art.card_surface(level3[3], (sz(80), sz(112)), remaining=(1, 0, 2, 0, 0)),
         f"{sz(80)}x{sz(112)}"),
        (art.card_surface(level3[5], (sz(150), sz(210)), affordable=True,
                          remaining=(0, 0, 0, 0, 0)), f"{sz(150)}x{sz(210)}"),
        (art.card_surface(data.level_cards(2)[4], (sz(150), sz(210)),
                          remaining=(0, 0, 0, 4, 1)), "missing"),
        (art.card_surface(data.level_cards(1)[9], (sz(150), sz(210)), dimmed=True), "dimmed"),
    ])
    small = [data.card_by_id[i] for i in ("L1-05", "L2-09", "L3-13", "L2-12")]
    sheet.row("Small cards (side panels): compact layout", [
        (art.card_surface(card, (sz(wd), sz(wd * 1.4)), affordable=k == 1), f"{sz(wd)} px")
        for k, (card, wd) in enumerate(itertools.product(small, (24, 32, 44, 58, 70)))
        if k % 5 < 2 or card.id in ("L1-05", "L3-13")
    ])
    decks: list[Item] = [(art.card_back_surface(lv, size, n), f"level {lv}: {n}")
                         for lv, n in ((1, 36), (2, 26), (3, 17))]
    decks.append((art.card_back_surface(3, size), "no count"))
    decks.append((art.card_back_surface(2, size, 0), "empty deck"))
    decks.append((art.empty_slot_surface(size), "empty slot"))
    sheet.row("Deck backs", decks)
    progress = [None, (2, 4, 0, 0, 0), None, (0, 4, 1, 0, 0), None,
                (3, 3, 1, 0, 0), None, (3, 0, 0, 2, 3), None, None]
    nobles: list[Item] = []
    for i, noble in enumerate(data.nobles):
        prog = progress[i]
        owned = i == 8
        cap = "owned" if owned else ("progress" if prog else noble.id)
        nobles.append((art.noble_surface(noble, sz(80), progress=prog, owned=owned), cap))
    sheet.row(f"Nobles {sz(80)} px", nobles)
    sheet.row(f"Nobles {sz(64)} px and {sz(110)} px", [
        (art.noble_surface(data.nobles[5], sz(64)), ""),
        (art.noble_surface(data.nobles[1], sz(64), progress=(4, 0, 0, 0, 2)), "progress"),
        (art.noble_surface(data.nobles[6], sz(110), progress=(1, 3, 0, 0, 2)), "progress"),
        (art.noble_surface(data.nobles[3], sz(110), owned=True), "owned"),
    ])
    badges: list[Item] = [(art.bonus_badge_surface(c, n, (sz(30), sz(40))), "")
                          for c, n in zip(range(6), (3, 1, 0, 4, 2, 1), strict=True)]
    badges += [(art.bonus_badge_surface(c, n, sz(56)), "")
               for c, n in zip(range(5), (5, 2, 7, 0, 1), strict=True)]
    badges += [(art.bonus_badge_surface(c, n, (sz(30), sz(22))), "")
               for c, n in zip(range(5), (0, 1, 3, 0, 12), strict=True)]
    sheet.row("Bonus badges (0 is faded)", badges)
    return sheet.render()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Render the art contact sheet.")
    parser.add_argument("out", type=Path)
    parser.add_argument("--scale", type=float, default=1.0)
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    sheet = build_sheet(args.scale)
    pygame.image.save(sheet, str(args.out))
    grey = args.out.with_name(args.out.stem + "-grey" + args.out.suffix)
    pygame.image.save(pygame.transform.grayscale(sheet), str(grey))
    print(f"wrote {args.out} and {grey} ({sheet.get_width()}x{sheet.get_height()})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
