"""What the game writes, it can read: a legal game as long as a save may hold is written
and read back; one action more is refused by the writer, with nothing lost, and the
player is told."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from splendor.engine import GameState, Take
from splendor.gamedata import base_game
from splendor.storage import paths
from splendor.storage.saves import (
    MAX_SAVE_ACTIONS,
    MAX_SAVE_BYTES,
    SaveError,
    SaveTooLong,
    encode_save,
    load_save,
    save_document,
    save_info,
    write_autosave,
    write_save,
)
from tests.storage.long_games import loop_game

DATA = base_game()
SEATS = [{"kind": "human", "name": "Ada"}, {"kind": "hard", "name": "Bob"}]
#: What the reader accepted before: the game then wrote saves it could not read back.
OLD_READ_LIMIT = 4 * 1024 * 1024


@pytest.fixture(scope="module")
def longest() -> GameState:
    return loop_game(DATA, MAX_SAVE_ACTIONS)


def bot_states() -> dict[int, Any]:
    import random

    version, internal, gauss = random.Random(1).getstate()
    return {1: [version, list(internal), gauss]}


def test_the_longest_game_a_save_holds_is_written_and_read_back(longest: GameState) -> None:
    document = save_document(longest, SEATS, bot_states())
    assert len(json.dumps(document, indent=1)) > OLD_READ_LIMIT, \
        "as the game used to write it, the reader refused it"
    write_autosave(document, DATA)
    size = paths.autosave_path().stat().st_size
    assert size < MAX_SAVE_BYTES / 2, "the reader's limit is far above what is written"
    started = time.perf_counter()
    loaded = load_save(paths.autosave_path(), DATA)
    seconds = time.perf_counter() - started
    assert loaded.state == longest and len(loaded.state.history) == MAX_SAVE_ACTIONS
    assert loaded.bots == {1: bot_states()[1]}
    assert save_info(paths.autosave_path()).error is None
    print(f"\n{MAX_SAVE_ACTIONS:,} actions: {size:,} bytes, loaded and replayed in "
          f"{seconds:.1f} s")
    # The next autosave keeps this one as the backup, as with any game.
    first = paths.autosave_path().read_bytes()
    write_autosave(document, DATA)
    assert paths.autosave_backup_path().read_bytes() == first


def test_one_action_more_is_refused_by_the_writer_and_nothing_changes(
        longest: GameState) -> None:
    write_autosave(save_document(longest, SEATS), DATA)
    write_autosave(save_document(longest, SEATS), DATA)
    before = paths.autosave_path().read_bytes(), paths.autosave_backup_path().read_bytes()
    longer = longest.clone()
    longer.apply(next(a for a in longer.legal_actions() if isinstance(a, Take)))
    document = save_document(longer, SEATS)
    with pytest.raises(SaveTooLong, match="too long to save") as info:
        write_autosave(document, DATA)
    assert info.value.actions == MAX_SAVE_ACTIONS + 1
    with pytest.raises(SaveTooLong):
        write_save(paths.saves_dir() / "Named.json", document)
    assert (paths.autosave_path().read_bytes(),
            paths.autosave_backup_path().read_bytes()) == before
    assert not (paths.saves_dir() / "Named.json").exists()


def test_a_file_longer_than_any_save_is_refused_before_its_replay() -> None:
    document = save_document(loop_game(DATA, 10), SEATS)
    document["record"]["actions"] = ["pass"] * (MAX_SAVE_ACTIONS + 1)
    path = paths.saves_dir() / "endless.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps(document))
    before = path.read_bytes()
    started = time.perf_counter()
    with pytest.raises(SaveError, match="at most"):
        load_save(path, DATA)
    assert time.perf_counter() - started < 2.0
    assert save_info(path).error is not None
    assert path.read_bytes() == before


def test_lists_of_plain_values_take_one_line() -> None:
    document = save_document(loop_game(DATA, 40), SEATS, bot_states())
    text = encode_save(document).decode()
    assert json.loads(text) == json.loads(json.dumps(document))
    actions = document["record"]["actions"]
    assert json.dumps(actions, separators=(",", ":")) in text
    assert len(text.splitlines()) < 60, "a line per entry, not per action or number"
