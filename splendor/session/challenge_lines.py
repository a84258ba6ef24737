"""A challenge's goal, constraints, stars and failures as lines: a catalog key and its
parameters (`Line`), generated from the data, said in the player's language by `words`.

The keys are `challenges.line.*` and `challenges.failed.*` in
assets/i18n/<lang>/challenges.yaml; a parameter `opponents` holds bot level ids joined
by commas, said as the levels' names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from splendor.i18n import tr
from splendor.session.challenge_data import Challenge


@dataclass(frozen=True)
class Line:
    """One sentence to say: `key` in the catalogs, with `count` (plural) and `params`."""

    key: str
    count: int | None = None
    params: Mapping[str, str | int] = field(default_factory=dict)


def words(line: Line) -> str:
    """The line in the language in use."""
    params = dict(line.params)
    if "opponents" in params:
        levels = str(params["opponents"]).split(",")
        params["opponents"] = ", ".join(tr(f"bots.level.{lv}.name") for lv in levels)
    if "needs" in params:
        parts = [part.split("=") for part in str(params["needs"]).split(",") if part]
        params["needs"] = ", ".join(_need(c, int(n)) for c, n in parts)
    if "feat" in params:
        params["feat"] = words(Line(str(params["feat"]), line.count, {
            k: v for k, v in line.params.items() if k in ("needs", "points")}))
    return tr(line.key, line.count, **params)


def _need(colour: str, count: int) -> str:
    """'3 white'; or, for a city's bonuses all of one colour, '5 of one colour' ('one')
    or '4 of another colour' ('other', beside colours named)."""
    if colour in ("one", "other"):
        return tr(f"challenges.line.{colour}_colour", count)
    return f"{count} {tr(f'common.color.{colour}')}"


def goal_lines(challenge: Challenge) -> tuple[Line, ...]:
    """What the player must do: the goal against the opponents, the round limit, the feat."""
    opponents = {"opponents": ",".join(challenge.opponents)}
    lines = [Line("challenges.line.win", len(challenge.opponents), opponents)
             if challenge.goal == "win"
             else Line("challenges.line.points", challenge.points, opponents)]
    if challenge.by_round is not None:
        lines.append(Line("challenges.line.by_round", challenge.by_round))
    if challenge.feat is not None:
        lines.append(feat_line(challenge))
    return tuple(lines)


def feat_line(challenge: Challenge) -> Line:
    """The feat's line ('End the game with at most 9 cards')."""
    assert challenge.feat is not None
    kind, value = challenge.feat
    key = f"challenges.line.feat_{kind}"
    if kind == "noble":
        return Line(key, params={"needs": challenge.feat_needs})
    if kind == "city":
        return Line(key, challenge.feat_points, {"needs": challenge.feat_needs})
    return Line(key, int(value))


def constraint_lines(challenge: Challenge) -> tuple[Line, ...]:
    """How the player is held back: the restrictions, and a set position's start."""
    rules = challenge.restrictions
    lines = []
    if challenge.position is not None:
        lines.append(Line("challenges.line.position"))
    if rules.no_reserve:
        lines.append(Line("challenges.line.no_reserve"))
    if rules.no_take_two:
        lines.append(Line("challenges.line.no_take_two"))
    if rules.no_gold:
        lines.append(Line("challenges.line.no_gold"))
    if rules.levels is not None:
        lines.append(Line("challenges.line.levels",
                          params={"levels": ", ".join(map(str, rules.levels))}))
    return tuple(lines)


def star_lines(challenge: Challenge) -> tuple[Line, ...]:
    """What two and three stars ask (one star: the goal met)."""
    stars = challenge.stars
    return (Line(f"challenges.line.stars_{stars.measure}", stars.two, {"stars": 2}),
            Line(f"challenges.line.stars_{stars.measure}", stars.three, {"stars": 3}))
