"""The overlays lay themselves out on enter, on a resize, on a change of language (the game
resizes every scene) and when what they show changes (a choice, a start, a refusal),
never while drawing: a draw at another size, a language changed unannounced or a frame's
update leaves the layout as it was. The Analyse panel, the gem step on the table and the
tokens to give back, each driven by posted events."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from splendor import i18n
from splendor.ui.app import App
from splendor.ui.main import Game
from splendor.ui.scene import Scene
from splendor.ui.scenes.analyse import AnalyseScene
from splendor.ui.scenes.table_step import GemStepScene
from splendor.ui.scenes.token_return import TokenReturnScene
from tests.ui.layout_spy import count_layouts
from tests.ui.test_module_decisions import RED, open_position, overlay_of
from tests.ui.test_results_review import click, finished_against_a_bot, frame
from tests.ui.test_token_return_choice import open_return, over_the_limit

#: Simulations per decision: quick.
BUDGET = 8
SMALL = (1024, 600)


def _resize(app: App, size: tuple[int, int]) -> None:
    app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size))


def _untouched_by_drawing(app: App, layouts: list[tuple[int, int]], scene: Scene,
                          placed: Callable[[], object]) -> None:
    """Drawn at another size, in a language changed behind its back, and a frame later:
    laid out no more, `placed` as before after each."""
    count, before = len(layouts), placed()
    app.render()
    assert placed() == before
    scene.draw(pygame.Surface(SMALL))  # another size: drawn, not laid out again
    assert placed() == before, "a draw at another size placed nothing"
    i18n.set_language("fr")  # not through the game: nothing says it changed
    app.render()
    assert placed() == before
    frame(app)  # nor does a frame's update
    i18n.set_language("en")
    assert len(layouts) == count
    assert placed() == before


# ------------------------------------------------------------------ the Analyse panel


def _analyse(panel: AnalyseScene) -> tuple[object, ...]:
    """What the panel's layout decides: its box, its rows, the status, the buttons."""
    return (tuple(panel._box), tuple(panel._intro), tuple(panel._status), tuple(panel._bar),
            tuple(panel._cancel), tuple(panel._start),
            tuple((v, tuple(r)) for v, r in panel._seat_spots),
            tuple((v, tuple(r)) for v, r in panel._depth_spots))


@pytest.fixture
def panel_layouts(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    return count_layouts(monkeypatch, AnalyseScene)


def _open_panel(app: App) -> tuple[Game, AnalyseScene]:
    game, _, results = finished_against_a_bot(app)
    game.analysis.choice.budget = BUDGET
    click(app, results.analyse.rect.center)
    panel = app.stack.top
    assert isinstance(panel, AnalyseScene)
    return game, panel


def test_the_analyse_panel_is_laid_out_on_enter_never_while_drawing(
        app: App, panel_layouts: list[tuple[int, int]]) -> None:
    _, panel = _open_panel(app)
    assert panel_layouts == [(1280, 720)], "laid out on enter"
    _untouched_by_drawing(app, panel_layouts, panel, lambda: _analyse(panel))
    # The box drawn is the box laid out, whatever the surface drawn on.
    small = pygame.Surface(SMALL)
    panel.draw(small)
    assert small.get_at((panel._box.centerx, panel._box.y + 1))[:3] != (0, 0, 0)
    assert panel_layouts == [(1280, 720)]


def test_a_resize_and_a_change_of_language_lay_the_panel_out_again(
        app: App, panel_layouts: list[tuple[int, int]]) -> None:
    game, panel = _open_panel(app)
    wide = _analyse(panel)
    _resize(app, SMALL)
    assert panel_layouts == [(1280, 720), SMALL]
    small = _analyse(panel)
    assert small != wide and pygame.Rect((0, 0), SMALL).contains(panel._box)
    app.render()
    assert len(panel_layouts) == 2
    english_status = panel._status
    game.change_language("fr")
    assert panel_layouts[-1] == SMALL and len(panel_layouts) == 3
    assert "décisions" in panel.status
    assert panel._status.h >= english_status.h
    app.render()
    assert len(panel_layouts) == 3


def test_a_choice_and_the_start_lay_out_once_and_the_progress_never(
        app: App, panel_layouts: list[tuple[int, int]]) -> None:
    _, panel = _open_panel(app)
    everyone, mine = (next(r for a, r in panel._seat_spots if a is v) for v in (True, False))
    click(app, everyone.center)
    assert panel.choice.all_seats and len(panel_layouts) == 2
    assert "decisions to judge" in panel.status
    click(app, mine.center)  # back to one's own moves (quicker)
    assert not panel.choice.all_seats and len(panel_layouts) == 3
    click(app, mine.center)  # chosen already: nothing changes
    assert len(panel_layouts) == 3
    click(app, panel._start.center)
    assert panel.started and len(panel_layouts) == 4
    assert panel._cancel.centerx == panel._box.centerx, "Cancel alone, centred"
    counted = len(panel_layouts)
    seen = set()
    while panel in app.stack.scenes:
        assert panel.job is not None
        seen.add(panel.job.done)
        assert panel._box.contains(panel._status)
        frame(app)
    assert len(seen) > 2, "the progress was followed"
    assert len(panel_layouts) == counted, "counting decisions never lays out"


# ------------------------------------------------------------------ the gem step


def _gem(step: GemStepScene) -> tuple[object, ...]:
    return (tuple(step._box), tuple(step._title), tuple(step._explain),
            tuple(step._message), tuple(tuple(r) for r in step._tokens))


def test_the_gem_step_lays_out_on_enter_and_on_a_refusal_never_while_drawing(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    layouts = count_layouts(monkeypatch, GemStepScene)
    game, _, table = open_position(app, "gem_two")
    step = overlay_of(app, GemStepScene)
    assert layouts == [(1280, 720)]
    assert table.layout is not None
    before = _gem(step)
    for pile in table.layout.bank:  # the pointer over the piles lights them, no more
        app.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pile.center,
                                            rel=(0, 0), buttons=(0, 0, 0)))
        frame(app)
    assert len(layouts) == 1 and _gem(step) == before
    _untouched_by_drawing(app, layouts, step, lambda: _gem(step))
    assert step._message.h == 0
    click(app, table.layout.bank[RED].center)  # the colour just taken: refused
    assert step.refusal is not None and len(layouts) == 2
    assert step._message.h > 0, "the reason has its room"
    frame(app)
    assert len(layouts) == 2
    _resize(app, SMALL)
    assert layouts[-1] == SMALL and len(layouts) == 3
    assert table.layout.size == SMALL and step._box == table.layout.dock
    game.close()


# ------------------------------------------------------------------ tokens to give back


def test_the_tokens_to_give_back_lay_out_on_a_note_never_while_drawing(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    layouts = count_layouts(monkeypatch, TokenReturnScene)
    _, panel = open_return(app, over_the_limit())
    assert layouts == [(1280, 720)]

    def placed() -> object:
        return (tuple(panel._box), tuple(panel._note_box), tuple(panel._confirm))

    before = placed()
    _untouched_by_drawing(app, layouts, panel, placed)
    for _ in range(3):
        click(app, panel._token_rects[0].center)  # the three to give back: no note
    assert len(layouts) == 1 and placed() == before
    click(app, panel._token_rects[1].center)  # one too many: the note says so
    assert panel.message and len(layouts) == 2 and panel._note_box.h > 0
    app.render()
    assert len(layouts) == 2
