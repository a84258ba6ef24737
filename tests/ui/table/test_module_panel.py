"""The action panel on a module's card: a card the rules keep from the player says why
(whose stronghold holds it, a pairing card with nothing to pair with) and shows no
payment; an Orient card's ability is in words beside it, and it zooms from the panel."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from splendor import i18n
from splendor.engine import Buy, GameState, Reserve, build_position
from splendor.i18n import tr
from splendor.ui import textfit
from splendor.ui.app import App
from splendor.ui.scenes.table import TableScene
from splendor.ui.table.hits import Hit
from splendor.ui.table.panel import PanelCard, PanelText, PanelToken
from splendor.ui.table.zoom import HOVER_DELAY
from splendor.ui.wording import ability_text, refusal_text
from tests.helpers import position_session
from tests.ui.module_positions import DATA, FULL, LONG_NAMES

DT = 0.05


def _open(app: App, state: GameState) -> TableScene:
    session = position_session(state, ["human"] + ["hard"] * (len(state.setup.names) - 1))
    table = TableScene(session, on_finished=lambda s: None)
    app.stack.replace(table)
    app.step(0.0)
    return table


def _select(app: App, table: TableScene, card_id: str) -> tuple[list[str], dict[str, bool]]:
    """Select `card_id` as a click does; the panel's texts and its buttons (enabled)."""
    table.select(Hit("card", card_id))
    app.step(DT)
    assert table.panel is not None
    texts = [item.text for item in table.panel.items if isinstance(item, PanelText)]
    return texts, {b.key: b.enabled for b in table.buttons}


def _held(**seat: Any) -> GameState:
    """L1-05 (one blue, two green, one red, one black) under the second player's
    stronghold; the viewer could pay for it."""
    return build_position(DATA, 2, names=LONG_NAMES[:2], module="strongholds",
                          seats=[{"tokens": FULL, **seat}, {"purchased": ["L1-09"]}],
                          market={1: ["L1-05", "L1-12", "L1-20", "L1-28"]},
                          holds={"L1-05": (1, 1)})


def test_a_card_under_another_players_stronghold_says_whose_and_shows_no_payment(
        app: App) -> None:
    table = _open(app, _held())
    texts, buttons = _select(app, table, "L1-05")
    assert not buttons["buy"] and not buttons["reserve"]
    assert tr("table.panel.pay") not in texts
    assert not any(isinstance(item, PanelToken) for item in table.panel.items)  # type: ignore[union-attr]
    said = [t for t in texts if LONG_NAMES[1] in t]
    assert said == [refusal_text(table.session.why_illegal(Buy("L1-05")), LONG_NAMES[:2])]
    # Dropped on the player's area to reserve it: refused, and the owner named as well.
    table.cancel()
    table.reserve_dropped("L1-05")
    app.step(DT)
    texts = [item.text for item in table.panel.items if isinstance(item, PanelText)]  # type: ignore[union-attr]
    assert any(LONG_NAMES[1] in t for t in texts)


def test_a_pairing_card_with_nothing_to_pair_says_so_and_shows_no_payment(app: App) -> None:
    """O1-07 pairs with a card of the player's: they have none, though their tokens pay."""
    state = build_position(DATA, 2, names=LONG_NAMES[:2], module="orient",
                           seats=[{"tokens": {"white": 2, "black": 3}}, {}],
                           orient_market={1: ["O1-07", "O1-01"]})
    table = _open(app, state)
    texts, buttons = _select(app, table, "O1-07")
    reason = table.session.why_illegal(Buy("O1-07"))
    assert reason is not None and reason.code == "pair_needs_card"
    assert not buttons["buy"] and buttons["reserve"]
    assert refusal_text(reason) in texts and tr("table.panel.pay") not in texts


def test_a_greyed_reserve_says_why(app: App) -> None:
    """Three cards already reserved: Reserve is off and the panel says why, under the
    payment of a card the player can still buy."""
    table = _open(app, _held(reserved=["L2-01", "L2-02", "L2-03"]))
    texts, buttons = _select(app, table, "L1-12")
    reason = table.session.why_illegal(Reserve("L1-12"))
    assert reason is not None and not buttons["reserve"]
    assert refusal_text(reason) in texts


def _orient(**seat: Any) -> GameState:
    """The Orient, the viewer holding two reserved cards; a double gold (O1-01) and a
    sacrifice card (O3-10) face up."""
    return build_position(DATA, 2, names=LONG_NAMES[:2], module="orient",
                          seats=[{"tokens": {"white": 3, "black": 3},
                                  "reserved": ["L2-01", "L2-02"], **seat}, {}],
                          orient_market={1: ["O1-01", "O1-07"], 3: ["O3-10", "O3-01"]})


def test_an_orient_cards_ability_is_in_words_in_the_panel_and_it_zooms_from_there(
        app: App) -> None:
    table = _open(app, _orient())
    card = DATA.card_by_id["O1-01"]
    texts, buttons = _select(app, table, card.id)
    assert buttons["buy"] and ability_text(card) in texts
    [drawn] = [item for item in table.panel.items if isinstance(item, PanelCard)]  # type: ignore[union-attr]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=drawn.rect.center,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(round(HOVER_DELAY / DT) + 2):
        app.step(DT)
    shown = table.zoom.shown
    assert shown is not None and shown.cards == (card,) and shown.rect == drawn.rect
    assert shown.note == ability_text(card)
    # Backspace drops the selection, and the zoom of its picture goes with it.
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0,
                                         unicode="\b"))
    app.step(DT)
    assert table.ui.selected is None
    assert table.zoom.shown is None


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("size", [(1024, 600), (1920, 1080)], ids=["1024x600", "1920x1080"])
def test_the_longest_orient_panel_stays_inside_the_panel(lang: str, size: tuple[int, int]
                                                         ) -> None:
    """A sacrifice card the player cannot pay: its ability and the reason, above Undo and
    Hint, inside the panel, in every language."""
    i18n.set_language(lang)
    app = App(size)
    try:
        table = _open(app, _orient())
        texts, _ = _select(app, table, "O3-10")
        assert ability_text(DATA.card_by_id["O3-10"]) in texts
        panel = table.panel
        assert panel is not None and {b.key for b in panel.buttons} >= {"undo", "hint"}
        for item in panel.items:
            assert panel.rect.contains(item.rect), item
            if isinstance(item, PanelText):
                assert not any(item.rect.colliderect(b.rect) for b in panel.buttons), item
        with textfit.audit() as misfits:
            app.stack.draw(app.screen)
        assert not misfits
    finally:
        while app.stack.scenes:
            app.stack.pop()
