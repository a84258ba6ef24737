"""The game log and the hints word every Cities of Splendor action and consequence in
every language: cards as the log describes them (Orient cards too, a card without a
colour of its own never named by a colour), a line per city taken and post claimed, and a
reason in words for every hint."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from splendor import i18n
from splendor.engine import (
    COLOR_NAMES,
    Buy,
    ChooseNoble,
    Pass,
    Reserve,
    ReserveDeck,
    Return,
    Take,
    TakeTwo,
    new_game,
    observe,
)
from splendor.engine.actions import (
    Action,
    ChooseCity,
    ChoosePost,
    Conquer,
    Decline,
    Pair,
    ReserveNoble,
    Stronghold,
    TakeFree,
    TakeGem,
)
from splendor.engine.components import ABILITIES, NO_BONUS
from splendor.engine.modules import module_ids
from splendor.gamedata import base_game
from splendor.i18n import LANGUAGES, translate
from splendor.session.hints import REASONS, Hint, HintReason, explain
from splendor.session.log import LogEntry, apply_logged
from splendor.ui.wording import (
    STEP_STATUS,
    ability_text,
    card_text,
    describe,
    describe_entry,
    hint_move,
    hint_text,
    hint_why,
    module_about,
    module_name,
    post_power_text,
    step_status,
)

DATA = base_game()
NAMES = ("Ada", "Bob")


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Words in `code`, and no entry shown in English instead."""
    i18n.set_language(code)
    before = set(i18n.fallbacks())
    try:
        yield
    finally:
        i18n.set_language("en")
    assert set(i18n.fallbacks()) == before, f"shown in English in {code}"


def _filled(text: str) -> None:
    assert text.strip() and "{" not in text and "}" not in text, text


