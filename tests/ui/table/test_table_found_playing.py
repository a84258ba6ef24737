"""Defects found playing a whole game in a real window (Xvfb, xdotool), each driven here by
posted events as the real window sends them:

- the panel button lit under the pointer stayed lit by its index after the panel changed
  (Confirm pressed with Enter: the Undo button in its place lit, the pointer elsewhere);
- at the end the header said "Round 29 · Game over · final round" over results saying the
  game ended after 28 rounds;
- the pause menu's Leave button stayed lit beneath the Leave dialog it had opened.
"""

from __future__ import annotations

import pygame

from splendor.engine import Take, build_position
from splendor.gamedata import base_game
from splendor.session.bot_process import InlineBots
from splendor.session.game import Session
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.options import GameOptions, SeatOption
from splendor.ui.scenes.confirm import ConfirmScene
from splendor.ui.scenes.pause import PauseScene
from splendor.ui.scenes.table import TableScene
from splendor.ui.table.view import header_text
from tests.helpers import options_for, position_session

DATA = base_game()
DT = 0.05


def post(app: App, kind: int, **attrs: object) -> None:
    pygame.event.post(pygame.event.Event(kind, **attrs))
    app.step(DT)


def move(app: App, pos: tuple[int, int]) -> None:
    post(app, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def click(app: App, pos: tuple[int, int]) -> None:
    post(app, pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(app, pygame.MOUSEBUTTONUP, pos=pos, button=1)


def test_the_lit_button_is_the_one_under_the_pointer_after_the_panel_changes(
        app: App) -> None:
    state = build_position(DATA, 2, names=["Ada", "Bot"])
    session = position_session(state, ["human", "easy"])
    table = TableScene(session, on_finished=lambda s: None)
    app.stack.replace(table)
    app.step(0.0)
    take = next(a for a in session.view().legal_actions
                if isinstance(a, Take) and len(a.colors) == 3)
    assert table.layout is not None
    for color in take.colors:
        click(app, table.layout.bank[color].center)
    confirm = next(b for b in table.buttons if b.key == "confirm")
    move(app, confirm.rect.center)
    assert table.buttons[table.ui.hover_button or 0] is confirm
    post(app, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    for _ in range(200):  # the bot's move is shown; Ada is to play again
        app.step(DT)
        if session.human_to_act() and not table.show.running:
            break
    assert len(session.log) == 2
    under = [i for i, b in enumerate(table.buttons) if b.rect.collidepoint(confirm.rect.center)]
    assert table.ui.hover_button == (under[0] if under else None)
    assert table.buttons, "Undo and Hint are there, and not lit"
    # The pointer comes back onto a button: that one is lit.
    undo = next(i for i, b in enumerate(table.buttons) if b.key == "undo")
    move(app, table.buttons[undo].rect.center)
    assert table.ui.hover_button == undo


def test_the_header_at_the_end_names_the_round_the_game_ended_in(app: App) -> None:
    session = Session(DATA, options_for(["hard", "medium"], seed=11), InlineBots())
    session.autoplay(400, seed=2)
    assert session.is_over()
    rounds = session.standings()["rounds"]
    view = session.view()
    assert view.round == rounds + 1, "the engine counts the round after the last one"
    table = TableScene(session, on_finished=lambda s: None)
    app.stack.replace(table)
    text = header_text(table.view(), table.ui)
    assert f"Round {rounds} " in text and "Game over" in text
    assert "final round" not in text
    session.close()


def test_the_pause_menus_button_is_not_lit_beneath_the_dialog_it_opened(app: App) -> None:
    game = Game(app, bots=InlineBots)
    game.start(GameOptions((SeatOption("human", "Ada"), SeatOption("easy", "Easy bot")),
                           first_player=0, seed=5))
    app.step(0.0)
    game.pause()
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    leave = next(rect for rect, action in pause._spots if action == game.confirm_leave)
    move(app, leave.center)
    assert pause.focus.hovered() is not None
    post(app, pygame.MOUSEBUTTONDOWN, pos=leave.center, button=1)
    post(app, pygame.MOUSEBUTTONUP, pos=leave.center, button=1)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmScene)
    assert pause.focus.hovered() is None
    cancel = dialog.focus.spots[0][0]
    move(app, cancel.center)
    click(app, cancel.center)
    assert app.stack.top is pause and pause.focus.hovered() is None
    game.close()


def test_visited_nobles_drawn_small_are_whole_tiles_not_cut_requirements() -> None:
    """A noble that visited the other player showed, 26 px tall in their panel, a
    requirement square cut by the top of its frame and its points over the symbols. At
    the sizes the panels and the player's area draw visited nobles, the tile is compact
    (crown, points, a dot per colour) or whole, the same kind for every noble."""
    from splendor.ui import art, theme
    from splendor.ui.art import nobles as noble_art
    from splendor.ui.table.layout import compute_layout

    pygame.init()
    sizes = set()
    for window in ((1024, 600), (1280, 720), (1920, 1080)):
        for opponents in (1, 3):
            lay = compute_layout(window, opponents)
            sizes |= {seat.nobles.h for seat in lay.seats}
            sizes.add(lay.px(52))  # at most, in the player's own area
    three = next(n for n in DATA.nobles if sum(1 for r in n.requires if r) == 3)
    for size in sorted(sizes):
        kinds = {noble_art._too_small(n, size, False, True) for n in DATA.nobles}
        assert len(kinds) == 1, f"{size} px: some visited nobles compact, some not"
        # The blue and green requirements (white is too near the parchment to tell) sit
        # well inside the tile: squares low in a whole tile, dots under the points.
        tile = art.noble_surface(three, (size, size), owned=True)
        fills = [theme.GEM_FILL[c] for c, n in enumerate(three.requires) if n and c != 0]
        rows = [y for y in range(size) if any(
            sum(abs(a - b) for a, b in zip(tuple(tile.get_at((x, y)))[:3], fill, strict=True)) < 60
            for x in range(size) for fill in fills)]
        assert rows and rows[0] >= size // 3, f"{size} px: a requirement cut by the frame"
    small = min(seat.nobles.h for seat in compute_layout((1280, 720), 1).seats)
    assert noble_art._too_small(three, small, False, True), "compact in a panel"
