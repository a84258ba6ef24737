"""The Cities of Splendor modules on the table: each module's layout keeps every card's
cost readable and its pieces apart inside the window; every text fits at 1024x600,
1280x720 and 1920x1080 in every language; what is drawn comes from the seat's view (no
other seat's blind Orient card, ever); clicks land on the new pieces; Orient cards and
cities zoom with their words; bots' module moves fly like the base game's and an action
the table does not know flies nothing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame
import pytest

from splendor import i18n
from splendor.engine import Buy, HiddenCard, Reserve, ReserveDeck, Take, TakeTwo, observe
from splendor.engine.actions import (
    ChooseCity,
    ChoosePost,
    Conquer,
    Decline,
    Pair,
    ReserveNoble,
    Stronghold,
    TakeFree,
    TakeGem,
)
from splendor.ui import art, textfit
from splendor.ui.app import App
from splendor.ui.scenes.table import TableScene
from splendor.ui.table.flights import plan_flights
from splendor.ui.table.hits import Hit, hold_rects
from splendor.ui.table.layout import TableLayout, compute_layout
from splendor.ui.table.view import Assists
from splendor.ui.wording import ability_text, color_name, post_power_text
from tests.helpers import position_session
from tests.ui.module_positions import BUILDERS, DATA, MODULE_NAMES

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]
LANGUAGES = [*i18n.LANGUAGES, "long"]


def _app(size: tuple[int, int]) -> App:
    return App(size)


def _close(app: App) -> None:
    while app.stack.scenes:
        app.stack.pop()


def _table(app: App, module: str, players: int = 3, **kwargs: Any) -> TableScene:
    state = BUILDERS[module](players)
    session = position_session(state, ["human"] + ["hard"] * (players - 1))
    table = TableScene(session, on_finished=lambda s: None, **kwargs)
    app.stack.replace(table)
    app.stack.update(0.0)
    return table


def _lay(table: TableScene) -> TableLayout:
    assert table.layout is not None
    return table.layout


# ------------------------------------------------------------------ the layouts


def _pieces(lay: TableLayout) -> dict[str, pygame.Rect]:
    """Every separate part of the middle of the table and the panels, by name."""
    parts: dict[str, pygame.Rect] = {"panel": lay.action_panel, "area": lay.my_area,
                                     "log": lay.log, "legend": lay.legend}
    for i, rect in enumerate(lay.decks):
        parts[f"deck {i + 1}"] = rect
    for i, rect in enumerate(lay.orient_decks):
        parts[f"orient deck {i + 1}"] = rect
    for level, row in enumerate(lay.market):
        for slot, rect in enumerate(row):
            parts[f"card {level + 1}.{slot}"] = rect
    for level, row in enumerate(lay.orient_market):
        for slot, rect in enumerate(row):
            parts[f"orient card {level + 1}.{slot}"] = rect
    for i, rect in enumerate(lay.bank):
        parts[f"pile {i}"] = rect
    for i, rect in enumerate(lay.nobles):
        parts[f"noble {i}"] = rect
    for i, rect in enumerate(lay.cities):
        parts[f"city {i}"] = rect
    if lay.posts:
        parts["posts"] = lay.posts_board
    for i, rect in enumerate(lay.opponents):
        parts[f"opponent {i}"] = rect
    return parts


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("module", MODULE_NAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_module_lays_out_readable_cards_and_separate_pieces(
        size: tuple[int, int], module: str, players: int) -> None:
    pygame.init()
    lay = compute_layout(size, players - 1, module=module)
    cards = [r for row in (*lay.market, *lay.orient_market) for r in row]
    cards += [r for seat in lay.seats for r in seat.reserved]
    assert lay.area is not None
    cards += lay.area.reserved
    for rect in cards:
        assert art.card_cost_fits(rect.size), f"a card {rect.size} loses its cost"
    window = pygame.Rect((0, 0), size)
    parts = _pieces(lay)
    names = list(parts)
    for i, a in enumerate(names):
        assert window.contains(parts[a]), f"{a} leaves the window"
        for b in names[i + 1:]:
            assert not parts[a].colliderect(parts[b]), f"{a} overlaps {b}"
    # The module's own pieces are laid out, and only they.
    assert bool(lay.orient_market) == (module == "orient")
    assert len(lay.orient_decks) == (3 if module == "orient" else 0)
    assert len(lay.cities) == (3 if module == "cities" else 0)
    assert not (module == "cities" and lay.nobles)
    assert len(lay.posts) == (5 if module == "trading-posts" else 0)
    assert all(lay.posts_board.contains(post) for post in lay.posts)
    # The action panel stays wide enough for its buttons beside the selected card.
    assert lay.action_panel.w >= lay.px(270) and lay.action_panel.h >= lay.px(320)
    # A decision's panel docks over the action panel, leaving the cards, decks, nobles,
    # cities, posts and the player's area in view.
    assert lay.dock.contains(lay.action_panel.clip(lay.dock))
    assert lay.dock.w >= lay.action_panel.w and lay.dock.h >= lay.action_panel.h
    for name, rect in parts.items():
        if name.split()[0] in ("card", "orient", "deck", "noble", "city", "posts", "area"):
            assert not lay.dock.colliderect(rect), f"the dock covers {name}"


def test_the_base_game_layout_is_unchanged() -> None:
    """The modules' layouts leave the base game's where it was."""
    lay = compute_layout((1280, 720), 2)
    assert lay.market[2][0] == pygame.Rect(128, 112, 100, 140)
    assert lay.decks[0] == pygame.Rect(12, 408, 100, 140)
    assert lay.bank[0] == pygame.Rect(574, 116, 64, 64)
    assert lay.action_panel == pygame.Rect(654, 112, 296, 436)
    assert lay.module is None and not lay.orient_market and not lay.cities and not lay.posts
    assert compute_layout((1280, 720), 2, module="strongholds").market == lay.market


# ------------------------------------------------------------------ text that fits


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("module", MODULE_NAMES)
def test_every_module_table_fits_in_every_language(language: str, size: tuple[int, int],
                                                   module: str) -> None:
    app = _app(size)
    try:
        for players in (2, 4):
            table = _table(app, module, players)
            shown = [table.zoom_targets()[0]]  # a card of the market
            shown += [t for t in table.zoom_targets()
                      if t.note and (t.city is not None or t.post is not None
                                     or t.cards[0].orient)][:2]
            for target in [None, *shown]:
                table.zoom.open(target)
                with textfit.audit() as misfits:
                    app.stack.draw(app.screen)
                assert not misfits, "\n".join(
                    f"{players} players, {target and target.key}: {m.text!r}: {m.problem}"
                    for m in misfits)
    finally:
        _close(app)


# ------------------------------------------------------------------ the seat's view only


@dataclass
class _Drawn:
    cards: list[str]
    backs: list[tuple[int, bool]]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> _Drawn:
    """Records every card face and deck back the art is asked for."""
    record = _Drawn([], [])
    face, back = art.card_surface, art.card_back_surface

    def card_surface(card: Any, size: Any, **kw: Any) -> pygame.Surface:
        record.cards.append(card.id)
        return face(card, size, **kw)

    def card_back_surface(level: int, size: Any, count: int | None = None, *,
                          orient: bool = False) -> pygame.Surface:
        record.backs.append((level, orient))
        return back(level, size, count, orient=orient)

    monkeypatch.setattr(art, "card_surface", card_surface)
    monkeypatch.setattr(art, "card_back_surface", card_back_surface)
    return record


def test_no_blind_orient_card_is_shown_to_another_seat(drawn: _Drawn) -> None:
    """The second player's blind Orient card (O3-01) is only an Orient back for the
    viewer, drawn, zoomed or flown; the viewer's own blind Orient card (O2-05) shows its
    face to them."""
    app = _app((1280, 720))
    try:
        table = _table(app, "orient")
        view = table.view()
        theirs = view.players[1].reserved[0]
        assert theirs == HiddenCard(3, orient=True)
        app.stack.draw(app.screen)
        assert "O3-01" not in drawn.cards
        assert "O2-05" in drawn.cards, "the viewer sees their own blind card"
        assert (3, True) in drawn.backs
        assert all(c.id != "O3-01" for t in table.zoom_targets() for c in t.cards)
        for target in table.zoom_targets():
            table.zoom.open(target)
            app.stack.draw(app.screen)
        assert "O3-01" not in drawn.cards
        # A blind reservation from an Orient deck flies as an Orient back.
        flights = plan_flights(_lay(table), view, DATA, 1, ReserveDeck(2, orient=True),
                               table._seat_rect)
        assert drawn.backs[-1] == (2, True) and flights
        assert "O3-01" not in drawn.cards
    finally:
        _close(app)


def test_a_hot_seat_table_shows_no_one_s_blind_orient_card(drawn: _Drawn) -> None:
    """Two humans: before anyone has passed the pass screen the table shows the public
    view, where both blind Orient cards are backs."""
    app = _app((1280, 720))
    try:
        state = BUILDERS["orient"](3)
        session = position_session(state, ["human", "human", "hard"])
        table = TableScene(session, on_finished=lambda s: None)
        app.stack.replace(table)
        table.update(0.0)
        table.draw(app.screen)
        assert "O3-01" not in drawn.cards and "O2-05" not in drawn.cards
    finally:
        _close(app)


# ------------------------------------------------------------------ clicks


def _center(rect: pygame.Rect) -> tuple[int, int]:
    return rect.center


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)], ids=["1024x600", "1920x1080"])
def test_clicks_land_on_the_orient_pieces(size: tuple[int, int]) -> None:
    app = _app(size)
    try:
        table = _table(app, "orient")
        lay, view = _lay(table), table.view()
        for level_index, row in enumerate(lay.orient_market):
            for slot, rect in enumerate(row):
                card = view.orient_market[level_index][slot]
                assert card is not None and card.orient
                assert table.hit(rect.center) == Hit("card", card.id)
        for level_index, rect in enumerate(lay.orient_decks):
            assert table.hit(rect.center) == Hit("orient_deck", level_index + 1)
        for rect, noble in zip(lay.nobles, view.nobles, strict=False):
            assert table.hit(rect.center) == Hit("noble", noble.id)
        area = lay.area
        assert area is not None
        assert table.hit(area.doubles.move(table.layout.px(4), 0).midleft) == Hit("double")
        assert table.hit(area.bonuses[3].center) == Hit("stack", 3)
        kept = [t for t in table.zoom_targets() if t.key[0] == "kept"]
        assert not kept  # nobles do not zoom; their hit is found by position:
        from splendor.ui.table.hits import kept_noble_rects
        [(noble, rect)] = kept_noble_rects(lay, view)
        assert noble.id == "N04" and table.hit(rect.center) == Hit("kept_noble", "N04")
        # The viewer's reserved cards and the base market still answer as before.
        assert table.hit(area.reserved[0].center) == Hit("card", "O2-05")
        first = view.market[0][0]
        assert first is not None and table.hit(lay.market[0][0].center) == Hit("card", first.id)
    finally:
        _close(app)


def test_clicks_land_on_cities_posts_and_strongholds() -> None:
    app = _app((1280, 720))
    try:
        table = _table(app, "cities")
        lay, view = _lay(table), table.view()
        assert [c.id for c in view.cities] == ["C03", "C11"]
        for rect, city in zip(lay.cities, view.cities, strict=False):
            assert table.hit(rect.center) == Hit("city", city.id)
        assert table.hit(lay.cities[2].center) is None, "a taken city's place is empty"

        table = _table(app, "trading-posts")
        lay = _lay(table)
        for post, rect in enumerate(lay.posts, start=1):
            assert table.hit(rect.center) == Hit("post", post)
            assert table.hit((rect.x + 2, rect.y + 2)) == Hit("post", post)

        table = _table(app, "strongholds")
        lay, view = _lay(table), table.view()
        holds = {card: (owner, count, rect) for card, owner, count, rect in hold_rects(lay, view)}
        assert set(holds) == {"L1-12", "L2-07", "L2-20"}
        for card_id, (_, _, rect) in holds.items():
            assert table.hit(rect.center) == Hit("hold", card_id)
            card = next(r for row, cards in zip(lay.market, view.market, strict=True)
                        for r, c in zip(row, cards, strict=True) if c and c.id == card_id)
            assert table.hit((card.x + 5, card.y + 5)) == Hit("card", card_id)
            assert not rect.colliderect(pygame.Rect(card.x, card.y, card.w * 7 // 10, card.h)), \
                "the towers leave the cost and its missing counts free"
    finally:
        _close(app)


def test_the_strongholds_are_towers_in_their_owners_colours(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[tuple[int, ...], int]] = []
    real = art.stronghold_surface

    def stronghold_surface(colour: Any, size: float, count: int = 1) -> pygame.Surface:
        calls.append((tuple(colour), count))
        return real(colour, size, count)

    monkeypatch.setattr(art, "stronghold_surface", stronghold_surface)
    app = _app((1280, 720))
    try:
        table = _table(app, "strongholds")
        app.stack.draw(app.screen)
        colours = art.seat_colours(3)
        on_cards = {(colours[0], 1), (colours[1], 3), (colours[0], 2)}
        assert on_cards <= set(calls)
        # The supply: a tower in each player's colour beside their count.
        assert {(colours[s], 1) for s in range(3)} <= set(calls)
        view = table.view()
        assert [p.supply for p in view.players] == [0, 0, 3]
    finally:
        _close(app)


# ------------------------------------------------------------------ zoom


def test_orient_cards_cities_and_posts_zoom_with_their_words() -> None:
    app = _app((1280, 720))
    try:
        table = _table(app, "orient")
        targets = {t.key: t for t in table.zoom_targets()}
        view = table.view()
        for row in view.orient_market:
            for card in row:
                assert card is not None
                assert targets[("card", card.id)].note == ability_text(card) != ""
        # A paired Orient card is joined to its partner in the stack of its colour.
        stack = targets[("stack", 0, 3)]
        assert [c.id for c in stack.cards] == ["L1-25", "O1-06"] and stack.joined == (1,)
        assert targets[("stack", 1, 4)].joined == (1,)
        table.zoom.open(stack)
        app.stack.draw(app.screen)

        table = _table(app, "cities")
        targets = {t.key: t for t in table.zoom_targets()}
        assert targets[("city", -1, "C11")].city is not None
        assert "14" in targets[("city", -1, "C11")].note
        assert "4" in targets[("city", -1, "C11")].note
        held = targets[("city", 1, "C14")]
        assert held.rect == _lay(table).seats[0].nobles

        # A trading post zooms with its power's symbol, and in words what claims it (the
        # bonuses, and a noble for post 4) and its power.
        table = _table(app, "trading-posts")
        targets = {t.key: t for t in table.zoom_targets()}
        for post, rect in zip(DATA.posts, _lay(table).posts, strict=True):
            target = targets[("post", post.id)]
            assert target.rect == rect and target.post == post
            assert post_power_text(post.power) in target.note
            for colour, count in enumerate(post.requires):
                assert (f"{color_name(colour)} ×{count}" in target.note) == bool(count)
            assert ("noble" in target.note) == post.requires_noble
        table.zoom.open(targets[("post", 5)])
        with textfit.audit() as misfits:
            app.stack.draw(app.screen)
        assert not misfits
    finally:
        _close(app)


def test_city_progress_follows_the_noble_progress_assist(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, Any]] = []
    real = art.city_surface

    def city_surface(city: Any, size: Any, progress: Any = None) -> pygame.Surface:
        calls.append((city.id, progress))
        return real(city, size, progress)

    monkeypatch.setattr(art, "city_surface", city_surface)
    app = _app((1280, 720))
    try:
        table = _table(app, "cities")
        app.stack.draw(app.screen)
        me = table.view().me
        # C03: 12 prestige and 6 of one colour; the viewer has 2 points and 2 blue at most.
        assert ("C03", (12 - me.points, (6 - max(me.bonuses),))) in calls
        calls.clear()
        table.assists = Assists(noble_progress=False)
        app.stack.draw(app.screen)
        assert ("C03", None) in calls and ("C11", None) in calls
    finally:
        _close(app)


# ------------------------------------------------------------------ bots' moves in flight


class _Unknown:
    """An action this table has never heard of."""

    kind = "unknown"

    def text(self) -> str:
        return "unknown"


def _flights(table: TableScene, seat: int, action: Any) -> list[Any]:
    return plan_flights(_lay(table), table.view(), DATA, seat, action, table._seat_rect)


def test_bots_module_moves_fly() -> None:
    app = _app((1280, 720))
    try:
        table = _table(app, "orient")
        view = table.view()
        orient_card = view.orient_market[1][0]
        assert orient_card is not None
        assert _flights(table, 1, Reserve(orient_card.id))
        assert _flights(table, 1, ReserveDeck(3, orient=True))
        assert _flights(table, 1, TakeFree(orient_card.id))
        noble = view.nobles[0]
        [flight] = _flights(table, 1, ReserveNoble(noble.id))
        assert flight.start == _lay(table).nobles[0].center
        assert flight.end == _lay(table).opponents[0].center
        assert _flights(table, 1, Buy(orient_card.id, doubles=1))
        assert _flights(table, 1, Buy("O3-06", discard=("L1-33",)))
        assert _flights(table, 1, Pair("L1-33")) == []

        table = _table(app, "strongholds")
        lay, view = _lay(table), table.view()
        holds = {card: rect for card, _, _, rect in hold_rects(lay, view)}
        [place] = _flights(table, 0, Stronghold("place", "L1-05"))
        assert place.start == lay.my_area.center
        [move] = _flights(table, 0, Stronghold("move", "L1-05", "L1-12"))
        assert move.start == holds["L1-12"].center
        [remove] = _flights(table, 0, Stronghold("remove", "L2-07"))
        assert remove.start == holds["L2-07"].center and remove.end == lay.opponents[0].center
        assert _flights(table, 0, Conquer("L2-07"))
        assert _flights(table, 0, Decline()) == []

        table = _table(app, "trading-posts")
        lay = _lay(table)
        [coat] = _flights(table, 0, ChoosePost(3))
        assert coat.end == lay.posts[2].center
        [gem] = _flights(table, 0, TakeGem(1))
        assert gem.start == lay.bank[1].center
        assert len(_flights(table, 0, TakeTwo(2))) == 2

        table = _table(app, "cities")
        lay = _lay(table)
        [city] = _flights(table, 0, ChooseCity("C11"))
        assert city.start == lay.cities[1].center
        assert len(_flights(table, 0, Take((0, 1, 2)))) == 3
        # Never a crash: an unknown action, or pieces that are not there, fly nothing.
        assert _flights(table, 0, _Unknown()) == []
        assert _flights(table, 0, ChooseCity("C01")) == []
        assert _flights(table, 0, Stronghold("place", "L3-99")) == []
    finally:
        _close(app)


def test_a_bots_orient_move_is_shown_then_committed() -> None:
    """Through the table: a bot's blind Orient reservation flies from its deck, then the
    move is committed and the dealt card and the bot's panel are marked."""
    app = _app((1280, 720))
    try:
        state = BUILDERS["orient"](2)
        state.apply(Take((2, 3, 4)))  # the viewer's move: now the bot's turn
        session = position_session(state, ["human", "hard"])
        table = TableScene(session, on_finished=lambda s: None, speed=50.0)
        app.stack.replace(table)
        before = len(session.state.history)
        session.incoming = (1, ReserveDeck(1, orient=True))
        table.update(0.0)
        assert table.show.running and table.show.flights
        assert table.show.flights[0].start == _lay(table).orient_decks[0].center
        for _ in range(20):
            if len(session.state.history) > before:
                break
            table.update(0.05)
        assert session.state.history[before].text() == "reserve orient 1"
        assert table.ui.moved is not None and table.ui.moved.seat == 1
        app.stack.draw(app.screen)
        assert observe(session.state, 0).players[1].reserved[-1] == HiddenCard(1, orient=True)
    finally:
        _close(app)


