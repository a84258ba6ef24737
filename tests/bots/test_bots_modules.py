"""The bots in games with a Cities of Splendor module (RULES_CITIES.md).

Every bot plays whole games of every module to the end, choosing only among its view's
legal actions and deciding from that view alone (positions that differ only in hidden
information get the same choice). Each decision step, and the main choices a module
changes, gets a constructed position where one answer is clearly right: the hard bot
must find it. The expert plays module games at a small fixed simulation count.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from splendor.bots import BOT_NAMES, Bot, make_bot
from splendor.bots.expert import ExpertBot
from splendor.bots.profiles import HeuristicProfile, shipped_profiles
from splendor.bots.value import Evaluator, situation_from_state, situation_from_view
from splendor.engine import (
    Action,
    Buy,
    GameState,
    Phase,
    ReserveDeck,
    View,
    build_position,
    new_game,
    observe,
    parse_action,
)
from splendor.engine.actions import (
    ChooseCity,
    ChoosePost,
    Conquer,
    Pair,
    ReserveNoble,
    Stronghold,
    TakeFree,
    TakeGem,
)
from splendor.engine.expansion import ExpansionState
from splendor.engine.modules import module_ids
from splendor.gamedata import base_game
from splendor.match import DEFAULT_ROUND_CAP, MatchResult, play_match

DATA = base_game()
QUICK_BOTS = tuple(n for n in BOT_NAMES if n not in ("advanced", "expert"))
LADDER = ("easy", "medium", "hard")


class Checked:
    """Wraps a bot: it is given only its seat's view, and must answer with one of the
    view's legal actions."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.decisions = 0
        self.steps: set[str] = set()

    def choose(self, view: View) -> Action:
        assert isinstance(view, View), f"a bot was given {type(view).__name__}, not a View"
        assert view.current_player == view.seat and view.legal_actions
        action = self.bot.choose(view)
        assert action in view.legal_actions, (
            f"{self.name} (seat {view.seat}, {view.module}, {view.phase.value}) chose "
            f"{action.text()}, not among {[a.text() for a in view.legal_actions]}"
        )
        self.decisions += 1
        if len(view.legal_actions) > 1:
            self.steps.add(view.phase.value)
        return action


def play_checked(bots: list[Bot], seed: int, module: str,
                 first_player: int = 0) -> tuple[MatchResult, list[Checked]]:
    checked = [Checked(b) for b in bots]
    result = play_match(DATA, checked, seed, first_player=first_player, module=module)
    assert result.finished, (
        f"{[b.name for b in bots]} {module} seed {seed}: unfinished after "
        f"{result.state.round - 1} rounds"
    )
    assert result.state.round < DEFAULT_ROUND_CAP // 2
    assert all(c.decisions > 0 for c in checked)
    return result, checked


# --------------------------------------------------------------- whole games


@pytest.mark.parametrize("module", module_ids())
@pytest.mark.parametrize("players", [2, 3])
def test_every_bot_plays_module_games_legally_to_the_end(module: str, players: int) -> None:
    phases: set[str] = set()
    for game in range(4):
        seed = 9000 + 10 * players + game
        names = [QUICK_BOTS[(game + i) % len(QUICK_BOTS)] for i in range(players)]
        if game < 2:  # the ladder's own games too
            names = [LADDER[(game + i) % len(LADDER)] for i in range(players)]
        bots = [make_bot(n, seed * 10 + i, data=DATA) for i, n in enumerate(names)]
        result, checked = play_checked(bots, seed, module, first_player=game % players)
        for c in checked:
            phases |= c.steps
        assert isinstance(result.state, ExpansionState)
        assert result.state.module == module
    # The module's own decisions came up and were answered.
    expected = {"cities": set(), "trading-posts": {"gem"}, "orient": {"pair"},
                "strongholds": {"stronghold"}}[module]
    assert expected <= phases, (module, phases)


