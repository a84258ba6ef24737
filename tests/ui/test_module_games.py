"""A whole two-player game of each Cities of Splendor module against the hard bot, seat 0
played with posted mouse events only, from the first move to the results screen.

Seat 0's moves are chosen by a hard bot from seat 0's view; every one of them is then made
the way a player makes it: tokens dragged from the bank, cards and decks clicked and the
action panel's buttons pressed (double golds, the sacrifice's overlay), the decision
overlays' pictures and buttons clicked, a post's gem taken from a bank pile, strongholds
placed, moved and removed by clicks on the table. Bots decide in this process.
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any

import pygame
import pytest

from splendor.bots import make_bot
from splendor.engine import (
    Action,
    Buy,
    ChooseNoble,
    Phase,
    Reserve,
    ReserveDeck,
    Return,
    Take,
    TakeTwo,
)
from splendor.engine.actions import (
    ChooseCity,
    ChoosePost,
    Conquer,
    Decline,
    Pair,
    ReserveNoble,
    Stronghold,
    TakeFree,
    TakeGem,
)
from splendor.engine.expansion import ExpansionState
from splendor.i18n import tr
from splendor.session.game import Session
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.options import GameOptions, SeatOption
from splendor.ui.scenes.module_choice import (
    CityChoiceScene,
    ConquestScene,
    FreeCardScene,
    KeepNobleScene,
    PairChoiceScene,
    PostChoiceScene,
    SacrificeScene,
)
from splendor.ui.scenes.noble_choice import NobleChoiceScene
from splendor.ui.scenes.picture_choice import PictureChoiceScene
from splendor.ui.scenes.results import ResultsScene
from splendor.ui.scenes.table import TableScene
from splendor.ui.scenes.table_step import GemStepScene, StrongholdStepScene
from splendor.ui.scenes.token_return import TokenReturnScene
from splendor.ui.table.hits import Hit
from splendor.ui.table.layout import TableLayout
from tests.ui.gestures import Pos, click, drag, frame

SPEED = 50.0
MAX_WAIT_FRAMES = 4000

#: The overlay (or table panel) each decision phase puts on top.
ON_TOP: dict[Phase, type] = {
    Phase.RETURN: TokenReturnScene, Phase.NOBLE: NobleChoiceScene,
    Phase.CITY: CityChoiceScene, Phase.POST: PostChoiceScene, Phase.GEM: GemStepScene,
    Phase.PAIR: PairChoiceScene, Phase.FREE: FreeCardScene,
    Phase.KEEP_NOBLE: KeepNobleScene, Phase.STRONGHOLD: StrongholdStepScene,
    Phase.CONQUEST: ConquestScene,
}


def layout_of(table: TableScene) -> TableLayout:
    assert table.layout is not None
    return table.layout


def _rects(value: object) -> list[pygame.Rect]:
    if isinstance(value, pygame.Rect):
        return [value]
    if isinstance(value, list | tuple):
        return [r for item in value for r in _rects(item)]
    return []


def where(table: TableScene, target: Hit) -> Pos:
    """The centre of a place of the table's layout where a click hits `target` (a card,
    a deck of either kind, a bank pile...), whatever the layout calls it."""
    lay = layout_of(table)
    places = [r for f in dataclasses.fields(lay) for r in _rects(getattr(lay, f.name))]
    places += [rect for _, rect in table.reserved_rects()]
    for rect in places:
        if table.hit(rect.center) == target:
            return rect.center
    raise AssertionError(f"nothing on the table is {target}")


def panel_button(table: TableScene, name: str) -> Pos:
    found = [b for b in table.buttons if b.key == name and b.enabled]
    assert found, f"no enabled {name!r} button (buttons: {[b.key for b in table.buttons]}, " \
                  f"message: {table.ui.message!r})"
    return found[0].rect.center


def option_for(overlay: PictureChoiceScene, wanted: Action) -> Pos:
    for option, rect in zip(overlay._options, overlay._tiles, strict=True):
        if option.action == wanted:
            return rect.center
    raise AssertionError(f"{wanted} is not offered: {[o.action for o in overlay._options]}")


def button_of(overlay: PictureChoiceScene, label: str) -> Pos:
    for rect, text, _, _ in overlay._buttons:
        if text == label:
            return rect.center
    raise AssertionError(f"no button {label!r}")


# ------------------------------------------------------------------ one move by mouse


def perform(app: App, table: TableScene, session: Session, action: Action) -> str:
    """Make `action` with the mouse as a player would; return the gesture's name."""
    top = app.stack.top
    data = session.data
    if isinstance(action, Return):
        assert isinstance(top, TokenReturnScene)
        for color, n in enumerate(action.tokens):
            for _ in range(n):
                click(app, top._token_rects[color].center)
        click(app, top._confirm.center)
        return "return"
    if isinstance(action, ChooseNoble):
        assert isinstance(top, NobleChoiceScene)
        click(app, dict(top._rects)[action.noble_id].center)
        return "noble"
    if isinstance(action, ChooseCity | ChoosePost | TakeFree | ReserveNoble):
        assert isinstance(top, PictureChoiceScene), f"{action} but {top} is on top"
        click(app, option_for(top, action))
        return action.kind
    if isinstance(action, Pair):
        # One option per colour: the card of the colour the bot chose.
        assert isinstance(top, PairChoiceScene)
        colour = data.card_by_id[action.card_id].bonus
        for option, rect in zip(top._options, top._tiles, strict=True):
            assert isinstance(option.action, Pair)
            if data.card_by_id[option.action.card_id].bonus == colour:
                click(app, rect.center)
                return "pair"
        raise AssertionError(f"no pairing with colour {colour}")
    if isinstance(action, Conquer | Decline):
        assert isinstance(top, ConquestScene)
        assert not isinstance(action, Conquer) or action.payment is None
        label = "decide.conquest.conquer" if isinstance(action, Conquer) \
            else "decide.conquest.decline"
        click(app, button_of(top, tr(label)))
        return action.kind
    if isinstance(action, TakeGem):
        assert isinstance(top, GemStepScene)
        click(app, where(table, Hit("bank", action.color)))
        return "gem"
    if isinstance(action, Stronghold):
        assert isinstance(top, StrongholdStepScene)
        if top.mode != action.how:
            click(app, next(r.center for r, mode, _ in top._buttons if mode == action.how))
        if action.source is not None:
            click(app, where(table, Hit("card", action.source)))
        click(app, where(table, Hit("card", action.card_id)))
        return f"hold:{action.how}"
    assert top is table, f"{action} but {top} is on top"
    if isinstance(action, Take | TakeTwo):
        colors = list(action.colors) if isinstance(action, Take) else [action.color] * 2
        for color in colors:
            drag(app, where(table, Hit("bank", color)), layout_of(table).my_area.center,
                 steps=4)
        click(app, panel_button(table, "confirm"))
        return action.kind
    if isinstance(action, Reserve):
        click(app, where(table, Hit("card", action.card_id)))
        click(app, panel_button(table, "reserve"))
        return "reserve"
    if isinstance(action, ReserveDeck):
        click(app, where(table, Hit("orient_deck" if action.orient else "deck",
                                    action.level)))
        click(app, panel_button(table, "reserve_blind"))
        return "reserve_orient" if action.orient else "reserve_deck"
    if isinstance(action, Buy):
        assert action.payment is None, f"{action}: only default payments are chosen"
        click(app, where(table, Hit("card", action.card_id)))
        assert table.ui.selected == Hit("card", action.card_id), table.ui.message
        if action.discard:
            click(app, panel_button(table, "sacrifice"))
            overlay = app.stack.top
            assert isinstance(overlay, SacrificeScene)
            for card, rect in zip(overlay.candidates, overlay._tiles, strict=True):
                if (card.id in overlay.marked) != (card.id in action.discard):
                    click(app, rect.center)
            assert overlay.marked == set(action.discard)
            click(app, button_of(overlay, tr("decide.sacrifice.confirm")))
            return "buy:sacrifice"
        if action.doubles:
            click(app, panel_button(table, f"doubles_{action.doubles}"))
            return "buy:doubles"
        click(app, panel_button(table, "buy"))
        return "buy"
    raise AssertionError(f"no gesture for {action}")


