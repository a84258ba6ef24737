"""The Cities of Splendor art: Orient cards and backs, ability symbols, city tiles, the
Trading Posts board, coats of arms, strongholds, double golds and the seat colours."""

from __future__ import annotations

import itertools
import math

import pygame
import pytest

from splendor.engine.components import ABILITIES, NO_BONUS
from splendor.gamedata import base_game
from splendor.ui import art, theme
from splendor.ui.art.palette import ORIENT_FRAME

ORIENT_SIZES = ((24, 34), (44, 62), (70, 98), (80, 112), (100, 140), (150, 210))
CITY_SIZES = ((64, 48), (88, 64), (110, 80), (220, 160))
BOARD_SIZES = ((300, 80), (420, 110), (630, 165))

pytestmark = pytest.mark.usefixtures("art_display")


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_every_orient_card_draws_at_every_size_with_every_flag() -> None:
    for card in base_game().orient:
        for size in ORIENT_SIZES:
            assert art.card_surface(card, size).get_size() == size
            missing = tuple(min(1, n) for n in card.cost)
            surf = art.card_surface(card, size, affordable=True, remaining=missing, dimmed=True)
            assert surf.get_size() == size


class _NoNegative(tuple):  # type: ignore[type-arg]
    """A colour table that refuses a negative index (NO_BONUS must never look one up)."""

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        if isinstance(index, int) and index < 0:
            raise IndexError(f"colour {index} looked up")
        return super().__getitem__(index)


def test_cards_without_a_bonus_never_look_up_a_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("GEM_FILL", "GEM_RIM", "GEM_INK", "GEM_SHAPES"):
        monkeypatch.setattr(theme, name, _NoNegative(getattr(theme, name)))
    art.clear_caches()
    colourless = [c for c in base_game().orient if c.bonus == NO_BONUS]
    assert {c.ability for c in colourless} == {"gold_x2", "pair", "pair_and_take_level1"}
    for card in colourless:
        for size in ORIENT_SIZES:
            art.card_surface(card, size, affordable=True, remaining=(1, 1, 1, 1, 1))
            art.card_surface(card, size, dimmed=True)
    art.clear_caches()


def _side_strip(surface: pygame.Surface) -> tuple[float, float, float]:
    """The average colour of a card's left frame, below the band."""
    w, h = surface.get_size()
    px = [surface.get_at((x, y))[:3] for x in range(max(2, round(w * 0.04)))
          for y in range(round(h * 0.4), round(h * 0.9))]
    return tuple(sum(p[i] for p in px) / len(px) for i in range(3))  # type: ignore[return-value]


def test_orient_cards_have_their_own_frame() -> None:
    """An Orient card's frame is the same whatever its colour (aubergine lined in gold),
    unlike a base card's, which is its colour."""
    data = base_game()
    red, blue = data.card_by_id["O2-06"], data.card_by_id["O2-04"]
    base_red = next(c for c in data.cards if c.bonus == red.bonus)
    base_blue = next(c for c in data.cards if c.bonus == blue.bonus)
    for size in ((100, 140), (70, 98)):
        o_red, o_blue = (_side_strip(art.card_surface(c, size)) for c in (red, blue))
        b_red, b_blue = (_side_strip(art.card_surface(c, size)) for c in (base_red, base_blue))
        assert math.dist(o_red, o_blue) < 12
        assert math.dist(b_red, b_blue) > 60
        assert math.dist(o_red, b_red) > 50 and math.dist(o_blue, b_blue) > 50
        assert math.dist(o_red, ORIENT_FRAME) < math.dist(b_red, ORIENT_FRAME)


def test_each_ability_shows_on_its_card() -> None:
    """Orient cards of one colour and cost shape differ by their ability's medallion; a
    double bonus differs from a single bonus of the same colour at the top right."""
    data = base_game()
    faces = {card.ability: _pixels(art.card_surface(card, (100, 140)))
             for card in data.orient}
    assert set(faces) == set(ABILITIES)
    assert len(set(faces.values())) == len(ABILITIES)


def test_ability_symbols_draw_at_every_size_and_differ() -> None:
    for ability in ABILITIES:
        for size in (8, 14, 20, 24, 32, 48, 64):
            assert art.ability_symbol_surface(ability, size).get_size() == (size, size)
            for colour in (0, 3, 4, NO_BONUS, None):
                surf = art.ability_symbol_surface(ability, size, colour)
                assert surf.get_size() == (size, size)
    pixels = [_pixels(art.ability_symbol_surface(a, 40)) for a in ABILITIES]
    assert len(set(pixels)) == len(ABILITIES)
    assert art.ability_symbol_surface("pair", 30) is art.ability_symbol_surface("pair", 30)
    with pytest.raises(ValueError):
        art.ability_symbol_surface("fly", 30)


