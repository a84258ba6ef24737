"""The game's flow: menu, new game, table, results. `run()` opens the window."""

from __future__ import annotations

import signal
import sys
import threading
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TypeVar

from splendor import i18n
from splendor.engine import GameData
from splendor.gamedata import base_game
from splendor.games import Game as PlayedGame
from splendor.games import default_game, find_game
from splendor.i18n import tr
from splendor.net.session import NetSession
from splendor.session import saving
from splendor.session.analysis_job import AnalysisSource
from splendor.session.bot_process import BotProcess
from splendor.session.game import Bots, Session
from splendor.session.results import final_result
from splendor.session.review import GameReview, review_of, review_seat
from splendor.session.seated import SeatedSession
from splendor.session.seats import GameOptions, SeatOption
from splendor.session.sessions import game_data, session_type
from splendor.session.statistics import count_game, count_online_game
from splendor.session.table_session import TableSession
from splendor.session.tutorial import TutorialSession
from splendor.storage import paths
from splendor.storage.aside import FileProblem
from splendor.storage.atomic import StorageError
from splendor.storage.instance import InstanceLock, claim_folders
from splendor.storage.logfile import logger as log
from splendor.storage.logfile import setup_logging
from splendor.storage.saves import (
    DAMAGE,
    SaveError,
    SaveNameError,
    keep_unreadable_autosaves,
    load_save,
    save_info,
    save_path_for,
)
from splendor.storage.settings import Settings, load_settings, read_settings, save_settings
from splendor.storage.stats import (
    Records,
    counts,
    describe,
    load_stats,
    read_stats,
    save_stats,
)
from splendor.ui import art, file_notes
from splendor.ui.analysis_flow import AnalysisFlow
from splendor.ui.app import App
from splendor.ui.challenge_flow import ChallengeFlow
from splendor.ui.game_choice import GameChoice
from splendor.ui.game_tables import as_table, game_of_session, screens
from splendor.ui.learning import Learning
from splendor.ui.online.flow import OnlineFlow
from splendor.ui.options import module_choices
from splendor.ui.player_name import remember_first_person, with_player_name
from splendor.ui.scene import Scene
from splendor.ui.scenes.assist import Assisted
from splendor.ui.scenes.confirm import ConfirmScene
from splendor.ui.scenes.load_game import LoadGameScene, problem_reason
from splendor.ui.scenes.menu import MenuScene
from splendor.ui.scenes.message import MessageScene
from splendor.ui.scenes.module_choice import (
    CityChoiceScene,
    ConquestScene,
    FreeCardScene,
    KeepNobleScene,
    PairChoiceScene,
    PostChoiceScene,
    SacrificeScene,
)
from splendor.ui.scenes.new_game import NewGameScene
from splendor.ui.scenes.noble_choice import NobleChoiceScene
from splendor.ui.scenes.pass_screen import PassScreenScene
from splendor.ui.scenes.pause import PauseScene
from splendor.ui.scenes.results import ResultsScene
from splendor.ui.scenes.review import ReviewScene
from splendor.ui.scenes.rules import RulesScene
from splendor.ui.scenes.save_as import SaveAsScene, default_save_name
from splendor.ui.scenes.settings import SettingsScene
from splendor.ui.scenes.statistics import StatisticsScene
from splendor.ui.scenes.table import TableScene
from splendor.ui.scenes.table_step import GemStepScene, StrongholdStepScene
from splendor.ui.scenes.token_return import TokenReturnScene
from splendor.ui.settings_panel import Preferences, SettingsPanel
from splendor.ui.sound import Sounds
from splendor.ui.table.board_picture import BoardPicture
from splendor.ui.table.net_strip import NetTable
from splendor.ui.table.view import Assists


