"""`python -m splendor --screenshots DIR [--size WxH] [--lang CODE|all]`: every screen as
a PNG, headless.

Each picture comes from the real scenes driven into the situation it shows (a real game
played by bots for mid-game tables, positions built for the decision overlays, saves and
statistics written by the storage code). The files go to a temporary SPLENDOR_HOME, so
the player's own saves never appear and never change. The fit tests render the same
pictures in every language.
"""

from __future__ import annotations

import logging
import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from splendor.bots import make_bot
from splendor.devtools.analysis_shots import ANALYSIS_PICTURES
from splendor.devtools.challenge_shots import CHALLENGE_PICTURES
from splendor.devtools.decision_positions import DECISION_PICTURES
from splendor.devtools.module_shots import MODULE_PICTURES
from splendor.devtools.saba_shots import SABA_PICTURES
from splendor.devtools.tutorial_shots import TUTORIAL_PICTURES
from splendor.engine import GameState, Phase, build_position, parse_action
from splendor.gamedata import base_game
from splendor.i18n import LANGUAGES, set_language
from splendor.i18n import language as current_language
from splendor.session.game import Session as LocalSession
from splendor.ui.options import GameOptions, SeatOption

if TYPE_CHECKING:
    from splendor.session.game import Session
    from splendor.ui.scenes.table import TableScene

#: The pictures, in order. Tests check that each one is produced.
PICTURES = (
    "menu",
    "new_game",
    "competitive_setup",
    "new_game_modules",
    "table_2p",
    "log_card",
    "hint",
    "history",
    "table_4p",
    "drag",
    *MODULE_PICTURES,
    "card_zoom",
    "pause",
    "save_as",
    "confirm_leave",
    "bot_failed",
    "token_return",
    "noble_choice",
    *DECISION_PICTURES,
    "pass_screen",
    "hotseat_load",
    "rules",
    "rules_end",
    "settings",
    "statistics",
    "load_game",
    "message",
    "results",
    "results_over_board",
    "review",
    *ANALYSIS_PICTURES,
    *TUTORIAL_PICTURES,
    *CHALLENGE_PICTURES,
    *SABA_PICTURES,
)


def _options(kinds: list[str]) -> GameOptions:
    """Seats named the way the new-game screen names them, in the language in use."""
    from splendor.ui.options import default_name, numbered_name

    seats = []
    for i, kind in enumerate(kinds):
        name = "Ada" if kind == "human" else default_name(kind, i)
        if kinds.count(kind) > 1:
            name = numbered_name(name, i + 1)
        seats.append(SeatOption(kind, name))
    return GameOptions(tuple(seats), first_player=0, seed=2024)


@contextmanager
def _private_home() -> Iterator[Path]:
    """A throw-away SPLENDOR_HOME for the duration of the block, under the same name
    each time in a process: screens that show a path in the data folder (Saba's notice)
    look the same from one run to the next."""
    before = os.environ.get("SPLENDOR_HOME")
    home = Path(tempfile.gettempdir()) / f"splendor-shots-{os.getpid()}"
    shutil.rmtree(home, ignore_errors=True)  # left by a run that was killed
    home.mkdir(parents=True)
    os.environ["SPLENDOR_HOME"] = str(home)
    try:
        yield home
    finally:
        shutil.rmtree(home, ignore_errors=True)
        if before is None:
            os.environ.pop("SPLENDOR_HOME", None)
        else:
            os.environ["SPLENDOR_HOME"] = before


def render_all(folder: Path, size: tuple[int, int] = (1280, 720),
               language: str = "en") -> list[Path]:
    """Render every picture in PICTURES into `folder` in `language`; the files written."""
    previous = current_language()
    set_language(language)
    logger = logging.getLogger("splendor")
    level = logger.level
    logger.setLevel(logging.ERROR)  # the damaged save shown on purpose is not news
    try:
        with _private_home():
            return _render(folder, size)
    finally:
        set_language(previous)
        logger.setLevel(level)


def render_languages(folder: Path, size: tuple[int, int], languages: list[str]) -> list[Path]:
    """Every picture in each language: `folder/<code>/` when there are several."""
    if len(languages) == 1:
        return render_all(folder, size, languages[0])
    written: list[Path] = []
    for code in languages:
        written += render_all(folder / code, size, code)
    return written


