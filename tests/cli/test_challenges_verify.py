"""`python -m splendor challenges [list|verify]`: the list gives each challenge's measured
difficulty and the command that measured it; verify has the expert play a challenge in
the player's seat, the figures out as JSON or a table, the same in one process or two,
and `--write` keeps them in the data file; a wrong flag or an unknown challenge is one
line and exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from splendor.challenge_measures_file import with_measured, write_measured
from splendor.challenge_verify import DEFAULT_SEED
from splendor.cli import main
from splendor.gamedata import base_game
from splendor.session.challenge_data import FILENAME, load_campaign
from splendor.session.challenge_difficulty import Measured
from tests.data.data_files import LEVELS_DATA


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["challenges", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_short_verify_prints_each_challenges_tries_wins_and_best_stars(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "verify", "--only", "behind_at_twelve", "--tries", "1",
                         "--budget", "6", "--json")
    results = json.loads(out)
    assert [set(r) for r in results] == [{"id", "tries", "won", "best_stars", "rate",
                                          "difficulty", "budget", "seed"}]
    result = results[0]
    assert result["id"] == "behind_at_twelve" and result["tries"] == 1
    assert (result["budget"], result["seed"]) == (6, DEFAULT_SEED)
    assert result["won"] in (0, 1) and (result["best_stars"] > 0) == (result["won"] == 1)
    assert result["rate"] == result["won"]
    assert result["difficulty"] == ("easy" if result["won"] else "hard")
    assert code == (0 if result["won"] else 1)
    assert "behind_at_twelve try 1/1" in err


def test_the_figures_are_the_same_in_one_process_or_two(
        capsys: pytest.CaptureFixture[str]) -> None:
    runs = [run(capsys, "verify", "--only", "last_stretch", "--tries", "2", "--budget", "4",
                "--seed", "7", "--jobs", jobs, "--json")[1] for jobs in ("1", "2")]
    assert json.loads(runs[0]) == json.loads(runs[1])
    assert json.loads(runs[0])[0]["seed"] == 7


def test_the_list_gives_each_challenges_difficulty_and_how_it_was_measured(
        capsys: pytest.CaptureFixture[str]) -> None:
    campaign = load_campaign(base_game())
    for words in ([], ["list"]):
        code, out, _ = run(capsys, *words)
        lines = out.splitlines()
        assert code == 0 and lines[0].split() == ["challenge", "chapter", "difficulty",
                                                  "expert", "won"]
        for c, line in zip(campaign.challenges, lines[1:], strict=False):
            assert c.measured is not None
            assert line.split()[:4] == [c.id, c.chapter, c.measured.level,
                                        f"{c.measured.wins}/{c.measured.tries}"]
        assert "each won at least one time in five" in out
        assert "python -m splendor challenges verify --tries " in lines[-1]
    code, out, _ = run(capsys, "list", "--json")
    listed = json.loads(out)
    assert [r["id"] for r in listed] == [c.id for c in campaign.challenges]
    assert listed[0]["measured"] == campaign.challenges[0].measured.to_json()  # type: ignore[union-attr]


def test_write_keeps_the_figures_in_the_data_file_comments_and_all(tmp_path: Path) -> None:
    shipped = (LEVELS_DATA / FILENAME).read_text(encoding="utf-8")
    (tmp_path / FILENAME).write_text(shipped, encoding="utf-8")
    again, new = Measured(3, 15, 60, 1000), Measured(1, 2, 5, 9)
    lines = with_measured(shipped.splitlines(keepends=True), "last_stretch", new)
    (tmp_path / FILENAME).write_text("".join(lines), encoding="utf-8")
    assert load_campaign(base_game(), tmp_path).find("last_stretch").measured == new  # type: ignore[union-attr]
    write_measured({"first_win": again, "last_stretch": again}, tmp_path)
    campaign = load_campaign(base_game(), tmp_path)
    assert [campaign.find(i).measured for i in ("first_win", "last_stretch")] == [again] * 2  # type: ignore[union-attr]
    written = (tmp_path / FILENAME).read_text(encoding="utf-8")
    fields = [line for line in written.splitlines() if line.lstrip().startswith("measured:")]
    assert len(fields) == sum(c.measured is not None for c in campaign.challenges), \
        "one line each"
    assert written.splitlines()[:5] == shipped.splitlines()[:5], "the comments stay"
    with pytest.raises(ValueError, match="no challenge nowhere"):
        write_measured({"nowhere": again}, tmp_path)


def test_the_table_names_the_challenge_and_its_chapter(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "verify", "--only", "last_stretch", "--tries", "1",
                       "--budget", "4")
    lines = out.splitlines()
    assert lines[0].split() == ["challenge", "chapter", "won", "difficulty", "best", "stars"]
    assert lines[1].split()[:5] in (["last_stretch", "base", "1/1", "100%", "easy"],
                                    ["last_stretch", "base", "0/1", "0%", "hard"])
    assert lines[-1].startswith("1 challenges, ")
    assert code in (0, 1)


@pytest.mark.parametrize(("args", "says"), [
    (["verify", "--only", "no_such_one"], "no challenge no_such_one"),
    (["verify", "--tries", "0"], "--tries: must be at least 1"),
    (["verify", "--budget", "many"], "--budget: expected a whole number"),
    (["verify", "--fast"], "unrecognized arguments: --fast"),
    (["check"], "invalid choice: 'check'"),
    (["verify", "--jobs", "0"], "--jobs: must be at least 1"),
])
def test_a_wrong_command_line_is_one_line_and_exit_code_2(
        capsys: pytest.CaptureFixture[str], args: list[str], says: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and says in err
    assert err.startswith("splendor challenges: ")
