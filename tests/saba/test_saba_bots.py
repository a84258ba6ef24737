"""Saba's bots: they decide from a seat's view only (what the seat cannot see is sampled,
never read), play legal moves to the end of games of 2-4 players, and run in the bots'
process like Splendor's."""

from __future__ import annotations

import dataclasses
import random
import zlib
from collections.abc import Iterator

import pytest

from splendor.games import find_game
from splendor.saba.bots import BOT_NAMES, make_bot
from splendor.saba.engine import Action, SabaState, SabaView, observe
from splendor.saba.engine.sampling import sample_world
from splendor.session.bot_process import BotProcess, Request, decide, fresh_random_state
from tests.saba.helpers import DATA, game
from tests.saba.invariants import check_invariants
from tests.saba.test_saba_views_and_records import rehidden

SABA = find_game("saba")
#: The levels that look ahead (random reads nothing but the legal actions).
THINKING = BOT_NAMES[1:]


def play(
    levels: tuple[str, ...], seed: int, kept: list[SabaState] | None = None, every: int = 5
) -> SabaState:
    """A seeded game between `levels` (by seat), to its end or the round cap; every
    choice is checked against the deciding seat's legal actions and the invariants.
    A copy of every `every`th position before a decision goes to `kept`."""
    s = game(len(levels), seed, first=seed % len(levels))
    bots = [make_bot(level, seed * 10 + seat) for seat, level in enumerate(levels)]
    decisions = 0
    while not s.is_over() and s.round <= SABA.round_cap:
        if kept is not None and decisions % every == 0:
            kept.append(s.clone())
        decisions += 1
        seat = s.current_player()
        assert seat is not None
        view = observe(s, seat)
        action = bots[seat].choose(view)
        assert action in view.legal_actions, f"{levels[seat]} chose {action.text()}"
        before = s.clone()
        s.apply(action)
        check_invariants(s, before)
    return s


def positions() -> list[SabaState]:
    """Positions of mixed games at 2-4 players, a few from each stretch of a game."""
    found: list[SabaState] = []
    for seed in range(3):
        play(("hard", "random", "medium", "easy")[: 2 + seed], 40 + seed, found)
    return found


POSITIONS = positions()


def deciders(s: SabaState) -> tuple[int, SabaView]:
    seat = s.current_player()
    assert seat is not None
    return seat, observe(s, seat)


# ------------------------------------------------------------- views, not states


def test_the_positions_cover_every_player_count_and_decisions_out_of_turn() -> None:
    assert {s.num_players for s in POSITIONS} == {2, 3, 4}
    assert len(POSITIONS) > 150
    assert len({s.step for s in POSITIONS}) >= 6
    assert any(s.current_player() not in (None, s.turn_player) for s in POSITIONS)


def test_a_view_holds_nothing_of_the_game_but_values() -> None:
    """What a bot is given is made of immutable values: no state, seat or list that
    could lead back to the game and its hidden cards."""

    def walk(value: object) -> Iterator[object]:
        yield value
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            for field in dataclasses.fields(value):
                yield from walk(getattr(value, field.name))
        elif isinstance(value, tuple | frozenset):
            for item in value:
                yield from walk(item)

    for s in POSITIONS[::10]:
        for seat in range(s.num_players):
            kinds = {type(v).__name__ for v in walk(observe(s, seat))}
            assert not kinds & {"SabaState", "Seat", "list", "dict", "set"}, kinds


def test_bots_choose_the_same_when_only_hidden_information_differs() -> None:
    rng = random.Random(5)
    compared = 0
    for index, s in enumerate(POSITIONS):
        if s.is_over() or len(s.legal_actions()) < 2:
            continue
        seat, view = deciders(s)
        copy = rehidden(s, seat, rng)
        assert observe(copy, seat) == view
        for level in THINKING[:2] if index % 4 else THINKING:  # hard on every fourth
            first = make_bot(level, index).choose(view)
            second = make_bot(level, index).choose(observe(copy, seat))
            assert first == second, f"{level} changed its mind on hidden cards ({s!r})"
            compared += 1
    assert compared > 200


