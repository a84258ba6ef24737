"""The expert's review on positions with a known answer (issue 57, "A review a player can
trust"): a winning or decisive purchase skipped, a noble, city or trading post given up,
three tokens taken only to give three back, a reserve that blocks nothing, the winner's
only card left to the opponent, an Orient double gold, sacrifice or free card, a
Strongholds conquest or block, and positions from the hard bots' own games
(`tests/session/review_positions.py`, whose `python -m` prints the table).

At the default budget the move played must be marked a mistake or a blunder with a right
move as the expert's best; the right move played must be unmarked, with the same best
move and the same chance before (the figures do not depend on the move played).
Measured: every position (40 of 40) answered so; about 0.2 s a judgement.
"""

from __future__ import annotations

import pytest

from splendor.engine import Phase
from splendor.engine.module_rules import city_shortfall, post_met
from tests.session.review_positions import DATA, Result, evaluate, positions

POSITIONS = positions()
THEMES = ("winning purchase", "decisive purchase", "noble given up", "take at ten tokens",
          "idle reserve", "city thrown away", "trading post thrown away")


def _figures(r: Result) -> str:
    b, g = r.bad, r.right
    return (f"{r.position.name}: played {b.played.text()!r}: label {r.label or '-'}, best "
            f"{b.best.text()!r}, before {b.before:.3f}, after {b.after:.3f}, noise "
            f"{b.noise:.3f}; right move {g.played.text()!r}: label {r.right_label or '-'}, "
            f"best {g.best.text()!r}, before {g.before:.3f}")


@pytest.mark.parametrize("name", list(POSITIONS))
def test_the_review_marks_the_move_and_names_a_right_one(name: str) -> None:
    r = evaluate(POSITIONS[name])
    assert r.label in ("mistake", "blunder"), _figures(r)
    assert r.position.is_right(r.bad.best.text()), _figures(r)
    # The right move played: no mark, and the same figures for the position.
    assert not r.right_label, _figures(r)
    assert r.right.best == r.bad.best and r.right.before == r.bad.before, _figures(r)
    assert r.hit


def test_the_positions_cover_every_theme_asked_for() -> None:
    themes = {p.theme for p in POSITIONS.values()}
    assert set(THEMES) <= themes
    assert any(t.startswith("orient") for t in themes)
    assert any(t.startswith("strongholds") for t in themes)
    assert len(POSITIONS) >= 30


@pytest.mark.parametrize("name", list(POSITIONS))
def test_the_known_answer_is_right_by_the_rules(name: str) -> None:
    """Without the judge: the moves are legal, the bad one is not among the right ones,
    and where the game ends with the seat's turn the rules alone give the answer: every
    right move wins outright (alone, a tie won on cards included), the bad one does not."""
    p = POSITIONS[name]
    state = p.state()
    legal = [a.text() for a in state.legal_actions()]
    assert p.bad in legal and not p.is_right(p.bad)
    rights = [t for t in legal if p.is_right(t)]
    assert rights and p.right_move(p.view()) in rights
    seat = state.current
    for text in [*rights, p.bad]:
        trial = p.state()
        trial.apply(next(a for a in trial.legal_actions() if a.text() == text))
        while not trial.is_over() and trial.current == seat and trial.phase is not Phase.MAIN:
            trial.apply(trial.legal_actions()[0])  # returns, a stronghold, ...: the same
        if trial.is_over():
            won = trial.outcome().winners == (seat,)
            assert won == (text != p.bad), f"{text}: winners {trial.outcome().winners}"


@pytest.mark.parametrize("name", [n for n, p in POSITIONS.items() if p.seed is None])
def test_a_built_position_owes_nobody_a_noble_a_post_or_a_city(name: str) -> None:
    """What `build_position` does not check: a seat that met a noble, a trading post or a
    city at the end of its turn would hold it (a post may wait while another is claimed,
    never here)."""
    state = POSITIONS[name].state(steps=False)
    cities = getattr(state, "cities", [])
    for seat, p in enumerate(state.players):
        met = [n.id for n in state.nobles
               if all(b >= r for b, r in zip(p.bonuses, n.requires, strict=True))]
        assert not met, f"seat {seat} meets {met}"
        if state.module == "trading-posts":
            held = getattr(p, "posts", [])
            owed = [post.id for post in DATA.posts if post.id not in held
                    and post_met(post, p.bonuses, len(p.nobles))]
            assert not owed, f"seat {seat} meets posts {owed}"
        assert all(city_shortfall(c, p.points, p.bonuses) for c in cities), seat
