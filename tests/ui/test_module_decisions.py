"""Every Cities of Splendor decision made with the mouse (and the keyboard where the base
game has it) from a built position, through the real table and its overlays: posted
events carrying `pos`, the real scene stack, bots deciding in this process.

The positions come from `splendor.devtools.decision_positions`; the action that leads to the
decision is played through the table, then the decision by clicks on what the overlay or
the table shows. Refused choices show the engine's reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

import pygame
import pytest

from splendor import i18n
from splendor.bots import make_bot
from splendor.devtools.decision_positions import (
    DOUBLES_CARD,
    KINDS,
    SACRIFICE_CARD,
    decision_position,
)
from splendor.engine import Buy, Card, GameState, Phase, ReserveDeck, build_position
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
from splendor.gamedata import base_game
from splendor.i18n import tr
from splendor.session.game import Session
from splendor.ui import textfit, theme
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.options import GameOptions, SeatOption
from splendor.ui.scene import Scene
from splendor.ui.scenes.module_choice import (
    CityChoiceScene,
    ConquestScene,
    FreeCardScene,
    KeepNobleScene,
    PairChoiceScene,
    PostChoiceScene,
    SacrificeScene,
)
from splendor.ui.scenes.pass_screen import PassScreenScene
from splendor.ui.scenes.picture_choice import PictureChoiceScene
from splendor.ui.scenes.table import TableScene
from splendor.ui.scenes.table_step import GemStepScene, StrongholdStepScene
from splendor.ui.table.hits import Hit, module_rects
from splendor.ui.table.panel import PanelToken
from splendor.ui.wording import hint_text
from tests.engine.modules.support import player
from tests.helpers import hint_after, play_until, position_session
from tests.ui.gestures import Pos, click, hover, key

WHITE, BLUE, GREEN, RED, BLACK = range(5)
DATA = base_game()
S = TypeVar("S", bound=Scene)

#: The overlay each decision opens.
OVERLAYS: dict[str, type[Any]] = {
    "city": CityChoiceScene, "post": PostChoiceScene, "gem": GemStepScene,
    "gem_two": GemStepScene, "pair": PairChoiceScene, "free": FreeCardScene,
    "keep_noble": KeepNobleScene, "conquest": ConquestScene,
    "stronghold": StrongholdStepScene, "sacrifice": SacrificeScene,
}


def panel_button(table: TableScene, name: str) -> Pos:
    found = [b for b in table.buttons if b.key == name]
    assert found, f"no {name!r} button (buttons: {[b.key for b in table.buttons]})"
    assert found[0].enabled, f"the {name!r} button is disabled"
    return found[0].rect.center


def card_pos(table: TableScene, card_id: str) -> Pos:
    rect = table.market_rect(card_id)
    assert rect is not None, f"{card_id} is not face up on the table"
    return rect.center


def tile(overlay: PictureChoiceScene, index: int) -> Pos:
    return overlay._tiles[index].center


def button_of(overlay: PictureChoiceScene, label: str) -> Pos:
    for rect, text, _, _ in overlay._buttons:
        if text == label:
            return rect.center
    raise AssertionError(f"no button {label!r} in {[b[1] for b in overlay._buttons]}")


# ------------------------------------------------------------------ positions


def open_built(app: App, state: GameState, kinds: Sequence[str] = ("human", "hard")
               ) -> tuple[Game, Session, TableScene]:
    """`state` (a built position) on the table of a real game window, seats of `kinds`."""
    game = Game(app)
    session = position_session(state, list(kinds), bots=game.bots())
    game.open_session(session)
    table = app.stack.top
    assert isinstance(table, TableScene)
    app.step(0.0)
    return game, session, table


def open_position(app: App, kind: str, kinds: tuple[str, str] = ("human", "hard")
                  ) -> tuple[Game, Session, TableScene]:
    """The position of `kind` on the table of a real game window, its leading action
    played through the table, bots deciding in this process."""
    state, action = decision_position(kind, DATA, names=["Ada", "Bot"])
    game, session, table = open_built(app, state, kinds)
    if action is not None:
        assert table.play(action), table.ui.message
        app.step(0.05)
    return game, session, table


def on_top(app: App) -> Scene | None:
    """The scene on top now (a call: no earlier check on `app.stack.top` narrows it)."""
    return app.stack.top


def decided(session: Session) -> list[str]:
    """The texts of the actions played so far."""
    return [a.text() for a in session.state.history]


def overlay_of(app: App, kind: type[S]) -> S:
    """The scene on top, which must be a `kind`."""
    top = app.stack.top
    assert isinstance(top, kind), f"{kind.__name__} expected, {type(top).__name__} is on top"
    return top


# ------------------------------------------------------------------ the choices


def test_a_city_is_chosen_by_a_click_on_its_tile(app: App) -> None:
    game, session, table = open_position(app, "city")
    overlay = overlay_of(app, CityChoiceScene)
    assert [o.choose is not None for o in overlay._options] == [True, True]
    hover(app, tile(overlay, 1))
    assert overlay.focus.hovered() == 1  # lit under the pointer
    click(app, tile(overlay, 1))
    assert session.state.history[1] == ChooseCity("C09")
    assert app.stack.top is table
    assert player(session.state, 0).city is not None
    game.close()


def test_a_city_is_chosen_with_the_keyboard(app: App) -> None:
    game, session, _ = open_position(app, "city")
    overlay_of(app, CityChoiceScene)
    key(app, pygame.K_TAB)  # to the second city, the focus ring shown
    key(app, pygame.K_LEFT)  # back to the first
    key(app, pygame.K_RETURN)
    assert session.state.history[1] == ChooseCity("C04")
    game.close()


def test_a_trading_post_is_claimed_by_a_click(app: App) -> None:
    game, session, _ = open_position(app, "post")
    overlay = overlay_of(app, PostChoiceScene)
    captions = [o.caption for o in overlay._options]
    assert captions[2].startswith(tr("decide.post.caption", number=5))
    click(app, tile(overlay, 2))
    assert session.state.history[1] == ChoosePost(5)
    assert player(session.state, 0).posts == [5]
    game.close()


def test_the_gem_of_post_one_comes_from_a_click_on_a_bank_pile(app: App) -> None:
    game, session, table = open_position(app, "gem")
    overlay_of(app, GemStepScene)
    assert table.layout is not None
    held = player(session.state, 0).tokens[RED]
    click(app, table.layout.bank[RED].center)
    assert session.state.history[1] == TakeGem(RED)
    assert player(session.state, 0).tokens[RED] == held + 1
    assert app.stack.top is table
    game.close()


def test_the_gem_of_post_two_refuses_the_colour_taken_then_takes_from_the_panel(
        app: App) -> None:
    game, session, table = open_position(app, "gem_two")
    overlay = overlay_of(app, GemStepScene)
    assert table.layout is not None
    before = session.state.key()
    click(app, table.layout.bank[RED].center)  # the two just taken were red
    assert overlay.refusal is not None and overlay.refusal.code == "not_offered"
    assert overlay.message == tr("reason.not_offered")
    assert session.state.key() == before and app.stack.top is overlay
    click(app, overlay._tokens[RED].center)  # the red token in the panel: refused too
    assert session.state.key() == before
    click(app, overlay._tokens[GREEN].center)
    assert session.state.history[1] == TakeGem(GREEN)
    assert on_top(app) is table
    game.close()


def test_pairing_is_chosen_by_colour(app: App) -> None:
    game, session, _ = open_position(app, "pair")
    overlay = overlay_of(app, PairChoiceScene)
    # one option per colour held: white, blue, green and red (two red cards)
    assert [o.caption for o in overlay._options] == [
        tr("decide.pair.caption", 2, color="white"), tr("decide.pair.caption", 1, color="blue"),
        tr("decide.pair.caption", 1, color="green"), tr("decide.pair.caption", 2, color="red")]
    red_before = player(session.state, 0).bonuses[RED]
    click(app, tile(overlay, 3))
    played = session.state.history[1]
    assert isinstance(played, Pair) and DATA.card_by_id[played.card_id].bonus == RED
    assert player(session.state, 0).bonuses[RED] == red_before + 1
    game.close()


def test_a_free_card_then_its_own_ability_the_noble_to_keep(app: App) -> None:
    game, session, table = open_position(app, "free")
    overlay = overlay_of(app, FreeCardScene)
    assert len(overlay._tiles) == 6  # four base level 2 cards and two Orient ones
    click(app, tile(overlay, 4))  # O2-08, which keeps a noble aside
    assert session.state.history[1] == TakeFree("O2-08")
    keep = overlay_of(app, KeepNobleScene)
    assert len(keep._tiles) == 3
    click(app, tile(keep, 1))
    assert session.state.history[2] == ReserveNoble("N02")
    assert [n.id for n in player(session.state, 0).kept_nobles] == ["N02"]
    assert app.stack.top is table or session.current == 1
    game.close()


def test_the_noble_to_keep_with_the_keyboard(app: App) -> None:
    game, session, _ = open_position(app, "keep_noble")
    overlay_of(app, KeepNobleScene)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_SPACE)
    assert session.state.history[1] == ReserveNoble("N03")
    game.close()


def test_the_conquest_declined(app: App) -> None:
    game, session, _ = open_position(app, "conquest")
    overlay = overlay_of(app, ConquestScene)
    assert overlay._options[0].choose is None  # the card is shown, not chosen
    assert overlay._options[0].tokens == (2, 0, 0, 0, 2, 0)
    click(app, tile(overlay, 0))  # a click on the card decides nothing
    assert app.stack.top is overlay and len(session.state.history) == 1
    click(app, button_of(overlay, tr("decide.conquest.decline")))
    assert session.state.history[1] == Decline()
    assert player(session.state, 0).purchased[-1].id != "L2-14"
    game.close()


def test_the_conquest_accepted_then_the_stronghold_step(app: App) -> None:
    game, session, table = open_position(app, "conquest")
    overlay = overlay_of(app, ConquestScene)
    click(app, button_of(overlay, tr("decide.conquest.conquer")))
    assert session.state.history[1] == Conquer("L2-14")
    assert player(session.state, 0).purchased[-1].id == "L2-14"
    # a conquest is a purchase: the strongholds came home, one is placed again
    step = overlay_of(app, StrongholdStepScene)
    assert step.mode == "place"
    target = next(a.card_id for a in session.view().legal_actions
                  if isinstance(a, Stronghold))
    click(app, card_pos(table, target))
    assert session.state.history[2] == Stronghold("place", target)
    game.close()


# ------------------------------------------------------------------ strongholds


def test_a_stronghold_placed_on_a_ringed_card_and_refused_on_another(app: App) -> None:
    game, session, table = open_position(app, "stronghold")
    step = overlay_of(app, StrongholdStepScene)
    offered = {rect.center for rect, _, ok in step._targets if ok}
    assert card_pos(table, "L2-01") in offered
    assert card_pos(table, "L2-03") not in offered  # two of the bot's strongholds
    before = session.state.key()
    click(app, card_pos(table, "L2-03"))
    assert step.message == tr("reason.not_offered")
    assert session.state.key() == before and app.stack.top is step
    click(app, card_pos(table, "L2-01"))
    assert session.state.history[1] == Stronghold("place", "L2-01")
    assert ("L2-01", 0, 1) in session.view(0).holds
    game.close()


def test_a_stronghold_moved_from_one_card_to_another(app: App) -> None:
    game, session, table = open_position(app, "stronghold")
    step = overlay_of(app, StrongholdStepScene)
    move = next(rect for rect, mode, _ in step._buttons if mode == "move")
    click(app, move.center)
    assert step.mode == "move" and step.source is None
    click(app, card_pos(table, "L2-02"))  # none of Ada's strongholds there
    assert step.message == tr("decide.stronghold.not_yours")
    click(app, card_pos(table, "L1-06"))
    assert step.source == "L1-06"
    click(app, card_pos(table, "L1-06"))  # its card again: choose another
    assert step.source is None
    click(app, card_pos(table, "L3-05"))
    click(app, card_pos(table, "L2-04"))
    assert session.state.history[1] == Stronghold("move", "L2-04", "L3-05")
    holds = {card: (owner, n) for card, owner, n in session.view(0).holds}
    assert "L3-05" not in holds and holds["L2-04"] == (0, 1)
    game.close()


def test_an_opponents_lone_stronghold_removed(app: App) -> None:
    game, session, table = open_position(app, "stronghold")
    step = overlay_of(app, StrongholdStepScene)
    remove = next(rect for rect, mode, _ in step._buttons if mode == "remove")
    click(app, remove.center)
    offered = [rect.center for rect, _, ok in step._targets if ok]
    assert offered == [card_pos(table, "L1-13")]
    click(app, card_pos(table, "L1-13"))
    assert session.state.history[1] == Stronghold("remove", "L1-13")
    assert "L1-13" not in {card for card, _, _ in session.view(0).holds}
    game.close()


def test_the_stronghold_step_with_the_keyboard(app: App) -> None:
    game, session, _ = open_position(app, "stronghold")
    step = overlay_of(app, StrongholdStepScene)
    for _ in range(3):  # past the three buttons: the first ringed card
        key(app, pygame.K_TAB)
    assert step.focus.visible
    key(app, pygame.K_RETURN)
    played = session.state.history[1]
    assert isinstance(played, Stronghold) and played.how == "place"
    game.close()


# ------------------------------------------------------------------ the action panel


def test_buying_with_a_double_gold_from_the_panel(app: App) -> None:
    game, session, table = open_position(app, "doubles")
    click(app, card_pos(table, DOUBLES_CARD))
    assert table.ui.selected == Hit("card", DOUBLES_CARD)
    buy = next(b for b in table.buttons if b.key == "buy")
    assert not buy.enabled  # one white token is not enough without a double gold
    assert [b.label for b in table.buttons if b.key.startswith("doubles_")] == [
        tr("decide.button.doubles", 1), tr("decide.button.doubles", 2)]
    click(app, panel_button(table, "doubles_1"))
    assert session.state.history[0] == Buy(DOUBLES_CARD, doubles=1)
    assert len(player(session.state, 0).doubles) == 1
    assert player(session.state, 0).tokens[WHITE] == 0
    game.close()


def test_with_trading_post_three_the_panel_shows_a_gold_paying_two(app: App) -> None:
    # Post 3 held (3 blue, 1 black): one white and one gold pay L1-25's three white.
    state = build_position(DATA, 2, module="trading-posts", names=["Ada", "Bot"],
                           market={1: ["L1-25", "L1-02", "L1-03", "L1-04"]},
                           seats=[{"purchased": ["L1-09", "L1-10", "L1-11", "L1-33"],
                                   "posts": [3], "tokens": {"white": 1, "gold": 1}}])
    game, session, table = open_built(app, state)
    click(app, card_pos(table, "L1-25"))
    assert table.panel is not None
    paid = sorted(item.color for item in table.panel.items if isinstance(item, PanelToken))
    assert paid == [WHITE, 5]  # one white, one gold
    assert [b.key for b in table.buttons].count("other_payment") == 0
    click(app, panel_button(table, "buy"))
    assert session.state.history[0] == Buy("L1-25")
    assert player(session.state, 0).tokens == [0, 0, 0, 0, 0, 0]
    game.close()


def test_reserving_blind_from_an_orient_deck(app: App) -> None:
    game, session, table = open_position(app, "doubles")
    assert table.layout is not None
    deck = table.layout.orient_decks[1]  # level 2
    click(app, deck.center)
    assert table.ui.selected == Hit("orient_deck", 2)
    assert [b.key for b in table.buttons][:1] == ["reserve_blind"]
    click(app, panel_button(table, "reserve_blind"))
    assert session.state.history[0] == ReserveDeck(2, orient=True)
    reserved = session.view(0).me.reserved[-1]
    assert isinstance(reserved, Card) and reserved.orient and reserved.level == 2
    game.close()


def test_a_click_on_the_towers_of_a_card_selects_the_card(app: App) -> None:
    state = build_position(DATA, 2, module="strongholds", names=["Ada", "Bot"],
                           market={1: ["L1-02", "L1-06", "L1-13", "L1-17"]},
                           holds={"L1-02": (0, 2)}, seats=[{"tokens": {"blue": 3}}])
    game, session, table = open_built(app, state)
    assert table.layout is not None
    towers = next(rect for hit, rect in module_rects(table.layout, table.view())
                  if hit == Hit("hold", "L1-02"))
    click(app, towers.center)
    assert table.ui.selected == Hit("card", "L1-02")
    click(app, panel_button(table, "buy"))
    assert session.state.history[0] == Buy("L1-02")
    overlay_of(app, StrongholdStepScene)  # its strongholds came home; one goes out again
    game.close()


def test_a_sacrifice_chooses_the_cards_to_give_up_and_says_why_a_set_will_not_do(
        app: App) -> None:
    game, session, table = open_position(app, "sacrifice")
    click(app, card_pos(table, SACRIFICE_CARD))
    click(app, panel_button(table, "sacrifice"))
    overlay = overlay_of(app, SacrificeScene)
    ids = [c.id for c in overlay.candidates]
    assert ids == ["L1-33", "L1-34", "L1-35", "O1-07"]
    assert overlay.marked == {"L1-33", "O1-07"}  # the paired card goes first
    click(app, tile(overlay, ids.index("O1-07")))  # unmarked: not a set the rules allow
    click(app, button_of(overlay, tr("decide.sacrifice.confirm")))
    assert overlay.refusal is not None and overlay.refusal.code == "sacrifice_choice"
    assert overlay.message == tr("reason.sacrifice_choice")
    assert app.stack.top is overlay and session.state.history == ()
    click(app, tile(overlay, ids.index("O1-07")))
    click(app, tile(overlay, ids.index("L1-33")))
    click(app, tile(overlay, ids.index("L1-35")))
    assert overlay.marked == {"L1-35", "O1-07"}
    click(app, button_of(overlay, tr("decide.sacrifice.confirm")))
    assert session.state.history[0] == Buy(SACRIFICE_CARD, discard=("L1-35", "O1-07"))
    assert table.ui.selected is None  # the bought card's selection went with it
    game.close()


def test_the_sacrifice_choice_closes_with_escape_buying_nothing(app: App) -> None:
    game, session, table = open_position(app, "sacrifice")
    click(app, card_pos(table, SACRIFICE_CARD))
    click(app, panel_button(table, "sacrifice"))
    overlay_of(app, SacrificeScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is table and session.state.history == ()
    assert table.ui.selected == Hit("card", SACRIFICE_CARD)
    game.close()


# ------------------------------------------------------------------ who sees what


def test_a_bots_step_opens_nothing(app: App) -> None:
    """The bot (seat 0 here) decides its own city; no overlay ever opens for it."""
    game = Game(app)
    state, action = decision_position("city", DATA, names=["Bot", "Ada"])
    session = position_session(state, ["hard", "human"], bots=game.bots())
    assert action is not None and session.play(action) is not None  # not Ada's move
    game.open_session(session)
    seen: list[str] = []
    for _ in range(200):
        app.step(0.05)
        seen.append(type(app.stack.top).__name__)
        if session.current == 1 and session.state.phase is Phase.MAIN:
            break
    assert player(session.state, 0).city is not None
    assert set(seen) <= {"TableScene"}, seen
    game.close()


def test_hot_seat_the_pass_screen_comes_before_the_step(app: App) -> None:
    game = Game(app)
    state, action = decision_position("city", DATA, names=["Ada", "Bob"])
    session = position_session(state, ["human", "human"], bots=game.bots())
    session.reveal(0)
    assert action is not None and session.play(action) is None
    session.revealed = None  # as after a load: nobody has said who is at the screen
    game.open_session(session)
    app.step(0.05)
    pass_screen = overlay_of(app, PassScreenScene)
    assert pass_screen is not None
    click(app, (app.size[0] // 2, app.size[1] // 2))
    overlay_of(app, CityChoiceScene)
    game.close()


# ------------------------------------------------------------------ every overlay fits


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)], ids=["1024x600", "1280x720"])
@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_every_decision_overlay_fits_in_every_language(code: str, size: Pos) -> None:
    i18n.set_language(code)
    app = App(size)
    try:
        for kind in KINDS:
            if kind == "doubles":
                continue
            game, _, table = open_position(app, kind)
            if kind == "sacrifice":
                table.choose_sacrifice(SACRIFICE_CARD)
            top = overlay_of(app, OVERLAYS[kind])
            # with a refusal shown too, where one can be
            if kind == "gem_two":
                top.choose(RED)
            with textfit.audit() as misfits:
                app.stack.draw(app.screen)
            assert not misfits, f"{kind} in {code} at {size}: " + "; ".join(
                f"{m.text!r}: {m.problem}" for m in misfits)
            box = top.box(app.screen)
            assert app.screen.get_rect().contains(box), f"{kind}: {box} leaves the window"
            if isinstance(top, PictureChoiceScene):
                for rect in top._tiles:
                    assert box.contains(rect), f"{kind}: a picture leaves the box"
            game.close()
    finally:
        while app.stack.scenes:
            app.stack.pop()


# ------------------------------------------------------------------ saved in a step


@pytest.mark.parametrize(("module", "seed", "phase", "overlay"), [
    ("strongholds", 5, Phase.STRONGHOLD, StrongholdStepScene),
    ("orient", 5, Phase.PAIR, PairChoiceScene),
    ("trading-posts", 1, Phase.GEM, GemStepScene),
], ids=["stronghold", "pair", "gem"])
def test_continue_in_the_middle_of_a_step_opens_its_overlay(
        app: App, module: str, seed: int, phase: Phase, overlay: type) -> None:
    """A game left while the human was deciding a step (autosaved as it stood) opens on
    that step's overlay when continued."""
    game = Game(app)
    game.start(GameOptions((SeatOption("human", "Ada"), SeatOption("hard", "Bot")),
                           first_player=0, seed=seed, module=module))
    session = game.session
    assert isinstance(session, Session)  # a game at one screen
    policy = make_bot("hard", seed + 1)
    play_until(session, lambda: session.state.phase is phase and session.current == 0,
               human=lambda view: policy.choose(view))
    game.autosave()
    game.close()
    resumed = Game(app)
    resumed.continue_game()
    app.step(0.05)
    overlay_of(app, overlay)
    assert resumed.session is not None and resumed.session.state.phase is phase
    resumed.close()


