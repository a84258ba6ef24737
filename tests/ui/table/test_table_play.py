"""The table scene played with the mouse only: posted events, the real scene stack.

Every gesture is posted as pygame events carrying `pos` (posted events do not move
`pygame.mouse.get_pos()`, and the scenes read `event.pos`), then the app runs a frame.
"""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from splendor.bots import make_bot
from splendor.devtools.screenshots import PICTURES
from splendor.engine import (
    GEMS,
    GOLD,
    Action,
    Buy,
    Card,
    ChooseNoble,
    GameState,
    Pass,
    Phase,
    Reserve,
    ReserveDeck,
    Return,
    Take,
    TakeTwo,
    build_position,
)
from splendor.i18n import tr
from splendor.session.bot_process import child_pids
from splendor.session.game import Session
from splendor.ui import art
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.options import GameOptions, SeatOption
from splendor.ui.scenes.noble_choice import NobleChoiceScene
from splendor.ui.scenes.pass_screen import PassScreenScene
from splendor.ui.scenes.results import ResultsScene
from splendor.ui.scenes.table import TableScene
from splendor.ui.scenes.token_return import TokenReturnScene
from splendor.ui.table.hits import Hit
from splendor.ui.table.layout import TableLayout
from splendor.ui.wording import color_name
from tests.helpers import position_session
from tests.ui.gestures import Pos, click, drag, frame, key, press, release

ROOT = Path(__file__).resolve().parents[3]
SPEED = 50.0
#: Frames a gesture may wait for the bot before the test gives up.
MAX_WAIT_FRAMES = 4000


def start_game(app: App, seats: list[tuple[str, str]], *, seed: int,
               first_player: int = 0) -> tuple[Game, Session, TableScene]:
    """A game begun the way the new-game screen begins it, with fast animations."""
    game = Game(app)
    game.prefs.speed = SPEED  # the animation speed the pause menu sets
    options = GameOptions(tuple(SeatOption(kind, name) for kind, name in seats),
                          first_player=first_player, seed=seed)
    game.start(options)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.speed == SPEED
    assert game.session is not None
    app.step(0.0)  # the first frame: layout drawn, buttons known
    return game, game.session, table


def show_position(app: App, game: Game, state: GameState, kinds: list[str]) -> TableScene:
    """Put `state` (a built position) on a fresh table of `game`, its seats of `kinds`."""
    game.open_session(position_session(state, kinds, bots=game.bots()))
    table = app.stack.top
    assert isinstance(table, TableScene)
    app.step(0.0)
    return table


def layout_of(table: TableScene) -> TableLayout:
    assert table.layout is not None
    return table.layout


def drop_point(table: TableScene) -> Pos:
    """Where a player drops things into their area: its middle."""
    return layout_of(table).my_area.center


def button(table: TableScene, key: str) -> Pos:
    """The centre of the action panel's button `key` ('confirm', 'buy', ...) from the last
    draw, whatever the language."""
    found = [b for b in table.buttons if b.key == key]
    keys = [b.key for b in table.buttons]
    assert found, f"no {key!r} button on the panel (buttons: {keys}, message: " \
                  f"{table.ui.message!r})"
    assert found[0].enabled, f"the {key!r} button is disabled"
    return found[0].rect.center


def card_pos(table: TableScene, card_id: str) -> Pos:
    """The centre of a face-up market card or one of the viewer's reserved cards."""
    lay = layout_of(table)
    view = table.view()
    for level_index, row in enumerate(view.market):
        for slot, card in enumerate(row):
            if card is not None and card.id == card_id:
                return lay.market[level_index][slot].center
    for rid, rect in table.reserved_rects():
        if rid == card_id:
            return rect.center
    raise AssertionError(f"card {card_id} is not on the table for seat {view.seat}")