@pytest.mark.parametrize("module", module_ids())
def test_the_hard_bot_wins_most_games_against_random_play(module: str) -> None:
    wins = 0.0
    for game in range(6):
        bots = [make_bot("hard", game, data=DATA), make_bot("random", game, data=DATA)]
        if game % 2:
            bots.reverse()
        result, _ = play_checked(bots, 300 + game, module)
        outcome = result.state.outcome()
        hard = game % 2
        wins += (hard in outcome.winners) / max(1, len(outcome.winners))
    assert wins >= 5


def expert(seed: int, simulations: int = 12) -> ExpertBot:
    hard = shipped_profiles()["hard"]
    assert isinstance(hard, HeuristicProfile)
    return ExpertBot(hard, DATA, seed, budget=None, simulations=simulations)


@pytest.mark.parametrize("module", module_ids())
def test_the_expert_plays_module_games_at_a_fixed_simulation_count(module: str) -> None:
    bots: list[Bot] = [expert(5), make_bot("medium", 5, data=DATA)]
    result, checked = play_checked(bots, 77, module)
    assert checked[0].decisions > 15
    # Deterministic for its seed and simulation count.
    again = play_match(DATA, [expert(5), make_bot("medium", 5, data=DATA)], 77,
                       first_player=0, module=module)
    assert [a.text() for a in again.state.history] == [a.text() for a in result.state.history]


def test_the_expert_searches_module_moves_and_stronghold_steps() -> None:
    bot = expert(1, simulations=10)
    state = new_game(DATA, 2, 21, module="strongholds", first_player=0)
    searched = {Phase.MAIN: 0, Phase.STRONGHOLD: 0}
    while not state.is_over() and min(searched.values()) < 4:
        view = observe(state, state.current)
        if state.current == 0:
            bot.last_simulations = 0
            action = bot.choose(view)
            if view.phase in searched and len(view.legal_actions) > 1:
                assert 2 <= bot.last_simulations <= 10
                searched[view.phase] += 1
        else:
            action = make_bot("hard", data=DATA).choose(view)
        state.apply(action)
    assert min(searched.values()) >= 4, searched


# ----------------------------------------------------------- views, not states


def permute_hidden(state: GameState, seat: int, rng: random.Random) -> GameState:
    """A copy differing only in what `seat` cannot see: every deck (Orient decks too)
    reshuffled, and the other seats' blind reserves swapped with unseen cards of the
    same deck."""
    copy = state.clone()
    levels = len(DATA.levels)
    for deck in copy.decks:
        rng.shuffle(deck)
    for s, p in enumerate(copy.players):
        if s == seat:
            continue
        for i, card in enumerate(p.reserved):
            if card.id not in p.blind:
                continue
            deck = copy.decks[card.level - 1 + (levels if card.orient else 0)]
            if deck:
                j = rng.randrange(len(deck))
                deck[j], p.reserved[i] = card, deck[j]
                p.blind.discard(card.id)
                p.blind.add(p.reserved[i].id)
    copy._legal = None
    return copy


def module_positions(module: str, games: int = 2) -> list[GameState]:
    """Positions (clones) along games mixing hard moves, random moves and blind
    reservations."""
    found = []
    for game in range(games):
        rng = random.Random(game)
        state = new_game(DATA, 2 + game % 2, 400 + game, module=module)
        mover = make_bot("hard", game, data=DATA)
        step = 0
        while not state.is_over():
            if step % 4 == 0 or state.phase not in (Phase.MAIN, Phase.RETURN):
                found.append(state.clone())
            legal = state.legal_actions()
            blind = [a for a in legal if isinstance(a, ReserveDeck)]
            r = rng.random()
            if blind and r < 0.15:
                action = rng.choice(blind)
            elif r < 0.75:
                action = mover.choose(observe(state, state.current))
            else:
                action = rng.choice(legal)
            state.apply(action)
            step += 1
    return found


