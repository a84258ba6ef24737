"""The expert's review of a game in the game's flow: the Analyse panel opened from the
results, Review and the Load screen, and what each may analyse.

A finished analysis is kept in the save it came from: a save chosen on the Load screen,
or, for the game just played, the autosave once it is checked to hold this game (this
window owning the data folder); otherwise it lasts for the window. The panel's choice
(whose moves, the depth) is remembered for the window.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from splendor.engine import GameState
from splendor.session.analysis_job import AnalysisSource
from splendor.session.analysis_store import game_digest
from splendor.session.game import Session
from splendor.session.review import GameReview, review_of
from splendor.session.table_session import TableSession
from splendor.session.tutorial import TutorialSession
from splendor.storage import paths
from splendor.storage.logfile import logger as log
from splendor.storage.saves import SaveError, load_save
from splendor.ui.scenes.analyse import AnalyseScene, AnalysisChoice
from splendor.ui.table.net_strip import NetTable

if TYPE_CHECKING:
    from splendor.ui.main import Game


class AnalysisFlow:
    """Analyse for `game`'s window."""

    def __init__(self, game: Game) -> None:
        self.game = game
        #: The Analyse panel's last choice (seats and depth), for this window.
        self.choice = AnalysisChoice()

    def _source(self, state: GameState, kinds: tuple[str, ...],
                keeps: Path | None) -> AnalysisSource:
        """`state`'s game to analyse, showing at once what is kept for the last choice."""
        source = AnalysisSource(self.game.data, state, kinds, keeps)
        choice = self.choice
        source.show(source.kept(source.seats_for(choice.all_seats), choice.budget))
        return source

    def analyse_save(self, path: Path) -> None:
        """The expert's review of the finished game saved at `path`: its review opens with
        the analysis kept in the save at once, or after the Analyse panel made it."""
        game = self.game
        try:
            saved = load_save(path, game.data)
        except SaveError as exc:
            log().warning("save not analysed: %s", exc)
            game.cannot_load(exc)
            return
        kinds = [s["kind"] for s in saved.seats]
        review = review_of(saved.state, kinds, [s["name"] for s in saved.seats])
        assert review is not None, "a loaded save is its replayed record"
        source = self._source(saved.state, tuple(kinds), path)
        if source.shown is not None:
            game.open_review(review, source=source)
            return
        self.open(source, lambda _: game.open_review(review, source=source))

    def open(self, source: AnalysisSource, on_done: Callable[[object], None]) -> None:
        """The Analyse panel for `source`'s game; `on_done` once it is analysed."""
        game = self.game
        game.app.stack.push(AnalyseScene(source, game.bots, self.choice, on_done))

    def of_session(self, session: TableSession) -> AnalysisSource | None:
        """What the results may analyse of a finished local game: kept in the autosave
        when that is this game (this window owning the folder), else for this window."""
        state = session.state
        if not state.is_over() or isinstance(session, TutorialSession):
            return None
        kinds = tuple(s.kind for s in session.options.seats)
        path = paths.autosave_path()
        keeps = None
        if self.game.owner and isinstance(session, Session) \
                and not isinstance(session, NetTable):
            try:
                if game_digest(load_save(path, self.game.data).state) == game_digest(state):
                    keeps = path
            except SaveError as exc:
                log().info("the analysis is not kept in the autosave: %s", exc)
        return self._source(state, kinds, keeps)

    def review_button(self, review: GameReview | None, source: AnalysisSource | None
                      ) -> Callable[[], None] | None:
        """The Analyse button's action beside `review` of `source`'s game, if any."""
        if review is None or source is None:
            return None
        return lambda: self.open(source, lambda _: None)
