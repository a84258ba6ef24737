"""What a seat may see (S63-S64, T55, T60), the stalemate guard (S65, T61), and records
that replay to the same game."""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from pathlib import Path

import pytest
import yaml

from splendor.saba.data import load_saba_data
from splendor.saba.engine import (
    RecordError,
    SabaState,
    SpecialCard,
    Step,
    make_record,
    observe,
    replay,
)
from splendor.saba.engine.setup import palace_deck_kinds
from tests.saba.helpers import DATA, SHIPPED, game, give_hand, random_game


def rehidden(s: SabaState, seat: int, rng: random.Random) -> SabaState:
    """`s` with everything `seat` may not see dealt again: the palace deck within its
    public structure, the action deck with the other hands, the reshuffles' seed."""
    t = s.clone()
    kinds = palace_deck_kinds(s.data, len(s.deck))[::-1]  # as the list lies: top last
    for kind in set(kinds):
        places = [i for i, k in enumerate(kinds) if k == kind]
        cards = [t.deck[i] for i in places]
        rng.shuffle(cards)
        for i, card in zip(places, cards, strict=True):
            t.deck[i] = card
    others = [p for i, p in enumerate(t.players) if i != seat]
    pool = t.action_deck + [c for p in others for c in p.hand]
    rng.shuffle(pool)
    for p in others:
        p.hand, pool = pool[: len(p.hand)], pool[len(p.hand) :]
    t.action_deck = pool
    t.setup = dataclasses.replace(t.setup, seed=t.setup.seed + 1)
    return t


def test_s63_a_view_shows_everything_public() -> None:
    # T60: 4 players, seat 3's view
    s = game(players=4)
    give_hand(s, 0, ["action-04", "action-12"])
    s.discard.append(s.action_deck.pop(0))
    view = observe(s, 2)
    assert view.players[0].hand_size == 2 and view.players[0].faces == ("hand", "vizier")
    assert view.discard == tuple(s.discard) and view.action_deck_size == 17
    assert view.deck_size == 24 and len(view.deck_kinds) == 24
    assert view.deck_kinds[0] == frozenset({"level-1"})
    assert view.deck_kinds[-1] == frozenset({"level-3", "end"})
    assert view.display == tuple(s.display) and view.supply == tuple(s.supply)
    assert [h[2] for h in view.harbour] == s.harbour_units
    assert view.legal_actions == () and observe(s, 0).legal_actions == s.legal_actions()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_s64_a_view_holds_no_hidden_card(players: int) -> None:
    rng = random.Random(players)
    for n, s in enumerate(random_game(players, seed=players * 7)):
        for seat in range(players):
            view = observe(s, seat)
            # A card once played is named in the history; where it lies now is hidden.
            text = repr(dataclasses.replace(view, history=()))
            seen = {word for line in view.history for word in line.split()}
            hidden = [c.id for c in s.deck if not isinstance(c, SpecialCard)]
            hidden += s.action_deck
            hidden += [c for i, p in enumerate(s.players) if i != seat for c in p.hand]
            assert not [i for i in hidden if i in text and i not in seen], f"step {n}: {seat}"
            if n % 7 == 0:
                assert observe(rehidden(s, seat, rng), seat) == view


def test_s65_the_engine_sets_no_cap() -> None:
    # T61: players who never build nor use the cross would play forever.
    s = game()
    while s.round <= 250:
        if s.step is Step.START:
            s.apply(s.legal_actions()[0])  # harbour card A: hand, then none, then hand
        elif s.step is Step.BUILD:
            s.apply(s.legal_actions()[[a.text() for a in s.legal_actions()].index("draw")])
        elif s.step is Step.DRAWN:
            s.apply(s.legal_actions()[0])
        else:
            s.apply(s.legal_actions()[0])
    assert not s.is_over() and s.palace_cards_left() == 24
    # the tools' guard: a capped run reports the game unfinished
    *_, last = random_game(2, seed=5, round_cap=3)
    assert not last.is_over() and last.round == 4


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_record_replays_to_the_same_game(players: int) -> None:
    for seed in range(3):
        states = list(random_game(players, seed=seed + 40))
        final = states[-1]
        for s in (states[len(states) // 2], final):
            record = json.loads(json.dumps(make_record(s)))
            assert replay(DATA, record) == s
        assert replay(DATA, make_record(final)).outcome() == final.outcome()


def test_a_record_played_with_other_cards_is_refused(tmp_path: Path) -> None:
    doc = yaml.safe_load(SHIPPED.read_text(encoding="utf-8"))
    doc["special_cards"][2]["cost"]["gold"] = 1
    path = tmp_path / "components.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    other = load_saba_data(path)
    record = make_record(game())
    with pytest.raises(RecordError, match="played with other card data"):
        replay(other, record)


def test_a_damaged_record_is_refused_saying_where() -> None:
    states = list(random_game(2, seed=3))
    record = make_record(states[30])
    broken = copy.deepcopy(record)
    broken["actions"][5] = "buy pillar-9"
    with pytest.raises(RecordError, match="action 5: 'buy pillar-9' is illegal here"):
        replay(DATA, broken)
    broken = copy.deepcopy(record)
    broken["actions"][2] = "harbour hand please"
    with pytest.raises(RecordError, match="action 2: cannot parse"):
        replay(DATA, broken)
    broken = copy.deepcopy(record)
    broken["setup"]["palace_deck"][0], broken["setup"]["palace_deck"][26] = (
        broken["setup"]["palace_deck"][26],
        broken["setup"]["palace_deck"][0],
    )
    with pytest.raises(RecordError, match=r"bad setup: card .* cannot lie at position 1"):
        replay(DATA, broken)
    for key, value, message in (
        ("version", 9, "unsupported record version 9"),
        ("format", "splendor-record", "'format' must be"),
    ):
        broken = dict(record, **{key: value})
        with pytest.raises(RecordError, match=message):
            replay(DATA, broken)
