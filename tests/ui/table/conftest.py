"""The table tests' shared fixture: the language, parametrized, with 'long' standing for
the wordiest languages (English with every word lengthened by 35%, shown as 'fr')."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

import pytest

from splendor import i18n


def _stretch(text: str) -> str:
    """Every word of `text` a third longer ('card' -> 'cardca'), placeholders untouched."""
    parts = re.split(r"(\{[^}]*\})", text)
    return "".join(part if part.startswith("{") else re.sub(
        r"[^\W\d_]+", lambda m: m.group() + m.group()[:math.ceil(len(m.group()) * 0.35)], part)
        for part in parts)


def _long_catalog() -> dict[str, i18n.Entry]:
    out: dict[str, i18n.Entry] = {}
    for key, entry in i18n.load_catalog("en").items():
        out[key] = ({form: _stretch(v) for form, v in entry.items()}
                    if isinstance(entry, dict) else _stretch(entry))
    return out


@pytest.fixture
def language(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Switch to the parametrized language (`indirect`); 'long' is English lengthened by a
    third, shown as 'fr'."""
    code: str = request.param
    if code == "long":
        long = _long_catalog()
        real = i18n.load_catalog
        monkeypatch.setattr(i18n, "load_catalog",
                            lambda lang: long if lang == "fr" else real(lang))
        code = "fr"
    i18n.set_language(code)
    yield request.param
    i18n.set_language(i18n.DEFAULT)
