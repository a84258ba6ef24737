"""What Saba's screens say about the card data in use (RULES_SABA.md section 8): a short
line while the player's own copy of the data file is played, and, once, why a copy was
refused (the shipped data is played instead). No pygame: the words only."""

from __future__ import annotations

from splendor.i18n import tr
from splendor.saba.engine import SabaData


def edited_line(data: SabaData) -> str:
    """'Card data: edited by you' while `data` is the player's copy, else ''."""
    return tr("saba.reconstructed.edited") if data.edited_from is not None else ""


def refusal_title() -> str:
    return tr("saba_table.data.refused_title")


def refusal_text(data: SabaData) -> str:
    """Why the player's copy of the data file was refused (the entry and the problem, as
    the check words them), and that the shipped data is played; '' when none was."""
    if data.refused is None:
        return ""
    return f"{tr('saba_table.data.refused_text')}\n{data.refused}"