def take_tokens(app: App, table: TableScene, colors: list[int], *,
                confirm: str = "click") -> None:
    lay = layout_of(table)
    for color in colors:
        drag(app, lay.bank[color].center, drop_point(table))
    assert sorted(table.ui.pending) == sorted(colors), table.ui.message
    if confirm == "click":
        click(app, button(table, "confirm"))
    else:
        key(app, pygame.K_RETURN)


def perform(app: App, table: TableScene, action: Action, turn: int) -> str:
    """Make `action` with the mouse, the way a player would; return the gesture's name."""
    top = app.stack.top
    if isinstance(action, Return):
        assert isinstance(top, TokenReturnScene), f"{action} but {top} is on top"
        for color, n in enumerate(action.tokens):
            for _ in range(n):
                click(app, top._token_rects[color].center)
        assert top.marked == list(action.tokens)
        click(app, top._confirm.center)
        return "return"
    if isinstance(action, ChooseNoble):
        assert isinstance(top, NobleChoiceScene), f"{action} but {top} is on top"
        rects = dict(top._rects)
        click(app, rects[action.noble_id].center)
        return "noble"
    assert top is table, f"{action} but {top} is on top"
    if isinstance(action, Take):
        # Mostly confirmed with the button, now and then with Enter.
        how = "enter" if turn % 5 == 4 else "click"
        take_tokens(app, table, list(action.colors), confirm=how)
        return f"take:{how}"
    if isinstance(action, TakeTwo):
        take_tokens(app, table, [action.color, action.color])
        return "take2"
    if isinstance(action, Buy):
        assert action.payment is None, f"{action}: only default payments are chosen by the bot"
        where = "market" if table.market_rect(action.card_id) else "reserved"
        click(app, card_pos(table, action.card_id))
        assert table.ui.selected == Hit("card", action.card_id), table.ui.message
        click(app, button(table, "buy"))
        return f"buy:{where}"
    if isinstance(action, Reserve):
        if turn % 2:
            drag(app, card_pos(table, action.card_id), drop_point(table))
            return "reserve:drag"
        click(app, card_pos(table, action.card_id))
        click(app, button(table, "reserve"))
        return "reserve:click"
    if isinstance(action, ReserveDeck):
        click(app, layout_of(table).decks[action.level - 1].center)
        assert table.ui.selected == Hit("deck", action.level)
        click(app, button(table, "reserve_blind"))
        return "reserve-deck"
    raise AssertionError(f"no gesture for {action}")


def run_until(app: App, done: Callable[[], bool], what: str,
              deadline: float | None = None) -> None:
    """Run frames until `done()`: at most MAX_WAIT_FRAMES, or, with a bot in its own
    process, until the `deadline` (time.monotonic) while it answers in real time."""
    frames = 0
    while not done():
        if deadline is None:
            assert frames < MAX_WAIT_FRAMES, f"gave up waiting for {what}"
        else:
            assert time.monotonic() < deadline, f"gave up waiting for {what}"
        frame(app)
        frames += 1
        time.sleep(0.0005)


def human_may_act(app: App, table: TableScene, session: Session) -> bool:
    """Seat 0 must decide and its screen (table or decision overlay) is up and still."""
    top = app.stack.top
    state = session.state
    if isinstance(top, ResultsScene):
        return True
    if state.current_player() != 0 or table.show.running or session.incoming is not None:
        return False
    if state.phase is Phase.MAIN:
        return top is table and table.acting()
    if state.phase is Phase.RETURN:
        return isinstance(top, TokenReturnScene)
    return isinstance(top, NobleChoiceScene)


# ------------------------------------------------------------------ 1. a whole game


#: (deal seed, policy seed, first player, gestures the game must include). The first deal
#: needs every main-action gesture and a token return; the second, nobles to choose from.
GAMES = [
    (135, 1135, 1, {"take:click", "take:enter", "take2", "buy:market", "buy:reserved",
                    "reserve:drag", "reserve:click", "reserve-deck", "return"}),
    (77, 1077, 1, {"take:click", "buy:market", "buy:reserved", "return", "noble"}),
]


