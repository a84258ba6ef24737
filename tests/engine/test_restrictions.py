"""A seat's restrictions (a challenge's constraints) are legality: the restricted moves
leave the legal actions, `apply` refuses them with their own reason, the other seats
play as usual, records and views keep them, and a bot's search plays by them."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from splendor.bots import make_bot
from splendor.engine import (
    COLOR_NAMES,
    Buy,
    GameState,
    IllegalActionError,
    RecordError,
    Reserve,
    ReserveDeck,
    TakeTwo,
    build_position,
    make_record,
    new_game,
    observe,
    parse_action,
    replay,
    sample_world,
)
from splendor.engine.restrictions import Restrictions, restrictions_from_json
from splendor.gamedata import base_game, load_game_data

DATA = base_game()
STRICT = Restrictions(no_reserve=True, no_take_two=True)


def _game(rules: Restrictions, seed: int = 7, module: str | None = None) -> GameState:
    data = load_game_data() if module else DATA
    return new_game(data, 2, seed, first_player=0, module=module,
                    restrictions=(rules, Restrictions()))


def test_restricted_moves_leave_the_legal_actions_of_that_seat_only() -> None:
    free = new_game(DATA, 2, 7, first_player=0)
    state = _game(STRICT)
    kinds = {type(a) for a in state.legal_actions()}
    assert {TakeTwo, Reserve, ReserveDeck} & {type(a) for a in free.legal_actions()}
    assert not kinds & {TakeTwo, Reserve, ReserveDeck}
    assert state.legal_actions() == tuple(
        a for a in free.legal_actions() if type(a) not in (TakeTwo, Reserve, ReserveDeck))
    state.apply(state.legal_actions()[0])  # seat 1 is free
    assert {TakeTwo, Reserve, ReserveDeck} <= {type(a) for a in state.legal_actions()}


@pytest.mark.parametrize(("text", "code"), [
    ("reserve deck 1", "no_reserving"),
    ("take2 red", "no_take_two"),
])
def test_apply_refuses_a_restricted_move_with_its_reason_and_changes_nothing(
        text: str, code: str) -> None:
    state = _game(STRICT)
    before = state.clone()
    reason = state.why_illegal(parse_action(text))
    assert reason is not None and reason.code == code
    with pytest.raises(IllegalActionError, match="in this game"):
        state.apply(parse_action(text))
    assert state == before


def test_barred_levels_cannot_be_bought_or_reserved() -> None:
    state = _game(Restrictions(levels=(1, 3)))
    levels = {DATA.card_by_id[a.card_id].level for a in state.legal_actions()
              if isinstance(a, Reserve)}
    assert levels == {1, 3}
    assert parse_action("reserve deck 2") not in state.legal_actions()
    level2 = next(c for c in state.market_cards() if c.level == 2)
    reason = state.why_illegal(parse_action(f"buy {level2.id}"))
    assert reason is not None and reason.code == "level_barred"
    assert reason.params == {"level": 2, "levels": "1, 3"}


def test_no_gold_refuses_a_buy_that_needs_gold_and_allows_one_that_does_not() -> None:
    card = DATA.card_by_id["L1-01"]
    cost = {COLOR_NAMES[c]: n for c, n in enumerate(card.cost) if n}
    one_less = dict(cost)
    first = next(iter(one_less))
    one_less[first] -= 1
    rules = (Restrictions(no_gold=True), Restrictions())
    rich = build_position(DATA, 2, seats=[{"tokens": {**cost, "gold": 1}}],
                          market={1: ["L1-01"]}, restrictions=rules)
    poor = build_position(DATA, 2, seats=[{"tokens": {**one_less, "gold": 1}}],
                          market={1: ["L1-01"]}, restrictions=rules)
    assert parse_action("buy L1-01") in rich.legal_actions()
    assert parse_action("buy L1-01") not in poor.legal_actions()
    reason = poor.why_illegal(parse_action("buy L1-01"))
    assert reason is not None and reason.code == "no_gold_payment"
    free = build_position(DATA, 2, seats=[{"tokens": {**one_less, "gold": 1}}],
                          market={1: ["L1-01"]})
    assert parse_action("buy L1-01") in free.legal_actions()


@pytest.mark.parametrize("gold", [0, 2])
def test_no_gold_refuses_a_buy_no_payment_covers_for_the_tokens_short(gold: int) -> None:
    # Steady hands with nothing in hand: buying a card of cost 5 is refused for the five
    # tokens short (gold could not pay them anyway), not for the gold.
    card = next(c for c in DATA.level_cards(1) if sum(c.cost) == 5)
    rules = (Restrictions(no_gold=True), Restrictions())
    state = build_position(DATA, 2, seats=[{"tokens": {"gold": gold}}],
                           market={1: [card.id]}, restrictions=rules)
    reason = state.why_illegal(parse_action(f"buy {card.id}"))
    assert reason is not None and reason.code == "cannot_afford"
    assert reason.params == {"card": card.id, "count": 5}


def test_a_seat_left_with_nothing_passes() -> None:
    everything = Restrictions(no_reserve=True, levels=(3,))
    state = build_position(DATA, 2, bank={"gold": 5}, partial=True,
                           restrictions=(everything, Restrictions()))
    assert state.legal_actions() == (parse_action("pass"),)


def test_records_keep_restrictions_and_a_record_without_them_reads_as_before() -> None:
    state = _game(Restrictions(no_reserve=True, levels=(1, 3)))
    rng = random.Random(1)
    for _ in range(12):
        state.apply(rng.choice(state.legal_actions()))
    record = make_record(state)
    assert record["setup"]["restrictions"] == [{"no_reserve": True, "levels": [1, 3]}, {}]
    again = replay(DATA, record)
    assert again == state and again.setup.restrictions == state.setup.restrictions
    plain = make_record(new_game(DATA, 2, 7))
    assert "restrictions" not in plain["setup"]
    assert replay(DATA, plain).setup.restrictions == ()


@pytest.mark.parametrize(("raw", "problem"), [
    ([{"no_reserve": "yes"}, {}], "no_reserve must be true or false"),
    ([{"fly": True}, {}], "unknown restriction"),
    ([{"levels": [4]}, {}], "levels must list card levels"),
    ([{}], "restrictions name 1 seats for 2 players"),
    ({"0": {}}, "must list each seat"),
])
def test_a_record_with_wrong_restrictions_is_refused_saying_why(raw: object,
                                                                 problem: str) -> None:
    record = make_record(new_game(DATA, 2, 7))
    record["setup"]["restrictions"] = raw
    with pytest.raises(RecordError, match=problem):
        replay(DATA, record)


def test_restrictions_read_from_plain_data_name_where() -> None:
    assert restrictions_from_json({"no_gold": True, "levels": [3, 1]}, DATA.levels, "x") \
        == Restrictions(no_gold=True, levels=(1, 3))
    with pytest.raises(ValueError, match=r"^challenge c1: "):
        restrictions_from_json([], DATA.levels, "challenge c1")


def test_views_and_sampled_worlds_carry_the_restrictions() -> None:
    state = _game(STRICT)
    view = observe(state, 0)
    assert view.restrictions == state.setup.restrictions
    world = sample_world(view, DATA, random.Random(3))
    assert world.legal_actions() == state.legal_actions()
    assert observe(state, 1).restrictions == view.restrictions


@pytest.mark.parametrize("module", [None, "orient"])
def test_the_expert_never_plays_a_restricted_move(module: str | None) -> None:
    rules = Restrictions(no_reserve=True, no_take_two=True, levels=(1, 3))
    state = _game(rules, seed=5, module=module)
    data = state.data
    bots = [make_bot("expert", seat, data=data) for seat in range(2)]
    for bot in bots:
        bot.budget, bot.simulations = None, 24  # type: ignore[attr-defined]
    while not state.is_over() and state.turns < 24:
        seat = state.current
        action = bots[seat].choose(observe(state, seat))
        if seat == 0 and state.phase.value == "main":
            assert type(action) not in (TakeTwo, Reserve, ReserveDeck), action
            if isinstance(action, Buy):
                assert data.card_by_id[action.card_id].level != 2
        state.apply(action)


def test_a_module_game_refuses_restricted_moves_too() -> None:
    state = _game(STRICT, module="trading-posts")
    assert not {TakeTwo, Reserve, ReserveDeck} & {type(a) for a in state.legal_actions()}
    reason = state.why_illegal(parse_action("reserve deck 2"))
    assert reason is not None and reason.code == "no_reserving"


def test_a_setup_whose_restrictions_do_not_fit_the_seats_is_refused() -> None:
    setup = new_game(DATA, 2, 7).setup
    with pytest.raises(ValueError, match="restrictions name 3 seats"):
        GameState.from_setup(DATA, replace(setup, restrictions=(Restrictions(),) * 3))
