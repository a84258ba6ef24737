"""The table lays itself out on entering, on a resize and on a change of language (the game
resizes every scene), and when what it shows changes (a token picked, a move, a bot's
failure), on the event or the frame's update that changed it, never while drawing: a draw
at another size, a language changed behind its back or frames where nothing happens leave
its places and words as they were. The same for the tutorial's box and a challenge's goal
strip. Driven by posted events."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from splendor import i18n
from splendor.devtools.challenge_shots import play_to_decided
from splendor.engine import Take
from splendor.i18n import tr
from splendor.session.challenges import ChallengeSession
from splendor.session.game import Session
from splendor.session.review import review_seat
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.scenes import challenge_table
from splendor.ui.scenes import table as table_module
from splendor.ui.scenes.challenge_result import ChallengeResultScene
from splendor.ui.scenes.challenge_table import ChallengeTableScene
from splendor.ui.scenes.table import TableScene
from splendor.ui.scenes.tutorial import TutorialTableScene
from splendor.ui.wording import describe_entry, log_line
from tests.ui.challenge_helpers import open_challenges, play_from_list
from tests.ui.drawn import drawn_texts
from tests.ui.gestures import click, frame
from tests.ui.table.test_table_play import button, run_until, start_game
from tests.ui.test_bot_failure import WrongBots, offer
from tests.ui.test_bot_failure import start as start_failing
from tests.ui.test_overlay_layout import _untouched_by_drawing
from tests.ui.test_pause_save_layout import _resize
from tests.ui.test_tutorial import start as start_tutorial
from tests.ui.test_tutorial import wrong_move

SMALL = (1024, 600)
SEATS = [("human", "Ada"), ("greedy", "Gus")]


def _calls(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> list[object]:
    """The calls of `owner.name` from now on (a module's function or a class's method)."""
    calls: list[object] = []
    real = getattr(owner, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)
    return calls


def _worded(session: Session) -> list[str]:
    """The game's log as the table words it, in the language in use."""
    names = session.options.names
    you = review_seat([seat.kind for seat in session.options.seats])
    return [log_line(entry.round, text) for entry in session.log
            for text in describe_entry(names[entry.seat], entry, session.data, names, you)]


def _panel(table: TableScene) -> tuple[object, ...]:
    """What the panel shows where: its words and its buttons."""
    assert table.panel is not None
    return (tuple(getattr(item, "text", None) for item in table.panel.items),
            tuple((b.key, b.label, tuple(b.rect), b.enabled) for b in table.panel.buttons))


def _placed(table: TableScene) -> tuple[object, ...]:
    """What the table's layout decides: the table's places (the very objects: nothing laid
    out again), the panel, the log as worded and its rows."""
    return (id(table.layout), id(table.panel), _panel(table), tuple(table._log_text),
            table._log_rows)


def _my_turn_after_a_move(app: App) -> tuple[Game, Session, TableScene]:
    """Ada has taken three tokens and Gus has answered: her turn, a log of two lines."""
    game, session, table = start_game(app, SEATS, seed=5)
    take = next(a for a in table.view().legal_actions
                if isinstance(a, Take) and len(a.colors) == 3)
    assert table.layout is not None
    for color in take.colors:
        click(app, table.layout.bank[color].center)
    click(app, button(table, "confirm"))
    run_until(app, lambda: len(session.log) == 2 and table.acting(), "Gus's answer")
    frame(app)
    return game, session, table


