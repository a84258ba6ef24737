"""Each Saba save records the card data it was played with (RULES_SABA.md section 8): one
played with other data than the data loaded now is refused by Continue and Load saying
which data it needs (edited by you, or the shipped data) and its fingerprint, or that the
copy it needs has a mistake now, the file kept as it is; played with that data again, it
loads."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from splendor.games import find_game
from splendor.saba.data import shipped_saba_data
from splendor.saba.session import SabaSession
from splendor.session import saving
from splendor.session.bot_process import InlineBots
from splendor.session.seats import GameOptions, SeatOption
from splendor.storage import paths
from splendor.storage.saves import SaveError, save_info
from splendor.ui.scenes.load_game import problem_reason
from tests.saba.user_copy import LEVEL_1, LEVEL_4, write_copy

SABA = find_game("saba")
SPLENDOR_DATA = find_game("splendor").data()


def autosaved_game() -> SabaSession:
    """A game of Saba with the data loaded now, two decisions in, autosaved."""
    seats = (SeatOption("human", "Ada"), SeatOption("easy", "Easy 2"))
    options = GameOptions(seats, first_player=0, seed=11, game="saba")
    session = SabaSession(SABA.data(), options, InlineBots("saba"))
    for _ in range(2):
        assert session.play(session.view().legal_actions[0]) is None
    assert saving.autosave(session, SPLENDOR_DATA) == []
    return session


def continue_refused(path: Path) -> SaveError:
    """The refusal of Continue (and Load) for `path`: the file is left as it was."""
    before = path.read_bytes()
    with pytest.raises(SaveError) as refused:
        saving.load(path, SPLENDOR_DATA, InlineBots("saba"))
    assert path.read_bytes() == before
    return refused.value


def test_a_save_records_the_data_played_with() -> None:
    write_copy()
    edited = SABA.data()
    assert edited.edited_from is not None
    autosaved_game()
    document = json.loads(paths.autosave_path().read_text(encoding="utf-8"))
    assert document["version"] == 3 and document["game"] == "saba"
    assert document["record"]["data"] == {
        "version": 1,
        "fingerprint": edited.fingerprint(),
        "edited": True,
    }


def test_a_game_played_with_your_copy_is_refused_without_it_and_goes_on_with_it() -> None:
    copy = write_copy()
    fingerprint = SABA.data().fingerprint()
    session = autosaved_game()
    copy.unlink()
    path = paths.autosave_path()
    refused = continue_refused(path)
    assert refused.kind == "edited_data"
    assert refused.params == {"fingerprint": fingerprint, "path": str(copy)}
    assert str(refused) == (
        f"autosave.json: this game was played with card data edited by you (fingerprint "
        f"{fingerprint}; in use now: the shipped data): put that copy back at {copy} to play it"
    )
    # The load screen lists it with the same reason, in the player's language.
    info = save_info(path)
    assert (info.error_kind, info.error_params) == (refused.kind, refused.params)
    assert problem_reason(info.error_kind, info.error_params) == (
        f"This game was played with card data edited by you ({fingerprint}), not the card "
        f"data in use now. Put that copy back at {copy} to play it on; the save is kept."
    )
    write_copy()
    assert saving.load(path, SPLENDOR_DATA, InlineBots("saba")).state == session.state


def test_a_game_played_with_your_copy_is_refused_saying_the_copy_now_has_a_mistake() -> None:
    copy = write_copy()
    fingerprint = SABA.data().fingerprint()
    autosaved_game()
    write_copy(LEVEL_1, LEVEL_4)  # the copy now refused: putting it back would not help
    refused = continue_refused(paths.autosave_path())
    assert refused.kind == "edited_refused"
    assert refused.params == {"fingerprint": fingerprint, "path": str(copy)}
    assert refused.game is not None and refused.game.id == "saba", "its screens may say why"
    assert "your copy is refused now: " in str(refused) and "(arch-3)" in str(refused)


def test_a_game_played_with_the_shipped_data_is_refused_while_your_copy_is_in_use() -> None:
    session = autosaved_game()
    copy = write_copy()
    refused = continue_refused(paths.autosave_path())
    assert refused.kind == "shipped_data"
    assert refused.params["fingerprint"] == shipped_saba_data().fingerprint()
    shipped = shipped_saba_data().fingerprint()
    assert f"played with the shipped card data (fingerprint {shipped})" in str(refused)
    assert f"move {copy} away" in str(refused)
    copy.unlink()
    resumed = saving.load(paths.autosave_path(), SPLENDOR_DATA, InlineBots("saba"))
    assert resumed.state == session.state


def test_a_game_of_another_versions_data_is_refused_naming_its_fingerprint() -> None:
    autosaved_game()
    path = paths.autosave_path()
    document = json.loads(path.read_text(encoding="utf-8"))
    document["record"]["data"]["fingerprint"] = "0123456789abcdef"
    path.write_text(json.dumps(document), encoding="utf-8")
    refused = continue_refused(path)
    assert refused.kind == "release_data"
    assert "another version of this program (fingerprint 0123456789abcdef" in str(refused)


def test_a_save_from_before_the_edited_flag_loads_with_the_shipped_data() -> None:
    session = autosaved_game()
    path = paths.autosave_path()
    document = json.loads(path.read_text(encoding="utf-8"))
    del document["record"]["data"]["edited"]  # as saves were written before user copies
    path.write_text(json.dumps(document), encoding="utf-8")
    assert save_info(path).error is None
    assert saving.load(path, SPLENDOR_DATA, InlineBots("saba")).state == session.state
