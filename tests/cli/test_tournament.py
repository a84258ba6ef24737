"""Tournaments: schedule, scoring, aggregation, parallel determinism and the command line."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections import Counter

import pytest

from splendor.cli import main
from splendor.engine.outcome import Outcome, decide
from splendor.tournament import (
    GameResult,
    credits,
    game_seed,
    progress_line,
    schedule,
    seat_orders,
    summarize,
)


def tournament_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["tournament", *args, "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1  # exactly one JSON object
    return json.loads(out)


def test_small_tournament_json_shape_and_values(capsys: pytest.CaptureFixture[str]) -> None:
    result = tournament_json(capsys, "--players", "2", "--bots", "greedy,random",
                             "--games", "20", "--seed", "1")
    assert set(result) == {"games", "unfinished", "mean_rounds", "bots"}
    assert result["games"] == 20 and result["unfinished"] == 0
    assert 10 < result["mean_rounds"] < 100
    assert list(result["bots"]) == ["greedy", "random"]
    for stats in result["bots"].values():
        assert set(stats) == {"win_share", "ci95", "decision_ms_median", "decision_ms_p99"}
        low, high = stats["ci95"]
        assert 0 <= low <= stats["win_share"] <= high <= 1
        # A random bot can decide in under half a microsecond: its median may round to 0.
        assert 0 <= stats["decision_ms_median"] <= stats["decision_ms_p99"]
    assert result["bots"]["greedy"]["decision_ms_p99"] > 0
    greedy, rand = result["bots"]["greedy"], result["bots"]["random"]
    assert greedy["win_share"] + rand["win_share"] == pytest.approx(1)
    assert greedy["win_share"] > 0.8 and greedy["ci95"][0] > rand["ci95"][1]


def test_every_bot_sits_in_every_seat_equally_often() -> None:
    assert seat_orders(["a", "b"]) == [("a", "b"), ("b", "a")]
    assert len(seat_orders(["a", "b", "c"])) == 6
    assert seat_orders(["h", "h", "e"]) == [("h", "h", "e"), ("h", "e", "h"), ("e", "h", "h")]
    plan = schedule(["h", "h", "e"], 7)  # 3 orders: 7 rounds up to 9, 3 deals
    assert len(plan) == 9
    assert Counter(deal for deal, _ in plan) == {0: 3, 1: 3, 2: 3}
    for deal in range(3):  # duplicate format: each deal once in every order
        assert sorted(order for d, order in plan if d == deal) == sorted(seat_orders("hhe"))
    for seat in range(3):
        assert Counter(order[seat] for _, order in plan) == {"h": 6, "e": 3}
    plan4 = schedule(["a", "b", "c", "d"], 30)  # 24 orders: 30 rounds up to 48
    assert len(plan4) == 48
    for seat in range(4):
        assert set(Counter(order[seat] for _, order in plan4).values()) == {12}
    assert len(schedule(["a", "b"], 20)) == 20
    assert game_seed(1, 0) != game_seed(1, 1) != game_seed(2, 0)


def test_shared_victory_is_split_evenly() -> None:
    shared = decide((15, 15, 15, 9), (10, 10, 10, 4), "target")
    assert shared.winners == (0, 1, 2)
    assert credits(shared) == pytest.approx((1 / 3, 1 / 3, 1 / 3, 0))
    assert sum(credits(shared)) == pytest.approx(1)
    two = Outcome((1, 3), (9, 16, 3, 16), (5, 7, 2, 7), "target", "shared")
    assert credits(two) == (0.0, 0.5, 0.0, 0.5)
    assert credits(decide((16, 15), (9, 8), "target")) == (1.0, 0.0)


def fake(order: str, credit: tuple[float, ...], rounds: int, finished: bool = True,
         ) -> GameResult:
    times = tuple((0.001 * (seat + 1),) * 4 for seat in range(len(order)))
    return GameResult(tuple(order), credit, rounds, finished, times)


def test_unfinished_games_are_counted_but_excluded() -> None:
    results = [
        fake("ab", (1.0, 0.0), 30),
        fake("ba", (0.0, 1.0), 28),  # a wins in seat 1
        fake("ab", (0.5, 0.5), 40),  # shared
        fake("ba", (0.0, 0.0), 201, finished=False),
    ]
    summary = summarize(["a", "b"], results)
    assert summary.games == 4 and summary.unfinished == 1
    assert summary.mean_rounds == pytest.approx((30 + 28 + 40) / 3)
    assert summary.bots["a"].win_share == pytest.approx(2.5 / 3)
    assert summary.bots["b"].win_share == pytest.approx(0.5 / 3)
    low, high = summary.bots["a"].ci95 or (0, 0)
    assert 0 <= low < 2.5 / 3 < high <= 1
    # Decision times still come from every game, unfinished ones included.
    assert summary.bots["a"].decision_ms_median == pytest.approx(1.5)
    none_done = summarize(["a", "b"], results[3:])
    assert none_done.mean_rounds is None and none_done.bots["a"].win_share is None


def test_a_repeated_name_pools_its_seats() -> None:
    results = [fake("hhe", (0.0, 1.0, 0.0), 25), fake("heh", (0.5, 0.5, 0.0), 25),
               fake("ehh", (1.0, 0.0, 0.0), 25), fake("hhe", (0.0, 0.0, 1.0), 25)]
    summary = summarize(["h", "h", "e"], results)
    assert list(summary.bots) == ["h", "e"]
    assert summary.bots["h"].win_share == pytest.approx((1 + 0.5 + 0 + 0) / 4)
    assert summary.bots["e"].win_share == pytest.approx((0 + 0.5 + 1 + 1) / 4)
    assert summary.bots["h"].ci95 == pytest.approx((0, 0.375 + 1.96 * 0.478714 / 2), abs=1e-5)


def test_results_do_not_depend_on_jobs(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--players", "3", "--bots", "greedy,random,greedy", "--games", "6", "--seed", "4"]
    one = tournament_json(capsys, *args, "--jobs", "1")
    # Through the real entry point: spawned workers must not re-run `python -m splendor`.
    run = subprocess.run([sys.executable, "-m", "splendor", "tournament", *args,
                          "--jobs", "2", "--json"],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stderr == ""  # no progress bar when stderr is not a terminal
    two = json.loads(run.stdout)
    for result in (one, two):
        for stats in result["bots"].values():
            del stats["decision_ms_median"], stats["decision_ms_p99"]
    assert one == two and one["games"] == 6


def test_human_report_and_rounding_note(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "--players", "3", "--bots", "greedy,greedy,random",
                 "--games", "4", "--seed", "2"]) == 0
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert lines[0].startswith("6 games, 3 players, seed 2 (0 unfinished), mean ")
    assert "4 asked, rounded up" in lines[1]
    assert lines[2].split()[:3] == ["bot", "win", "share"]
    assert [line.split()[0] for line in lines[3:]] == ["greedy", "random"]
    assert captured.err == ""


def test_progress_bar_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert progress_line(120, 400, 72) == "[######--------------] 120/400 games  1m12s"

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["tournament", "--bots", "random,random", "--games", "2", "--json"]) == 0
    assert terminal.getvalue().startswith("\r[")
    assert terminal.getvalue().endswith("2/2 games  0s\n")
    assert json.loads(capsys.readouterr().out)["games"] == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "greedy"], "names 1 bots for 2 players"),
        (["--players", "3", "--bots", "greedy,random"], "names 2 bots for 3 players"),
        (["--bots", "greedy,wizard"], "unknown bot 'wizard' (known: random, greedy"),
        (["--bots", "greedy,random", "--games", "0"], "--games: must be at least 1"),
        (["--bots", "greedy,random", "--jobs", "0"], "--jobs: must be at least 1"),
        (["--bots", "greedy,random", "--budget", "0"], "--budget: must be greater than 0"),
        (["--bots", "greedy,random", "--players", "5"], "players must be 2, 3 or 4"),
        ([], "the following arguments are required: --bots"),
    ],
)
def test_bad_arguments_exit_2_with_a_clear_message(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["tournament", *args])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert message in err and err.startswith("usage: splendor tournament")
