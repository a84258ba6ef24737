"""The online screens' tests share the table tests' language fixture ('long' included)."""

from tests.ui.table.conftest import language

__all__ = ["language"]
