"""A challenge as a person plays it: started ready to play with its restrictions on the
player only, the same deal on a retry, decided as soon as its goal or its round limit
says so, judged with the stars its data asks, kept as a best result with the date, never
counted among the statistics' games, and chapters opened by the stars held."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from splendor.engine import COLOR_NAMES, Buy, Phase, Reserve, ReserveDeck, parse_action
from splendor.gamedata import base_game
from splendor.session.bot_process import InlineBots
from splendor.session.challenge_data import Campaign, Challenge, parse_campaign
from splendor.session.challenge_lines import constraint_lines, words
from splendor.session.challenges import (
    ChallengeSession,
    judge,
    overview,
    record,
    retry,
    start,
)
from splendor.session.statistics import count_game
from splendor.storage.challenge_stats import ChallengeBest
from splendor.storage.stats import Records, load_stats, save_stats

DATA = base_game()


def campaign(*challenges: dict[str, Any], unlock: int = 3) -> Campaign:
    """A campaign of two chapters: `challenges`, then one that opens at `unlock` stars."""
    later = {"id": "later", "opponents": ["easy"], "seed": 1, "goal": "win",
             "stars": {"by": "round", "two": 30, "three": 25}}
    return parse_campaign({"version": 1, "chapters": [
        {"id": "first", "challenges": list(challenges)},
        {"id": "second", "unlock": unlock, "challenges": [later]}]}, DATA)


def _win_now() -> dict[str, Any]:
    """A position at round 21 in which the player, at 14 points, buys a 1-point card."""
    picked, total = [], 0
    for card in sorted(DATA.level_cards(3), key=lambda c: -c.points):
        if total + card.points <= 14:
            picked.append(card.id)
            total += card.points
        if total == 14:
            break
    last = next(c for c in DATA.level_cards(1) if c.points == 1)
    return {"turns": 40, "market": {1: [last.id]},
            "seats": [{"purchased": picked,
                       "tokens": {COLOR_NAMES[c]: n for c, n in enumerate(last.cost) if n}}]}


def challenge(**fields: Any) -> Challenge:
    entry = {"id": "test", "opponents": ["easy"], "position": _win_now(), "goal": "win",
             "stars": {"by": "round", "two": 21, "three": 20}, **fields}
    return campaign(entry).challenges[0]


def winning_buy(session: ChallengeSession) -> Buy:
    return next(a for a in session.view(0).legal_actions
                if isinstance(a, Buy) and DATA.card_by_id[a.card_id].level == 1)


def play_out(session: ChallengeSession) -> None:
    """The bots' moves until the challenge is decided (the player must not be asked)."""
    for _ in range(20):
        if session.decided:
            return
        assert not session.human_to_act()
        session.poll()
        session.commit_incoming()
    raise AssertionError("the challenge was never decided")


def test_a_win_earns_the_stars_its_round_asks() -> None:
    session = start(DATA, challenge(), InlineBots())
    assert session.state.round == 21 and not session.decided
    assert session.play(winning_buy(session)) is None
    play_out(session)
    assert session.is_over()
    verdict = judge(session)
    assert verdict.won and verdict.failed is None
    assert (verdict.rounds, verdict.value, verdict.stars) == (21, 21, 2)


def test_a_points_goal_is_decided_as_soon_as_it_is_reached() -> None:
    session = start(DATA, challenge(goal={"points": 15}), InlineBots())
    session.play(winning_buy(session))
    assert session.decided and not session.is_over()
    session.poll()
    assert session.incoming is None  # the bots stop
    refused = session.play(parse_action("take white blue green"))
    assert refused is not None and refused.code == "challenge_decided"
    assert judge(session).won


def test_a_goal_met_while_a_step_of_the_turn_waits_is_measured_in_that_round() -> None:
    # Strongholds: the buy reaching the points leaves its stronghold step to take, so the
    # turn is not over; the goal was still met in this round (21), not the one before.
    entry = {"id": "holds", "opponents": ["easy"], "position": _win_now(),
             "goal": {"points": 15}, "stars": {"by": "round", "two": 21, "three": 20}}
    strongholds = parse_campaign({"version": 1, "chapters": [
        {"id": "holds", "module": "strongholds", "challenges": [entry]}]}, DATA)
    session = start(DATA, strongholds.challenges[0], InlineBots())
    assert session.state.round == 21
    assert session.play(winning_buy(session)) is None
    assert session.state.phase is Phase.STRONGHOLD and session.decided
    verdict = judge(session)
    assert verdict.won and (verdict.rounds, verdict.value, verdict.stars) == (21, 21, 2)


def test_a_goal_missed_says_what_failed_in_words() -> None:
    session = start(DATA, challenge(goal={"points": 20}), InlineBots())
    session.play(winning_buy(session))
    play_out(session)
    verdict = judge(session)
    assert not verdict.won and verdict.stars == 0
    assert verdict.failed is not None
    assert words(verdict.failed) == f"You reached {verdict.points} of the 20 points needed."


