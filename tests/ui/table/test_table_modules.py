"""Each module's table pieces are found by the engine module they belong to (as the
engine finds its rules), and no code of the table or the picture tools asks which module
it shows by comparing its name with a literal."""

from __future__ import annotations

import re
from pathlib import Path
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

SPLENDOR = Path(__file__).resolve().parents[3] / "splendor"
#: A module name compared with a string literal (`view.module == "orient"`, ...).
NAME_COMPARED = re.compile(r"module\w*\s*(==|!=|in|not in)\s*[(\[{]?\s*[\"']")


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


def test_no_module_name_is_compared_with_a_literal_in_the_ui_or_the_tools() -> None:
    found = [f"{path.relative_to(SPLENDOR)}:{n}"
             for folder in ("ui", "devtools") for path in sorted((SPLENDOR / folder).rglob("*.py"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
             if NAME_COMPARED.search(line)]
    assert not found, found
