"""Saba on the command line: `replay` replays a Saba record or save to its standings (those
the game ended with), refusing one played with other card data than the data loaded;
`analyse` says in one line that the expert reviews Splendor's games only; `saba-data`
tells where the card data and a player's copy are and writes that copy."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from splendor.cli import main
from splendor.games import find_game
from splendor.saba.data import shipped_saba_data
from splendor.saba.words import data_file
from splendor.storage.paths import saba_data_path
from splendor.storage.saves import save_document, write_save
from tests.saba.user_copy import LEVEL_1, LEVEL_4, write_copy

SABA = find_game("saba")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def played_record(capsys: pytest.CaptureFixture[str], path: Path) -> str:
    """Bots play a game of Saba to its end in the terminal, its record written to `path`;
    what the terminal printed."""
    code, out, err = run(
        capsys, "play", "--game", "saba", "--players", "3", "--seed", "8", "--bot", "easy",
        "--record", str(path),
    )  # fmt: skip
    assert code == 0, err
    return out


def test_replay_of_a_saba_record_prints_the_standings_the_game_ended_with(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "saba.json"
    played = played_record(capsys, record)
    code, out, err = run(capsys, "replay", str(record))
    assert code == 0, err
    assert out in played  # what the game ended with, line for line
    state = SABA.replay(json.loads(record.read_text(encoding="utf-8")))
    outcome = state.outcome()
    lines = out.splitlines()
    reason = {"end_card": "the end card was bought", "palace_cards": "the last palace card"}
    assert lines[0].startswith(f"Game over in round {state.round}: {reason[outcome.reason]}")
    for line, seat in zip(lines[1:], outcome.ranking, strict=False):
        name, points = state.setup.names[seat], outcome.points[seat]
        assert re.match(rf" ?{outcome.places[seat]}\. {re.escape(name)} +{points} points ", line)
    code, out, _ = run(capsys, "replay", str(record), "--json")
    info = json.loads(out)
    assert info["finished"] is True and info["reason"] == outcome.reason
    assert info["winners"] == [state.setup.names[s] for s in outcome.winners]
    assert [r["points"] for r in info["standings"]] == [outcome.points[s] for s in outcome.ranking]
    assert all(r["points"] == r["balconies"] + r["treasury"] for r in info["standings"])


def test_replay_of_a_saba_save_in_progress(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = SABA.new_game(4, 2, ("Ada", "Bob"), first_player=0)
    for _ in range(12):
        state.apply(state.legal_actions()[0])
    path = tmp_path / "Evening.json"
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "easy", "name": "Bob"}]
    write_save(path, save_document(state, seats))
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0, err
    assert out.startswith(f"Game not finished: round {state.round}, {state.turns} turns played.")
    info = json.loads(run(capsys, "replay", str(path), "--json")[1])
    assert info["finished"] is False and info["turns"] == state.turns
    assert [r["points"] for r in info["standings"]] == list(state.scores())
    code, _, err = run(capsys, "replay", str(path), "--module", "cities")
    assert code == 1
    assert err == "splendor replay: Evening.json: saba has no modules (asked for 'cities')\n"


def test_replay_refuses_a_game_played_with_other_card_data(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    copy = write_copy()
    record = tmp_path / "edited.json"
    played_record(capsys, record)
    written = record.read_bytes()
    fingerprint = json.loads(written)["data"]["fingerprint"]
    assert fingerprint != shipped_saba_data().fingerprint()
    copy.unlink()
    code, out, err = run(capsys, "replay", str(record))
    assert (code, out) == (1, "")
    assert err == (
        f"splendor replay: edited.json: this game was played with card data edited by you "
        f"(fingerprint {fingerprint}; in use now: the shipped data): put that copy back at "
        f"{copy} to play it\n"
    )
    assert record.read_bytes() == written  # nothing lost
    write_copy()
    assert run(capsys, "replay", str(record))[0] == 0


def test_analyse_says_in_one_line_that_it_reviews_splendor_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "saba.json"
    played_record(capsys, record)
    code, out, err = run(capsys, "analyse", str(record))
    assert code != 0 and out == ""
    assert err == (
        "splendor analyse: saba.json is a game of saba: the expert's review is of Splendor's "
        "games only\n"
    )


def test_saba_data_says_where_the_copy_goes_and_writes_it_only_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    copy = saba_data_path()
    code, out, _ = run(capsys, "saba-data")
    assert code == 0 and not copy.exists()
    assert out.splitlines()[:3] == [
        f"Shipped card data: {data_file()}",
        f"Your copy goes to: {copy}",
        "In use: the shipped card data (there is no copy).",
    ]
    code, out, _ = run(capsys, "saba-data", "--copy")
    assert code == 0 and copy.read_bytes() == data_file().read_bytes()
    assert out.startswith(f"Wrote the shipped card data to {copy}")
    assert "In use: your copy (card data edited by you, fingerprint " in out
    edited = write_copy()
    mine = edited.read_bytes()
    code, _, err = run(capsys, "saba-data", "--copy")
    assert code == 1 and copy.read_bytes() == mine
    assert err == (
        f"splendor saba-data: {copy} exists already: --copy --force writes the shipped data "
        "over it\n"
    )
    assert run(capsys, "saba-data", "--force")[0] == 2
    assert run(capsys, "saba-data", "--copy", "--force")[0] == 0
    assert copy.read_bytes() == data_file().read_bytes()


def test_saba_data_names_the_entry_of_a_refused_copy(capsys: pytest.CaptureFixture[str]) -> None:
    copy = write_copy(LEVEL_1, LEVEL_4)
    code, out, _ = run(capsys, "saba-data")
    assert code == 0
    assert (
        f"Refused: {copy}: palace_cards entry 3 (arch-3): 'level' must be 1, 2 or 3, got 4\n"
        "In use: the shipped card data." in out
    )
