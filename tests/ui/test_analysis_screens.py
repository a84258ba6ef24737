"""The expert's review on screen, driven by posted events: Analyse from the results (a
progress bar, then the curve and the summary), Cancel (nothing kept), a second look at
once from the kept analysis, the review's curve (a dot goes to its move) and a marked
move's played and expert moves with the reason, and Analyse on the Load screen."""

from __future__ import annotations

import functools
import json
import time

import pygame
import pytest

from splendor.session.analysis import SeatSummary
from splendor.session.analysis_store import FIELD, VERSION, kept_analysis
from splendor.session.bot_process import BotProcess
from splendor.storage import paths
from splendor.ui.analysis_words import label_name, played_words, summary_line, threat
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.scenes.analyse import AnalyseScene
from splendor.ui.scenes.load_game import LoadGameScene
from splendor.ui.scenes.message import MessageScene
from splendor.ui.scenes.results import ResultsScene
from splendor.ui.scenes.review import ReviewScene
from splendor.ui.wording import hint_why
from tests.ui.test_results_review import click, finished_against_a_bot, frame

#: Simulations per decision in these tests: quick, and still finds the greedy's slips.
BUDGET = 8


def _finished(app: App) -> tuple[Game, ResultsScene]:
    game, _, results = finished_against_a_bot(app)
    game.analysis.choice.budget = BUDGET
    app.render()
    return game, results


def _open_panel(app: App, results: ResultsScene) -> AnalyseScene:
    click(app, results.analyse.rect.center)
    panel = app.stack.top
    assert isinstance(panel, AnalyseScene)
    app.render()  # the panel lays out its places
    return panel


def _analyse_all(app: App, results: ResultsScene) -> None:
    """Analyse from the results, every seat, to the end."""
    panel = _open_panel(app, results)
    click(app, next(r for a, r in panel._seat_spots if a).center)  # All players
    click(app, panel._start.center)
    for _ in range(2000):
        if panel not in app.stack.scenes:
            return
        frame(app)
    raise AssertionError("the analysis never ended")


def _autosave_document() -> dict[str, object]:
    document = json.loads(paths.autosave_path().read_text(encoding="utf-8"))
    assert isinstance(document, dict)
    return document


