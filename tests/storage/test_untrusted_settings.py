"""A settings file with seats this version cannot seat, names no font draws (the seats'
or the player's own), or a window no screen has: that part is set right and the rest of
the settings are kept."""

from __future__ import annotations

import json
from typing import Any

import pytest

from splendor.storage import paths
from splendor.storage.settings import Settings, load_settings, save_settings
from splendor.storage.untrusted import MAX_WINDOW, MIN_WINDOW


def write_settings(**entries: Any) -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"version": 1, "volume": 0.25, **entries}))


@pytest.mark.parametrize("seats", [
    [{"kind": "human", "name": "Ada"}, {"kind": "bogus", "name": "Bob"}],
    [{"kind": "HUMAN", "name": "Ada"}, {"kind": "medium", "name": "Bob"}],
    [{"kind": "", "name": "Ada"}, {"kind": "medium", "name": "Bob"}],
    [{"kind": "human", "name": "Ada"}],
    [{"kind": "human"}, {"kind": "medium", "name": "Bob"}],
    "human, medium",
])
def test_a_wrong_seat_list_means_the_default_seats_and_the_rest_is_kept(seats: Any) -> None:
    write_settings(default_seats=seats)
    settings, problem = load_settings()
    assert problem is None, "not a reason to throw every setting away"
    assert settings.default_seats == Settings().default_seats
    assert settings.volume == 0.25


def test_every_bot_the_engine_knows_is_kept_as_a_seat() -> None:
    seats = [{"kind": "greedy", "name": "Greedy bot"}, {"kind": "random", "name": "Rand"}]
    write_settings(default_seats=seats)
    assert load_settings()[0].default_seats == seats


def test_seat_names_no_font_draws_are_cleaned() -> None:
    write_settings(default_seats=[{"kind": "human", "name": "A\x00da"},
                                  {"kind": "hard", "name": "Z\ud800" + "z" * 500}])
    seats = load_settings()[0].default_seats
    assert seats[0]["name"] == "A\ufffdda"
    assert seats[1]["name"].startswith("Z\ufffdzz") and len(seats[1]["name"]) == 64


@pytest.mark.parametrize(("stored", "kept"), [
    ("Marie", "Marie"), ("  Ma\x00rie ", "Ma\ufffdrie"), (7, ""), (["Marie"], ""), (None, ""),
])
def test_the_players_name_is_kept_cleaned_and_a_wrong_one_is_dropped(
        stored: Any, kept: str) -> None:
    write_settings(player_name=stored)
    settings, problem = load_settings()
    assert problem is None and settings.volume == 0.25
    assert settings.player_name == kept
    save_settings(settings)
    assert load_settings()[0].player_name == kept


@pytest.mark.parametrize(("stored", "used"), [
    ([100_000, 100_000], MAX_WINDOW),
    ([100_000, 700], (MAX_WINDOW[0], 700)),
    ([1, 1], MIN_WINDOW),
    ([1600, 900], (1600, 900)),
])
def test_the_window_size_is_kept_within_what_size_accepts(
        stored: list[int], used: tuple[int, int]) -> None:
    write_settings(window=stored)
    settings, problem = load_settings()
    assert problem is None and settings.window == used and settings.volume == 0.25
    save_settings(settings)
    assert json.loads(paths.settings_path().read_text())["window"] == list(used)
