"""The game's flow: menu, new game, table, results. `run()` opens the window."""

from __future__ import annotations

import sys
from pathlib import Path

from splendor import i18n
from splendor.engine import GameData, GameState
from splendor.gamedata import base_game
from splendor.i18n import tr
from splendor.storage import paths
from splendor.storage.atomic import StorageError
from splendor.storage.logfile import logger as log
from splendor.storage.logfile import setup_logging
from splendor.storage.saves import (
    SAVE_NAME_LENGTH,
    SavedGame,
    SaveError,
    load_save,
    save_document,
    save_info,
    save_path_for,
    write_autosave,
    write_save,
)
from splendor.storage.settings import Settings, SettingsProblem, load_settings, save_settings
from splendor.storage.stats import add_game, describe, load_stats, save_stats
from splendor.storage.untrusted import printable
from splendor.ui import art
from splendor.ui.app import App
from splendor.ui.controller import GameController
from splendor.ui.options import GameOptions, SeatOption
from splendor.ui.scene import Scene
from splendor.ui.scenes.confirm import ConfirmScene
from splendor.ui.scenes.load_game import LoadGameScene, problem_reason
from splendor.ui.scenes.menu import MenuScene
from splendor.ui.scenes.message import MessageScene
from splendor.ui.scenes.new_game import NewGameScene
from splendor.ui.scenes.noble_choice import NobleChoiceScene
from splendor.ui.scenes.pass_screen import PassScreenScene
from splendor.ui.scenes.pause import PauseScene
from splendor.ui.scenes.results import ResultsScene
from splendor.ui.scenes.rules import RulesScene
from splendor.ui.scenes.save_as import SaveAsScene
from splendor.ui.scenes.settings import SettingsScene
from splendor.ui.scenes.statistics import StatisticsScene
from splendor.ui.scenes.table import TableScene
from splendor.ui.scenes.token_return import TokenReturnScene
from splendor.ui.settings_panel import Preferences, SettingsPanel
from splendor.ui.sound import Sounds
from splendor.ui.table_view import Assists


