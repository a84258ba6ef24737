"""Game setup: which cards, nobles and first player a game starts with, from a seed."""

from __future__ import annotations

import random
from dataclasses import dataclass

from splendor.engine.components import MODULES, GameData


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything a game starts from. Decks list card ids in draw order, lowest level first.

    `seed` is informational once the decks are known (a record replays from the decks);
    it is None for positions that were not dealt from a seed.

    `module` names the Cities of Splendor module played, if any (see `MODULES`); the
    Cities deal `cities` (and no nobles), the Orient deals `orient_decks` (draw order by
    level, lowest first).
    """

    players: int
    names: tuple[str, ...]
    first_player: int
    decks: tuple[tuple[str, ...], ...]
    nobles: tuple[str, ...]
    seed: int | None = None
    module: str | None = None
    cities: tuple[str, ...] = ()
    orient_decks: tuple[tuple[str, ...], ...] = ()


def default_names(players: int) -> tuple[str, ...]:
    """'Player 1', 'Player 2', ...: names for seats that were not given one."""
    return tuple(f"Player {i + 1}" for i in range(players))


def noble_count(data: GameData, players: int, module: str | None) -> int:
    """How many nobles a game deals: none with the Cities, which take their place."""
    return 0 if module == "cities" else data.setups[players].nobles


def check_module(data: GameData, module: str | None) -> None:
    """Raise ValueError unless `module` is None or a module `data` can play."""
    if module is not None and module not in data.modules():
        known = ", ".join(MODULES)
        raise ValueError(f"unknown module {module!r} (the modules: {known})"
                         if module not in MODULES else
                         f"this game data has no pieces for the module {module!r}")


def deal(
    data: GameData,
    players: int,
    seed: int,
    names: tuple[str, ...] | None = None,
    first_player: int | None = None,
    module: str | None = None,
) -> GameSetup:
    """Shuffle decks and nobles with `random.Random(seed)`: the same seed, the same game.

    With `first_player` None the first player is drawn from the same generator. A
    module's pieces are drawn after the base game's, so a seed deals the same base cards
    with or without a module.
    """
    if players not in data.setups:
        counts = ", ".join(map(str, data.player_counts))
        raise ValueError(f"{players} players is not supported (supported: {counts})")
    check_module(data, module)
    rng = random.Random(seed)
    decks = []
    for level in data.levels:
        ids = [c.id for c in data.level_cards(level)]
        rng.shuffle(ids)
        decks.append(tuple(ids))
    nobles = [n.id for n in data.nobles]
    rng.shuffle(nobles)
    if first_player is None:
        first_player = rng.randrange(players)
    cities: tuple[str, ...] = ()
    orient: list[tuple[str, ...]] = []
    if module == "cities":
        cities = tuple(rng.sample([c.id for c in data.cities], data.city_count))
    elif module == "orient":
        for level in data.levels:
            ids = [c.id for c in data.orient_cards(level)]
            rng.shuffle(ids)
            orient.append(tuple(ids))
    return GameSetup(
        players=players,
        names=names if names is not None else default_names(players),
        first_player=first_player,
        decks=tuple(decks),
        nobles=tuple(nobles[: noble_count(data, players, module)]),
        seed=seed,
        module=module,
        cities=cities,
        orient_decks=tuple(orient),
    )


def check_setup(data: GameData, setup: GameSetup) -> None:
    """Raise ValueError unless `setup` is a possible start for a game of `data`."""
    if setup.players not in data.setups:
        raise ValueError(f"{setup.players} players is not supported")
    if len(setup.names) != setup.players:
        raise ValueError(f"{setup.players} players need {setup.players} names")
    if not 0 <= setup.first_player < setup.players:
        raise ValueError(f"first player {setup.first_player} is not a seat")
    if len(setup.decks) != len(data.levels):
        raise ValueError(f"expected {len(data.levels)} decks, got {len(setup.decks)}")
    for level, ids in zip(data.levels, setup.decks, strict=True):
        expected = sorted(c.id for c in data.level_cards(level))
        if sorted(ids) != expected:
            raise ValueError(
                f"the level {level} deck must hold the {len(expected)} level-{level} cards"
            )
    check_module(data, setup.module)
    wanted = noble_count(data, setup.players, setup.module)
    if len(setup.nobles) != wanted or len(set(setup.nobles)) != wanted:
        raise ValueError(f"{setup.players} players need {wanted} different nobles")
    unknown = [i for i in setup.nobles if i not in data.noble_by_id]
    if unknown:
        raise ValueError(f"unknown noble(s): {', '.join(unknown)}")
    _check_module_setup(data, setup)


def _check_module_setup(data: GameData, setup: GameSetup) -> None:
    if setup.module == "cities":
        wanted = data.city_count
        if len(setup.cities) != wanted or len(set(setup.cities)) != wanted:
            raise ValueError(f"the Cities need {wanted} different cities")
        unknown = [i for i in setup.cities if i not in data.city_by_id]
        if unknown:
            raise ValueError(f"unknown city(ies): {', '.join(unknown)}")
    elif setup.cities:
        raise ValueError("cities are dealt only with the Cities module")
    if setup.module != "orient":
        if setup.orient_decks:
            raise ValueError("Orient decks are dealt only with the Orient module")
        return
    if len(setup.orient_decks) != len(data.levels):
        raise ValueError(f"expected {len(data.levels)} Orient decks, "
                         f"got {len(setup.orient_decks)}")
    for level, ids in zip(data.levels, setup.orient_decks, strict=True):
        expected = sorted(c.id for c in data.orient_cards(level))
        if sorted(ids) != expected:
            raise ValueError(f"the level {level} Orient deck must hold the "
                             f"{len(expected)} level-{level} Orient cards")
