"""The end of a game: the results over the final board (which stays as long as the player
likes, and which nothing can change any more), the points-by-round chart, and Review
game from the results and from the Load screen, all driven by posted events."""

from __future__ import annotations

import functools
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from splendor.bots import make_bot
from splendor.devtools.screens_demo import bot_game_state
from splendor.engine import Card, GameState, HiddenCard, observe
from splendor.session.game import Session
from splendor.session.results import final_result
from splendor.session.review import review_of
from splendor.session.score_rounds import score_rounds_of
from splendor.storage import paths
from splendor.storage.saves import load_save
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.options import GameOptions, SeatOption
from splendor.ui.scenes.load_game import LoadGameScene, problem_reason
from splendor.ui.scenes.message import MessageScene
from splendor.ui.scenes.results import WASH_ALPHA, ResultsScene
from splendor.ui.scenes.review import ReviewScene
from splendor.ui.scenes.table import TableScene
from splendor.ui.score_chart import SEAT_INKS
from splendor.ui.table.board_picture import BoardPicture
from splendor.ui.widgets import Widget
from splendor.ui.wording import describe_entry
from tests.helpers import play_turns, play_until
from tests.ui.test_menu_i18n import SIZES, show, use_long_language

DT = 0.05


def frame(app: App, dt: float = DT) -> None:
    app.step(dt)


