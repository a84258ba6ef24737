"""Saba tournaments from the command line: `python -m splendor tournament --game saba`
gives Splendor's JSON shape (and Saba's counted facts), reproducibly from its seed."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from splendor.cli import main
from splendor.games import find_game
from splendor.tournament import play_game

SPLENDOR_FIELDS = {"games", "unfinished", "mean_rounds", "bots"}
SABA_FACTS = {"game", "end_card", "harem_decided", "shared"}


def tournament(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["tournament", "--game", "saba", *args, "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1  # exactly one JSON object
    return json.loads(out)


def without_times(result: dict) -> dict:
    for stats in result["bots"].values():
        del stats["decision_ms_median"], stats["decision_ms_p99"]
    return result


def test_the_json_has_splendors_shape_and_sabas_facts(capsys: pytest.CaptureFixture[str]) -> None:
    result = tournament(capsys, "--players", "2", "--bots", "hard,random", "--games", "6")
    assert set(result) == SPLENDOR_FIELDS | SABA_FACTS and result["game"] == "saba"
    assert result["games"] == 6 and result["unfinished"] == 0
    assert 5 < result["mean_rounds"] < 60
    assert 0 <= result["shared"] <= result["harem_decided"] + result["shared"] <= 6
    assert list(result["bots"]) == ["hard", "random"]
    for stats in result["bots"].values():
        assert set(stats) == {"win_share", "ci95", "decision_ms_median", "decision_ms_p99"}
        low, high = stats["ci95"]
        assert 0 <= low <= stats["win_share"] <= high <= 1
    shares = [stats["win_share"] for stats in result["bots"].values()]
    assert sum(shares) == pytest.approx(1)
    assert result["bots"]["hard"]["win_share"] > 0.8


def test_a_seed_gives_the_same_results_in_workers_as_here(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--players", "3", "--bots", "medium,easy,random", "--games", "6", "--seed", "4"]
    here = tournament(capsys, *args)
    # Through the real entry point: spawned workers rebuild the game and the bots by name.
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "splendor",
            "tournament",
            "--game",
            "saba",
            *args,
            "--jobs",
            "2",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert without_times(json.loads(run.stdout)) == without_times(here)


def test_a_game_is_counted_by_its_facts() -> None:
    saba = find_game("saba")
    result = play_game(("medium", "easy"), 11, game=saba)
    state = saba.new_game(11, 2, first_player=0)  # the same deal, played again
    bots = [saba.make_bot(name, 110 + seat) for seat, name in enumerate(("medium", "easy"))]
    while not state.is_over():
        seat = state.current_player()
        state.apply(bots[seat].choose(saba.observe(state, seat)))
    assert result.finished and result.credits == saba.credits(state)
    assert result.rounds == saba.rounds(state)
    assert ("end_card" in result.facts) == (state.outcome().reason == "end_card")


def test_the_headline_names_the_game_and_its_facts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--game", "saba", "--bots", "easy,random", "--games", "2"]) == 0
    headline = capsys.readouterr().out.splitlines()[0]
    assert headline.startswith("2 games, 2 players, saba, seed 1 (0 unfinished, ")
    assert "end card" in headline and "harem decided" in headline


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "chess", "--bots", "a,b"], "unknown game 'chess' (the games: splendor, saba)"),
        (
            ["--game", "saba", "--bots", "easy,greedy"],
            "unknown bot 'greedy' (known: random, easy, medium, hard)",
        ),
        (["--game", "saba", "--bots", "easy,random", "--module", "cities"], "saba has no modules"),
        (["--game", "saba", "--bots", "easy"], "names 1 bots for 2 players"),
    ],
)
def test_bad_arguments_exit_2_naming_the_problem(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["tournament", *args])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert message in err and err.startswith("usage: splendor tournament")
