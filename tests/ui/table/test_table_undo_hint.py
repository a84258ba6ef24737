"""Undo (button and Ctrl+Z) and Hint (button and H) at the table, refused with the
session's reason where they are not offered."""

from __future__ import annotations

import pygame
import pytest

from splendor.i18n import tr
from splendor.session.bot_process import Answer, InlineBots
from splendor.session.seats import GameOptions, SeatOption
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.scenes.table import TableScene
from splendor.ui.table.hits import hint_marks

DT = 0.05


def start(app: App, seats: tuple[SeatOption, ...], competitive: bool = False
          ) -> tuple[Game, TableScene]:
    game = Game(app)
    game.prefs.speed = 50.0
    game.start(GameOptions(seats, first_player=0, seed=7, competitive=competitive))
    table = app.stack.top
    assert isinstance(table, TableScene)
    table.session.hint_simulations = 16
    app.step(0.0)
    return game, table


def key(app: App, k: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode))
    app.step(DT)


def click(app: App, pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))
        app.step(DT)


def button_keys(table: TableScene) -> list[str]:
    return [b.key for b in table.buttons]


def until_my_turn(app: App, table: TableScene) -> None:
    for _ in range(200):
        if table.acting():
            return
        app.step(DT)
    raise AssertionError("the human never got the turn back")


VERSUS_BOT = (SeatOption("human", "Ada"), SeatOption("hard", "Hal"))


def test_ctrl_z_takes_back_the_move_and_the_bots_reply(app: App) -> None:
    game, table = start(app, VERSUS_BOT)
    session = table.session
    assert session.play(session.view().legal_actions[0]) is None
    until_my_turn(app, table)
    assert len(session.log) >= 2
    key(app, pygame.K_z, pygame.KMOD_LCTRL, "\x1a")
    assert session.log == [] and table.acting()
    assert table.log_lines() == []
    game.close()


def test_the_undo_button_does_the_same(app: App) -> None:
    game, table = start(app, VERSUS_BOT)
    session = table.session
    assert "undo" in button_keys(table)
    assert not next(b for b in table.buttons if b.key == "undo").enabled  # nothing yet
    session.play(session.view().legal_actions[3])
    until_my_turn(app, table)
    app.step(DT)
    undo = next(b for b in table.buttons if b.key == "undo")
    assert undo.enabled
    click(app, undo.rect.center)
    assert session.log == []
    game.close()


def test_h_shows_the_experts_move_and_reason_on_the_table(app: App) -> None:
    game, table = start(app, VERSUS_BOT)
    key(app, pygame.K_h, 0, "h")
    for _ in range(5):
        app.step(DT)
    hint = table.session.hint
    assert hint is not None and hint.action in table.view().legal_actions
    assert table.ui.hint_marks == hint_marks(hint.action)
    panel_texts = [getattr(item, "text", "") for item in table.panel.items]  # type: ignore[union-attr]
    assert tr("hint.title") in panel_texts
    assert any(text.endswith(".") and len(text) > 20 for text in panel_texts)
    table.session.play(hint.action)
    app.step(DT)
    assert table.ui.hint_marks == set()
    game.close()


@pytest.mark.parametrize(("seats", "competitive", "code"), [
    (VERSUS_BOT, True, "undo_competitive"),
    ((SeatOption("human", "Ada"), SeatOption("human", "Bob")), False, "undo_several_humans"),
])
def test_undo_and_hint_are_not_offered_where_they_are_refused(
        app: App, seats: tuple[SeatOption, ...], competitive: bool, code: str) -> None:
    game, table = start(app, seats, competitive)
    if len(seats) == 2 and seats[1].is_human:
        key(app, pygame.K_SPACE, 0, " ")  # past the pass screen
    assert "undo" not in button_keys(table) and "hint" not in button_keys(table)
    key(app, pygame.K_z, pygame.KMOD_LCTRL, "\x1a")
    assert table.ui.refusal is not None and table.ui.refusal.code == code
    game.close()


def test_enter_buys_the_selected_card(app: App) -> None:
    from splendor.engine import Buy
    from splendor.ui.table.hits import Hit

    game, table = start(app, VERSUS_BOT)
    session = table.session
    for _ in range(60):  # play until some card is affordable on the human's turn
        until_my_turn(app, table)
        buys = [a for a in table.view().legal_actions if isinstance(a, Buy)]
        if buys:
            break
        session.play(table.view().legal_actions[0])
    else:
        raise AssertionError("no card became affordable")
    table.select(Hit("card", buys[0].card_id))
    app.step(DT)
    key(app, pygame.K_RETURN, 0, "\r")
    assert any(isinstance(e.action, Buy) and e.action.card_id == buys[0].card_id
               for e in session.log)
    game.close()


