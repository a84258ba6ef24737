"""Saba's pieces and places in the player's language: materials, harbour sections,
quarters, cards, build spaces, the marks of reconstructed values and the honesty notice.

The sentences are worded by `log_words` (the log), `turn_words` (prompts, status, hints,
refusals) and `result_words` (the final scores and the tie-break). Every word comes from
the catalogs (`saba.*`, `saba_log.*`, `saba_turn.*`, `saba_reason.*`,
`saba_results.*`); these modules only choose the entry and fill it in. No pygame: the
table, the terminal and the tests word Saba alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from splendor.i18n import has, tr
from splendor.resources import levels_data_dir
from splendor.saba.engine import MATERIAL_NAMES, PalaceCard, Provenance, SabaData, Use

# ------------------------------------------------------------------- the pieces


def capital(text: str) -> str:
    """`text` with its first letter a capital (a sentence may begin with a name)."""
    return text[:1].upper() + text[1:]


def join(items: Sequence[str], last: str = "common.list_and") -> str:
    """'a', 'a and b', 'a, b and c' ('or' with `last` = 'saba.list_or')."""
    if len(items) <= 1:
        return "".join(items)
    return tr(last, rest=tr("common.list_comma").join(items[:-1]), last=items[-1])


def material_name(material: int) -> str:
    """'alabaster', 'sandstone', 'ebony' or 'gold' in the language in use."""
    return tr(f"saba.material.{MATERIAL_NAMES[material]}")


def unit_text(material: int, count: int = 1) -> str:
    """'2 alabaster': `count` units of one material."""
    return tr(f"saba.units.{MATERIAL_NAMES[material]}", count)


def units_text(counts: Sequence[int]) -> str:
    """Units by material, '2 alabaster and 1 gold' ('nothing' when none)."""
    parts = [unit_text(m, n) for m, n in enumerate(counts) if n > 0]
    return join(parts) if parts else tr("saba.nothing")


def section_name(data: SabaData, section_id: str) -> str:
    """A harbour section by its extra action ('hand section'), used after 'the'."""
    return tr(f"saba.section.{section_action(data, section_id)}.name")


def section_does(data: SabaData, section_id: str) -> str:
    """What taking a harbour section gives ('take its units and draw an action card')."""
    return tr(f"saba.section.{section_action(data, section_id)}.does")


def section_action(data: SabaData, section_id: str) -> str:
    """What a harbour section does (`components.SECTION_ACTIONS`): its words' key."""
    return data.sections[data.section_index(section_id)].action


def quarter_name(data: SabaData, quarter_id: str) -> str:
    """A city quarter's name, used after 'the' ("Goldsmiths' quarter"); a quarter the
    catalogs do not know (an edited data file) by its German name."""
    key = f"saba.quarter.{quarter_id}.name"
    if has(key):
        return tr(key)
    return next((q.name_de for q in data.quarters if q.id == quarter_id), quarter_id)


def quarter_short(data: SabaData, quarter_id: str) -> str:
    """A city quarter's name for a label on the board ('Goldsmiths')."""
    key = f"saba.quarter.{quarter_id}.short"
    return tr(key) if has(key) else quarter_name(data, quarter_id)


def quarter_does(data: SabaData, quarter_id: str) -> str:
    """What one use of a figure in the quarter does ('take 1 gold from the supply')."""
    quarter = data.quarters[data.quarter_index(quarter_id)]
    if quarter.material is None:
        return tr(f"saba.effect.{quarter.effect}")
    return tr("saba.effect.produce", material=material_name(quarter.material))


def card_name(data: SabaData, card_id: str) -> str:
    """Any card by what a player sees on it: 'the fountain of garden space 5', 'the 1st
    treasury scoring', 'an action card (alabaster or gold)'; an unknown id as it is."""
    card = data.card_by_id.get(card_id)
    if isinstance(card, PalaceCard):
        return tr(f"saba.card.{card.piece}", garden=card.garden)
    if card is not None:
        key = f"saba.card.special.{card.id.replace('-', '_')}"
        return tr(key) if has(key) else card.title_de
    action = data.action_by_id.get(card_id)
    if action is None:
        return card_id
    if len(action.materials) == len(MATERIAL_NAMES):
        return tr("saba.card.action_any")
    materials = join([material_name(m) for m in action.materials], "saba.list_or")
    return tr("saba.card.action", materials=materials)


def use_words(data: SabaData, action: Use) -> dict[str, str]:
    """The words of one use of a figure in a quarter: the quarter, and what it gives
    (`units`) or the exchange (`give`, `take`)."""
    words = {"quarter": quarter_name(data, action.quarter)}
    if action.give is not None and action.take is not None:
        return words | {"give": unit_text(action.give), "take": unit_text(action.take)}
    material = data.quarters[data.quarter_index(action.quarter)].material
    if material is None:
        raise ValueError(f"'{action.text()}' names no exchange in an exchanging quarter")
    return words | {"units": unit_text(material)}


def surcharge_text(gold: int) -> str:
    """The gold a build space adds to a card's price: '+1 gold', 'no gold'."""
    return tr("saba.place.surcharge", gold) if gold else tr("saba.place.no_surcharge")


def reconstructed_tip(provenance: Provenance) -> str:
    """The tooltip of a value invented for this program, naming its rulings (section 8)."""
    if provenance.rulings:
        return tr("saba.reconstructed.tip_ruling", rulings=", ".join(provenance.rulings))
    return tr("saba.reconstructed.tip")


def data_file() -> Path:
    """Where the card data lies on this computer (levels_data/saba/components.yaml)."""
    from splendor.saba.data import DATA_FILE

    return levels_data_dir() / DATA_FILE


def notice() -> tuple[str, str]:
    """The title and text players are told before their first game of Saba and on its
    rules page: a reconstruction, not the printed values, no advanced game, and where the
    player's own copy of the card data goes (RULES_SABA.md section 8)."""
    from splendor.storage.paths import saba_data_path

    return tr("saba.notice.title"), tr("saba.notice.text", file=str(saba_data_path()))