# ------------------------------------------------------------------ undo and hint


def test_undo_in_a_decision_box_takes_the_whole_move_back(app: App) -> None:
    game, session, table = open_position(app, "pair")
    overlay = overlay_of(app, PairChoiceScene)
    before = len(session.state.history)
    assert before == 1  # the buy that asks for the pairing
    click(app, button_of(overlay, tr("table.button.undo")))
    assert session.state.history == [] and app.stack.top is table
    assert table.view().phase is Phase.MAIN
    game.close()


def test_ctrl_z_in_a_decision_box_does_the_same(app: App) -> None:
    game, session, table = open_position(app, "keep_noble")
    overlay_of(app, KeepNobleScene)
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert session.state.history == [] and app.stack.top is table
    game.close()


@pytest.mark.parametrize("kind", ["city", "pair", "keep_noble"])
def test_a_hint_in_a_decision_box_rings_the_experts_choice_and_says_why(
        app: App, kind: str) -> None:
    game, session, _ = open_position(app, kind)
    session.hint_simulations = 16
    overlay = overlay_of(app, OVERLAYS[kind])
    key(app, pygame.K_h)
    hint = hint_after(session, lambda: app.step(0.05))
    assert hint.action in session.view().legal_actions
    assert overlay.message == hint_text(hint, session.options.names, session.data)
    # One option is ringed: the hint's own (for pairing, the option of its colour).
    hinted = [i for i, o in enumerate(overlay._options) if overlay._hinted(o)]
    assert len(hinted) == 1
    shown = overlay._options[hinted[0]].action
    if kind == "pair":
        assert isinstance(shown, Pair) and isinstance(hint.action, Pair)
        assert DATA.card_by_id[shown.card_id].bonus == DATA.card_by_id[
            hint.action.card_id].bonus
    else:
        assert shown == hint.action
    surface = pygame.Surface(app.size)
    overlay.draw(surface)
    ring = overlay._tiles[hinted[0]].inflate(14, 14)
    assert surface.get_at((ring.centerx, ring.top + 1))[:3] == theme.OK
    # Asked once: the button is off until the choice is made.
    assert dict((label, on) for _, label, _, on in overlay._buttons)[
        tr("table.button.hint")] is False
    game.close()


