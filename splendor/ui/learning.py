"""Learning in the game's flow: Menu → Learn to play (offered once on the very first
start), the guided first game resumed where it was left, "You're ready"; and each Cities
of Splendor module's lesson, offered the first time the module is chosen for a game.

The guided game is kept as it goes (`splendor.storage.tutorial_progress`), never in the
autosave, and never counted in the statistics.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from splendor.i18n import tr
from splendor.session.table_session import TableSession
from splendor.session.tutorial import TutorialSession
from splendor.session.tutorial_data import Tutorial, load_tutorial
from splendor.storage.atomic import StorageError
from splendor.storage.logfile import logger as log
from splendor.storage.tutorial_progress import forget_progress, read_progress, save_progress
from splendor.ui.scene import Scene
from splendor.ui.scenes.confirm import ConfirmScene
from splendor.ui.scenes.tutorial import TutorialTableScene
from splendor.ui.wording import module_name

if TYPE_CHECKING:
    from splendor.ui.main import Game

#: The decision overlays of a table (`splendor.ui.main.decision_overlays`).
Overlays = Callable[[TableSession, Callable[[], TutorialTableScene]],
                    dict[str, Callable[..., Scene]]]


class Learning:
    """Learn to play and the modules' lessons for `game`'s window."""

    def __init__(self, game: Game, overlays: Overlays) -> None:
        self.game = game
        self.overlays = overlays
        self._tutorial: Tutorial | None = None

    @property
    def tutorial(self) -> Tutorial:
        """The script, read (and checked) when first needed."""
        if self._tutorial is None:
            self._tutorial = load_tutorial(self.game.data)
        return self._tutorial

    def menu_key(self) -> str:
        """The menu entry: 'learn', or 'learn_continue' when left half-way."""
        return "learn" if read_progress() is None else "learn_continue"

    # ------------------------------------------------------------ the guided first game

    def offer_tutorial(self) -> None:
        """Ask once, on the very first start, whether to learn the game (remembered)."""
        game = self.game
        game.settings.tutorial_offered = True
        game.save_settings()
        game.app.stack.push(ConfirmScene(
            lambda: tr("tutorial.offer.title"), lambda: tr("tutorial.offer.text"),
            lambda: tr("tutorial.offer.accept"), self.open_tutorial,
            no=lambda: tr("tutorial.offer.decline")))

    def open_tutorial(self) -> None:
        """The guided first game, where it was left (from the start if it never was)."""
        tutorial = self.tutorial
        left = read_progress()
        index = (tutorial.step_index(left) if left is not None else None) or 0
        session = self._open(tutorial, index, self.tutorial_done, self.skip_tutorial)

        def keep(step: int) -> None:
            if step >= len(tutorial.steps):
                forget_progress()
                return
            try:
                save_progress(tutorial.steps[step].id)
            except StorageError as exc:  # the tutorial goes on; only resuming is lost
                log().warning("tutorial progress not saved: %s", exc)

        if self.game.owner:  # a second window only reads the data folder
            session.on_step = keep
            keep(index)

    def skip_tutorial(self) -> None:
        if self.game.owner:
            forget_progress()
        self.game.to_menu()

    def tutorial_done(self) -> None:
        """The guided game is over: "You're ready", then a real game or the menu."""
        self._ended(lambda: tr("tutorial.ready.title"), lambda: tr("tutorial.ready.text"),
                    lambda: self.game.open_new_game())

    # ------------------------------------------------------------ the modules' lessons

    def offer_lesson(self, module: str) -> None:
        """The first time `module` is chosen for a game, offer its lesson (remembered)."""
        game = self.game
        if module in game.settings.lessons_offered or module not in self.tutorial.lessons:
            return
        game.settings.lessons_offered.append(module)
        game.save_settings()
        game.app.stack.push(ConfirmScene(
            lambda: tr("tutorial.lesson.offer.title", module=module_name(module)),
            lambda: tr("tutorial.lesson.offer.text"),
            lambda: tr("tutorial.lesson.offer.accept"), lambda: self.open_lesson(module),
            no=lambda: tr("tutorial.lesson.offer.decline")))

    def open_lesson(self, module: str) -> None:
        """`module`'s lesson: one move on a table of that module."""
        self._open(self.tutorial.lessons[module], 0, lambda: self.lesson_done(module),
                   self.game.to_menu)

    def lesson_done(self, module: str) -> None:
        """A module's lesson is over: a game with it, or the menu."""
        self._ended(lambda: module_name(module),
                    lambda: tr("tutorial.lesson.done.text", module=module_name(module)),
                    lambda: self.game.open_new_game(module))

    # ------------------------------------------------------------ both

    def _open(self, tutorial: Tutorial, index: int, done: Callable[[], None],
              skip: Callable[[], None]) -> TutorialSession:
        """Show `tutorial` from step `index` on a fresh table (the game in progress)."""
        game = self.game
        game._close_game()  # the game in progress ends, as for any new table
        names = (tr("tutorial.names.you"), tr("tutorial.names.coach"))
        session = TutorialSession(game.data, tutorial, names, index)
        game.session = session
        table = TutorialTableScene(
            session, on_finished=lambda _: done(), on_leave=game.to_menu, on_skip=skip,
            speed=game.prefs.speed, sounds=game.prefs.sounds,
            decision_overlays=self.overlays(session, lambda: table))
        game.app.stack.replace(table)
        return session

    def _ended(self, title: Callable[[], str], text: Callable[[], str],
               play: Callable[[], None]) -> None:
        """The menu, under a dialog saying `text` with Play now (`play`) and Menu."""
        game = self.game
        game._close_game()  # the game in progress ends, as for any new table
        game.app.stack.replace(game.menu_scene())
        game.app.stack.push(ConfirmScene(title, text, lambda: tr("tutorial.ready.play"), play,
                                         no=lambda: tr("tutorial.ready.menu")))
