"""Views, log entries and actions come back from the wire exactly as they went, in every
game kind and at every phase; wrong wire data is refused with a ProtocolError."""

from __future__ import annotations

import subprocess
import sys

import msgspec
import pytest

from splendor.engine import GameState, HiddenCard, Phase, observe
from splendor.net.errors import BAD_ACTION, BAD_FIELD, UNKNOWN_PIECE, ProtocolError
from splendor.net.wire import (
    action_from_wire,
    log_entry_from_wire,
    log_entry_to_wire,
    view_from_wire,
    view_to_wire,
)
from splendor.session.log import apply_logged
from tests.engine.modules.support import DATA
from tests.net.games import GAME_KINDS, built_positions, random_game

GAMES_PER_KIND = 10


def through_bytes(data: dict[str, object]) -> object:
    """`data` after a trip through JSON bytes, as the other side reads it."""
    return msgspec.json.decode(msgspec.json.encode(data))


def assert_round_trips(state: GameState) -> None:
    for seat in range(state.num_players):
        view = observe(state, seat)
        wire = view_to_wire(view)
        assert "history" not in wire and wire["moves"] == len(view.history)
        assert view_from_wire(wire, DATA, view.history) == view
        assert view_from_wire(through_bytes(wire), DATA, view.history) == view  # type: ignore[arg-type]


@pytest.mark.parametrize("name", list(built_positions()))
def test_a_built_position_round_trips_for_every_seat(name: str) -> None:
    assert_round_trips(built_positions()[name])


def test_built_positions_cover_every_phase_but_the_end() -> None:
    phases = {state.phase for state in built_positions().values()}
    assert phases == set(Phase) - {Phase.OVER}


@pytest.mark.parametrize("module", GAME_KINDS)
def test_every_position_of_random_games_round_trips(module: str | None) -> None:
    positions, phases = 0, set()
    for seed in range(GAMES_PER_KIND):
        for state in random_game(module, 2 + seed % 3, seed):
            assert_round_trips(state)
            positions += 1
            phases.add(state.phase)
    assert Phase.OVER in phases and Phase.MAIN in phases
    assert positions > 30 * GAMES_PER_KIND


@pytest.mark.parametrize("module", GAME_KINDS)
def test_log_entries_and_actions_round_trip(module: str | None) -> None:
    for seed in range(3):
        game = random_game(module, 2 + seed % 3, seed)
        replay = next(game).clone()
        for state in game:
            if not state.history:
                continue
            action = state.history[-1]
            assert action_from_wire(action.text()) == action
            entry = apply_logged(replay, action)
            assert log_entry_from_wire(log_entry_to_wire(entry)) == entry
            assert log_entry_from_wire(through_bytes(log_entry_to_wire(entry))) == entry  # type: ignore[arg-type]


def test_a_blind_reserve_travels_as_its_level_and_deck_only() -> None:
    state = built_positions()["blind reserves"]
    wire = view_to_wire(observe(state, 1))
    assert wire["players"][0]["reserved"] == [{"level": 2, "orient": False},
                                              {"level": 1, "orient": True}]
    mine = view_from_wire(wire, DATA, observe(state, 1).history).players[1].reserved
    assert [c.id for c in mine if not isinstance(c, HiddenCard)] == ["L3-01", "O2-01"]


def wire_of(name: str = "blind reserves") -> dict[str, object]:
    return view_to_wire(observe(built_positions()[name], 0))


@pytest.mark.parametrize(("change", "code"), [
    (lambda w: w["market"][0].__setitem__(0, "L9-99"), UNKNOWN_PIECE),
    (lambda w: w["nobles"].append("N99"), UNKNOWN_PIECE),
    (lambda w: w["players"][0].__setitem__("city", "C99"), UNKNOWN_PIECE),
    (lambda w: w.__setitem__("choices", [9]), UNKNOWN_PIECE),
    (lambda w: w.__setitem__("phase", "dance"), BAD_FIELD),
    (lambda w: w.__setitem__("step", ["dance", None]), BAD_FIELD),
    (lambda w: w.__setitem__("seat", "0"), BAD_FIELD),
    (lambda w: w.__setitem__("extra", 1), BAD_FIELD),
    (lambda w: w.pop("bank"), BAD_FIELD),
    (lambda w: w["players"][1]["reserved"].append({"level": 1, "id": "L1-01"}), BAD_FIELD),
    (lambda w: w.__setitem__("legal_actions", ["fly away"]), BAD_ACTION),
    (lambda w: w.__setitem__("moves", w["moves"] + 1), BAD_FIELD),  # not at the log's end
])
def test_wrong_wire_data_is_refused_with_a_protocol_error(change: object, code: str) -> None:
    wire = wire_of()
    history = observe(built_positions()["blind reserves"], 0).history
    change(wire)  # type: ignore[operator]
    with pytest.raises(ProtocolError) as caught:
        view_from_wire(wire, DATA, history)
    assert caught.value.code == code


def test_the_net_package_runs_without_pygame() -> None:
    code = ("import sys, splendor.net.wire, splendor.net.protocol; "
            "assert 'pygame' not in sys.modules, 'splendor.net imports pygame'")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
