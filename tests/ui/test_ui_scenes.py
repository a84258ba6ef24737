"""The scene stack, the widgets, and the menu, new-game and results scenes, headless."""

from __future__ import annotations

import pygame
import pytest

from splendor.devtools.screens_demo import bot_game_state, tie_break_state
from splendor.session.results import final_result
from splendor.ui import theme
from splendor.ui.app import App
from splendor.ui.options import GameOptions, SeatOption, default_name
from splendor.ui.scene import Scene
from splendor.ui.scenes.menu import MenuScene
from splendor.ui.scenes.new_game import NewGameScene
from splendor.ui.scenes.results import ResultsScene, end_sentence
from splendor.ui.widgets import Button, Form, Scale, TextInput, Widget, fit_text

# ------------------------------------------------------------------ event helpers


def click(app: App, pos: tuple[int, int]) -> None:
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def click_widget(app: App, widget: Widget, dx: float = 0.5) -> None:
    r = widget.rect
    click(app, (r.x + int(r.w * dx), r.centery))


def key(app: App, k: int, mod: int = 0, unicode: str = "") -> None:
    app.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode))


def type_text(app: App, text: str) -> None:
    for ch in text:
        key(app, pygame.K_a, unicode=ch)  # the KEYDOWN a real keyboard sends first
        app.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=ch))


def clear_field(app: App, field: TextInput) -> None:
    for _ in range(len(field.text)):
        key(app, pygame.K_BACKSPACE)


# -------------------------------------------------------------------- scene stack


class Recorder(Scene):
    def __init__(self, name: str, log: list[str], *, opaque: bool = True, modal: bool = True,
                 consumes: tuple[int, ...] = ()) -> None:
        super().__init__()
        self.name = name
        self.log = log
        self.opaque = opaque
        self.modal = modal
        self.consumes = consumes
        self.events: list[int] = []

    def enter(self, app: App) -> None:
        super().enter(app)
        self.log.append(f"{self.name}.enter")

    def exit(self) -> None:
        self.log.append(f"{self.name}.exit")

    def resize(self, size: tuple[int, int]) -> None:
        self.log.append(f"{self.name}.resize {size[0]}x{size[1]}")

    def pause(self) -> None:
        self.log.append(f"{self.name}.pause")

    def resume(self) -> None:
        self.log.append(f"{self.name}.resume")

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.events.append(event.key)
        return self.modal or event.key in self.consumes


def test_push_pop_replace_call_the_lifecycle_hooks(app: App) -> None:
    log: list[str] = []
    a, b, c = (Recorder(n, log) for n in "abc")
    app.stack.push(a)
    app.stack.push(b)
    # A scene is laid out for the window as it enters (drawing never lays out).
    w, h = app.size
    assert log == [f"a.resize {w}x{h}", "a.enter", "a.pause", f"b.resize {w}x{h}", "b.enter"]
    assert app.stack.top is b
    log.clear()
    assert app.stack.pop() is b
    assert log == ["b.exit", "a.resume"]
    app.stack.push(b)
    log.clear()
    app.stack.replace(c)
    assert log == ["b.exit", "a.resume", "a.exit", f"c.resize {w}x{h}", "c.enter"]
    assert app.stack.scenes == [c]


def test_events_stop_at_the_scene_that_consumes_them(app: App) -> None:
    log: list[str] = []
    base = Recorder("base", log, modal=False)
    top = Recorder("top", log, opaque=False, modal=False, consumes=(pygame.K_a,))
    app.stack.push(base)
    app.stack.push(top)
    key(app, pygame.K_a)
    key(app, pygame.K_b)
    assert top.events == [pygame.K_a, pygame.K_b]
    assert base.events == [pygame.K_b]


def test_a_modal_overlay_blocks_the_scene_below(app: App) -> None:
    log: list[str] = []
    base = Recorder("base", log, modal=False)
    overlay = Recorder("overlay", log, opaque=False, modal=True)
    app.stack.push(base)
    app.stack.push(overlay)
    key(app, pygame.K_x)
    assert overlay.events == [pygame.K_x]
    assert base.events == []


