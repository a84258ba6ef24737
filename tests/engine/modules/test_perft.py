"""Legal-action counts of fixed positions of each module (tests/engine/modules/data/
perft_MODULE.yaml), worked out by hand: the test recomputes them from the engine and fails
when the count of any kind differs (as tests/engine/test_perft.py does for the base game)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from splendor.engine import build_position, new_game, parse_action
from splendor.engine.state import GameState
from tests.engine.modules.support import DATA, MODULES
from tests.engine.test_perft import check_counts, check_specs

DATA_DIR = Path(__file__).parent / "data"
KINDS = ("take", "take2", "reserve", "reserve_deck", "buy", "return", "noble", "pass",
         "city", "post", "gem", "pair", "free", "reserve_noble", "hold", "conquer", "decline")


def _positions() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for module in MODULES:
        doc = yaml.safe_load((DATA_DIR / f"perft_{module}.yaml").read_text(encoding="utf-8"))
        assert doc["module"] == module
        out += [(module, spec) for spec in doc["positions"]]
    return out


POSITIONS = _positions()


def _tuples(value: Any) -> Any:
    """YAML lists of strongholds as the (seat, count) tuples build_position takes."""
    return {card: tuple(hold) for card, hold in value.items()}


def _reach(module: str, spec: dict[str, Any]) -> GameState:
    if "build" in spec:
        args = dict(spec["build"])
        if "holds" in args:
            args["holds"] = _tuples(args["holds"])
        state = build_position(DATA, args.pop("players", 2), module=module, **args)
    else:
        game = spec["game"]
        state = new_game(DATA, game["players"], game["seed"],
                         first_player=game.get("first_player"), module=module)
    for text in spec.get("actions", []):
        state.apply(parse_action(text))
    return state


def test_perft_data_is_well_formed() -> None:
    for module in MODULES:
        specs = [spec for m, spec in POSITIONS if m == module]
        assert len(specs) >= 3, f"{module}: at least three hand-counted positions"
    names = [spec["name"] for _, spec in POSITIONS]
    assert len(set(names)) == len(names), "position names must be unique"
    check_specs([spec for _, spec in POSITIONS], KINDS)


@pytest.mark.parametrize(("module", "spec"), POSITIONS, ids=[s["name"] for _, s in POSITIONS])
def test_legal_action_counts_match_the_hand_count(module: str, spec: dict[str, Any]) -> None:
    check_counts(_reach(module, spec), spec, KINDS)
