"""The game's flow: menu, new game, table, results. `run()` opens the window."""

from __future__ import annotations

from splendor.engine import GameData, GameState
from splendor.gamedata import base_game
from splendor.ui.app import DEFAULT_SIZE, App
from splendor.ui.controller import GameController
from splendor.ui.options import GameOptions
from splendor.ui.scene import Scene
from splendor.ui.scenes.confirm import ConfirmScene
from splendor.ui.scenes.menu import MenuScene
from splendor.ui.scenes.new_game import NewGameScene
from splendor.ui.scenes.noble_choice import NobleChoiceScene
from splendor.ui.scenes.pass_screen import PassScreenScene
from splendor.ui.scenes.pause import PauseScene
from splendor.ui.scenes.results import ResultsScene
from splendor.ui.scenes.rules import RulesScene
from splendor.ui.scenes.settings import SettingsScene
from splendor.ui.scenes.table import TableScene
from splendor.ui.scenes.token_return import TokenReturnScene
from splendor.ui.settings_panel import Preferences, SettingsPanel
from splendor.ui.sound import Sounds
from splendor.ui.table_view import Assists


class Game:
    """Wires the scenes together; one per window."""

    def __init__(self, app: App, data: GameData | None = None) -> None:
        self.app = app
        self.data = data or base_game()
        self.controller: GameController | None = None
        self.last_options: GameOptions | None = None
        #: Assists, bot-move speed and sound, kept across the games of this window.
        self.prefs = Preferences(Assists(), 1.0, Sounds())

    def menu_scene(self) -> Scene:
        return MenuScene(on_new_game=self.open_new_game, on_settings=self.open_settings,
                         on_rules=self.open_rules)

    def to_menu(self) -> None:
        self._close_game()
        self.app.stack.replace(self.menu_scene())

    def open_new_game(self) -> None:
        self.app.stack.push(NewGameScene(on_start=self.start, defaults=self.last_options))

    def start(self, options: GameOptions) -> None:
        """Begin a game with `options` on a fresh table."""
        self._close_game()
        self.last_options = options
        controller = GameController(self.data, options)
        self.controller = controller
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

    def pause(self) -> None:
        table = self.app.stack.scenes[-1]
        assert isinstance(table, TableScene)

        def set_speed(factor: float) -> None:
            table.speed = factor

        panel = SettingsPanel(self.prefs, on_speed=set_speed)
        self.app.stack.push(PauseScene(on_leave=self.confirm_leave, panel=panel))

    def open_rules(self) -> None:
        self.app.stack.push(RulesScene())

    def open_settings(self) -> None:
        self.app.stack.push(SettingsScene(SettingsPanel(self.prefs)))

    def confirm_leave(self) -> None:
        self.app.stack.push(
            ConfirmScene("Leave the game?", "This game will be abandoned.", "Leave",
                         self.to_menu)
        )

    def finish(self, state: GameState) -> None:
        self.app.stack.replace(
            ResultsScene(state, on_play_again=self.play_again, on_menu=self.to_menu)
        )

    def play_again(self) -> None:
        if self.last_options is not None:
            # A new deal: same seats, a fresh seed unless the player fixed one.
            self.start(self.last_options)

    def _close_game(self) -> None:
        if self.controller is not None:
            self.controller.close()
            self.controller = None


def run(size: tuple[int, int] = DEFAULT_SIZE, fullscreen: bool = False) -> None:
    """Open the window on the main menu and play until it is closed."""
    app = App(size, fullscreen=fullscreen)
    game = Game(app)
    app.run(game.menu_scene())
    game._close_game()
