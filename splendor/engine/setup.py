"""Game setup: which cards, nobles and first player a game starts with, from a seed."""

from __future__ import annotations

import random
from dataclasses import dataclass

from splendor.engine.components import GameData


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything a game starts from. Decks list card ids in draw order, lowest level first.

    `seed` is informational once the decks are known (a record replays from the decks);
    it is None for positions that were not dealt from a seed.
    """

    players: int
    names: tuple[str, ...]
    first_player: int
    decks: tuple[tuple[str, ...], ...]
    nobles: tuple[str, ...]
    seed: int | None = None


def default_names(players: int) -> tuple[str, ...]:
    """'Player 1', 'Player 2', ...: names for seats that were not given one."""
    return tuple(f"Player {i + 1}" for i in range(players))


def deal(
    data: GameData,
    players: int,
    seed: int,
    names: tuple[str, ...] | None = None,
    first_player: int | None = None,
) -> GameSetup:
    """Shuffle decks and nobles with `random.Random(seed)`: the same seed, the same game.

    With `first_player` None the first player is drawn from the same generator.
    """
    if players not in data.setups:
        counts = ", ".join(map(str, data.player_counts))
        raise ValueError(f"{players} players is not supported (supported: {counts})")
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
    return GameSetup(
        players=players,
        names=names if names is not None else default_names(players),
        first_player=first_player,
        decks=tuple(decks),
        nobles=tuple(nobles[: data.setups[players].nobles]),
        seed=seed,
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
    wanted = data.setups[setup.players].nobles
    if len(setup.nobles) != wanted or len(set(setup.nobles)) != wanted:
        raise ValueError(f"{setup.players} players need {wanted} different nobles")
    unknown = [i for i in setup.nobles if i not in data.noble_by_id]
    if unknown:
        raise ValueError(f"unknown noble(s): {', '.join(unknown)}")
