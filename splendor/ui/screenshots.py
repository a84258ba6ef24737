"""`python -m splendor --screenshots DIR [--size WxH]`: render every screen to PNG, headless.

Each picture comes from the real scenes driven into the situation it shows (a real game
played by bots for mid-game tables, positions built for the decision overlays).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from splendor.bots import make_bot
from splendor.engine import GameState, Phase, build_position, parse_action
from splendor.gamedata import base_game
from splendor.ui.options import GameOptions, SeatOption

#: The pictures, in order. Tests check that each one is produced.
PICTURES = (
    "menu",
    "new_game",
    "table_2p",
    "table_4p",
    "drag",
    "token_return",
    "noble_choice",
    "pass_screen",
    "results",
    "rules",
)


def _options(kinds: list[str]) -> GameOptions:
    names = {"human": "Ada", "easy": "Easy bot", "medium": "Medium bot", "hard": "Hard bot",
             "expert": "Expert bot"}
    seats = []
    for i, kind in enumerate(kinds):
        name = names[kind] if kinds.count(kind) == 1 else f"{names[kind]} {i + 1}"
        seats.append(SeatOption(kind, name))
    return GameOptions(tuple(seats), first_player=0, seed=2024)


def _advance(controller: object, turns: int, seed: int) -> None:
    """Play `turns` whole turns with hard bots deciding for every seat, through the log."""
    from splendor.engine import observe
    from splendor.ui.controller import GameController

    assert isinstance(controller, GameController)
    bots = [make_bot("hard", seed + i) for i in range(controller.state.num_players)]
    state = controller.state
    target = state.turns + turns
    while not state.is_over() and (state.turns < target or state.phase is not Phase.MAIN):
        seat = state.current
        controller.commit(seat, bots[seat].choose(observe(state, seat)))


def render_all(folder: Path, size: tuple[int, int] = (1280, 720)) -> list[Path]:
    """Render every picture in PICTURES into `folder`; return the files written."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from splendor.ui.app import App
    from splendor.ui.controller import GameController
    from splendor.ui.main import Game
    from splendor.ui.scenes.new_game import NewGameScene
    from splendor.ui.scenes.noble_choice import NobleChoiceScene
    from splendor.ui.scenes.pass_screen import PassScreenScene
    from splendor.ui.scenes.results import ResultsScene
    from splendor.ui.scenes.table import TableScene
    from splendor.ui.scenes.token_return import TokenReturnScene

    folder.mkdir(parents=True, exist_ok=True)
    app = App(size)
    game = Game(app)
    data = base_game()
    written: list[Path] = []

    def shot(name: str) -> None:
        app.stack.draw(app.screen)
        path = folder / f"{name}.png"
        pygame.image.save(app.screen, str(path))
        written.append(path)

    def table_for(kinds: list[str], turns: int) -> tuple[GameController, TableScene]:
        controller = GameController(data, _options(kinds))
        _advance(controller, turns, seed=7)
        scene = TableScene(controller, on_finished=lambda state: None)
        app.stack.replace(scene)
        return controller, scene

    def overlay(controller: GameController, factory: Callable[[], object]) -> None:
        scene = factory()
        app.stack.push(scene)  # type: ignore[arg-type]

    app.stack.replace(game.menu_scene())
    shot("menu")
    defaults = _options(["human", "medium", "hard"])
    app.stack.push(NewGameScene(on_start=lambda options: None, defaults=defaults))
    shot("new_game")

    controller, table = table_for(["human", "hard"], turns=24)
    table.update(0.0)
    shot("table_2p")
    controller.close()

    controller, table = table_for(["human", "medium", "hard", "expert"], turns=36)
    table.update(0.0)
    shot("table_4p")

    # A drag in progress: one token already pending, a second one in the air.
    table.ui.pending = [0]
    table.ui.drag_color = 1
    lay = table.layout
    assert lay is not None
    table.ui.drag_pos = (lay.bank[1].centerx - lay.px(160), lay.my_area.top - lay.px(30))
    shot("drag")
    controller.close()

    # Token return: the human holds ten tokens and takes three more.
    controller = GameController(data, _options(["human", "hard"]))
    controller.state = build_position(
        data, 2, seats=[{"tokens": {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 1,
                                    "gold": 1}}, {}])
    controller.play(parse_action("take white blue green"))
    table = TableScene(controller, on_finished=lambda state: None)
    app.stack.replace(table)
    overlay(controller, lambda: TokenReturnScene(controller))
    shot("token_return")
    controller.close()

    # Noble choice: three nobles qualify at once.
    white_blue_black = ["L1-04", "L1-05", "L1-06", "L1-07", "L1-12", "L1-13", "L1-14", "L1-15",
                        "L1-33", "L1-34", "L1-35", "L1-36"]
    controller = GameController(data, _options(["human", "hard"]))
    controller.state = build_position(data, 2, seats=[{"purchased": white_blue_black}, {}],
                                      nobles=["N01", "N02", "N07"])
    controller.play(parse_action("take green red black"))
    assert controller.state.phase is Phase.NOBLE
    table = TableScene(controller, on_finished=lambda state: None)
    app.stack.replace(table)
    overlay(controller, lambda: NobleChoiceScene(controller))
    shot("noble_choice")
    controller.close()

    app.stack.replace(PassScreenScene("Bartholomew"))
    shot("pass_screen")

    state: GameState = GameController(data, _options(["human", "hard", "medium"])).state
    bots = [make_bot("hard", 1), make_bot("hard", 2), make_bot("medium", 3)]
    from splendor.engine import observe

    while not state.is_over():
        state.apply(bots[state.current].choose(observe(state, state.current)))
    app.stack.replace(ResultsScene(state, on_play_again=lambda: None, on_menu=lambda: None))
    shot("results")
    from splendor.ui.scenes.rules import RulesScene

    app.stack.replace(RulesScene())
    shot("rules")
    app.close()
    return written


def parse_size(text: str) -> tuple[int, int]:
    """'1920x1080' -> (1920, 1080); ValueError with a clear message otherwise."""
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"size must look like 1280x720, not {text!r}") from None
    if not (1024 <= w <= 7680 and 600 <= h <= 4320):
        raise ValueError(f"size {w}x{h} is outside 1024x600 to 7680x4320")
    return w, h
