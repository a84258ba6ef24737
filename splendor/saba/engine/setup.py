"""Saba's setup (S1-S12): what a game starts from, dealt from a seed."""

from __future__ import annotations

import random
from dataclasses import dataclass

from splendor.engine.setup import default_names
from splendor.saba.engine.components import PalaceCard, SabaData
from splendor.saba.engine.materials import MATERIALS


@dataclass(frozen=True, slots=True)
class SabaSetup:
    """Everything a game starts from; `deal` draws it from a seed, a test may write one.

    Seats are 0-based; `first_player` plays first and the others follow in seat order
    (S2). `start_draw` is the shuffled unit of each material of S4 (the first goes to the
    second player, ...), `harbour_draw` the material of each harbour section, position 1
    first (S5). The decks list card ids top first. `seed` also drives the reshuffles of
    the action cards during play (S50).
    """

    players: int
    names: tuple[str, ...]
    first_player: int
    start_draw: tuple[int, ...]
    harbour_draw: tuple[int, ...]
    palace_deck: tuple[str, ...]
    action_deck: tuple[str, ...]
    seed: int


def palace_deck(data: SabaData, rng: random.Random) -> tuple[str, ...]:
    """The palace deck of S6, top first: the level-1 cards, "1. Wertung", the level-2
    cards, "2. Wertung", five level-3 cards, then the other three shuffled with the end
    card. Each level is shuffled apart."""
    levels = []
    for level in (1, 2, 3):
        ids = [c.id for c in data.palace_cards if c.level == level]
        rng.shuffle(ids)
        levels.append(ids)
    first, second, end = (c.id for c in data.special_cards)
    bottom = [*levels[2][5:], end]
    rng.shuffle(bottom)
    return (*levels[0], first, *levels[1], second, *levels[2][:5], *bottom)


def deal(
    data: SabaData,
    players: int,
    seed: int,
    names: tuple[str, ...] | None = None,
    first_player: int | None = None,
) -> SabaSetup:
    """Shuffle everything with `random.Random(seed)`: the same seed, the same game (S2,
    T48). With `first_player` None the first player is drawn last from the same
    generator, so fixing it changes nothing else."""
    low, high = data.players
    if not low <= players <= high:
        raise ValueError(f"Saba is played by {low} to {high} players, not {players}")
    rng = random.Random(seed)
    start = list(MATERIALS)
    rng.shuffle(start)
    harbour = list(MATERIALS)
    rng.shuffle(harbour)
    deck = palace_deck(data, rng)
    actions = [c.id for c in data.action_cards]
    rng.shuffle(actions)
    if first_player is None:
        first_player = rng.randrange(players)
    setup = SabaSetup(
        players=players,
        names=names if names is not None else default_names(players),
        first_player=first_player,
        start_draw=tuple(start),
        harbour_draw=tuple(harbour),
        palace_deck=deck,
        action_deck=tuple(actions),
        seed=seed,
    )
    check_setup(data, setup)
    return setup


def check_setup(data: SabaData, setup: SabaSetup) -> None:
    """Raise ValueError unless `setup` is a possible start of a game of `data`."""
    low, high = data.players
    if type(setup.players) is not int or not low <= setup.players <= high:
        raise ValueError(f"Saba is played by {low} to {high} players, not {setup.players!r}")
    if len(setup.names) != setup.players or not all(isinstance(n, str) for n in setup.names):
        raise ValueError(f"{setup.players} players need {setup.players} names")
    if type(setup.first_player) is not int or not 0 <= setup.first_player < setup.players:
        raise ValueError(f"first player {setup.first_player!r} is not a seat")
    for what, draw in (("start", setup.start_draw), ("harbour", setup.harbour_draw)):
        if sorted(draw) != list(MATERIALS):
            raise ValueError(f"the {what} draw must hold each of the four materials once")
    expected = palace_deck_kinds(data, len(data.card_by_id))
    if sorted(setup.palace_deck) != sorted(data.card_by_id):
        raise ValueError("the palace deck must hold every palace, treasure and end card once")
    for position, (card_id, kinds) in enumerate(zip(setup.palace_deck, expected, strict=True)):
        card = data.card_by_id[card_id]
        if card_kind(data, card_id) not in kinds:
            raise ValueError(
                f"card {card.id} cannot lie at position {position + 1} of the palace deck (S6)"
            )
    if sorted(setup.action_deck) != sorted(data.action_by_id):
        raise ValueError("the action deck must hold every action card once")
    if type(setup.seed) is not int:
        raise ValueError(f"the seed must be a whole number, got {setup.seed!r}")


def card_kind(data: SabaData, card_id: str) -> str:
    """A palace deck card's kind: 'level-N', or the special card's id."""
    card = data.card_by_id[card_id]
    return f"level-{card.level}" if isinstance(card, PalaceCard) else card.id


def palace_deck_kinds(data: SabaData, size: int) -> tuple[frozenset[str], ...]:
    """What may lie at each of the last `size` positions of the palace deck (top first):
    the deck's public structure (S6, S63). The last four positions hold three level-3
    cards and the end card in an order nobody knows."""
    first, second, end = (c.id for c in data.special_cards)
    one, two, three = (frozenset({f"level-{n}"}) for n in (1, 2, 3))
    kinds = (
        *[one] * 8,
        frozenset({first}),
        *[two] * 8,
        frozenset({second}),
        *[three] * 5,
        *[frozenset({"level-3", end})] * 4,
    )
    return kinds[len(kinds) - size :]