def test_no_undo_or_hint_in_a_decision_box_between_humans(app: App) -> None:
    game, _, _ = open_position(app, "pair", kinds=("human", "human"))
    key(app, pygame.K_SPACE)  # past the pass screen
    overlay = overlay_of(app, PairChoiceScene)
    labels = [label for _, label, _, _ in overlay._buttons]
    assert tr("table.button.undo") not in labels and tr("table.button.hint") not in labels
    game.close()


@pytest.mark.parametrize("kind", ["stronghold", "gem"])
def test_the_steps_on_the_table_offer_undo_and_hint_too(app: App, kind: str) -> None:
    game, session, table = open_position(app, kind)
    session.hint_simulations = 16
    overlay = overlay_of(app, OVERLAYS[kind])
    labels = [label for _, label, _, on in overlay._assist_buttons if on]
    assert labels == [tr("table.button.undo"), tr("table.button.hint")]
    key(app, pygame.K_h)
    hint = hint_after(session, lambda: app.step(0.05))
    assert hint.action in session.view().legal_actions
    assert overlay.message == hint_text(hint, session.options.names, session.data)
    assert overlay.hinted(hint.action)  # ringed where it is chosen
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert session.state.history == [] and app.stack.top is table
    game.close()


def test_the_conquest_hint_rings_its_button(app: App) -> None:
    game, session, _ = open_position(app, "conquest")
    session.hint_simulations = 16
    overlay = overlay_of(app, ConquestScene)
    key(app, pygame.K_h)
    hint = hint_after(session, lambda: app.step(0.05))
    ringed = overlay.hinted_button(hint.action)
    assert ringed in {tr("decide.conquest.conquer"), tr("decide.conquest.decline")}
    assert ringed == (tr("decide.conquest.decline") if isinstance(hint.action, Decline)
                      else tr("decide.conquest.conquer"))
    game.close()


def test_a_card_the_bonuses_pay_for_says_so_instead_of_an_empty_payment(app: App) -> None:
    # Three white bonuses: L1-25 (three white) costs no token.
    state = build_position(DATA, 2, names=["Ada", "Bot"],
                           market={1: ["L1-25", "L1-05", "L1-06", "L1-07"]},
                           seats=[{"purchased": ["L1-02", "L1-03", "L1-04"]}])
    assert state.players[0].bonuses[WHITE] == 3
    game, _, table = open_built(app, state)
    click(app, card_pos(table, "L1-25"))
    assert table.panel is not None
    texts = [getattr(item, "text", "") for item in table.panel.items]
    assert tr("table.panel.free") in texts and tr("table.panel.pay") not in texts
    assert not [item for item in table.panel.items if isinstance(item, PanelToken)]
    game.close()
