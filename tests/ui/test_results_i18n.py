"""The results screen and the statistics line in other languages: sentences, places and
column heads from the catalogs, and every text fitting even when much longer than English."""

from __future__ import annotations

import pygame
import pytest

from splendor import i18n
from splendor.devtools.screens_demo import bot_game_state, tie_break_state
from splendor.session.results import final_result
from splendor.storage.stats import Record, describe
from splendor.ui.app import App
from splendor.ui.scenes.results import ResultsScene, place_text
from splendor.ui.widgets import line_height
from tests.ui.test_menu_i18n import SIZES, show, use_catalog, use_long_language

#: A few entries of a made-up French catalog (the rest falls back to English).
FRENCH: dict[str, i18n.Entry] = {
    "common.list_and": "{rest} et {last}",
    "results.headline.wins": "{name} gagne !",
    "results.headline.shared": "{names} se partagent la victoire !",
    "results.place.1": "1er",
    "results.place.2": "2e",
    "results.place.3": "3e",
    "results.record.table.hard": "Contre des bots difficiles",
    "results.record.summary_fastest": {
        "one": "{table}, {players} joueurs : {won} gagnées sur {played}, meilleur score "
               "{best}, victoire la plus rapide en {count} manche.",
        "other": "{table}, {players} joueurs : {won} gagnées sur {played}, meilleur score "
                 "{best}, victoire la plus rapide en {count} manches.",
    },
}


def use_french(monkeypatch: pytest.MonkeyPatch) -> None:
    use_catalog(monkeypatch, "fr", lambda english: {**english, **FRENCH})


def test_places_come_from_the_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    assert [place_text(n) for n in (1, 2, 3, 4)] == ["1st", "2nd", "3rd", "4th"]
    use_french(monkeypatch)
    i18n.set_language("fr")
    assert [place_text(n) for n in (1, 2, 3)] == ["1er", "2e", "3e"]
    assert place_text(4) == "4th"  # missing from this catalog: English


def test_the_results_follow_a_language_switch(app: App, monkeypatch: pytest.MonkeyPatch
                                              ) -> None:
    use_french(monkeypatch)
    scene = ResultsScene(final_result(tie_break_state(shared=True)), lambda: None, lambda: None)
    show(app, scene, (1280, 720))
    assert scene.headline == "Ada and Bo share the victory!"
    i18n.set_language("fr")
    app.stack.resize(app.size)  # what the game does on a change of language
    app.render()
    assert scene.headline == "Ada et Bo se partagent la victoire !"
    assert scene.lines[0] == scene.headline


def test_the_record_line_is_translated(monkeypatch: pytest.MonkeyPatch) -> None:
    record = Record(played=7, won=3, best_score=18, fastest_win=21)
    english = "Against hard bots, 2 players: 3 won of 7, best score 18, fastest win 21 rounds."
    assert describe("hard/2", record) == english
    assert describe("humans/3", Record(2, 1, 16, None)) == \
        "Between humans, 3 players: 1 won of 2, best score 16."
    use_french(monkeypatch)
    i18n.set_language("fr")
    assert describe("hard/2", Record(1, 1, 15, 1)) == (
        "Contre des bots difficiles, 2 joueurs : 1 gagnées sur 1, meilleur score 15, "
        "victoire la plus rapide en 1 manche.")


def _four_players_with_long_names() -> ResultsScene:
    state = bot_game_state(5, ("hard", "medium", "easy", "medium"),
                           ("Bartholomew Hale", "Medium bot", "Wwwwwwwwwwwwwwww",
                            "Hard-won Harriet"))
    return ResultsScene(final_result(state), lambda: None, lambda: None,
                        record_text=describe("hard/4", Record(12, 5, 19, 23)))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("which", ["four", "tie", "shared"])
def test_long_results_texts_fit_without_overlaps(app: App, monkeypatch: pytest.MonkeyPatch,
                                                 size: tuple[int, int], which: str) -> None:
    use_long_language(monkeypatch)
    if which == "four":
        scene = _four_players_with_long_names()
    else:
        scene = ResultsScene(final_result(tie_break_state(shared=which == "shared")), lambda: None,
                             lambda: None, record_text=describe("expert/3", Record(4, 1, 17, 30)))
    assert show(app, scene, size) == []
    screen = pygame.Rect((0, 0), size)
    boxes = [scene._headline_box, *scene._sentence_boxes, scene._panel, scene.menu.rect]
    for i, box in enumerate(boxes):
        assert screen.contains(box), box
        assert all(not box.colliderect(other) for other in boxes[i + 1:]), box
    assert not scene.menu.rect.colliderect(scene.play_again.rect)
    assert screen.contains(scene.play_again.rect)
    # The sentence of how the game ended is too long for one line here: it takes two.
    assert scene._sentence_boxes[0].h == 2 * line_height(scene._sentence_px)
