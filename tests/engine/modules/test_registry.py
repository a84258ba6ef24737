"""The registry of modules (splendor.engine.modules): each module found by id and alias, an
unknown name refused with the known ones named, and a module defined here, in the test,
played through the engine without touching any other module's file."""

from __future__ import annotations

import random

import pytest

from splendor.engine import new_game, observe
from splendor.engine.modules import (
    MODULES,
    ModulePlayer,
    ModuleState,
    find_module,
    module_ids,
    registered,
)
from splendor.engine.sampling import sample_world
from splendor.engine.state import GameState
from tests.engine.modules.support import DATA


def test_the_registry_lists_the_four_modules_under_their_saved_ids() -> None:
    assert module_ids() == ("cities", "trading-posts", "orient", "strongholds")
    for module in MODULES:
        assert module.description and module.title


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.module)
def test_each_module_is_found_by_its_id_and_each_alias(module: type[ModuleState]) -> None:
    assert module.aliases, "every module has another name"
    for name in (module.module, *module.aliases):
        assert find_module(name) is module
    # new_game takes an alias too; the setup keeps the id (records and saves use it).
    state = new_game(DATA, 2, seed=3, module=module.aliases[0])
    assert type(state) is module and state.setup.module == module.module


def test_an_unknown_module_is_refused_naming_the_known_ones() -> None:
    for name in ("castles", "Orient", "cities+orient", ""):
        with pytest.raises(ValueError, match="unknown module") as info:
            find_module(name)
        for known in module_ids():
            assert known in str(info.value)
        with pytest.raises(ValueError, match="unknown module"):
            new_game(DATA, 2, seed=1, module=name)


class NoblePoints(ModuleState):
    """A module of this test's own: at the end of each of its turns, a player scores a
    point for every noble it holds; nobody wins on reaching 15, only on 20."""

    __slots__ = ()

    module = "noble-points"
    aliases = ("np",)
    title = "Noble Points"
    description = "Each noble held scores a point at the end of every turn of its holder."

    def _turn_end(self, p: ModulePlayer) -> None:
        p.points += len(p.nobles)
        if p.points >= 20:
            self.final_round = True

    def final_round_reason(self, seat: int) -> str | None:
        points = self.players[seat].points
        return f"has {points} points" if points >= 20 else None


def test_a_registered_module_is_found_and_unregistered_after() -> None:
    with registered(NoblePoints):
        assert find_module("np") is NoblePoints
        assert GameState.from_setup(DATA, new_game(DATA, 2, 1, module="np").setup).module \
            == "noble-points"
        with pytest.raises(ValueError, match="already answers to noble-points"), \
                registered(NoblePoints):
            pass
    with pytest.raises(ValueError, match="unknown module 'noble-points'"):
        find_module("noble-points")
    assert NoblePoints not in MODULES


def test_a_module_defined_in_a_test_plays_through_the_engine() -> None:
    """Seeded random games of NoblePoints through legal_actions/apply/observe/clone/
    sample_world: its rule holds at every turn's end and the game ends on its terms."""
    with registered(NoblePoints):
        ended = 0
        for seed in range(12):
            players = 2 + seed % 3
            state = new_game(DATA, players, seed, module="noble-points")
            assert isinstance(state, NoblePoints)
            rng = random.Random(seed)
            extra = [0] * players  # the points this module's rule has given each seat
            while not state.is_over() and state.round <= 120:
                seat, turns = state.current, state.turns
                view = observe(state, seat)
                assert view.module == "noble-points" and view.legal_actions
                copy = state.clone()
                assert type(copy) is NoblePoints and copy.key() == state.key()
                world = sample_world(view, DATA, rng)
                assert isinstance(world, NoblePoints) and world.legal_actions()
                state.apply(rng.choice(state.legal_actions()))
                assert copy.key() != state.key() or state.is_over()
                if state.turns > turns:  # the seat's turn ended
                    p = state.players[seat]
                    extra[seat] += len(p.nobles)
                    earned = sum(c.points for c in p.purchased) + sum(n.points for n in p.nobles)
                    assert p.points == earned + extra[seat]
            if state.is_over() and state.end_reason == "target":
                ended += 1
                assert max(state.scores()) >= 20
        assert ended, "some games end on the module's own target"
