"""The guided first game for `--screenshots`: each step on the real table (its pieces
ringed, its box), the end of its game (the final round on the table, the box saying how
it ended), a wrong move refused, "You're ready", and each module's lesson."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from splendor.ui.main import Game

#: The steps shot, in order (ids of levels_data/tutorial.yaml).
TUTORIAL_STEPS = ("take_three", "take_two", "reserve", "buy", "bonus", "noble", "return",
                  "final_round")
#: The pictures, in order (see screenshots.PICTURES).
#: The modules whose lesson is shot.
LESSONS = ("cities", "trading-posts", "orient", "strongholds")
TUTORIAL_PICTURES = ("tutorial_offer", *(f"tutorial_{s}" for s in TUTORIAL_STEPS),
                     "tutorial_end", "tutorial_refused", "tutorial_ready",
                     *(f"lesson_{m.replace('-', '_')}" for m in LESSONS), "lesson_done")


def render_tutorial(game: Game, shot: Callable[[str], None]) -> None:
    """Shoot the offer of the very first start, each step as the menu's Learn to play
    opens it (progress in the throw-away home), a refused move at the first step and the
    end's "You're ready"."""
    from splendor.engine import parse_action
    from splendor.session.tutorial import TutorialSession
    from splendor.storage.tutorial_progress import forget_progress, save_progress
    from splendor.ui.scenes.tutorial import TutorialTableScene

    game.app.stack.replace(game.menu_scene())
    game.learning.offer_tutorial()
    shot("tutorial_offer")
    for step_id in TUTORIAL_STEPS:
        save_progress(step_id)
        game.learning.open_tutorial()
        table = game.app.stack.top
        assert isinstance(table, TutorialTableScene)
        table.update(0.0)
        shot(f"tutorial_{step_id}")
    # The last step's purchase, the coach's reply shown, and the game over on the table.
    assert isinstance(table, TutorialTableScene) and isinstance(game.session, TutorialSession)
    step = game.session.step
    assert step is not None
    table.play(step.expect[0])
    for _ in range(100):
        if table.ended:
            break
        table.update(0.1)
    assert table.ended, "the tutorial's game did not end"
    shot("tutorial_end")
    forget_progress()
    game.learning.open_tutorial()
    table = game.app.stack.top
    assert isinstance(table, TutorialTableScene) and isinstance(game.session, TutorialSession)
    table.play(parse_action("take white red black"))  # not what the first step asks
    table.update(0.0)
    shot("tutorial_refused")
    game.learning.tutorial_done()
    shot("tutorial_ready")
    forget_progress()
    for module in LESSONS:
        game.learning.open_lesson(module)
        table = game.app.stack.top
        assert isinstance(table, TutorialTableScene)
        table.update(0.0)
        shot(f"lesson_{module.replace('-', '_')}")
    game.learning.lesson_done(LESSONS[-1])
    shot("lesson_done")