def same_move(played: Action, chosen: Action, session: Session) -> bool:
    """`played` is `chosen`, or the pairing with another card of the same colour."""
    if isinstance(played, Pair) and isinstance(chosen, Pair):
        cards = session.data.card_by_id
        return cards[played.card_id].bonus == cards[chosen.card_id].bonus
    return played == chosen


# ------------------------------------------------------------------ a whole game


def human_may_act(app: App, table: TableScene, session: Session) -> bool:
    top = app.stack.top
    if isinstance(top, ResultsScene):
        return True
    state = session.state
    if state.current_player() != 0 or table.show.running or session.incoming is not None:
        return False
    if state.phase is Phase.MAIN:
        return top is table and table.acting()
    return isinstance(top, ON_TOP[state.phase])


def run_until(app: App, done: Any, what: str) -> None:
    for _ in range(MAX_WAIT_FRAMES):
        if done():
            return
        frame(app)
    raise AssertionError(f"gave up waiting for {what}")


def play_module_game(app: App, module: str, seed: int) -> tuple[Session, set[str]]:
    game = Game(app)
    game.prefs.speed = SPEED
    game.start(GameOptions((SeatOption("human", "Ada"), SeatOption("hard", "Hard bot")),
                           first_player=0, seed=seed, module=module))
    table = app.stack.top
    assert isinstance(table, TableScene) and game.session is not None
    session = game.session
    app.step(0.0)
    policy = make_bot("hard", seed + 1)  # decides from seat 0's view only
    kinds: set[str] = set()
    mine: list[Action] = []
    started = time.monotonic()
    while True:
        run_until(app, lambda: human_may_act(app, table, session), "the human's turn")
        if isinstance(app.stack.top, ResultsScene):
            break
        chosen = policy.choose(session.view(0))
        before = len(session.state.history)
        kinds.add(perform(app, table, session, chosen))
        history = session.state.history
        assert len(history) > before, (
            f"{chosen} was not played; message: {table.ui.message!r}, top: {app.stack.top}")
        assert same_move(history[before], chosen, session), f"{history[before]} != {chosen}"
        mine.append(history[before])
        assert time.monotonic() - started < 240, "the game is taking far too long"
    state = session.state
    assert state.is_over()
    assert [e.action for e in session.log] == list(state.history)
    assert [e.action for e in session.log if e.seat == 0] == mine
    assert any(e.seat == 1 for e in session.log)
    game.close()
    return session, kinds