def play_by_mouse(app: App, session: Session, table: TableScene, policy_seed: int,
                  deadline: float | None = None) -> tuple[list[Action], set[str]]:
    """Play seat 0 with the mouse until the results are shown, its moves chosen by a hard
    bot from seat 0's view; return the moves and the gestures used. Without a `deadline`
    (bots deciding in this test's process) the game must take under 90 seconds."""
    policy = make_bot("hard", policy_seed)  # decides from seat 0's view only
    gestured: list[Action] = []
    kinds: set[str] = set()
    started = time.monotonic()
    while True:
        run_until(app, lambda: human_may_act(app, table, session), "the human's turn",
                  deadline)
        if isinstance(app.stack.top, ResultsScene):
            return gestured, kinds
        state = session.state
        action = policy.choose(session.view(0))
        before = len(state.history)
        kind = perform(app, table, action, len(gestured))
        assert len(state.history) > before, (
            f"{action} was not played; message: {table.ui.message!r}")
        assert state.history[before] == action
        gestured.append(action)
        kinds.add(kind)
        if deadline is None:
            assert time.monotonic() - started < 90, "the game is taking far too long"


def check_finished(app: App, session: Session, gestured: list[Action]) -> None:
    """The results are up for a finished game whose log is its history, seat 0's part of
    it exactly what the gestures made, and the bot (seat 1) played too."""
    assert isinstance(app.stack.top, ResultsScene)
    state = session.state
    assert state.is_over()
    outcome = state.outcome()
    assert outcome.winners and max(outcome.points) == outcome.points[outcome.winners[0]]
    assert [e.action for e in session.log] == state.history
    assert [e.action for e in session.log if e.seat == 0] == gestured
    assert any(e.seat == 1 for e in session.log)


@pytest.mark.parametrize(("seed", "policy_seed", "first", "expected"), GAMES)
def test_whole_game_against_hard_bot_by_mouse(app: App, seed: int, policy_seed: int,
                                              first: int, expected: set[str]) -> None:
    game, session, table = start_game(
        app, [("human", "Ada"), ("hard", "Hard bot")], seed=seed, first_player=first)
    gestured, kinds = play_by_mouse(app, session, table, policy_seed)
    check_finished(app, session, gestured)
    assert expected <= kinds, f"missing gestures: {expected - kinds}"
    game.close()


@pytest.mark.bot_process
def test_whole_game_with_the_bot_in_its_own_process(app: App) -> None:
    """The window as players get it: the bot decides in a child process, the table waits
    for its answers frame by frame, and closing the game leaves no process behind."""
    before = set(child_pids())
    game, session, table = start_game(
        app, [("human", "Ada"), ("medium", "Medium bot")], seed=135, first_player=1)
    bots = set(child_pids()) - before
    assert len(bots) == 1, f"the bot should decide in one child process, not {bots}"
    gestured, _ = play_by_mouse(app, session, table, 1135,
                                deadline=time.monotonic() + 180)
    check_finished(app, session, gestured)
    assert bots <= set(child_pids()), "one bot process serves the whole game"
    game.close()
    left = [p for p in multiprocessing.active_children() if p.pid not in before]
    assert left == [], f"a bot process outlived the window: {left}"


# ------------------------------------------------------------------ 2. refused gestures


