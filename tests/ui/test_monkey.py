"""The monkey: seeded random mouse, key, text, resize and quit events over every scene.

The real program is run, start-up to close: `splendor.ui.main.run()` with an `App` whose
frame loop, instead of waiting for a person, posts random events (as SDL would deliver
them, `event.pos` included) and steps frames. Bots decide in this process when the
session polls them (tests/conftest.py), the expert with a fixed number of simulations,
and every new deal's seed comes from the monkey's (`splendor.session.seeds`), so a seed
replays the same session, in any process, up to its first online scene: a hosted table's
server and the list of tables run on their own threads, so what a lobby shows, and when,
depends on timing. A quit event ends a session through `run()`'s own close
path, and the program is started again on the same folders.

Checked throughout: no exception escapes; after every move (human or bot) the engine's
invariants hold; every autosave written on closing mid-game loads with `load_save` and
holds exactly the game as it stood.

The events are biased so that real games get played: a third of the gestures click or
drag on something the top scene drew (its buttons, piles, cards, rows: every
`pygame.Rect` it holds), and some sessions start from an autosave where a human must
return tokens or choose a noble (opened as its player does: Continue, then past the pass
screen), or with two humans at the table. `Coverage` counts the scenes reached and the
moves made; each run prints it (`pytest -s`), and the CI run asserts that every scene
was reached and that games were played to the end.
"""

from __future__ import annotations

import logging
import os
import random
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from splendor.bots import make_bot
from splendor.engine import Buy, GameState, Phase, new_game, observe
from splendor.gamedata import base_game
from splendor.session import bot_process, seeds
from splendor.session.game import Session
from splendor.session.tutorial import TutorialSession
from splendor.storage import paths
from splendor.storage.logfile import LOGGER_NAME
from splendor.storage.saves import load_save, save_document, write_autosave
from splendor.storage.settings import Settings, save_settings
from splendor.ui import main as ui_main
from splendor.ui import sound
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.scenes.tutorial import TutorialTableScene
from tests.invariants import check_invariants

#: Game time per frame (20 frames a second of game time).
DT = 0.05
CI_SEEDS = range(5)
CI_EVENTS_PER_SEED = 7_000  # 35,000 events in all (Saba shares them)
SLOW_SEEDS = range(100, 120)
SLOW_EVENTS_PER_SEED = 10_000  # 200,000 events in all
#: Every scene a session can reach; the CI run must reach them all.
ALL_SCENES = frozenset({
    "MenuScene", "NewGameScene", "TableScene", "TokenReturnScene", "NobleChoiceScene",
    "PassScreenScene", "PauseScene", "SaveAsScene", "LoadGameScene", "SettingsScene",
    "StatisticsScene", "RulesScene", "ResultsScene", "ConfirmScene", "MessageScene",
    "ChallengesScene", "ChallengeTableScene", "SabaTableScene",
})
#: Seats of the first new game of a session (the new-game screen's defaults).
LINEUPS = (
    ({"kind": "human", "name": "Ada"}, {"kind": "medium", "name": "Medium bot"}),
    ({"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"},
     {"kind": "easy", "name": "Easy bot"}),
    ({"kind": "easy", "name": "Easy bot"}, {"kind": "hard", "name": "Hard bot"}),
    ({"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bob"},
     {"kind": "human", "name": "Cy"}, {"kind": "hard", "name": "Hard bot"}),
)
#: Window sizes the monkey resizes to: supported (1024x600 to 7680x4320, the range of
#: --size, kept to what a test can draw quickly), below the minimum, and degenerate.
SIZES_WITHIN = ((1024, 600), (1280, 720), (1366, 768), (1600, 900), (1920, 1080),
                (1100, 1000), (2560, 1080))
SIZES_OUTSIDE = ((1023, 599), (800, 600), (640, 480), (300, 200), (1, 1), (0, 0),
                 (4000, 500), (600, 2000))
#: Sizes that take long to draw: the largest supported and beyond it (the window has no
#: upper bound today). The monkey stays there only a few frames.
SIZES_HUGE = ((7680, 4320), (9000, 5000))
KEYS = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_BACKSPACE, pygame.K_TAB,
        pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_SPACE,
        pygame.K_DELETE, pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
        pygame.K_F1, pygame.K_LSHIFT)
