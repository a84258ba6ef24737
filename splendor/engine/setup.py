"""Game setup: which cards, nobles and first player a game starts with, from a seed."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from splendor.engine.components import GameData
from splendor.engine.pickling import fast_pickle
from splendor.engine.restrictions import Restrictions, check_restrictions


@fast_pickle
@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything a game starts from. Decks list card ids in draw order, lowest level first.

    `seed` is informational once the decks are known (a record replays from the decks);
    it is None for positions that were not dealt from a seed.

    `module` names the Cities of Splendor module played, if any (its id, see `engine/modules/`); the
    Cities deal `cities` (and no nobles), the Orient deals `orient_decks` (draw order by
    level, lowest first).

    `restrictions` holds, by seat, what that seat may not do (see `engine/restrictions.py`);
    empty when nobody is restricted.
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
    restrictions: tuple[Restrictions, ...] = ()


def default_names(players: int) -> tuple[str, ...]:
    """'Player 1', 'Player 2', ...: names for seats that were not given one."""
    return tuple(f"Player {i + 1}" for i in range(players))


class DealRules(Protocol):
    """What dealing asks of the game's state class (GameState or a module's): which
    module, how many nobles, and the module's own pieces."""

    @property
    def module(self) -> str | None: ...

    @classmethod
    def check_playable(cls, data: GameData) -> None: ...

    @classmethod
    def nobles_dealt(cls, data: GameData, players: int) -> int: ...

    @classmethod
    def deal_pieces(cls, data: GameData, rng: Any) -> Mapping[str, Any]: ...


def unknown_module(name: str, known: Iterable[str]) -> ValueError:
    """The error for a module name that no module answers to."""
    return ValueError(f"unknown module {name!r} (the modules: {', '.join(known)})")


def deal(
    data: GameData,
    players: int,
    seed: int,
    names: tuple[str, ...] | None = None,
    first_player: int | None = None,
    rules: DealRules | None = None,
    restrictions: tuple[Restrictions, ...] = (),
) -> GameSetup:
    """Shuffle decks and nobles with `random.Random(seed)`: the same seed, the same game.

    With `first_player` None the first player is drawn from the same generator. A
    module's pieces (`rules.deal_pieces`, `rules` being the game's state class) are drawn
    after the base game's, so a seed deals the same base cards with or without a module.
    `restrictions`: what each seat may not do (none by default), as `GameSetup` holds it.
    """
    if players not in data.setups:
        counts = ", ".join(map(str, data.player_counts))
        raise ValueError(f"{players} players is not supported (supported: {counts})")
    if rules is not None:
        rules.check_playable(data)
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
    module = rules.module if rules is not None else None
    pieces = rules.deal_pieces(data, rng) if rules is not None else {}
    dealt = rules.nobles_dealt(data, players) if rules is not None else data.setups[players].nobles
    return GameSetup(
        players=players,
        names=names if names is not None else default_names(players),
        first_player=first_player,
        decks=tuple(decks),
        nobles=tuple(nobles[:dealt]),
        seed=seed,
        module=module,
        restrictions=restrictions,
        **pieces,
    )


def check_setup(data: GameData, setup: GameSetup,
                nobles_dealt: Callable[[GameData, int], int]) -> None:
    """Raise ValueError unless `setup` is a possible start for a game of `data` that
    deals `nobles_dealt(data, players)` nobles (a module checks its own pieces, see
    engine/modules/)."""
    if setup.players not in data.setups:
        raise ValueError(f"{setup.players} players is not supported")
    check_restrictions(setup.restrictions, setup.players)
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
    nobles = nobles_dealt(data, setup.players)
    if len(setup.nobles) != nobles or len(set(setup.nobles)) != nobles:
        raise ValueError(f"{setup.players} players need {nobles} different nobles")
    unknown = [i for i in setup.nobles if i not in data.noble_by_id]
    if unknown:
        raise ValueError(f"unknown noble(s): {', '.join(unknown)}")