def post(app: App, kind: int, **attrs: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))
    frame(app)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    post(app, pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    post(app, pygame.MOUSEBUTTONUP, pos=pos, button=button)


def click_widget(app: App, widget: Widget) -> None:
    click(app, widget.rect.center)


def key(app: App, k: int, mod: int = 0) -> None:
    post(app, pygame.KEYDOWN, key=k, mod=mod, unicode="")


def run_until_results(app: App) -> ResultsScene:
    for _ in range(6000):
        if isinstance(app.stack.top, ResultsScene):
            return app.stack.top
        frame(app)
    raise AssertionError("the results never came")


def start(app: App, seats: list[tuple[str, str]], seed: int) -> tuple[Game, Session]:
    game = Game(app)
    game.prefs.speed = 50.0  # bot moves shown quickly
    game.start(GameOptions(tuple(SeatOption(k, n) for k, n in seats), first_player=0,
                           seed=seed))
    assert game.session is not None
    frame(app)
    return game, game.session


def finished_against_a_bot(app: App, seed: int = 9) -> tuple[Game, Session, ResultsScene]:
    """Ada (played by a greedy policy from her own view) against a greedy bot, to the end;
    then the frame that ends the table."""
    game, session = start(app, [("human", "Ada"), ("greedy", "Gus")], seed)
    policy = make_bot("greedy", seed)
    play_until(session, session.is_over, human=policy.choose)
    return game, session, run_until_results(app)


def board_alone(session: Session, size: tuple[int, int], view_seat: int | None) -> pygame.Surface:
    """The final board as the table's drawing code draws it, alone on a surface."""
    picture = BoardPicture(session.data, session.options.names, session.log)
    view = session.view(view_seat) if view_seat is not None else session.public_view(0)
    picture.lay_out(size, view.num_players)
    surface = pygame.Surface(size)
    picture.draw(surface, view, len(session.log))
    return surface


def grid(size: tuple[int, int], step: int = 23) -> list[tuple[int, int]]:
    return [(x, y) for x in range(3, size[0], step) for y in range(3, size[1], step)]


# ------------------------------------------------------------------ defect 5


def test_the_results_come_over_the_final_board_and_it_stays_as_long_as_wanted(app: App
                                                                              ) -> None:
    """Two bots play to the end in the frame loop: the results then show over the final
    board (darkened around the panel), Hide results shows the board alone, and time
    passing changes nothing."""
    game, session = start(app, [("greedy", "Gus"), ("greedy", "Greta")], seed=5)
    results = run_until_results(app)
    assert session.is_over()
    assert not any(isinstance(s, TableScene) for s in app.stack.scenes), "the table is gone"
    board = board_alone(session, app.size, None)  # two bots: the public view
    app.render()
    outside = [p for p in grid(app.size) if not results._box.inflate(40, 40).collidepoint(p)]
    assert len(outside) > 100
    keep = 1 - WASH_ALPHA / 255
    for pos in outside:
        shown, drawn = app.screen.get_at(pos), board.get_at(pos)
        assert all(abs(shown[i] - drawn[i] * keep) <= 2 for i in range(3)), pos

    click_widget(app, results.toggle)
    assert not results.shown and results.toggle.label == "Show results"
    for _ in range(200):
        frame(app, 0.5)  # a hundred seconds go by
    assert app.stack.top is results and not results.shown
    app.render()
    for pos in grid(app.size):
        if not results._side.inflate(30, 30).collidepoint(pos):  # the panel and its shadow
            assert app.screen.get_at(pos) == board.get_at(pos), pos
    key(app, pygame.K_ESCAPE)  # Escape brings the results back, not the menu
    assert results.shown and app.stack.top is results
    game.close()


def test_nothing_changes_the_game_once_it_is_over(app: App) -> None:
    game, session, results = finished_against_a_bot(app)
    history, log, counters = list(session.state.history), list(session.log), session.counters
    undos, hints = counters.undos, counters.hints
    lay = results.board.layout if results.board is not None else None
    assert lay is not None
    targets = [lay.market[0][0].center, lay.bank[0].center, lay.decks[1].center,
               lay.my_area.center]
    for shown in (True, False):
        if results.shown != shown:
            click_widget(app, results.toggle)
        key(app, pygame.K_z, pygame.KMOD_CTRL)
        key(app, pygame.K_h)
        for pos in targets:
            click(app, pos)
            click(app, pos, button=3)
        frame(app)
    assert list(session.state.history) == history and list(session.log) == log
    assert (session.counters.undos, session.counters.hints) == (undos, hints)
    assert app.stack.top is results
    game.close()


# ------------------------------------------------------------------ the chart


def test_the_results_chart_the_points_round_by_round(app: App) -> None:
    game, session, results = finished_against_a_bot(app, seed=14)
    assert results.scores == score_rounds_of(session.state)
    app.render()
    chart = results._chart
    assert chart is not None and results._box.contains(chart.box)
    assert not chart.box.colliderect(results._panel)
    inside = [app.screen.get_at((x, y))[:3] for x in range(chart.plot.x, chart.plot.right)
              for y in range(chart.plot.y, chart.plot.bottom)]
    for seat in range(2):
        assert inside.count(SEAT_INKS[seat]) > 20, f"seat {seat}'s line is not drawn"
    game.close()


def test_without_a_played_record_the_results_have_no_chart_nor_review(app: App) -> None:
    """A position set up by hand (no deal it was played from) still gets its results,
    just no chart and no Review button."""
    from splendor.devtools.screens_demo import tie_break_state

    state = tie_break_state()
    scene = ResultsScene(final_result(state), lambda: None, lambda: None)
    app.stack.push(scene)
    app.render()
    assert scene._chart is None and not scene.review.visible and not scene.toggle.visible
    assert scene.review not in scene.form.widgets


# ------------------------------------------------------------------ review from results


def test_review_game_steps_through_the_whole_game_by_keys_buttons_and_timeline(app: App
                                                                               ) -> None:
    game, session, results = finished_against_a_bot(app, seed=21)
    state_key, log = session.state.key(), list(session.log)
    total = len(log)
    click_widget(app, results.review)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    assert review.position == 0 and review.total == total
    # Ada, the one person at the table, is spoken to.
    assert review.counter_text == "The deal" and "You play first" in review.move_lines[0]
    assert not review.steps["back"].enabled and review.steps["forward"].enabled

    key(app, pygame.K_RIGHT)
    assert review.position == 1 and review.counter_text == f"Move 1 of {total}"
    assert review.move_lines == describe_entry("Ada", log[0], session.data, you=0)
    assert review.move_lines[0].startswith("You ")
    key(app, pygame.K_END)
    assert review.position == total and not review.steps["last"].enabled
    key(app, pygame.K_RIGHT)
    assert review.position == total
    key(app, pygame.K_HOME)
    key(app, pygame.K_LEFT)
    assert review.position == 0
    click_widget(app, review.steps["forward"])
    click_widget(app, review.steps["forward"])
    assert review.position == 2
    click_widget(app, review.steps["last"])
    click_widget(app, review.steps["back"])
    assert review.position == total - 1
    click_widget(app, review.steps["first"])
    key(app, pygame.K_PAGEDOWN)
    second_round = next(p for p in range(1, total) if log[p].round == 2)
    assert review.position == second_round
    key(app, pygame.K_PAGEUP)
    assert review.position == 0
    click(app, review._timeline.center)
    assert abs(review.position - total / 2) <= 1
    middle = review.position
    post(app, pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
    assert review.position == middle + 1

    # Each position is the game as Ada saw it then, the move's cards and piles marked.
    replayed = GameState.from_setup(session.data, session.state.setup)
    for action in session.state.history[:review.position]:
        replayed.apply(action)
    assert review.view == observe(replayed, 0)
    app.render()
    assert session.state.key() == state_key and list(session.log) == log, "nothing changed"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is results
    game.close()


def test_the_review_hides_what_the_viewer_could_not_see(app: App) -> None:
    """In a game against a bot the review shows Ada's own blind reservation and not the
    bot's; with two people at the screen it shows neither."""
    from splendor.engine import new_game, parse_action

    game = Game(app)
    state = new_game(game.data, 2, 8, ("Ada", "Bo"), first_player=0)
    for text in ("reserve deck 1", "reserve deck 2", "take white blue green"):
        state.apply(parse_action(text))
    for kinds, ada_sees in ((["human", "hard"], True), (["human", "human"], False)):
        review = review_of(state, kinds)
        assert review is not None
        scene = ReviewScene(review, start=2)
        app.stack.push(scene)
        app.render()
        ada, bo = scene.view.players
        assert isinstance(ada.reserved[0], Card) is ada_sees
        assert isinstance(ada.reserved[0], HiddenCard) is not ada_sees
        assert isinstance(bo.reserved[0], HiddenCard)
        key(app, pygame.K_ESCAPE)
        assert scene not in app.stack.scenes


# ------------------------------------------------------------------ review from Load


def _review_spot(screen: LoadGameScene, game: Game, stem: str) -> pygame.Rect:
    return next(rect for rect, action in screen.spots
                if isinstance(action, functools.partial) and action.func == game.review_save
                and action.args[0].stem == stem)


def test_any_save_can_be_reviewed_from_the_load_screen_and_a_broken_one_says_why(app: App
                                                                                 ) -> None:
    game, session = start(app, [("human", "Ada"), ("greedy", "Gus")], seed=31)
    play_turns(session, 9, random.Random(2))
    assert game.save_as("Evening") is None
    saved = paths.saves_dir() / "Evening.json"
    content = saved.read_bytes()
    moves = len(session.state.history)
    game.close()
    broken = paths.saves_dir() / "Broken.json"
    broken.write_text("{ truncated", encoding="utf-8")

    menu = Game(app)
    app.stack.replace(menu.menu_scene())
    menu.open_load()
    screen = app.stack.top
    assert isinstance(screen, LoadGameScene)
    app.render()
    click(app, _review_spot(screen, menu, "Evening").center)
    review = app.stack.top
    assert isinstance(review, ReviewScene) and review.total == moves
    for k in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_END, pygame.K_LEFT):
        key(app, k)
    assert review.position == moves - 1
    assert review.view == observe(_replayed(load_save(saved, menu.data).state, moves - 1), 0)
    assert saved.read_bytes() == content and menu.session is None, "the save is only read"
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is screen

    app.render()
    click(app, _review_spot(screen, menu, "Broken").center)
    message = app.stack.top
    assert isinstance(message, MessageScene)
    kind = next(i for i in screen.saves if i.path.stem == "Broken").error_kind
    assert problem_reason(kind) in message.message
    assert broken.read_text(encoding="utf-8") == "{ truncated"


def _replayed(state: GameState, moves: int) -> GameState:
    replayed = GameState.from_setup(state.data, state.setup)
    for action in state.history[:moves]:
        replayed.apply(action)
    return replayed


# ------------------------------------------------------------------ fitting


#: Long names: the widest the standings must hold (sixteen W), and long ones the table
#: itself holds at every size.
WIDEST = ("Bartholomew Hale", "Medium bot", "Wwwwwwwwwwwwwwww", "Hard-won Harriet")
LONG = ("Bartholomew Hale", "Medium bot", "Maximilian Ortiz", "Hard-won Harriet")


def _four_player_results(names: tuple[str, ...], board: bool) -> ResultsScene:
    kinds = ["hard", "medium", "easy", "medium"]
    state = bot_game_state(5, kinds, names)
    review = review_of(state, kinds, names)
    assert review is not None
    picture = BoardPicture(state.data, names, review.cursor().log) if board else None
    return ResultsScene(final_result(state), lambda: None, lambda: None,
                        record_text="A record line long enough to need its own line of text.",
                        board=picture, final_view=review.cursor().view(None),
                        scores=review.scores, on_review=lambda: None)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("names", "board"), [(WIDEST, False), (LONG, True)],
                         ids=["widest-names", "over-the-board"])