def test_visible_starts_at_the_topmost_opaque_scene(app: App) -> None:
    log: list[str] = []
    a = Recorder("a", log)
    b = Recorder("b", log)
    overlay = Recorder("o", log, opaque=False)
    app.stack.push(a)
    app.stack.push(overlay)
    assert app.stack.visible() == [a, overlay]
    app.stack.push(b)
    assert app.stack.visible() == [b]
    app.stack.push(Recorder("o2", log, opaque=False))
    assert app.stack.visible()[0] is b
    assert len(app.stack.visible()) == 2


# ------------------------------------------------------------------------ widgets


def test_text_never_drops_under_the_minimum() -> None:
    small = Scale((1024, 600))
    assert small.text(8) == theme.MIN_TEXT_PX
    assert Scale((1920, 1080)).text(20) == 30
    long = fit_text("An extremely long player name indeed", 40, 120)
    assert long.get_width() <= 120


def test_text_input_limits_filters_and_deletes() -> None:
    field = TextInput("", max_length=4, allowed=str.isdigit)
    form = Form([field])
    field.rect = pygame.Rect(0, 0, 100, 30)
    form.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    assert form.focus is field
    form.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="1a2b345"))
    assert field.text == "1234"
    form.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0))
    assert field.text == "123"
    form.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(500, 5), button=1))
    assert form.focus is None
    form.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="9"))
    assert field.text == "123"


def test_a_button_fires_only_on_release_inside() -> None:
    hits: list[int] = []
    button = Button("Go", lambda: hits.append(1), rect=pygame.Rect(10, 10, 100, 40))
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(20, 20), button=1)
    button.handle_event(down)
    assert button.pressed
    button.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(400, 400), button=1))
    assert hits == [] and not button.pressed
    button.handle_event(down)
    button.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(30, 30), button=1))
    assert hits == [1]
    button.enabled = False
    button.handle_event(down)
    button.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(30, 30), button=1))
    assert hits == [1]


# --------------------------------------------------------------------------- menu


def test_menu_click_new_game(app: App) -> None:
    calls: list[str] = []
    menu = MenuScene(on_new_game=lambda: calls.append("new"))
    app.stack.push(menu)
    assert "continue" not in menu.buttons
    click_widget(app, menu.buttons["new_game"])
    assert calls == ["new"]
    # Disabled entries (no callback) do nothing and say so.
    assert not menu.buttons["settings"].enabled
    assert menu.buttons["settings"].note == "coming soon"
    click_widget(app, menu.buttons["settings"])
    assert calls == ["new"] and app.running


def test_menu_posted_events_go_through_the_frame_loop(app: App) -> None:
    calls: list[str] = []
    menu = MenuScene(on_new_game=lambda: calls.append("new"))
    app.stack.push(menu)
    pygame.event.clear()
    pos = menu.buttons["new_game"].rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(0.0)
    assert calls == ["new"]


def test_menu_continue_only_with_has_continue(app: App) -> None:
    calls: list[str] = []
    menu = MenuScene(True, on_continue=lambda: calls.append("continue"),
                     on_new_game=lambda: calls.append("new"))
    app.stack.push(menu)
    assert list(menu.buttons) == ["continue", "new_game", "challenges", "online", "load",
                                 "settings", "statistics", "learn", "rules", "quit"]
    top = menu.buttons["continue"].rect
    assert top.bottom <= menu.buttons["new_game"].rect.top
    click_widget(app, menu.buttons["continue"])
    assert calls == ["continue"]


def test_menu_keyboard_navigation(app: App) -> None:
    calls: list[str] = []
    menu = MenuScene(True, on_continue=lambda: calls.append("continue"),
                     on_new_game=lambda: calls.append("new"))
    app.stack.push(menu)
    assert menu.form.focus is menu.buttons["continue"]
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert calls == ["new"]
    key(app, pygame.K_DOWN)  # Settings and Rules are disabled: skipped
    assert menu.form.focus is menu.buttons["quit"]
    key(app, pygame.K_DOWN)  # wraps around
    assert menu.form.focus is menu.buttons["continue"]
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)
    assert not app.running  # Quit