#: One action of every kind the log and the hints must word, module ones included.
ACTIONS: dict[str, Action] = {
    "take": Take((0, 1, 2)),
    "take_two": TakeTwo(3),
    "reserve": Reserve("L2-07"),
    "reserve_deck": ReserveDeck(3),
    "reserve_orient": ReserveDeck(2, orient=True),
    "buy": Buy("L1-14"),
    "buy_orient": Buy("O2-03"),
    "buy_doubles_1": Buy("L2-05", doubles=1),
    "buy_doubles_2": Buy("L3-01", doubles=2),
    "buy_discard": Buy("O3-06", discard=("L1-03", "L1-07")),
    "return": Return((1, 0, 0, 0, 0, 1)),
    "noble": ChooseNoble("N04"),
    "pass": Pass(),
    "city": ChooseCity("C04"),
    "post": ChoosePost(3),
    "gem": TakeGem(3),
    "pair": Pair("L1-09"),
    "free": TakeFree("L2-07"),
    "keep_noble": ReserveNoble("N04"),
    "hold_place": Stronghold("place", "L2-07"),
    "hold_move": Stronghold("move", "L2-07", "L1-03"),
    "hold_remove": Stronghold("remove", "L2-07"),
    "conquer": Conquer("L2-07"),
    "decline": Decline(),
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_action_has_a_log_line_and_a_hint_move(code: str) -> None:
    with speaking(code):
        lines = {kind: describe("Ada", action, DATA) for kind, action in ACTIONS.items()}
        moves = {kind: hint_move(action, DATA) for kind, action in ACTIONS.items()}
    for kind, line in lines.items():
        _filled(line)
        assert "Ada" in line, kind
    for move in moves.values():
        _filled(move)
    # Each kind says something of its own (a double gold spent, cards given up...).
    assert len(set(lines.values())) == len(lines)
    assert len(set(moves.values())) == len(moves)


def test_the_log_says_what_each_module_action_did_in_english() -> None:
    said = {kind: describe("Ada", action, DATA) for kind, action in ACTIONS.items()}
    assert said["city"] == "Ada takes the city of 13 prestige"
    assert said["post"] == "Ada claims trading post 3"
    assert said["pair"] == "Ada pairs the Orient card with a level 1 blue card"
    assert said["free"].startswith("Ada takes a level 2 ") and said["free"].endswith(
        "for free")
    assert said["keep_noble"] == "Ada keeps a noble aside"
    assert said["hold_place"].startswith("Ada places a stronghold on a level 2 ")
    assert said["hold_move"].startswith("Ada moves a stronghold from a level 1 ")
    assert said["hold_remove"].startswith("Ada sends back the stronghold on a level 2 ")
    assert said["conquer"].startswith("Ada conquers a level 2 ")
    assert said["decline"] == "Ada declines the conquest"
    assert said["buy_doubles_1"].endswith(", spending a double gold")
    assert said["buy_doubles_2"].endswith(", spending 2 double golds")
    assert said["buy_discard"] == ("Ada gives up 2 cards for a level 3 white Orient card "
                                   "(3 points)")
    assert said["reserve_orient"] == "Ada reserves a card from the level 2 Orient deck"
    assert said["gem"] == "Ada takes a red token with a trading post's power"
    assert said["buy_orient"] == "Ada buys a level 2 white Orient card"


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_orient_card_is_described_without_a_colour_it_does_not_have(code: str) -> None:
    with speaking(code):
        colours = [translate(code, f"common.color.{c}") for c in COLOR_NAMES]
        for card in DATA.orient:
            text = card_text(DATA, card.id)
            _filled(text)
            named = [c for c in colours if c in text]
            if card.bonus == NO_BONUS:
                # 'or' is gold in French: the double gold's own name may hold it.
                assert card.ability == "gold_x2" or not named, (card.id, text)
            else:
                assert colours[card.bonus] in text, (card.id, text)
        double = card_text(DATA, "O1-01")
        assert double == translate(code, "log.card_double_gold")
        plain = card_text(DATA, "O1-06")
        assert plain == translate(code, "log.card_orient_plain", level=1)


def _random_module_entries(module: str, seed: int) -> Iterator[tuple[LogEntry, object]]:
    """Every log entry of a random game of `module` (buying when it can), with the state
    before the action for hints."""
    rng = random.Random(seed)
    state = new_game(DATA, 2, seed, module=module)
    while not state.is_over() and len(state.history) < 400:
        legal = state.legal_actions()
        buys = [a for a in legal if isinstance(a, Buy | Conquer)]
        action = rng.choice(buys if buys and rng.random() < 0.7 else list(legal))
        view = observe(state, state.current)
        yield apply_logged(state, action), view


def _kind(action: Action) -> str:
    kind = type(action).__name__
    if isinstance(action, Buy):
        kind += "+doubles" if action.doubles else "+discard" if action.discard else ""
    if isinstance(action, ReserveDeck) and action.orient:
        kind += "+orient"
    if isinstance(action, Stronghold):
        kind += "+" + action.how
    return kind


#: What games of each module must show at least once for the test to mean something.
EXPECTED = {
    "cities": {"ChooseCity", "city consequence"},
    "trading-posts": {"TakeGem", "post consequence"},
    "orient": {"Pair", "TakeFree", "ReserveNoble", "Buy+doubles", "Buy+discard",
               "ReserveDeck+orient"},
    "strongholds": {"Stronghold+place", "Stronghold+move", "Stronghold+remove"},
}


@pytest.mark.parametrize("module", module_ids())
def test_module_games_are_logged_and_hinted_in_every_language(module: str) -> None:
    seen: set[str] = set()
    reasons: set[str] = set()
    samples: list[tuple[LogEntry, object]] = []
    for seed in range(60):
        for entry, view in _random_module_entries(module, seed):
            kind = _kind(entry.action)
            if entry.city and not isinstance(entry.action, ChooseCity):
                kind = "city consequence"
            elif entry.posts and not isinstance(entry.action, ChoosePost):
                kind = "post consequence"
            if kind not in seen:
                seen.add(kind)
                samples.append((entry, view))
        if EXPECTED[module] <= seen:
            break
    assert EXPECTED[module] <= seen, f"never played: {EXPECTED[module] - seen}"
    for code in LANGUAGES:
        with speaking(code):
            for entry, view in samples:
                lines = describe_entry(NAMES[entry.seat], entry, DATA, NAMES)
                for line in lines:
                    _filled(line)
                if isinstance(entry.action, Stronghold) and entry.action.how == "remove":
                    # Sending back a stronghold says whose it was.
                    assert entry.owner is not None and entry.owner != entry.seat
                    assert NAMES[entry.owner] in lines[0]
                if entry.city and not isinstance(entry.action, ChooseCity):
                    assert translate(code, "log.city", name=NAMES[entry.seat],
                                     points=DATA.city_by_id[entry.city].points) in lines
                if entry.posts and not isinstance(entry.action, ChoosePost):
                    assert translate(code, "log.post", name=NAMES[entry.seat],
                                     post=entry.posts[-1]) in lines
                hint = explain(view, entry.action, DATA)  # type: ignore[arg-type]
                reasons.add(hint.reason.code)
                _filled(hint_text(hint, NAMES, DATA))
    assert reasons <= set(REASONS)


def test_the_noble_to_keep_is_told_apart_by_what_it_asks() -> None:
    # Every noble is worth 3 points, so points alone would not say which one.
    assert hint_move(ReserveNoble("N04"), DATA) == "Keep aside the noble asking green ×4, red ×4"
    moves = {hint_move(ReserveNoble(n.id), DATA) for n in DATA.nobles}
    assert len(moves) == len(DATA.nobles)
    # The same for the noble chosen among several that qualify.
    assert hint_move(ChooseNoble("N04"), DATA) == "Choose the noble asking green ×4, red ×4"
    assert len({hint_move(ChooseNoble(n.id), DATA) for n in DATA.nobles}) == len(DATA.nobles)


def test_a_stronghold_sent_back_names_its_owner() -> None:
    removed = LogEntry(0, 5, 0, Stronghold("remove", "L2-07"), owner=1)
    line = describe_entry("Ada", removed, DATA, ["Ada", "Bob"])[0]
    assert line.startswith("Ada sends back Bob's stronghold on a level 2 ")
    # Without the seats' names (or a log from before owners were kept) the line is general.
    assert describe_entry("Ada", removed, DATA)[0].startswith(
        "Ada sends back the stronghold on a level 2 ")


def test_a_chosen_city_or_post_is_logged_once() -> None:
    city = LogEntry(0, 5, 0, ChooseCity("C04"), city="C04")
    assert describe_entry("Ada", city, DATA) == ["Ada takes the city of 13 prestige"]
    post = LogEntry(0, 5, 0, ChoosePost(3), posts=(3,))
    assert describe_entry("Ada", post, DATA) == ["Ada claims trading post 3"]
    both = LogEntry(0, 5, 0, Buy("L1-14"), nobles=("N04",), posts=(2,), city="C14")
    assert describe_entry("Ada", both, DATA)[1:] == [
        "Ada is visited by a noble (3 points)", "Ada claims trading post 2",
        "Ada takes the city of 17 prestige"]


#: A reason of each code with every field it may use filled.
def _reasons() -> list[HintReason]:
    return [HintReason(code, card="L2-07", noble="N04", seat=1, points=3, level=2, color=1,
                       post=3, city="C04", count=2) for code in REASONS]


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_hint_reason_is_said_in_every_language(code: str) -> None:
    with speaking(code):
        texts = {r.code: hint_why(r, NAMES, DATA) for r in _reasons()}
        single = hint_why(HintReason("sacrifice", card="O3-06", points=3, count=1), NAMES,
                          DATA)
        for post in DATA.posts:
            _filled(hint_why(HintReason("post_choice", post=post.id), NAMES, DATA))
    for text in [*texts.values(), single]:
        _filled(text)
    assert "Bob" in texts["hold_block"] and "Bob" in texts["hold_remove"]
    assert "Bob" in texts["block"]


def test_hint_reasons_in_english_name_what_matters() -> None:
    def why(**fields: object) -> str:
        return hint_why(HintReason(**fields), NAMES, DATA)  # type: ignore[arg-type]

    assert why(code="buy_city", card="L2-07", city="C04", points=13) == \
        "it brings the city of 13 prestige within your grasp."
    assert why(code="post_choice", post=1) == "one more gem token after each purchase."
    assert why(code="buy_post", card="L2-07", post=5) == \
        "it claims trading post 5 — a point for each of your coats of arms."
    assert why(code="double_gold", card="L2-07", count=1) == \
        "your double gold pays for part of it and your tokens stay."
    assert why(code="hold_block", card="L2-07", seat=1) == \
        "Bob can no longer buy or reserve it."
    assert why(code="pair", card="L1-05", color=1) == \
        "the Orient card then gives you a blue bonus."
    text = hint_text(Hint(0, ChoosePost(1), HintReason("post_choice", post=1)), NAMES, DATA)
    assert text == "Claim trading post 1: one more gem token after each purchase."


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_tables_module_words_exist_in_every_language(code: str) -> None:
    with speaking(code):
        texts = [step_status(step, "Ada") for step in STEP_STATUS]
        texts += [post_power_text(post.power) for post in DATA.posts]
        texts += [ability_text(card) for card in DATA.orient]
        texts += [module_name(m) for m in (None, *module_ids())]
        texts += [module_about(m) for m in (None, *module_ids())]
    for text in texts:
        _filled(text)
    assert len({module_name(m) for m in (None, *module_ids())}) == 5
    abilities = {card.ability for card in DATA.orient}
    assert abilities == set(ABILITIES)
