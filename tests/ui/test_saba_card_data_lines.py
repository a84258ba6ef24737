"""What Saba's screens say about the card data (RULES_SABA.md section 8): "Card data:
edited by you" on the table's top line, on Saba's New game screen and under the notice
while the player's own copy of the data is played, nothing of it with the shipped data;
and a copy refused for a mistake is told once, naming the entry and the problem, before
the player sets up a game."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest

from splendor import i18n
from splendor.games import find_game
from splendor.saba.data import shipped_saba_data
from splendor.saba.engine import SabaData
from splendor.saba.session import SabaSession
from splendor.session.bot_process import InlineBots
from splendor.session.seats import GameOptions, SeatOption
from splendor.storage.paths import saba_data_path
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.saba.notice import SabaNoticeScene
from splendor.ui.saba.table import SabaTableScene
from splendor.ui.scenes.message import MessageScene
from splendor.ui.scenes.new_game import NewGameScene
from tests.saba.helpers import SHIPPED
from tests.ui.drawn import drawn_texts

SABA = find_game("saba")
EDITED = "saba.reconstructed.edited"


def write_copy(old: str = "", new: str = "") -> Path:
    """The shipped data file as the player's copy, `old` changed to `new`."""
    text = SHIPPED.read_text(encoding="utf-8")
    assert old in text
    path = saba_data_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def table_texts(app: App, data: SabaData, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    options = GameOptions((SeatOption("human", "Ada"), SeatOption("easy", "Bot")), game="saba")
    scene = SabaTableScene(SabaSession(data, options, InlineBots("saba")), on_finished=print)
    app.stack.push(scene)
    return drawn_texts(monkeypatch, app)


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_the_table_says_the_card_data_is_the_players_own(
    app: App, monkeypatch: pytest.MonkeyPatch, code: str
) -> None:
    i18n.set_language(code)
    shipped = shipped_saba_data()
    assert i18n.tr(EDITED) not in table_texts(app, shipped, monkeypatch)
    edited = dataclasses.replace(shipped, edited_from=Path("components.yaml"))
    assert i18n.tr(EDITED) in table_texts(app, edited, monkeypatch)
    assert not {key for lang, key in i18n.fallbacks() if lang == code}


def choose_saba(app: App, game: Game) -> None:
    app.stack.replace(game.menu_scene())
    game.games.choose(SABA)


def test_new_game_and_the_notice_say_it_while_the_copy_is_played(app: App) -> None:
    game = Game(app)
    choose_saba(app, game)  # the shipped data: no line
    notice = app.stack.top
    assert isinstance(notice, SabaNoticeScene) and notice.note == ""
    notice.acknowledge()
    setup = app.stack.top
    assert isinstance(setup, NewGameScene) and setup.note == ""
    write_copy()
    choose_saba(app, game)
    setup = app.stack.top
    assert isinstance(setup, NewGameScene) and setup.note == i18n.tr(EDITED)
    app.render()
    assert setup._note_box.top >= setup._panel.bottom, "under the panel"
    game.games.about(SABA)
    notice = app.stack.top
    assert isinstance(notice, SabaNoticeScene)
    app.render()
    assert notice.note == i18n.tr(EDITED)
    game.close()


def test_a_refused_copy_is_told_once_before_playing(app: App) -> None:
    write_copy("level: 1, piece: arch,     garden: 3", "level: 4, piece: arch,     garden: 3")
    game = Game(app)
    choose_saba(app, game)
    message = app.stack.top
    assert isinstance(message, MessageScene)
    assert "arch-3" in message.message and "'level' must be 1, 2 or 3" in message.message
    assert str(saba_data_path().parent) in message.message
    message.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN))
    assert isinstance(app.stack.top, SabaNoticeScene), "then the notice, as always"
    app.stack.top.acknowledge()
    setup = app.stack.top
    assert isinstance(setup, NewGameScene) and setup.note == "", "the shipped data"
    choose_saba(app, game)
    assert isinstance(app.stack.top, NewGameScene), "told once"
    game.close()