#: What the monkey types: letters, digits, accents, symbols, emoji, CJK, right-to-left,
#: combining marks (SDL delivers UTF-8 text, so never a NUL or a lone surrogate).
ALPHABET = ("abcdefghijklmnopqrstuvwxyzABCXYZ0123456789 -_.,;:!?'\"/\\<>|*%$#@&()[]{}"
            "éèçãõñüÅßøœ" "★◇●▲♥■" "😀🎲👍🏽" "漢字かな" "עברית" "العربية" "e\u0301" "\u200b")


def _mod(ctrl: bool = False, shift: bool = False) -> int:
    return (pygame.KMOD_LCTRL if ctrl else 0) | (pygame.KMOD_LSHIFT if shift else 0)


@dataclass
class Coverage:
    """What a run reached: scenes on top, moves made, games ended, sessions closed."""

    events: int = 0
    frames: int = 0
    scenes: Counter[str] = field(default_factory=Counter)
    human_moves: int = 0
    bot_moves: int = 0
    games_over: int = 0
    sessions: int = 0
    autosaves_checked: int = 0

    def __str__(self) -> str:
        scenes = ", ".join(f"{name} {n}" for name, n in sorted(self.scenes.items()))
        return (f"{self.events:,} events, {self.frames:,} frames, {self.sessions} sessions, "
                f"{self.human_moves:,} human and {self.bot_moves:,} bot moves, "
                f"{self.games_over} games over, {self.autosaves_checked} close-path "
                f"autosaves loaded; frames per top scene: {scenes}")


# ------------------------------------------------------------------ hit targets

#: Attributes not followed when looking for what a scene drew (the game itself, the app;
#: the table layout's parts of the player's area and its dock for decisions, inside the
#: `my_area` and `action_panel` already there: followed, they would thin out the clicks
#: that move a game on).
_SKIP = frozenset({"app", "session", "data", "state", "on_finished", "overlays", "area",
                   "dock"})


def hit_targets(scene: object) -> list[tuple[str, pygame.Rect]]:
    """Every non-empty `pygame.Rect` the scene holds (buttons, piles, cards, fields, its
    layout), with the attribute path that led to it."""
    found: list[tuple[str, pygame.Rect]] = []
    seen: set[int] = set()

    def walk(obj: object, path: str, depth: int) -> None:
        if isinstance(obj, pygame.Rect):
            if obj.w > 2 and obj.h > 2:
                found.append((path, obj))
            return
        if depth > 4 or id(obj) in seen:
            return
        seen.add(id(obj))
        if isinstance(obj, dict):
            for k, v in obj.items():
                walk(v, f"{path}.{k}", depth + 1)
        elif isinstance(obj, list | tuple):
            for i, v in enumerate(obj):
                walk(v, f"{path}[{i}]", depth + 1)
        elif type(obj).__module__.startswith("splendor.ui"):
            names = getattr(obj, "__dict__", None) or {
                s: getattr(obj, s, None) for s in getattr(type(obj), "__slots__", ())}
            for k, v in names.items():
                if k not in _SKIP:
                    walk(v, f"{path}.{k}", depth + 1)

    walk(scene, type(scene).__name__, 0)
    return found


def _weight(path: str) -> int:
    # Buttons and choices are what moves a game on; the table's piles and cards too.
    lowered = path.lower()
    if any(word in lowered for word in ("button", "_yes", "_no", "confirm", "spots", "_rects",
                                        "bank", "market", "start", "choice", "rows")):
        return 4
    return 1


# ------------------------------------------------------------------ the monkey