def test_refused_drops_snap_back_and_change_nothing(app: App) -> None:
    game, session, table = start_game(
        app, [("human", "Ada"), ("hard", "Hard bot")], seed=11, first_player=0)
    lay = layout_of(table)
    take_tokens(app, table, [0, 1, 2])
    assert session.state.history[-1] == Take((0, 1, 2))
    run_until(app, lambda: human_may_act(app, table, session), "the bot's reply")
    state = session.state
    three = [c for c in GEMS if state.bank[c] == 3]
    assert three, f"no pile of three in {state.bank}"
    color = three[0]

    drag(app, lay.bank[color].center, drop_point(table))
    assert table.ui.pending == [color]
    key_before = session.state.key()

    # A second token of a pile of three: refused with the engine's reason, snaps back.
    drag(app, lay.bank[color].center, drop_point(table))
    assert table.ui.refusal is not None and table.ui.refusal.code == "take_two_low"
    assert table.ui.message == tr("reason.take_two_low", count=3, color=color_name(color),
                                  need=4)
    assert table.ui.pending == [color]
    assert table.ui.drag_color is None
    assert session.state.key() == key_before

    # A token dropped outside the player's area (on the log) is not taken.
    other = next(c for c in GEMS if c != color and state.bank[c])
    drag(app, lay.bank[other].center, lay.log.center)
    assert table.ui.pending == [color]
    assert table.ui.drag_color is None
    assert table.ui.message == tr("reason.drop_in_area")
    assert session.state.key() == key_before

    # Gold cannot be taken: it only comes with a reservation.
    click(app, lay.bank[GOLD].center)
    assert table.ui.pending == [color]
    assert table.ui.message == tr("reason.no_gold_take")
    drag(app, lay.bank[GOLD].center, drop_point(table))
    assert table.ui.pending == [color]
    assert session.state.key() == key_before

    # A card dropped back on the market is not reserved.
    card = next(c for row in table.view().market for c in row if c is not None)
    drag(app, card_pos(table, card.id), lay.bank[0].center)
    assert table.ui.drag_card is None
    assert session.state.key() == key_before

    # A press on Confirm released elsewhere does nothing.
    press(app, button(table, "confirm"))
    release(app, lay.log.center)
    assert table.ui.pending == [color]
    assert session.state.key() == key_before

    # Confirming a single token while three colours are available: the engine says no.
    click(app, button(table, "confirm"))
    assert table.ui.message == tr("reason.take_three"), table.ui.message
    assert table.ui.pending == [color]
    assert session.state.key() == key_before

    # Backspace drops the half-made take; the table is as it was.
    key(app, pygame.K_BACKSPACE)
    assert table.ui.pending == []
    assert session.state.key() == key_before
    game.close()


# ------------------------------------------------------------------ 3. hot seat secrecy