@pytest.mark.parametrize("module", module_ids())
def test_bots_choose_the_same_when_only_hidden_information_differs(module: str) -> None:
    rng = random.Random(3)
    compared = hidden = 0
    for index, state in enumerate(module_positions(module)):
        if state.is_over():
            continue
        seat = state.current
        copy = permute_hidden(state, seat, rng)
        original, permuted = observe(state, seat), observe(copy, seat)
        assert original.legal_actions == permuted.legal_actions
        hidden += any(p.blind for s, p in enumerate(state.players) if s != seat)
        for name in QUICK_BOTS:
            first = make_bot(name, index, data=DATA).choose(original)
            second = make_bot(name, index, data=DATA).choose(permuted)
            assert first == second, (
                f"{name} chose {first.text()} but {second.text()} when only hidden "
                f"information changed ({module}, seat {seat})"
            )
            compared += 1
    assert compared > 200
    assert hidden > 10


# ------------------------------------------------------- constructed positions


def position(module: str, **kwargs: Any) -> ExpansionState:
    state = build_position(DATA, kwargs.pop("players", 2), module=module, partial=True,
                           **kwargs)
    assert isinstance(state, ExpansionState)
    return state


def hard_choice(state: GameState, *texts: str) -> Action:
    """The hard bot's choice for the current seat, after `texts` are played."""
    for text in texts:
        state.apply(parse_action(text))
    view = observe(state, state.current)
    assert len(view.legal_actions) > 1, [a.text() for a in view.legal_actions]
    return make_bot("hard", 1, data=DATA).choose(view)


def scores(state: GameState, name: str = "hard") -> dict[str, float]:
    """Each legal action's score by the profile `name`, by action text."""
    profile = shipped_profiles()[name]
    assert isinstance(profile, HeuristicProfile)
    view = observe(state, state.current)
    ev = Evaluator(profile.weights_for(view.module))
    situation = situation_from_view(view, DATA, ev.w)
    world = state.clone()
    values = ev.score_actions(situation, view.legal_actions, lambda: world)
    return {a.text(): v for a, v in zip(view.legal_actions, values, strict=True)}


# The Cities


def test_cities_the_hard_bot_buys_the_bonus_that_takes_a_city_over_points() -> None:
    # C04 asks for 13 prestige, 4 white and 3 red bonuses: seat 0 has the prestige and
    # lacks one white. A 0-point white card takes the city (and wins: the opponent
    # cannot get one this round); a 2-point blue card would only add points.
    state = position(
        "cities", cities=["C04", "C13", "C14"], current=0,
        seats=[{"purchased": ["L1-01", "L1-02", "L1-03", "L1-25", "L1-26", "L1-27",
                              "L3-05", "L3-09", "L3-10", "L3-11"],
                "tokens": {"blue": 3, "black": 4}},
               {"purchased": ["L3-03", "L3-04", "L3-06"], "tokens": {"green": 2}}],
        market={1: ["L1-04", "L1-09", "L1-17", "L1-33"], 2: ["L2-10", "L2-11", "L2-21",
                                                               "L2-22"]},
    )
    me = state.players[0]
    assert me.points >= 13 and me.bonuses[0] == 3
    choice = hard_choice(state)
    assert isinstance(choice, Buy) and DATA.card_by_id[choice.card_id].bonus == 0, \
        choice.text()
    state.apply(choice)
    assert state.players[0].city is not None and state.players[0].city.id == "C04"


def test_cities_the_hard_bot_takes_the_city_its_opponent_is_nearest() -> None:
    # Seat 0 qualifies for C04 and C14. Seat 1 is one white short of C04, two points
    # short of C13 and three of C14: taking C04 leaves it furthest from any city.
    state = position(
        "cities", cities=["C14", "C04", "C13"], phase=Phase.CITY, current=0,
        seats=[{"purchased": ["L1-01", "L1-02", "L1-03", "L1-08", "L1-25", "L1-26",
                              "L1-27", "L3-01", "L3-02", "L3-09", "L3-10", "L3-11"]},
               {"purchased": ["L1-04", "L1-05", "L1-06", "L1-28", "L1-29", "L1-30",
                              "L3-12", "L3-13", "L3-17", "L2-12"]}],
    )
    assert [c.id for c in state.choices()] == ["C14", "C04"]
    choice = hard_choice(state)
    assert choice == ChooseCity("C04")