class Monkey:
    """Posts seeded random gestures into the running program and checks it."""

    def __init__(self, seed: int, events: int) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.budget = events
        self.coverage = Coverage()
        self.data = base_game()
        self.game: Game | None = None
        #: The last gestures, for the message when something fails.
        self.recent: deque[str] = deque(maxlen=12)
        self._results: object | None = None
        #: Gestures the next session starts with, before the random ones.
        self.lead: Callable[[App], None] | None = None

    # ---------------------------------------------------------------- sessions

    def prepare(self, session: int) -> None:
        """Set the folders up for the next start, in turn: the first session's seats; an
        autosave where a human must return tokens; a damaged autosave (Continue offers the
        backup); one where a human must choose a noble; a damaged autosave and backup
        (Continue says it cannot); a bot game a few turns from its end (Continue shows
        its end, then the results)."""
        autosave, backup = paths.autosave_path(), paths.autosave_backup_path()
        step = session % 6
        self.lead = self.continue_to_noble if step == 3 else None
        if session == 0:
            settings = Settings()
            settings.animation_speed = 20.0  # the pause menu's fastest: games move on
            settings.default_seats = [dict(s) for s in LINEUPS[self.seed % len(LINEUPS)]]
            save_settings(settings)
        elif step in (1, 3):
            phase = Phase.RETURN if step == 1 else Phase.NOBLE
            state = decision_position(self.data, phase, self.rng.randrange(10_000))
            # After the noble, the next human's turn comes behind the pass screen.
            seats = [{"kind": "human" if seat == state.current or step == 3 else "medium",
                      "name": f"Seat {seat + 1}"} for seat in range(state.num_players)]
            write_autosave(save_document(state, seats), self.data)
        elif step == 5:
            state, kinds = near_the_end(self.data, self.rng.randrange(10_000))
            seats = [{"kind": kind, "name": f"Seat {seat + 1}"} for seat, kind in enumerate(kinds)]
            write_autosave(save_document(state, seats), self.data)
        elif step in (2, 4):
            # Damage as a failing disk would (writes are atomic, so a kill cannot).
            for path in (autosave, backup) if step == 4 else (autosave,):
                if path.exists():
                    raw = path.read_bytes()
                    path.write_bytes(raw[: self.rng.randrange(len(raw))])

    def run(self) -> Coverage:
        """Start the program again and again until the events are spent."""
        session = 0
        while self.budget > 0:
            self.prepare(session)
            self.session()
            session += 1
        return self.coverage

    def session(self) -> None:
        """One start of the program, to its close; then check the close-path autosave."""
        logger = logging.getLogger(LOGGER_NAME)
        handlers = list(logger.handlers)
        self.game = None
        closing: list[object] = []  # the session the window closed with, if any
        monkey = self

        class MonkeyApp(App):
            def run(self, first: object = None) -> None:
                monkey.drive(self)
                game = monkey.game
                closing.append(game.session if game is not None else None)

        class RecordedGame(Game):
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                super().__init__(*args, **kwargs)
                monkey.game = self

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(ui_main, "App", MonkeyApp)
            patch.setattr(ui_main, "Game", RecordedGame)
            try:
                ui_main.run()
            finally:
                for handler in logger.handlers[:]:
                    if handler not in handlers:
                        logger.removeHandler(handler)
                        handler.close()
        self.coverage.sessions += 1
        played = closing[0] if closing else None
        # Only a local game is autosaved on closing: a network game is its server's, the
        # tutorial is kept as it goes, and a challenge's try is never kept.
        if isinstance(played, Session) and not isinstance(played, TutorialSession) \
                and played.saveable and not played.is_over():
            saved = load_save(paths.autosave_path(), self.data)
            assert saved.state.history == played.state.history, self.where(
                "the autosave written on closing is not the game as it stood")
            assert [s["kind"] for s in saved.seats] == [s.kind for s in played.options.seats]
            self.coverage.autosaves_checked += 1

    def drive(self, app: App) -> None:
        """The program's frame loop, fed by the monkey until a quit event closes it."""
        app.running = True
        if self.lead is not None:
            self.frame(app)  # the menu placed
            self.lead(app)
        while app.running and app.stack.top is not None:
            if self.budget <= 0:
                self.post(app, pygame.QUIT)  # the events are spent: close the window
            else:
                try:
                    self.gesture(app)
                except pygame.error as exc:  # the event queue is full: let frames drain it
                    self.recent.append(f"post refused: {exc}")
                if self.rng.random() < 0.35:
                    continue  # more events before the next frame, as a busy queue has
            self.frame(app)

    def frame(self, app: App) -> None:
        try:
            app.step(DT)
        except Exception as exc:
            raise AssertionError(self.where(f"{type(exc).__name__}: {exc}")) from exc
        self.coverage.frames += 1
        top = app.stack.top
        if top is not None:
            self.coverage.scenes[type(top).__name__] += 1
            if type(top).__name__ == "ResultsScene" and top is not self._results:
                self.coverage.games_over += 1  # a new results screen: a game played out
                self._results = top
        self.check_bots(app)

    def check_bots(self, app: App) -> None:
        """A bot that failed to choose is a failure of the run, reported with the seed."""
        for scene in app.stack.scenes:
            session = getattr(scene, "session", None)
            error = getattr(session, "bot_error", None)
            if error is not None:
                raise AssertionError(self.where(f"the bot failed: {error}"))

    def where(self, problem: str) -> str:
        top = self.game.app.stack.top if self.game is not None else None
        return (f"monkey seed {self.seed}, after {self.coverage.events} events "
                f"(top scene {type(top).__name__}): {problem}\n  last gestures: "
                + "\n    ".join(self.recent))

    # ---------------------------------------------------------------- events

    def post(self, app: App, kind: int, **attrs: Any) -> None:
        pygame.event.post(pygame.event.Event(kind, **attrs))
        self.coverage.events += 1
        self.budget -= 1

    def gesture(self, app: App) -> None:
        """Post one random gesture (one to a dozen events) for the next frame."""
        r = self.rng.random()
        w, h = app.size
        pick = self.rng
        if r < 0.30:
            self.click_target(app)
        elif r < 0.36:
            self.drag_target(app)
        elif r < 0.50:
            pos = (pick.randint(-20, w + 20), pick.randint(-20, h + 20))
            kind = pick.choice((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION))
            if kind == pygame.MOUSEMOTION:
                buttons = pick.choice(((0, 0, 0), (1, 0, 0), (0, 0, 1)))
                self.post(app, kind, pos=pos, rel=(pick.randint(-30, 30), pick.randint(-30, 30)),
                          buttons=buttons, touch=False)
            else:
                self.post(app, kind, pos=pos, button=pick.choice((1, 1, 1, 2, 3, 4, 5)),
                          touch=False)
            self.recent.append(f"mouse {pygame.event.event_name(kind)} at {pos}")
        elif r < 0.55:
            dy = pick.choice((-3, -1, 1, 2))
            self.post(app, pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0,
                      precise_y=float(dy), touch=False)
            self.recent.append(f"wheel {dy}")
        elif r < 0.80:
            self.key(app)
        elif r < 0.88:
            text = "".join(pick.choice(ALPHABET) for _ in range(pick.choice((1, 1, 1, 3, 12))))
            self.post(app, pygame.TEXTINPUT, text=text)
            self.recent.append(f"text {text!r}")
        elif r < 0.905:
            self.resize(app)
        elif r < 0.92:
            kind = pick.choice((pygame.WINDOWEXPOSED, pygame.WINDOWFOCUSLOST,
                                pygame.WINDOWFOCUSGAINED, pygame.WINDOWLEAVE,
                                pygame.WINDOWENTER, pygame.WINDOWRESTORED))
            self.post(app, kind)
            self.recent.append(pygame.event.event_name(kind))
        elif r < 0.923:
            self.post(app, pick.choice((pygame.QUIT, pygame.QUIT, pygame.WINDOWCLOSE)))
            self.recent.append("quit")
        else:
            self.table_gesture(app)

    def continue_to_noble(self, app: App) -> None:
        """The noble session's start: Continue, then Enter on the pass screen. Left to
        chance, the menu's other entries (Saba's game among them) took the session
        elsewhere and the noble choice was seldom reached."""
        button = getattr(app.stack.top, "buttons", {}).get("continue")
        if button is None:
            return
        self.tap(app, button.rect.center)  # its frame opens the table and the pass screen
        self.post(app, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
        self.recent.append("Continue, then Enter on the pass screen")

    def key(self, app: App) -> None:
        pick = self.rng
        r = pick.random()
        if r < 0.12:
            key, mod, uni = pick.choice(((pygame.K_z, _mod(ctrl=True), "\x1a"),
                                         (pygame.K_h, _mod(ctrl=True), "\x08"),
                                         (pygame.K_BACKSPACE, _mod(ctrl=True), "\x08"),
                                         (pygame.K_DELETE, _mod(ctrl=True), "\x7f"),
                                         (pygame.K_TAB, _mod(shift=True), "\t")))
        elif r < 0.27:
            key, mod, uni = pygame.K_ESCAPE, 0, "\x1b"  # the way back from every scene
        elif r < 0.45:
            letter = pick.choice("abcdefghijklmnopqrstuvwxyz0123456789")
            key, mod, uni = ord(letter), 0, letter
        else:
            key = pick.choice(KEYS)
            mod = _mod(shift=pick.random() < 0.1)
            uni = {pygame.K_RETURN: "\r", pygame.K_KP_ENTER: "\r", pygame.K_BACKSPACE: "\x08",
                   pygame.K_TAB: "\t", pygame.K_ESCAPE: "\x1b", pygame.K_SPACE: " "}.get(key, "")
        self.post(app, pygame.KEYDOWN, key=key, mod=mod, unicode=uni, scancode=0)
        if uni.isprintable() and uni and not mod & pygame.KMOD_CTRL:
            self.post(app, pygame.TEXTINPUT, text=uni)  # what SDL sends after a typing key
        self.post(app, pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        self.recent.append(f"key {pygame.key.name(key)!r} mod {mod}")

    def resize(self, app: App, size: tuple[int, int] | None = None) -> None:
        pick = self.rng
        if size is None:
            if pick.random() < 0.03:
                before = app.size
                self.resize(app, pick.choice(SIZES_HUGE))
                for _ in range(pick.randint(1, 4)):
                    self.frame(app)
                    self.click_target(app)
                self.post(app, pygame.VIDEORESIZE, size=before, w=before[0], h=before[1])
                self.recent.append(f"resize back to {before}")
                return
            size = pick.choice(SIZES_WITHIN if pick.random() < 0.6 else SIZES_OUTSIDE)
        # SDL sends both when the user resizes; the old event carries the new size.
        if pick.random() < 0.8:
            self.post(app, pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        self.post(app, pick.choice((pygame.WINDOWRESIZED, pygame.WINDOWSIZECHANGED)),
                  x=size[0], y=size[1])
        self.recent.append(f"resize to {size}")

    def targets(self, app: App) -> list[tuple[str, pygame.Rect]]:
        top = app.stack.top
        return hit_targets(top) if top is not None else []

    def _choose(self, targets: list[tuple[str, pygame.Rect]]) -> tuple[str, pygame.Rect]:
        return self.rng.choices(targets, weights=[_weight(p) for p, _ in targets])[0]

    def _inside(self, rect: pygame.Rect) -> tuple[int, int]:
        return (self.rng.randint(rect.left, rect.right - 1),
                self.rng.randint(rect.top, rect.bottom - 1))

    def click_target(self, app: App) -> None:
        targets = self.targets(app)
        if not targets:
            return
        path, rect = self._choose(targets)
        pos = self._inside(rect)
        self.post(app, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0), touch=False)
        self.post(app, pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
        if self.rng.random() < 0.5:
            self.frame(app)  # a slower click: the press is drawn before the release
        self.post(app, pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
        self.recent.append(f"click {path} at {pos}")

    def drag_target(self, app: App) -> None:
        targets = self.targets(app)
        if not targets:
            return
        start_path, start_rect = self._choose(targets)
        areas = [t for t in targets if "area" in t[0]]
        end_path, end_rect = self.rng.choice(areas) if areas and self.rng.random() < 0.7 \
            else self._choose(targets)
        start, end = self._inside(start_rect), self._inside(end_rect)
        self.post(app, pygame.MOUSEBUTTONDOWN, pos=start, button=1, touch=False)
        steps = self.rng.randint(1, 5)
        for i in range(1, steps + 1):
            pos = (start[0] + (end[0] - start[0]) * i // steps,
                   start[1] + (end[1] - start[1]) * i // steps)
            self.post(app, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0),
                      touch=False)
            self.frame(app)
        self.post(app, pygame.MOUSEBUTTONUP, pos=end, button=1, touch=False)
        self.recent.append(f"drag {start_path} {start} to {end_path} {end}")

    def table_gesture(self, app: App) -> None:
        """What a player at the table does most: take three piles and confirm, or pick a
        card and press its first button (Buy). Elsewhere, a click on what the top scene
        drew."""
        top = app.stack.top
        layout = getattr(top, "layout", None)
        if layout is None or not hasattr(layout, "bank"):
            self.click_target(app)
            return
        if isinstance(top, TutorialTableScene) and self.rng.random() < 0.7:
            self.follow_tutorial(app, top)
            return
        if self.rng.random() < 0.5:
            colours = self.rng.sample(range(5), 3)
            for colour in colours:
                self.tap(app, layout.bank[colour].center)
            self.post(app, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
            self.recent.append(f"take {colours} and Enter")
            return
        row = self.rng.choice(layout.market)
        card = self.rng.choice(row)
        self.tap(app, card.center)
        buttons = getattr(top, "buttons", [])
        if buttons:
            self.tap(app, buttons[0].rect.center)
        self.recent.append(f"card at {card.center}, then {buttons[0].key if buttons else None}")

    def follow_tutorial(self, app: App, table: TutorialTableScene) -> None:
        """What a learner does most: click the pieces the box points at (a lone pile
        twice), then Enter for tokens or the card's Buy or Reserve."""
        rings = list(table.rings)
        bank = [r for r in rings if r in table.layout.bank] if table.layout else []
        for rect in rings * 2 if len(bank) == 1 else rings:
            if rect in bank or not bank:
                self.tap(app, rect.center)
        if table.ui.pending:
            self.post(app, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                      scancode=0)
        else:
            for button in table.buttons:
                if button.key in ("buy", "reserve") and button.enabled:
                    self.tap(app, button.rect.center)
                    break
        self.recent.append(f"the tutorial's pieces {[tuple(r) for r in rings]}")

    def tap(self, app: App, pos: tuple[int, int]) -> None:
        """A quick click at `pos`, then a frame (which draws what it changed)."""
        self.post(app, pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False)
        self.post(app, pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)
        self.frame(app)


def decision_position(data: Any, phase: Phase, seed: int) -> GameState:
    """A real game (legal from its setup, so a save of it replays) stopped where the
    player to act must return tokens (`Phase.RETURN`) or choose a noble (`Phase.NOBLE`)."""
    rng = random.Random(seed)
    for attempt in range(10_000):
        players = 2 + (seed + attempt) % 3
        names = tuple(f"Seat {i + 1}" for i in range(players))
        state = new_game(data, players, seed * 7919 + attempt, names, 0)
        while not state.is_over() and state.turns < 400:
            if state.phase is phase:
                return state
            actions = state.legal_actions()
            buys = [a for a in actions if isinstance(a, Buy)]
            # Buying whenever possible reaches two nobles at once; taking reaches returns.
            if buys and (phase is Phase.NOBLE or rng.random() < 0.3):
                state.apply(rng.choice(buys))
            else:
                state.apply(rng.choice(actions))
    raise AssertionError(f"no game reached {phase}")


def near_the_end(data: Any, seed: int) -> tuple[GameState, list[str]]:
    """A bot game a few turns before its end, and its seats' bot kinds."""
    rng = random.Random(seed)
    kinds = [rng.choice(("easy", "medium", "hard")) for _ in range(rng.randint(2, 4))]
    names = tuple(f"Seat {i + 1}" for i in range(len(kinds)))
    bots = [make_bot(kind, seed * 10 + seat) for seat, kind in enumerate(kinds)]
    state = new_game(data, len(kinds), seed, names, 0)
    while not state.is_over():
        state.apply(bots[state.current].choose(observe(state, state.current)))
    replayed = new_game(data, len(kinds), seed, names, 0)
    for action in state.history[: max(0, len(state.history) - rng.randint(2, 3 * len(kinds)))]:
        replayed.apply(action)
    return replayed, kinds


# ------------------------------------------------------------------ the tests


@pytest.fixture
def checked_moves(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[Monkey], None]]:
    """Check the engine's invariants after every move the program commits, count the
    moves, and make the program's random game seeds come from the monkey's seed."""
    current: list[Monkey] = []
    commit = Session._commit
    decide = bot_process.decide

    def checked_commit(self: Session, action: Any) -> None:
        seat = self.current
        assert seat is not None
        commit(self, action)
        monkey = current[0]
        try:
            check_invariants(self.state)
        except AssertionError as exc:
            raise AssertionError(monkey.where(f"invariant broken after {action}: {exc}")) \
                from exc
        if self.is_human(seat):
            monkey.coverage.human_moves += 1
        else:
            monkey.coverage.bot_moves += 1

    def quick_decide(request: bot_process.Request, data: Any) -> bot_process.Answer:
        # The expert (a player's bot or the hint) searches a fixed number of worlds
        # instead of clock time: quicker, and the same moves on every run of a seed.
        if request.kind == "expert":
            request = replace(request, budget=None, simulations=24)
        return decide(request, data)

    monkeypatch.setattr(Session, "_commit", checked_commit)
    # Every new game's and challenge try's seed (Splendor's, Saba's) from the monkey's.
    monkeypatch.setattr(seeds, "new_seed", lambda: current[0].rng.randrange(2**31))
    monkeypatch.setattr(bot_process, "decide", quick_decide)
    # Every start synthesises the same sound effects: once is enough for a test.
    monkeypatch.setattr(sound, "_samples", _cached_samples(sound._samples))
    def use(monkey: Monkey) -> None:
        current[:] = [monkey]

    yield use
    pygame.quit()


def _cached_samples(samples: Callable[..., Any]) -> Callable[..., Any]:
    cache: dict[tuple[str, int], Any] = {}

    def cached(notes: list[tuple[float, float, float]], channels: int) -> Any:
        key = (repr(notes), channels)
        if key not in cache:
            cache[key] = samples(notes, channels)
        return cache[key]

    return cached


def _run(seed: int, events: int, use: Callable[[Monkey], None], home: Path) -> Coverage:
    """Run seed `seed` for `events` events in its own folders (so that it replays)."""
    home.mkdir()
    os.environ["SPLENDOR_HOME"] = str(home)  # conftest's monkeypatch restores it after
    monkey = Monkey(seed, events)
    use(monkey)
    started = time.perf_counter()
    coverage = monkey.run()
    print(f"\nmonkey seed {seed}: {coverage} ({time.perf_counter() - started:.1f} s)")
    return coverage


def test_monkey_35000_events_over_every_scene(
    checked_moves: Callable[[Monkey], None], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    total = Coverage()
    for seed in CI_SEEDS:
        _merge(total, _run(seed, CI_EVENTS_PER_SEED, checked_moves, tmp_path / f"seed{seed}"))
    with capsys.disabled():
        print(f"\nmonkey, seeds {list(CI_SEEDS)}: {total}")
    assert total.events >= len(CI_SEEDS) * CI_EVENTS_PER_SEED
    missing = ALL_SCENES - set(total.scenes)
    assert not missing, f"the monkey never reached {sorted(missing)}: {total}"
    # Games played out vary a lot with the seed (0 to 5 per 5,000-event seed over seeds
    # 0-11), and any change in what a key does reshuffles them: at least one game must end
    # (the results are reached), with many moves played, human and bot together: each
    # change reshuffles the walk (seeds 0-3: 1 game over and 66 + 218 moves; then 6 games
    # over and 46 + 195 once clicks became press-and-release; 9 games over and 51 + 196
    # once a key closed the "Saved as" box).
    moves = total.human_moves + total.bot_moves
    assert total.games_over >= 1 and total.human_moves >= 30 and moves >= 200, \
        f"too few games played: {total}"
    assert total.autosaves_checked >= 1, total


def _merge(total: Coverage, part: Coverage) -> None:
    total.events += part.events
    total.frames += part.frames
    total.scenes.update(part.scenes)
    total.human_moves += part.human_moves
    total.bot_moves += part.bot_moves
    total.games_over += part.games_over
    total.sessions += part.sessions
    total.autosaves_checked += part.autosaves_checked


@pytest.mark.slow
@pytest.mark.parametrize("seed", SLOW_SEEDS)
def test_monkey_200000_events(seed: int, checked_moves: Callable[[Monkey], None],
                              tmp_path: Path) -> None:
    coverage = _run(seed, SLOW_EVENTS_PER_SEED, checked_moves, tmp_path / "home")
    assert coverage.events >= SLOW_EVENTS_PER_SEED
