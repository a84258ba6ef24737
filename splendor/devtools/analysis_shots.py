"""The expert's review for `--screenshots`: the Analyse panel's progress bar over the
results, the results with the chance curve and the summary, and the review at a marked
move (the move played and the expert's framed on the board)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from splendor.ui.main import Game
    from splendor.ui.scenes.results import ResultsScene

#: The pictures, in order (see screenshots.PICTURES).
ANALYSIS_PICTURES = ("analyse_progress", "results_analysed", "review_analysed")


def render_analysis(game: Game, results: ResultsScene, shot: Callable[[str], None]) -> None:
    """From the results on top: Analyse the person's moves, a few decisions in (the
    progress bar), to the end (the curve), then the review at the worst marked move."""
    from splendor.ui.scenes.analyse import DEPTHS, AnalyseScene
    from splendor.ui.scenes.review import ReviewScene

    app = game.app
    game.analysis_choice.budget = DEPTHS[0][1]  # the quickest depth: quick pictures
    game.analysis_choice.all_seats = False
    results.analyse.click()
    panel = app.stack.top
    assert isinstance(panel, AnalyseScene)
    panel.start()
    for _ in range(9):
        panel.update(0.0)  # the decisions are judged in this process for the pictures
    shot("analyse_progress")
    while panel in app.stack.scenes:
        panel.update(0.0)
    results.update(0.0)
    shot("results_analysed")
    shown = results.analysis.shown if results.analysis is not None else None
    assert shown is not None
    worst = max(shown.marked(), key=lambda m: m.drop, default=None) or shown.moves[-1]
    assert results.on_review_move is not None
    results.on_review_move(worst.index + 1)
    review = app.stack.top
    assert isinstance(review, ReviewScene)
    review.update(0.0)
    shot("review_analysed")
    app.stack.pop()