def test_orient_backs_differ_from_base_backs_and_the_default_is_unchanged() -> None:
    size = (100, 140)
    for level in (1, 2, 3):
        for count in (None, 0, 7):
            back = art.card_back_surface(level, size, count, orient=True)
            assert back.get_size() == size
            assert art.card_back_surface(level, size, count, orient=True) is back
        assert art.card_back_surface(level, size, 5) is art.card_back_surface(
            level, size, 5, orient=False)
        assert _pixels(art.card_back_surface(level, size, 5, orient=True)) != _pixels(
            art.card_back_surface(level, size, 5))
    backs = [_pixels(art.card_back_surface(lv, size, n, orient=True))
             for lv in (1, 2, 3) for n in (None, 12)]
    assert len(set(backs)) == len(backs)


def test_every_city_face_draws_at_every_size_with_and_without_progress() -> None:
    for city in base_game().cities:
        for size in CITY_SIZES:
            assert art.city_surface(city, size).get_size() == size
            for prog in ((3, (2, 0)), (0, (0,) * 5), (0, (5, 1, 0)), (12, ())):
                assert art.city_surface(city, size, prog).get_size() == size


def test_city_progress_and_caching() -> None:
    city = base_game().city_by_id["C04"]
    plain = art.city_surface(city, (110, 80))
    assert art.city_surface(city, (110, 80)) is plain
    assert art.city_surface(city, (110, 80), (2, (1, 0))) is art.city_surface(
        city, (110, 80), (2, (1, 0)))
    marks = [_pixels(art.city_surface(city, (110, 80), p))
             for p in (None, (2, (1, 0)), (0, (1, 0)), (0, (0, 1)), (2, (0, 0)), (0, (0, 0)))]
    assert len(set(marks)) == len(marks)


def _has_colour(surface: pygame.Surface, colour: tuple[int, int, int], tol: float = 30) -> bool:
    w, h = surface.get_size()
    return any(math.dist(surface.get_at((x, y))[:3], colour) < tol and surface.get_at((x, y)).a
               > 200 for x in range(w) for y in range(h))


def test_any_colour_disc_leaves_out_the_named_colours() -> None:
    """On the 14-point face with 4 green, the other four must be another colour: the
    "any colour" disc beside the green one shows every colour but green."""
    green = theme.GEM_FILL[2]
    assert _has_colour(art.any_colour_surface(32, 4), green)
    assert not _has_colour(art.any_colour_surface(32, 4, (2,)), green)
    city = base_game().city_by_id["C11"]
    assert city.any_single == 4 and city.requires[2] == 4
    assert art.city_surface(city, (110, 80)).get_size() == (110, 80)


def test_posts_board_draws_any_holders_at_every_size() -> None:
    data = base_game()
    seats = art.seat_colours(4)
    layouts = ({}, {1: (0,)}, {p.id: (0, 1, 2, 3) for p in data.posts}, {2: (3, 1), 5: (7,)})
    for size in BOARD_SIZES:
        for holders in layouts:
            board = art.posts_board_surface(data.posts, holders, size, seats)
            assert board.get_size() == size
    empty = art.posts_board_surface(data.posts, {}, (420, 110), seats)
    held = art.posts_board_surface(data.posts, {3: (1,)}, (420, 110), seats)
    assert _pixels(empty) != _pixels(held)
    assert art.posts_board_surface(data.posts, {3: (1,)}, (420, 110), seats) is held
    assert art.posts_board_surface(data.posts, {1: (0,)}, (420, 110), ()).get_size() == (420, 110)


def test_post_powers_draw_and_differ() -> None:
    data = base_game()
    powers = [_pixels(art.post_power_surface(p.power, (72, 40))) for p in data.posts]
    assert len(set(powers)) == len(data.posts)
    for post in data.posts:
        for size in ((30, 14), (72, 40), (200, 100)):
            assert art.post_power_surface(post.power, size).get_size() == size
    with pytest.raises(ValueError):
        art.post_power_surface("fly", (40, 40))


def test_coats_strongholds_and_double_golds_have_the_requested_size() -> None:
    for colour in (*art.seat_colours(4), (10, 20, 30)):
        for s in (8, 14, 24, 48):
            assert art.coat_of_arms_surface(colour, s).get_size() == (s, s)
            for count in (0, 1, 2, 3, 9):
                assert art.stronghold_surface(colour, s, count).get_size() == (s, s)
        assert art.coat_of_arms_surface(colour, (16, 20)).get_size() == (16, 20)
    for s in (8, 16, 20, 24, 32, 56):
        assert art.double_gold_surface(s).get_size() == (s, s)
    seat = art.seat_colours(1)[0]
    towers = [_pixels(art.stronghold_surface(seat, 28, n)) for n in (1, 2, 3)]
    assert len(set(towers)) == 3
    assert art.stronghold_surface(seat, 28, 1) is art.stronghold_surface(list(seat), 28.0, 1)


