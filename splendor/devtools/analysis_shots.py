"""The expert's review for `--screenshots`: the Analyse panel's progress bar over the
results, the results with the chance curve and the summary, and the review at a marked
move (the move played and the expert's framed on the board)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from splendor.session.analysis import GameAnalysis
    from splendor.ui.main import Game
    from splendor.ui.scenes.results import ResultsScene

#: The pictures, in order (see screenshots.PICTURES).
ANALYSIS_PICTURES = ("analyse_progress", "results_analysed", "review_analysed")
#: The analyses made for the pictures, by game and budget: the same game drawn again (in
#: another language, at another size) is not judged again past the progress bar's
#: decisions (an analysis is the same wherever it is made).
_MADE: dict[tuple[str, int], GameAnalysis] = {}


def render_analysis(game: Game, results: ResultsScene, shot: Callable[[str], None]) -> None:
    """From the results on top: Analyse the person's moves, a few decisions in (the
    progress bar), to the end (the curve), then the review at the worst marked move."""
    from splendor.ui.scenes.analyse import DEPTHS, AnalyseScene
    from splendor.ui.scenes.review import ReviewScene

    app = game.app
    game.analysis.choice.budget = DEPTHS[0][1]  # the quickest depth: quick pictures
    game.analysis.choice.all_seats = False
    results.analyse.click()
    panel = app.stack.top
    assert isinstance(panel, AnalyseScene)
    panel.start()
    for _ in range(4):
        panel.update(0.0)  # four decisions judged (in this process for the pictures)
    shot("analyse_progress")
    from splendor.session.analysis_store import game_digest

    source = panel.source
    key = (game_digest(source.state), game.analysis.choice.budget)
    made = _MADE.get(key)
    if made is not None:
        panel.cancel()  # made already: kept and shown as the run's end would
        source.keep(made)
        source.show(made)
    while panel in app.stack.scenes:
        panel.update(0.0)
        if panel.job is not None and panel.job.error:  # the panel would wait for ever
            raise RuntimeError(f"the analysis for the pictures failed: {panel.job.error}")
    if made is None and source.shown is not None:
        _MADE[key] = source.shown
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
