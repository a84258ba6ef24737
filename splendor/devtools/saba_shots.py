"""Saba's screens for `--screenshots` (file names with `saba`): the choice of the game, the
notice before the first game, Saba's New game screen, mid-game tables of 2 and 4 players
(one with a card shown large, one with a hint, one with a refusal and a tooltip, one with
a part's options offered),
the pause menu and the rules page it opens, and the results of a finished game. Real
scenes driven by a real game (bots play it in this process)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from splendor.games import find_game
from splendor.saba.engine import Buy, Step
from splendor.saba.session import SabaSession
from splendor.session.seats import GameOptions, SeatOption
from splendor.ui.options import default_name
from splendor.ui.saba.choices import Target, legal_at

if TYPE_CHECKING:  # pygame is imported only when the pictures are made
    from splendor.ui.app import App
    from splendor.ui.main import Game
    from splendor.ui.saba.table import SabaTableScene

#: The pictures, in order.
SABA_PICTURES = (
    "saba_choose_game",
    "saba_notice",
    "saba_new_game",
    "saba_table_2p",
    "saba_zoom",
    "saba_hint",
    "saba_refusal",
    "saba_choice",
    "saba_table_4p",
    "saba_pause",
    "saba_rules",
    "saba_results",
)


def saba_options(kinds: list[str], seed: int = 2024) -> GameOptions:
    """Seats named as the New game screen names them (the person: Ada)."""
    seats = tuple(
        SeatOption(k, "Ada" if k == "human" else default_name(k, i)) for i, k in enumerate(kinds)
    )
    return GameOptions(seats, first_player=0, seed=seed, game="saba")


def _play_on(session: SabaSession, step: Step) -> None:
    """Bots play on through the session (deciding in this process for the pictures), the
    human making their first legal decision, until the human decides at `step`."""
    while not session.is_over() and not (session.human_to_act() and session.state.step is step):
        if session.human_to_act():
            session.play(session.view().legal_actions[0])
        else:
            session.poll()
            session.commit_incoming()


def _several(session: SabaSession, table: SabaTableScene) -> Target:
    """Play on until a part of the table offers the human several decisions; that part."""
    from splendor.ui.saba.targets import places

    assert table.layout is not None
    while not session.is_over():
        if session.human_to_act():
            view = session.view()
            for target, _ in places(table.layout, view, session.data):
                if len(legal_at(view, session.data, target)) > 1:
                    return target
            session.play(view.legal_actions[0])
        else:
            session.poll()
            session.commit_incoming()
    raise AssertionError("no part offered several decisions in this game")


def render_saba(app: App, game: Game, shot: Callable[[str], None]) -> None:
    """Render SABA_PICTURES through `shot(name)` with the window's flow `game`."""
    import pygame

    from splendor.ui.game_tables import screens
    from splendor.ui.saba.table import SabaTableScene

    saba = find_game("saba")
    app.stack.replace(game.menu_scene())
    game.games.open()
    shot("saba_choose_game")
    game.games.choose(saba)
    shot("saba_notice")
    notice = app.stack.top
    assert notice is not None
    notice.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    shot("saba_new_game")

    game.start(saba_options(["human", "hard"]))
    session = game.session
    assert isinstance(session, SabaSession)
    session.autoplay(6, "hard", seed=5)
    _play_on(session, Step.BUILD)
    table = app.stack.top
    assert isinstance(table, SabaTableScene)
    table.speed = 50.0
    table.update(0.0)
    shot("saba_table_2p")
    # A card of build space 2 right-clicked: shown large, its invented values marked.
    assert table.layout is not None
    card = table.layout.spaces[1].center
    table.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=card, button=3))
    shot("saba_zoom")
    table.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    session.hint_simulations = 1
    table.ask_hint()
    table.update(0.0)
    table.update(0.0)
    shot("saba_hint")
    # A card the player cannot pay for, clicked: the engine's reason in words, and the
    # pointer resting on a quarter: what it does.
    too_dear = next(
        (c for c in session.view().display if session.why_illegal(Buy(c.id)) is not None), None
    )
    if too_dear is not None:
        table.click(Target("card", too_dear.id))
    assert table.layout is not None
    quarter = table.layout.quarters[0]
    table.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=quarter.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    table.update(0.0)
    shot("saba_refusal")
    table.cancel()
    table.handle_event(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0))
    )
    # A part with several decisions (an action card showing several materials, a quarter
    # to use or to put a figure into): its choices as buttons.
    table.click(_several(session, table))
    table.update(0.0)
    shot("saba_choice")
    table.cancel()
    game.close()

    game.start(saba_options(["human", "medium", "hard", "easy"], seed=7))
    session = game.session
    assert isinstance(session, SabaSession)
    session.autoplay(9, "medium", seed=4)
    _play_on(session, Step.START)
    table = app.stack.top
    assert isinstance(table, SabaTableScene)
    table.update(0.0)
    shot("saba_table_4p")
    game.pause()
    shot("saba_pause")
    screens(saba).rules(game, session)  # the pause menu's Rules: Saba's own page
    shot("saba_rules")
    app.stack.pop()
    app.stack.pop()

    session.autoplay(400, "hard", seed=6)
    table.update(0.0)  # the table sees the end: the results over it
    shot("saba_results")
    game.close()