def test_a_peeking_chooser_would_be_caught() -> None:
    """The control for the test above: a chooser that reads what the seat cannot see
    (the palace deck's order, the action deck, the other hands) changes its mind."""

    def peek(s: SabaState) -> Action:
        seat = s.current_player()
        secret = [c.id for c in s.deck] + s.action_deck
        secret += [c for i, p in enumerate(s.players) if i != seat for c in p.hand]
        legal = s.legal_actions()
        return legal[zlib.crc32(" ".join(secret).encode()) % len(legal)]

    rng = random.Random(5)
    live = [s for s in POSITIONS if not s.is_over() and len(s.legal_actions()) > 1]
    caught = sum(peek(s) != peek(rehidden(s, deciders(s)[0], rng)) for s in live)
    assert caught > len(live) // 2


def test_a_sampled_world_shows_the_seat_its_own_view_and_deals_the_rest_anew() -> None:
    rng = random.Random(3)
    differ = 0
    for s in POSITIONS:
        if s.is_over():
            continue
        for seat in range(s.num_players):
            view = observe(s, seat)
            world = sample_world(view, DATA, rng)
            assert observe(world, seat) == dataclasses.replace(view, history=())
            if seat == s.current_player():
                assert world.legal_actions() == s.legal_actions()
            others = [p.hand for i, p in enumerate(world.players) if i != seat]
            differ += (world.deck, world.action_deck, others) != (
                s.deck,
                s.action_deck,
                [p.hand for i, p in enumerate(s.players) if i != seat],
            )
    assert differ > len(POSITIONS)


def test_a_sampled_world_plays_on_by_the_rules() -> None:
    rng = random.Random(9)
    for s in POSITIONS[::7]:
        if s.is_over():
            continue
        world = sample_world(observe(s, deciders(s)[0]), DATA, rng)
        # The invariants read the order the display's cards came up in from the setup,
        # which a sampled world leaves empty (it is no new deal): cards gone first.
        shown = [*world.out, *(c.id for c in world.display), *(c.id for c in world.deck[::-1])]
        world.setup = dataclasses.replace(world.setup, palace_deck=tuple(shown))
        for _ in range(60):  # past the end of the turn: draws, reshuffles, refills
            if world.is_over():
                break
            before = world.clone()
            world.apply(rng.choice(world.legal_actions()))
            check_invariants(world, before)


# ------------------------------------------------------------------ whole games


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("level", BOT_NAMES)
def test_every_level_finishes_games_with_legal_moves(level: str, players: int) -> None:
    seed = zlib.crc32(f"{level}{players}".encode()) % 10_000
    levels = (level, *("random", "medium", "easy")[: players - 1])
    last = play(levels, seed)
    assert last.is_over(), f"{levels}, seed {seed}: not over after {last.round} rounds"
    assert SABA.credits(last) and sum(SABA.credits(last)) == pytest.approx(1.0)


def test_same_seeds_give_the_same_game_and_levels_differ() -> None:
    def history(levels: tuple[str, ...], seed: int) -> tuple[str, ...]:
        return tuple(a.text() for a in play(levels, seed).history)

    assert history(("hard", "easy"), 3) == history(("hard", "easy"), 3)
    assert history(("easy", "easy"), 3) != history(("medium", "medium"), 3)


# ------------------------------------------------------------- the bots' process


def request(level: str, seed: int = 4) -> Request:
    s = game(3, 12)
    for _ in range(7):  # a few moves in: the harbour turned, a card or two drawn
        s.apply(s.legal_actions()[-1])
    return Request(0, level, seed, fresh_random_state(seed), deciders(s)[1])


def test_the_bots_process_plays_saba_as_this_process_does() -> None:
    process = BotProcess("saba")
    try:
        for level in BOT_NAMES:
            wanted = decide(request(level), DATA)
            assert wanted.error is None and wanted.action in request(level).view.legal_actions
            process.submit(request(level))
            answer = process.wait(timeout=60)
            assert answer is not None and answer.error is None
            assert (answer.action, answer.random_state) == (wanted.action, wanted.random_state)
    finally:
        process.close()


def test_an_unknown_level_comes_back_from_the_process_as_an_error() -> None:
    answer = decide(request("expert"), DATA)
    assert answer.action is None
    assert answer.error is not None and "unknown saba bot 'expert'" in answer.error
    assert "random, easy, medium, hard" in answer.error


def test_a_game_without_a_registry_entry_is_refused_before_any_child_starts() -> None:
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        BotProcess("chess")
