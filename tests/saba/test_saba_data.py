"""Saba's component data: the shipped file is the one docs/RULES_SABA.md gives (section 7.6),
every entry keeps its provenance, and a damaged file is refused with a message naming the
file, the entry and the problem."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from splendor.gamedata import DataError
from splendor.saba.data import load_saba_data, saba_game
from splendor.saba.engine.materials import ALABASTER, EBONY, GOLD, SANDSTONE
from tests.saba.helpers import SHIPPED

ROOT = Path(__file__).resolve().parents[2]


def shipped_doc() -> dict[str, Any]:
    doc = yaml.safe_load(SHIPPED.read_text(encoding="utf-8"))
    assert isinstance(doc, dict)
    return doc


def test_the_shipped_file_is_the_documents_yaml() -> None:
    text = (ROOT / "docs" / "RULES_SABA.md").read_text(encoding="utf-8")
    block = re.search(r"```yaml\n(.*?)```", text, re.S)
    assert block is not None
    assert yaml.safe_load(block.group(1)) == shipped_doc()


def test_the_shipped_data_loads_with_the_reconstructed_values() -> None:
    data = saba_game()
    assert data.status == "reconstructed"
    assert len(data.palace_cards) == 24 and len(data.action_cards) == 20
    assert data.supply == (15, 15, 15, 15)
    assert (data.figures, data.markers, data.hand_limit, data.stock_limit) == (8, 5, 3, 7)
    assert data.surcharges == (0, 1, 2)
    assert [(s.id, s.capacity) for s in data.sections] == [
        ("hand", 2),
        ("cross", 2),
        ("vizier", 3),
        ("none", 4),
    ]
    assert data.card_by_id["pillar-8"].cost == (3, 1, 1, 0)
    assert data.card_by_id["treasury-2"].cost == (1, 1, 1, 2)
    # Section 7.1: each garden space's three cards cost 4 of each building material.
    for garden in range(1, 9):
        cards = [c for c in data.palace_cards if c.garden == garden]
        assert [sum(c.cost[m] for c in cards) for m in (ALABASTER, SANDSTONE, EBONY)] == [4] * 3
    assert data.action_by_id["action-17"].materials == (SANDSTONE, GOLD)
    assert data.quarters[data.vizier_start].id == "bazaar"


def test_every_entry_keeps_its_provenance_as_the_document_gives_it() -> None:
    data = saba_game()
    arch = data.card_by_id["arch-3"]
    assert arch.provenance.tag == "reconstructed"
    assert (
        arch.provenance.of("level"),
        arch.provenance.of("garden"),
        arch.provenance.of("cost"),
    ) == ("seed", "derived", "reconstructed")
    space2 = data.build_spaces[1]
    assert (space2.provenance.tag, space2.provenance.rulings) == ("reconstructed", ("A6",))
    assert data.build_spaces[0].provenance.tag == "seed"
    assert data.sections[2].provenance.of("position") == "derived"
    assert data.harbour_cards[0].provenance.rulings == ("A2", "A3")
    assert data.quarters[0].provenance.rulings == ("A10",)
    assert data.provenance_of("vizier_start") == data.provenance_of("vizier_start")
    assert data.provenance_of("vizier_start").tag == "reviews"
    assert data.provenance_of("per_player.figures").rulings == ("A21",)
    assert all(c.provenance.reconstructed for c in data.action_cards)


def test_the_fingerprint_follows_the_values_that_decide_play(tmp_path: Path) -> None:
    doc = shipped_doc()
    doc["palace_cards"][0]["provenance"] = "seed"  # not played: same fingerprint
    doc["palace_cards"][0]["field_provenance"] = None
    path = tmp_path / "components.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    assert load_saba_data(path).fingerprint() == saba_game().fingerprint()
    doc["palace_cards"][0]["cost"]["alabaster"] = 2
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    assert load_saba_data(path).fingerprint() != saba_game().fingerprint()


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(doc: dict[str, Any]) -> None:
        target: Any = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return edit


def _drop(name: str, index: int) -> Callable[[dict[str, Any]], None]:
    return lambda doc: doc[name].pop(index)


def _swap_garden(doc: dict[str, Any]) -> None:
    doc["palace_cards"][1]["garden"] = 1


def _shrink_row(doc: dict[str, Any]) -> None:
    doc["harbour_sections"][3]["capacity"] = 1


DAMAGE: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "gold on a palace card": (
        _set(("palace_cards", 2, "cost", "gold"), 1),
        r"palace_cards entry 3 \(arch-3\): palace cards never cost gold",
    ),
    "a level the card's piece does not match": (
        _set(("palace_cards", 8, "piece"), "arch"),
        r"palace_cards entry 9 \(fountain-1\): a level-2 card builds a fountain, not 'arch'",
    ),
    "two cards for one level and garden": (
        _swap_garden,
        r"palace_cards entry 2 \(arch-2\): garden space 1 already has its level-1 card",
    ),
    "a palace card missing": (
        _drop("palace_cards", 5),
        r"palace_cards: expected 24 entries, found 23",
    ),
    "a negative cost": (
        _set(("special_cards", 0, "cost", "gold"), -1),
        r"special_cards entry 1 \(treasury-1\): the cost in gold must be a whole number >= 0",
    ),
    "an unknown provenance tag": (
        _set(("action_cards", 4, "provenance"), "printed"),
        r"action_cards entry 5 \(action-05\): 'provenance' must be one of seed, reviews, "
        r"derived, reconstructed, got 'printed'",
    ),
    "a provenance stronger than its fields'": (
        _set(("harbour_sections", 0, "provenance"), "seed"),
        r"harbour_sections entry 1 \(hand\): 'provenance' 'seed' must be the weakest tag",
    ),
    "a field provenance of no field": (
        _set(("palace_cards", 0, "field_provenance", "price"), "seed"),
        r"palace_cards entry 1 \(arch-1\): field_provenance names 'price', which is not a "
        r"field",
    ),
    "a ruling that is no ruling": (
        _set(("build_spaces", 1, "ruling"), ["A six"]),
        r"build_spaces entry 2: 'ruling' must list rulings such as A6",
    ),
    "an action card of no material": (
        _set(("action_cards", 12, "materials"), ["alabaster", "marble"]),
        r"action_cards entry 13 \(action-13\): 'materials' names 'marble' is not a material",
    ),
    "a material twice on an action card": (
        _set(("action_cards", 12, "materials"), ["gold", "gold"]),
        r"action_cards entry 13 \(action-13\): 'materials' names a material twice",
    ),
    "harbour faces that miss a section": (
        _set(("harbour_cards", 1, "other_face"), "hand"),
        r"harbour_cards: the cards' faces must show the four harbour sections once each",
    ),
    "a harbour row whose capacities shrink": (
        _shrink_row,
        r"harbour_sections \(none\): capacities must not shrink",
    ),
    "two harbour sections at one position": (
        _set(("harbour_sections", 1, "position"), 1),
        r"harbour_sections: the positions must be 1, 2, 3 and 4, once each",
    ),
    "a quarter effect nobody knows": (
        _set(("quarters", 4, "effect"), "steal"),
        r"quarters entry 5 \(exchange\): 'effect' must be one of",
    ),
    "a vizier in no quarter": (
        _set(("vizier_start", "quarter"), "harbour"),
        r"vizier_start: 'harbour' is not a quarter",
    ),
    "a negative surcharge": (
        _set(("build_spaces", 2, "surcharge_gold"), -2),
        r"build_spaces entry 3: 'surcharge_gold' must be a whole number >= 0, got -2",
    ),
    "a figure count of text": (
        _set(("per_player", "figures", "value"), "eight"),
        r"per_player\.figures: 'value' must be a whole number >= 1, got 'eight'",
    ),
    "placement prices for the wrong room": (
        _set(("quarter_rules", "placement_cost_gold", "value"), [1]),
        r"quarter_rules\.placement_cost_gold: 'value' must list 2 prices",
    ),
    "the advanced game switched on": (
        _set(("advanced_action_cards", "included"), True),
        r"advanced_action_cards: 'included' must be false",
    ),
    "an unknown field": (
        _set(("special_cards", 2, "points"), 3),
        r"special_cards entry 3 \(end\): unknown field\(s\) points",
    ),
    "an id no action can name": (
        _set(("palace_cards", 2, "id"), "Arch 3"),
        r"palace_cards entry 3 \(Arch 3\): 'id' must be one word of small letters",
    ),
    "a duplicate id": (
        _set(("special_cards", 1, "id"), "treasury-1"),
        r"special_cards entry 2 \(treasury-1\): duplicate id treasury-1",
    ),
    "a newer data version": (
        _set(("saba_data_version",), 2),
        r"saba_data_version: expected 1, got 2",
    ),
    "a start material for the first player": (
        _set(("start_materials", 0, "units"), 1),
        r"start_materials entry 1: the first player is dealt nothing \(S4\)",
    ),
}


@pytest.mark.parametrize("damage", DAMAGE.values(), ids=DAMAGE.keys())
def test_a_damaged_file_is_refused_naming_file_entry_and_problem(
    tmp_path: Path, damage: tuple[Callable[[dict[str, Any]], None], str]
) -> None:
    edit, message = damage
    doc = copy.deepcopy(shipped_doc())
    edit(doc)
    path = tmp_path / "components.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    with pytest.raises(DataError, match=r"\Acomponents\.yaml: " + message):
        load_saba_data(path)


def test_a_file_that_is_no_yaml_is_refused_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "components.yaml"
    path.write_text("palace_cards: [arch-1\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"\Acomponents\.yaml: not valid YAML"):
        load_saba_data(path)
    path.write_text("- just\n- a list\n", encoding="utf-8")
    with pytest.raises(DataError, match=r"\Acomponents\.yaml: expected a mapping, got list"):
        load_saba_data(path)