class Game:
    """Wires the scenes together; one per window."""

    def __init__(self, app: App, data: GameData | None = None,
                 loaded: tuple[Settings, FileProblem | None] | None = None,
                 owner: bool = True, bots: Callable[..., Bots] | None = None) -> None:
        """`loaded`: settings already read by the caller (and the problem, if any).
        `owner`: whether this window owns the data folder (see `splendor.storage.instance`);
        only the owner autosaves, writes settings and statistics and moves unreadable
        files aside. Another window reads them and writes only the saves the player asks
        for. `bots`: makes where bots decide (by default their own process, started with
        the first game and kept for the window's life); called with a game's id for the
        games other than Splendor.

        The language is not applied here but at start-up (`startup_settings`), so that
        the tests and the screenshots choose their own.
        """
        self.app = app
        self.data = data or base_game()
        self.session: TableSession | SeatedSession | None = None
        #: Network play's screens and the host's server (started when first needed).
        self.online = OnlineFlow(self)
        #: Learn to play and the modules' lessons.
        self.learning = Learning(self, decision_overlays)
        #: Menu → Challenges, their games and results.
        self.challenges = ChallengeFlow(self, decision_overlays)
        #: Analyse: the expert's review of a finished game.
        self.analysis = AnalysisFlow(self)
        #: Menu → New game: which game.
        self.games = GameChoice(self)
        self._make_bots = bots or BotProcess
        self._bots: Bots | None = None
        #: Where the other games' bots decide, by game id (started with their first game).
        self._game_bots: dict[str, Bots] = {}
        self.last_options: GameOptions | None = None
        self.owner = owner
        self.settings, self.settings_problem = loaded or (
            load_settings() if owner else read_settings())
        #: The settings file is never written over while it is there unread.
        self.settings_writable = owner and (
            self.settings_problem is None or self.settings_problem.kept is not None)
        #: The file problems already shown in this session (a newer version's statistics
        #: file is reported once, not at the end of every game).
        self._told: set[tuple[Path, str]] = set()
        #: Assists, bot-move speed and sound: what the settings panel changes.
        self.prefs = Preferences(
            Assists(**self.settings.assists), self.settings.animation_speed,
            Sounds(self.settings.volume), self.settings.colour_symbols,
        )
        art.set_symbols(self.prefs.symbols)

    def menu_scene(self) -> Scene:
        info = save_info(paths.autosave_path()) if paths.autosave_path().exists() else None
        resumable = info is not None and (info.error is not None or not info.over)
        return MenuScene(has_continue=resumable, on_continue=self.continue_game,
                         on_new_game=self.games.open, on_load=self.open_load,
                         on_settings=self.open_settings, on_online=lambda: self.online.open(),
                         on_rules=self.open_rules, on_statistics=self.open_statistics,
                         on_challenges=self.challenges.open_list,
                         on_learn=self.learning.open_tutorial,
                         learn_key=self.learning.menu_key())

    def continue_game(self) -> None:
        """Resume the autosave; if it is damaged, say so and offer the backup."""
        self._load(paths.autosave_path(), self._cannot_continue)

    def _cannot_continue(self, exc: SaveError) -> None:
        """Say why the autosave cannot be resumed, or offer its backup when it is damaged
        (not of a newer version or other card data) and the backup reads."""
        backup = paths.autosave_backup_path()
        if exc.kind in DAMAGE and backup.exists() and save_info(backup).error is None:
            self.app.stack.push(ConfirmScene(
                lambda: tr("dialog.autosave_damaged.title"),
                lambda: tr("dialog.autosave_damaged.text"),
                lambda: tr("dialog.autosave_damaged.confirm"), lambda: self.resume(backup)))
            return
        kind, params = exc.kind, exc.params  # the detail is in the log
        self.app.stack.push(MessageScene(
            lambda: tr("dialog.cannot_continue.title"),
            lambda: tr("dialog.cannot_continue.text", reason=problem_reason(kind, params))))

    def resume(self, path: Path) -> None:
        """Resume the game saved in `path`, or explain why it cannot be."""
        self._load(path, self.cannot_load)

    def _load(self, path: Path, cannot: Callable[[SaveError], None]) -> None:
        """Continue and Load: resume the game saved in `path`, or `cannot` says why not; over
        either, that the player's own data for its game was refused, as New game tells it."""
        try:
            saved = load_save(path, self.data, any_game=True)
        except SaveError as exc:
            log().warning("save unreadable: %s", exc)
            cannot(exc)
            self.games.tell_refusal(exc.game)  # a data mismatch: its game's data may be why
            return
        self._close_game()
        session = saving.resume(saved, self.bots_for(saved.game))
        # The seats come back for the next New game or Play again, never the deal.
        self.last_options = replace(session.options, seed=None)
        self.open_session(session)
        self.games.tell_refusal(saved.game)

    def to_menu(self) -> None:
        """Leave the table for the menu; a game in progress is autosaved as it stands
        (Continue resumes it, as the Leave dialog says)."""
        if self.session is not None and not self.session.is_over() \
                and not isinstance(self.session, NetTable):  # the host's server keeps it
            self.autosave()
        self._close_game()
        self.app.stack.replace(self.menu_scene())

    def open_new_game(self, module: str | None = None,
                      game: PlayedGame | None = None) -> None:
        """The New game screen of `game` (by default Splendor; `module`: that module
        chosen, after its lesson)."""
        game = game or default_game()
        last = self.last_options
        if last is not None and last.game != game.id:
            # The last game was another: this game's module is the one remembered for it.
            last = replace(last, game=game.id, module=self.settings.module)
        defaults = with_player_name(last if last is not None else GameOptions(
            tuple(SeatOption(s["kind"], s["name"]) for s in self.settings.default_seats),
            competitive=self.settings.competitive, module=self.settings.module,
            game=game.id), self.settings)
        if module is not None:
            defaults = replace(defaults, module=module)
        shown = screens(game)
        self.app.stack.push(NewGameScene(
            on_start=self.start, defaults=defaults, on_module=self.learning.offer_lesson,
            game=game, on_about=(lambda: self.games.about(game)) if shown.notice else None,
            note=shown.data_note))

    def tell(self, problem: FileProblem) -> None:
        """Show what became of a file the game could not use (once a session each)."""
        if (problem.path, problem.reason) in self._told and problem.kept is None:
            return
        self._told.add((problem.path, problem.reason))
        self.app.stack.push(MessageScene(file_notes.problem_title,
                                         lambda: file_notes.problem_text(problem)))

    def save_settings(self) -> None:
        """Store the current preferences; a failure is logged and shown, never fatal.
        Nothing is written by a second window, or over a file the game could not read."""
        s = self.settings
        s.assists = {name: bool(getattr(self.prefs.assists, name)) for name in s.assists}
        s.animation_speed = self.prefs.speed
        s.colour_symbols = self.prefs.symbols
        if self.prefs.sounds is not None:
            s.volume = self.prefs.sounds.volume
        s.window = self.app.windowed_size
        s.fullscreen = self.app.fullscreen
        last = self.last_options
        if last is not None:
            s.default_seats = [{"kind": x.kind, "name": x.name} for x in last.seats]
            s.competitive = last.competitive
            if len(module_choices(find_game(last.game))) > 1:
                # The module remembered is that of the game with modules (Splendor's): a
                # game of another leaves it as it was.
                s.module = last.module
        if not self.settings_writable:
            return  # they apply until the window is closed, as the start-up message said
        try:
            save_settings(s)
        except StorageError as exc:
            log().warning("settings not saved: %s", exc)
            detail = str(exc)
            self.app.stack.push(MessageScene(
                lambda: tr("dialog.settings_not_saved.title"),
                lambda: tr("dialog.settings_not_saved.text", detail=detail)))

    def change_language(self, code: str) -> None:
        """Show every screen in `code` from now on and remember it for the next start."""
        self.settings.language = i18n.set_language(code)
        # Words change widths (a button as wide as its longest label): every scene, the
        # ones beneath too, is laid out again, as on a resize; drawing never lays out.
        self.app.stack.resize(self.app.size)
        self.save_settings()

    def start(self, options: GameOptions) -> None:
        """Begin a game with `options` on a fresh table."""
        self._close_game()
        # The seats are remembered for the next game; its deal is drawn afresh.
        self.last_options = replace(options, seed=None)
        remember_first_person(self.settings, options)
        self.save_settings()  # remembers these seats and the player's name for next time
        game = find_game(options.game)
        self.open_session(session_type(game)(game_data(game, self.data), options,
                                             self.bots_for(game)))

    def bots(self) -> Bots:
        """Where Splendor's bots decide: started with the first game, kept for the
        window's life."""
        if self._bots is None:
            self._bots = self._make_bots()
        return self._bots

    def bots_for(self, game: PlayedGame) -> Bots:
        """Where `game`'s bots decide (each game's bots in a process of their own)."""
        if isinstance(self.data, game.data_type):
            return self.bots()
        if game.id not in self._game_bots:
            self._game_bots[game.id] = self._make_bots(game.id)
        return self._game_bots[game.id]

    def open_session(self, session: SeatedSession) -> None:
        """Show `session` on a fresh table (it becomes the game in progress)."""
        if self.session is not None and self.session is not session:
            self._close_game()
        self.session = session
        session.on_turn_end = self.autosave
        problems: list[FileProblem] = []
        if self.owner:
            # Before the first autosave of this game: an autosave the game cannot read is
            # moved aside now, so that the player hears of it before playing.
            try:
                problems = keep_unreadable_autosaves()
            except StorageError as exc:
                log().warning("autosave kept as it is: %s", exc)
        scene = screens(game_of_session(session)).table(self, session)
        self.app.stack.replace(scene)
        table = as_table(scene)
        if not self.owner and table is not None:
            table.tell(lambda: tr("files.second_window.notice"))
        for problem in problems:
            self.tell(problem)

    def splendor_table(self, session: Session) -> TableScene:
        """Splendor's table for `session`, with its decision overlays and history."""
        table = TableScene(
            session,
            on_finished=self.finish,
            on_pause=self.pause,
            on_leave=self.to_menu,
            on_history=lambda start: self.open_history(session, start),
            assists=Assists(False, False, False, False) if session.options.competitive
            else self.prefs.assists,
            speed=self.prefs.speed,
            sounds=self.prefs.sounds,
            decision_overlays=decision_overlays(session, lambda: table),
        )
        return table

    def open_net_session(self, session: NetSession) -> None:
        """Show a network game on a fresh table (its server saves it; no undo, no hints)."""
        if self.session is not None and self.session is not session:
            self._close_game()
        self.session = session
        table = TableScene(
            session, on_finished=self.finish, on_pause=self.pause, on_leave=self.to_menu,
            assists=Assists(False, False, False, False), speed=self.prefs.speed,
            sounds=self.prefs.sounds, decision_overlays=decision_overlays(session, lambda: table))
        self.app.stack.replace(table)

    def autosave(self) -> None:
        """Save the game after a completed turn; a failure is shown and logged, never fatal.
        A second window never autosaves (the table says so)."""
        session = self.session
        if not isinstance(session, SeatedSession) or isinstance(session, TutorialSession) \
                or not session.saveable:
            return  # no game, a network game (its server keeps it), the tutorial (its
            # progress is kept as it goes) or a challenge (a try left is not kept)
        table = next((t for s in self.app.stack.scenes if (t := as_table(s)) is not None), None)
        if not self.owner:
            if table is not None:
                table.tell(lambda: tr("files.second_window.notice"))
            return
        notice: Callable[[], str] | None = None
        problems: list[FileProblem] = []
        try:
            problems = saving.autosave(session, self.data)
        except StorageError as exc:
            log().warning("autosave failed: %s", exc)
            notice = partial(file_notes.save_failed_text, exc, True)
        if table is not None:
            table.tell(notice)
        for problem in problems:
            self.tell(problem)

    def pause(self) -> None:
        """Open the pause menu over the table; no bot moves until the table is back on top."""
        table = as_table(self.app.stack.top)
        assert table is not None, "the pause menu opens over a table"
        session = table.session
        session.pause()

        def set_speed(factor: float) -> None:
            table.speed = factor

        screen = screens(game_of_session(session))
        panel = SettingsPanel(self.prefs, on_speed=set_speed, on_change=self.save_settings,
                              competitive=session.options.competitive,
                              assists=screen.assists)
        net = isinstance(session, NetTable)  # saved by the host's server, not here
        self.app.stack.push(PauseScene(on_leave=(lambda: self.confirm_leave(net=True)) if net
                                       else self.confirm_leave, panel=panel,
                                       on_save=None if net else self.open_save_as,
                                       on_rules=lambda: screen.rules(self, session),
                                       leave_key="net_table.pause.leave" if net else None))

    def open_save_as(self) -> None:
        session = self.session
        if session is None:
            return
        default = default_save_name([s.name for s in session.options.seats],
                                    session.view().round)
        self.app.stack.push(SaveAsScene(default, self.save_as))

    def save_as(self, name: str) -> str | None:
        """Save the game under `name`; the problem in words, or None when saved."""
        session = self.session
        if not isinstance(session, SeatedSession):
            return tr("saves.save_as.no_game")
        try:
            path = save_path_for(name)
        except SaveNameError as exc:
            log().info("save name refused: %s", exc)
            return file_notes.save_name_text(exc, name)
        if path.exists():
            return tr("saves.save_as.exists", name=path.stem)
        try:
            saving.save_as(session, path, name)
        except StorageError as exc:
            log().warning("save failed: %s", exc)
            return file_notes.save_failed_text(exc, autosave=False)
        return None

    def open_load(self) -> None:
        self.app.stack.push(LoadGameScene(on_load=self.resume, on_review=self.review_save,
                                          on_analyse=self.analysis.analyse_save))

    def cannot_load(self, exc: SaveError) -> None:
        """Say why a save cannot be loaded."""
        kind, params = exc.kind, exc.params
        self.app.stack.push(MessageScene(
            lambda: tr("dialog.cannot_load.title"),
            lambda: tr("dialog.cannot_load.text", reason=problem_reason(kind, params))))

    def review_save(self, path: Path) -> None:
        """Review the game saved at `path` move by move (the save is only read); a save
        that cannot be loaded says why."""
        try:
            saved = load_save(path, self.data)
        except SaveError as exc:
            log().warning("save not reviewed: %s", exc)
            self.cannot_load(exc)
            return
        review = review_of(saved.state, [s["kind"] for s in saved.seats],
                           [s["name"] for s in saved.seats])
        assert review is not None, "a loaded save is its replayed record"
        self.open_review(review)

    def open_history(self, session: Session, start: int) -> None:
        """Show the game in progress as it was after move `start`, read-only and paused;
        Escape or Close goes back to the game (the table resumes the session)."""
        review = review_of(session.state, [s.kind for s in session.options.seats],
                           list(session.options.names))
        if review is None:
            return  # a position set up by hand has no history to show
        # The past through the eyes the live table has now: in hot seat, the revealed
        # player's own blind cards face up, as on their table.
        review = replace(review, seat=session.screen_seat())
        session.pause()
        self.app.stack.push(ReviewScene(review, start=start))

    def open_review(self, review: GameReview, start: int = 0,
                    source: AnalysisSource | None = None) -> None:
        """Step through `review`'s game from `start` (the deal by default), with the
        expert's review of `source` (a finished game) and its Analyse button; Close
        returns to this screen."""
        self.app.stack.push(ReviewScene(review, start=start, analysis=source,
                                        on_analyse=self.analysis.review_button(review, source)))

    def open_rules(self, module: str | None = None) -> None:
        """The rules reference, open at the section of `module` if one is given."""
        self.app.stack.push(RulesScene(module))

    def open_settings(self) -> None:
        panel = SettingsPanel(self.prefs, on_change=self.save_settings,
                              fullscreen=lambda: self.app.fullscreen,
                              toggle_fullscreen=self.app.toggle_fullscreen,
                              on_language=self.change_language)
        self.app.stack.push(SettingsScene(panel))

    def confirm_leave(self, net: bool = False) -> None:
        part = "net_table.leave" if net else "dialog.leave"  # a network seat stays yours
        self.app.stack.push(
            ConfirmScene(lambda: tr(f"{part}.title"), lambda: tr(f"{part}.text"),
                         lambda: tr(f"{part}.confirm"), self.to_menu)
        )

    def finish(self, session: TableSession | SeatedSession) -> None:
        """Count the game in the statistics and show the results."""
        state = session.state
        if isinstance(session, NetSession):
            self.online.game_over(session)
        record_text = None
        options = self.last_options
        problem: FileProblem | None = None
        counted = isinstance(session, NetSession) or (
            options is not None and isinstance(session, SeatedSession))
        if counted:
            records, problem = self._stats()
            if isinstance(session, NetSession):
                key = count_online_game(state, [s.kind for s in session.options.seats],
                                        records)
            else:
                assert isinstance(session, SeatedSession)
                key = count_game(session, records)
            if key is None:
                problem = None  # nothing to count: no need to speak of the file now
            else:
                record_text = describe(key, records[key])
                if not self.owner:
                    record_text = tr("files.second_window.not_counted", record=record_text)
                elif not counts(problem):
                    record_text = tr("files.statistics.not_counted", record=record_text)
                else:
                    try:
                        save_stats(records)
                    except StorageError as exc:
                        log().warning("statistics not saved: %s", exc)
                        record_text = tr("dialog.stats_not_saved", record=record_text,
                                         detail=str(exc))
        screens(game_of_session(session)).results(self, session, record_text)
        if problem is not None and self.owner:
            self.tell(problem)

    def splendor_results(self, session: TableSession, record_text: str | None) -> None:
        """Splendor's results over the final board, with the review and the analysis; the
        table goes, so nothing can change the game any more (the board is drawn from a
        view)."""
        state = session.state
        kinds = [s.kind for s in session.options.seats]
        names = session.options.names
        review = review_of(state, kinds, names)
        seat = review_seat(kinds)
        final_view = session.view(seat) if seat is not None else session.public_view(0)
        source = self.analysis.of_session(session) if review is not None else None
        results = ResultsScene(
            final_result(state), on_menu=self.to_menu,
            on_play_again=None if isinstance(session, NetTable) else self.play_again,
            record_text=record_text,
            board=BoardPicture(session.data, names, session.log, you=seat),
            final_view=final_view, scores=review.scores if review is not None else None,
            on_review=(lambda: self.open_review(review, source=source))
            if review is not None else None,
            analysis=source,
            on_analyse=self.analysis.review_button(review, source),
            on_review_move=(lambda at: self.open_review(review, at, source))
            if review is not None and source is not None else None,
            you=seat)
        self.app.stack.replace(results)

    def _stats(self) -> tuple[Records, FileProblem | None]:
        """The statistics: as the owner, an unreadable file is moved aside; a second
        window only reads."""
        if self.owner:
            return load_stats()
        records, problem = read_stats()
        if problem is not None:
            log().warning("statistics not read: %s", problem)
        return records, problem

    def open_statistics(self) -> None:
        records, problem = self._stats()
        self.app.stack.push(StatisticsScene(records, problem))

    def play_again(self) -> None:
        if self.last_options is not None:
            # A new deal: the same seats, always a fresh seed.
            self.start(replace(self.last_options, seed=None))

    def _close_game(self) -> None:
        if self.session is not None:
            self.session.close()
            self.session = None

    def close(self) -> None:
        """End the game in progress, stop the bots' processes and the host's server."""
        self._close_game()
        self.online.close()
        if self._bots is not None:
            self._bots.close()
            self._bots = None
        for bots in self._game_bots.values():
            bots.close()
        self._game_bots.clear()


