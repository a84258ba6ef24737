"""A card of Saba's table shown large, as Splendor's cards are: a right-click at once, the
pointer resting on it a moment; moving off, a click or Escape closes it. Every value is in
words, and each value invented for this program carries the "reconstructed" mark with the
sentence naming its ruling (RULES_SABA.md section 8); a sourced value carries none."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from splendor import i18n
from splendor.i18n import LANGUAGES
from splendor.saba.data import shipped_saba_data
from splendor.saba.engine import PalaceCard, Provenance, SabaData, new_game, observe
from splendor.saba.session import SabaSession
from splendor.session.bot_process import InlineBots
from splendor.session.seats import GameOptions, SeatOption
from splendor.ui.app import App
from splendor.ui.saba.table import SabaTableScene
from splendor.ui.saba.targets import hand_slots
from splendor.ui.saba.zoom_words import zoom_words
from splendor.ui.widgets.hover_zoom import HOVER_DELAY
from tests.ui.drawn import drawn_texts

OPTIONS = GameOptions(
    (SeatOption("human", "Ada"), SeatOption("easy", "Bot")), first_player=0, seed=3, game="saba"
)


def sourced(data: SabaData) -> SabaData:
    """`data` as if a player had typed in their printed palace cards: every value sourced."""
    cards = tuple(dataclasses.replace(c, provenance=Provenance("seed")) for c in data.palace_cards)
    return dataclasses.replace(data, palace_cards=cards)


def table(app: App, data: SabaData, hand: tuple[str, ...] = ()) -> SabaTableScene:
    """Saba's table at the start of a game of `data`, the person holding `hand`."""
    state = new_game(data, 2, 3, OPTIONS.names, first_player=0)
    state.players[0].hand.extend(hand)
    session = SabaSession(data, OPTIONS, InlineBots("saba"), state=state)
    scene = SabaTableScene(session, on_finished=print)
    app.stack.push(scene)
    app.render()
    return scene


def right_click(app: App, pos: tuple[int, int]) -> None:
    app.stack.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    app.render()


def test_the_zoom_marks_each_reconstructed_value_and_names_its_ruling() -> None:
    data = shipped_saba_data()
    view = observe(new_game(data, 2, 3, first_player=0), 0)
    first, second = view.display[0], view.display[1]
    assert isinstance(first, PalaceCard)
    words = zoom_words("card", first.id, view, data)
    piece, garden, cost, space = words.rows
    assert (piece.mark, garden.mark) == ("", ""), "the piece is seed, the garden derived"
    assert cost.mark == i18n.tr("saba.reconstructed.tip"), "the costs were invented"
    assert str(first.garden) in garden.text and "1 " in cost.text
    assert space.mark == "" and "1" in space.text, "build space 1's surcharge is sourced"
    on_two = zoom_words("card", second.id, view, data).rows[-1]
    assert on_two.mark == i18n.tr("saba.reconstructed.tip_ruling", rulings="A6")
    # A copy of the data with the printed palace cards: nothing marked on space 1.
    copy = sourced(data)
    assert not any(row.mark for row in zoom_words("card", first.id, view, copy).rows)
    assert zoom_words("card", second.id, view, copy).marks == (on_two.mark,)


@pytest.mark.parametrize("code", LANGUAGES)
def test_harbour_and_action_cards_say_every_value_in_every_language(code: str) -> None:
    data = shipped_saba_data()
    state = new_game(data, 2, 3, first_player=0)
    state.players[0].hand.append(data.action_cards[18].id)  # the card of every material
    view = observe(state, 0)
    i18n.set_language(code)
    try:
        harbour = zoom_words("face", 0, view, data)
        up, down, pair = harbour.rows  # the hand section up, the plain one under it
        assert up.mark and pair.mark, "the hand section's place (A1, A4), the pairing (A2, A3)"
        assert not down.mark, "the plain section's place is derived, its room sourced"
        named = " ".join(harbour.marks)
        assert "A2, A3" in named and "A1, A4" in named
        action = zoom_words("hand", data.action_cards[18].id, view, data)
        assert all(i18n.tr(f"saba.material.{m}") in action.rows[0].text for m in ("gold", "ebony"))
        assert action.marks == (i18n.tr("saba.reconstructed.tip"),)
        assert not {key for lang, key in i18n.fallbacks() if lang == code}
    finally:
        i18n.set_language("en")


def test_a_right_click_shows_the_card_large_with_its_mark_and_escape_closes_it(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    scene = table(app, shipped_saba_data())
    assert scene.layout is not None
    right_click(app, scene.layout.spaces[1].center)
    picture = scene.pointer.zoom_picture
    assert picture is not None and picture.target.key == ("card", scene.view().display[1].id)
    assert picture.box.colliderect(app.screen.get_rect().inflate(-2, -2))
    texts = drawn_texts(monkeypatch, app)
    assert i18n.tr("saba.reconstructed.mark") in texts
    mark = i18n.tr("saba.reconstructed.tip_ruling", rulings="A6")
    assert any(line and line in mark for line in texts if len(line) > 20), "the sentence"
    app.stack.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert scene.pointer.zoom_picture is None and app.stack.top is scene, "closed, not paused"


def test_a_sourced_card_shows_no_mark(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = table(app, sourced(shipped_saba_data()))
    assert scene.layout is not None
    right_click(app, scene.layout.spaces[0].center)
    assert scene.pointer.zoom_picture is not None
    assert i18n.tr("saba.reconstructed.mark") not in drawn_texts(monkeypatch, app)


def test_resting_on_a_card_shows_it_and_moving_off_or_a_click_closes_it(app: App) -> None:
    data = shipped_saba_data()
    scene = table(app, data, hand=(data.action_cards[0].id,))
    assert scene.layout is not None
    face = scene.layout.faces[0].center

    def move(pos: tuple[int, int]) -> None:
        app.stack.dispatch(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        )

    move(face)
    app.step(HOVER_DELAY / 2)
    assert scene.pointer.zoom_picture is None and scene.busy, "waits, the frames go on"
    app.step(HOVER_DELAY / 2 + 0.01)
    assert scene.pointer.zoom_picture is not None and scene.pointer.tip is None
    move(scene.layout.panel.center)
    assert scene.pointer.zoom_picture is None
    move(face)
    app.step(HOVER_DELAY + 0.01)
    assert scene.pointer.zoom_picture is not None
    app.stack.dispatch(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=face, button=1))
    assert scene.pointer.zoom_picture is None
    # The action cards in hand zoom too (the person's own, face up).
    right_click(app, hand_slots(scene.layout, 1)[0].center)
    picture = scene.pointer.zoom_picture
    assert picture is not None and picture.target.key[0] == "hand"