class Game:
    """Wires the scenes together; one per window."""

    def __init__(self, app: App, data: GameData | None = None,
                 loaded: tuple[Settings, SettingsProblem | None] | None = None) -> None:
        """`loaded`: settings already read by the caller (and the problem, if any).

        The language is not applied here but at start-up (`startup_settings`), so that
        the tests and the screenshots choose their own.
        """
        self.app = app
        self.data = data or base_game()
        self.controller: GameController | None = None
        self.last_options: GameOptions | None = None
        self.settings, self.settings_problem = loaded or load_settings()
        if self.settings_problem:
            log().warning("%s", self.settings_problem)
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
                         on_new_game=self.open_new_game, on_load=self.open_load,
                         on_settings=self.open_settings,
                         on_rules=self.open_rules, on_statistics=self.open_statistics)

    def continue_game(self) -> None:
        """Resume the autosave; if it is damaged, say so and offer the backup."""
        try:
            saved = load_save(paths.autosave_path(), self.data)
        except SaveError as exc:
            log().warning("autosave unreadable: %s", exc)
            backup = paths.autosave_backup_path()
            if backup.exists() and save_info(backup).error is None:
                self.app.stack.push(ConfirmScene(
                    lambda: tr("dialog.autosave_damaged.title"),
                    lambda: tr("dialog.autosave_damaged.text"),
                    lambda: tr("dialog.autosave_damaged.confirm"), lambda: self.resume(backup)))
            else:
                kind = exc.kind  # the detail is in the log; the player gets the gist
                self.app.stack.push(MessageScene(
                    lambda: tr("dialog.cannot_continue.title"),
                    lambda: tr("dialog.cannot_continue.text",
                               reason=problem_reason(kind))))
            return
        self._open_saved(saved)

    def resume(self, path: Path) -> None:
        """Resume the game saved in `path`, or explain why it cannot be."""
        try:
            saved = load_save(path, self.data)
        except SaveError as exc:
            log().warning("save unreadable: %s", exc)
            kind = exc.kind  # the detail is in the log; the player gets the gist
            self.app.stack.push(MessageScene(
                lambda: tr("dialog.cannot_load.title"),
                lambda: tr("dialog.cannot_load.text", reason=problem_reason(kind))))
            return
        self._open_saved(saved)

    def _open_saved(self, saved: SavedGame) -> None:
        state = saved.state
        options = GameOptions(
            tuple(SeatOption(seat["kind"], seat["name"]) for seat in saved.seats),
            first_player=state.setup.first_player,
            seed=state.setup.seed,
        )
        self._close_game()
        controller = GameController(self.data, options, state=state)
        for seat, problem in controller.restore_bot_states(saved.bots).items():
            log().warning("%s: the random state of the bot in seat %d is damaged (%s); it "
                          "plays on from a generator seeded by the game",
                          printable(saved.path.name), seat + 1, problem)
        self.last_options = options
        self._open_table(controller)

    def to_menu(self) -> None:
        self._close_game()
        self.app.stack.replace(self.menu_scene())

    def open_new_game(self) -> None:
        defaults = self.last_options or GameOptions(
            tuple(SeatOption(s["kind"], s["name"]) for s in self.settings.default_seats))
        self.app.stack.push(NewGameScene(on_start=self.start, defaults=defaults))

    def save_settings(self) -> None:
        """Store the current preferences; a failure is logged and shown, never fatal."""
        s = self.settings
        s.assists = {name: bool(getattr(self.prefs.assists, name)) for name in s.assists}
        s.animation_speed = self.prefs.speed
        s.colour_symbols = self.prefs.symbols
        if self.prefs.sounds is not None:
            s.volume = self.prefs.sounds.volume
        s.window = self.app.windowed_size
        s.fullscreen = self.app.fullscreen
        if self.last_options is not None:
            s.default_seats = [{"kind": x.kind, "name": x.name} for x in self.last_options.seats]
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
        # Every scene takes its words from the catalogs when it draws, so nothing else
        # needs to change: going back shows the scenes beneath in the new language.
        self.settings.language = i18n.set_language(code)
        self.save_settings()

    def start(self, options: GameOptions) -> None:
        """Begin a game with `options` on a fresh table."""
        self._close_game()
        self.last_options = options
        self.save_settings()  # remembers these seats for the next new game
        self._open_table(GameController(self.data, options))

    def _open_table(self, controller: GameController) -> None:
        self.controller = controller
        controller.on_turn_end = self.autosave
        table = TableScene(
            controller,
            on_finished=self.finish,
            on_pause=self.pause,
            assists=self.prefs.assists,
            speed=self.prefs.speed,
            sounds=self.prefs.sounds,
            decision_overlays={
                "return": lambda: TokenReturnScene(controller),
                "noble": lambda: NobleChoiceScene(controller),
                "pass": lambda: PassScreenScene(controller.state.setup.names[
                    controller.state.current]),
            },
        )
        self.app.stack.replace(table)

    def autosave(self) -> None:
        """Save the game after a completed turn; a failure is shown and logged, never fatal."""
        controller = self.controller
        if controller is None:
            return
        seats = [{"kind": s.kind, "name": s.name} for s in controller.options.seats]
        document = save_document(controller.state, seats, controller.bot_states())
        notice = ""
        try:
            write_autosave(document, self.data)
        except StorageError as exc:
            log().warning("autosave failed: %s", exc)
            notice = tr("dialog.autosave_failed", detail=str(exc))
        table = next((s for s in self.app.stack.scenes if isinstance(s, TableScene)), None)
        if table is not None:
            table.ui.notice = notice

    def pause(self) -> None:
        table = self.app.stack.scenes[-1]
        assert isinstance(table, TableScene)

        def set_speed(factor: float) -> None:
            table.speed = factor

        panel = SettingsPanel(self.prefs, on_speed=set_speed, on_change=self.save_settings)
        self.app.stack.push(PauseScene(on_leave=self.confirm_leave, panel=panel,
                                       on_save=self.open_save_as, on_rules=self.open_rules))

    def open_save_as(self) -> None:
        controller = self.controller
        if controller is None:
            return
        names = tr("saves.save_as.versus").join(s.name for s in controller.options.seats)
        round_ = controller.state.round
        default = tr("saves.save_as.default_name", players=names, round=round_)
        while len(default) > SAVE_NAME_LENGTH and names:
            # Shorten the players, never the round: it tells saves of one game apart.
            names = names[:-2].rstrip() + "…" if len(names) > 1 else ""
            default = tr("saves.save_as.default_name", players=names, round=round_)
        self.app.stack.push(SaveAsScene(default, self.save_as))

    def save_as(self, name: str) -> str | None:
        """Save the game under `name`; the problem in words, or None when saved."""
        controller = self.controller
        if controller is None:
            return tr("saves.save_as.no_game")
        try:
            path = save_path_for(name)
        except SaveError as exc:
            log().info("save name refused: %s", exc)
            return tr("saves.save_as.bad_name")
        if path.exists():
            return tr("saves.save_as.exists", name=path.stem)
        seats = [{"kind": s.kind, "name": s.name} for s in controller.options.seats]
        try:
            write_save(path, save_document(controller.state, seats, controller.bot_states()))
        except StorageError as exc:
            log().warning("save failed: %s", exc)
            return tr("saves.save_as.failed", detail=str(exc))
        return None

    def open_load(self) -> None:
        self.app.stack.push(LoadGameScene(on_load=self.resume))

    def open_rules(self) -> None:
        self.app.stack.push(RulesScene())

    def open_settings(self) -> None:
        panel = SettingsPanel(self.prefs, on_change=self.save_settings,
                              fullscreen=lambda: self.app.fullscreen,
                              toggle_fullscreen=self.app.toggle_fullscreen,
                              on_language=self.change_language)
        self.app.stack.push(SettingsScene(panel))

    def confirm_leave(self) -> None:
        self.app.stack.push(
            ConfirmScene(lambda: tr("dialog.leave.title"), lambda: tr("dialog.leave.text"),
                         lambda: tr("dialog.leave.confirm"), self.to_menu)
        )

    def finish(self, state: GameState) -> None:
        """Count the game in the statistics and show the results."""
        record_text = None
        options = self.last_options
        if options is not None:
            records, problem = load_stats()
            if problem:
                log().warning("statistics file unreadable: %s", problem)
            key = add_game(records, state, [s.kind for s in options.seats])
            if key is not None:
                record_text = describe(key, records[key])
                try:
                    save_stats(records)
                except StorageError as exc:
                    log().warning("statistics not saved: %s", exc)
                    record_text = tr("dialog.stats_not_saved", record=record_text,
                                     detail=str(exc))
        self.app.stack.replace(ResultsScene(state, on_play_again=self.play_again,
                                            on_menu=self.to_menu, record_text=record_text))

    def open_statistics(self) -> None:
        records, problem = load_stats()
        self.app.stack.push(StatisticsScene(records, problem))

    def play_again(self) -> None:
        if self.last_options is not None:
            # A new deal: same seats, a fresh seed unless the player fixed one.
            self.start(self.last_options)

    def _close_game(self) -> None:
        if self.controller is not None:
            self.controller.close()
            self.controller = None