def test_menu_quit_click_stops_the_app(app: App) -> None:
    menu = MenuScene(on_new_game=lambda: None)
    app.stack.push(menu)
    click_widget(app, menu.buttons["quit"])
    assert not app.running


# ----------------------------------------------------------------------- new game


def start_new_game(app: App, defaults: GameOptions | None = None
                   ) -> tuple[NewGameScene, list[GameOptions]]:
    started: list[GameOptions] = []
    scene = NewGameScene(started.append, defaults)
    app.stack.push(scene)
    return scene, started


def test_new_game_seats_stay_between_two_and_four(app: App) -> None:
    scene, _ = start_new_game(app)
    assert scene.seat_count == 2
    assert not scene.rows[0].remove.enabled
    click_widget(app, scene.add)
    click_widget(app, scene.add)
    assert scene.seat_count == 4
    assert not scene.add.interactive
    click_widget(app, scene.add)
    assert scene.seat_count == 4
    click_widget(app, scene.rows[1].remove)
    assert scene.seat_count == 3
    click_widget(app, scene.rows[0].remove)
    assert scene.seat_count == 2
    click_widget(app, scene.rows[0].remove)
    assert scene.seat_count == 2


def test_new_game_cycle_a_seat_to_a_bot(app: App) -> None:
    scene, started = start_new_game(app)
    row = scene.rows[0]
    assert row.kind == "human" and row.name.text == "Player 1"
    click_widget(app, row.choice, 0.9)  # the right arrow: next option
    assert row.kind == "easy"
    assert row.name.text == "Easy bot"  # the automatic name follows the kind
    click_widget(app, row.choice, 0.05)  # the left arrow: back to Human
    assert row.kind == "human" and row.name.text == "Player 1"
    # Keyboard: a click on the background clears the focus; Tab focuses the first choice.
    click(app, (5, 5))
    assert scene.form.focus is None
    key(app, pygame.K_TAB)
    assert scene.form.focus is row.choice
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert row.kind == "medium"
    # Two medium bots get different names.
    assert [r.name.text for r in scene.rows] == ["Medium bot", "Medium bot 2"]
    key(app, pygame.K_RETURN)
    assert started[-1].watch_only


def test_new_game_type_a_name_and_start(app: App) -> None:
    scene, started = start_new_game(app)
    field = scene.rows[0].name
    click_widget(app, field)
    assert scene.form.focus is field
    clear_field(app, field)
    type_text(app, "Ada")
    assert field.text == "Ada"
    # The name is kept when the kind changes once the player has typed it.
    scene.set_kind(1, "hard")
    assert scene.rows[1].name.text == "Hard bot"
    click_widget(app, scene.add)
    scene.set_kind(2, "expert")
    # First player: Random -> Ada -> Hard bot.
    click_widget(app, scene.first, 0.9)
    click_widget(app, scene.first, 0.9)
    assert scene.first.value == "Hard bot"
    click_widget(app, scene.seed)
    type_text(app, "4x2")
    assert scene.seed.text == "42"
    click_widget(app, scene.start)
    assert started == [
        GameOptions(
            seats=(SeatOption("human", "Ada"), SeatOption("hard", "Hard bot"),
                   SeatOption("expert", "Expert bot")),
            first_player=1,
            seed=42,
        )
    ]


def test_new_game_rejects_duplicate_and_empty_names(app: App) -> None:
    scene, started = start_new_game(app)
    click_widget(app, scene.rows[0].name)
    clear_field(app, scene.rows[0].name)
    type_text(app, "Ada")
    field = scene.rows[1].name
    click_widget(app, field)
    clear_field(app, field)
    type_text(app, "ada ")
    click_widget(app, scene.start)
    assert started == []
    assert "both called" in scene.message and scene.message_error
    assert field.error and scene.rows[0].name.error
    click_widget(app, field)
    clear_field(app, field)
    assert scene.message == "Seat 2 needs a name."  # revalidated while editing
    key(app, pygame.K_RETURN)  # Enter in a field tries to start
    assert started == []
    type_text(app, "Bo")
    assert scene.message == "" and not field.error
    key(app, pygame.K_RETURN)
    assert started[0].names == ("Ada", "Bo")
    assert started[0].first_player is None and started[0].seed is None


