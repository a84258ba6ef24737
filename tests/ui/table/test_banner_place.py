"""The final-round banner hides nothing a player needs to decide: in the base game and
every module, with 2 to 4 players, from the smallest window to full HD, it overlaps no
card, deck, noble, city, bank pile, the legend, the posts board, the action panel nor any
player; and its words fit there in every language."""

from __future__ import annotations

import pygame
import pytest

from splendor import i18n
from splendor.ui import textfit
from splendor.ui.table.banner import FinalRoundBanner
from splendor.ui.table.layout import TableLayout, compute_layout
from tests.ui.module_positions import LONG_NAMES, MODULE_NAMES

SIZES = [(1024, 600), (1920, 1080)]


def decision_rects(lay: TableLayout) -> dict[str, pygame.Rect]:
    """Every part of the table a player looks at to decide, by name."""
    parts = {"panel": lay.action_panel, "area": lay.my_area, "legend": lay.legend,
             "header": lay.header, "posts": lay.posts_board}
    for name, rects in (("deck", lay.decks), ("orient deck", lay.orient_decks),
                        ("pile", lay.bank), ("noble", lay.nobles), ("city", lay.cities),
                        ("opponent", lay.opponents)):
        parts |= {f"{name} {i}": r for i, r in enumerate(rects)}
    for name, grid in (("card", lay.market), ("orient card", lay.orient_market)):
        parts |= {f"{name} {lv}.{i}": r for lv, row in enumerate(grid) for i, r in enumerate(row)}
    return {name: rect for name, rect in parts.items() if rect.w and rect.h}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("module", [None, *MODULE_NAMES])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_banner_covers_nothing_needed_to_decide(
        size: tuple[int, int], module: str | None, players: int) -> None:
    pygame.init()
    lay = compute_layout(size, players - 1, module=module)
    assert pygame.Rect((0, 0), size).contains(lay.banner)
    covered = [name for name, rect in decision_rects(lay).items()
               if rect.colliderect(lay.banner)]
    assert not covered, f"the banner covers {covered}"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_the_banner_words_fit_in_its_place(size: tuple[int, int], language: str) -> None:
    pygame.init()
    i18n.set_language(language)
    lay = compute_layout(size, 3)  # four players: the smallest log
    banner = FinalRoundBanner()
    banner.name, banner.points, banner.left = LONG_NAMES[1], 15, 2.0
    with textfit.audit() as misfits:
        banner.draw(pygame.Surface(size), lay)
    assert not misfits
