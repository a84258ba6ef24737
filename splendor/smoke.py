"""`splendor --smoke`: prove, without a screen, that an installed or packaged game works.

Loads the data, builds and draws every scene, plays a short bot game through the real
table scene to its results, and prints what it did and how long start-up took. Files
are written only to a temporary SPLENDOR_HOME, never to the player's folders.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

#: Frames the table may take to finish its bot game before the smoke test gives up.
MAX_FRAMES = 20_000


def run_smoke(started: float, say: Callable[[str], None] = print) -> int:
    """Run the checks; `started` is when the program began (time.perf_counter)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    with tempfile.TemporaryDirectory(prefix="splendor-smoke-") as home:
        os.environ["SPLENDOR_HOME"] = home
        return _checks(started, Path(home), say)


def _checks(started: float, home: Path, say: Callable[[str], None]) -> int:
    from splendor.bots.profiles import shipped_profiles
    from splendor.gamedata import base_game
    from splendor.ui.app import App
    from splendor.ui.main import Game

    data = base_game()
    profiles = shipped_profiles()
    say(f"data: {len(data.cards)} cards, {len(data.nobles)} nobles, "
        f"{len(profiles)} bot profiles")
    app = App((1280, 720))
    game = Game(app)
    app.stack.push(game.menu_scene())
    app.render()
    say(f"start-up to the first menu frame: {time.perf_counter() - started:.2f} s")
    say(f"first menu frame at unix time {time.time():.3f}")  # read by benchmarks/startup.py

    from splendor.i18n import LANGUAGES, fallbacks
    from splendor.ui.screenshots import render_all

    pictures = render_all(home / "screens")
    say(f"scenes drawn: {', '.join(p.stem for p in pictures)}")
    # Every language's catalogs must have travelled into the build, whole.
    for code in LANGUAGES[1:]:
        render_all(home / "screens" / code, language=code)
    missing = sorted(fallbacks())
    if missing:
        raise SystemExit(f"smoke test failed: shown in English instead: {missing[:5]}")
    say(f"languages drawn: {', '.join(LANGUAGES)}")

    from splendor.session.seats import GameOptions, SeatOption
    from splendor.ui.scenes.results import ResultsScene

    app = App((1280, 720))
    game = Game(app)
    game.prefs.speed = 50.0  # bot moves still animate, only faster
    game.start(GameOptions((SeatOption("easy", "Easy bot"), SeatOption("medium", "Medium bot")),
                           first_player=0, seed=1))
    frames = 0
    while not isinstance(app.stack.top, ResultsScene) and frames < MAX_FRAMES:
        app.step(0.05)
        frames += 1
        time.sleep(0.0005)  # the bots decide in their own process
    if not isinstance(app.stack.top, ResultsScene):
        say(f"FAILED: the bot game did not reach the results within {MAX_FRAMES} frames")
        return 1
    info = app.stack.top.info
    winners = ", ".join(info["winners"])
    say(f"bot game through the table, bots in their own process: {info['turns']} turns, "
        f"{frames} frames, won by {winners}")
    app.render()
    game.close()
    app.close()
    say("smoke test passed")
    return 0
