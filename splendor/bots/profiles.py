"""Bot profiles from `levels_data/bots.yaml`, validated like the game data."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from splendor.bots.value import Weights
from splendor.bots.value.leaf import FEATURES, Leaf, LeafModel
from splendor.engine.modules import module_ids
from splendor.gamedata import Checker, DataError, read_yaml
from splendor.resources import levels_data_dir

if TYPE_CHECKING:
    from splendor.bots.value.net import ValueNet

#: A leaf written so in bots.yaml is the learned value (`value_nets.yaml`) for its game.
NET = "net"

_WEIGHT_FIELDS = {f.name: f.type for f in dataclasses.fields(Weights)}


@dataclass(frozen=True, slots=True)
class HeuristicProfile:
    name: str
    label: str
    weights: Weights
    noise: float
    blunder: float
    #: Weights for a game with a Cities of Splendor module, by module name: `weights`
    #: with that module's changes (a module not named plays with `weights`).
    modules: tuple[tuple[str, Weights], ...] = ()
    #: `noise` and `blunder` for a game with a module, by module name, where they differ:
    #: each level is as strong against the same opponent in every game type.
    module_play: tuple[tuple[str, float, float], ...] = ()

    def weights_for(self, module: str | None) -> Weights:
        """The weights for a game with `module` (None: the base game)."""
        for name, weights in self.modules:
            if name == module:
                return weights
        return self.weights

    def play_for(self, module: str | None) -> tuple[float, float]:
        """`noise` and `blunder` in a game with `module` (None: the base game)."""
        for name, noise, blunder in self.module_play:
            if name == module:
                return noise, blunder
        return self.noise, self.blunder


@dataclass(frozen=True, slots=True)
class SearchProfile:
    name: str
    label: str
    rollout: str
    #: Thinking time per move in seconds; None when the level plays a fixed count.
    budget: float | None
    candidates: int
    #: Workers searching each decision at once (2: a second process, on a second core).
    workers: int = 1
    #: A fixed number of simulations per decision instead of a time budget: the same
    #: moves for a given seed and the same strength on every machine.
    simulations: int | None = None
    #: The second ply: another seat's first move in a simulation is searched among its
    #: `replies` best (0: played by the rollout profile).
    replies: int = 0
    #: The judged win chance at a rollout's end, by game ("base" or a module's name);
    #: a game not named: the logistic of the value gap (`splendor/bots/value/leaf.py`);
    #: `NET`: the learned value shipped for that game (`splendor/bots/value/net.py`).
    leaf: tuple[tuple[str, LeafModel | str], ...] = ()
    #: The games ("base" or a module's name) searched by sequential halving over paired
    #: worlds instead of UCB1 (`ExpertBot.halving`).
    halving: tuple[str, ...] = ()
    #: By game ("base" or a module's name): the searching seat's own next move in a
    #: simulation is searched among its so many best (a game not named: played by the
    #: rollout profile).
    follow: tuple[tuple[str, int], ...] = ()
    #: By game ("base" or a module's name): the turns a rollout plays before the position
    #: is judged (a game not named: `expert.ROLLOUT_TURNS`).
    turns: tuple[tuple[str, int], ...] = ()
    #: The games ("base" or a module's name) whose candidates, and the seat's own next
    #: move in a simulation, are a learned policy's best moves
    #: (`splendor/bots/value/policy.py`), each with the game whose policy it uses (its
    #: own, or another's that ranks its moves as well).
    policy: tuple[tuple[str, str], ...] = ()

    def policies(self) -> dict[str | None, ValueNet]:
        """The learned policies by module (None: the base game), as `ExpertBot` takes
        them (read from `levels_data/policy_nets.yaml` when first asked; a game not
        there: the rollout profile's order)."""
        if not self.policy:
            return {}
        from splendor.bots.value.policy import shipped_policy  # numpy: only when used
        return {_module(game): shipped_policy(net) for game, net in self.policy}

    def leaves(self) -> dict[str | None, Leaf]:
        """The leaf models by module (None: the base game), as `ExpertBot` takes them
        (a learned value read from `levels_data/value_nets.yaml` when first asked)."""
        out: dict[str | None, Leaf] = {}
        for game, model in self.leaf:
            if isinstance(model, str):
                from splendor.bots.value.net import shipped_net  # numpy: only when used
                out[_module(game)] = shipped_net(game)
            else:
                out[_module(game)] = model
        return out

    def follows(self) -> dict[str | None, int]:
        """The `follow` counts by module (None: the base game), as `ExpertBot` takes them."""
        return {_module(game): count for game, count in self.follow}

    def rollout_turns(self) -> dict[str | None, int]:
        """The `turns` by module (None: the base game), as `ExpertBot` takes them."""
        return {_module(game): count for game, count in self.turns}

    def halving_games(self) -> frozenset[str | None]:
        """The games searched by halving, as `ExpertBot` takes them (None: the base game)."""
        return frozenset(_module(game) for game in self.halving)


Profile = HeuristicProfile | SearchProfile


def _module(game: str) -> str | None:
    """A profile's game name as the module it names (None: the base game)."""
    return None if game == "base" else game


def _number(ck: Checker, entry: dict[str, Any], key: str, where: str, default: float) -> float:
    value = entry.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float) or value < 0:
        raise ck.fail(where, f"'{key}' must be a number >= 0, got {value!r}")
    return float(value)


