"""The rules screen: its text file is checked, it scrolls, and a broken file is reported."""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from splendor.ui.app import App
from splendor.ui.scenes.rules import RulesScene, load_rules, wrap


def test_the_shipped_rules_cover_every_ruling_heading() -> None:
    title, sections = load_rules("en")
    assert title
    text = " ".join(p for s in sections for p in s.paragraphs).lower()
    for ruling in ("fewer than three colours", "at least four", "at most three reserved",
                   "gold", "ten tokens", "only one noble", "same number of turns",
                   "fewest bought cards", "must pass"):
        assert ruling in text, ruling


def test_a_broken_rules_file_names_the_problem(tmp_path: Path) -> None:
    (tmp_path / "en.yaml").write_text("sections:\n  - paragraphs: [no title]\n")
    with pytest.raises(ValueError, match=r"en\.yaml: section 1: needs a title"):
        load_rules("en", tmp_path)
    (tmp_path / "xx.yaml").write_text("{not: [valid")
    with pytest.raises(ValueError, match=r"xx\.yaml: cannot read"):
        load_rules("xx", tmp_path)


def test_wrapped_lines_fit_the_width() -> None:
    pygame.init()
    from splendor.ui import theme

    lines = wrap("word " * 80, 17, 300)
    assert len(lines) > 3
    assert all(theme.font(17).size(line)[0] <= 300 for line in lines)


def test_the_page_scrolls_within_its_limits_and_back_leaves() -> None:
    app = App((1280, 720))
    app.stack.push(RulesScene())  # something beneath, so Back has somewhere to go
    scene = RulesScene()
    app.stack.push(scene)
    app.render()
    assert scene.scroll == 0
    app.stack.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN))
    assert scene.scroll > 0
    app.stack.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END))
    bottom = scene.scroll
    app.stack.dispatch(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3))
    assert scene.scroll == bottom, "cannot scroll past the end"
    app.stack.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME))
    assert scene.scroll == 0
    app.stack.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE))
    assert app.stack.top is not scene