class SlowBots(InlineBots):
    """Answers a few frames later, as the real process does."""

    def __init__(self) -> None:
        super().__init__()
        self.polls = 0

    def poll(self) -> Answer | None:
        self.polls += 1
        return super().poll() if self.polls > 2 else None


def test_the_hint_is_drawn_as_soon_as_it_comes(app: App, monkeypatch: pytest.MonkeyPatch
                                               ) -> None:
    game, table = start(app, VERSUS_BOT)
    drawn: list[bool] = []
    real_draw = table.draw

    def recording(surface: pygame.Surface) -> None:
        drawn.append(table.session.hint is not None)
        real_draw(surface)

    monkeypatch.setattr(table, "draw", recording)
    monkeypatch.setattr(table.session, "_bots", SlowBots())
    key(app, pygame.K_h, 0, "h")
    for _ in range(5):  # no event: the window redraws only when something changed
        app.step(DT)
    assert table.session.hint is not None
    assert drawn and drawn[-1], "the hint came but the window was not drawn again"
    game.close()


def test_a_refusal_goes_when_the_game_moves_on(app: App) -> None:
    game, table = start(app, VERSUS_BOT)
    session = table.session
    session.play(session.view().legal_actions[0])
    key(app, pygame.K_h, 0, "h")  # refused: it is the bot's turn
    assert table.ui.refusal is not None and table.ui.refusal.code == "hint_not_your_turn"
    until_my_turn(app, table)
    assert table.ui.refusal is None
    game.close()


def test_the_panel_lights_the_button_under_the_pointer_and_says_the_last_move(
        app: App) -> None:
    from splendor.ui.wording import describe_entry

    game, table = start(app, VERSUS_BOT)
    session = table.session
    session.play(session.view().legal_actions[0])
    until_my_turn(app, table)
    app.step(DT)
    last = session.log[-1]
    wording = describe_entry(session.options.names[last.seat], last, session.data)[-1]
    texts = [getattr(item, "text", "") for item in table.panel.items]  # type: ignore[union-attr]
    assert any(wording in text for text in texts)
    hint = next(b for b in table.buttons if b.key == "hint")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=hint.rect.center,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    app.step(DT)
    assert table.ui.hover_button == table.buttons.index(hint)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.step(DT)
    assert table.ui.hover_button is None
    game.close()


def test_a_disabled_undo_still_looks_like_a_button(app: App) -> None:
    """At the start there is nothing to take back: Undo is off, drawn with an edge that sets
    it apart from the panel (a dark fill alone read as plain text)."""
    game, table = start(app, VERSUS_BOT)
    until_my_turn(app, table)
    buttons = {b.key: b for b in table.buttons}
    assert not buttons["undo"].enabled and buttons["hint"].enabled
    surface = pygame.Surface(app.size)
    table.draw(surface)
    rect = buttons["undo"].rect
    edge = surface.get_at((rect.left + 1, rect.centery))[:3]
    outside = surface.get_at((rect.left - 3, rect.centery))[:3]
    inside = surface.get_at((rect.left + 6, rect.top + 6))[:3]
    assert edge != outside and inside != outside
    game.close()


def test_a_hint_during_a_take_says_why_and_which_tokens_to_put_back(app: App) -> None:
    """Tokens dragged from the bank, then H: the panel keeps the pending take and adds the
    hint with its reason, and names each pending token the hinted move does not take."""
    from collections import Counter

    from splendor.engine import COLOR_NAMES
    from splendor.ui.table.take_builder import tokens_of
    from splendor.ui.wording import color_name, hint_text
    from tests.helpers import hint_after

    game, table = start(app, VERSUS_BOT)
    session = table.session
    # White, then blue, as dropped from the bank: the hint here takes blue (not white).
    for color in (0, 1):
        assert table.add_token(color)
    key(app, pygame.K_h, 0, "h")
    hint = hint_after(session, lambda: app.step(DT))
    assert table.ui.pending == [0, 1]
    texts = [getattr(item, "text", "") for item in table.panel.items]  # type: ignore[union-attr]
    assert tr("table.panel.taking") in texts and tr("hint.title") in texts
    assert hint_text(hint, session.options.names, session.data) in texts
    back = Counter(table.ui.pending) - Counter(tokens_of(hint.action))
    assert back and len(back) < 2, f"the hint ({hint.action.text()}) tests one side only"
    [said] = [t for t in texts if t.startswith("Put back")]
    for color in range(len(COLOR_NAMES)):
        assert (color_name(color) in said) == (color in back), said
    game.close()
