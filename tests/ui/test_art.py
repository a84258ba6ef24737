"""The game's art: every component draws at any size, caches, and reads without colour."""

from __future__ import annotations

import itertools

import pygame
import pytest

from splendor.engine.components import Card
from splendor.gamedata import base_game
from splendor.ui import art, theme

CARD_SIZES = ((80, 112), (100, 140), (150, 210))
NOBLE_SIZES = (64, 80, 120)

pytestmark = pytest.mark.usefixtures("art_display")


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def _card(card_id: str) -> Card:
    return base_game().card_by_id[card_id]


def test_every_card_renders_at_three_sizes() -> None:
    for card in base_game().cards:
        for size in CARD_SIZES:
            assert art.card_surface(card, size).get_size() == size
    missing = tuple(1 if n else 0 for n in base_game().cards[0].cost)
    surf = art.card_surface(base_game().cards[0], (80, 112), remaining=missing, dimmed=True)
    assert surf.get_size() == (80, 112)


def test_a_card_width_alone_gives_the_card_ratio() -> None:
    assert art.card_surface(_card("L1-01"), 100).get_size() == (100, 140)


def test_small_cards_use_the_compact_layouts() -> None:
    for card in base_game().cards[::5]:
        for size in ((24, 34), (32, 45), (44, 62), (70, 98)):
            surf = art.card_surface(card, size, affordable=True, remaining=(1, 0, 0, 0, 0))
            assert surf.get_size() == size


def test_every_noble_renders_at_three_sizes_with_and_without_progress() -> None:
    for noble in base_game().nobles:
        for s in NOBLE_SIZES:
            assert art.noble_surface(noble, s).get_size() == (s, s)
            assert art.noble_surface(noble, (s, s), progress=(2, 2, 2, 2, 2)).get_size() == (s, s)
            assert art.noble_surface(noble, s, owned=True).get_size() == (s, s)


def test_tokens_backs_slots_and_badges_have_the_requested_size() -> None:
    for c in range(6):
        for d in (24, 52, 90):
            assert art.token_surface(c, d).get_size() == (d, d)
            assert art.token_surface(c, d, count=10, selected=True).get_size() == (d, d)
        assert art.bonus_badge_surface(c, 3, (30, 40)).get_size() == (30, 40)
        assert art.bonus_badge_surface(c, 0, 40).get_size() == (30, 40)
    for level in (1, 2, 3):
        for count in (None, 0, 7, 36):
            assert art.card_back_surface(level, (100, 140), count).get_size() == (100, 140)
    assert art.empty_slot_surface((80, 112)).get_size() == (80, 112)


def test_cached_calls_return_the_same_surface() -> None:
    card, noble = _card("L2-05"), base_game().nobles[3]
    assert art.card_surface(card, (100, 140)) is art.card_surface(card, (100, 140))
    first = art.card_surface(card, (100, 140), remaining=(0, 0, 0, 2, 0))
    assert art.card_surface(card, (100, 140), remaining=[0, 0, 0, 2, 0]) is first
    assert art.noble_surface(noble, 80, progress=(1, 0, 2, 0, 0)) is art.noble_surface(
        noble, (80, 80), progress=(1, 0, 2, 0, 0))
    assert art.token_surface(2, 52, 3) is art.token_surface(2, 52, 3)
    assert art.card_back_surface(1, (100, 140), 30) is art.card_back_surface(1, (100, 140), 30)
    assert art.empty_slot_surface((100, 140)) is art.empty_slot_surface((100, 140))
    assert art.bonus_badge_surface(4, 2, 40) is art.bonus_badge_surface(4, 2, 40)


def test_variants_differ_from_the_plain_card() -> None:
    card, size = _card("L1-05"), (100, 140)
    plain = _pixels(art.card_surface(card, size))
    variants = [
        art.card_surface(card, size, affordable=True),
        art.card_surface(card, size, dimmed=True),
        art.card_surface(card, size, remaining=(0, 1, 0, 0, 0)),
    ]
    pixels = [_pixels(v) for v in variants]
    assert all(p != plain for p in pixels)
    assert len(set(pixels)) == len(pixels)
    # Only what is missing is marked: a cost all covered adds nothing to the card.
    assert _pixels(art.card_surface(card, size, remaining=(0, 0, 0, 0, 0))) == plain