def test_a_missing_feat_fails_a_won_game() -> None:
    session = start(DATA, challenge(feat={"max_cards": 2}), InlineBots())
    session.play(winning_buy(session))
    play_out(session)
    verdict = judge(session)
    assert session.state.outcome().winners == (0,) and not verdict.won
    assert verdict.failed is not None
    assert words(verdict.failed) == \
        "The feat is missing: End the game with at most 2 cards bought."


def test_the_round_limit_decides_a_game_that_goes_past_it() -> None:
    entry = {"id": "quick", "opponents": ["easy"], "seed": 5, "goal": "win", "by_round": 1,
             "stars": {"by": "round", "two": 1, "three": 1}}
    session = start(DATA, campaign(entry).challenges[0], InlineBots())
    session.play(session.view(0).legal_actions[0])
    play_out(session)
    assert session.state.round == 2 and not session.is_over()
    verdict = judge(session)
    assert verdict.failed is not None and words(verdict.failed) == "Round 1 is over."


def test_restrictions_bind_the_player_only_and_are_refused_with_their_reason() -> None:
    entry = {"id": "strict", "opponents": ["easy"], "seed": 9, "goal": "win",
             "restrictions": {"no_reserve": True},
             "stars": {"by": "round", "two": 30, "three": 25}}
    session = start(DATA, campaign(entry).challenges[0], InlineBots())
    assert not any(isinstance(a, Reserve | ReserveDeck) for a in session.view(0).legal_actions)
    refused = session.play(parse_action("reserve deck 1"))
    assert refused is not None and refused.code == "no_reserving"
    session.play(session.view(0).legal_actions[0])
    assert session.state.current == 1
    assert any(isinstance(a, Reserve) for a in session.state.legal_actions())


def test_a_challenge_has_no_undo_nor_hints_and_is_not_counted_as_a_game() -> None:
    session = start(DATA, challenge(), InlineBots())
    session.play(winning_buy(session))
    play_out(session)
    undo, hint = session.why_no_undo(), session.why_no_hint()
    # Said as a challenge's rule, not as the competitive mode the player did not choose.
    assert undo is not None and undo.code == "undo_challenge"
    assert hint is not None and hint.code == "hint_challenge"
    records = Records()
    assert count_game(session, records) is None and not records
    assert not session.saveable


def test_a_fixed_deal_is_the_same_every_time_and_a_retry_keeps_a_fresh_one() -> None:
    fixed = {"id": "fixed", "opponents": ["easy"], "seed": 7, "goal": "win",
             "stars": {"by": "round", "two": 30, "three": 25}}
    fresh = {**fixed, "id": "fresh", "seed": "fresh"}
    one, two = campaign(fixed, fresh).challenges[:2]
    assert start(DATA, one, InlineBots()).state == start(DATA, one, InlineBots()).state
    first = start(DATA, two, InlineBots())
    again = retry(first, InlineBots())
    assert again.seed == first.seed and again.state == first.state
    other = start(DATA, two, InlineBots(), seed=first.seed + 1)
    assert other.state != first.state


def test_the_best_result_is_kept_with_the_date_and_survives_the_file() -> None:
    session = start(DATA, challenge(), InlineBots())
    session.play(winning_buy(session))
    play_out(session)
    verdict = judge(session)
    records, problem = load_stats()
    assert problem is None
    day = datetime.date(2026, 11, 28)
    assert record(verdict, records.challenges, day)
    worse = type(verdict)(**{**verdict.__dict__, "stars": 1, "value": 25})
    assert not record(worse, records.challenges, datetime.date(2026, 12, 1))
    save_stats(records)
    again, _ = load_stats()
    best = again.challenges["test"]
    assert (best.stars, best.won, best.value, best.date, best.tries) == \
        (2, True, 21, "2026-11-28", 2)


def test_chapters_open_with_the_stars_held() -> None:
    entry = {"id": "test", "opponents": ["easy"], "position": _win_now(), "goal": "win",
             "stars": {"by": "round", "two": 21, "three": 20}}
    camp = campaign(entry, unlock=3)
    closed = overview(camp, {})
    assert [c.open for c in closed] == [True, False] and closed[1].missing == 3
    assert overview(camp, {"test": ChallengeBest(stars=2, won=True)})[1].missing == 1
    opened = overview(camp, {"test": ChallengeBest(stars=3, won=True),
                             "gone": ChallengeBest(stars=3, won=True)})
    assert [c.open for c in opened] == [True, True]
    entry_lines = opened[0].challenges[0]
    assert [words(line) for line in entry_lines.goal] == ["Win against one bot: Easy."]
    assert [words(line) for line in entry_lines.constraints] == \
        ["You start from a game already under way."]
    assert [words(line) for line in entry_lines.star_rules] == \
        ["2 stars: done by round 21.", "3 stars: done by round 20."]


@pytest.mark.parametrize("kind", ["no_reserve", "no_take_two", "no_gold"])
def test_each_restriction_has_its_line(kind: str) -> None:
    c = challenge(restrictions={kind: True})
    assert len(constraint_lines(c)) == 2
    assert all(words(line) for line in constraint_lines(c))