def test_cities_points_alone_do_not_lure_the_value_function() -> None:
    # Holding a city (only holders can win) is worth more than more points.
    state = position(
        "cities", cities=["C04", "C13", "C14"],
        seats=[{"purchased": ["L1-01", "L1-02", "L1-03", "L1-25", "L1-26", "L1-27",
                              "L3-05", "L3-09", "L3-10", "L3-11"]}, {}],
    )
    profile = shipped_profiles()["hard"]
    assert isinstance(profile, HeuristicProfile)
    ev = Evaluator(profile.weights_for("cities"))
    s = situation_from_state(state, 0, ev.w)
    without = ev.value(s, s.me, s.market)
    with_city = s.me.changed()
    with_city.city = DATA.city_by_id["C04"]
    more_points = s.me.changed(points=s.me.points + 2)
    assert ev.value(s, with_city, s.market) > ev.value(s, more_points, s.market) > without


# Trading posts


def test_posts_the_gem_after_a_purchase_completes_the_next_card() -> None:
    # Seat 0 holds post 1 (a gem after each purchase). After buying L1-02 it lacks one
    # red for L2-05 (5 red, 2 points after its bonuses): the gem to take is red.
    state = position(
        "trading-posts", nobles=["N01", "N02", "N03"],
        seats=[{"purchased": ["L1-01", "L1-25", "L1-26", "L1-27"], "posts": [1],
                "tokens": {"blue": 3, "red": 1, "green": 1}}, {}],
        market={1: ["L1-02", "L1-09", "L1-17", "L1-33"], 2: ["L2-05", "L2-11", "L2-21",
                                                               "L2-22"]},
    )
    choice = hard_choice(state, "buy L1-02")
    assert state.phase is Phase.GEM
    assert choice == TakeGem(3), choice.text()


def test_posts_the_hard_bot_claims_five_points_before_a_small_power() -> None:
    # Seat 0 meets post 2 (two white) and post 4 (five green and a noble): one per turn.
    state = position(
        "trading-posts", phase=Phase.POST, nobles=["N03", "N02", "N05"],
        seats=[{"purchased": ["L1-01", "L1-02", "L1-17", "L1-18", "L1-19", "L1-20", "L1-21",
                              "L1-09", "L1-10", "L1-11", "L1-12"], "nobles": ["N03"]}, {}],
    )
    assert {p.id for p in state.choices()} == {2, 4}
    assert hard_choice(state) == ChoosePost(4)


def test_posts_a_post_in_reach_is_worth_working_for() -> None:
    # One black short of post 5: the black card (which claims it) scores above a blue
    # card that is otherwise as good.
    state = position(
        "trading-posts", nobles=["N01", "N02", "N03"],
        seats=[{"purchased": ["L1-33", "L1-34"], "tokens": {"green": 3, "black": 3}}, {}],
        market={1: ["L1-37", "L1-15", "L1-02", "L1-09"]},
    )
    by_text = scores(state)
    assert by_text["buy L1-37"] > by_text["buy L1-15"] + 0.5  # both cost 3 tokens


# The Orient


def test_orient_pairs_with_the_colour_that_completes_a_noble() -> None:
    # Seat 0 has 3 white and 4 blue bonuses (and a red card); N01 wants 4 white and 4
    # blue. O1-06 paired with a white card gives the fourth white: the noble visits.
    state = position(
        "orient", nobles=["N01", "N05", "N10"],
        seats=[{"purchased": ["L1-09", "L1-10", "L1-11", "L1-12", "L1-25", "L1-01",
                              "L1-02", "L1-03"], "tokens": {"red": 1}}, {}],
        orient_market={1: ["O1-06", "O1-01"], 2: ["O2-01", "O2-03"], 3: ["O3-01", "O3-06"]},
    )
    choice = hard_choice(state, "buy O1-06")
    assert state.phase is Phase.PAIR
    assert isinstance(choice, Pair) and DATA.card_by_id[choice.card_id].bonus == 0, \
        choice.text()
    state.apply(choice)
    assert [n.id for n in state.players[0].nobles] == ["N01"]