def test_analyse_from_the_results_shows_progress_then_the_curve_and_the_summary(app: App
                                                                                ) -> None:
    game, results = _finished(app)
    assert results.analysis is not None and results.analysis.shown is None
    assert results.summary_lines == []
    panel = _open_panel(app, results)
    assert "decisions to judge" in panel.status
    click(app, panel._start.center)
    seen = []
    while panel in app.stack.scenes:
        seen.append((panel.job.done if panel.job else 0, panel.status))
        assert panel.busy or panel not in app.stack.scenes, "it redraws while it runs"
        frame(app)
    done, status = seen[len(seen) // 2]
    assert done > 0 and f"{done} of " in status and "decisions judged" in status
    assert app.stack.top is results
    shown = results.analysis.shown
    assert shown is not None and shown.seats == (0,), "my moves: Ada's"
    [line] = results.summary_lines
    assert line == summary_line(shown.summary(0), "Ada") and line.startswith("Ada: ")
    assert results._chance is not None, "the curve under the points chart"
    app.render()
    # Kept in the autosave, which is this game: the next look costs nothing.
    kept, problem = kept_analysis(paths.autosave_path(), game.session.state, BUDGET)
    assert problem is None and kept == shown


def test_cancel_stops_the_analysis_and_keeps_nothing(app: App) -> None:
    _, results = _finished(app)
    before = paths.autosave_path().read_bytes()
    panel = _open_panel(app, results)
    click(app, panel._start.center)
    for _ in range(6):
        frame(app)
    job = panel.job
    assert job is not None and 0 < job.done < job.total
    app.render()
    click(app, panel._cancel.center)
    assert panel not in app.stack.scenes and app.stack.top is results
    assert job.cancelled and job.result is None
    for _ in range(5):
        frame(app)
    assert job.done < job.total, "nothing judged after Cancel"
    assert results.analysis is not None and results.analysis.shown is None
    assert results.analysis.kept(results.analysis.people, BUDGET) is None
    assert paths.autosave_path().read_bytes() == before
    assert FIELD not in _autosave_document()


def test_a_second_open_is_instant_from_the_kept_analysis(app: App) -> None:
    game, results = _finished(app)
    _analyse_all(app, results)
    shown = results.analysis.shown if results.analysis is not None else None
    assert shown is not None and shown.seats == (0, 1)
    panel = _open_panel(app, results)
    assert panel.kept and panel.status == "Already analysed: shown at once."
    click(app, panel._start.center)  # "Show"
    assert panel not in app.stack.scenes, "shown in the same frame"
    assert panel.job is not None and panel.job.total == 0, "nothing judged again"
    # Another window: the results' game read from the autosave keeps it too.
    game.close()
    other = Game(app)
    other.analysis.choice.budget = BUDGET
    other.analysis.choice.all_seats = True
    app.stack.replace(other.menu_scene())
    other.analysis.analyse_save(paths.autosave_path())
    review = app.stack.top
    assert isinstance(review, ReviewScene), "the review at once, no panel"
    assert review.analysis is not None and review.analysis.shown == shown


def analysed_review(app: App) -> ReviewScene:
    """Ada's game against Gus, every seat analysed, its review open."""
    _, results = _finished(app)
    _analyse_all(app, results)
    click(app, results.review.rect.center)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    frame(app)
    app.render()
    return review


def test_a_dot_on_the_review_curve_goes_to_its_move_which_shows_both_moves(app: App
                                                                         ) -> None:
    review = analysed_review(app)
    chart = review._chart
    assert chart is not None and chart.dots, "the marked moves' dots"
    move, center = max(chart.dots, key=lambda d: d[0].drop)
    click(app, center)
    assert review.position == move.index + 1
    assert review.judged == move and move.label
    # The board as it was when the move was chosen, the two moves framed and named.
    assert review.board_moves == move.index
    assert [f.tag for f in review.frames] == ["Played", "Expert"][:len(review.frames)]
    assert review.frames, "at least one of the moves shows on the board"
    lines = review.move_lines
    names = review.review.names
    data = review.review.data
    # The mark and the chances; the move played in the past tense, by whoever made it
    # (Ada, the one person, is spoken to); the expert's; why, the reason speaking to Ada
    # of her own move and naming Gus for his (what Ada could then do said to her).
    assert review.review.seat == 0
    assert lines[0].startswith(f"{label_name(move.label)}: ") and " → " in lines[0]
    assert lines[1] == played_words(move.played, data, None if move.seat == 0 else "Gus")
    assert lines[1].startswith("You " if move.seat == 0 else "Gus ")
    assert lines[2].startswith("Expert: ")
    why = threat(move, names, data, 0) or hint_why(
        move.reason, names, data, None if move.seat == 0 else names[move.seat], 0)
    assert lines[3].startswith(f"Why: {why}")
    assert not any(line.startswith("Played: ") for line in lines), "no order to play it"
    app.render()
    # Each seat's marked moves: Ada's as her hints say them, Gus's said of him.
    said = {}
    for seat, player in ((0, None), (1, "Gus")):
        theirs = [m for m, _ in chart.dots if m.seat == seat]
        assert theirs, f"seat {seat} has a marked move"
        for marked in theirs:
            review.go(marked.index + 1)
            said[marked.index] = review.move_lines
            why = threat(marked, names, data, 0) \
                or hint_why(marked.reason, names, data, player, 0)
            assert said[marked.index][3].startswith(f"Why: {why}")
    gus = [said[m.index] for m, _ in chart.dots if m.seat == 1]
    assert all(lines[1].startswith("Gus ") for lines in gus), "named in his own moves"
    assert not any("Ada" in line for lines in gus for line in lines), \
        f"Ada, the one looking, is spoken to: {gus}"
    # Elsewhere on the curve: the nearest move, drawn as usual.
    click(app, (chart.plot.x + 1, chart.plot.centery))
    assert review.position <= 2 and review.frames == []


def test_analyse_on_the_load_screen_opens_the_review_of_a_finished_game(app: App) -> None:
    game, _ = _finished(app)
    game.close()
    menu = Game(app)
    menu.analysis.choice.budget = BUDGET
    app.stack.replace(menu.menu_scene())
    menu.open_load()
    screen = app.stack.top
    assert isinstance(screen, LoadGameScene)
    app.render()
    spots = [rect for rect, action in screen.spots
             if isinstance(action, functools.partial) and action.func == menu.analysis.analyse_save]
    assert len(spots) == 1, "Analyse on the finished game only"
    click(app, spots[0].center)
    panel = app.stack.top
    assert isinstance(panel, AnalyseScene)
    app.render()
    click(app, panel._start.center)
    for _ in range(2000):
        if isinstance(app.stack.top, ReviewScene):
            break
        frame(app)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    assert review.analysis is not None and review.analysis.shown is not None
    frame(app)
    assert review._chart is not None
    kept, _ = kept_analysis(paths.autosave_path(), review.analysis.state, BUDGET)
    assert kept == review.analysis.shown
    pygame.event.clear()


def _analyse_autosave_with(app: App, field: object) -> tuple[Game, AnalyseScene]:
    """A finished game's autosave whose kept analysis is `field`, opened from another
    window as the Load screen does: the Analyse panel, ready to start."""
    game, _ = _finished(app)
    game.close()
    document = _autosave_document()
    document[FIELD] = field
    paths.autosave_path().write_text(json.dumps(document), encoding="utf-8")
    other = Game(app)
    other.analysis.choice.budget = BUDGET
    app.stack.replace(other.menu_scene())
    other.analysis.analyse_save(paths.autosave_path())
    panel = app.stack.top
    assert isinstance(panel, AnalyseScene)
    app.render()
    return other, panel


def _run_to_the_end(app: App, panel: AnalyseScene) -> None:
    click(app, panel._start.center)
    for _ in range(2000):
        if panel not in app.stack.scenes:
            return
        frame(app)
    raise AssertionError("the analysis never ended")


def test_a_damaged_kept_analysis_is_said_then_made_again_over_it(app: App) -> None:
    _, panel = _analyse_autosave_with(app, {"version": VERSION, "by_budget": "???"})
    assert "decisions to judge" in panel.status
    assert "could not be read: it is made again" in panel.status
    assert "autosave" in panel.status, "the file is named"
    _run_to_the_end(app, panel)
    review = app.stack.top
    assert isinstance(review, ReviewScene), "nothing more to say: it was made again"
    assert review.analysis is not None
    kept, problem = kept_analysis(paths.autosave_path(), review.analysis.state, BUDGET)
    assert problem is None and kept == review.analysis.shown
    pygame.event.clear()


def test_an_analysis_the_file_cannot_take_is_shown_and_said_not_kept(app: App) -> None:
    newer = {"version": 99, "game": "someone else's", "by_budget": {}}
    _, panel = _analyse_autosave_with(app, newer)
    assert "could not be read" not in panel.status, "a newer version's field is not damage"
    _run_to_the_end(app, panel)
    message = app.stack.top
    assert isinstance(message, MessageScene), "said over the review"
    review = app.stack.scenes[-2]
    assert isinstance(review, ReviewScene) and review.analysis is not None
    assert review.analysis.shown is not None, "shown all the same"
    assert "newer version" in message.message and "autosave" in message.message
    assert _autosave_document()[FIELD] == newer, "left as it is"
    pygame.event.clear()


def test_the_summary_line_words() -> None:
    """The marks, the chance given away a move on average (a tenth under 10%, in the
    language's way of writing it) and the best stretch."""
    summary = SeatSummary(0, 30, {"blunder": 1, "mistake": 3, "inaccuracy": 0}, 0.02, (8, 14))
    assert summary_line(summary, "Ada") == "Ada: 1 blunder and 3 mistakes; gave away 2% " \
        "a move on average; best stretch: rounds 8–14"
    clean = SeatSummary(1, 20, {"blunder": 0, "mistake": 0, "inaccuracy": 0}, 0.0, (1, 20))
    assert summary_line(clean, "Bo") == \
        "Bo: no marked move; gave away 0% a move on average; best stretch: rounds 1–20"
    one = SeatSummary(1, 3, {"blunder": 0, "mistake": 0, "inaccuracy": 2}, 0.1, (4, 4))
    assert summary_line(one, "Bo") == \
        "Bo: 2 inaccuracies; gave away 10% a move on average; best stretch: round 4"
    none = SeatSummary(1, 2, {"blunder": 2, "mistake": 0, "inaccuracy": 0}, 0.0342, None)
    assert summary_line(none, "Bo") == \
        "Bo: 2 blunders; gave away 3.4% a move on average; no clean stretch"
    from splendor import i18n

    i18n.set_language("fr")
    assert summary_line(summary, "Ada") == "Ada : 1 gaffe et 3 erreurs ; en moyenne, " \
        "2\u00a0% de chance perdue par coup ; meilleure série : manches 8 à 14"
    assert "3,4\u00a0%" in summary_line(none, "Bo")
    i18n.set_language("es")
    assert "de media, 3,4\u00a0% de probabilidad perdida por jugada" in summary_line(none, "Bo")
    i18n.set_language("pt")
    assert "em média, 3,4% de chance perdida por jogada" in summary_line(none, "Bo")


@pytest.mark.bot_process
def test_the_analysis_runs_in_the_bots_process_and_the_window_never_waits(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    game, results = _finished(app)
    bots = game.bots()
    assert isinstance(bots, BotProcess)

    def not_here(*args: object) -> None:
        raise AssertionError("a decision was judged in the window's process")

    monkeypatch.setattr("splendor.session.judge.judge", not_here)
    panel = _open_panel(app, results)
    click(app, panel._start.center)
    waiting_frames = 0
    deadline = time.monotonic() + 120
    while panel in app.stack.scenes:
        assert time.monotonic() < deadline, "the analysis never ended"
        frame(app)
        # The frame came back while the child was still judging: nothing waited for it.
        waiting_frames += panel in app.stack.scenes and bots.busy
        time.sleep(0.005)
    assert waiting_frames > 0
    assert results.analysis is not None and results.analysis.shown is not None
    game.close()
