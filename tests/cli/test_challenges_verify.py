"""`python -m splendor challenges verify`: the expert plays a challenge in the player's
seat and the figures come out as JSON or a table; a wrong flag or an unknown challenge is
one line and exit code 2."""

from __future__ import annotations

import json

import pytest

from splendor.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["challenges", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_short_verify_prints_each_challenges_tries_wins_and_best_stars(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "verify", "--only", "behind_at_twelve", "--tries", "1",
                         "--budget", "6", "--json")
    results = json.loads(out)
    assert [set(r) for r in results] == [{"id", "tries", "won", "best_stars"}]
    result = results[0]
    assert result["id"] == "behind_at_twelve" and result["tries"] == 1
    assert result["won"] in (0, 1) and (result["best_stars"] > 0) == (result["won"] == 1)
    assert code == (0 if result["won"] else 1)
    assert "behind_at_twelve try 1/1" in err


def test_the_table_names_the_challenge_and_its_chapter(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "verify", "--only", "last_stretch", "--tries", "1",
                       "--budget", "4")
    lines = out.splitlines()
    assert lines[0].split() == ["challenge", "chapter", "won", "best", "stars"]
    assert lines[1].split()[:3] in (["last_stretch", "base", "1/1"],
                                    ["last_stretch", "base", "0/1"])
    assert lines[-1].startswith("1 challenges, ")
    assert code in (0, 1)


@pytest.mark.parametrize(("args", "says"), [
    (["verify", "--only", "no_such_one"], "no challenge no_such_one"),
    (["verify", "--tries", "0"], "--tries: must be at least 1"),
    (["verify", "--budget", "many"], "--budget: expected a whole number"),
    (["verify", "--fast"], "unrecognized arguments: --fast"),
    (["check"], "invalid choice: 'check'"),
    ([], "the following arguments are required: action"),
])
def test_a_wrong_command_line_is_one_line_and_exit_code_2(
        capsys: pytest.CaptureFixture[str], args: list[str], says: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and says in err
    assert err.startswith("splendor challenges: ")
