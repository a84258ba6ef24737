"""`--screenshots DIR --lang ...`: every picture in each language asked for."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from splendor.cli import main
from splendor.devtools.screenshots import PICTURES
from splendor.i18n import LANGUAGES

ENV = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
       "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def test_lang_all_writes_every_picture_in_every_language(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "splendor", "--screenshots", str(tmp_path), "--size",
         "1024x600", "--lang", "all"], env=ENV, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    for code in LANGUAGES:
        for name in PICTURES:
            image = pygame.image.load(str(tmp_path / code / f"{name}.png"))
            assert image.get_size() == (1024, 600), (code, name)
    assert len(done.stdout.splitlines()) == len(LANGUAGES) * len(PICTURES)


def test_one_language_writes_into_the_folder_itself(tmp_path: Path) -> None:
    assert main(["--screenshots", str(tmp_path), "--lang", "pt"]) == 0
    assert sorted(p.stem for p in tmp_path.glob("*.png")) == sorted(PICTURES)


@pytest.mark.parametrize("value", ["de", "en,xx", ""])
def test_an_unknown_language_is_refused_with_the_choices(value: str, capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["--screenshots", "/nonexistent", "--lang", value])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "--lang" in err and ("en, pt, es, fr" in err or "no language" in err)


def test_the_window_takes_one_language_only(capsys) -> None:
    assert main(["--lang", "pt,fr"]) == 2
    assert "one language" in capsys.readouterr().err


def test_a_failed_judgement_stops_the_pictures_with_its_reason(tmp_path: Path) -> None:
    # The Analyse panel shows a failed run and stays open: the pictures must not wait on
    # it for ever (a smoke test of a build that cannot judge would hang).
    script = (
        "import sys\n"
        "from pathlib import Path\n"
        "import splendor.session.bot_process as bots\n"
        "bots.judge_request = lambda request, data: bots.Answer(\n"
        "    request.ticket, None, None, 0.0, error='no numpy here')\n"
        "from splendor.devtools.screenshots import render_all\n"
        "render_all(Path(sys.argv[1]))\n")
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path)], env=ENV,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode != 0
    assert "the analysis for the pictures failed: no numpy here" in done.stderr
