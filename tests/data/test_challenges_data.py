"""The challenges, levels_data/challenges.yaml: the shipped campaign has its chapters and
challenges with their words in every language, every line its data makes can be said,
each is measured (its difficulty) and none too hard, and a wrong entry is refused naming
the file, the challenge and the problem."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from splendor.challenge_verify import DEFAULT_BUDGET, DEFAULT_SEED, DEFAULT_TRIES, verify
from splendor.engine.modules import module_ids
from splendor.gamedata import DataError, base_game
from splendor.i18n import LANGUAGES, load_catalog, translate
from splendor.session.challenge_data import FEATS, FILENAME, MEASURES, load_campaign
from splendor.session.challenge_difficulty import MIN_RATE
from splendor.session.challenge_lines import (
    Line,
    constraint_lines,
    feat_line,
    goal_lines,
    star_lines,
    words,
)
from tests.data.data_files import LEVELS_DATA, load, save

CAMPAIGN = load_campaign(base_game())


def test_the_campaign_has_a_chapter_per_module_each_of_six_challenges_or_more() -> None:
    chapters = CAMPAIGN.chapters
    assert chapters[0].module is None and chapters[0].unlock == 0
    assert {c.module for c in chapters[1:]} == set(module_ids())
    assert all(len(c.challenges) >= 6 for c in chapters)
    assert len(CAMPAIGN.challenges) >= 24
    assert [c.unlock for c in chapters] == sorted(c.unlock for c in chapters)


def test_the_campaign_mixes_goals_starts_restrictions_and_feats() -> None:
    challenges = CAMPAIGN.challenges
    assert {c.goal for c in challenges} == {"win", "points"}
    assert any(c.position is not None for c in challenges)
    assert any(c.seed is None and c.position is None for c in challenges)  # fresh deals
    assert any(c.by_round is not None for c in challenges)
    assert {c.stars.measure for c in challenges} >= {"round", "cards", "margin"}
    restricted = [c.restrictions for c in challenges if c.restrictions]
    assert any(r.no_reserve for r in restricted) and any(r.no_take_two for r in restricted)
    assert any(r.no_gold for r in restricted) and any(r.levels for r in restricted)
    assert len({c.feat[0] for c in challenges if c.feat is not None}) >= 5


def test_every_challenge_is_measured_by_one_command_and_none_is_too_hard() -> None:
    # The difficulty shown is what `challenges verify` with its defaults measures: the
    # expert wins each challenge at least one time in five.
    for c in CAMPAIGN.challenges:
        assert c.measured is not None, f"{c.id}: not measured"
        m = c.measured
        assert (m.tries, m.budget, m.seed) == (DEFAULT_TRIES, DEFAULT_BUDGET, DEFAULT_SEED), \
            f"{c.id}: measured otherwise ({m.command(c.id)})"
        assert m.rate >= MIN_RATE, f"{c.id}: the expert won {m.wins} of {m.tries}"
    assert len({c.measured.level for c in CAMPAIGN.challenges if c.measured}) > 1


def test_a_challenges_figures_come_out_of_their_command_again() -> None:
    # The quickest to measure (a set position near the end): its command, run again,
    # gives the figures kept (a change of the bots that moves them asks a new measure).
    c = CAMPAIGN.find("last_stretch")
    assert c is not None and c.measured is not None
    m = c.measured
    [again] = verify([c.id], m.tries, m.budget, m.seed)
    assert again.measured == m


def _said(code: str, line: Line) -> str:
    params = {k: "x" for k in ("opponents", "needs", "feat", "points", "levels")}
    return translate(code, line.key, line.count, **{**params, **line.params})


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_challenge_and_chapter_has_its_words_and_lines_in_every_language(
        code: str) -> None:
    catalog = load_catalog(code)
    for chapter in CAMPAIGN.chapters:
        assert f"{chapter.key}.title" in catalog
    for c in CAMPAIGN.challenges:
        for part in ("title", "story"):
            assert f"{c.key}.{part}" in catalog, f"{code}: no {c.key}.{part}"
            assert len(str(catalog[f"{c.key}.{part}"])) <= 90
        for line in (*goal_lines(c), *constraint_lines(c), *star_lines(c)):
            assert _said(code, line).strip()


@pytest.mark.parametrize("kind", sorted(FEATS))
def test_every_feat_measure_and_failure_has_a_line(kind: str) -> None:
    english = load_catalog("en")
    assert f"challenges.line.feat_{kind}" in english
    assert all(f"challenges.line.stars_{m}" in english for m in MEASURES)
    assert all(f"challenges.failed.{k}" in english
               for k in ("win", "points", "by_round", "feat"))
    assert feat_line(next(c for c in CAMPAIGN.challenges if c.feat is not None)).key \
        .startswith("challenges.line.feat_")


def test_a_city_feat_says_its_bonuses_all_of_one_colour() -> None:
    # The chosen city (C12) asks for 15 prestige and five bonuses of any one colour.
    chosen = CAMPAIGN.find("chosen_city")
    assert chosen is not None and chosen.feat == ("city", "C12")
    assert words(feat_line(chosen)) == \
        "Take the city that asks for 15 points and 5 of one colour."
    beside = Line("challenges.line.feat_city", 14, {"needs": "green=4,other=4"})
    assert words(beside) == "Take the city that asks for 14 points and 4 green, 4 of " \
        "another colour."


def edited(tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> str:
    """The loader's message for the shipped campaign changed by `change(document)`."""
    doc = load(LEVELS_DATA, FILENAME)
    change(doc)
    save(tmp_path, FILENAME, doc)
    with pytest.raises(DataError) as info:
        load_campaign(base_game(), tmp_path)
    return str(info.value)


