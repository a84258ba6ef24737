"""Saba's bot levels from `levels_data/saba/bots.yaml`, checked on load: a wrong entry
is refused naming the file, the level and the problem."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from splendor.gamedata import Checker, DataError, read_yaml
from splendor.resources import levels_data_dir
from splendor.saba.bots.value import Weights

FILE = Path("saba") / "bots.yaml"
_WEIGHTS = tuple(f.name for f in dataclasses.fields(Weights))
#: How far a search level plays each candidate on before judging: to the end of its own
#: turn, or of the round (every other player's next turn too).
HORIZONS = ("turn", "round")


@dataclass(frozen=True, slots=True)
class GreedyProfile:
    """A one-step look-ahead level (policy.py)."""

    name: str
    label: str
    weights: Weights
    #: Judge the free actions that complete a purchase with it (plans.py).
    plans: bool = False
    #: Gaussian noise on each action's worth (in material units).
    noise: float = 0.0
    #: The chance to play a random legal action instead.
    blunder: float = 0.0


@dataclass(frozen=True, slots=True)
class SearchProfile:
    """A level that plays its best candidates on in sampled worlds (search.py)."""

    name: str
    label: str
    #: The greedy level ranking the candidates and playing the worlds on.
    rollout: str
    candidates: int
    worlds: int
    horizon: str


Profile = GreedyProfile | SearchProfile


def _number(
    ck: Checker, entry: Any, key: str, where: str, default: float, high: float | None
) -> float:
    value = entry.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise ck.fail(where, f"'{key}' must be a number >= 0, got {value!r}")
    if high is not None and value > high:
        raise ck.fail(where, f"'{key}' must be at most {high:g}, got {value!r}")
    return float(value)


def _weights(ck: Checker, raw: object, where: str) -> Weights:
    values = {}
    for key, value in ck.mapping(raw, where).items():
        if key not in _WEIGHTS:
            raise ck.fail(where, f"unknown weight {key!r} (the weights: {', '.join(_WEIGHTS)})")
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ck.fail(where, f"'{key}' must be a number, got {value!r}")
        values[str(key)] = float(value)
    return Weights(**values)


def _greedy(ck: Checker, name: str, label: str, entry: Any, where: str) -> GreedyProfile:
    ck.known_fields(entry, {"label", "kind", "weights", "plans", "noise", "blunder"}, where)
    plans = entry.get("plans", False)
    if not isinstance(plans, bool):
        raise ck.fail(where, f"'plans' must be true or false, got {plans!r}")
    return GreedyProfile(
        name,
        label,
        _weights(ck, entry.get("weights", {}), f"{where}, weights"),
        plans,
        _number(ck, entry, "noise", where, 0.0, None),
        _number(ck, entry, "blunder", where, 0.0, 1.0),
    )


def _search(ck: Checker, name: str, label: str, entry: Any, where: str) -> SearchProfile:
    ck.known_fields(entry, {"label", "kind", "rollout", "candidates", "worlds", "horizon"}, where)
    horizon = entry.get("horizon", "turn")
    if horizon not in HORIZONS:
        raise ck.fail(where, f"'horizon' is one of {', '.join(HORIZONS)}, got {horizon!r}")
    return SearchProfile(
        name,
        label,
        str(ck.field(entry, "rollout", where)),
        ck.int_field(entry, "candidates", where, low=2),
        ck.int_field(entry, "worlds", where, low=1),
        horizon,
    )


def parse_profiles(doc: object, filename: str = str(FILE)) -> dict[str, Profile]:
    """The levels by name, in the file's order; DataError naming the file, the level and
    the problem."""
    ck = Checker(filename)
    top = ck.mapping(doc, "")
    ck.version(top)
    ck.known_fields(top, {"version", "bots"}, "")
    profiles: dict[str, Profile] = {}
    for name, raw in ck.mapping(ck.field(top, "bots", ""), "bots").items():
        where = f"bot {name}"
        entry = ck.mapping(raw, where)
        if name == "random":
            raise ck.fail(where, "'random' is built in (a uniform choice): name levels else")
        label = entry.get("label", str(name).capitalize())
        kind = ck.field(entry, "kind", where)
        if kind == "greedy":
            profiles[name] = _greedy(ck, name, label, entry, where)
        elif kind == "search":
            profiles[name] = _search(ck, name, label, entry, where)
        else:
            raise ck.fail(where, f"unknown kind {kind!r} (greedy or search)")
    for profile in profiles.values():
        if isinstance(profile, SearchProfile) and not isinstance(
            profiles.get(profile.rollout), GreedyProfile
        ):
            raise ck.fail(
                f"bot {profile.name}",
                f"rollout {profile.rollout!r} is not a greedy level of this file",
            )
    return profiles


def load_profiles(path: Path | None = None) -> dict[str, Profile]:
    """Read the levels (default: the shipped levels_data/saba/bots.yaml)."""
    path = path or levels_data_dir() / FILE
    return parse_profiles(read_yaml(path), str(FILE) if path.name == FILE.name else path.name)


@functools.cache
def shipped_profiles() -> dict[str, Profile]:
    """The shipped levels, loaded once."""
    return load_profiles()


__all__ = ["DataError", "GreedyProfile", "Profile", "SearchProfile", "load_profiles"]
