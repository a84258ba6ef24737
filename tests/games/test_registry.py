"""The registry of games (splendor/games): found by id, each with the faces the command
line, tournaments and the bots' process use, none asking which game it is."""

from __future__ import annotations

import pickle

import pytest

from splendor.engine.errors import ActionParseError
from splendor.gamedata import base_game
from splendor.games import (
    SabaGame,
    SplendorGame,
    default_game,
    find_game,
    game_ids,
    game_of,
    games,
)
from splendor.i18n import translate


def test_an_unknown_game_is_refused_naming_the_games() -> None:
    with pytest.raises(ValueError, match=r"unknown game 'chess' \(the games: splendor, saba\)"):
        find_game("chess")


def test_each_game_is_found_by_its_id_and_named_in_every_language() -> None:
    assert game_ids() == ("splendor", "saba")
    assert [type(find_game(i)) for i in game_ids()] == [SplendorGame, SabaGame]
    assert find_game("base") == default_game() == SplendorGame()  # the bots' process's name
    for game in games():
        for code in ("en", "fr", "es", "pt"):
            assert translate(code, game.name_key).startswith(game.id.capitalize())


@pytest.mark.parametrize("game", games(), ids=repr)
@pytest.mark.parametrize("players", [2, 4])
def test_a_game_plays_out_through_its_faces_and_its_record_replays(game, players) -> None:
    state = game.new_game(5, players)
    bots = [game.make_bot(game.bot_levels()[0], seat) for seat in range(players)]
    while not state.is_over() and state.round <= game.round_cap:
        seat = state.current_player()
        view = game.observe(state, seat)
        assert view.legal_actions  # the deciding seat's view holds its choices
        state.apply(bots[seat].choose(view))
    record = game.make_record(state)
    again = game.replay(record)
    assert again == state
    assert game.parse_action(record["actions"][0]) == state.history[0]
    if state.is_over():
        assert sum(game.credits(state)) in (0.0, pytest.approx(1.0))
        assert set(game.result_facts(state)) <= set(game.facts)


def test_unknown_bot_levels_and_actions_are_refused_by_each_game() -> None:
    for game in games():
        with pytest.raises(ValueError, match=r"unknown .*bot 'genius'.*random"):
            game.make_bot("genius")
        with pytest.raises(ActionParseError):
            game.parse_action("fly away")


def test_only_splendor_has_modules() -> None:
    cities = find_game("splendor").with_module("the-cities")
    assert cities == SplendorGame("cities") and cities.module == "cities"
    assert cities.new_game(1, 2).setup.module == "cities"
    with pytest.raises(ValueError, match="saba has no modules"):
        find_game("saba").with_module("cities")
    assert find_game("saba").with_module(None) == find_game("saba")


def test_a_game_pickles_to_reach_worker_processes() -> None:
    for game in (*games(), SplendorGame("orient")):
        assert pickle.loads(pickle.dumps(game)) == game


def test_a_games_data_names_its_game() -> None:
    from splendor.saba.data import saba_game

    assert game_of(base_game()) == SplendorGame() and game_of(saba_game()) == SabaGame()
    for game in games():
        assert game_of(game.data()) == game
    with pytest.raises(ValueError, match="dict is no game's data"):
        game_of({})
