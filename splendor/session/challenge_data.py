"""The challenges (`levels_data/challenges.yaml`), read and checked.

A challenge is a game against bots with a goal: the player (seat 0) must win, or reach
some points, maybe by a round, maybe from a set position, maybe under restrictions the
engine enforces as legality (`engine/restrictions.py`), maybe with a feat at the end
(a given noble, a city, trading posts, few cards, Orient cards, conquests). Its stars
(one to three) come from thresholds on a measure of the result (the round it ended, the
cards bought, the points, the margin over the best opponent). Its difficulty is how
often the expert won it, as measured (`measured`, `session/challenge_difficulty.py`).
Chapters group the challenges and open once the player holds enough stars.

Loading builds every challenge's start once (a deal or a position), so a wrong entry is a
`DataError` naming the file, the challenge and the problem, like every data file.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from splendor.bots import BOT_NAMES
from splendor.engine import GameData, Phase, PositionError
from splendor.engine.modules import module_ids
from splendor.engine.restrictions import Restrictions, restrictions_from_json
from splendor.gamedata import GEM_NAMES, SUPPORTED_VERSION, Checker, read_yaml
from splendor.resources import levels_data_dir
from splendor.session.challenge_difficulty import Measured, measured_from_json
from splendor.session.challenge_start import PLAYER, build_start
from splendor.session.tutorial_data import POSITION_FIELDS

FILENAME = "challenges.yaml"
#: The goals: win the game, or reach a number of points.
GOALS = ("win", "points")
#: The feats a challenge may ask at the end, and what each one's value is.
FEATS = {
    "noble": "a noble id the player must hold",
    "nobles": "how many nobles the player must hold at least",
    "city": "a city id the player must hold (the Cities)",
    "posts": "how many trading posts the player must claim at least (Trading Posts)",
    "max_cards": "how many cards the player may have bought at most",
    "orient_cards": "how many Orient cards the player must have bought at least (the Orient)",
    "conquests": "how many cards the player must conquer at least (Strongholds)",
}
#: The module a feat needs (None: any game).
FEAT_MODULES = {"city": "cities", "posts": "trading-posts", "orient_cards": "orient",
                "conquests": "strongholds"}
#: What stars measure, and whether less is better.
MEASURES = {"round": True, "cards": True, "points": False, "margin": False}
CHALLENGE_FIELDS = {"id", "opponents", "module", "seed", "first", "position", "goal",
                    "by_round", "restrictions", "feat", "stars", "measured"}
CHAPTER_FIELDS = {"id", "module", "unlock", "challenges"}
#: A fresh deal at every start (instead of a seed).
FRESH = "fresh"
_ID = re.compile(r"^[a-z][a-z0-9_]*$")


@dataclass(frozen=True)
class Stars:
    """Two stars when `measure` is at `two` or better, three at `three` or better (one
    star for meeting the goal at all)."""

    measure: str
    two: int
    three: int

    def count(self, value: int) -> int:
        """The stars a result of `value` earns (the goal being met)."""
        def reached(threshold: int) -> bool:
            return value <= threshold if MEASURES[self.measure] else value >= threshold

        return 3 if reached(self.three) else 2 if reached(self.two) else 1


@dataclass(frozen=True)
class Challenge:
    id: str
    chapter: str
    #: The bot levels in seats 1, 2, ... (the player is seat 0).
    opponents: tuple[str, ...]
    module: str | None
    #: The deal's seed (the same game every try), or None: a fresh deal each time.
    seed: int | None
    #: The seat that starts a dealt game.
    first: int
    #: A set position (build_position's fields; the player to move), or None: a deal.
    position: Mapping[str, Any] | None
    goal: str
    #: The points to reach (goal 'points'), else 0.
    points: int
    #: The last round in which the goal may be met (None: no limit).
    by_round: int | None
    restrictions: Restrictions
    #: The feat asked at the end, as (kind, value), or None.
    feat: tuple[str, str | int] | None
    stars: Stars
    #: A noble's or city's requirements for its feat's words: 'white=3,blue=3' (bonuses),
    #: and a city's prestige.
    feat_needs: str = ""
    feat_points: int = 0
    #: How often the expert won it, its difficulty (None: not measured yet).
    measured: Measured | None = None

    @property
    def players(self) -> int:
        return 1 + len(self.opponents)

    @property
    def key(self) -> str:
        """Where its words are: '<key>.title' and '<key>.story' in the catalogs."""
        return f"challenges.challenge.{self.id}"


@dataclass(frozen=True)
class Chapter:
    id: str
    module: str | None
    #: The stars needed to open it.
    unlock: int
    challenges: tuple[Challenge, ...]

    @property
    def key(self) -> str:
        return f"challenges.chapter.{self.id}"


@dataclass(frozen=True)
class Campaign:
    chapters: tuple[Chapter, ...]

    @property
    def challenges(self) -> tuple[Challenge, ...]:
        return tuple(c for chapter in self.chapters for c in chapter.challenges)

    def find(self, challenge_id: str) -> Challenge | None:
        return next((c for c in self.challenges if c.id == challenge_id), None)


# ------------------------------------------------------------------ reading


def load_campaign(data: GameData, folder: Path | None = None) -> Campaign:
    """The challenges of `folder` (by default the shipped levels_data), checked."""
    path = (folder or levels_data_dir()) / FILENAME
    return parse_campaign(read_yaml(path), data)


def parse_campaign(doc: object, data: GameData, filename: str = FILENAME) -> Campaign:
    """The campaign from the parsed file, each start built once; DataError naming the
    file, the challenge and the problem."""
    ck = Checker(filename)
    top = ck.mapping(doc, "")
    if top.get("version") != SUPPORTED_VERSION:
        raise ck.fail("version", f"expected {SUPPORTED_VERSION}, got {top.get('version')!r}")
    ck.known_fields(top, {"version", "chapters"}, "")
    chapters: list[Chapter] = []
    seen_chapters: set[Any] = set()
    seen: set[Any] = set()
    for n, raw in enumerate(ck.entries(top, "chapters"), 1):
        entry = ck.mapping(raw, f"chapter {n}")
        chapter_id = _id(ck, entry, f"chapter {n}", seen_chapters)
        where = f"chapter {chapter_id}"
        ck.known_fields(entry, CHAPTER_FIELDS, where)
        module = _module(ck, entry.get("module"), where)
        unlock = ck.int_field(entry, "unlock", where) if "unlock" in entry else 0
        challenges = []
        for raw_challenge in ck.entries(entry, "challenges") if "challenges" in entry else []:
            item = ck.mapping(raw_challenge, where)
            challenge_id = _id(ck, item, f"{where}: challenge", seen)
            challenges.append(_challenge(ck, item, f"challenge {challenge_id}", chapter_id,
                                         module, data))
        if not challenges:
            raise ck.fail(where, "a chapter holds at least one challenge")
        chapters.append(Chapter(chapter_id, module, unlock, tuple(challenges)))
    if not chapters:
        raise ck.fail("chapters", "there must be at least one chapter")
    if chapters[0].unlock:
        raise ck.fail(f"chapter {chapters[0].id}", "the first chapter must be open (unlock 0)")
    for before, after in itertools.pairwise(chapters):
        if after.unlock < before.unlock:
            raise ck.fail(f"chapter {after.id}", "chapters open in order: its unlock must "
                          f"be at least {before.unlock}")
    total = 3 * sum(len(c.challenges) for c in chapters[:-1])
    if chapters[-1].unlock > total:
        raise ck.fail(f"chapter {chapters[-1].id}",
                      f"unlock {chapters[-1].unlock} is more stars than the chapters "
                      f"before it give ({total})")
    return Campaign(tuple(chapters))


def _id(ck: Checker, entry: Mapping[str, Any], where: str, seen: set[Any]) -> str:
    value = ck.entry_id(entry, where, seen)
    if not _ID.match(value):
        raise ck.fail(f"{where} ({value})",
                      "'id' must be lower-case letters, digits and '_' (it names its words)")
    return value


def _module(ck: Checker, value: object, where: str) -> str | None:
    if value is None:
        return None
    if value not in module_ids():
        raise ck.fail(where, f"no module {value!r} (known: {', '.join(module_ids())})")
    return str(value)


def _challenge(ck: Checker, entry: Mapping[str, Any], where: str, chapter: str,
               chapter_module: str | None, data: GameData) -> Challenge:
    ck.known_fields(entry, CHALLENGE_FIELDS, where)
    module = _module(ck, entry.get("module", chapter_module), where)
    opponents = entry.get("opponents")
    if not isinstance(opponents, list) or not 1 <= len(opponents) <= 3 or any(
            o not in BOT_NAMES for o in opponents):
        raise ck.fail(where, f"'opponents' must list 1 to 3 bot levels among "
                      f"{', '.join(BOT_NAMES)}, got {opponents!r}")
    seed, position = _start(ck, entry, where)
    first = entry.get("first", PLAYER)
    if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first <= len(opponents):
        raise ck.fail(where, f"'first' must be a seat from 0 to {len(opponents)}, got {first!r}")
    if position is not None and "first" in entry:
        raise ck.fail(where, "'first' is for a deal: in a position the player is to move")
    goal, points = _goal(ck, entry.get("goal"), where)
    by_round = entry.get("by_round")
    if by_round is not None and (isinstance(by_round, bool) or not isinstance(by_round, int)
                                 or by_round < 1):
        raise ck.fail(where, f"'by_round' must be a round number >= 1, got {by_round!r}")
    try:
        restrictions = restrictions_from_json(entry.get("restrictions", {}), data.levels,
                                              "restrictions")
    except ValueError as exc:
        raise ck.fail(where, str(exc)) from None
    feat = _feat(ck, entry.get("feat"), where, module, data)
    measured = None
    if "measured" in entry:
        try:
            measured = measured_from_json(entry["measured"])
        except ValueError as exc:
            raise ck.fail(where, str(exc)) from None
    challenge = Challenge(
        id=str(entry["id"]), chapter=chapter, opponents=tuple(opponents), module=module,
        seed=seed, first=first, position=position, goal=goal, points=points,
        by_round=by_round, restrictions=restrictions,
        feat=feat, stars=_stars(ck, entry.get("stars"), where), measured=measured,
        **_feat_piece(feat, data))
    _check_start(ck, challenge, where, data)
    return challenge


def _start(ck: Checker, entry: Mapping[str, Any],
           where: str) -> tuple[int | None, Mapping[str, Any] | None]:
    seed = entry.get("seed")
    position = entry.get("position")
    if (seed is None) == (position is None):
        raise ck.fail(where, "give either 'seed' (a deal: a number, or 'fresh') or "
                      "'position' (a set position)")
    if position is not None:
        spec = ck.mapping(position, f"{where}: position")
        ck.known_fields(spec, POSITION_FIELDS, f"{where}: position")
        return None, spec
    if seed == FRESH:
        return None, None
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ck.fail(where, f"'seed' must be a whole number >= 0 or 'fresh', got {seed!r}")
    return seed, None


def _goal(ck: Checker, value: object, where: str) -> tuple[str, int]:
    if value == "win":
        return "win", 0
    if isinstance(value, dict) and set(value) == {"points"}:
        points = value["points"]
        if not isinstance(points, bool) and isinstance(points, int) and 1 <= points <= 30:
            return "points", points
    raise ck.fail(where, f"'goal' must be 'win' or {{points: N}} (1 to 30), got {value!r}")


def _feat(ck: Checker, value: object, where: str, module: str | None,
          data: GameData) -> tuple[str, str | int] | None:
    if value is None:
        return None
    if not isinstance(value, dict) or len(value) != 1 or next(iter(value)) not in FEATS:
        raise ck.fail(where, f"'feat' must be one of {', '.join(FEATS)} with its value, "
                      f"got {value!r}")
    kind, arg = next(iter(value.items()))
    needs = FEAT_MODULES.get(kind)
    if needs is not None and module != needs:
        raise ck.fail(where, f"feat {kind}: only in a game with {needs}")
    if kind == "noble" and arg not in data.noble_by_id:
        raise ck.fail(where, f"feat noble: no noble {arg!r}")
    if kind == "city" and arg not in data.city_by_id:
        raise ck.fail(where, f"feat city: no city {arg!r}")
    if kind not in ("noble", "city") and (isinstance(arg, bool) or not isinstance(arg, int)
                                          or arg < (0 if kind == "max_cards" else 1)):
        raise ck.fail(where, f"feat {kind}: {FEATS[kind]}, got {arg!r}")
    return kind, arg


def _feat_piece(feat: tuple[str, str | int] | None, data: GameData) -> dict[str, Any]:
    """The requirements of a feat's noble or city, for its words: 'white=3,blue=4', and
    a city's bonuses all of one colour as 'one=5' (or 'other=4', beside named colours)."""
    if feat is None or feat[0] not in ("noble", "city"):
        return {}
    if feat[0] == "noble":
        noble = data.noble_by_id[str(feat[1])]
        return {"feat_needs": _needs(noble.requires), "feat_points": 0}
    city = data.city_by_id[str(feat[1])]
    needs = _needs(city.requires)
    if city.any_single:
        single = f"{'other' if needs else 'one'}={city.any_single}"
        needs = f"{needs},{single}" if needs else single
    return {"feat_needs": needs, "feat_points": city.points}