AssistedBox = TypeVar("AssistedBox", bound=Assisted)


def decision_overlays(session: TableSession, table: Callable[[], TableScene]
                      ) -> dict[str, Callable[..., Scene]]:
    """The overlays a human's decisions open over the table (see `table.decisions`);
    `table` gives the table scene, whose places the table-click decisions use."""
    return {
        "pass": lambda: _pass_screen(session),
        "return": lambda: _assisted(TokenReturnScene(session), table()),
        "noble": lambda: _assisted(NobleChoiceScene(session), table()),
        "city": lambda: _assisted(CityChoiceScene(session), table()),
        "post": lambda: _assisted(PostChoiceScene(session), table()),
        "gem": lambda: _assisted(GemStepScene(session, table()), table()),
        "pair": lambda: _assisted(PairChoiceScene(session), table()),
        "free": lambda: _assisted(FreeCardScene(session), table()),
        "keep_noble": lambda: _assisted(KeepNobleScene(session), table()),
        "stronghold": lambda: _assisted(StrongholdStepScene(session, table()), table()),
        "conquest": lambda: _assisted(ConquestScene(session), table()),
        "sacrifice": lambda card_id: _assisted(SacrificeScene(session, card_id), table()),
    }


def _assisted(scene: AssistedBox, table: TableScene) -> AssistedBox:
    """`scene` with the table's Undo and Hint (offered when the game allows them)."""
    scene.assist.target = table
    return scene


