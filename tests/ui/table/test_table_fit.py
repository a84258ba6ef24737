"""The table and its turn overlays in every language: all text comes from the catalogs,
follows a change of language at once, and fits its box at the smallest and the usual
window size, even in a language a third longer than English.

The longer language is English with every word lengthened by 35% (placeholders kept),
standing in for Portuguese, Spanish and French at their wordiest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from splendor import i18n
from splendor.bots import make_bot
from splendor.engine import (
    GOLD,
    GameState,
    Phase,
    Refusal,
    Take,
    build_position,
    parse_action,
)
from splendor.gamedata import base_game
from splendor.i18n import tr
from splendor.session.game import Session
from splendor.ui import textfit
from splendor.ui.app import App
from splendor.ui.scenes.noble_choice import NobleChoiceScene
from splendor.ui.scenes.pass_screen import PassScreenScene
from splendor.ui.scenes.table import TableScene
from splendor.ui.scenes.token_return import TokenReturnScene
from splendor.ui.table.hits import Hit
from splendor.ui.table.view import header_text
from tests.helpers import play_until, position_session

SIZES = [(1024, 600), (1280, 720)]
#: The real languages, and English lengthened by a third ("long").
LANGUAGES = [*i18n.LANGUAGES, "long"]
#: Player names as long as the new-game screen allows (16 characters).
LONG_NAMES = ("Bartholomew Kent", "Maximilianne Roe", "Wolfgang Amadeus", "Guinevere Smythe")
DATA = base_game()


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    application = App(request.param)
    yield application
    while application.stack.scenes:
        application.stack.pop()


# ------------------------------------------------------------------ positions


def _position(players: int = 2, **kwargs: Any) -> GameState:
    """A built position whose players have names as long as the new-game screen allows."""
    return build_position(DATA, players, names=LONG_NAMES[:players], **kwargs)


def _session(state: GameState, humans: int = 1) -> Session:
    """A session for `state`, its first `humans` seats human, the others hard bots."""
    return position_session(state, ["human" if i < humans else "hard"
                                    for i in range(state.num_players)])


def _played(players: int, turns: int) -> Session:
    """A real game `turns` turns in (the human's moves chosen by a hard bot too), with a
    long log, stopped where the human must make a main action."""
    session = _session(_position(players), humans=1)
    state = session.state
    policy = make_bot("hard", 40)
    play_until(session, lambda: state.turns >= turns and state.phase is Phase.MAIN
               and state.current == 0, human=policy.choose)
    return session


def _table(app: App, session: Session) -> TableScene:
    table = TableScene(session, on_finished=lambda session: None)
    app.stack.replace(table)
    return table


def _shown(app: App) -> None:
    """Run one frame's update, as the window does before drawing: the scenes lay out
    what the setup changed (a selection, a refusal)."""
    app.stack.update(0.0)


def _misfits(app: App) -> list[textfit.Misfit]:
    _shown(app)
    with textfit.audit() as misfits:
        app.stack.draw(app.screen)
    return list(misfits)


Setup = Callable[[App], object]


def _hint(app: App) -> object:
    """Mid-game, four players, the human to play: the hint, a full log and side panels."""
    return _table(app, _played(4, 30))


def _thinking(app: App) -> object:
    """A bot thinking in the final round, a refusal and a notice on the panel."""
    session = _played(2, 20)
    state = session.state
    state.final_round = True
    assert session.play(next(a for a in session.view(0).legal_actions
                             if isinstance(a, Take))) is None
    assert state.phase is Phase.MAIN and session.current == 1
    table = _table(app, session)
    table.ui.thinking = session.options.names[1]
    table.ui.refusal = Refusal("take_two_low", "", count=3, color=2, need=4)
    table.ui.notice = "Autosave failed: [Errno 28] No space left on device: '/home/someone'"
    return table


def _pending(app: App) -> object:
    table = _table(app, _played(2, 6))
    table.ui.pending = [0, 1, 2]
    table.ui.refusal = Refusal("take_each_left", "", count=2)
    return table


def _gold_payment(app: App) -> object:
    """A card that can be paid with gold in more than one way: the payment row and its button."""
    card = DATA.card_by_id["L1-33"]
    tokens = {name: n for name, n in zip(("white", "blue", "green", "red", "black"), card.cost,
                                         strict=True) if n}
    state = _position(market={1: ["L1-33"]},
                      seats=[{"tokens": {**tokens, "gold": 2},
                              "reserved": ["L3-01", "L2-01"], "blind": ["L2-01"],
                              "nobles": ["N01", "N02", "N03"], "purchased": ["L1-01"]}])
    table = _table(app, _session(state))
    table.select(Hit("card", "L1-33"))
    return table


def _cannot_afford(app: App) -> object:
    state = _position(market={3: ["L3-05"]})
    table = _table(app, _session(state))
    table.select(Hit("card", "L3-05"))
    return table


def _deck_refused(app: App) -> object:
    state = _position(seats=[{"reserved": ["L3-01", "L3-02", "L3-03"],
                              "blind": ["L3-01", "L3-02", "L3-03"]}])
    table = _table(app, _session(state))
    table.select(Hit("deck", 2))
    return table


def _only_pass(app: App) -> object:
    state = _position(
        seats=[{"tokens": {"white": 4, "blue": 4, "green": 2},
                "reserved": ["L3-01", "L3-02", "L3-03"]},
               {"tokens": {"green": 2, "red": 4, "black": 4}}],
        market={1: [None] * 4, 2: [None] * 4, 3: [None] * 4}, decks={1: [], 2: [], 3: []},
        partial=True)
    return _table(app, _session(state))


def _token_return(app: App) -> object:
    state = _position(seats=[{"tokens": {"white": 2, "blue": 2, "green": 2,
                                         "red": 2, "black": 1, "gold": 1}}])
    session = _session(state)
    assert session.play(parse_action("take white blue green")) is None
    _table(app, session)
    overlay = TokenReturnScene(session)
    app.stack.push(overlay)
    overlay.mark(GOLD)
    overlay.confirm()  # one of three: refused, and the reason is shown
    assert overlay.refusal is not None
    return overlay


def _noble_choice(app: App) -> object:
    bought = ["L1-04", "L1-05", "L1-06", "L1-07", "L1-12", "L1-13", "L1-14", "L1-15",
              "L1-33", "L1-34", "L1-35", "L1-36"]
    state = _position(seats=[{"purchased": bought}], nobles=["N01", "N02", "N07"])
    session = _session(state)
    assert session.play(parse_action("take green red black")) is None
    assert session.view().phase is Phase.NOBLE
    _table(app, session)
    overlay = NobleChoiceScene(session)
    app.stack.push(overlay)
    return overlay


def _pass_screen(app: App) -> object:
    scene = PassScreenScene(LONG_NAMES[0])
    app.stack.replace(scene)
    return scene


SCREENS: dict[str, Setup] = {
    "hint": _hint, "thinking": _thinking, "pending": _pending, "gold_payment": _gold_payment,
    "cannot_afford": _cannot_afford, "deck_refused": _deck_refused, "only_pass": _only_pass,
    "token_return": _token_return, "noble_choice": _noble_choice, "pass_screen": _pass_screen,
}


# ------------------------------------------------------------------ fitting


@pytest.mark.parametrize("language", LANGUAGES, indirect=True)
@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_text_fits_its_box(app: App, language: str, screen: str) -> None:
    SCREENS[screen](app)
    misfits = _misfits(app)
    assert misfits == [], "\n".join(f"{m.text!r}: {m.problem}" for m in misfits)


@pytest.mark.parametrize("language", ["long"], indirect=True)
def test_the_buttons_grow_for_long_labels(app: App, language: str) -> None:
    """A label too long for the panel wraps onto a taller button instead of being cut."""
    table = _gold_payment(app)
    assert isinstance(table, TableScene)
    _shown(app)
    app.stack.draw(app.screen)
    other = next(b for b in table.buttons if b.key == "other_payment")
    assert other.label == tr("table.button.other_payment")
    assert table.layout is not None
    # Too wide for the panel of the small window: two lines there, one in the large one.
    assert (other.rect.h > table.layout.px(38)) == (app.size == (1024, 600))
    assert all(not other.rect.colliderect(b.rect) for b in table.buttons if b is not other)


# ------------------------------------------------------------------ the side panels


@pytest.mark.parametrize("module", [None, "cities", "orient", "strongholds", "trading-posts"])
def test_a_panels_reserved_cards_stay_inside_the_panel(app: App, module: str | None) -> None:
    """Four players, each bot holding three reserved cards (the widest costs, one blind):
    every card is drawn inside its panel, whose edge and the gap under it stay clear."""
    held = [["L3-02"], ["L3-01", "L3-05", "L3-09"], ["L3-13", "L3-17", "L1-05"],
            ["L2-01", "L1-10", "L3-04"]]
    state = _position(4, module=module, seats=[
        {"reserved": cards, "blind": cards[2:] if seat == 3 else []}
        for seat, cards in enumerate(held)])
    table = _table(app, _session(state))
    _shown(app)
    app.stack.draw(app.screen)
    lay = table.layout
    assert lay is not None and len(lay.seats) == 3
    for panel in lay.seats:
        assert all(panel.rect.contains(slot) for slot in panel.reserved), panel
        # The rows under the panel (the gap before the next one) look like the table
        # beside it: no card runs over the panel's foot.
        for y in range(panel.rect.bottom + 1, panel.rect.bottom + lay.px(8) - 1):
            table_colour = app.screen.get_at((panel.rect.x - lay.px(4), y))
            assert all(app.screen.get_at((x, y)) == table_colour
                       for x in range(panel.rect.x, panel.rect.right)), (panel.rect, y)


# ------------------------------------------------------------------ the language in use


@pytest.mark.parametrize("language", ["long"], indirect=True)
def test_text_follows_a_change_of_language(language: str) -> None:
    """Refusals and titles are looked up when shown, so a language change reaches a
    table and overlays that are already open."""
    state = _position(seats=[{"tokens": {"white": 2, "blue": 2, "green": 2,
                                         "red": 2, "black": 2}}])
    session = _session(state)
    table = TableScene(session, on_finished=lambda s: None)
    table.ui.refusal = Refusal("no_gold_take", "gold comes only with a reservation")
    overlay = TokenReturnScene(session)
    assert session.play(Take((0, 1, 2))) is None
    overlay.confirm()
    long_texts = (table.ui.message, overlay.message, overlay.title,
                  header_text(session.view(0), table.ui))
    i18n.set_language("en")
    english = (table.ui.message, overlay.message, overlay.title,
               header_text(session.view(0), table.ui))
    assert english == (tr("reason.no_gold_take"), tr("reason.return_exactly", count=3),
                       tr("turn.return.title"),
                       tr("table.header.line", round=1, status=tr(
                           "table.status.you.returning", limit=10)))
    assert all(len(a) > len(b) for a, b in zip(long_texts, english, strict=True))


def test_the_log_speaks_the_language_in_use() -> None:
    """The game log is built from the moves each time it is drawn."""
    session = _session(_position(), humans=2)
    assert session.play(Take((0, 1, 2))) is None
    assert session.play(Take((2, 3, 4))) is None
    table = TableScene(session, on_finished=lambda s: None)
    white, blue, green = (tr(f"common.color.{c}") for c in ("white", "blue", "green"))
    colors = tr("common.list_and", rest=f"{white}{tr('common.list_comma')}{blue}", last=green)
    assert table.log_lines()[0] == tr(
        "log.line", round=1, text=tr("log.take", name=LONG_NAMES[0], colors=colors))
    assert len(table.log_lines()) == 2


def test_a_move_out_of_turn_is_refused_in_words() -> None:
    session = _session(_position(), humans=1)
    assert session.play(Take((0, 1, 2))) is None  # now the bot's turn
    reason = session.play(Take((2, 3, 4)))
    assert isinstance(reason, Refusal) and reason.code == "not_your_turn"
    assert len(session.state.history) == 1, "the refused move changed nothing"
    table = TableScene(session, on_finished=lambda s: None)
    table.ui.refusal = reason
    assert table.ui.message == tr("reason.not_your_turn")