def _play(ck: Checker, entry: dict[str, Any], where: str, noise: float,
          blunder: float) -> tuple[float, float]:
    """A level's `noise` and `blunder` in `entry` (the given ones where it names none)."""
    noise = _number(ck, entry, "noise", where, noise)
    blunder = _number(ck, entry, "blunder", where, blunder)
    if blunder > 1:
        raise ck.fail(where, "'blunder' is a probability: at most 1")
    return noise, blunder


def _weights(ck: Checker, raw: object, where: str) -> dict[str, Any]:
    """Weight values by name from a mapping; each must be a known weight and a number."""
    values: dict[str, Any] = {}
    for key, value in ck.mapping(raw, where).items():
        if key not in _WEIGHT_FIELDS:
            raise ck.fail(where, f"unknown weight {key!r}")
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ck.fail(where, f"'{key}' must be a number")
        values[key] = int(value) if key == "prospect_cards" else float(value)
    return values


def _search_budget(ck: Checker, entry: dict[str, Any],
                   where: str) -> tuple[float | None, int | None]:
    """A search bot's time budget or fixed simulation count (one of the two; neither:
    1 s a move)."""
    if "simulations" not in entry:
        return _number(ck, entry, "budget", where, 1.0), None
    if "budget" in entry:
        raise ck.fail(where, "give 'budget' (seconds a move) or 'simulations' (a fixed "
                      "count a move), not both")
    simulations = entry["simulations"]
    if isinstance(simulations, bool) or not isinstance(simulations, int) or simulations < 1:
        raise ck.fail(where, f"'simulations' must be a whole number >= 1, got {simulations!r}")
    return None, simulations


def _game(ck: Checker, game: object, where: str) -> str:
    """A game's name in a profile: "base" or a module's name."""
    if game != "base" and game not in module_ids():
        raise ck.fail(where, f"unknown game {game!r} (base or a module: "
                      f"{', '.join(module_ids())})")
    return str(game)


def _games(ck: Checker, raw: object, where: str) -> tuple[str, ...]:
    """A list of game names ("base" or a module's name)."""
    if not isinstance(raw, list):
        raise ck.fail(where, f"a list of games (base or a module: {', '.join(module_ids())}), "
                      f"got {raw!r}")
    return tuple(_game(ck, game, where) for game in raw)


def _policy(ck: Checker, raw: object, where: str) -> tuple[tuple[str, str], ...]:
    """The games a policy ranks the moves of, each with the game whose policy it uses:
    a list of games (each its own) or a mapping of games to games."""
    if isinstance(raw, list):
        return tuple((game, game) for game in _games(ck, raw, where))
    if not isinstance(raw, dict):
        raise ck.fail(where, f"a list of games, or a mapping of games to the game whose "
                      f"policy each uses, got {raw!r}")
    return tuple((_game(ck, game, where), _game(ck, net, f"{where}, {game}"))
                 for game, net in raw.items())


def _counts(ck: Checker, raw: object, where: str) -> tuple[tuple[str, int], ...]:
    """Whole numbers >= 0 by game ("base" or a module's name)."""
    counts = ck.mapping(raw, where)
    return tuple((_game(ck, game, where), ck.int_field(counts, game, where)) for game in counts)