def test_blind_reservation_is_drawn_only_for_its_owner(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    game, session, table = start_game(
        app, [("human", "Ada"), ("human", "Bob")], seed=5, first_player=0)
    asked: list[str] = []
    real_card_surface = art.card_surface

    def recording_card_surface(card: Card, *args: Any, **kwargs: Any) -> pygame.Surface:
        asked.append(card.id)
        return real_card_surface(card, *args, **kwargs)

    monkeypatch.setattr(art, "card_surface", recording_card_surface)
    table_draws: list[int] = []
    real_draw = table.draw

    def counting_draw(surface: pygame.Surface) -> None:
        table_draws.append(session.viewer())
        real_draw(surface)

    monkeypatch.setattr(table, "draw", counting_draw)

    def pass_screen_up(name: str) -> None:
        top = app.stack.top
        assert isinstance(top, PassScreenScene), f"no pass screen, {top} is on top"
        assert top.name == name
        assert app.stack.visible() == [top]
        table_draws.clear()
        asked.clear()
        app.render()
        for _ in range(3):
            frame(app)
        assert table_draws == [] and asked == [], "the table was drawn under the pass screen"

    # A hot-seat game starts behind the pass screen too: the first player may not be there.
    frame(app)
    pass_screen_up("Ada")
    click(app, app.screen.get_rect().center)
    assert app.stack.top is table

    # Ada takes three tokens; the pass screen hides the table until Bob is ready.
    take_tokens(app, table, [0, 1, 2])
    assert session.state.current == 1
    pass_screen_up("Bob")
    click(app, app.screen.get_rect().center)
    assert app.stack.top is table and session.viewer() == 1

    # Bob reserves blind from the level 2 deck.
    click(app, layout_of(table).decks[1].center)
    click(app, button(table, "reserve_blind"))
    assert session.state.history[-1] == ReserveDeck(2)
    blind = session.state.players[1].reserved[-1].id
    assert blind in session.state.players[1].blind
    pass_screen_up("Ada")
    click(app, app.screen.get_rect().center)
    assert app.stack.top is table and session.viewer() == 0

    # Ada's table: the hidden card is never asked for, whatever she looks at.
    surface = pygame.Surface(app.size)
    asked.clear()
    table.draw(surface)
    app.render()
    click(app, layout_of(table).decks[1].center)  # the deck the card came from
    table.draw(surface)
    assert asked, "the recorder saw no card at all"
    assert blind not in asked
    assert all(blind not in line for line in table.log_lines())

    # Ada takes; after the pass screen, Bob's own table shows his blind card.
    key(app, pygame.K_ESCAPE)  # drop the deck selection
    take_tokens(app, table, [2, 3, 4])
    pass_screen_up("Bob")
    click(app, app.screen.get_rect().center)
    assert session.viewer() == 1
    asked.clear()
    table.draw(surface)
    assert blind in asked
    game.close()


# ------------------------------------------------------------------ 3b. other hand-overs


def test_a_player_with_no_move_passes_with_the_pass_button(app: App) -> None:
    game, _, _ = start_game(
        app, [("human", "Ada"), ("hard", "Hard bot")], seed=3, first_player=0)
    # No gem in the bank, nothing to buy, three cards reserved already: only Pass is legal.
    table = show_position(app, game, build_position(
        game.data, 2,
        seats=[{"tokens": {"white": 4, "blue": 4, "green": 2},
                "reserved": ["L3-01", "L3-02", "L3-03"]},
               {"tokens": {"green": 2, "red": 4, "black": 4}}],
        market={1: [None] * 4, 2: [None] * 4, 3: [None] * 4}, decks={1: [], 2: [], 3: []},
        partial=True),
        ["human", "hard"])
    session = table.session
    assert game.session is session
    assert session.view(0).legal_actions == (Pass(),)
    click(app, button(table, "pass"))
    assert session.state.history[:1] == [Pass()]
    run_until(app, lambda: isinstance(app.stack.top, ResultsScene), "the end of the game")
    assert session.state.outcome().reason == "all_passed"
    game.close()


def test_pass_screen_survives_the_click_that_closes_a_token_return(app: App) -> None:
    game, _, _ = start_game(
        app, [("human", "Ada"), ("human", "Bob")], seed=3, first_player=0)
    table = show_position(app, game, build_position(
        game.data, 2,
        seats=[{"tokens": {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 1}}, {}]),
        ["human", "human"])
    session = table.session
    frame(app)
    assert isinstance(app.stack.top, PassScreenScene)
    click(app, app.screen.get_rect().center)
    take_tokens(app, table, [0, 1, 2])
    top = app.stack.top
    assert isinstance(top, TokenReturnScene) and top.excess == 2
    click(app, top._token_rects[3].center)
    click(app, top._token_rects[3].center)
    click(app, top._confirm.center)
    assert session.state.history[-1] == Return((0, 0, 0, 2, 0, 0))
    assert session.state.current == 1
    # Ada's release of the Return button must not wave away Bob's pass screen.
    top = app.stack.top
    assert isinstance(top, PassScreenScene), (
        f"{type(top).__name__} is on top: Bob's table is shown to Ada")
    game.close()


# ------------------------------------------------------------------ 4. screenshots


def test_screenshot_command_writes_every_picture(tmp_path: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = tmp_path / "shots"
    result = subprocess.run(
        [sys.executable, "-m", "splendor", "--screenshots", str(out), "--size", "1280x720"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    written = sorted(p.stem for p in out.glob("*.png"))
    assert written == sorted(PICTURES)
    for name in PICTURES:
        path = out / f"{name}.png"
        assert path.stat().st_size > 0
        assert pygame.image.load(str(path)).get_size() == (1280, 720), name
