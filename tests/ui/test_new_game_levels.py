"""The new-game screen's levels: Advanced between Hard and Expert in every seat's choices,
in every language, for a game here and for a hosted table."""

from __future__ import annotations

import pytest

from splendor import i18n
from splendor.ui.scenes.new_game import NewGameScene


def test_a_seat_offers_the_ladder_weakest_first_with_advanced_before_expert() -> None:
    scene = NewGameScene(lambda options: None)
    row = scene.rows[1]
    assert row.kinds == ("human", "easy", "medium", "hard", "advanced", "expert")
    assert row.choice.options == ["Human", "Easy", "Medium", "Hard", "Advanced", "Expert"]


def test_choosing_advanced_names_the_seat_and_starts_a_game_with_it() -> None:
    started = []
    scene = NewGameScene(started.append)
    row = scene.rows[1]
    scene.set_kind(1, "advanced")
    assert row.name.text == "Advanced bot"
    assert "future" in scene.level_note()  # the level's own line under the seats
    assert scene.try_start()
    assert [s.kind for s in started[0].seats] == ["human", "advanced"]


@pytest.mark.parametrize(("code", "label", "name"), [
    ("pt", "Avançado", "Bot avançado"), ("es", "Avanzado", "Bot avanzado"),
    ("fr", "Avancé", "Bot avancé")])
def test_the_advanced_level_is_worded_in_each_language(code: str, label: str,
                                                      name: str) -> None:
    i18n.set_language(code)
    scene = NewGameScene(lambda options: None)
    row = scene.rows[1]
    assert row.choice.options[row.kinds.index("advanced")] == label
    scene.set_kind(1, "advanced")
    assert row.name.text == name


def test_a_host_offers_advanced_bot_seats_too() -> None:
    scene = NewGameScene(lambda options: None, hosting=True)
    kinds = scene.rows[1].kinds
    assert kinds.index("hard") + 1 == kinds.index("advanced") == kinds.index("expert") - 1
    assert "remote" in kinds