def settings_problem_text(problem: SettingsProblem) -> str:
    """Why the settings were reset, in the language in use."""
    if problem.backup:
        return tr("dialog.settings_reset.text_kept", detail=problem.detail, backup=problem.backup)
    return tr("dialog.settings_reset.text", detail=problem.detail)


def startup_settings() -> tuple[Settings, SettingsProblem | None]:
    """The settings to start with, their language applied.

    On the very first start (no settings file yet) the game speaks the system's language
    when it has it, English otherwise, and saves that choice at once.
    """
    first = not paths.settings_path().exists()
    settings, problem = load_settings()
    if first:
        settings.language = i18n.system_language()
        try:
            save_settings(settings)
        except StorageError as exc:
            log().warning("settings not saved: %s", exc)
    i18n.set_language(settings.language)
    return settings, problem


def run(size: tuple[int, int] | None = None, fullscreen: bool = False,
        language: str | None = None) -> None:
    """Open the window on the main menu and play until it is closed (in `language` for
    this run when given, else in the saved one)."""
    problem = setup_logging()
    if problem:
        print(f"splendor: {problem}", file=sys.stderr)
    loaded = startup_settings()
    if language is not None:
        i18n.set_language(language)
    settings, settings_problem = loaded
    app = App(size or settings.window, fullscreen=fullscreen or settings.fullscreen)
    game = Game(app, loaded=loaded)
    app.stack.push(game.menu_scene())
    if settings_problem is not None:
        app.stack.push(MessageScene(lambda: tr("dialog.settings_reset.title"),
                                    lambda: settings_problem_text(settings_problem)))
    app.run()
    if game.controller is not None and not game.controller.state.is_over():
        # Closing mid-turn keeps the turn as it stands, pending return or noble included.
        game.autosave()
    game.save_settings()
    game._close_game()
    app.close()