def _pass_screen(session: TableSession) -> PassScreenScene:
    """The screen that hands the table to the human to act; it reveals their view."""
    seat = session.current
    assert seat is not None
    return PassScreenScene(session.options.names[seat], on_ready=lambda: session.reveal(seat))


def startup_settings(owner: bool = True) -> tuple[Settings, FileProblem | None]:
    """The settings to start with, their language applied (`owner`: see `Game`).

    On the very first start (no settings file yet) the game speaks the system's language
    when it has it, English otherwise, and saves that choice at once.
    """
    first = not paths.settings_path().exists()
    settings, problem = load_settings() if owner else read_settings()
    if first and owner:
        settings.language = i18n.system_language()
        try:
            save_settings(settings)
        except StorageError as exc:
            log().warning("settings not saved: %s", exc)
    i18n.set_language(settings.language)
    return settings, problem


def open_menu(game: Game, lock: InstanceLock) -> None:
    """The main menu, under what the player must hear of first: a settings file that
    could not be used, another window already open on the same files."""
    game.app.stack.push(game.menu_scene())
    if lock.owner and game.settings_problem is None and not game.settings.tutorial_offered:
        game.learning.offer_tutorial()
    if game.settings_problem is not None:
        game.tell(game.settings_problem)
    if not lock.owner:
        folder = str(lock.folder)
        game.app.stack.push(MessageScene(
            lambda: tr("files.second_window.title"),
            lambda: tr("files.second_window.text", folder=folder)))


