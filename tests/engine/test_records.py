"""Game records: JSON round trips, replay errors that say where and why, determinism."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from splendor.engine import (
    RECORD_VERSION,
    GameState,
    RecordError,
    make_record,
    new_game,
    replay,
)
from splendor.gamedata import base_game

DATA = base_game()


def play(players: int, seed: int, steps: int | None = None) -> GameState:
    """A seeded random game: `steps` actions, or to the end when None."""
    rng = random.Random(seed)
    state = new_game(DATA, players, seed)
    n = 0
    while not state.is_over() and (steps is None or n < steps):
        state.apply(rng.choice(state.legal_actions()))
        n += 1
    return state


def through_json(record: dict[str, Any]) -> Any:
    return json.loads(json.dumps(record))


def replay_error(record: object) -> RecordError:
    with pytest.raises(RecordError) as info:
        replay(DATA, record)
    return info.value


GAMES = [(2 + seed % 3, seed) for seed in range(9)]


# -------------------------------------------------------------------- round trips


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_finished_game_round_trips_through_json(players: int, seed: int) -> None:
    state = play(players, seed)
    assert state.is_over()
    record = make_record(state)
    again = replay(DATA, through_json(record))
    assert again == state
    assert again.key() == state.key()
    assert again.is_over()
    assert again.outcome() == state.outcome()
    assert make_record(again) == record


@pytest.mark.parametrize(("players", "seed"), GAMES)
@pytest.mark.parametrize("steps", [0, 1, 17, 40, 63])
def test_game_in_progress_round_trips_through_json(players: int, seed: int, steps: int) -> None:
    state = play(players, seed, steps)
    record = through_json(make_record(state))
    again = replay(DATA, record)
    assert again == state
    assert again.legal_actions() == state.legal_actions()
    # both go on identically
    rng1, rng2 = random.Random(seed), random.Random(seed)
    for _ in range(30):
        if state.is_over():
            break
        state.apply(rng1.choice(state.legal_actions()))
        again.apply(rng2.choice(again.legal_actions()))
        assert again == state


def test_round_trip_keeps_mid_turn_phases() -> None:
    """Records made during a return or noble decision replay to the same phase."""
    phases = set()
    for seed in range(40):
        rng = random.Random(seed)
        state = new_game(DATA, 2 + seed % 3, seed)
        while not state.is_over():
            if state.phase.value != "main":
                phases.add(state.phase.value)
                assert replay(DATA, through_json(make_record(state))) == state
            state.apply(rng.choice(state.legal_actions()))
    assert "return" in phases


def test_record_shape() -> None:
    state = play(3, 21, 25)
    record = through_json(make_record(state))
    assert record["format"] == "splendor-record"
    assert record["version"] == RECORD_VERSION == 2
    setup = record["setup"]
    assert setup["module"] is None and setup["cities"] == [] and setup["orient_decks"] == {}
    assert setup["players"] == 3
    assert setup["seed"] == 21
    assert setup["first_player"] == state.setup.first_player
    assert len(setup["names"]) == 3
    assert sorted(setup["decks"]) == ["1", "2", "3"]
    for level in (1, 2, 3):
        assert sorted(setup["decks"][str(level)]) == sorted(c.id for c in DATA.level_cards(level))
    assert len(setup["nobles"]) == 4
    assert record["actions"] == [a.text() for a in state.history]
    assert len(record["actions"]) == 25


def test_blind_reservations_are_recorded_publicly() -> None:
    state = new_game(DATA, 2, seed=2)
    state.apply(state.legal_actions()[0])
    from splendor.engine import parse_action

    state.apply(parse_action("reserve deck 2"))
    record = make_record(state)
    assert record["actions"][-1] == "reserve deck 2"
    assert replay(DATA, through_json(record)) == state


def test_replay_uses_the_decks_not_the_seed() -> None:
    state = play(2, 33, 50)
    record = through_json(make_record(state))
    for seed in (None, 34, 0):
        record["setup"]["seed"] = seed
        again = replay(DATA, record)
        assert again.setup.seed == seed
        assert again.key()[1:] == state.key()[1:]


def test_replay_does_not_change_the_record() -> None:
    record = through_json(make_record(play(4, 3, 30)))
    before = copy.deepcopy(record)
    replay(DATA, record)
    assert record == before


# ------------------------------------------------------------------ bad actions


@pytest.mark.parametrize("index", [0, 1, 12, 29])
def test_unparsable_action_names_its_index(index: int) -> None:
    record = through_json(make_record(play(2, 5, 30)))
    record["actions"][index] = "jump over the bank"
    err = replay_error(record)
    assert err.index == index
    message = str(err)
    assert message.startswith(f"action {index}:"), message
    assert "cannot parse" in message
    assert "jump" in message


@pytest.mark.parametrize("text", ["take gold", "take white white", "", "take2"])
def test_other_unparsable_texts(text: str) -> None:
    record = through_json(make_record(play(3, 6, 10)))
    record["actions"][4] = text
    err = replay_error(record)
    assert err.index == 4
    assert str(err).startswith("action 4:")
    assert "cannot parse" in str(err)


def test_illegal_action_names_its_index_and_the_reason() -> None:
    record = through_json(make_record(play(2, 7, 30)))
    # passing is never allowed while something else is possible
    record["actions"][9] = "pass"
    err = replay_error(record)
    assert err.index == 9
    message = str(err)
    assert message.startswith("action 9:"), message
    assert "'pass' is illegal" in message
    assert "only when no other action" in message


def test_illegal_buy_names_its_index_and_the_reason() -> None:
    state = play(2, 8, 0)
    record = through_json(make_record(state))
    # nothing is affordable at the start: buy the first level-3 market card
    card = state.market[8]
    assert card is not None
    record["actions"] = [f"buy {card.id}"]
    err = replay_error(record)
    assert err.index == 0
    assert str(err).startswith("action 0:")
    assert card.id in str(err)
    assert "afford" in str(err)


def test_illegal_action_after_the_end() -> None:
    state = play(2, 9)
    record = through_json(make_record(state))
    record["actions"].append("take white blue green")
    err = replay_error(record)
    assert err.index == len(state.history)
    assert "game is over" in str(err)


def test_action_that_is_not_text() -> None:
    record = through_json(make_record(play(2, 10, 10)))
    record["actions"][3] = 42
    err = replay_error(record)
    assert err.index == 3
    assert str(err).startswith("action 3:")
    assert "42" in str(err)


def test_a_record_cut_short_replays_to_the_earlier_position() -> None:
    state = play(3, 11, 40)
    record = through_json(make_record(state))
    record["actions"] = record["actions"][:25]
    assert replay(DATA, record) == play(3, 11, 25)


# ------------------------------------------------------------------- bad shapes


def _record() -> dict[str, Any]:
    return through_json(make_record(play(2, 12, 20)))


@pytest.mark.parametrize("thing", [[], "record", None, 3, [("format", "splendor-record")]])
def test_not_an_object(thing: object) -> None:
    err = replay_error(thing)
    assert err.index is None
    assert "JSON object" in str(err)


def test_wrong_format() -> None:
    record = _record()
    record["format"] = "chess-pgn"
    assert "format" in str(replay_error(record))
    del record["format"]
    assert "format" in str(replay_error(record))


@pytest.mark.parametrize("version", [3, 0, "1", None, 1.5, True])
def test_wrong_version(version: object) -> None:
    record = _record()
    record["version"] = version
    message = str(replay_error(record))
    assert "version" in message
    assert repr(version) in message


def test_missing_version() -> None:
    record = _record()
    del record["version"]
    assert "version" in str(replay_error(record))


@pytest.mark.parametrize("setup", ["missing", None, [], "2 players"])
def test_missing_or_bad_setup(setup: object) -> None:
    record = _record()
    if setup == "missing":
        del record["setup"]
    else:
        record["setup"] = setup
    err = replay_error(record)
    assert err.index is None
    assert "'setup'" in str(err)


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("players", "two", ["setup.players"]),
        ("players", None, ["setup.players"]),
        ("players", 5, ["5 players"]),
        ("players", 3, ["3 players need 3 names"]),
        ("names", "Ada", ["setup.names"]),
        ("names", ["Ada", 7], ["setup.names"]),
        ("names", ["Ada"], ["names"]),
        ("seed", "x", ["setup.seed"]),
        ("first_player", None, ["setup.first_player"]),
        ("first_player", 2, ["first player 2"]),
        ("first_player", -1, ["first player -1"]),
        ("decks", None, ["setup.decks"]),
        ("decks", [], ["setup.decks"]),
        ("nobles", None, ["setup.nobles"]),
        ("nobles", "N01 N02 N03", ["setup.nobles"]),
    ],
)
def test_bad_setup_fields(field: str, value: object, words: list[str]) -> None:
    record = _record()
    record["setup"][field] = value
    err = replay_error(record)
    assert err.index is None
    for word in words:
        assert word in str(err), str(err)


@pytest.mark.parametrize("field", ["players", "names", "first_player", "decks", "nobles"])
def test_missing_setup_field(field: str) -> None:
    record = _record()
    del record["setup"][field]
    err = replay_error(record)
    assert f"setup.{field}" in str(err)


def test_missing_actions() -> None:
    record = _record()
    del record["actions"]
    assert "'actions'" in str(replay_error(record))
    record["actions"] = "take white blue green"
    assert "'actions'" in str(replay_error(record))


def test_deck_missing_a_level() -> None:
    record = _record()
    del record["setup"]["decks"]["2"]
    assert "level 2 deck" in str(replay_error(record))


@pytest.mark.parametrize(
    "change",
    ["duplicate", "drop", "extra", "other_level", "unknown", "not_text"],
)
def test_decks_not_a_permutation(change: str) -> None:
    record = _record()
    deck = record["setup"]["decks"]["1"]
    if change == "duplicate":
        deck[5] = deck[6]
    elif change == "drop":
        deck.pop()
    elif change == "extra":
        deck.append("L1-41")
    elif change == "other_level":
        deck[0] = "L2-01"
    elif change == "unknown":
        deck[10] = "XYZ"
    else:
        deck[3] = 17
    err = replay_error(record)
    assert err.index is None
    assert "level 1" in str(err)
    assert "deck" in str(err)


def test_level_two_deck_not_a_permutation() -> None:
    record = _record()
    record["setup"]["decks"]["2"][0] = "L1-01"
    message = str(replay_error(record))
    assert "level 2" in message
    assert "30" in message


@pytest.mark.parametrize(
    ("nobles", "words"),
    [
        (["N01", "N02", "N99"], ["unknown noble", "N99"]),
        (["N01", "N02", "X"], ["unknown noble", "X"]),
        (["N01", "N01", "N02"], ["3 different nobles"]),
        (["N01", "N02"], ["3 different nobles"]),
        (["N01", "N02", "N03", "N04"], ["3 different nobles"]),
    ],
)
def test_bad_nobles(nobles: list[str], words: list[str]) -> None:
    record = _record()
    record["setup"]["nobles"] = nobles
    err = replay_error(record)
    assert err.index is None
    for word in words:
        assert word in str(err), str(err)


def test_record_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        replay(DATA, [])


# ------------------------------------------------------------------ determinism


@pytest.mark.parametrize("players", [2, 3, 4])
def test_same_seed_same_game(players: int) -> None:
    for seed in (0, 1, 99, 2**31 - 1, 2**40 + 7):
        a, b = new_game(DATA, players, seed), new_game(DATA, players, seed)
        assert a == b
        assert a.setup == b.setup
        assert a.key() == b.key()
    assert play(players, 77) == play(players, 77)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_different_seeds_give_different_decks(players: int) -> None:
    setups = [new_game(DATA, players, seed).setup for seed in range(20)]
    for level in range(3):
        orders = {s.decks[level] for s in setups}
        assert len(orders) == len(setups), f"two seeds dealt the same level-{level + 1} deck"
    assert len({s.nobles for s in setups}) > 10


def test_a_deal_does_not_depend_on_global_random_state() -> None:
    random.seed(1)
    a = new_game(DATA, 3, 5)
    random.seed(2)
    random.random()
    b = new_game(DATA, 3, 5)
    assert a == b


def test_first_player_is_honoured_or_drawn() -> None:
    for seat in range(4):
        state = new_game(DATA, 4, 5, first_player=seat)
        assert state.current == state.setup.first_player == seat
    firsts = {new_game(DATA, 4, seed).setup.first_player for seed in range(40)}
    assert firsts == {0, 1, 2, 3}


def test_the_first_player_choice_does_not_change_the_deal() -> None:
    drawn = new_game(DATA, 3, 6)
    chosen = new_game(DATA, 3, 6, first_player=(drawn.setup.first_player + 1) % 3)
    assert chosen.setup.decks == drawn.setup.decks
    assert chosen.setup.nobles == drawn.setup.nobles


def test_a_version_1_record_still_replays_as_a_base_game() -> None:
    state = play(2, 5, 40)
    record = through_json(make_record(state))
    record["version"] = 1
    for key in ("module", "cities", "orient_decks"):
        del record["setup"][key]
    again = replay(DATA, record)
    assert again == state
    assert again.setup.module is None