def _needs(requires: tuple[int, ...]) -> str:
    return ",".join(f"{GEM_NAMES[c]}={n}" for c, n in enumerate(requires) if n)


def _stars(ck: Checker, value: object, where: str) -> Stars:
    if not isinstance(value, dict) or set(value) != {"by", "two", "three"}:
        raise ck.fail(where, "'stars' must give 'by' (one of "
                      f"{', '.join(MEASURES)}), 'two' and 'three', got {value!r}")
    measure, two, three = value["by"], value["two"], value["three"]
    if measure not in MEASURES:
        raise ck.fail(where, f"stars: no measure {measure!r} (one of {', '.join(MEASURES)})")
    if any(isinstance(v, bool) or not isinstance(v, int) for v in (two, three)):
        raise ck.fail(where, "stars: 'two' and 'three' must be whole numbers")
    less = MEASURES[measure]
    if (three > two) if less else (three < two):
        raise ck.fail(where, f"stars: three stars must ask {'less' if less else 'more'} "
                      f"{measure} than two ({three} vs {two})")
    return Stars(measure, two, three)


def _check_start(ck: Checker, challenge: Challenge, where: str, data: GameData) -> None:
    """Build the challenge's start once: a position that is wrong, or that does not leave
    the player to move, is the file's error."""
    try:
        state = build_start(data, challenge, challenge.seed or 0)
    except (PositionError, ValueError) as exc:
        raise ck.fail(f"{where}: position" if challenge.position is not None else where,
                      str(exc)) from None
    if challenge.position is not None and (
            state.is_over() or state.current != PLAYER or state.phase is not Phase.MAIN):
        raise ck.fail(f"{where}: position", "the player (seat 0) must be to move")
    if challenge.feat is not None and challenge.feat[0] in ("noble", "city"):
        kind, piece = challenge.feat
        if challenge.seed is None and challenge.position is None:
            raise ck.fail(where, f"feat {kind}: needs a fixed deal (a seed or a position), "
                          "so that the piece is on the table")
        if kind == "noble":
            dealt = {n.id for n in state.nobles} | {n.id for p in state.players
                                                    for n in p.nobles}
        else:
            dealt = {c.id for c in getattr(state, "cities", ())} | {
                c.id for p in state.players if (c := getattr(p, "city", None)) is not None}
        if piece not in dealt:
            raise ck.fail(where, f"feat {kind}: {piece} is not dealt in this game "
                          f"(dealt: {', '.join(sorted(dealt))})")
    if challenge.by_round is not None and challenge.by_round < state.round:
        raise ck.fail(where, f"'by_round' {challenge.by_round} is before the start "
                      f"(round {state.round})")