def test_each_seat_has_its_own_coat_of_arms() -> None:
    coats = [_pixels(pygame.transform.grayscale(art.coat_of_arms_surface(c, 32)))
             for c in art.seat_colours(4)]
    assert len(set(coats)) == 4  # the charges differ even without colour


# Colour distance, in CIELAB, as seen with normal vision and with the three dichromacies
# (Machado, Oliveira and Fernandes 2009, severity 1).
_VISION = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _lab(rgb: tuple[int, int, int], vision: str) -> tuple[float, float, float]:
    def linear(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    lin = [linear(v) for v in rgb]
    r, g, b = (min(1.0, max(0.0, sum(m * v for m, v in zip(row, lin, strict=True))))
               for row in _VISION[vision])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def test_seat_colours_are_distinct_from_each_other_and_from_the_gems() -> None:
    seats = art.seat_colours(4)
    assert len(seats) == 4 and len(set(seats)) == 4
    assert art.seat_colours(2) == seats[:2]
    for vision in _VISION:
        labs = [_lab(c, vision) for c in seats]
        gems = [_lab(c, vision) for c in theme.GEM_FILL]
        for a, b in itertools.combinations(labs, 2):
            assert math.dist(a, b) >= 20, vision
        for a in labs:
            assert min(math.dist(a, g) for g in gems) >= 20, vision


def test_module_art_never_asks_for_text_under_the_minimum(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    asked: list[int] = []
    real_text = theme.text

    def text(value: str, px: int, *args: object, **kwargs: object) -> pygame.Surface:
        asked.append(px)
        return real_text(value, px, *args, **kwargs)

    monkeypatch.setattr(theme, "text", text)
    art.clear_caches()
    data = base_game()
    for card in data.orient:
        for size in ((24, 34), (44, 62), (64, 90)):
            art.card_surface(card, size, remaining=(1, 1, 1, 1, 1))
    for ability in ABILITIES:
        art.ability_symbol_surface(ability, 12)
    for city in data.cities:
        art.city_surface(city, (64, 48), (3, (3, 1, 0, 0, 2)))
    art.posts_board_surface(data.posts, {1: (0, 1)}, (240, 60), art.seat_colours(2))
    for level in (1, 2, 3):
        art.card_back_surface(level, (50, 70), 9, orient=True)
    art.double_gold_surface(24)
    art.clear_caches()
    assert asked, "the art drew no text through theme"
    assert min(asked) >= theme.MIN_TEXT_PX


def test_clear_caches_forgets_the_module_art() -> None:
    from splendor.ui.art import abilities, backs, cities, orient_cards, posts, seats, wheel

    data = base_game()
    art.card_surface(data.card_by_id["O1-01"], (100, 140))
    art.card_back_surface(1, (100, 140), 3, orient=True)
    art.city_surface(data.cities[0], (110, 80))
    art.posts_board_surface(data.posts, {1: (0,)}, (420, 110), art.seat_colours(4))
    art.stronghold_surface(art.seat_colours(1)[0], 24)
    art.double_gold_surface(30)
    caches = (abilities._ability, abilities._double_gold, abilities._coin, backs._orient_back,
              cities._city, orient_cards._bonus_mark, posts._board, posts._power, seats._coat,
              seats._stronghold, wheel.any_colour_surface)
    assert all(fn.cache_info().currsize for fn in caches)
    art.clear_caches()
    assert not any(fn.cache_info().currsize for fn in caches)


def test_the_marks_of_missing_bonuses_stay_apart_on_every_city_at_every_table_size() -> None:
    """Five '−1' side by side on a small tile read as one run ('−1−1−1−1−1', a playtest
    found): at the sizes the tables give city tiles, each mark leaves room before the
    next disc's."""
    from splendor.ui.art.cities import _discs, disc_mark_space, disc_mark_text
    from splendor.ui.art.text import _ink_size
    from splendor.ui.table.layout import compute_layout

    data = base_game()
    sizes = {rect.size for window in ((1024, 600), (1280, 720), (1920, 1080))
             for players in (2, 3, 4)
             for rect in compute_layout(window, players, data.market_slots,
                                        module="cities").cities}
    assert (120, 88) in sizes  # the smallest table's tiles, where the playtest saw it
    for city in data.cities:
        for size in sizes:
            d, sym, gap = _discs(city, *size)
            if not d:
                continue  # prestige alone: no disc to mark
            for missing in range(1, 10):
                text, px = disc_mark_text(missing, d, sym, d + gap)
                assert text.lstrip("−") == str(missing)
                assert _ink_size(text, px)[0] <= d + gap - disc_mark_space(d), (city.id, size)
