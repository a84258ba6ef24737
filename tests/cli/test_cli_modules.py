"""`--module` on the command line: play, replay, bench and tournament play or check a game
with one Cities of Splendor module; an unknown name is refused with the list of modules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from splendor.cli import build_parser, main
from splendor.engine.modules import module_ids
from splendor.engine.outcome import Outcome
from splendor.tournament import GameResult, credits, summarize, summary_dict, summary_lines

COMMANDS = (
    ["play"],
    ["replay", "game.json"],
    ["bench"],
    ["tournament", "--bots", "hard,medium"],
)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
@pytest.mark.parametrize("module", module_ids())
def test_every_tool_takes_every_module(command: list[str], module: str) -> None:
    args = build_parser().parse_args([*command, "--module", module])
    assert args.module == module
    assert build_parser().parse_args(command).module is None


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_an_unknown_module_is_refused_with_the_choices(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main([*command, "--module", "atlantis"])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "--module" in err and "'atlantis'" in err
    for module in module_ids():
        assert module in err


@pytest.mark.parametrize("module", module_ids())
def test_play_writes_a_module_record_that_replays(
    module: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    assert main(["play", "--module", module, "--seed", "4", "--bot", "hard",
                 "--record", str(record)]) == 0
    played = capsys.readouterr().out
    assert f"module {module}" in played.splitlines()[0]
    assert "Game over" in played
    assert json.loads(record.read_text())["setup"]["module"] == module
    assert main(["replay", str(record), "--module", module]) == 0
    replayed = capsys.readouterr().out
    assert replayed in played  # the same standings
    other = next(m for m in module_ids() if m != module)
    assert main(["replay", str(record), "--module", other]) == 1
    err = capsys.readouterr().err
    assert f"module {module}" in err and f"not of the module {other}" in err


def test_replay_refuses_a_base_game_asked_as_a_module(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "base.json"
    assert main(["play", "--seed", "4", "--record", str(record)]) == 0
    capsys.readouterr()
    assert main(["replay", str(record), "--module", "orient"]) == 1
    assert "the base game" in capsys.readouterr().err


@pytest.mark.parametrize("module", module_ids())
def test_bench_measures_a_module(module: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--module", module, "--seconds", "0.2", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["module"] == module and figures["decisions_per_s"] > 0
    assert main(["bench", "--module", module, "--seconds", "0.1"]) == 0
    assert f"with the module {module}" in capsys.readouterr().out


def test_bench_without_a_module_keeps_its_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--seconds", "0.1", "--json"]) == 0
    assert set(json.loads(capsys.readouterr().out)) == {"decisions_per_s", "games_per_s"}


@pytest.mark.parametrize("module", module_ids())
def test_a_short_tournament_per_module(module: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--players", "2", "--module", module, "--bots", "hard,medium",
                 "--games", "4", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["module"] == module and result["games"] == 4
    assert result["unfinished"] == 0 and 0 <= result["no_winner"] <= 4
    shares = [b["win_share"] for b in result["bots"].values()]
    assert sum(shares) == pytest.approx(1 - result["no_winner"] / 4)
    assert main(["tournament", "--players", "2", "--module", module, "--bots", "easy,greedy",
                 "--games", "2"]) == 0
    headline = capsys.readouterr().out.splitlines()[0]
    assert f"module {module}" in headline and "without a winner" in headline


def test_a_game_no_one_won_gives_no_credit() -> None:
    # The Cities: when no one took a city, no one wins; the game still counts.
    nobody = Outcome((), (9, 12), (14, 15), "all_passed", None)
    assert credits(nobody) == (0.0, 0.0)
    won = GameResult(("a", "b"), (1.0, 0.0), 30, True, ((0.001,), (0.001,)))
    lost = GameResult(("b", "a"), credits(nobody), 31, True, ((0.001,), (0.001,)))
    summary = summarize(["a", "b"], [won, lost], module="cities")
    assert summary.no_winner == 1 and summary.games == 2 and summary.unfinished == 0
    assert summary.bots["a"].win_share == 0.5 and summary.bots["b"].win_share == 0.0
    as_dict = summary_dict(summary)
    assert as_dict["module"] == "cities" and as_dict["no_winner"] == 1
    assert "module cities" in summary_lines(summary, 2, 1, 2)[0]
    base = summary_dict(summarize(["a", "b"], [won]))
    assert "module" not in base and "no_winner" not in base