def test_count_badge_and_selection_change_a_token() -> None:
    for c in range(6):
        plain = _pixels(art.token_surface(c, 52))
        counted = _pixels(art.token_surface(c, 52, count=4))
        assert counted != plain
        assert _pixels(art.token_surface(c, 52, count=5)) != counted
        assert _pixels(art.token_surface(c, 52, selected=True)) != plain


def test_deck_back_counts_and_levels_differ() -> None:
    backs = [_pixels(art.card_back_surface(lv, (100, 140), n))
             for lv in (1, 2, 3) for n in (None, 0, 12)]
    assert len(set(backs)) == len(backs)


def _symbol_mask(c: int, size: int) -> set[tuple[int, int]]:
    surf = pygame.Surface((size + 4, size + 4), pygame.SRCALPHA)
    art.draw_symbol(surf, ((size + 4) / 2, (size + 4) / 2), size, c, (0, 0, 0))
    return {(x, y) for x in range(size + 4) for y in range(size + 4) if surf.get_at((x, y)).a > 128}


@pytest.mark.parametrize("size", [10, 16, 40])
def test_symbols_have_six_distinct_shapes(size: int) -> None:
    masks = [_symbol_mask(c, size) for c in range(6)]
    assert all(masks)
    for a, b in itertools.combinations(masks, 2):
        assert len(a ^ b) >= 0.2 * len(a | b)


def _token_symbol_mask(c: int, d: int = 64) -> set[tuple[int, int]]:
    """The symbol on a greyscale token: pixels far from the chip's own grey, near the centre."""
    grey = pygame.transform.grayscale(art.token_surface(c, d))
    centre = d // 2
    cd = art.token_chip_diameter(d)
    body = grey.get_at((centre, centre + round(cd * 0.27))).r
    half = round(cd * 0.25)
    return {(x, y) for x in range(centre - half, centre + half + 1)
            for y in range(centre - half, centre + half + 1)
            if abs(grey.get_at((x, y)).r - body) > 40}


def test_tokens_differ_by_symbol_alone_in_greyscale() -> None:
    masks = [_token_symbol_mask(c) for c in range(6)]
    assert all(len(m) > 20 for m in masks)
    for a, b in itertools.combinations(masks, 2):
        assert len(a ^ b) >= 0.2 * len(a | b)


def test_art_never_asks_for_text_under_the_minimum(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[int] = []
    real_text, real_font = theme.text, theme.font

    def text(value: str, px: int, *args: object, **kwargs: object) -> pygame.Surface:
        asked.append(px)
        return real_text(value, px, *args, **kwargs)

    def font(px: int, *args: object, **kwargs: object) -> pygame.font.Font:
        asked.append(px)
        return real_font(px, *args, **kwargs)

    monkeypatch.setattr(theme, "text", text)
    monkeypatch.setattr(theme, "font", font)
    art.clear_caches()
    data = base_game()
    # The smallest sizes a 1024x600 window uses, and smaller still.
    for card in data.cards[::7]:
        for size in ((24, 34), (44, 62), (64, 90), (80, 112)):
            art.card_surface(card, size, remaining=tuple(min(n, 1) for n in card.cost))
            art.card_surface(card, size, remaining=(0, 0, 0, 0, 0), affordable=True)
    for noble in data.nobles:
        art.noble_surface(noble, 48, progress=(1, 1, 1, 1, 1))
        art.noble_surface(noble, 64, progress=(3, 3, 3, 3, 3))
    for c in range(6):
        art.token_surface(c, 20, count=12)
        art.bonus_badge_surface(c, 3, 24)
        art.bonus_badge_surface(c, 12, (30, 22))
    for level in (1, 2, 3):
        art.card_back_surface(level, (50, 70), 36)
        art.card_back_surface(level, (50, 70), 0)
    art.clear_caches()
    assert asked, "the art drew no text through theme"
    assert min(asked) >= theme.MIN_TEXT_PX
