"""Every code the table or the wire can answer with has a sentence in every language."""

from __future__ import annotations

import pytest

from splendor import i18n
from splendor.net.errors import CODES, REFUSALS

#: Codes a client makes itself: nobody there, the link gone, a record it cannot read.
CLIENT = frozenset({"unreachable", "connection_lost", "bad_record"})


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_each_code_is_said_in_words(language: str) -> None:
    catalog = i18n.load_catalog(language)
    missing = sorted(c for c in CODES | REFUSALS | CLIENT
                     if f"online.problem.{c}" not in catalog)
    assert not missing
