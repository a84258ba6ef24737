"""`splendor --smoke`: prove, without a screen, that an installed or packaged game works.

Loads the data, builds and draws every scene, plays a short bot game through the real
table scene to its results, then one in each Cities of Splendor module and one of Saba
on its own table (easy bots, the moves animated fast), and prints what each did and how
long start-up took. Files are written only to a temporary SPLENDOR_HOME, never to the
player's folders.

`--smoke --in-place` runs on the player's own folders (or $SPLENDOR_HOME) instead, so that
a player can check their files: it reports each file the game keeps (settings,
statistics, the autosave and its backup, every save) as read or not and why, then plays
its bot game the way a second window would, reading everything and writing nothing: the
autosave of a game in progress and every file the game cannot read stay exactly as they
were (it checks that they did). Only the game's own stale temporary files are removed,
as a start of the game would, and only when no game window is open on those folders.
"""

from __future__ import annotations

import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from splendor.ui.app import App
    from splendor.ui.main import Game

#: Frames the table may take to finish its bot game before the smoke test gives up.
MAX_FRAMES = 20_000
#: The bots of the module games: quick to decide, so the games stay short.
MODULE_BOTS = ("easy", "easy")


def run_smoke(started: float, say: Callable[[str], None] = print,
              in_place: bool = False) -> int:
    """Run the checks; `started` is when the program began (time.perf_counter).
    `in_place`: on the player's folders, without changing their files (see above)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if in_place:
        code = _in_place(started, say)
    else:
        with tempfile.TemporaryDirectory(prefix="splendor-smoke-") as home:
            os.environ["SPLENDOR_HOME"] = home
            code = _checks(started, Path(home), say)
    if code == 0:
        say("smoke test passed")
    return code


def _in_place(started: float, say: Callable[[str], None]) -> int:
    from splendor.storage import paths
    from splendor.storage.instance import claim_folders

    folders = sorted({paths.data_dir(), paths.config_dir()})
    say(f"checking your files in place: {', '.join(str(f) for f in folders)}")
    lock = claim_folders()
    try:
        if not lock.owner:
            say("another Splendor window is open on these files: nothing is cleaned")
        elif lock.removed:
            say(f"stale temporary files removed: {len(lock.removed)}")
        before = _fingerprints(folders)
        unusable = _report_files(say)
        with tempfile.TemporaryDirectory(prefix="splendor-smoke-") as pictures:
            code = _checks(started, Path(pictures), say, owner=False)
        changed = sorted(set(before.items()) ^ set(_fingerprints(folders).items()))
        if changed:
            say(f"FAILED: the check changed your files: {sorted({c[0] for c in changed})}")
            return 1
        say(f"your files were left as they were ({len(before)} files, {unusable} of them "
            "not readable by this version)")
        return code
    finally:
        lock.release()


def _fingerprints(folders: list[Path]) -> dict[str, tuple[int, int, int]]:
    """Every file under `folders` (but the lock files, which the check itself holds):
    size, modification time and inode, so that any change shows."""
    from splendor.storage.instance import LOCK_NAME, PRESENCE_NAME

    found: dict[str, tuple[int, int, int]] = {}
    for folder in folders:
        for root, _dirs, files in os.walk(folder):
            for name in files:
                if name in (LOCK_NAME, PRESENCE_NAME):
                    continue
                path = Path(root) / name
                try:
                    st = path.lstat()
                except OSError:
                    continue
                found[str(path)] = (st.st_size, st.st_mtime_ns, st.st_ino)
    return found


def _report_files(say: Callable[[str], None]) -> int:
    """Say whether the game can read each of the player's files; how many it cannot."""
    from splendor.gamedata import base_game
    from splendor.storage.atomic import StorageError
    from splendor.storage.saves import SaveError, list_saves, load_save
    from splendor.storage.settings import read_settings
    from splendor.storage.stats import read_stats

    unusable = 0
    for name, problem in (("settings", read_settings()[1]), ("statistics", read_stats()[1])):
        if problem is None:
            say(f"{name}: read")
            continue
        unusable += 1
        fate = ("left as it is and never written over" if problem.reason == "newer" else
                "the game moves it aside under a name that says so, and tells you where")
        say(f"{name}: cannot be used ({problem.detail}): {fate}")
    try:
        infos = list_saves()
    except StorageError as exc:
        say(f"saves: cannot be listed: {exc}")
        return unusable + 1
    data = base_game()
    for info in infos:
        error = info.error
        if error is None:
            try:
                load_save(info.path, data)  # what Continue and Load do: the game replayed
            except SaveError as exc:
                error = str(exc)
        if error is None:
            say(f"save {info.path.name}: read")
            continue
        unusable += 1
        say(f"save {info.path.name}: cannot be loaded ({error})")
    if not infos:
        say("saves: none")
    return unusable


