"""Legal-action counts of fixed positions (tests/engine/data/perft.yaml), worked out by hand.

Each position is built from data, then its legal actions are counted by kind; the test
fails when the engine's count of any kind differs from the hand count."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from splendor.engine import GameState, build_position, new_game, parse_action
from splendor.gamedata import base_game

DATA = Path(__file__).parent / "data" / "perft.yaml"
KINDS = ("take", "take2", "reserve", "reserve_deck", "buy", "return", "noble", "pass")


def _positions() -> list[dict[str, Any]]:
    doc = yaml.safe_load(DATA.read_text(encoding="utf-8"))
    return list(doc["positions"])


POSITIONS = _positions()


def _reach(spec: dict[str, Any]) -> GameState:
    if "build" in spec:
        args = dict(spec["build"])
        players = args.pop("players", 2)
        state = build_position(base_game(), players, **args)
    else:
        game = spec["game"]
        state = new_game(
            base_game(), game["players"], game["seed"], first_player=game.get("first_player")
        )
    for text in spec.get("actions", []):
        state.apply(parse_action(text))
    return state


def check_specs(specs: list[dict[str, Any]], kinds: tuple[str, ...]) -> None:
    """Each hand-counted position is built or played, counts known kinds, and adds up."""
    for spec in specs:
        assert ("build" in spec) != ("game" in spec), f"{spec['name']}: build or game"
        unknown = set(spec["expected"]) - set(kinds)
        assert not unknown, f"{spec['name']}: unknown kinds {unknown}"
        assert sum(spec["expected"].values()) == spec["total"], (
            f"{spec['name']}: the hand counts do not add up to the total"
        )


def check_counts(state: GameState, spec: dict[str, Any], kinds: tuple[str, ...]) -> None:
    """The engine's legal actions in `state` match the hand count of `spec`, kind by kind
    and in total, none twice, each of them accepted."""
    legal = state.legal_actions()
    counted = Counter(a.kind for a in legal)
    expected = {kind: spec["expected"].get(kind, 0) for kind in kinds}
    got = {kind: counted.get(kind, 0) for kind in kinds}
    assert got == expected, f"{spec['name']}: engine counts {got}, hand count {expected}"
    assert len(legal) == spec["total"]
    assert len(set(legal)) == len(legal), f"{spec['name']}: an action is listed twice"
    for action in legal:  # every listed action must also be accepted
        assert state.why_illegal(action) is None, f"{action.text()} listed but refused"


def test_perft_data_is_well_formed() -> None:
    assert len(POSITIONS) >= 6, "at least six hand-counted positions"
    names = [p["name"] for p in POSITIONS]
    assert len(set(names)) == len(names), "position names must be unique"
    check_specs(POSITIONS, KINDS)


@pytest.mark.parametrize("spec", POSITIONS, ids=[p["name"] for p in POSITIONS])
def test_legal_action_counts_match_the_hand_count(spec: dict[str, Any]) -> None:
    check_counts(_reach(spec), spec, KINDS)