def challenge(doc: dict[str, Any], challenge_id: str) -> dict[str, Any]:
    found: dict[str, Any] = next(c for chapter in doc["chapters"]
                                 for c in chapter["challenges"] if c["id"] == challenge_id)
    return found


CASES: list[tuple[str, Callable[[dict[str, Any]], None], tuple[str, ...]]] = [
    ("unknown bot level",
     lambda d: challenge(d, "first_win").update(opponents=["wizard"]),
     ("challenge first_win", "'opponents'", "wizard")),
    ("unknown restriction",
     lambda d: challenge(d, "no_reserving").update(restrictions={"no_buying": True}),
     ("challenge no_reserving", "unknown restriction(s) no_buying")),
    ("a level that does not exist",
     lambda d: challenge(d, "low_and_high").update(restrictions={"levels": [1, 4]}),
     ("challenge low_and_high", "levels must list card levels")),
    ("three stars easier than two",
     lambda d: challenge(d, "first_win").update(stars={"by": "round", "two": 20,
                                                       "three": 25}),
     ("challenge first_win", "three stars must ask less round than two")),
    ("a noble not dealt",
     lambda d: challenge(d, "first_win").update(feat={"noble": "N99"}),
     ("challenge first_win", "feat noble: no noble 'N99'")),
    ("a city feat without the Cities",
     lambda d: challenge(d, "first_win").update(feat={"city": "C01"}),
     ("challenge first_win", "feat city: only in a game with cities")),
    ("a wrong position",
     lambda d: challenge(d, "behind_at_twelve")["position"]["seats"][0].update(
         purchased=["L1-12", "L1-12"]),
     ("challenge behind_at_twelve: position", "L1-12")),
    ("a market row that is no list",
     lambda d: challenge(d, "behind_at_twelve")["position"]["market"].update({2: None}),
     ("challenge behind_at_twelve: position", "market: level 2 needs a list of card ids")),
    ("a noble that is no id",
     lambda d: challenge(d, "behind_at_twelve")["position"].update(nobles=["N02", [1]]),
     ("challenge behind_at_twelve: position", "nobles: a list of noble ids")),
    ("seats that are no list",
     lambda d: challenge(d, "last_stretch")["position"].update(seats=0),
     ("challenge last_stretch: position", "seats: a list of seat descriptions")),
    ("both a seed and a position",
     lambda d: challenge(d, "behind_at_twelve").update(seed=4),
     ("challenge behind_at_twelve", "either 'seed'")),
    ("an unknown field",
     lambda d: challenge(d, "first_win").update(timer=30),
     ("challenge first_win", "unknown field(s) timer")),
    ("a goal that is none",
     lambda d: challenge(d, "first_win").update(goal="lose"),
     ("challenge first_win", "'goal' must be 'win' or {points: N}")),
    ("a duplicate id",
     lambda d: challenge(d, "no_reserving").update(id="first_win"),
     ("duplicate id first_win",)),
    ("an id that cannot name words",
     lambda d: challenge(d, "first_win").update(id="First Win"),
     ("'id' must be lower-case",)),
    ("a round limit before the start",
     lambda d: challenge(d, "behind_at_twelve").update(by_round=5),
     ("challenge behind_at_twelve", "'by_round' 5 is before the start (round 12)")),
    ("more wins measured than tries",
     lambda d: challenge(d, "first_win").update(
         measured={"wins": 16, "tries": 15, "budget": 60, "seed": 1000}),
     ("challenge first_win", "measured: 16 wins of 15 tries")),
    ("a measure without its budget",
     lambda d: challenge(d, "first_win").update(measured={"wins": 3, "tries": 15,
                                                          "seed": 1000}),
     ("challenge first_win", "'measured' must give wins, tries, budget, seed")),
    ("a measure of no tries",
     lambda d: challenge(d, "first_win").update(
         measured={"wins": 0, "tries": 0, "budget": 60, "seed": 1000}),
     ("challenge first_win", "'tries' must be a whole number >= 1")),
    ("a chapter that opens before the one before it",
     lambda d: d["chapters"][2].update(unlock=0),
     (f"chapter {CAMPAIGN.chapters[2].id}", "its unlock must be at least")),
]


@pytest.mark.parametrize(("change", "expected"), [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_a_wrong_entry_names_the_file_the_challenge_and_the_problem(
        tmp_path: Path, change: Callable[[dict[str, Any]], None],
        expected: tuple[str, ...]) -> None:
    message = edited(tmp_path, change)
    assert message.startswith(f"{FILENAME}: ")
    for part in expected:
        assert part in message, message
