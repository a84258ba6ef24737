"""The screens that play each game of the registry (`splendor.games`), looked up by the
game's class (the registry holds no pygame; nothing asks which game it has): the table,
the results, what the pause menu's Rules opens, and a notice to show before the first game
(Saba's: its card values are a reconstruction).

Splendor's table and results are wired by the window's flow (`splendor.ui.main.Game`,
with its decision overlays, the move history and the expert's review); Saba's are built
here from `splendor.ui.saba`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, cast

from splendor.games import Game, SabaGame, SplendorGame, find_game
from splendor.saba.data import saba_game
from splendor.saba.session import SabaSession
from splendor.session.review import review_seat
from splendor.ui.saba.data_note import edited_line, refusal_text, refusal_title
from splendor.ui.saba.notice import SabaNoticeScene
from splendor.ui.saba.results import SabaResultsScene
from splendor.ui.saba.table import SabaTableScene
from splendor.ui.scene import Scene
from splendor.ui.scenes.rules import RulesScene
from splendor.ui.scenes.table import TableScene

if TYPE_CHECKING:
    from splendor.ui.app import App
    from splendor.ui.settings_panel import Preferences


class Window(Protocol):
    """What the screens need of the window's flow (`splendor.ui.main.Game`)."""

    app: App
    prefs: Preferences

    def finish(self, session: Any) -> None: ...
    def pause(self) -> None: ...
    def to_menu(self) -> None: ...
    def play_again(self) -> None: ...
    def open_rules(self, module: str | None = None) -> None: ...
    def splendor_table(self, session: Any) -> Scene: ...
    def splendor_results(self, session: Any, record_text: str | None) -> None: ...


@dataclass(frozen=True)
class GameScreens:
    """One game's screens: `table` builds the table for a session, `results` shows the end
    (with the player's record in words, or None), `rules` opens what the pause menu's
    Rules shows, `notice` makes the notice shown before the game's first game (None:
    none); `assists`: whether the pause menu offers Splendor's assists (the table shows
    them). About the game's data, in the language in use ('' nothing to say): `data_note`
    a line for its New game screen (Saba: 'Card data: edited by you'), `data_refusal` the
    title and text telling, once, that the player's own data was refused."""

    table: Callable[[Window, Any], Scene]
    results: Callable[[Window, Any, str | None], None]
    rules: Callable[[Window, Any], None]
    notice: Callable[[Callable[[], None] | None], Scene] | None = None
    assists: bool = True
    data_note: Callable[[], str] | None = None
    data_refusal: Callable[[], tuple[str, str]] | None = None


def _saba_table(window: Window, session: SabaSession) -> Scene:
    return SabaTableScene(
        session,
        on_finished=window.finish,
        on_pause=window.pause,
        on_leave=window.to_menu,
        speed=window.prefs.speed,
        sounds=window.prefs.sounds,
    )


def _saba_edited() -> str:
    """'Card data: edited by you' while the player's copy of Saba's data is played."""
    return edited_line(saba_game())


def _saba_results(window: Window, session: SabaSession, record_text: str | None) -> None:
    you = review_seat([s.kind for s in session.options.seats])
    window.app.stack.push(
        SabaResultsScene(
            session.state.outcome(),
            session.view(you if you is not None else 0),
            you=you,
            on_menu=window.to_menu,
            on_play_again=window.play_again,
            record_text=record_text,
        )
    )


#: Each game's screens, by the game's class.
SCREENS: dict[type[Game], GameScreens] = {
    SplendorGame: GameScreens(
        table=lambda window, session: window.splendor_table(session),
        results=lambda window, session, text: window.splendor_results(session, text),
        rules=lambda window, session: window.open_rules(session.options.module),
    ),
    SabaGame: GameScreens(
        table=_saba_table,
        results=_saba_results,
        rules=lambda window, session: window.app.stack.push(RulesScene(game=SabaGame())),
        notice=lambda on_close: SabaNoticeScene(on_close, note=_saba_edited),
        assists=False,
        data_note=_saba_edited,
        data_refusal=lambda: (refusal_title(), refusal_text(saba_game())),
    ),
}

#: The table scenes of every game (a table is what the pause menu opens over).
TABLE_SCENES: tuple[type[Scene], ...] = (TableScene, SabaTableScene)


class TableLike(Protocol):
    """What the window's flow asks of any game's table scene."""

    session: Any
    speed: float

    def tell(self, words: Callable[[], str] | None) -> None: ...


def as_table(scene: Scene | None) -> TableLike | None:
    """`scene` as a table scene, or None when it is none."""
    return cast(TableLike, scene) if isinstance(scene, TABLE_SCENES) else None


def screens(game: Game) -> GameScreens:
    """The screens of `game` (KeyError: a game with no table yet)."""
    return SCREENS[type(game)]


def game_of_session(session: Any) -> Game:
    """The game a session plays (its options name it)."""
    return find_game(session.options.game)
