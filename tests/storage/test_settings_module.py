"""The last game's Cities of Splendor module in the settings file: it round-trips, a
module this version does not know (or a wrong value) means the base game while the rest of
the settings count, and a newer version's file is left exactly as it is."""

from __future__ import annotations

import json

import pytest

from splendor.engine.modules import module_ids
from splendor.storage import paths
from splendor.storage.atomic import StorageError
from splendor.storage.settings import SETTINGS_VERSION, Settings, load_settings, save_settings


@pytest.mark.parametrize("module", [None, *module_ids()])
def test_the_module_round_trips(module: str | None) -> None:
    assert Settings().module is None
    save_settings(Settings(module=module, competitive=True))
    assert json.loads(paths.settings_path().read_text())["module"] == module
    settings, problem = load_settings()
    assert problem is None and settings.module == module and settings.competitive


def _write(doc: dict[str, object]) -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(doc))


@pytest.mark.parametrize("value", ["atlantis", "Orient", 3, True, ["orient"], {"m": 1}])
def test_an_unknown_module_means_the_base_game_and_the_rest_is_kept(value: object) -> None:
    _write({"version": SETTINGS_VERSION, "volume": 0.25, "competitive": True, "module": value,
            "default_seats": [{"kind": "human", "name": "Ada"},
                              {"kind": "hard", "name": "Hal"}],
            "from_a_newer_version": {"x": 1}})
    settings, problem = load_settings()
    assert problem is None, "not a reason to throw every setting away"
    assert settings.module is None
    assert settings.volume == 0.25 and settings.competitive
    assert settings.default_seats[1] == {"kind": "hard", "name": "Hal"}
    assert settings.unknown == {"from_a_newer_version": {"x": 1}}
    # Written back: the base game, and what the newer version added.
    save_settings(settings)
    written = json.loads(paths.settings_path().read_text())
    assert written["module"] is None and written["from_a_newer_version"] == {"x": 1}


def test_a_file_without_a_module_is_the_base_game() -> None:
    _write({"version": SETTINGS_VERSION, "competitive": True})
    settings, problem = load_settings()
    assert problem is None and settings.module is None and settings.competitive


def test_a_newer_versions_file_is_left_as_it_is() -> None:
    doc = {"version": SETTINGS_VERSION + 1, "module": "orient", "something_new": [1, 2]}
    _write(doc)
    before = paths.settings_path().read_bytes()
    settings, problem = load_settings()
    assert problem is not None and problem.reason == "newer"
    assert settings.module is None, "this version plays with its defaults"
    with pytest.raises(StorageError):
        save_settings(Settings(module="cities"))
    assert paths.settings_path().read_bytes() == before
