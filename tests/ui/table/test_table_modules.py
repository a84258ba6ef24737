"""Each module's table pieces are found by the engine module they belong to (as the
engine finds its rules), and no code of the table or the picture tools asks which module
it shows by comparing its name with a literal."""

from __future__ import annotations

from typing import Any

from splendor.engine import new_game, observe
from splendor.engine.modules import MODULES, registered
from splendor.engine.modules.orient import OrientState
from splendor.ui.app import App
from splendor.ui.table.layout import compute_layout
from splendor.ui.table.modules import TABLE_MODULES, TableModule, table_module
from splendor.ui.table.modules.orient import OrientTable
from splendor.ui.table.view import Assists, TableUi, draw_table
from tests.engine.modules.support import DATA
from tests.engine.modules.test_registry import NoblePoints


class OrientAgain(OrientState):
    """A module of this test's own that changes nothing of the Orient's table."""

    __slots__ = ()

    module = "orient-again"
    aliases = ()


def _layout_rects(module: str | None) -> dict[str, Any]:
    lay = compute_layout((1280, 720), 2, DATA.market_slots, module=module)
    return {k: v for k, v in vars(lay).items() if k != "module"}


def test_every_module_has_its_own_table_pieces_found_by_id_and_alias() -> None:
    assert table_module(None) is TableModule
    for module in MODULES:
        pieces = table_module(module.module)
        assert pieces.engine is module and pieces in TABLE_MODULES
        assert all(table_module(alias) is pieces for alias in module.aliases)


def test_a_module_defined_in_a_test_gets_the_base_table(app: App) -> None:
    with registered(NoblePoints):
        assert table_module("noble-points") is TableModule
        assert _layout_rects("noble-points") == _layout_rects(None)
        state = new_game(DATA, 3, 5, module="noble-points")
        view = observe(state, 0)
        lay = compute_layout(app.screen.get_size(), 2, DATA.market_slots, module=view.module)
        draw_table(app.screen, lay, view, TableUi(), Assists(), True, [], data=DATA)


def test_a_module_deriving_from_one_gets_that_ones_table() -> None:
    with registered(OrientAgain):
        assert table_module("orient-again") is OrientTable
        assert _layout_rects("orient-again") == _layout_rects("orient")
        assert _layout_rects("orient-again") != _layout_rects(None)