@pytest.fixture
def panels(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Each time the action panel is laid out."""
    return _calls(monkeypatch, table_module, "layout_panel")


def test_drawing_an_unannounced_language_and_idle_frames_lay_nothing_out(
        app: App, panels: list[object], monkeypatch: pytest.MonkeyPatch) -> None:
    _, session, table = _my_turn_after_a_move(app)
    tables = _calls(monkeypatch, table_module, "compute_layout")
    panels.clear()
    english = _placed(table)
    assert list(table._log_text) == _worded(session) and len(table._log_text) == 2
    _untouched_by_drawing(app, panels, table, lambda: _placed(table))
    i18n.set_language("fr")  # behind the table's back: its words stay as laid out
    for _ in range(5):
        frame(app)
    i18n.set_language("en")
    assert panels == [] and tables == []
    assert _placed(table) == english


def test_a_resize_and_a_change_of_language_lay_the_table_out_in_that_language(
        app: App, panels: list[object], monkeypatch: pytest.MonkeyPatch) -> None:
    game, session, table = _my_turn_after_a_move(app)
    tables = _calls(monkeypatch, table_module, "compute_layout")
    panels.clear()
    english = _panel(table)
    _resize(app, SMALL)
    assert table.layout is not None and table.layout.size == SMALL
    assert len(tables) == 1 and len(panels) == 1
    small = _placed(table)
    assert small[2] != english, "the panel placed for the smaller window"
    app.render()
    frame(app)
    assert len(tables) == 1 and len(panels) == 1 and _placed(table) == small
    game.change_language("fr")
    assert len(tables) == 2 and len(panels) == 2
    texts = _panel(table)[0]
    assert tr("table.panel.your_turn") in texts and "It is your turn" not in " ".join(
        t for t in texts if t)
    assert list(table._log_text) == _worded(session)
    assert table._log_text[0] != small[3][0], "the log worded again in French"
    french = _placed(table)
    for _ in range(5):
        frame(app)
    assert len(panels) == 2 and _placed(table) == french


def test_a_token_picked_lays_the_panel_out_once_and_the_buttons_answer_where_drawn(
        app: App, panels: list[object]) -> None:
    game, session, table = _my_turn_after_a_move(app)
    _resize(app, SMALL)
    game.change_language("fr")
    assert table.layout is not None
    take = next(a for a in table.view().legal_actions
                if isinstance(a, Take) and len(a.colors) == 3)
    for n, color in enumerate(take.colors, start=1):
        count = len(panels)
        click(app, table.layout.bank[color].center)
        assert len(table.ui.pending) == n
        assert len(panels) == count + 1, "each token picked lays the panel out once"
    count = len(panels)
    frame(app)
    assert len(panels) == count
    confirm = next(b for b in table.buttons if b.key == "confirm")
    assert confirm.label == tr("table.button.confirm")
    assert pygame.Rect((0, 0), SMALL).contains(confirm.rect)
    click(app, confirm.rect.center)
    assert session.log[2].action == take, "the move played where its button is drawn"


def test_a_bots_failure_is_told_once_and_in_the_language_chosen(app: App) -> None:
    game = Game(app, bots=WrongBots)
    table = start_failing(app, game)
    offer(app)
    notice = table.ui.notice
    assert notice == tr("table.bot_failed", name="Hal")
    panel = table.panel
    i18n.set_language("fr")  # behind the table's back: not worded again each frame
    for _ in range(3):
        app.step(0.05)
    assert table.ui.notice == notice and table.panel is panel
    i18n.set_language("en")
    game.change_language("fr")
    assert table.ui.notice == tr("table.bot_failed", name="Hal") != notice
    assert table.panel is not panel


# ------------------------------------------------------------------ the tutorial's box


def _box(table: TutorialTableScene) -> tuple[object, ...]:
    return (tuple(table.box), tuple(table.text_rect), tuple(table.skip_rect),
            tuple(table.leave_rect), tuple(tuple(r) for r in table.rings))


def test_the_tutorial_box_lays_out_on_language_and_refusal_never_while_drawing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = App(SMALL)
    app.running = True
    pygame.event.clear()
    boxes = _calls(monkeypatch, TutorialTableScene, "_place_inside")
    game, session, table = start_tutorial(app)
    assert boxes, "laid out on enter"
    boxes.clear()
    before = _box(table)
    _untouched_by_drawing(app, boxes, table, lambda: _box(table))
    i18n.set_language("fr")
    frame(app)
    i18n.set_language("en")
    assert boxes == [] and _box(table) == before
    game.change_language("fr")
    assert len(boxes) == 1
    french = _box(table)
    frame(app)
    assert len(boxes) == 1 and _box(table) == french
    # A move the step does not ask for: refused, the box grows for the reason, once.
    action = wrong_move(session)
    assert isinstance(action, Take), action
    assert table.layout is not None
    for color in action.colors:
        click(app, table.layout.bank[color].center)
    assert len(boxes) == 1, "tokens picked: the step's box stays"
    click(app, button(table, "confirm"))
    assert session.refused is not None and len(boxes) == 2
    # Laid out again with room for the reason (it may move where it is wider, so not
    # necessarily taller).
    assert table._refusal_text() and _box(table) != french
    assert table.box.h >= table._sized(table.box.w).h
    frame(app)
    assert len(boxes) == 2
    # Skip, laid out in French with the reason, answers where it is drawn.
    assert table.box.contains(table.skip_rect)
    click(app, table.skip_rect.center)
    assert app.stack.top is not table, "the tutorial skipped"
    game.close()


# ------------------------------------------------------------------ a challenge's strip


def _first_challenge() -> tuple[App, Game, ChallengeSession, ChallengeTableScene]:
    """A small window at the first challenge's table, chosen from the list."""
    app = App(SMALL)
    app.running = True
    pygame.event.clear()
    game, listing = open_challenges(app)
    session, table = play_from_list(app, game, listing, "first_win")
    return app, game, session, table


def test_the_goal_strip_lays_out_on_resize_and_language_never_on_a_frame(
        monkeypatch: pytest.MonkeyPatch) -> None:
    strips = _calls(monkeypatch, challenge_table, "strip_parts")
    app, game, _, table = _first_challenge()
    assert strips, "laid out on enter"
    strips.clear()
    text, rect = table.strip_text, tuple(table.strip)
    assert text.startswith(tr("challenge_screen.strip.label"))
    _untouched_by_drawing(app, strips, table, lambda: (table.strip_text, tuple(table.strip)))
    i18n.set_language("fr")
    frame(app)
    i18n.set_language("en")
    assert strips == [] and (table.strip_text, tuple(table.strip)) == (text, rect)
    game.change_language("fr")
    assert len(strips) == 1
    assert table.strip_text.startswith(tr("challenge_screen.strip.label")) and \
        table.strip_text != text
    _resize(app, (1920, 1080))
    assert len(strips) == 2 and table.strip.right > rect[0] + rect[2]
    frame(app)
    assert len(strips) == 2
    game.close()


def test_the_moves_that_end_a_challenge_are_in_the_log_under_its_result(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app, game, session, table = _first_challenge()
    play_to_decided(session, "hard")  # played on behind the table's back, to the end
    frame(app)
    assert isinstance(app.stack.top, ChallengeResultScene), "the result over the table"
    assert table._log_text == _worded(session)
    last = " ".join(table._log_text[-1].split())  # drawn in rows, spaces as one
    drawn = drawn_texts(monkeypatch, app)
    assert any(len(text) > 10 and last.startswith(text) for text in drawn), \
        f"the last move shown: {last!r} (drawn: {drawn})"
    game.close()