def _checks(started: float, home: Path, say: Callable[[str], None], owner: bool = True
            ) -> int:
    from splendor.bots.profiles import shipped_profiles
    from splendor.gamedata import base_game
    from splendor.ui.app import App
    from splendor.ui.main import Game

    data = base_game()
    profiles = shipped_profiles()
    say(f"data: {len(data.cards)} cards, {len(data.nobles)} nobles, "
        f"{len(profiles)} bot profiles; Cities of Splendor: {len(data.cities)} cities, "
        f"{len(data.posts)} trading posts, {len(data.orient)} Orient cards")
    app = App((1280, 720))
    game = Game(app, owner=owner)
    app.stack.push(game.menu_scene())
    app.render()
    say(f"start-up to the first menu frame: {time.perf_counter() - started:.2f} s")
    say(f"first menu frame at unix time {time.time():.3f}")  # read by benchmarks/startup.py

    say(f"the expert's first move, through its learned policy: {_expert_move()}")

    from splendor.devtools.screenshots import render_all
    from splendor.i18n import LANGUAGES, fallbacks

    pictures = render_all(home / "screens")
    say(f"scenes drawn: {', '.join(p.stem for p in pictures)}")
    # Every language's catalogs must have travelled into the build, whole.
    for code in LANGUAGES[1:]:
        render_all(home / "screens" / code, language=code)
    missing = sorted(fallbacks())
    if missing:
        raise SystemExit(f"smoke test failed: shown in English instead: {missing[:5]}")
    say(f"languages drawn: {', '.join(LANGUAGES)}")

    from splendor.net.discovery import self_check

    say(f"discovery: {self_check()}")

    from splendor.engine.modules import module_ids

    app = App((1280, 720))
    game = Game(app, owner=owner)
    game.prefs.speed = 50.0  # bot moves still animate, only faster
    try:
        base = _table_game(app, game, (("easy", "Easy bot"), ("medium", "Medium bot")), None)
        if base is None:
            say(f"FAILED: the bot game did not reach the results within {MAX_FRAMES} frames")
            return 1
        say(f"bot game through the table, bots in their own process: {base}")
        # A game of each Cities of Splendor module, through the same table and bots.
        for module in module_ids():
            seats = tuple((kind, f"Bot {n}") for n, kind in enumerate(MODULE_BOTS, 1))
            played = _table_game(app, game, seats, module)
            if played is None:
                say(f"FAILED: the {module} bot game did not reach the results within "
                    f"{MAX_FRAMES} frames")
                return 1
            say(f"{module} bot game through the table: {played}")
        # Saba: its data, table and bots' process travel in the build too.
        saba = _table_game(app, game, (("easy", "Bot 1"), ("easy", "Bot 2")), None,
                           game_name="saba")
        if saba is None:
            say(f"FAILED: the Saba bot game did not reach the results within {MAX_FRAMES} "
                f"frames")
            return 1
        say(f"Saba bot game through its table, bots in their own process: {saba}")
        app.render()
    finally:
        game.close()
        app.close()
    return 0


def _expert_move() -> str:
    """The expert's first move of a base game: its learned policy's numpy and network
    (levels_data/policy_nets.yaml) must have travelled into the build."""
    import sys

    from splendor.bots.base import make_bot
    from splendor.engine import new_game, observe
    from splendor.gamedata import base_game

    state = new_game(base_game(), 2, 1)
    move = make_bot("expert", 1, budget=0.2).choose(observe(state, state.current))
    if "numpy" not in sys.modules:
        raise SystemExit("smoke test failed: the expert decided without its learned policy")
    return str(move)


def _table_game(app: App, game: Game, seats: tuple[tuple[str, str], ...],
                module: str | None, game_name: str = "splendor") -> str | None:
    """Play a bot game of `game_name` (with `module`, None: none) on `game`'s table to its
    results; what it came to in words, or None when it did not get there in MAX_FRAMES
    frames."""
    from splendor.session.seats import GameOptions, SeatOption
    from splendor.ui.saba.results import SabaResultsScene
    from splendor.ui.scenes.results import ResultsScene

    started = time.perf_counter()
    game.start(GameOptions(tuple(SeatOption(kind, name) for kind, name in seats),
                           first_player=0, seed=1, module=module, game=game_name))
    frames = 0
    results = (ResultsScene, SabaResultsScene)
    while not isinstance(app.stack.top, results) and frames < MAX_FRAMES:
        app.step(0.05)
        frames += 1
        time.sleep(0.0005)  # the bots decide in their own process
    top = app.stack.top
    took = f"{frames} frames, {time.perf_counter() - started:.1f} s"
    if isinstance(top, SabaResultsScene):
        return f"{took}: {top.title}"
    if not isinstance(top, ResultsScene):
        return None
    info = top.info
    winners = ", ".join(info["winners"]) or "no one"
    return f"{info['turns']} turns, {took}, won by {winners}"
