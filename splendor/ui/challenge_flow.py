"""Challenges in the game's flow: Menu → Challenges (the list and a challenge's card), a
challenge played on the real table with its goal shown, and its result with Retry,
Challenges and Menu.

A try's result is recorded once, when the challenge is decided: the best result with its
date goes to the statistics file (`session.challenges.record`). A challenge is never
autosaved: leaving it before it is decided (Escape, then Leave challenge, confirmed)
ends the try, which counts for nothing, and goes back to the list; closing the window
does the same. The game saved for Continue, if any, stays as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from splendor.i18n import tr
from splendor.session.challenge_data import Campaign, Challenge, load_campaign
from splendor.session.challenges import (
    ChallengeSession,
    ChapterEntry,
    Verdict,
    judge,
    overview,
    record,
    retry,
    start,
)
from splendor.session.table_session import TableSession
from splendor.storage.aside import FileProblem
from splendor.storage.atomic import StorageError
from splendor.storage.logfile import logger as log
from splendor.storage.stats import counts, save_stats
from splendor.ui.options import default_name, numbered_name
from splendor.ui.player_name import player_name
from splendor.ui.scene import Scene
from splendor.ui.scenes.challenge_result import ChallengeResultScene
from splendor.ui.scenes.challenge_table import ChallengeTableScene
from splendor.ui.scenes.challenges import ChallengesScene
from splendor.ui.scenes.confirm import ConfirmScene
from splendor.ui.scenes.pause import PauseScene
from splendor.ui.settings_panel import SettingsPanel

if TYPE_CHECKING:
    from splendor.ui.main import Game

#: The decision overlays of a table (`splendor.ui.main.decision_overlays`).
Overlays = Callable[[TableSession, Callable[[], ChallengeTableScene]],
                    dict[str, Callable[..., Scene]]]


class ChallengeFlow:
    """The challenges for `game`'s window (see the module docstring)."""

    def __init__(self, game: Game, overlays: Overlays) -> None:
        self.game = game
        self.overlays = overlays
        self._campaign: Campaign | None = None
        #: The session whose result was recorded last (recorded once only).
        self._recorded: ChallengeSession | None = None
        #: A statistics file found unusable while reading the bests, told once shown.
        self._problem: FileProblem | None = None

    @property
    def campaign(self) -> Campaign:
        """The challenges, read (and checked) when first needed."""
        if self._campaign is None:
            self._campaign = load_campaign(self.game.data)
        return self._campaign

    def chapters(self) -> Sequence[ChapterEntry]:
        """The campaign as the player finds it now (the bests read from the file)."""
        records, problem = self.game._stats()
        if problem is not None and self.game.owner:
            self._problem = problem
        return overview(self.campaign, records.challenges)

    def _tell_problem(self) -> None:
        """Say what became of a statistics file the bests could not be read from (over
        the screen just shown), as the game's other screens do."""
        problem, self._problem = self._problem, None
        if problem is not None:
            self.game.tell(problem)

    # ----------------------------------------------------------------- the list

    def open_list(self) -> None:
        """Menu → Challenges (Back returns to the menu)."""
        stack = self.game.app.stack

        def back() -> None:
            stack.pop()

        stack.push(ChallengesScene(self.chapters, on_play=self.play, on_back=back))
        self._tell_problem()

    def back_to_list(self, chosen: str | None = None) -> None:
        """End any game and show the menu with the list over it, `chosen` selected."""
        game = self.game
        game._close_game()
        game.app.stack.replace(game.menu_scene())

        def back() -> None:
            game.app.stack.pop()

        game.app.stack.push(ChallengesScene(self.chapters, on_play=self.play, on_back=back,
                                            chosen=chosen))
        self._tell_problem()

    # ----------------------------------------------------------------- playing

    def names(self, challenge: Challenge) -> list[str]:
        """The player's own name (splendor/ui/player_name.py) and the bots' names as the
        New game screen gives them."""
        names = [player_name(self.game.settings)]
        for i, level in enumerate(challenge.opponents, start=1):
            name = default_name(level, i)
            names.append(numbered_name(name, i + 1) if challenge.opponents.count(level) > 1
                         else name)
        return names

    def play(self, challenge: Challenge, seed: int | None = None) -> None:
        """Start `challenge` on a fresh table (`seed`: the deal of a challenge dealt
        afresh each try, for the pictures; else a new one)."""
        game = self.game
        game._close_game()
        self.show(start(game.data, challenge, game.bots(), self.names(challenge), seed))

    def show(self, session: ChallengeSession) -> None:
        """Show `session` on a fresh table (never autosaved: see the module docstring)."""
        game = self.game
        game.session = session
        table = ChallengeTableScene(
            session, on_finished=self.finish, on_pause=self.pause, on_leave=self.leave,
            on_history=lambda start: game.open_history(session, start),
            assists=game.prefs.assists, speed=game.prefs.speed, sounds=game.prefs.sounds,
            decision_overlays=self.overlays(session, lambda: table))
        game.app.stack.replace(table)

    def retry(self, session: ChallengeSession) -> None:
        """The same challenge again, from the same deal."""
        game = self.game
        game._close_game()
        self.show(retry(session, game.bots()))

    # ----------------------------------------------------------------- leaving

    def pause(self) -> None:
        """The pause menu of a challenge: settings, rules, Leave challenge (no Save)."""
        game = self.game
        table = game.app.stack.top
        assert isinstance(table, ChallengeTableScene)
        table.session.pause()

        def set_speed(factor: float) -> None:
            table.speed = factor

        panel = SettingsPanel(game.prefs, on_speed=set_speed, on_change=game.save_settings,
                              challenge=True)
        module = table.session.options.module
        game.app.stack.push(PauseScene(on_leave=self.confirm_leave, panel=panel,
                                       on_rules=lambda: game.open_rules(module),
                                       leave_key="challenge_screen.leave.button"))

    def confirm_leave(self) -> None:
        self.game.app.stack.push(ConfirmScene(
            lambda: tr("challenge_screen.leave.title"),
            lambda: tr("challenge_screen.leave.text"),
            lambda: tr("challenge_screen.leave.confirm"), self.leave))

    def leave(self) -> None:
        """End the try (it counts for nothing) and go back to the list."""
        session = self.game.session
        chosen = session.challenge.id if isinstance(session, ChallengeSession) else None
        self.back_to_list(chosen)

    # ----------------------------------------------------------------- the result

    def finish(self, session: TableSession) -> None:
        """Record the decided try (once) and show its result over the final table."""
        assert isinstance(session, ChallengeSession)
        verdict = judge(session)
        new_best, notice = False, ""
        if session is not self._recorded:
            self._recorded = session
            new_best, notice = self._record(verdict)
        entry = next(c for chapter in self.chapters() for c in chapter.challenges
                     if c.challenge.id == session.challenge.id)
        self.game.app.stack.push(ChallengeResultScene(
            entry, verdict, new_best and verdict.won,
            on_retry=lambda: self.retry(session),
            on_list=lambda: self.back_to_list(session.challenge.id),
            on_menu=self.game.to_menu, notice=(lambda: notice) if notice else None))
        self._tell_problem()

    def _record(self, verdict: Verdict) -> tuple[bool, str]:
        """Keep the try in the statistics file; whether it is a new best, and what went
        wrong keeping it ('' when nothing did)."""
        game = self.game
        if not game.owner:
            return False, tr("challenge_screen.result.not_counted")
        records, problem = game._stats()
        if problem is not None:
            self._problem = problem
        if not counts(problem):
            return False, tr("challenge_screen.result.file_problem")
        new_best = record(verdict, records.challenges)
        try:
            save_stats(records)
        except StorageError as exc:
            log().warning("challenge result not saved: %s", exc)
            return False, tr("challenge_screen.result.not_saved", detail=str(exc))
        return new_best, ""
