"""Render the menu, new-game and results screens to PNG files, for looking at them.

    SDL_VIDEODRIVER=dummy python -m splendor.devtools.screens_demo OUTDIR [--size 1280x720]

Without --size each screen is rendered at 1280x720, 1024x600 and 1920x1080. The results
screens show a real bot game (hard against medium) and constructed tie-breaks.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from splendor.engine import Card, GameData, GameState, build_position, parse_action
from splendor.gamedata import base_game
from splendor.session.results import final_result
from splendor.ui.app import App
from splendor.ui.options import GameOptions, SeatOption
from splendor.ui.scene import Scene
from splendor.ui.scenes.menu import MenuScene
from splendor.ui.scenes.new_game import NewGameScene
from splendor.ui.scenes.results import ResultsScene

SIZES = ((1280, 720), (1024, 600), (1920, 1080))


def _nothing() -> None:
    pass


def _pick_cards(
    data: GameData, used: set[str], count: int, points: int, bonuses: Sequence[int] = ()
) -> list[str]:
    """`count` unused card ids worth `points` in all, starting with one card per bonus
    colour listed in `bonuses` (cheap cards first)."""
    chosen: list[Card] = []

    def take(card: Card) -> None:
        chosen.append(card)
        used.add(card.id)

    for color in bonuses:
        card = min(
            (c for c in data.cards if c.bonus == color and c.id not in used),
            key=lambda c: (c.points, c.level, c.id),
        )
        take(card)
    left = points - sum(c.points for c in chosen)
    for slot in range(count - len(chosen)):
        last = slot == count - len(chosen) - 1
        card = next(
            c for c in sorted(data.cards, key=lambda c: (-c.points, c.level, c.id))
            if c.id not in used and (c.points == left if last else c.points <= left)
        )
        take(card)
        left -= card.points
    if left != 0 or len(chosen) != count:
        raise ValueError("cannot pick those cards")
    return [c.id for c in chosen]


def tie_break_state(shared: bool = False) -> GameState:
    """A finished three-player game tied on 16 points.

    Ada (12 cards) beats Bo (14 cards) on fewer purchased cards; with `shared`, Bo also
    has 12 cards and they share the victory. Cy is third either way.
    """
    data = base_game()
    used: set[str] = set()
    noble = data.nobles[0]
    need = [c for c, n in enumerate(noble.requires) for _ in range(n)]
    ada = _pick_cards(data, used, 12, 16 - noble.points, need)
    bo = _pick_cards(data, used, 12 if shared else 14, 16)
    cy = _pick_cards(data, used, 13, 11)
    state = build_position(
        data,
        3,
        current=2,
        seats=[{"purchased": ada, "nobles": [noble.id]}, {"purchased": bo},
               {"purchased": cy}],
        nobles=[n.id for n in data.nobles[:4]],
        final_round=True,
        turns=3 * 27 + 2,
    )
    state.setup = dataclasses.replace(state.setup, names=("Ada", "Bo", "Cy"))
    # Keep Cy's last move from bringing a noble: only the tie matters here.
    cy_bonuses = state.players[2].bonuses
    state.nobles = [
        n
        for n in state.nobles
        if any(need > have for need, have in zip(n.requires, cy_bonuses, strict=True))
    ]
    state.apply(parse_action("take white blue green"))
    assert state.is_over()
    return state


def bot_game_state(
    seed: int = 11,
    levels: Sequence[str] = ("hard", "medium", "medium"),
    names: tuple[str, ...] = ("Hard bot", "Medium bot", "Medium bot 2"),
) -> GameState:
    """A real game between bots (by default a hard bot against two medium bots)."""
    from splendor.bots import make_bot
    from splendor.match import play_match

    data = base_game()
    bots = [make_bot(level, seed + i, data=data) for i, level in enumerate(levels)]
    result = play_match(data, bots, seed, names=names)
    return result.state


def demo_options() -> GameOptions:
    """Four seats, humans and bots mixed."""
    return GameOptions(
        seats=(
            SeatOption("human", "Ada"),
            SeatOption("hard", "Hard bot"),
            SeatOption("human", "Bartholomew"),
            SeatOption("expert", "Expert bot"),
        ),
        first_player=2,
        seed=2024,
    )


def _new_game_error() -> Scene:
    scene = NewGameScene(lambda options: None, demo_options())
    scene.rows[2].name.set_text("ada")
    scene._name_typed(scene.rows[2])
    scene.try_start()
    return scene


def _new_game_typing(app: App) -> Scene:
    scene = NewGameScene(lambda options: None)
    app.stack.push(scene)
    scene.add_seat()
    scene.set_kind(2, "advanced")
    field = scene.rows[0].name
    scene.form.set_focus(field)
    field.set_text("")
    field.insert("Ada Lovelace")
    scene.form.move_focus(1)
    scene.form.move_focus(-1)
    return scene


def screens(app: App) -> dict[str, Callable[[], Scene]]:
    bot_state = bot_game_state()
    tie = tie_break_state()
    shared = tie_break_state(shared=True)
    # Four seats with names of the longest length allowed.
    four = bot_game_state(
        5,
        ("hard", "medium", "easy", "medium"),
        ("Bartholomew Hale", "Medium bot", "Wwwwwwwwwwwwwwww", "Hard-won Harriet"),
    )
    return {
        "menu": lambda: MenuScene(False, None, _nothing, None, None),
        "menu_continue": lambda: MenuScene(True, _nothing, _nothing, _nothing, None),
        "new_game": lambda: NewGameScene(lambda options: None, demo_options()),
        "new_game_default": lambda: _new_game_typing(app),
        "new_game_error": _new_game_error,
        "results_bot_game": lambda: ResultsScene(final_result(bot_state), _nothing, _nothing),
        "results_tie_break": lambda: ResultsScene(final_result(tie), _nothing, _nothing),
        "results_shared": lambda: ResultsScene(final_result(shared), _nothing, _nothing),
        "results_four": lambda: ResultsScene(final_result(four), _nothing, _nothing),
    }


def render_all(outdir: Path, sizes: Sequence[tuple[int, int]]) -> list[Path]:
    outdir.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for size in sizes:
        app = App(size)
        for name, build in screens(app).items():
            app.stack.scenes.clear()
            scene = build()
            if scene not in app.stack.scenes:
                app.stack.push(scene)
            app.render()
            path = outdir / f"{name}_{size[0]}x{size[1]}.png"
            pygame.image.save(app.screen, str(path))
            written.append(path)
    pygame.quit()
    return written


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, got {text!r}") from None
    return w, h


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--size", type=_size, action="append", help="WIDTHxHEIGHT (repeatable)")
    args = parser.parse_args(argv)
    for path in render_all(args.outdir, args.size or SIZES):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