def run_until_closed(app: App) -> bool:
    """Run the window until it is closed; True when Ctrl+C in the terminal closed it.

    Ctrl+C then closes like the window's button: the caller still autosaves and saves the
    settings, and a second Ctrl+C is ignored from here on so it cannot cut those saves
    short (the program is ending anyway).
    """
    try:
        app.run()
    except KeyboardInterrupt:
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        return True
    return False


def run(size: tuple[int, int] | None = None, fullscreen: bool = False,
        language: str | None = None) -> int:
    """Open the window on the main menu and play until it is closed (in `language` for
    this run when given, else in the saved one). The exit code: 0, or 130 after Ctrl+C."""
    problem = setup_logging()
    if problem:
        print(f"splendor: {problem}", file=sys.stderr)
    lock = claim_folders()
    loaded = startup_settings(owner=lock.owner)
    if language is not None:
        i18n.set_language(language)
    settings, _ = loaded
    app = App(size or settings.window, fullscreen=fullscreen or settings.fullscreen)
    game = Game(app, loaded=loaded, owner=lock.owner)
    open_menu(game, lock)
    interrupted = run_until_closed(app)
    if game.session is not None and not game.session.is_over():
        # Closing mid-turn keeps the turn as it stands, pending return or noble included.
        game.autosave()
    game.save_settings()
    game.close()
    app.close()
    lock.release()
    return 130 if interrupted else 0