def test_new_game_automatic_names_step_aside(app: App) -> None:
    scene, _ = start_new_game(app)
    field = scene.rows[1].name
    click_widget(app, field)
    clear_field(app, field)
    type_text(app, "Player 1")  # the name seat 1 had automatically
    scene.set_kind(1, "human")
    assert [r.name.text for r in scene.rows] == ["Player 2", "Player 1"]
    assert scene.problem() is None


def test_new_game_defaults_and_removing_the_first_player(app: App) -> None:
    defaults = GameOptions(
        seats=(SeatOption("human", "Ada"), SeatOption("hard", default_name("hard", 1)),
               SeatOption("human", "Bo")),
        first_player=2,
        seed=7,
    )
    scene, started = start_new_game(app, defaults)
    assert scene.options() == defaults
    click_widget(app, scene.rows[2].remove)  # Bo was to play first
    assert scene.first.value == "Random"
    click_widget(app, scene.start)
    assert started[0].first_player is None and started[0].seed == 7


def test_new_game_back_and_escape(app: App) -> None:
    menu = MenuScene(on_new_game=lambda: None)
    app.stack.push(menu)
    scene, _ = start_new_game(app)
    click_widget(app, scene.back)
    assert app.stack.top is menu
    scene, _ = start_new_game(app)
    click_widget(app, scene.rows[0].name)
    key(app, pygame.K_ESCAPE)  # leaves the field first
    assert app.stack.scenes[-1] is scene and scene.form.focus is None
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is menu


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_new_game_layout_fits_without_overlaps(app: App, size: tuple[int, int]) -> None:
    scene, _ = start_new_game(app, GameOptions(tuple(SeatOption("human", f"P{i}")
                                                     for i in range(4))))
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))
    assert app.size == size
    screen = pygame.Rect((0, 0), size)
    rects = [w.rect for w in scene.form.widgets if w.visible]
    for i, r in enumerate(rects):
        assert screen.contains(r)
        assert all(not r.colliderect(other) for other in rects[i + 1:])
    app.render()


# ------------------------------------------------------------------------ results


def test_results_of_a_bot_game(app: App) -> None:
    state = bot_game_state()
    calls: list[str] = []
    scene = ResultsScene(final_result(state), lambda: calls.append("again"),
                         lambda: calls.append("menu"))
    app.stack.push(scene)
    app.render()
    winner = scene.rows[0]
    assert winner.winner and winner.rank == 1
    assert scene.headline == f"{winner.name} wins!"
    assert [r.points for r in scene.rows] == sorted((r.points for r in scene.rows), reverse=True)
    assert "round was completed" in scene.end_text
    # The winner's row is framed in gold.
    rect = scene._row_rects[0]
    assert tuple(app.screen.get_at((rect.centerx, rect.y)))[:3] == theme.ACCENT
    click_widget(app, scene.play_again)
    key(app, pygame.K_ESCAPE)
    assert calls == ["again", "menu"]


def test_results_explain_the_tie_break(app: App) -> None:
    scene = ResultsScene(final_result(tie_break_state()), None, lambda: None)
    app.stack.push(scene)
    app.render()
    assert scene.headline == "Ada wins!"
    assert scene.tie_text == "Tied on 16 points: Ada wins with fewer purchased cards (12 vs 14)."
    assert [(r.name, r.points, r.cards, r.winner) for r in scene.rows] == [
        ("Ada", 16, 12, True), ("Bo", 16, 14, False), ("Cy", 11, 13, False)
    ]
    assert scene.lines[-1] == scene.tie_text


def test_results_shared_victory(app: App) -> None:
    scene = ResultsScene(final_result(tie_break_state(shared=True)), lambda: None,
                         lambda: None)
    app.stack.push(scene)
    app.render()
    assert scene.headline == "Ada and Bo share the victory!"
    assert scene.tie_text is not None and "victory is shared" in scene.tie_text
    assert [r.rank for r in scene.rows] == [1, 1, 3]


def test_results_when_everyone_had_to_pass() -> None:
    info = {"finished": True, "reason": "all_passed", "rounds": 40, "standings": []}
    assert end_sentence(info, 15).startswith("Every player had to pass")
