"""Each Cities of Splendor module's table pieces, one file each, found by the engine
module they belong to (as splendor.engine.modules finds the rules): `table_module(name)`
gives the `TableModule` subclass for a module id (None: the base game). A module with no
table pieces of its own (one a test defines) gets those of the nearest engine class it
derives from, or the base table. Nothing else in the table asks which module a view plays
by its name: it asks these classes what the module has and draws.
"""

from __future__ import annotations

from splendor.engine.modules import find_module
from splendor.ui.table.modules.base import Middle, TableModule, TableParts
from splendor.ui.table.modules.cities import CitiesTable
from splendor.ui.table.modules.orient import OrientTable
from splendor.ui.table.modules.strongholds import StrongholdsTable
from splendor.ui.table.modules.trading_posts import TradingPostsTable

#: The table pieces of each module.
TABLE_MODULES: list[type[TableModule]] = [CitiesTable, TradingPostsTable, OrientTable,
                                          StrongholdsTable]


def table_module(module: str | None) -> type[TableModule]:
    """The table pieces for the engine module named `module` (None: the base game)."""
    if module is None:
        return TableModule
    try:
        engine = find_module(module)
    except ValueError:  # a module no longer registered (a test's): the base table
        return TableModule
    by_engine = {table.engine: table for table in TABLE_MODULES}
    return next((by_engine[cls] for cls in engine.__mro__ if cls in by_engine), TableModule)


__all__ = ["TABLE_MODULES", "Middle", "TableModule", "TableParts", "table_module"]