def parse_languages(text: str) -> list[str]:
    """'fr', 'pt,es' or 'all' -> language codes; ValueError naming the unknown one."""
    if text.strip().lower() == "all":
        return list(LANGUAGES)
    codes = [part.strip().lower() for part in text.split(",") if part.strip()]
    for code in codes:
        if code not in LANGUAGES:
            raise ValueError(f"unknown language {code!r}: choose from {', '.join(LANGUAGES)} "
                             "or all")
    if not codes:
        raise ValueError("no language given")
    return codes


def _render(folder: Path, size: tuple[int, int]) -> list[Path]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from splendor.session.bot_process import InlineBots
    from splendor.session.game import Session
    from splendor.storage.saves import save_document, save_path_for, write_save
    from splendor.storage.stats import add_game, save_stats
    from splendor.ui.app import App
    from splendor.ui.main import Game
    from splendor.ui.scenes.new_game import NewGameScene
    from splendor.ui.scenes.noble_choice import NobleChoiceScene
    from splendor.ui.scenes.pass_screen import PassScreenScene
    from splendor.ui.scenes.results import ResultsScene
    from splendor.ui.scenes.review import ReviewScene
    from splendor.ui.scenes.rules import RulesScene
    from splendor.ui.scenes.table import TableScene
    from splendor.ui.scenes.token_return import TokenReturnScene

    folder.mkdir(parents=True, exist_ok=True)
    app = App(size)
    game = Game(app, bots=InlineBots)
    data = base_game()
    written: list[Path] = []

    def shot(name: str) -> None:
        app.stack.draw(app.screen)
        path = folder / f"{name}.png"
        pygame.image.save(app.screen, str(path))
        written.append(path)

    def table_for(kinds: list[str], turns: int) -> tuple[Session, TableScene]:
        session = Session(data, _options(kinds), InlineBots())
        session.autoplay(turns, seed=7)
        scene = TableScene(session, on_finished=lambda session: None)
        app.stack.replace(scene)
        return session, scene

    def overlay(factory: Callable[[], object]) -> None:
        scene = factory()
        app.stack.push(scene)  # type: ignore[arg-type]

    app.stack.replace(game.menu_scene())
    shot("menu")
    defaults = _options(["human", "medium", "hard"])
    app.stack.push(NewGameScene(on_start=lambda options: None, defaults=defaults))
    shot("new_game")
    # Competitive mode switched on (by the keyboard: its focus ring shows).
    setup = NewGameScene(on_start=lambda options: None,
                         defaults=replace(_options(["human", "expert"]), competitive=True))
    app.stack.push(setup)
    setup.form.set_focus(setup.competitive, visible=True)
    shot("competitive_setup")
    # A Cities of Splendor module chosen (by the keyboard: its focus ring shows).
    setup = NewGameScene(on_start=lambda options: None,
                         defaults=replace(_options(["human", "hard"]), module="orient"))
    app.stack.push(setup)
    setup.form.set_focus(setup.module, visible=True)
    shot("new_game_modules")

    session, table = table_for(["human", "hard"], turns=24)
    table.update(0.0)
    shot("table_2p")
    # The pointer on a line of the log that names a card: its small picture beside it.
    _hover_a_log_card(table)
    shot("log_card")
    _point(table, (2, 2))
    # The expert's suggestion, with its reason, marked on the table.
    session.hint_simulations = 24  # the same picture every time
    table.ask_hint()
    table.update(0.0)  # the expert decides (in this process for the pictures)
    table.update(0.0)
    shot("hint")
    # The move history: a click on the log shows a past position, read-only.
    from splendor.session.review import review_of

    past = review_of(session.state, [s.kind for s in session.options.seats],
                     list(session.options.names))
    assert past is not None
    app.stack.push(ReviewScene(past, start=len(session.log) // 2))
    shot("history")
    app.stack.pop()
    session.close()

    session, table = table_for(["human", "medium", "hard", "expert"], turns=36)
    table.update(0.0)
    shot("table_4p")

    # A drag in progress: one token already pending, a second one in the air.
    table.ui.pending = [0]
    table.ui.drag_color = 1
    lay = table.layout
    assert lay is not None
    table.ui.drag_pos = (lay.bank[1].centerx - lay.px(160), lay.my_area.top - lay.px(30))
    table.update(0.0)  # lays the action panel out for the pending take
    shot("drag")
    session.close()

    # A mid-game table of each Cities of Splendor module, and an Orient card shown large.
    from splendor.devtools.module_shots import render_module_tables

    render_module_tables(app, data, _options(["human", "hard", "medium"]), shot)

    # A card shown large: the bots' moves after the human's are shown on the table (their
    # marks stay), then the pointer rests on an opponent's reserved card.
    session, table = table_for(["human", "hard", "medium"], turns=21)
    table.update(0.0)
    _play_a_round(session, table)
    _hover_a_card(table)
    shot("card_zoom")
    session.close()

    # The pause menu over a game the Game object runs, then its save and leave dialogs.
    game.start(_options(["human", "hard", "medium"]))
    assert isinstance(game.session, LocalSession)
    game.session.autoplay(15, seed=3)
    game.app.stack.scenes[-1].update(0.0)
    game.pause()
    shot("pause")
    game.open_save_as()
    shot("save_as")
    app.stack.pop()
    game.confirm_leave()
    shot("confirm_leave")
    # A bot that failed: the offer of another level for its seat, or to save and leave.
    app.stack.pop()
    app.stack.pop()
    game.session.bot_error, game.session.failed_seat = "a bot that failed", 2
    app.stack.scenes[-1].update(0.0)
    shot("bot_failed")
    app.stack.pop()
    write_save(save_path_for(" - ".join(s.name for s in game.session.options.seats)),
               save_document(game.session.state, [
                   {"kind": s.kind, "name": s.name} for s in game.session.options.seats]))
    game.autosave()
    game.close()

    # Token return: the human holds ten tokens and takes three more.
    options = _options(["human", "hard"])
    session = Session(data, options, InlineBots(), state=build_position(
        data, 2, names=options.names,
        seats=[{"tokens": {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 1, "gold": 1}},
               {}]))
    session.play(parse_action("take white blue green"))
    table = TableScene(session, on_finished=lambda session: None)
    app.stack.replace(table)
    overlay(lambda: TokenReturnScene(session))
    shot("token_return")
    session.close()

    # Noble choice: three nobles qualify at once.
    white_blue_black = ["L1-04", "L1-05", "L1-06", "L1-07", "L1-12", "L1-13", "L1-14", "L1-15",
                        "L1-33", "L1-34", "L1-35", "L1-36"]
    session = Session(data, options, InlineBots(), state=build_position(
        data, 2, names=options.names, seats=[{"purchased": white_blue_black}, {}],
        nobles=["N01", "N02", "N07"]))
    session.play(parse_action("take green red black"))
    assert session.view().phase is Phase.NOBLE
    table = TableScene(session, on_finished=lambda session: None)
    app.stack.replace(table)
    overlay(lambda: NobleChoiceScene(session))
    shot("noble_choice")
    session.close()

    # The Cities of Splendor decisions, each over a real table.
    from splendor.devtools.decision_shots import render_decisions

    render_decisions(app, data, options.names, shot)

    app.stack.replace(PassScreenScene("Bartholomew"))
    shot("pass_screen")

    # A hot-seat game continued from its autosave: the pass screen first, no secrets.
    hotseat = Game(app, bots=InlineBots)
    hotseat.start(_options(["human", "hard", "human"]))
    assert isinstance(hotseat.session, LocalSession)
    hotseat.session.autoplay(7, seed=5)
    while not hotseat.session.human_to_act():
        hotseat.session.autoplay(1, seed=5)
    hotseat.autosave()
    hotseat.close()
    resumed = Game(app, bots=InlineBots)
    resumed.continue_game()
    app.stack.update(0.0)  # the table asks for the pass screen of the human to act
    shot("hotseat_load")
    resumed.close()

    state: GameState = Session(data, _options(["human", "hard", "medium"]), InlineBots()).state
    bots = [make_bot("hard", 1, data=data), make_bot("hard", 2, data=data),
            make_bot("medium", 3, data=data)]
    from splendor.engine import observe

    while not state.is_over():
        state.apply(bots[state.current].choose(observe(state, state.current)))
    records: dict = {}  # type: ignore[type-arg]
    add_game(records, state, ["human", "hard", "medium"])
    add_game(records, state, ["human", "hard", "medium"], competitive=True)
    # A game of each Cities of Splendor module, counted apart (one of them competitive),
    # and one saved: the load screen names its module.
    from splendor.engine.modules import module_ids
    from splendor.engine.modules.orient import OrientState

    # The Orient's game is the competitive one, and the one saved.
    saved = OrientState.module
    for module in module_ids():
        options = replace(_options(["human", "hard"]), module=module)
        session = Session(data, options, InlineBots())
        played = session.state
        session.close()
        players = [make_bot("hard", seat, data=data) for seat in range(2)]
        while not played.is_over():
            played.apply(players[played.current].choose(observe(played, played.current)))
        add_game(records, played, ["human", "hard"], competitive=module == saved)
        if module == saved:
            write_save(save_path_for(" - ".join(options.names)), save_document(played, [
                {"kind": s.kind, "name": s.name} for s in options.seats]))
    save_stats(records)
    rules = RulesScene()
    app.stack.replace(rules)
    shot("rules")
    rules.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0,
                                          unicode=""))
    shot("rules_end")

    app.stack.replace(game.menu_scene())
    game.open_settings()
    shot("settings")
    app.stack.replace(game.menu_scene())
    game.open_statistics()
    shot("statistics")
    (save_path_for("Ada 2024")).write_text("{ this is not a save", encoding="utf-8")
    app.stack.replace(game.menu_scene())
    game.open_load()
    shot("load_game")
    app.stack.replace(game.menu_scene())
    game.resume(save_path_for("Ada 2024"))  # the message a damaged save gives
    shot("message")

    # The end of a four-player game against bots, through the game's own wiring: the
    # results over the final board (the game counted in the statistics above), the board
    # alone, then the review of the game at a move well into it.
    game.start(_options(["human", "medium", "hard", "expert"]))
    assert isinstance(game.session, LocalSession)
    game.session.autoplay(400, seed=5)
    game.finish(game.session)
    results = app.stack.top
    assert isinstance(results, ResultsScene)
    shot("results")
    results.toggle_panel()
    shot("results_over_board")
    results.toggle_panel()
    results.review.click()
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    review.go(review.total * 2 // 3)
    while not review.cursor.log[review.position - 1].action.text().startswith("buy"):
        review.forward()  # a purchase: a new card dealt and the piles paid into marked
    shot("review")
    app.stack.pop()
    from splendor.devtools.analysis_shots import render_analysis

    render_analysis(game, results, shot)
    from splendor.devtools.tutorial_shots import render_tutorial

    render_tutorial(game, shot)
    from splendor.devtools.challenge_shots import render_challenges

    render_challenges(game, shot)
    game.close()
    from splendor.devtools.saba_shots import render_saba

    render_saba(app, Game(app, bots=InlineBots), shot)
    app.close()
    return written


def _play_a_round(session: Session, table: TableScene) -> None:
    """The human takes the first take offered, then the bots' moves are shown one by
    one as the window shows them, until the human is to play again."""
    from splendor.engine import Take

    take = next(a for a in session.view().legal_actions if isinstance(a, Take))
    table.play(take)
    for _ in range(2000):
        table.update(0.05)
        if session.human_to_act() and not table.show.running and session.incoming is None:
            return


def _point(table: TableScene, pos: tuple[int, int]) -> None:
    """The pointer moves to `pos` (no button held), then a frame passes."""
    import pygame

    table.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                          buttons=(0, 0, 0)))
    table.update(0.0)


def _hover_a_log_card(table: TableScene) -> None:
    """Rest the pointer on the newest line of the game log that names a card."""
    lines = [t for t in table.zoom_targets() if t.small]
    assert lines, "a log line naming a card"
    _point(table, lines[-1].rect.center)


def _hover_a_card(table: TableScene) -> None:
    """Rest the pointer on another player's face-up reserved card (a market card when
    there is none) for as long as the zoom waits."""
    import pygame

    from splendor.ui.table.zoom import HOVER_DELAY

    targets = table.zoom_targets()
    lay = table.layout
    assert lay is not None
    theirs = [t for t in targets if any(t.rect in seat.reserved for seat in lay.seats)]
    target = (theirs or targets)[0]
    table.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=target.rect.center,
                                          rel=(0, 0), buttons=(0, 0, 0)))
    table.update(HOVER_DELAY)


def parse_size(text: str) -> tuple[int, int]:
    """'1920x1080' -> (1920, 1080); ValueError with a clear message otherwise."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"size must look like 1280x720, not {text!r}") from None
    if not (1024 <= w <= 7680 and 600 <= h <= 4320):
        raise ValueError(f"size {w}x{h} is outside 1024x600 to 7680x4320")
    return w, h
