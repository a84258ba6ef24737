"""A contact sheet of the game's art, for looking at it all at once.

    SDL_VIDEODRIVER=dummy python -m splendor.ui.art_sheet OUT.png [--scale 1.0] [--grey]

Renders tokens, symbols, cards, deck backs, nobles and bonus badges, then the Cities of
Splendor pieces (Orient cards and backs, ability symbols, city tiles, the Trading Posts
board, coats of arms, strongholds, double golds), on the table colour at the sizes a
1280x720 window uses, times `--scale`. Also writes OUT-grey.png, the same sheet
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
    _module_rows(sheet, scale)
    return sheet.render()


#: One Orient card per ability, in the order of the abilities.
_ORIENT_SAMPLES = ("O1-04", "O1-06", "O2-02", "O2-06", "O2-08", "O3-04", "O3-06")


def _module_rows(sheet: _Sheet, scale: float) -> None:
    """The Cities of Splendor pieces: Orient cards and backs, ability symbols, city
    tiles, the Trading Posts board, coats of arms, strongholds and double golds."""
    data = base_game()
    cards = data.card_by_id

    def sz(v: float) -> int:
        return round(v * scale)

    size = (sz(100), sz(140))
    samples = [cards[i] for i in _ORIENT_SAMPLES]
    sheet.row(f"Orient cards {size[0]}x{size[1]}, one per ability (a base card first)", [
        (art.card_surface(cards["L2-12"], size), "base")] + [
        (art.card_surface(card, size), card.ability or "") for card in samples])
    sheet.row("Orient cards: affordable, missing, dimmed; and the other colours", [
        (art.card_surface(cards["O1-02"], size, affordable=True, remaining=(0, 0, 0, 0, 0)),
         "affordable"),
        (art.card_surface(cards["O2-09"], size, remaining=(2, 1, 0, 0, 2)), "missing"),
        (art.card_surface(cards["O3-02"], size, dimmed=True), "dimmed"),
        (art.card_surface(cards["O2-03"], size), "O2-03"),
        (art.card_surface(cards["O2-07"], size), "O2-07"),
        (art.card_surface(cards["O3-05"], size), "O3-05"),
        (art.card_surface(cards["O3-08"], size), "O3-08"),
        (art.card_surface(cards["O3-10"], size), "O3-10"),
    ])
    compact = (sz(70), sz(98))
    sheet.row(f"Orient cards {compact[0]}x{compact[1]} (compact)", [
        (art.card_surface(cards["L1-05"], compact), "base")] + [
        (art.card_surface(card, compact), card.id) for card in samples])
    zoom = (sz(150), sz(210))
    sheet.row(f"Orient cards {zoom[0]}x{zoom[1]}", [
        (art.card_surface(cards[i], zoom), i) for i in ("O1-01", "O2-01", "O2-10", "O3-03")])
    sheet.row("Orient cards, small (side panels)", [
        (art.card_surface(cards[i], (sz(wd), sz(wd * 1.4))), f"{sz(wd)} px")
        for i in ("O1-03", "O1-09", "O2-05", "O3-09") for wd in (24, 32, 44, 58)])
    backs: list[Item] = [(art.card_back_surface(lv, size, n, orient=True), f"Orient {lv}: {n}")
                         for lv, n in ((1, 10), (2, 7), (3, 2))]
    backs.append((art.card_back_surface(2, size, orient=True), "no count"))
    backs.append((art.card_back_surface(1, size, 0, orient=True), "empty deck"))
    backs.append((art.card_back_surface(3, compact, 8, orient=True), "compact"))
    sheet.row("Orient deck backs", backs)
    symbols: list[Item] = []
    for ability in ("gold_x2", "pair", "pair_and_take_level1", "double_bonus", "reserve_noble",
                    "take_level2", "sacrifice"):
        symbols += [(art.ability_symbol_surface(ability, sz(px)), ability if px == 40 else "")
                    for px in (20, 28, 40)]
    sheet.row("Ability symbols at 20, 28, 40 px (for legends)", symbols)
    sheet.row("Ability symbols in a colour; double golds; any colour discs", [
        (art.ability_symbol_surface("double_bonus", sz(40), 3), "double red"),
        (art.ability_symbol_surface("sacrifice", sz(40), 4), "give up black"),
    ] + [(art.double_gold_surface(sz(px)), f"double gold {sz(px)}") for px in (20, 28, 40, 56)]
      + [(art.any_colour_surface(sz(px), n, ex), label) for px, n, ex, label in (
          (24, None, (), "any colour"), (24, 6, (), "6 of one"),
          (32, 4, (2,), "4 not green"))])
    tile = (sz(110), sz(80))
    cities = list(data.cities)
    sheet.row(f"City tiles {tile[0]}x{tile[1]}", [
        (art.city_surface(city, tile), f"{city.id}") for city in cities[:7]])
    sheet.row("", [(art.city_surface(city, tile), f"{city.id}") for city in cities[7:]])
    progress = ((3, (2, 0, 1, 0)), (0, (4,)), (0, (0, 0)), (5, (0, 2)), (0, (1, 0, 0, 0, 0)))
    sheet.row("City tiles with progress (prestige missing, bonuses missing by disc)", [
        (art.city_surface(city, tile, prog), f"{prog[0]}, {sum(prog[1])}")
        for city, prog in zip((cities[0], cities[2], cities[6], cities[10], cities[12]),
                              progress, strict=True)])
    sheet.row("City tiles at other sizes", [
        (art.city_surface(cities[10], (sz(220), sz(160)), (1, (3, 0))), f"{sz(220)}x{sz(160)}"),
        (art.city_surface(cities[5], (sz(160), sz(116))), f"{sz(160)}x{sz(116)}"),
        (art.city_surface(cities[9], (sz(88), sz(64))), f"{sz(88)}x{sz(64)}"),
        (art.city_surface(cities[2], (sz(88), sz(64))), f"{sz(88)}x{sz(64)}"),
    ])
    seats = art.seat_colours(4)
    holders = {1: (0, 2), 2: (0, 1, 2, 3), 4: (1,), 5: (3, 0)}
    board = (sz(420), sz(110))
    sheet.row(f"Trading Posts board {board[0]}x{board[1]}: four players' coats of arms", [
        (art.posts_board_surface(data.posts, holders, board, seats), "")])
    sheet.row("Trading Posts board: empty, and larger", [
        (art.posts_board_surface(data.posts, {}, board, seats), "no coats yet"),
        (art.posts_board_surface(data.posts, {3: (0, 1), 5: (1,)}, (sz(560), sz(146)), seats),
         f"{sz(560)}x{sz(146)}"),
    ])
    sheet.row("Post powers, as in a legend", [
        (art.post_power_surface(post.power, (sz(96), sz(48))), f"post {post.id}")
        for post in data.posts])
    coats: list[Item] = []
    for px in (16, 24, 40):
        coats += [(art.coat_of_arms_surface(c, sz(px)), f"seat {i + 1}" if px == 40 else "")
                  for i, c in enumerate(seats)]
    sheet.row("Coats of arms in the seat colours (each seat with its own charge)", coats)
    towers = [art.stronghold_surface(c, sz(28), n) for n in (1, 2, 3) for c in seats]
    sheet.row("Strongholds (1, 2 and 3 towers) on a light face, a black and a blue band", [
        (_panel(towers, theme.CARD_FACE, sz(4)), ""),
        (_panel(towers, theme.GEM_FILL[4], sz(4)), ""),
        (_panel(towers, theme.GEM_FILL[1], sz(4)), ""),
    ])
    on_cards = []
    for card_id, seat, n in (("L1-05", 0, 1), ("O2-06", 1, 2), ("L3-13", 2, 3),
                             ("O3-07", 3, 1)):
        face = art.card_surface(cards[card_id], size).copy()
        tower = art.stronghold_surface(seats[seat], sz(34), n)
        face.blit(tower, (face.get_width() - tower.get_width() - sz(4),
                          face.get_height() - tower.get_height() - sz(4)))
        on_cards.append((face, f"seat {seat + 1} x{n}"))
    sheet.row("Strongholds on cards (as the table might place them)", on_cards)


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