def test_long_texts_fit_the_results_and_chart(app: App, monkeypatch: pytest.MonkeyPatch,
                                              size: tuple[int, int], names: tuple[str, ...],
                                              board: bool) -> None:
    use_long_language(monkeypatch)
    scene = _four_player_results(names, board)
    assert show(app, scene, size) == []
    assert scene._chart is not None
    screen = pygame.Rect((0, 0), size)
    assert screen.contains(scene._box)
    assert scene._columns[0][1].x >= scene._panel.x
    assert scene._columns[-1][1].right <= scene._panel.right, "the columns stay in the table"
    parts = [scene._headline_box, *scene._sentence_boxes, scene._panel, scene._chart.box,
             *(b.rect for b in scene.form.widgets)]
    for i, part in enumerate(parts):
        assert scene._box.contains(part), part
        assert all(not part.colliderect(other) for other in parts[i + 1:]), part
    if board:
        scene.toggle_panel()
        assert show(app, scene, size) == []
        for button in scene.form.widgets:
            assert scene._side.contains(button.rect)


@pytest.mark.parametrize("size", SIZES)
def test_long_texts_fit_the_review(app: App, monkeypatch: pytest.MonkeyPatch,
                                   size: tuple[int, int]) -> None:
    use_long_language(monkeypatch)
    names = ("Bartholomew Hale", "Maximilian Ortiz")
    state = bot_game_state(7, ("hard", "medium"), names)
    review = review_of(state, ["human", "medium"], names)
    assert review is not None
    for position in (0, review.moves // 2, review.moves):
        scene = ReviewScene(review, start=position)
        assert show(app, scene, size) == []
        parts = [scene._title, scene._counter, scene._describe, scene._timeline,
                 *(b.rect for b in scene.form.widgets), scene._keys]
        for i, part in enumerate(parts):
            assert scene._panel.contains(part), part
            assert all(not part.colliderect(other) for other in parts[i + 1:]), part
        app.stack.pop()


@pytest.mark.parametrize("module", ["orient", "cities", "trading-posts", "strongholds"])
def test_a_module_game_is_reviewed_and_its_final_board_drawn_with_its_pieces(
        app: App, module: str) -> None:
    """The review and the final board lay the table out for the game's module (the
    Orient's cards and decks, the cities, the posts board), as the game was played."""
    from splendor.engine import new_game

    game = Game(app)
    state = new_game(game.data, 2, 8, ("Ada", "Bo"), first_player=0, module=module)
    rng = random.Random(3)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    review = review_of(state, ["human", "hard"])
    assert review is not None
    scene = ReviewScene(review, start=10)
    app.stack.push(scene)
    app.render()
    layout = scene.picture.layout
    assert layout is not None and layout.module == module
    if module == "orient":
        assert len(layout.orient_market) == 3 and len(layout.orient_decks) == 3
    key(app, pygame.K_ESCAPE)
    picture = BoardPicture(state.data, ("Ada", "Bo"), review.cursor().log)
    results = ResultsScene(final_result(state), lambda: None, lambda: None, board=picture,
                           final_view=review.cursor().view(None), scores=review.scores,
                           on_review=lambda: None)
    app.stack.push(results)
    app.render()
    assert picture.layout is not None and picture.layout.module == module