def _leaf(ck: Checker, raw: object, where: str) -> tuple[tuple[str, LeafModel | str], ...]:
    """Leaf models by game ("base" or a module's name), each a mapping of feature weights
    or `NET` (the learned value shipped for that game)."""
    out: list[tuple[str, LeafModel | str]] = []
    for game, features in ck.mapping(raw, where).items():
        game = _game(ck, game, where)
        if features == NET:
            out.append((game, NET))
            continue
        named = {}
        for key, value in ck.mapping(features, f"{where}, {game}").items():
            if key not in FEATURES:
                raise ck.fail(f"{where}, {game}", f"unknown feature {key!r} (the features: "
                              f"{', '.join(FEATURES)})")
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ck.fail(f"{where}, {game}", f"'{key}' must be a number")
            named[key] = float(value)
        out.append((game, LeafModel.of(named)))
    return tuple(out)


def parse_profiles(doc: object, filename: str = "bots.yaml") -> dict[str, Profile]:
    """Profiles by name; raise DataError naming the file, the bot and the problem."""
    ck = Checker(filename)
    top = ck.mapping(doc, "")
    ck.version(top)
    bots = ck.mapping(ck.field(top, "bots", ""), "bots")
    profiles: dict[str, Profile] = {}
    for name, raw in bots.items():
        where = f"bot {name}"
        entry = dict(ck.mapping(raw, where))
        label = entry.get("label", str(name).capitalize())
        kind = ck.field(entry, "kind", where)
        if kind == "heuristic":
            ck.known_fields(entry, {"label", "kind", "noise", "blunder", "weights", "modules"},
                            where)
            values = _weights(ck, entry.get("weights", {}), f"{where}, weights")
            noise, blunder = _play(ck, entry, where, 0.0, 0.0)
            modules, module_play = [], []
            for module, raw_module in ck.mapping(entry.get("modules", {}),
                                                 f"{where}, modules").items():
                if module not in module_ids():
                    raise ck.fail(f"{where}, modules", f"unknown module {module!r} "
                                  f"(the modules: {', '.join(module_ids())})")
                inside = f"{where}, modules, {module}"
                changes = dict(ck.mapping(raw_module, inside))
                if "noise" in changes or "blunder" in changes:
                    module_play.append((str(module), *_play(ck, changes, inside, noise, blunder)))
                changes.pop("noise", None)
                changes.pop("blunder", None)
                changes = _weights(ck, changes, inside)
                modules.append((str(module), Weights(**{**values, **changes})))
            profiles[name] = HeuristicProfile(
                name, label, Weights(**values), noise, blunder, tuple(modules),
                tuple(module_play),
            )
        elif kind == "search":
            ck.known_fields(entry, {"label", "kind", "rollout", "budget", "simulations",
                                    "candidates", "workers", "replies", "leaf", "halving",
                                    "follow", "turns", "policy"},
                            where)
            budget, simulations = _search_budget(ck, entry, where)
            candidates = ck.int_field(entry, "candidates", where, low=1)
            rollout = ck.field(entry, "rollout", where)
            workers = ck.int_field(entry, "workers", where, low=1) if "workers" in entry else 1
            if workers > 2:
                raise ck.fail(where, f"'workers' is 1 or 2, got {workers}")
            replies = ck.int_field(entry, "replies", where, low=0) if "replies" in entry else 0
            halving = _games(ck, entry.get("halving", []), f"{where}, halving")
            follow = _counts(ck, entry.get("follow", {}), f"{where}, follow")
            turns = _counts(ck, entry.get("turns", {}), f"{where}, turns")
            if any(count < 1 for _, count in turns):
                raise ck.fail(f"{where}, turns", "a rollout plays at least 1 turn")
            policy = _policy(ck, entry.get("policy", []), f"{where}, policy")
            profiles[name] = SearchProfile(name, label, str(rollout), budget, candidates,
                                           workers, simulations, replies,
                                           _leaf(ck, entry.get("leaf", {}), f"{where}, leaf"),
                                           halving, follow, turns, policy)
        else:
            raise ck.fail(where, f"unknown kind {kind!r} (heuristic or search)")
    for profile in profiles.values():
        if isinstance(profile, SearchProfile):
            rollout = profiles.get(profile.rollout)
            if not isinstance(rollout, HeuristicProfile):
                raise ck.fail(f"bot {profile.name}", f"rollout {profile.rollout!r} is not a "
                              "heuristic bot of this file")
    return profiles


def load_profiles(folder: Path | None = None) -> dict[str, Profile]:
    """Read bots.yaml from `folder` (default: levels_data/)."""
    folder = folder or levels_data_dir()
    return parse_profiles(read_yaml(folder / "bots.yaml"))


@functools.cache
def shipped_profiles() -> dict[str, Profile]:
    """The shipped profiles, loaded once."""
    return load_profiles()


__all__ = ["DataError", "HeuristicProfile", "Profile", "SearchProfile", "load_profiles"]