def test_the_viewers_city_stands_in_their_area_and_zooms() -> None:
    """Seen by the player holding C14: the tile in their area's side column (where the
    nobles are in other games), shown large from there."""
    from splendor.ui.table.modules.cities import city_slot

    app = _app((1280, 720))
    try:
        state = BUILDERS["cities"](3)
        session = position_session(state, ["hard", "human", "hard"])
        table = TableScene(session, on_finished=lambda s: None)
        app.stack.replace(table)
        app.stack.update(0.0)
        view = table.view()
        assert view.seat == 1 and view.me.city is not None
        lay = _lay(table)
        slot = city_slot(lay)
        assert lay.area is not None and lay.area.side.contains(slot)
        assert slot.h == lay.area.reserved[0].h
        targets = {t.key: t for t in table.zoom_targets()}
        assert targets[("city", 1, "C14")].rect == slot
        with textfit.audit() as misfits:
            app.stack.draw(app.screen)
        assert not misfits
    finally:
        _close(app)


@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "pt", "es", "fr"], indirect=True)
def test_city_progress_says_what_is_missing_in_words_and_by_colour(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], language: str) -> None:
    """The prestige still needed is said in words beside the city's (whole, in every
    language and size); the bonuses still needed are counted colour by colour."""
    from splendor.ui.table.modules import cities

    drawn: list[str] = []
    real_fit = cities.fit_text

    def fit_text(value: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        drawn.append(value)
        return real_fit(value, *args, **kwargs)

    monkeypatch.setattr(cities, "fit_text", fit_text)
    app = _app(size)
    try:
        table = _table(app, "cities")
        me = table.view().me
        with textfit.audit() as misfits:
            app.stack.draw(app.screen)
        assert not misfits
        c03, c11 = table.view().cities
        for city in (c03, c11):
            words = i18n.tr("table.city.points_missing", count=city.points - me.points)
            assert all(line in drawn for line in words.split("\n")), words
        # C11: 4 green, and 4 of one other colour (the viewer's best other colour counts).
        assert c11.requires[2] == 4 and c11.any_single == 4
        best_other = max(n for c, n in enumerate(me.bonuses) if c != 2)
        assert cities.city_progress(c11, me) == (
            c11.points - me.points, (4 - me.bonuses[2], 4 - best_other))
    finally:
        _close(app)