#: The module, the deal's seed and gestures the game must include (a choice between
#: several cities or posts at once is rare in play: the decision tests make those).
GAMES = [
    ("cities", 4, {"take", "take2", "buy", "reserve", "return"}),
    ("trading-posts", 1, {"take", "take2", "buy", "gem"}),
    # Two Orient deals, which between them use every Orient gesture (no single seeded game
    # with today's bots makes them all).
    ("orient", 23, {"take", "buy", "buy:doubles", "buy:sacrifice", "pair", "free"}),
    ("orient", 24, {"take", "buy", "buy:sacrifice", "pair", "free", "reserve_noble"}),
    ("strongholds", 3, {"buy", "conquer", "hold:place", "hold:move", "hold:remove"}),
]


@pytest.mark.parametrize(("module", "seed", "expected"), GAMES,
                         ids=[f"{g[0]}-{g[1]}" for g in GAMES])
def test_a_whole_module_game_against_the_hard_bot_by_mouse(
        app: App, module: str, seed: int, expected: set[str]) -> None:
    session, kinds = play_module_game(app, module, seed)
    state = session.state
    assert state.setup.module == module
    assert expected <= kinds, f"missing gestures: {expected - kinds} (made: {kinds})"
    if module == "cities":
        assert isinstance(state, ExpansionState) and state.end_reason == "city"
        assert any(p.city is not None for p in state.players)
