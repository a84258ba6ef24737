"""The cards and marks on the table: every public card shows its whole cost at every
supported size, costs read by colour, the marks of different meanings look different
and a legend names them, the opponents' panels show their tokens, stacks and reserved
cards readably, and the final round is announced by a banner."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from splendor import i18n
from splendor.engine import Buy, Take, build_position
from splendor.gamedata import base_game
from splendor.i18n import tr
from splendor.ui import art, textfit, theme
from splendor.ui.app import App
from splendor.ui.scenes.table import TableScene
from splendor.ui.table import marks as table_marks
from splendor.ui.table import view as table_view
from splendor.ui.table.banner import SHOWN
from splendor.ui.table.hits import Hit
from splendor.ui.table.layout import TableLayout, compute_layout
from splendor.ui.table.view import Assists, reserved_slots
from tests.helpers import position_session

DATA = base_game()
SIZES = [(1024, 600), (1280, 720), (1920, 1080)]
LONG_NAMES = ("Bartholomew Kent", "Maximilianne Roe", "Wolfgang Amadeus", "Guinevere Smythe")


@pytest.fixture(params=[(1024, 600), (1280, 720)], ids=["1024x600", "1280x720"])
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    application = App(request.param)
    yield application
    while application.stack.scenes:
        application.stack.pop()


def _table(app: App, players: int = 2, kinds: list[str] | None = None,
           **position: Any) -> TableScene:
    state = build_position(DATA, players, names=LONG_NAMES[:players], **position)
    session = position_session(state, kinds or ["human"] + ["hard"] * (players - 1))
    table = TableScene(session, on_finished=lambda s: None, speed=50.0)
    app.stack.replace(table)
    app.step(0.0)
    return table


def _lay(table: TableScene) -> TableLayout:
    assert table.layout is not None
    return table.layout


# ------------------------------------------------------------------ readable cards


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_public_card_shows_its_whole_cost(size: tuple[int, int], players: int) -> None:
    """Market cards, the viewer's reserved cards and the other players' reserved cards are
    drawn at sizes that keep a four-colour cost whole (at 1024x600 the viewer's own
    reserved cards and every opponent's lost theirs)."""
    pygame.init()
    lay = compute_layout(size, players - 1)
    rects = [r for row in lay.market for r in row] + reserved_slots(lay)
    rects += [r for seat in lay.seats for r in seat.reserved]
    for rect in rects:
        assert art.card_cost_fits(rect.size), f"a card {rect.size} loses its cost at {size}"


def test_a_card_too_small_for_its_cost_is_told_apart() -> None:
    """The check above can fail: a card the size the side panels used is too small."""
    pygame.init()
    assert not art.card_cost_fits((26, 36))
    assert not art.card_cost_fits((60, 82))
    assert art.card_cost_fits((art.readable_card_width(82), 82))


def _neutral_dark(rgb: tuple[int, int, int]) -> bool:
    """Black or dark grey: what a player reads as the black gem."""
    return max(rgb) < 120 and max(rgb) - min(rgb) < 30


@pytest.mark.parametrize("size", [(100, 140), (80, 112), (150, 210)])
def test_a_blue_cost_has_nothing_black_beside_it(size: tuple[int, int]) -> None:
    """L3-11 costs seven blue: its cost line reads as blue (the symbol beside the disc
    was drawn dark, and a 6-blue card was read as 6-black)."""
    pygame.init()
    card = DATA.card_by_id["L3-11"]
    assert [c for c, _ in card.cost_items] == [1]
    surface = art.card_surface(card, size)
    w, h = surface.get_size()
    dark = [(x, y) for x in range(w // 2) for y in range(h // 2, h)
            if surface.get_at((x, y)).a == 255 and _neutral_dark(surface.get_at((x, y))[:3])]
    assert not dark, f"black-looking pixels in a blue cost at {size}: {dark[:5]}"


def test_only_what_is_missing_is_marked_on_a_card() -> None:
    """No badge per cost line: a covered cost adds nothing, a short one a small count."""
    pygame.init()
    card = DATA.card_by_id["L1-05"]

    def pixels(remaining: tuple[int, ...] | None) -> bytes:
        return pygame.image.tobytes(art.card_surface(card, (100, 140), remaining=remaining),
                                    "RGBA")

    assert pixels((0, 0, 0, 0, 0)) == pixels(None)
    short = art.card_surface(card, (100, 140), remaining=(0, 0, 2, 0, 0))
    red = [(x, y) for x in range(100) for y in range(140)
           if short.get_at((x, y))[:3] == art.MISSING]
    assert red, "the missing count is drawn"
    assert max(y for _, y in red) - min(y for _, y in red) < 20, "on one cost line only"


# ------------------------------------------------------------------ the marks


def _pixels_near(surface: pygame.Surface, rect: pygame.Rect, color: tuple[int, int, int],
                 tolerance: int = 12) -> int:
    area = surface.subsurface(rect.clip(surface.get_rect()))
    count = 0
    for x in range(area.get_width()):
        for y in range(area.get_height()):
            c = area.get_at((x, y))
            if all(abs(c[i] - color[i]) <= tolerance for i in range(3)):
                count += 1
    return count


def _ring(rect: pygame.Rect, inner: int, outer: int) -> list[pygame.Rect]:
    """The four strips of the band between `inner` and `outer` px outside `rect`."""
    box = rect.inflate(2 * outer, 2 * outer)
    t = outer - inner
    return [pygame.Rect(box.x, box.y, box.w, t), pygame.Rect(box.x, box.bottom - t, box.w, t),
            pygame.Rect(box.x, box.y, t, box.h), pygame.Rect(box.right - t, box.y, t, box.h)]


def test_last_move_new_card_and_affordable_look_different(app: App) -> None:
    """After the player buys a card: the card dealt in its place, the bank piles paid
    into and a card they can afford each carry their own mark, none of them the gold of
    the selection (one yellow stood for all three)."""
    table = _table(app, market={1: ["L1-05", "L1-17"]},
                   seats=[{"tokens": {"white": 2, "blue": 2, "green": 2, "red": 1,
                                      "black": 1}}, {}])
    lay = _lay(table)
    level_row = table.view().market[0]
    index = [c.id if c else None for c in level_row].index("L1-05")
    slot = lay.market[0][index]
    assert table.play(Buy("L1-05"))
    app.step(0.0)
    view = table.view()
    new_card = view.market[0][index]
    assert new_card is not None
    dealt = new_card.id
    assert table.ui.dealt == {Hit("card", dealt)}
    assert {Hit("bank", c) for c in (1, 2, 3, 4)} == table.ui.highlight
    # Drawn: white around the new card, lilac round the piles, sky on the affordable one.
    app.render()
    screen = app.screen
    px = lay.px
    new_frame = sum(_pixels_near(screen, r, table_marks.NEW_CARD, 4)
                    for r in _ring(slot, 1, px(4) + 1))
    assert new_frame > slot.w, "the new card has its white frame"
    pile = lay.bank[2]
    lilac = _pixels_near(screen, pile.inflate(px(12), px(12)), table_marks.LAST_MOVE, 20)
    assert lilac > 10, "the piles paid into are marked as the last move"
    for rect in (slot.inflate(px(8), px(8)), pile.inflate(px(12), px(12))):
        assert _pixels_near(screen, rect, theme.ACTIVE, 8) == 0, "no gold but the selection"
    # The bot moves; back to the player, a card they can afford has the sky-blue ring.
    for _ in range(400):
        app.step(0.05)
        if table.acting():
            break
    view = table.view()
    spots = [lay.market[r][i] for r, row in enumerate(view.market) for i, c in enumerate(row)
             if c is not None and table_view.affordable(view.me, c)]
    assert spots, "the position leaves the player a card to buy"
    app.render()
    for rect in spots:
        assert _pixels_near(screen, rect, art.AFFORDABLE, 20) > rect.w
        assert _pixels_near(screen, rect, theme.ACTIVE, 8) == 0
    colors = {table_marks.NEW_CARD, table_marks.LAST_MOVE, art.AFFORDABLE, table_marks.HINT,
              table_marks.SELECTED}
    assert len(colors) == 5


def test_the_last_move_shows_on_the_player_who_made_it(app: App) -> None:
    """A bot's reservation and purchase are marked on its panel (its stack, its card)."""
    table = _table(app, seats=[{}, {"tokens": {"blue": 1, "green": 2, "red": 1,
                                               "black": 1}}],
                   market={1: ["L1-05"]}, current=1)
    session = table.session
    for _ in range(400):
        app.step(0.05)
        if session.human_to_act():
            break
    moved = table.ui.moved
    bot = table.view().players[1]
    if moved is None:  # the bot took tokens: only piles changed
        assert any(h.kind == "bank" for h in table.ui.highlight)
        return
    assert moved.seat == 1
    if moved.stack is not None:
        assert bot.bonuses[moved.stack] >= 1
    if moved.reserved is not None:
        assert moved.reserved == len(bot.reserved) - 1


def test_last_move_marks_name_the_stack_and_the_reserved_card() -> None:
    """The differences between two views, as the scene marks them."""
    state = build_position(DATA, 2, market={1: ["L1-05", "L1-17"]},
                           seats=[{"tokens": {"blue": 1, "green": 2, "red": 1, "black": 1}},
                                  {}])
    session = position_session(state, ["human", "human"])
    before = session.view(0)
    assert session.play(Buy("L1-05")) is None
    piles, dealt, moved = table_marks.last_move_marks(before, session.view(0))
    assert moved == table_marks.LastMove(0, stack=0, reserved=None)
    assert {h.number for h in piles} == {1, 2, 3, 4}
    assert len(dealt) == 1 and Hit("card", "L1-05") not in dealt
    before = session.view(1)
    from splendor.engine import Reserve

    assert session.play(Reserve("L1-17")) is None
    piles, dealt, moved = table_marks.last_move_marks(before, session.view(1))
    assert moved == table_marks.LastMove(1, stack=None, reserved=0)
    assert {h.number for h in piles} == {5}


def test_the_legend_names_the_marks_this_game_can_show(app: App,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[str] = []
    real = table_marks.draw_text

    def record(surface: pygame.Surface, value: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        drawn.append(value)
        return real(surface, value, *args, **kwargs)

    monkeypatch.setattr(table_marks, "draw_text", record)
    i18n.set_language("fr")
    try:
        table = _table(app)
        drawn.clear()
        app.render()
        assert [tr(f"legend.{k}") for k in table_marks.LEGEND] == drawn
        assert "Achetable" in drawn
        # Without the assist there is no "can buy" mark, and hot-seat games have no hint.
        drawn.clear()
        table.assists = Assists(affordable=False)
        app.render()
        assert tr("legend.affordable") not in drawn and tr("legend.hint") in drawn
        _table(app, kinds=["human", "human"])
        drawn.clear()
        app.render()
        assert tr("legend.hint") not in drawn
    finally:
        i18n.set_language(i18n.DEFAULT)


# ------------------------------------------------------------------ opponent panels


def test_opponent_token_counts_leave_the_symbols_uncovered() -> None:
    """At 1024x600 with four players the count badges covered the opponents' token
    symbols: every chip is drawn whole, its count beside it."""
    app = App((1024, 600))
    try:
        tokens = {"white": 2, "blue": 2, "green": 1, "red": 2, "black": 2, "gold": 1}
        table = _table(app, 4, seats=[{}, {"tokens": tokens}, {"tokens": tokens},
                                      {"tokens": tokens}])
        app.render()
        for panel in _lay(table).seats:
            for color, cell in enumerate(panel.tokens):
                chip = art.chip_surface(color, panel.chip)
                spot = chip.get_rect(center=(cell.x + panel.chip // 2, cell.centery))
                expected = pygame.Surface(spot.size)
                expected.fill(theme.PANEL)
                expected.blit(chip, (0, 0))
                core = pygame.Rect(0, 0, spot.w // 2, spot.h // 2)
                core.center = (spot.w // 2, spot.h // 2)
                got = app.screen.subsurface(spot).subsurface(core)
                assert pygame.image.tobytes(got, "RGB") == \
                    pygame.image.tobytes(expected.subsurface(core), "RGB"), \
                    f"something is drawn over the {color} chip's symbol"
    finally:
        while app.stack.scenes:
            app.stack.pop()


def test_opponent_panels_show_stacks_by_colour_with_counts(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    blue = ["L1-09", "L1-10", "L2-07"]
    table = _table(app, 3, seats=[{}, {"purchased": [*blue, "L1-17"]}, {}])
    drawn: list[tuple[str, pygame.Rect]] = []
    real = table_view.draw_text

    def record(surface: pygame.Surface, value: str, px: int, color: Any, box: pygame.Rect,
               **kwargs: Any) -> pygame.Rect:
        drawn.append((value, box))
        return real(surface, value, px, color, box, **kwargs)

    monkeypatch.setattr(table_view, "draw_text", record)
    app.render()
    panel = _lay(table).seats[0]
    counts = {value for value, box in drawn
              if any(box.colliderect(stack) for stack in panel.stacks)}
    assert counts == {"3", "1"}  # three blue, one green
    blue_stack = panel.stacks[1]
    assert ("3", next(box for value, box in drawn if value == "3"
                      and box.colliderect(blue_stack))) in drawn


# ------------------------------------------------------------------ final round


def _near_the_end(app: App) -> TableScene:
    """Seat 0 has 14 points and can buy a 1-point card: that starts the final round."""
    return _table(app, market={1: ["L1-08"]},
                  seats=[{"purchased": ["L3-04", "L3-08", "L3-02"], "tokens": {"green": 4}},
                         {}])


def test_the_move_that_starts_the_final_round_shows_a_banner_for_a_few_seconds(
        app: App) -> None:
    table = _near_the_end(app)
    assert not table.banner.active
    before = pygame.image.tobytes(app.screen.subsurface(_lay(table).banner), "RGB")
    assert table.play(Buy("L1-08"))
    assert table.session.log[-1].final_round
    app.step(0.0)
    assert table.banner.active
    app.step(0.5)
    assert pygame.image.tobytes(app.screen.subsurface(_lay(table).banner), "RGB") != before
    for _ in range(round(SHOWN / 0.25) + 2):
        app.step(0.25)
    assert not table.banner.active


def test_time_only_moves_in_update() -> None:
    """Drawing the banner does not make it last less."""
    from splendor.ui.table.banner import FinalRoundBanner

    banner = FinalRoundBanner()
    assert banner.watch([_entry(final_round=True)], ["Ada", "Bot"], 15)
    left = banner.left
    lay = compute_layout((1280, 720), 1)
    pygame.init()
    surface = pygame.Surface(lay.size)
    for _ in range(5):
        banner.draw(surface, lay)
    assert banner.left == left
    banner.update(1.0)
    assert banner.left == left - 1.0


def _entry(**kwargs: Any) -> Any:
    from splendor.session.log import LogEntry

    return LogEntry(0, 1, 0, Take((0, 1, 2)), **kwargs)


def test_a_game_loaded_in_its_final_round_shows_no_banner(app: App) -> None:
    table = _near_the_end(app)
    assert table.play(Buy("L1-08"))
    again = TableScene(table.session, on_finished=lambda s: None)
    app.stack.replace(again)
    app.step(0.0)
    assert not again.banner.active and again.view().final_round


def test_undoing_the_move_takes_the_banner_away(app: App) -> None:
    table = _near_the_end(app)
    assert table.play(Buy("L1-08"))
    app.step(0.0)
    assert table.banner.active
    table.undo()
    app.step(0.0)
    assert not table.banner.active and not table.view().final_round


@pytest.mark.parametrize("code", [*i18n.LANGUAGES])
def test_the_banner_fits_in_every_language(app: App, code: str) -> None:
    i18n.set_language(code)
    try:
        table = _near_the_end(app)
        assert table.play(Buy("L1-08"))
        app.step(0.5)
        assert table.banner.active
        with textfit.audit() as misfits:
            app.render()
        assert not misfits, [(m.text, m.problem) for m in misfits]
        assert not {key for lang, key in i18n.fallbacks() if lang == code}
    finally:
        i18n.set_language(i18n.DEFAULT)
