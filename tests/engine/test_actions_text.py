"""The text form of actions: canonical, round-tripping, tolerant input, useful errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from splendor.engine import (
    GEMS,
    GOLD,
    Action,
    ActionParseError,
    Buy,
    ChooseNoble,
    Pass,
    Reserve,
    ReserveDeck,
    Return,
    Take,
    TakeTwo,
    parse_action,
)
from splendor.gamedata import base_game

W, U, G, R, K = GEMS  # white, blue, green, red, black

# (canonical text, the action it stands for)
CANONICAL: list[tuple[str, Action]] = [
    ("take white blue green", Take((W, U, G))),
    ("take white red black", Take((W, R, K))),
    ("take green red black", Take((G, R, K))),
    ("take blue black", Take((U, K))),
    ("take red", Take((R,))),
    ("take2 white", TakeTwo(W)),
    ("take2 black", TakeTwo(K)),
    ("reserve L2-07", Reserve("L2-07")),
    ("reserve L1-01", Reserve("L1-01")),
    ("reserve deck 1", ReserveDeck(1)),
    ("reserve deck 3", ReserveDeck(3)),
    ("buy L1-14", Buy("L1-14")),
    ("buy L3-20", Buy("L3-20")),
    ("buy L1-14 pay green black gold", Buy("L1-14", (0, 0, 1, 0, 1, 1))),
    ("buy L1-14 pay green green black black", Buy("L1-14", (0, 0, 2, 0, 2, 0))),
    ("buy L3-04 pay white white white gold gold gold", Buy("L3-04", (3, 0, 0, 0, 0, 3))),
    ("buy L1-14 pay gold gold gold gold", Buy("L1-14", (0, 0, 0, 0, 0, 4))),
    ("buy L2-05 pay nothing", Buy("L2-05", (0,) * 6)),
    ("return white gold", Return((1, 0, 0, 0, 0, 1))),
    ("return gold", Return((0, 0, 0, 0, 0, 1))),
    ("return blue blue red", Return((0, 2, 0, 1, 0, 0))),
    ("return white blue green red black gold", Return((1, 1, 1, 1, 1, 1))),
    ("return nothing", Return((0,) * 6)),  # never legal, but spelled like 'pay nothing'
    ("noble N04", ChooseNoble("N04")),
    ("noble N10", ChooseNoble("N10")),
    ("pass", Pass()),
]


@pytest.mark.parametrize(("text", "action"), CANONICAL, ids=[t for t, _ in CANONICAL])
def test_canonical_text_round_trips(text: str, action: Action) -> None:
    assert action.text() == text
    parsed = parse_action(text)
    assert parsed == action
    assert type(parsed) is type(action)
    assert parsed.text() == text
    assert parse_action(action.text()) == action


def test_every_kind_is_covered() -> None:
    kinds = {type(a) for _, a in CANONICAL}
    assert kinds == {Take, TakeTwo, Reserve, ReserveDeck, Buy, Return, ChooseNoble, Pass}


def test_explicit_payment_differs_from_default() -> None:
    default, explicit = parse_action("buy L1-14"), parse_action("buy L1-14 pay nothing")
    assert default == Buy("L1-14")
    assert isinstance(default, Buy) and default.payment is None
    assert isinstance(explicit, Buy) and explicit.payment == (0,) * 6
    assert parse_action("buy L1-14 pay nothing") != parse_action("buy L1-14")


# ---------------------------------------------------------- tolerant, canonicalising input

TOLERANT = [
    ("  TAKE  Green\tWhite   BLUE ", "take white blue green"),
    ("take black red white", "take white red black"),
    ("Take Black Blue", "take blue black"),
    ("TAKE2   RED", "take2 red"),
    ("reserve l2-07", "reserve L2-07"),
    ("Reserve DECK 3", "reserve deck 3"),
    ("reserve   deck\t2  ", "reserve deck 2"),
    ("BUY l1-14", "buy L1-14"),
    ("buy L1-14 pay green gold black black", "buy L1-14 pay green black black gold"),
    ("buy l1-14 PAY Gold Black green", "buy L1-14 pay green black gold"),
    ("buy L2-05 PAY Nothing", "buy L2-05 pay nothing"),
    ("return gold white", "return white gold"),
    ("RETURN red Blue blue", "return blue blue red"),
    ("return gold black red green blue white", "return white blue green red black gold"),
    ("noble n04", "noble N04"),
    ("  PASS  ", "pass"),
    ("\npass\n", "pass"),
]


@pytest.mark.parametrize(("text", "canonical"), TOLERANT, ids=[t for t, _ in TOLERANT])
def test_parsing_is_tolerant_and_canonicalises(text: str, canonical: str) -> None:
    action = parse_action(text)
    assert action.text() == canonical
    assert parse_action(canonical) == action


def test_take_colour_order_does_not_matter() -> None:
    assert Take((G, W, U)) == Take((W, U, G))
    assert Take((G, W, U)).colors == (W, U, G)
    assert parse_action("take green white blue") == parse_action("take blue green white")


def test_return_and_payment_order_does_not_matter() -> None:
    assert parse_action("return gold white") == parse_action("return white gold")
    assert parse_action("return gold white") == Return((1, 0, 0, 0, 0, 1))
    a = parse_action("buy L1-14 pay gold black green")
    assert a == Buy("L1-14", (0, 0, 1, 0, 1, 1))


def test_the_module_docstring_examples_parse() -> None:
    examples = [
        "take white blue green",
        "take2 red",
        "reserve L2-07",
        "reserve deck 2",
        "buy L1-14",
        "buy L1-14 pay green gold black black",
        "buy L1-14 pay nothing",
        "return gold white",
        "noble N04",
        "pass",
    ]
    for text in examples:
        action = parse_action(text)
        assert parse_action(action.text()) == action


# ------------------------------------------------------------------------- garbage

GARBAGE = [
    # (text, words the message must contain)
    ("", ["empty"]),
    ("   \t ", ["empty"]),
    ("jump white", ["unknown action", "'jump'", "take"]),
    ("takee white blue", ["unknown action", "'takee'"]),
    ("take purple", ["unknown colour", "'purple'"]),
    ("take white blue purple", ["unknown colour", "'purple'"]),
    ("take gold", ["gold"]),
    ("take white gold blue", ["gold"]),
    ("take white blue green red", ["one to three different"]),
    ("take white blue green red black", ["one to three different"]),
    ("take white white", ["different"]),
    ("take white blue white", ["different"]),
    ("take", ["one to three"]),
    ("take2 white blue", ["exactly one colour"]),
    ("take2", ["exactly one colour"]),
    ("take2 gold", ["gold"]),
    ("take2 pink", ["unknown colour", "'pink'"]),
    ("reserve", ["reserve CARD"]),
    ("reserve L1-01 L1-02", ["reserve CARD"]),
    ("reserve deck x", ["level", "number"]),
    ("reserve deck -1", ["level", "number"]),
    ("reserve deck 1 2", ["reserve CARD"]),
    ("reserve deck", ["level"]),
    ("buy", ["buy CARD"]),
    ("buy L1-01 white", ["buy CARD pay"]),
    ("buy L1-01 pay", ["'pay' needs tokens", "nothing"]),
    ("buy L1-01 pay purple", ["unknown colour", "'purple'"]),
    ("buy L1-01 pay nothing white", ["unknown colour", "'nothing'"]),
    ("return", ["needs the tokens"]),
    ("return purple", ["unknown colour", "'purple'"]),
    ("noble", ["noble ID"]),
    ("noble N01 N02", ["noble ID"]),
    ("pass now", ["pass"]),
]


@pytest.mark.parametrize(("text", "words"), GARBAGE, ids=[repr(t) for t, _ in GARBAGE])
def test_garbage_raises_a_useful_error(text: str, words: list[str]) -> None:
    with pytest.raises(ActionParseError) as info:
        parse_action(text)
    message = str(info.value)
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    if text.strip():
        # the message quotes the offending text so that a log line is self-explanatory
        assert text in message, f"{text!r} not quoted in {message!r}"


def test_parse_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        parse_action("fly")


# ---------------------------------------------------------------- hypothesis round trip

DATA = base_game()
CARD_IDS = [c.id for c in DATA.cards]
NOBLE_IDS = [n.id for n in DATA.nobles]
gems = st.sampled_from(GEMS)
counts = st.tuples(*[st.integers(0, 4)] * 6)
# Any id-like word, except the grammar's own keywords ('reserve deck', 'buy X pay nothing').
ids = st.sampled_from(CARD_IDS) | st.from_regex(r"[A-Z][A-Z0-9-]{0,7}", fullmatch=True).filter(
    lambda i: i not in {"DECK", "PAY", "NOTHING"}
)

actions: st.SearchStrategy[Action] = st.one_of(
    st.lists(gems, min_size=1, max_size=3, unique=True).map(lambda cs: Take(tuple(cs))),
    gems.map(TakeTwo),
    ids.map(Reserve),
    st.integers(1, 99).map(ReserveDeck),  # deck levels count from 1
    ids.map(Buy),
    st.builds(Buy, ids, counts),
    counts.map(Return),
    (st.sampled_from(NOBLE_IDS) | ids).map(ChooseNoble),
    st.just(Pass()),
)


@settings(max_examples=500, deadline=None)
@given(actions)
def test_any_action_round_trips(action: Action) -> None:
    text = action.text()
    parsed = parse_action(text)
    assert parsed == action
    assert parsed.text() == text


@settings(max_examples=300, deadline=None)
@given(actions, st.data())
def test_noisy_text_parses_to_the_same_action(action: Action, data: st.DataObject) -> None:
    """Re-case every letter and re-space every gap: still the same action."""
    words = action.text().split()
    if isinstance(action, (Take, Return)) or (isinstance(action, Buy) and "pay" in words):
        # colour lists may come in any order
        head = words[: words.index("pay") + 1] if "pay" in words else words[:1]
        tail = words[len(head) :]
        if tail != ["nothing"]:
            tail = data.draw(st.permutations(tail))
        words = head + list(tail)
    seps = data.draw(st.lists(st.sampled_from([" ", "  ", "\t", " \t "]), min_size=len(words)))
    flips = data.draw(st.lists(st.booleans(), min_size=sum(map(len, words))))
    letters = iter(flips)
    noisy_words = ["".join(ch.upper() if next(letters) else ch.lower() for ch in w) for w in words]
    noisy = seps[0] + "".join(w + s for w, s in zip(noisy_words, [*seps[1:], " "], strict=False))
    assert parse_action(noisy) == action, noisy
    assert parse_action(noisy).text() == action.text()


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_arbitrary_text_parses_or_raises_action_parse_error(text: str) -> None:
    try:
        action = parse_action(text)
    except ActionParseError as exc:
        assert str(exc)
        return
    assert parse_action(action.text()) == action


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(GEMS), min_size=1, max_size=3))
def test_take_with_colour_repeats_never_parses_to_a_smaller_take(colours: list[int]) -> None:
    from splendor.engine import COLOR_NAMES

    text = "take " + " ".join(COLOR_NAMES[c] for c in colours)
    if len(set(colours)) == len(colours):
        assert parse_action(text) == Take(tuple(colours))
    else:
        with pytest.raises(ActionParseError):
            parse_action(text)


def test_gold_is_never_a_take_colour() -> None:
    assert GOLD not in GEMS
    for text in ("take gold", "take2 gold", "take white blue gold"):
        with pytest.raises(ActionParseError, match="gold"):
            parse_action(text)
