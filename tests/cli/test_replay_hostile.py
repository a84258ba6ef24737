"""`splendor replay FILE` facing any file: the game's own saves replay; anything else gets
one clear line on standard error and exit code 1, never a traceback, a wait or a flood of
memory; nothing read from the file reaches the terminal as a control character."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from splendor.bots import make_bot
from splendor.cli import main
from splendor.engine import GameState, make_record, new_game, observe
from splendor.gamedata import base_game
from splendor.storage.saves import save_document, write_save
from splendor.storage.untrusted import clean_name

ROOT = Path(__file__).resolve().parents[2]
# What a terminal would obey: escape sequences, bell, backspace, carriage return, bidi
# overrides. None of them may be printed raw.
CONTROLS = ("\x1b", "\x07", "\x08", "\r", "\x9b", "\u202e")


def played(seed: int, names: tuple[str, ...], moves: int | None = None) -> GameState:
    """A greedy-bot game between `names`, to the end or for `moves` actions."""
    state = new_game(base_game(), len(names), seed, names)
    bots = [make_bot("greedy", seed + i) for i in range(len(names))]
    while not state.is_over() and (moves is None or len(state.history) < moves):
        state.apply(bots[state.current].choose(observe(state, state.current)))
    return state


def replay(capsys: pytest.CaptureFixture[str], path: Path, *flags: str) -> tuple[int, str, str]:
    code = main(["replay", str(path), *flags])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def assert_refused(code: int, out: str, err: str) -> str:
    """The refusal's one line, after checking it is one and nothing else was said."""
    assert code == 1
    assert out == ""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("splendor replay: "), err
    assert len(lines[0]) < 400
    assert not any(c in err for c in CONTROLS)
    return lines[0]


def test_a_saved_game_in_progress_replays_to_its_standings(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = played(4, ("Ada", "Bob"), moves=12)
    path = tmp_path / "Evening.json"
    write_save(path, save_document(state, [{"kind": "human", "name": "Ada"},
                                           {"kind": "hard", "name": "Bob"}]))
    code, out, err = replay(capsys, path)
    assert code == 0, err
    assert f"Game not finished: round {state.round}, {state.turns} turns played." in out
    code, out, _ = replay(capsys, path, "--json")
    assert code == 0
    info = json.loads(out)
    assert info["finished"] is False and info["turns"] == state.turns
    assert {row["name"] for row in info["standings"]} == {"Ada", "Bob"}


def test_a_finished_autosave_replays_like_its_record(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = played(8, ("Ada", "Bob", "Cy"))
    save = tmp_path / "autosave.json"
    write_save(save, save_document(state, [{"kind": "human", "name": n}
                                           for n in ("Ada", "Bob", "Cy")]))
    record = tmp_path / "record.json"
    record.write_text(json.dumps(make_record(state)))
    from_save = replay(capsys, save, "--json")
    from_record = replay(capsys, record, "--json")
    assert from_save[0] == from_record[0] == 0
    assert from_save[1] == from_record[1]
    assert json.loads(from_save[1])["finished"] is True


def test_control_characters_in_names_never_reach_the_terminal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    names = ("\x1b[2J\x1b[31mRed\x1b[0m\x07", "Bo\u202eb\r\x08", "Cy\ud800")
    record = make_record(played(2, ("A", "B", "C")))
    record["setup"]["names"] = list(names)
    path = tmp_path / "names.json"
    path.write_text(json.dumps(record))
    code, out, err = replay(capsys, path)
    assert not any(c in out + err for c in CONTROLS)
    assert "\ud800" not in out + err
    if code == 0:  # shown, the control characters cleaned away (as the window shows them)
        assert all(word in out for word in ("Red", "Bo", "Cy"))
    else:  # or refused as names, in one line
        assert_refused(code, out, err)
    code, out, err = replay(capsys, path, "--json")
    assert not any(c in out + err for c in CONTROLS)
    if code == 0:
        shown = {r["name"] for r in json.loads(out)["standings"]}
        assert shown == {clean_name(n) for n in names}


def test_control_characters_in_an_action_are_escaped_in_the_refusal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = make_record(played(3, ("Ada", "Bob"), moves=6))
    record["actions"][3] = "\x1b]0;pwned\x07take white"
    path = tmp_path / "action.json"
    path.write_text(json.dumps(record))
    line = assert_refused(*replay(capsys, path))
    assert "action 3" in line


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"format": "splendor-record", "version": 1' + "1" * 5000 + "}", "unreadable JSON"),
        ("{not json", "broken JSON"),
        ("", "is empty"),
        ("\xff\xfe", "not text"),
        ("[1, 2]", "expected a JSON object"),
        ('{"format": "splendor-save", "version": 99}', "newer version"),
    ],
)
def test_a_file_that_is_no_game_gets_one_clear_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, expected: str) -> None:
    path = tmp_path / "hostile.json"
    path.write_bytes(content.encode("latin-1"))
    for flags in ((), ("--json",)):
        line = assert_refused(*replay(capsys, path, *flags))
        assert "hostile.json" in line and expected in line


@pytest.mark.parametrize("field", ["players", "first_player", "seed"])
def test_huge_numbers_in_the_setup_are_refused_or_replayed_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], field: str) -> None:
    record = make_record(played(5, ("Ada", "Bob"), moves=4))
    record["setup"][field] = 10**4000
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(record))
    code, out, err = replay(capsys, path)
    if field == "seed":  # informational only: the decks decide the game
        assert code == 0 and "Game not finished" in out
    else:
        assert "is damaged" in assert_refused(code, out, err)  # the setup, not a move


def test_a_folder_or_a_missing_file_is_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "not a regular file" in assert_refused(*replay(capsys, tmp_path))
    line = assert_refused(*replay(capsys, tmp_path / "nope.json"))
    assert "cannot read" in line and "nope.json" in line


def run_limited(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """`python -m splendor ARGS` with 1.5 GB of address space, so reading without end
    fails fast instead of taking the machine's memory."""
    import resource

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (1536 * 1024**2, 1536 * 1024**2))

    return subprocess.run([sys.executable, "-m", "splendor", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=timeout, preexec_fn=limit)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_pipe_is_refused_at_once_and_left_in_place(tmp_path: Path) -> None:
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    try:
        result = run_limited("replay", str(fifo), timeout=30)
    except subprocess.TimeoutExpired:
        pytest.fail("replay waited on a pipe")
    assert_refused(result.returncode, result.stdout, result.stderr)
    assert "game.json is not a regular file (a pipe)" in result.stderr
    assert fifo.exists()


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_an_endless_device_is_refused_not_read() -> None:
    result = run_limited("replay", "/dev/zero")
    line = assert_refused(result.returncode, result.stdout, result.stderr)
    assert "zero is not a regular file (a device)" in line
