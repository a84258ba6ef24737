"""Undo and Hint in the base game's decision boxes (tokens to give back, the noble to
receive), opened by the table as in a real game: Undo (or Ctrl+Z) takes the whole move
back, Hint (or H) rings the expert's choice and says why; neither is offered between
humans."""

from __future__ import annotations

import pygame

from splendor.engine import ChooseNoble, GameState, Phase, Return, build_position, parse_action
from splendor.gamedata import base_game
from splendor.i18n import tr
from splendor.session.game import Session
from splendor.ui import theme
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.scenes.noble_choice import NobleChoiceScene
from splendor.ui.scenes.table import TableScene
from splendor.ui.scenes.token_return import TokenReturnScene
from splendor.ui.wording import hint_text, refusal_text
from tests.helpers import hint_after
from tests.ui.test_module_decisions import open_built

DATA = base_game()
TWELVE_WHITE_BLUE_BLACK = ["L1-04", "L1-05", "L1-06", "L1-07", "L1-12", "L1-13", "L1-14",
                           "L1-15", "L1-33", "L1-34", "L1-35", "L1-36"]


def over_the_limit() -> GameState:
    """Ten tokens held: taking three more means giving three back."""
    return build_position(DATA, 2, names=["Ada", "Bot"], seats=[
        {"tokens": {"white": 2, "blue": 2, "green": 2, "red": 2, "black": 1, "gold": 1}}])


def three_nobles() -> GameState:
    """Any move brings three nobles at once."""
    return build_position(DATA, 2, names=["Ada", "Bot"],
                          seats=[{"purchased": TWELVE_WHITE_BLUE_BLACK}, {}],
                          nobles=["N01", "N02", "N07"])


def opened(app: App, state: GameState, kinds: list[str] | None = None
           ) -> tuple[Game, Session, TableScene]:
    """`state` on the table of a real game; seat 0 takes white, blue and green there."""
    game, session, table = open_built(app, state, kinds or ["human", "hard"])
    session.hint_simulations = 16
    assert table.play(parse_action("take white blue green"))
    app.step(0.05)
    return game, session, table


def key(app: App, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    app.step(0.05)


def click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
        app.step(0.05)


def test_undo_in_the_token_return_takes_the_take_back(app: App) -> None:
    game, session, table = opened(app, over_the_limit())
    overlay = app.stack.top
    assert isinstance(overlay, TokenReturnScene)
    undo = [rect for rect, label, _, on in overlay._assist_buttons
            if label == tr("table.button.undo") and on]
    assert len(undo) == 1
    click(app, undo[0].center)
    assert session.state.history == [] and app.stack.top is table
    assert session.view().phase is Phase.MAIN
    game.close()


def test_a_hint_in_the_token_return_rings_the_tokens_to_give_back(app: App) -> None:
    game, session, _ = opened(app, over_the_limit())
    overlay = app.stack.top
    assert isinstance(overlay, TokenReturnScene)
    key(app, pygame.K_h)
    hint = hint_after(session, lambda: app.step(0.05))
    assert isinstance(hint.action, Return)
    assert overlay.message == hint_text(hint, session.options.names, session.data)
    surface = pygame.Surface(app.size)
    overlay.draw(surface)
    for color, n in enumerate(hint.action.tokens):
        rect = overlay._token_rects[color]
        ring = surface.get_at((rect.centerx, rect.top - overlay.px(surface, 5) + 1))[:3]
        assert (ring == theme.OK) == bool(n), (color, ring)
    game.close()


def test_ctrl_z_and_a_hint_in_the_noble_choice(app: App) -> None:
    game, session, table = opened(app, three_nobles())
    overlay = app.stack.top
    assert isinstance(overlay, NobleChoiceScene)
    key(app, pygame.K_h)
    hint = hint_after(session, lambda: app.step(0.05))
    assert isinstance(hint.action, ChooseNoble)
    assert overlay.message == hint_text(hint, session.options.names, session.data)
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert session.state.history == [] and app.stack.top is table
    assert session.view().phase is Phase.MAIN
    game.close()


def test_a_refused_noble_choice_is_said_in_the_box(app: App) -> None:
    """A choice the session refuses (here the move was taken back meanwhile; in a network
    game a lost connection) keeps the box open and says why."""
    game, session, _ = opened(app, three_nobles())
    overlay = app.stack.top
    assert isinstance(overlay, NobleChoiceScene)
    assert session.undo() is None
    overlay.choose("N01")
    assert app.stack.top is overlay and overlay.refusal is not None
    assert overlay.message == refusal_text(overlay.refusal) != ""
    game.close()


def test_no_undo_or_hint_in_the_boxes_between_humans(app: App) -> None:
    game, session, _ = opened(app, over_the_limit(), ["human", "human"])
    key(app, pygame.K_SPACE)  # past the pass screen
    overlay = app.stack.top
    assert isinstance(overlay, TokenReturnScene) and overlay._assist_buttons == []
    key(app, pygame.K_h)
    assert session.hint is None and not session.hint_pending
    game.close()