def test_orient_the_free_card_is_the_best_level_2_card() -> None:
    # O3-01 (take a level 2 card): among the face-up level 2 cards L2-06 gives 3 points.
    state = position(
        "orient", nobles=["N01", "N05", "N10"],
        seats=[{"purchased": ["L1-01", "L1-09", "L1-10", "L1-17"],
                "tokens": {"blue": 4, "green": 2}}, {}],
        market={2: ["L2-01", "L2-06", "L2-07", "L2-11"]},
        orient_market={1: ["O1-06", "O1-01"], 2: ["O2-01", "O2-03"], 3: ["O3-01", "O3-06"]},
    )
    choice = hard_choice(state, "buy O3-01")
    assert state.phase is Phase.FREE
    assert choice == TakeFree("L2-06"), choice.text()


def test_orient_keeps_aside_the_noble_the_opponent_is_about_to_get() -> None:
    # Seat 1 is one red short of N04 (4 green, 4 red); seat 0 is far from every noble.
    state = position(
        "orient", nobles=["N01", "N04", "N10"],
        seats=[{"purchased": ["L1-09", "L1-17"], "tokens": {"white": 2, "blue": 1,
                                                             "green": 1, "black": 2}},
               {"purchased": ["L1-18", "L1-19", "L1-20", "L1-21", "L1-25", "L1-26",
                              "L1-27"]}],
        orient_market={1: ["O1-06", "O1-01"], 2: ["O2-10", "O2-03"], 3: ["O3-01", "O3-06"]},
    )
    choice = hard_choice(state, "buy O2-10")
    assert state.phase is Phase.KEEP_NOBLE
    assert choice == ReserveNoble("N04"), choice.text()


def test_orient_a_double_gold_pays_for_a_card_out_of_reach_otherwise() -> None:
    # Seat 0 is two tokens short of L2-06 (6 white, 3 points); its double gold covers them.
    state = position(
        "orient", nobles=["N01", "N05", "N10"],
        seats=[{"purchased": ["L1-09"], "doubles": ["O1-01"], "tokens": {"white": 4}}, {}],
        market={2: ["L2-06", "L2-07", "L2-08", "L2-11"]},
    )
    choice = hard_choice(state)
    assert choice == Buy("L2-06", doubles=1), choice.text()


def test_orient_a_double_gold_is_worth_about_two_gold_tokens() -> None:
    state = position("orient", nobles=["N01", "N05", "N10"],
                     seats=[{"purchased": ["L1-09"], "doubles": ["O1-01"]}, {}])
    profile = shipped_profiles()["hard"]
    assert isinstance(profile, HeuristicProfile)
    ev = Evaluator(profile.weights_for("orient"))
    s = situation_from_state(state, 0, ev.w)
    none = s.me.changed()
    none.doubles = 0
    one_gold, two_gold = ([0, 0, 0, 0, 0, n] for n in (1, 2))
    v = ev.value(s, s.me, s.market)
    assert ev.value(s, none.changed(tokens=one_gold), s.market) < v
    assert v <= ev.value(s, none.changed(tokens=two_gold), s.market) + 0.5


