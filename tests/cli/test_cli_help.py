"""Every command of `python -m splendor`, and every action of a command that parses its
own words (`challenges list|verify`), prints its help on `--help` and exits 0."""

from __future__ import annotations

import argparse

import pytest

from splendor.challenge_cli import _parser as challenges_parser
from splendor.cli import build_parser, main


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    """The subcommands of `parser`, by name."""
    return next((dict(a.choices) for a in parser._actions
                 if isinstance(a, argparse._SubParsersAction)), {})


COMMANDS = sorted(_commands(build_parser()))
CHALLENGE_ACTIONS = sorted(_commands(challenges_parser()))


def test_the_commands_are_found() -> None:
    assert {"play", "replay", "bench", "tournament", "analyse", "challenges", "serve",
            "join", "saba-data"} <= set(COMMANDS)
    assert CHALLENGE_ACTIONS == ["list", "verify"]


@pytest.mark.parametrize("words", [
    [], *([name] for name in COMMANDS), *(["challenges", a] for a in CHALLENGE_ACTIONS)],
    ids=lambda words: " ".join(words) or "splendor")
def test_help_prints_the_usage_and_exits_0(capsys: pytest.CaptureFixture[str],
                                          words: list[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main([*words, "--help"])
    out, err = capsys.readouterr()
    assert exited.value.code in (0, None), err
    assert out.startswith(f"usage: {' '.join(['splendor', *words])} "), out
    assert err == ""