def test_orient_the_sacrifice_that_wins_is_made_and_the_costly_one_is_not() -> None:
    # O3-06: 3 points for two black bonuses. At 13 points the 3 points reach the target.
    seats: list[dict[str, Any]] = [
        {"purchased": ["L1-33", "L1-34", "L3-01", "L3-02", "L3-05", "L3-09"]}, {}]
    state = position("orient", nobles=["N01", "N05", "N10"], seats=seats,
                     orient_market={1: ["O1-06", "O1-01"], 2: ["O2-01", "O2-03"],
                                    3: ["O3-06", "O3-07"]})
    assert state.players[0].points == 13
    choice = hard_choice(state)
    assert isinstance(choice, Buy) and choice.card_id == "O3-06", choice.text()
    # Giving up two 4-point black cards for 3 points is a loss: not worth it.
    state = position("orient", nobles=["N01", "N05", "N10"],
                     seats=[{"purchased": ["L3-17", "L3-18"]}, {}],
                     orient_market={1: ["O1-06", "O1-01"], 2: ["O2-01", "O2-03"],
                                    3: ["O3-06", "O3-07"]})
    by_text = scores(state)
    sacrifice = [t for t in by_text if t.startswith("buy O3-06")]
    assert sacrifice and all(by_text[t] < 0 for t in sacrifice), by_text


# Strongholds


def test_strongholds_block_the_card_the_opponent_can_buy_next() -> None:
    # Seat 1 can pay for L2-06 (6 white, 3 points). Seat 0 buys a card and must place a
    # stronghold: on L2-06, seat 1 can no longer buy it.
    state = position(
        "strongholds", nobles=["N01", "N05", "N10"],
        seats=[{"tokens": {"blue": 2, "black": 2}},
               {"purchased": ["L1-01", "L1-02"], "tokens": {"white": 4}}],
        market={1: ["L1-04", "L1-09", "L1-17", "L1-33"], 2: ["L2-06", "L2-07", "L2-08",
                                                               "L2-11"]},
    )
    choice = hard_choice(state, "buy L1-04")
    assert state.phase is Phase.STRONGHOLD
    assert choice == Stronghold("place", "L2-06"), choice.text()


def test_strongholds_remove_the_lone_stronghold_on_ones_target() -> None:
    # Seat 1's lone stronghold sits on L2-06, the card seat 0 can buy next turn.
    state = position(
        "strongholds", nobles=["N01", "N05", "N10"], holds={"L2-06": (1, 1)},
        seats=[{"purchased": ["L1-01"], "tokens": {"blue": 2, "black": 2, "white": 4}}, {}],
        market={1: ["L1-04", "L1-09", "L1-17", "L1-33"], 2: ["L2-06", "L2-07", "L2-08",
                                                               "L2-11"]},
    )
    choice = hard_choice(state, "buy L1-04")
    assert choice == Stronghold("remove", "L2-06"), choice.text()


def test_strongholds_the_conquest_is_taken() -> None:
    state = position(
        "strongholds", nobles=["N01", "N05", "N10"], phase=Phase.CONQUEST,
        holds={"L2-06": (0, 3)},
        seats=[{"purchased": ["L1-01", "L1-02"], "tokens": {"white": 4}}, {}],
        market={2: ["L2-06", "L2-07", "L2-08", "L2-11"]},
    )
    by_text = scores(state)
    assert by_text["conquer L2-06"] > by_text["decline"] + 1.0
    choice = hard_choice(state)
    assert isinstance(choice, Conquer) and choice.card_id == "L2-06"


# -------------------------------------------------------- every step is scored


@pytest.mark.parametrize("module", module_ids())
def test_every_decision_step_gets_scores_that_tell_its_options_apart(module: str) -> None:
    seen: dict[str, int] = {}
    differing: dict[str, int] = {}
    for state in module_positions(module, games=3):
        if state.is_over() or state.phase in (Phase.MAIN, Phase.RETURN):
            continue
        if len(state.legal_actions()) < 2:
            continue
        values = list(scores(state).values())
        phase = state.phase.value
        seen[phase] = seen.get(phase, 0) + 1
        differing[phase] = differing.get(phase, 0) + (max(values) - min(values) > 1e-9)
    for phase, n in seen.items():
        if phase in ("gem", "pair", "free", "keep_noble", "stronghold", "city", "post"):
            assert differing[phase] >= n // 2, (module, phase, differing[phase], n)
